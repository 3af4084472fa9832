//! Web Push in either store: the server's VAPID key, made once by
//! whichever process asks first and then the same for all; each browser's
//! subscription, by its push service address; and which deadline of a
//! correspondence game was last warned of, claimed by one process alone.

use rusqlite::params;

use crate::storage::numbered;
use crate::storage::sqlite::StoreError;

const KEEP_KEY: &str = "INSERT INTO push_keys (id, private) VALUES (1, ?1)
     ON CONFLICT (id) DO NOTHING";
const KEY: &str = "SELECT private FROM push_keys WHERE id = 1";
const SUBSCRIBE: &str = "INSERT INTO push_subscriptions
     (endpoint, user_key, p256dh, auth, lang, since) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (endpoint) DO UPDATE SET user_key = ?2, p256dh = ?3, auth = ?4,
     lang = ?5, since = ?6";
/// Keeps an account's newest subscriptions, `?2` of them.
const KEEP_NEWEST: &str = "DELETE FROM push_subscriptions WHERE user_key = ?1
     AND endpoint NOT IN (SELECT endpoint FROM push_subscriptions WHERE user_key = ?1
     ORDER BY since DESC, endpoint LIMIT ?2)";
const UNSUBSCRIBE: &str = "DELETE FROM push_subscriptions WHERE user_key = ?1 AND endpoint = ?2";
const GONE: &str = "DELETE FROM push_subscriptions WHERE endpoint = ?1";
const SUBSCRIPTIONS: &str = "SELECT endpoint, p256dh, auth, lang FROM push_subscriptions
     WHERE user_key = ?1 ORDER BY since DESC, endpoint";
const WARN: &str =
    "UPDATE games SET warned = ?2 WHERE id = ?1 AND (warned IS NULL OR warned <> ?2)";

/// A subscription as kept: its push service address, the browser's public
/// key and secret (base64url), and its language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    pub lang: String,
}

/// Web Push's calls, on either store.
#[async_trait::async_trait]
pub trait PushStore: Send + Sync {
    /// The VAPID private key kept, `fresh` kept first if there was none.
    async fn push_key(&self, fresh: &str) -> Result<String, StoreError>;
    /// Keeps `subscription` for `user` (another account's use of the same
    /// browser moves it), and no more than `most` for them, the newest.
    async fn subscribe(
        &self,
        user: &str,
        subscription: &Subscription,
        now: i64,
        most: usize,
    ) -> Result<(), StoreError>;
    /// Forgets `user`'s subscription at `endpoint`.
    async fn unsubscribe(&self, user: &str, endpoint: &str) -> Result<(), StoreError>;
    /// Forgets a subscription its push service says is gone.
    async fn subscription_gone(&self, endpoint: &str) -> Result<(), StoreError>;
    /// `user`'s subscriptions, newest first.
    async fn subscriptions(&self, user: &str) -> Result<Vec<Subscription>, StoreError>;
    /// Marks the game's player on move warned of the deadline `at`: true
    /// for the one caller that marks it first.
    async fn claim_warning(&self, game: &str, at: i64) -> Result<bool, StoreError>;
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Subscription> {
    Ok(Subscription {
        endpoint: r.get(0)?,
        p256dh: r.get(1)?,
        auth: r.get(2)?,
        lang: r.get(3)?,
    })
}

#[async_trait::async_trait]
impl PushStore for crate::storage::Sqlite {
    async fn push_key(&self, fresh: &str) -> Result<String, StoreError> {
        let fresh = fresh.to_string();
        self.write(move |store| {
            store.db.execute(KEEP_KEY, params![fresh])?;
            Ok(store.db.query_row(KEY, [], |r| r.get(0))?)
        })
        .await
    }

    async fn subscribe(
        &self,
        user: &str,
        s: &Subscription,
        now: i64,
        most: usize,
    ) -> Result<(), StoreError> {
        let (user, s) = (user.to_string(), s.clone());
        self.write(move |store| {
            let tx = store.db.transaction()?;
            tx.execute(
                SUBSCRIBE,
                params![s.endpoint, user, s.p256dh, s.auth, s.lang, now],
            )?;
            tx.execute(KEEP_NEWEST, params![user, most as i64])?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    async fn unsubscribe(&self, user: &str, endpoint: &str) -> Result<(), StoreError> {
        let (user, endpoint) = (user.to_string(), endpoint.to_string());
        self.write(move |store| {
            store.db.execute(UNSUBSCRIBE, params![user, endpoint])?;
            Ok(())
        })
        .await
    }

    async fn subscription_gone(&self, endpoint: &str) -> Result<(), StoreError> {
        let endpoint = endpoint.to_string();
        self.write(move |store| {
            store.db.execute(GONE, params![endpoint])?;
            Ok(())
        })
        .await
    }

    async fn subscriptions(&self, user: &str) -> Result<Vec<Subscription>, StoreError> {
        let user = user.to_string();
        self.read(move |store| {
            let mut statement = store.db.prepare_cached(SUBSCRIPTIONS)?;
            let rows = statement
                .query_map([user], row)?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    async fn claim_warning(&self, game: &str, at: i64) -> Result<bool, StoreError> {
        let game = game.to_string();
        self.write(move |store| Ok(store.db.execute(WARN, params![game, at])? == 1))
            .await
    }
}

#[async_trait::async_trait]
impl PushStore for crate::storage::Postgres {
    async fn push_key(&self, fresh: &str) -> Result<String, StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(KEEP_KEY), &[&fresh]).await?;
        let row = pg.query_opt(KEY, &[]).await?;
        row.map(|r| r.get(0)).ok_or(StoreError::Closed)
    }

    async fn subscribe(
        &self,
        user: &str,
        s: &Subscription,
        now: i64,
        most: usize,
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(
            &numbered(SUBSCRIBE),
            &[&s.endpoint, &user, &s.p256dh, &s.auth, &s.lang, &now],
        )
        .await?;
        // Two browsers subscribing at once may leave one more for a moment.
        pg.execute(&numbered(KEEP_NEWEST), &[&user, &(most as i64)])
            .await?;
        Ok(())
    }

    async fn unsubscribe(&self, user: &str, endpoint: &str) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(UNSUBSCRIBE), &[&user, &endpoint])
            .await?;
        Ok(())
    }

    async fn subscription_gone(&self, endpoint: &str) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(GONE), &[&endpoint]).await?;
        Ok(())
    }

    async fn subscriptions(&self, user: &str) -> Result<Vec<Subscription>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(SUBSCRIPTIONS), &[&user]).await?;
        Ok(rows
            .iter()
            .map(|r| Subscription {
                endpoint: r.get(0),
                p256dh: r.get(1),
                auth: r.get(2),
                lang: r.get(3),
            })
            .collect())
    }

    async fn claim_warning(&self, game: &str, at: i64) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        Ok(pg.execute(&numbered(WARN), &[&game, &at]).await? == 1)
    }
}
