//! The browsers an account has signed in from: a long-lived random token
//! in its own cookie, kept here only hashed, beside the accounts it signed
//! in to. Failed logins count against a username only for browsers it does
//! not know, so nobody can lock an owner out of their account by trying
//! wrong passwords for it from elsewhere (the device cookie OWASP
//! describes). The token grants nothing by itself: the password is still
//! asked, at the pace allowed to that one browser.

use rusqlite::{params, OptionalExtension};

use crate::storage::sqlite::{Store, StoreError};

const REMEMBER: &str = "INSERT INTO devices (token, user_key, expires)
     SELECT CAST(?1 AS TEXT), key, CAST(?3 AS BIGINT) FROM users WHERE key = ?2
     ON CONFLICT (token, user_key) DO UPDATE SET expires = excluded.expires";

const KNOWS: &str = "SELECT 1 FROM devices WHERE token = ?1 AND user_key = ?2 AND expires > ?3";

const FORGET: &str = "DELETE FROM devices WHERE expires <= ?1";

impl Store {
    fn remember_device(&mut self, token: &str, key: &str, expires: i64) -> Result<(), StoreError> {
        self.db.execute(REMEMBER, params![token, key, expires])?;
        Ok(())
    }

    fn knows_device(&self, token: &str, key: &str, now: i64) -> Result<bool, StoreError> {
        Ok(self
            .db
            .query_row(KNOWS, params![token, key, now], |_| Ok(()))
            .optional()?
            .is_some())
    }

    fn forget_devices(&mut self, now: i64) -> Result<usize, StoreError> {
        Ok(self.db.execute(FORGET, [now])?)
    }
}

/// Devices signed in from, on either store.
#[async_trait::async_trait]
pub trait DeviceStore: Send + Sync {
    /// Remembers that the browser holding the device token (its hash)
    /// signed in to `key`, until `expires` (a later sign-in moves it on).
    async fn remember_device(&self, token: &str, key: &str, expires: i64)
        -> Result<(), StoreError>;

    /// Whether the browser holding the device token (its hash) has signed
    /// in to `key` and is still remembered at `now`.
    async fn knows_device(&self, token: &str, key: &str, now: i64) -> Result<bool, StoreError>;

    /// Forgets the devices not seen since they expired by `now`; how many.
    async fn forget_devices(&self, now: i64) -> Result<u64, StoreError>;
}

#[async_trait::async_trait]
impl DeviceStore for crate::storage::Sqlite {
    async fn remember_device(
        &self,
        token: &str,
        key: &str,
        expires: i64,
    ) -> Result<(), StoreError> {
        let (t, k) = (token.to_string(), key.to_string());
        self.write(move |store| store.remember_device(&t, &k, expires))
            .await
    }

    async fn knows_device(&self, token: &str, key: &str, now: i64) -> Result<bool, StoreError> {
        let (t, k) = (token.to_string(), key.to_string());
        self.read(move |store| store.knows_device(&t, &k, now))
            .await
    }

    async fn forget_devices(&self, now: i64) -> Result<u64, StoreError> {
        self.write(move |store| store.forget_devices(now).map(|n| n as u64))
            .await
    }
}

#[async_trait::async_trait]
impl DeviceStore for crate::storage::Postgres {
    async fn remember_device(
        &self,
        token: &str,
        key: &str,
        expires: i64,
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(
            &crate::storage::numbered(REMEMBER),
            &[&token, &key, &expires],
        )
        .await?;
        Ok(())
    }

    async fn knows_device(&self, token: &str, key: &str, now: i64) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(&crate::storage::numbered(KNOWS), &[&token, &key, &now])
            .await?;
        Ok(row.is_some())
    }

    async fn forget_devices(&self, now: i64) -> Result<u64, StoreError> {
        let pg = self.opened().await?;
        pg.execute(&crate::storage::numbered(FORGET), &[&now]).await
    }
}
