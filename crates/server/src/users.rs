//! Where accounts are kept, in either store: users (a case-free key, the
//! name as typed, the password's hash) and their sessions (a token's hash
//! and when it expires). The checks and the hashing are [`crate::accounts`].

use rusqlite::{params, OptionalExtension};

use crate::db::{either, Db};
use crate::store::{Store, StoreError};

/// The accounts' tables, as SQLite's second migration.
pub(crate) const SQLITE_SCHEMA: &str = "CREATE TABLE users (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        hash TEXT NOT NULL,
        created INTEGER NOT NULL
     );
     CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        user_key TEXT NOT NULL,
        expires INTEGER NOT NULL
     );
     CREATE INDEX sessions_by_user ON sessions (user_key);";

/// The same, as PostgreSQL's.
pub(crate) const POSTGRES_SCHEMA: &str = "CREATE TABLE users (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        hash TEXT NOT NULL,
        created BIGINT NOT NULL
     );
     CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
        expires BIGINT NOT NULL
     );
     CREATE INDEX sessions_by_user ON sessions (user_key);";

/// A stored account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub key: String,
    pub name: String,
    pub hash: String,
}

impl Store {
    fn create_user(&mut self, user: &User, now: i64) -> Result<bool, StoreError> {
        let added = self.db.execute(
            "INSERT INTO users (key, name, hash, created) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (key) DO NOTHING",
            params![user.key, user.name, user.hash, now],
        )?;
        Ok(added == 1)
    }

    fn user(&self, key: &str) -> Result<Option<User>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT key, name, hash FROM users WHERE key = ?1",
                [key],
                |r| {
                    Ok(User {
                        key: r.get(0)?,
                        name: r.get(1)?,
                        hash: r.get(2)?,
                    })
                },
            )
            .optional()?)
    }

    fn set_hash(&mut self, key: &str, hash: &str) -> Result<bool, StoreError> {
        let changed = self.db.execute(
            "UPDATE users SET hash = ?2 WHERE key = ?1",
            params![key, hash],
        )?;
        Ok(changed == 1)
    }

    fn delete_user(&mut self, key: &str) -> Result<bool, StoreError> {
        let tx = self.db.transaction()?;
        tx.execute("DELETE FROM sessions WHERE user_key = ?1", [key])?;
        tx.execute("DELETE FROM ratings WHERE user_key = ?1", [key])?;
        tx.execute("DELETE FROM seeks WHERE user_key = ?1", [key])?;
        // Its games stay for their opponents, no longer naming it.
        tx.execute(
            "UPDATE games SET white_user = NULL WHERE white_user = ?1",
            [key],
        )?;
        tx.execute(
            "UPDATE games SET black_user = NULL WHERE black_user = ?1",
            [key],
        )?;
        let deleted = tx.execute("DELETE FROM users WHERE key = ?1", [key])?;
        tx.commit()?;
        Ok(deleted == 1)
    }

    fn add_session(&mut self, token: &str, key: &str, expires: i64) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO sessions (token, user_key, expires) VALUES (?1, ?2, ?3)",
            params![token, key, expires],
        )?;
        Ok(())
    }

    fn session_user(&self, token: &str, now: i64) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT user_key FROM sessions WHERE token = ?1 AND expires > ?2",
                params![token, now],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn end_sessions(&mut self, key: &str, except: Option<&str>) -> Result<usize, StoreError> {
        Ok(self.db.execute(
            "DELETE FROM sessions WHERE user_key = ?1 AND token IS NOT ?2",
            params![key, except],
        )?)
    }

    fn end_session(&mut self, token: &str) -> Result<(), StoreError> {
        self.db
            .execute("DELETE FROM sessions WHERE token = ?1", [token])?;
        Ok(())
    }

    fn forget_sessions(&mut self, now: i64) -> Result<usize, StoreError> {
        Ok(self
            .db
            .execute("DELETE FROM sessions WHERE expires <= ?1", [now])?)
    }
}

impl Db {
    /// Stores a new account made at `now`; `false` when its key is taken.
    pub async fn create_user(&self, user: &User, now: i64) -> Result<bool, StoreError> {
        let owned = user.clone();
        either!(self, write(|store| store.create_user(&owned, now)), |pg| {
            let added = pg
                .execute(
                    "INSERT INTO users (key, name, hash, created) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (key) DO NOTHING",
                    &[&user.key, &user.name, &user.hash, &now],
                )
                .await?;
            Ok(added == 1)
        })
    }

