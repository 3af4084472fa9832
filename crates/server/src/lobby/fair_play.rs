//! Rated play that means something: a rating moves only between players
//! who are apart, and a player who keeps abandoning rated games waits
//! before the next one.
//!
//! - **One origin.** Each seek keeps where its seeker came from: a hash of
//!   the network (an IPv4 address, an IPv6 /64) and of the browser's
//!   device token. Two accounts from one network or one browser are
//!   paired unrated; the lobby marks such a seek for the one who would take
//!   it, before the game starts.
//! - **Abandoning.** A rated game is abandoned by a player who was not
//!   connected when it ended: their clock ran out, the opponent claimed it,
//!   or they never made their first move. More than [`FREE_ABANDONS`] in
//!   a day and each one more makes them wait before their next rated
//!   pairing: [`FIRST_WAIT`], then twice as long each time, up to a day.

use rusqlite::params;

use crate::storage::sqlite::{Store, StoreError};
use crate::storage::{numbered, Db};

/// Abandoned rated games a player may have in a day without waiting.
pub const FREE_ABANDONS: usize = 3;

/// The wait after the first abandonment past the free ones (seconds).
pub const FIRST_WAIT: i64 = 5 * 60;

/// The longest wait (seconds), and how far back abandonments count.
pub const DAY: i64 = 24 * 60 * 60;

/// Where a player came from: their network's hash, and their browser's
/// device token's hash if it has one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    pub network: Option<String>,
    pub device: Option<String>,
}

impl Origin {
    /// The origin of a request from `ip` whose browser holds the device
    /// token hashed as `device`.
    pub fn of(ip: std::net::IpAddr, device: Option<String>) -> Origin {
        let network = crate::http::limits::bucket(ip).to_string();
        Origin {
            network: Some(crate::ids::token_hash(&network)),
            device,
        }
    }

    /// Whether two players share a network or a browser (what is not
    /// known is not shared).
    pub fn shared_with(&self, other: &Origin) -> bool {
        let same = |a: &Option<String>, b: &Option<String>| a.is_some() && a == b;
        same(&self.network, &other.network) || same(&self.device, &other.device)
    }
}

/// How long a player who abandoned rated games at `abandons` (seconds
/// since the epoch, any order) still waits at `now` before a rated
/// pairing; `None` when they need not.
pub fn wait_left(abandons: &[i64], now: i64) -> Option<i64> {
    let mut recent: Vec<i64> = abandons
        .iter()
        .copied()
        .filter(|&at| at > now - DAY)
        .collect();
    if recent.len() <= FREE_ABANDONS {
        return None;
    }
    recent.sort_unstable();
    let past_free = (recent.len() - FREE_ABANDONS - 1).min(20) as u32;
    let wait = FIRST_WAIT.saturating_mul(1 << past_free).min(DAY);
    let until = recent[recent.len() - 1] + wait;
    (until > now).then_some(until - now)
}

const NOTE: &str = "INSERT INTO abandons (user_key, game, at)
     SELECT CAST(?1 AS TEXT), CAST(?2 AS TEXT), CAST(?3 AS BIGINT)
     WHERE EXISTS (SELECT 1 FROM users WHERE key = ?1)
     ON CONFLICT (user_key, game) DO NOTHING";

const SINCE: &str = "SELECT at FROM abandons WHERE user_key = ?1 AND at > ?2";

impl Store {
    fn note_abandon(&mut self, user: &str, game: &str, at: i64) -> Result<(), StoreError> {
        self.db.execute(NOTE, params![user, game, at])?;
        Ok(())
    }

