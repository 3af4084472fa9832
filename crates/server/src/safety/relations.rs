//! Mutes and blocks, on either store: who silences whom (a mute or a
//! block hides a player's chat from the one who set it), and who may never
//! meet (a block, either way round: no pairing, no accepting a seek).

use std::collections::HashSet;

use rusqlite::params;

use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

/// A mute or a block as kept.
pub const MUTE: &str = "mute";
pub const BLOCK: &str = "block";

const SET: &str = "INSERT INTO relations (owner, other, kind, created) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT DO NOTHING";
const UNSET: &str = "DELETE FROM relations WHERE owner = ?1 AND other = ?2 AND kind = ?3";
const LIST: &str = "SELECT other, kind FROM relations WHERE owner = ?1 ORDER BY created, other";
const SILENCES: &str = "SELECT count(*) FROM relations WHERE owner = ?1 AND other = ?2";
const APART: &str = "SELECT other FROM relations WHERE kind = 'block' AND owner = ?1
     UNION SELECT owner FROM relations WHERE kind = 'block' AND other = ?1";

impl Store {
    fn relate(
        &mut self,
        owner: &str,
        other: &str,
        kind: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        if on {
            self.db.execute(SET, params![owner, other, kind, now])?;
        } else {
            self.db.execute(UNSET, params![owner, other, kind])?;
        }
        Ok(())
    }

    fn relations_of(&self, owner: &str) -> Result<Vec<(String, String)>, StoreError> {
        let mut statement = self.db.prepare_cached(LIST)?;
        let found = statement
            .query_map(params![owner], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(found)
    }

    fn silences(&self, owner: &str, other: &str) -> Result<bool, StoreError> {
        let n: i64 = self
            .db
            .query_row(SILENCES, params![owner, other], |r| r.get(0))?;
        Ok(n > 0)
    }

    fn kept_apart(&self, user: &str) -> Result<HashSet<String>, StoreError> {
        let mut statement = self.db.prepare_cached(APART)?;
        let found = statement
            .query_map(params![user], |r| r.get(0))?
            .collect::<rusqlite::Result<HashSet<String>>>()?;
        Ok(found)
    }
}

/// Mutes and blocks, on either store.
#[async_trait::async_trait]
pub trait RelationStore: Send + Sync {
    /// Sets (`on`) or undoes `owner`'s mute or block (`kind`) of `other`.
    async fn relate(
        &self,
        owner: &str,
        other: &str,
        kind: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError>;

    /// `owner`'s mutes and blocks: each player and the kind, oldest first.
    async fn relations_of(&self, owner: &str) -> Result<Vec<(String, String)>, StoreError>;

    /// Whether `owner` has muted or blocked `other`.
    async fn silences(&self, owner: &str, other: &str) -> Result<bool, StoreError>;

    /// The players `user` blocked or was blocked by.
    async fn kept_apart(&self, user: &str) -> Result<HashSet<String>, StoreError>;
}

#[async_trait::async_trait]
impl RelationStore for crate::storage::Sqlite {
    async fn relate(
        &self,
        owner: &str,
        other: &str,
        kind: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let (o, t, k) = (owner.to_string(), other.to_string(), kind.to_string());
        self.write(move |store| store.relate(&o, &t, &k, on, now))
            .await
    }

    async fn relations_of(&self, owner: &str) -> Result<Vec<(String, String)>, StoreError> {
        let o = owner.to_string();
        self.read(move |store| store.relations_of(&o)).await
    }

    async fn silences(&self, owner: &str, other: &str) -> Result<bool, StoreError> {
        let (o, t) = (owner.to_string(), other.to_string());
        self.read(move |store| store.silences(&o, &t)).await
    }

    async fn kept_apart(&self, user: &str) -> Result<HashSet<String>, StoreError> {
        let u = user.to_string();
        self.read(move |store| store.kept_apart(&u)).await
    }
}

#[async_trait::async_trait]
impl RelationStore for crate::storage::Postgres {
    async fn relate(
        &self,
        owner: &str,
        other: &str,
        kind: &str,
        on: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        if on {
            pg.execute(&numbered(SET), &[&owner, &other, &kind, &now])
                .await?;
        } else {
            pg.execute(&numbered(UNSET), &[&owner, &other, &kind])
                .await?;
        }
        Ok(())
    }

    async fn relations_of(&self, owner: &str) -> Result<Vec<(String, String)>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(LIST), &[&owner]).await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    async fn silences(&self, owner: &str, other: &str) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let row = pg.query_opt(&numbered(SILENCES), &[&owner, &other]).await?;
        Ok(row.is_some_and(|r| r.get::<_, i64>(0) > 0))
    }

    async fn kept_apart(&self, user: &str) -> Result<HashSet<String>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(APART), &[&user]).await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}