    /// The account known by `key`.
    pub async fn user(&self, key: &str) -> Result<Option<User>, StoreError> {
        let owned = key.to_string();
        either!(self, read(|store| store.user(&owned)), |pg| {
            let row = pg
                .query_opt("SELECT key, name, hash FROM users WHERE key = $1", &[&key])
                .await?;
            Ok(row.map(|r| User {
                key: r.get(0),
                name: r.get(1),
                hash: r.get(2),
            }))
        })
    }

    /// Replaces an account's password hash; `false` when there is no such
    /// account.
    pub async fn set_hash(&self, key: &str, hash: &str) -> Result<bool, StoreError> {
        let (k, h) = (key.to_string(), hash.to_string());
        either!(self, write(|store| store.set_hash(&k, &h)), |pg| {
            let changed = pg
                .execute("UPDATE users SET hash = $2 WHERE key = $1", &[&key, &hash])
                .await?;
            Ok(changed == 1)
        })
    }

    /// Deletes an account with its sessions, ratings and seeks; its games
    /// stay for their opponents, no longer naming it. `false` when there
    /// was none.
    pub async fn delete_user(&self, key: &str) -> Result<bool, StoreError> {
        let owned = key.to_string();
        either!(self, write(|store| store.delete_user(&owned)), |pg| {
            use crate::postgres::storage;
            let mut client = pg.client().await?;
            let tx = client.transaction().await.map_err(storage)?;
            for sql in [
                "DELETE FROM seeks WHERE user_key = $1",
                "UPDATE games SET white_user = NULL WHERE white_user = $1",
                "UPDATE games SET black_user = NULL WHERE black_user = $1",
            ] {
                tx.execute(sql, &[&key]).await.map_err(storage)?;
            }
            // Its sessions and ratings go with it (ON DELETE CASCADE).
            let deleted = tx
                .execute("DELETE FROM users WHERE key = $1", &[&key])
                .await
                .map_err(storage)?;
            tx.commit().await.map_err(storage)?;
            Ok(deleted == 1)
        })
    }

    /// Stores a session (its token's hash) for `key` until `expires`.
    pub async fn add_session(
        &self,
        token: &str,
        key: &str,
        expires: i64,
    ) -> Result<(), StoreError> {
        let (t, k) = (token.to_string(), key.to_string());
        either!(
            self,
            write(|store| store.add_session(&t, &k, expires)),
            |pg| {
                pg.execute(
                    "INSERT INTO sessions (token, user_key, expires) VALUES ($1, $2, $3)",
                    &[&token, &key, &expires],
                )
                .await?;
                Ok(())
            }
        )
    }

    /// The account a session (its token's hash) belongs to, if it has
    /// not expired by `now`.
    pub async fn session_user(&self, token: &str, now: i64) -> Result<Option<String>, StoreError> {
        let owned = token.to_string();
        either!(self, read(|store| store.session_user(&owned, now)), |pg| {
            let row = pg
                .query_opt(
                    "SELECT user_key FROM sessions WHERE token = $1 AND expires > $2",
                    &[&token, &now],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    /// Ends an account's sessions but `except` (after a password change,
    /// every other browser signs in again); how many.
    pub async fn end_sessions(&self, key: &str, except: Option<&str>) -> Result<u64, StoreError> {
        let (k, e) = (key.to_string(), except.map(str::to_string));
        either!(
            self,
            write(|store| store.end_sessions(&k, e.as_deref()).map(|n| n as u64)),
            |pg| {
                pg.execute(
                    "DELETE FROM sessions WHERE user_key = $1 AND token IS DISTINCT FROM $2",
                    &[&key, &except],
                )
                .await
            }
        )
    }

    /// Ends one session (logging out).
    pub async fn end_session(&self, token: &str) -> Result<(), StoreError> {
        let owned = token.to_string();
        either!(self, write(|store| store.end_session(&owned)), |pg| {
            pg.execute("DELETE FROM sessions WHERE token = $1", &[&token])
                .await?;
            Ok(())
        })
    }

    /// Forgets the sessions expired by `now`; how many.
    pub async fn forget_sessions(&self, now: i64) -> Result<u64, StoreError> {
        either!(
            self,
            write(|store| store.forget_sessions(now).map(|n| n as u64)),
            |pg| {
                pg.execute("DELETE FROM sessions WHERE expires <= $1", &[&now])
                    .await
            }
        )
    }
}