    fn abandons_since(&self, user: &str, since: i64) -> Result<Vec<i64>, StoreError> {
        let mut statement = self.db.prepare_cached(SINCE)?;
        let found = statement
            .query_map(params![user, since], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        Ok(found)
    }
}

impl Db {
    /// How long `user` still waits at `now` before a rated pairing.
    pub async fn rated_wait(&self, user: &str, now: i64) -> Result<Option<i64>, StoreError> {
        let abandons = self.abandons_since(user, now - DAY).await?;
        Ok(wait_left(&abandons, now))
    }
}

/// Rated play's guards, on either store: abandoned games counted.
#[async_trait::async_trait]
pub trait FairPlayStore: Send + Sync {
    /// Notes that `user` abandoned the rated game `game` at `at` (once per
    /// game, whichever process notes it).
    async fn note_abandon(&self, user: &str, game: &str, at: i64) -> Result<(), StoreError>;

    /// When `user` abandoned rated games after `since`.
    async fn abandons_since(&self, user: &str, since: i64) -> Result<Vec<i64>, StoreError>;
}

#[async_trait::async_trait]
impl FairPlayStore for crate::storage::Sqlite {
    async fn note_abandon(&self, user: &str, game: &str, at: i64) -> Result<(), StoreError> {
        let (u, g) = (user.to_string(), game.to_string());
        self.write(move |store| store.note_abandon(&u, &g, at))
            .await
    }

    async fn abandons_since(&self, user: &str, since: i64) -> Result<Vec<i64>, StoreError> {
        let u = user.to_string();
        self.read(move |store| store.abandons_since(&u, since))
            .await
    }
}

#[async_trait::async_trait]
impl FairPlayStore for crate::storage::Postgres {
    async fn note_abandon(&self, user: &str, game: &str, at: i64) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(NOTE), &[&user, &game, &at]).await?;
        Ok(())
    }

    async fn abandons_since(&self, user: &str, since: i64) -> Result<Vec<i64>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(SINCE), &[&user, &since]).await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_abandons_a_day_are_free_then_each_waits_twice_as_long() {
        let now = 1_000_000;
        let at = |minutes_ago: i64| now - minutes_ago * 60;
        assert_eq!(wait_left(&[], now), None);
        assert_eq!(wait_left(&[at(30), at(20), at(10)], now), None);
        // The fourth: five minutes from it.
        assert_eq!(
            wait_left(&[at(30), at(20), at(10), at(1)], now),
            Some(4 * 60)
        );
        assert_eq!(wait_left(&[at(30), at(20), at(10), at(6)], now), None);
        // The fifth: ten; the sixth: twenty.
        assert_eq!(
            wait_left(&[at(1), at(40), at(30), at(20), at(10)], now),
            Some(9 * 60)
        );
        assert_eq!(
            wait_left(&[at(50), at(40), at(30), at(20), at(10), at(0)], now),
            Some(20 * 60)
        );
        // Never more than a day, and a day later all is forgotten.
        let many: Vec<i64> = (0..40).map(|i| now - i).collect();
        assert_eq!(wait_left(&many, now), Some(DAY));
        let old: Vec<i64> = (0..40).map(|i| now - DAY - i).collect();
        assert_eq!(wait_left(&old, now), None);
    }

    #[test]
    fn origins_are_shared_by_network_or_by_browser() {
        let ip = |text: &str| text.parse::<std::net::IpAddr>().expect("an address");
        let home = Origin::of(ip("192.0.2.7"), None);
        assert!(home.shared_with(&Origin::of(ip("192.0.2.7"), Some("d".into()))));
        assert!(!home.shared_with(&Origin::of(ip("192.0.2.8"), None)));
        // One IPv6 network, two hosts.
        let six = Origin::of(ip("2001:db8::1"), None);
        assert!(six.shared_with(&Origin::of(ip("2001:db8::2"), None)));
        // One browser on two networks.
        let phone = Origin::of(ip("198.51.100.1"), Some("device".into()));
        assert!(phone.shared_with(&Origin::of(ip("203.0.113.1"), Some("device".into()))));
        // Nothing known shares nothing.
        assert!(!Origin::default().shared_with(&Origin::default()));
    }
}
