//! Work one process does for all the processes on a database: a named
//! lease, held by one process until a time and renewed by it. Another
//! process takes it over once it has run out (its holder stopped, or
//! died). One statement takes or renews it, so two processes asking at
//! once cannot both hold it.

use rusqlite::params;

use crate::storage::numbered;
use crate::storage::sqlite::StoreError;

/// Takes the lease `?1` for `?2` until `?4`: it is free, run out by `?3`,
/// or held by `?2` already.
const HOLD: &str = "INSERT INTO leases (name, holder, until) VALUES (?1, ?2, ?4)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
     WHERE leases.holder = excluded.holder OR leases.until < ?3";

/// Leases, on either store.
#[async_trait::async_trait]
pub trait LeaseStore: Send + Sync {
    /// Takes or renews the lease `name` for `holder` until `until`, at
    /// `now`; whether `holder` holds it.
    async fn hold_lease(
        &self,
        name: &str,
        holder: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError>;
}

#[async_trait::async_trait]
impl LeaseStore for crate::storage::Sqlite {
    async fn hold_lease(
        &self,
        name: &str,
        holder: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let (n, h) = (name.to_string(), holder.to_string());
        self.write(move |store| Ok(store.db.execute(HOLD, params![n, h, now, until])? == 1))
            .await
    }
}

#[async_trait::async_trait]
impl LeaseStore for crate::storage::Postgres {
    async fn hold_lease(
        &self,
        name: &str,
        holder: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let held = pg
            .execute(&numbered(HOLD), &[&name, &holder, &now, &until])
            .await?;
        Ok(held == 1)
    }
}
