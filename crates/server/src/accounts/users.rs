//! Where accounts are kept, in either store: users (a case-free key, the
//! name as typed, the password's hash) and their sessions (a token's hash
//! and when it expires). The checks and the hashing are [`crate::accounts`].

use rusqlite::{params, OptionalExtension};

use crate::storage::sqlite::{Store, StoreError};

/// A stored account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub key: String,
    pub name: String,
    pub hash: String,
    /// An account that plays by program, marked as a bot wherever its
    /// name is shown; once a bot, always one.
    pub bot: bool,
}

impl Store {
    fn create_user(&mut self, user: &User, now: i64) -> Result<bool, StoreError> {
        let added = self.db.execute(
            "INSERT INTO users (key, name, hash, created, bot) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (key) DO NOTHING",
            params![user.key, user.name, user.hash, now, user.bot],
        )?;
        Ok(added == 1)
    }

    fn user(&self, key: &str) -> Result<Option<User>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT key, name, hash, bot FROM users WHERE key = ?1",
                [key],
                |r| {
                    Ok(User {
                        key: r.get(0)?,
                        name: r.get(1)?,
                        hash: r.get(2)?,
                        bot: r.get(3)?,
                    })
                },
            )
            .optional()?)
    }

    fn change_hash(
        &mut self,
        key: &str,
        old: &str,
        new: &str,
        except: Option<&str>,
    ) -> Result<Option<usize>, StoreError> {
        let tx = self.db.transaction()?;
        let changed = tx.execute(
            "UPDATE users SET hash = ?3 WHERE key = ?1 AND hash = ?2",
            params![key, old, new],
        )?;
        if changed != 1 {
            return Ok(None);
        }
        let ended = tx.execute(
            "DELETE FROM sessions WHERE user_key = ?1 AND token IS NOT ?2",
            params![key, except],
        )?;
        tx.commit()?;
        Ok(Some(ended))
    }

    fn delete_user(&mut self, key: &str) -> Result<bool, StoreError> {
        let tx = self.db.transaction()?;
        tx.execute("DELETE FROM sessions WHERE user_key = ?1", [key])?;
        tx.execute("DELETE FROM devices WHERE user_key = ?1", [key])?;
        tx.execute("DELETE FROM ratings WHERE user_key = ?1", [key])?;
        tx.execute(
            "DELETE FROM follows WHERE follower = ?1 OR followed = ?1",
            [key],
        )?;
        tx.execute(
            "DELETE FROM seeks WHERE user_key = ?1 OR target = ?1",
            [key],
        )?;
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

    fn add_session(
        &mut self,
        token: &str,
        key: &str,
        hash: &str,
        expires: i64,
    ) -> Result<bool, StoreError> {
        // One statement: SQLite runs one writer at a time, so the account
        // cannot change between the check and the insert.
        let added = self.db.execute(
            "INSERT INTO sessions (token, user_key, expires)
             SELECT ?1, key, ?3 FROM users WHERE key = ?2 AND hash = ?4",
            params![token, key, expires, hash],
        )?;
        Ok(added == 1)
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

/// Accounts and sessions, on either store.
#[async_trait::async_trait]
pub trait UserStore: Send + Sync {
    /// Stores a new account made at `now`; `false` when its key is taken.
    async fn create_user(&self, user: &User, now: i64) -> Result<bool, StoreError>;

    /// The account known by `key`.
    async fn user(&self, key: &str) -> Result<Option<User>, StoreError>;

    /// Replaces an account's password hash `old` (the one just checked)
    /// with `new`, and ends its sessions but `except`, in one transaction:
    /// how many ended, or `None` when the account is gone or its hash is
    /// no longer `old` (changed meanwhile).
    async fn change_hash(
        &self,
        key: &str,
        old: &str,
        new: &str,
        except: Option<&str>,
    ) -> Result<Option<u64>, StoreError>;

    /// Deletes an account with its sessions, ratings and seeks; its games
    /// stay for their opponents, no longer naming it. `false` when there
    /// was none.
    async fn delete_user(&self, key: &str) -> Result<bool, StoreError>;

    /// Stores a session (its token's hash) for `key` until `expires`, if
    /// the account still has the password hash `hash` that the login
    /// checked: `false` when it was deleted, or its password changed, while
    /// the password was being checked (the check and the insert are one
    /// step, so a session never outlives what it was granted on).
    async fn add_session(
        &self,
        token: &str,
        key: &str,
        hash: &str,
        expires: i64,
    ) -> Result<bool, StoreError>;

    /// The account a session (its token's hash) belongs to, if it has
    /// not expired by `now`.
    async fn session_user(&self, token: &str, now: i64) -> Result<Option<String>, StoreError>;

    /// Ends an account's sessions but `except` (after a password change,
    /// every other browser signs in again); how many.
    async fn end_sessions(&self, key: &str, except: Option<&str>) -> Result<u64, StoreError>;

    /// Ends one session (logging out).
    async fn end_session(&self, token: &str) -> Result<(), StoreError>;

    /// Forgets the sessions expired by `now`; how many.
    async fn forget_sessions(&self, now: i64) -> Result<u64, StoreError>;
}

#[async_trait::async_trait]
impl UserStore for crate::storage::Sqlite {
    async fn create_user(&self, user: &User, now: i64) -> Result<bool, StoreError> {
        let owned = user.clone();
        self.write(move |store| store.create_user(&owned, now))
            .await
    }

    async fn user(&self, key: &str) -> Result<Option<User>, StoreError> {
        let owned = key.to_string();
        self.read(move |store| store.user(&owned)).await
    }

    async fn change_hash(
        &self,
        key: &str,
        old: &str,
        new: &str,
        except: Option<&str>,
    ) -> Result<Option<u64>, StoreError> {
        let (k, o, n, e) = (
            key.to_string(),
            old.to_string(),
            new.to_string(),
            except.map(str::to_string),
        );
        self.write(move |store| {
            store
                .change_hash(&k, &o, &n, e.as_deref())
                .map(|ended| ended.map(|n| n as u64))
        })
        .await
    }

    async fn delete_user(&self, key: &str) -> Result<bool, StoreError> {
        let owned = key.to_string();
        self.write(move |store| store.delete_user(&owned)).await
    }

    async fn add_session(
        &self,
        token: &str,
        key: &str,
        hash: &str,
        expires: i64,
    ) -> Result<bool, StoreError> {
        let (t, k, h) = (token.to_string(), key.to_string(), hash.to_string());
        self.write(move |store| store.add_session(&t, &k, &h, expires))
            .await
    }

    async fn session_user(&self, token: &str, now: i64) -> Result<Option<String>, StoreError> {
        let owned = token.to_string();
        self.read(move |store| store.session_user(&owned, now))
            .await
    }

    async fn end_sessions(&self, key: &str, except: Option<&str>) -> Result<u64, StoreError> {
        let (k, e) = (key.to_string(), except.map(str::to_string));
        self.write(move |store| store.end_sessions(&k, e.as_deref()).map(|n| n as u64))
            .await
    }

    async fn end_session(&self, token: &str) -> Result<(), StoreError> {
        let owned = token.to_string();
        self.write(move |store| store.end_session(&owned)).await
    }

    async fn forget_sessions(&self, now: i64) -> Result<u64, StoreError> {
        self.write(move |store| store.forget_sessions(now).map(|n| n as u64))
            .await
    }
}

#[async_trait::async_trait]
impl UserStore for crate::storage::Postgres {
    async fn create_user(&self, user: &User, now: i64) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let added = pg
            .execute(
                "INSERT INTO users (key, name, hash, created, bot) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (key) DO NOTHING",
                &[&user.key, &user.name, &user.hash, &now, &user.bot],
            )
            .await?;
        Ok(added == 1)
    }

    async fn user(&self, key: &str) -> Result<Option<User>, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(
                "SELECT key, name, hash, bot FROM users WHERE key = $1",
                &[&key],
            )
            .await?;
        Ok(row.map(|r| User {
            key: r.get(0),
            name: r.get(1),
            hash: r.get(2),
            bot: r.get(3),
        }))
    }

    async fn change_hash(
        &self,
        key: &str,
        old: &str,
        new: &str,
        except: Option<&str>,
    ) -> Result<Option<u64>, StoreError> {
        let pg = self.opened().await?;
        use crate::storage::postgres::storage;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        // The update locks the account's row until the commit: a
        // login adding a session waits for it, then finds the new
        // hash ([`Db::add_session`]).
        let changed = tx
            .execute(
                "UPDATE users SET hash = $3 WHERE key = $1 AND hash = $2",
                &[&key, &old, &new],
            )
            .await
            .map_err(storage)?;
        if changed != 1 {
            return Ok(None);
        }
        let ended = tx
            .execute(
                "DELETE FROM sessions WHERE user_key = $1 AND token IS DISTINCT FROM $2",
                &[&key, &except],
            )
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(Some(ended))
    }

    async fn delete_user(&self, key: &str) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        use crate::storage::postgres::storage;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        for sql in [
            "DELETE FROM seeks WHERE user_key = $1 OR target = $1",
            "DELETE FROM follows WHERE follower = $1 OR followed = $1",
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
    }

    async fn add_session(
        &self,
        token: &str,
        key: &str,
        hash: &str,
        expires: i64,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        use crate::storage::postgres::storage;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        // Locks the account's row against a change or a delete
        // until the session is in (and waits for one under way).
        let current = tx
            .query_opt(
                "SELECT 1 FROM users WHERE key = $1 AND hash = $2 FOR SHARE",
                &[&key, &hash],
            )
            .await
            .map_err(storage)?;
        if current.is_none() {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO sessions (token, user_key, expires) VALUES ($1, $2, $3)",
            &[&token, &key, &expires],
        )
        .await
        .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }

    async fn session_user(&self, token: &str, now: i64) -> Result<Option<String>, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(
                "SELECT user_key FROM sessions WHERE token = $1 AND expires > $2",
                &[&token, &now],
            )
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    async fn end_sessions(&self, key: &str, except: Option<&str>) -> Result<u64, StoreError> {
        let pg = self.opened().await?;
        pg.execute(
            "DELETE FROM sessions WHERE user_key = $1 AND token IS DISTINCT FROM $2",
            &[&key, &except],
        )
        .await
    }

    async fn end_session(&self, token: &str) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute("DELETE FROM sessions WHERE token = $1", &[&token])
            .await?;
        Ok(())
    }

    async fn forget_sessions(&self, now: i64) -> Result<u64, StoreError> {
        let pg = self.opened().await?;
        pg.execute("DELETE FROM sessions WHERE expires <= $1", &[&now])
            .await
    }
}
