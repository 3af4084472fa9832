//! A game socket's lag, as the server measures it: the socket sends a
//! websocket ping now and then, the browser answers with a pong on its own,
//! and half the round trip is the lag. A move's clock is given back only
//! this, never what the client says of itself (the game's lag quota bounds
//! it further: `online_play::Clock::lag_granted`).

use std::time::{Duration, Instant};

/// How often the server pings a game socket.
pub const PING_EVERY: Duration = Duration::from_secs(2);

/// Round trips longer than this are a stalled page, not lag: they are left
/// out of the estimate.
const LONGEST_ROUND_TRIP: Duration = Duration::from_secs(5);

/// The lag of one connection.
#[derive(Debug, Default)]
pub struct LagMeter {
    /// The payload of the ping waiting for its pong, and when it left.
    waiting: Option<(u64, Instant)>,
    next: u64,
    /// Half the round trip, smoothed over the last few, in ms.
    estimate: Option<f64>,
}

impl LagMeter {
    /// A ping's payload to send at `now`; a ping still unanswered is given
    /// up (its pong, if it comes, counts for nothing).
    pub fn ping(&mut self, now: Instant) -> Vec<u8> {
        self.next = self.next.wrapping_add(1);
        self.waiting = Some((self.next, now));
        self.next.to_be_bytes().to_vec()
    }

    /// A pong came at `now`: if it answers the ping in flight, its round
    /// trip joins the estimate (each new one weighs a quarter).
    pub fn pong(&mut self, payload: &[u8], now: Instant) {
        let Some((sent, at)) = self.waiting else {
            return;
        };
        if payload != sent.to_be_bytes() {
            return;
        }
        self.waiting = None;
        let trip = now.saturating_duration_since(at);
        if trip > LONGEST_ROUND_TRIP {
            return;
        }
        let half = trip.as_secs_f64() * 500.0;
        self.estimate = Some(match self.estimate {
            Some(before) => before * 0.75 + half * 0.25,
            None => half,
        });
    }

    /// The lag measured so far, in whole ms (none yet: 0).
    pub fn lag_ms(&self) -> u32 {
        self.estimate.map_or(0, |ms| ms.round() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_the_round_trip_of_answered_pings_is_the_lag() {
        let start = Instant::now();
        let mut meter = LagMeter::default();
        assert_eq!(meter.lag_ms(), 0, "nothing measured yet");
        let ping = meter.ping(start);
        // A pong for another ping, or made up, counts for nothing.
        meter.pong(b"made up", start + Duration::from_millis(1));
        assert_eq!(meter.lag_ms(), 0);
        meter.pong(&ping, start + Duration::from_millis(200));
        assert_eq!(meter.lag_ms(), 100);
        // The same pong again counts once.
        meter.pong(&ping, start + Duration::from_millis(900));
        assert_eq!(meter.lag_ms(), 100);
        // A later trip of 40 ms moves the estimate a quarter of the way.
        let t = start + Duration::from_secs(2);
        let ping = meter.ping(t);
        meter.pong(&ping, t + Duration::from_millis(40));
        assert_eq!(meter.lag_ms(), 80);
        // A page that stalled for 10 s is not lagging.
        let t = start + Duration::from_secs(4);
        let ping = meter.ping(t);
        meter.pong(&ping, t + Duration::from_secs(10));
        assert_eq!(meter.lag_ms(), 80);
        // An unanswered ping is given up when the next one leaves.
        let t = start + Duration::from_secs(20);
        let old = meter.ping(t);
        let new = meter.ping(t + Duration::from_secs(2));
        meter.pong(&old, t + Duration::from_millis(2_100));
        assert_eq!(meter.lag_ms(), 80);
        meter.pong(&new, t + Duration::from_millis(2_020));
        assert_eq!(meter.lag_ms(), 63);
    }
}
