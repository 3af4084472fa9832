//! The server's time: the system's, or one a test sets and moves forward
//! itself, so that clocks, deadlines and expiries are tested without
//! sleeping. Every time the server reasons about comes from here.

use std::sync::Arc;

use tokio::sync::watch;

/// Where the time comes from (cheap to clone: clones share it).
#[derive(Clone, Debug)]
pub struct Time(Arc<Source>);

#[derive(Debug)]
enum Source {
    System,
    /// Milliseconds since the Unix epoch, as the test last set them.
    Manual(watch::Sender<u64>),
}

impl Default for Time {
    fn default() -> Time {
        Time::system()
    }
}

impl Time {
    /// The system's clock.
    pub fn system() -> Time {
        Time(Arc::new(Source::System))
    }

    /// A clock that stands at `start_ms` until [`Time::advance`] moves it.
    pub fn manual(start_ms: u64) -> Time {
        Time(Arc::new(Source::Manual(watch::Sender::new(start_ms))))
    }

    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        match &*self.0 {
            Source::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
            Source::Manual(now) => *now.borrow(),
        }
    }

    /// Seconds since the Unix epoch.
    pub fn now(&self) -> i64 {
        (self.now_ms() / 1000) as i64
    }

    /// Moves a manual clock forward by `ms` (the system's cannot be moved:
    /// nothing happens).
    pub fn advance(&self, ms: u64) {
        if let Source::Manual(now) = &*self.0 {
            now.send_modify(|now| *now += ms);
        }
    }

    /// Waits until the time is `at_ms` or later.
    pub async fn until(&self, at_ms: u64) {
        match &*self.0 {
            Source::System => {
                let wait = at_ms.saturating_sub(self.now_ms());
                tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            }
            Source::Manual(now) => {
                let mut seen = now.subscribe();
                // The sender lives as long as `self`.
                let _ = seen.wait_for(|now| *now >= at_ms).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_moves_only_when_told_and_wakes_its_waiters() {
        let time = Time::manual(1_000);
        assert_eq!((time.now_ms(), time.now()), (1_000, 1));
        let waiter = tokio::spawn({
            let time = time.clone();
            async move { time.until(3_500).await }
        });
        tokio::task::yield_now().await;
        time.advance(2_000);
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished(), "3000 is before 3500");
        time.advance(500);
        tokio::time::timeout(std::time::Duration::from_secs(5), waiter)
            .await
            .expect("woken")
            .expect("ran");
        assert_eq!(time.now_ms(), 3_500);
    }

    #[tokio::test]
    async fn the_system_clock_is_now() {
        let time = Time::system();
        let before = time.now_ms();
        assert!(before > 1_700_000_000_000);
        time.advance(1_000_000);
        assert!(time.now_ms() < before + 1_000_000);
        time.until(before).await;
    }
}
