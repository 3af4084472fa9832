//! Answers that many may ask for and that cost the store work (the games
//! in play, the site's statistics): computed at most once per a short
//! while, and shared by everyone who asks meanwhile.

use std::time::{Duration, Instant};

use tokio::sync::Mutex;

/// One answer, kept for `fresh`.
#[derive(Debug)]
pub(crate) struct Cached<T> {
    fresh: Duration,
    kept: Mutex<Option<(Instant, T)>>,
}

impl<T: Clone> Cached<T> {
    pub fn new(fresh: Duration) -> Cached<T> {
        Cached {
            fresh,
            kept: Mutex::new(None),
        }
    }

    /// The kept answer while fresh; otherwise `compute`'s, kept when it
    /// succeeds. Those who ask while it is computed wait for it.
    pub async fn get<E>(
        &self,
        compute: impl std::future::Future<Output = Result<T, E>>,
    ) -> Result<T, E> {
        let mut kept = self.kept.lock().await;
        if let Some((at, value)) = kept.as_ref() {
            if at.elapsed() < self.fresh {
                return Ok(value.clone());
            }
        }
        let value = compute.await?;
        *kept = Some((Instant::now(), value.clone()));
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_answer_is_computed_once_while_fresh() {
        let cached = Cached::new(Duration::from_secs(60));
        let first: Result<_, ()> = cached.get(async { Ok(serde_json::json!(1)) }).await;
        let second: Result<_, ()> = cached.get(async { Ok(serde_json::json!(2)) }).await;
        assert_eq!(
            (first, second),
            (Ok(serde_json::json!(1)), Ok(serde_json::json!(1)))
        );
        let stale = Cached::new(Duration::ZERO);
        let _: Result<_, ()> = stale.get(async { Ok(serde_json::json!(1)) }).await;
        let again: Result<_, ()> = stale.get(async { Ok(serde_json::json!(2)) }).await;
        assert_eq!(again, Ok(serde_json::json!(2)));
        let failed: Result<serde_json::Value, &str> = stale.get(async { Err("no") }).await;
        assert_eq!(failed, Err("no"));
    }
}
