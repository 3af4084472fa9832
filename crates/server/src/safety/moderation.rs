//! Moderators and what they do, on either store: who is a moderator
//! (granted on the command line), the open reports oldest first, and each
//! action taken (who, on whom, why), which also marks its report handled.

use rusqlite::params;

use super::effects::{apply_pg, apply_sqlite, may_rename_pg, may_rename_sqlite};
pub use super::effects::{Effect, RenameRefused};
use super::store::{pg_report_of, report_of, Report, REPORT_COLUMNS};
use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

/// What lasts of an action: a mute until a time, or a closed account
/// (`until` none: for good).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sanction {
    /// `mute` or `close`.
    pub kind: &'static str,
    pub until: Option<i64>,
}

pub const MUTED: &str = "mute";
pub const CLOSED: &str = "close";
/// A cheater's mark: rated play refused for good.
pub const CHEATER: &str = "cheat";

/// What came of an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// Its report was handled already: nothing was done.
    AlreadyHandled,
    /// A rename that cannot be made: nothing was done.
    Refused(RenameRefused),
}

/// An action a moderator took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub id: String,
    pub moderator: String,
    pub player: String,
    /// Its code (`dismiss`, `warn`…).
    pub action: String,
    pub reason: String,
    /// The report it handled, if any.
    pub report: Option<String>,
    pub created: i64,
    /// What lasts of it, if anything.
    pub sanction: Option<Sanction>,
    /// What it changes besides.
    pub effect: Effect,
}

const GRANT: &str =
    "INSERT INTO moderators (user_key, granted) VALUES (?1, ?2) ON CONFLICT DO NOTHING";
const REVOKE: &str = "DELETE FROM moderators WHERE user_key = ?1";
const IS_MODERATOR: &str = "SELECT count(*) FROM moderators WHERE user_key = ?1";
const OPEN_REPORTS: &str = "FROM reports WHERE handled IS NULL ORDER BY created, id LIMIT 100";
const OPEN_REPORT: &str = "FROM reports WHERE id = ?1 AND handled IS NULL";
const OPEN_COUNTS: &str = "SELECT (SELECT count(*) FROM reports WHERE handled IS NULL),
     (SELECT count(*) FROM flags WHERE handled IS NULL)";
const LOG: &str = "INSERT INTO mod_actions (id, moderator, player, action, reason, report, created)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
const HANDLE: &str = "UPDATE reports SET handled = ?2 WHERE id = ?1 AND handled IS NULL";
const SANCTION: &str = "INSERT INTO sanctions (user_key, kind, reason, until, action, created)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (user_key, kind) DO UPDATE SET reason = excluded.reason, until = excluded.until,
     action = excluded.action, created = excluded.created";
const SANCTION_OF: &str = "SELECT reason, until FROM sanctions
     WHERE user_key = ?1 AND kind = ?2 AND (until IS NULL OR until > ?3)";
const ACTIONS_ON: &str = "SELECT id, moderator, player, action, reason, report, created
     FROM mod_actions WHERE player = ?1 ORDER BY created DESC, id LIMIT 100";

impl Store {
    fn grant(&mut self, user: &str, on: bool, now: i64) -> Result<(), StoreError> {
        if on {
            self.db.execute(GRANT, params![user, now])?;
        } else {
            self.db.execute(REVOKE, params![user])?;
        }
        Ok(())
    }

    fn is_moderator(&self, user: &str) -> Result<bool, StoreError> {
        let n: i64 = self
            .db
            .query_row(IS_MODERATOR, params![user], |r| r.get(0))?;
        Ok(n > 0)
    }

    fn open_reports(&self) -> Result<Vec<Report>, StoreError> {
        let mut statement = self
            .db
            .prepare_cached(&format!("SELECT {REPORT_COLUMNS} {OPEN_REPORTS}"))?;
        let found = statement
            .query_map([], report_of)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(found)
    }

    fn open_report(&self, id: &str) -> Result<Option<Report>, StoreError> {
        let mut statement = self
            .db
            .prepare_cached(&format!("SELECT {REPORT_COLUMNS} {OPEN_REPORT}"))?;
        let mut rows = statement.query(params![id])?;
        Ok(rows.next()?.map(report_of).transpose()?)
    }

    fn act(&mut self, a: &Action) -> Result<Outcome, StoreError> {
        let tx = self
            .db
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        if let Effect::Rename { key, .. } = &a.effect {
            if let Some(why) = may_rename_sqlite(&tx, &a.player, key)? {
                return Ok(Outcome::Refused(why));
            }
        }
        let handled = match &a.report {
            Some(report) => tx.execute(HANDLE, params![report, a.created])? == 1,
            None => true,
        };
        if handled {
            tx.execute(
                LOG,
                params![
                    a.id,
                    a.moderator,
                    a.player,
                    a.action,
                    a.reason,
                    a.report,
                    a.created
                ],
            )?;
            if let Some(s) = &a.sanction {
                tx.execute(
                    SANCTION,
                    params![a.player, s.kind, a.reason, s.until, a.id, a.created],
                )?;
            }
            apply_sqlite(&tx, &a.player, &a.effect, a.created)?;
        }
        tx.commit()?;
        Ok(if handled {
            Outcome::Done
        } else {
            Outcome::AlreadyHandled
        })
    }

    fn sanction_of(
        &self,
        user: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<(String, Option<i64>)>, StoreError> {
        let mut statement = self.db.prepare_cached(SANCTION_OF)?;
        let mut rows = statement.query(params![user, kind, now])?;
        match rows.next()? {
            Some(r) => Ok(Some((r.get(0)?, r.get(1)?))),
            None => Ok(None),
        }
    }

    fn actions_on(&self, player: &str) -> Result<Vec<Action>, StoreError> {
        let mut statement = self.db.prepare_cached(ACTIONS_ON)?;
        let found = statement
            .query_map(params![player], |r| {
                Ok(Action {
                    id: r.get(0)?,
                    moderator: r.get(1)?,
                    player: r.get(2)?,
                    action: r.get(3)?,
                    reason: r.get(4)?,
                    report: r.get(5)?,
                    created: r.get(6)?,
                    sanction: None,
                    effect: Effect::None,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(found)
    }
}

/// Grants (`on`) or takes back the moderator role of the account `name`,
/// on the database `url` (the operator's command line).
pub async fn grant(url: &str, name: &str, on: bool) -> Result<(), String> {
    let key = crate::accounts::name_key(name).map_err(|_| format!("{name:?} is no username"))?;
    let (db, opening) = crate::storage::Db::open(url, std::time::Duration::from_secs(5));
    match opening.await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(e.to_string()),
        Err(_) => return Err("the database did not open".to_string()),
    }
    if db.user(&key).await.map_err(|e| e.to_string())?.is_none() {
        return Err(format!("there is no account {name:?}"));
    }
    let now = crate::time::Time::system().now();
    db.grant(&key, on, now).await.map_err(|e| e.to_string())
}

/// Moderators and their actions, on either store.
#[async_trait::async_trait]
pub trait ModerationStore: Send + Sync {
    /// Makes `user` a moderator (`on`), or no longer one.
    async fn grant(&self, user: &str, on: bool, now: i64) -> Result<(), StoreError>;

    async fn is_moderator(&self, user: &str) -> Result<bool, StoreError>;

    /// The reports nobody has handled, oldest first (the first 100).
    async fn open_reports(&self) -> Result<Vec<Report>, StoreError>;

    /// The report `id`, if nobody has handled it yet.
    async fn open_report(&self, id: &str) -> Result<Option<Report>, StoreError>;

    /// How many reports and fair-play flags wait for a moderator.
    async fn open_counts(&self) -> Result<(i64, i64), StoreError>;

    /// Logs an action, marking its report handled, with its sanction and
    /// its effect, in one transaction; nothing is done when that report
    /// was handled already or a rename cannot be made.
    async fn act(&self, action: &Action) -> Result<Outcome, StoreError>;

    /// The actions taken on `player`, newest first.
    async fn actions_on(&self, player: &str) -> Result<Vec<Action>, StoreError>;

    /// `user`'s sanction of `kind` in force at `now`: its reason, and
    /// until when (none: for good).
    async fn sanction_of(
        &self,
        user: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<(String, Option<i64>)>, StoreError>;
}

#[async_trait::async_trait]
impl ModerationStore for crate::storage::Sqlite {
    async fn grant(&self, user: &str, on: bool, now: i64) -> Result<(), StoreError> {
        let u = user.to_string();
        self.write(move |store| store.grant(&u, on, now)).await
    }

    async fn is_moderator(&self, user: &str) -> Result<bool, StoreError> {
        let u = user.to_string();
        self.read(move |store| store.is_moderator(&u)).await
    }

    async fn open_reports(&self) -> Result<Vec<Report>, StoreError> {
        self.read(|store| store.open_reports()).await
    }

    async fn open_report(&self, id: &str) -> Result<Option<Report>, StoreError> {
        let id = id.to_string();
        self.read(move |store| store.open_report(&id)).await
    }

    async fn open_counts(&self) -> Result<(i64, i64), StoreError> {
        self.read(|store| {
            Ok(store
                .db
                .query_row(OPEN_COUNTS, [], |r| Ok((r.get(0)?, r.get(1)?)))?)
        })
        .await
    }

    async fn act(&self, action: &Action) -> Result<Outcome, StoreError> {
        let a = action.clone();
        self.write(move |store| store.act(&a)).await
    }

    async fn actions_on(&self, player: &str) -> Result<Vec<Action>, StoreError> {
        let p = player.to_string();
        self.read(move |store| store.actions_on(&p)).await
    }

    async fn sanction_of(
        &self,
        user: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<(String, Option<i64>)>, StoreError> {
        let (u, k) = (user.to_string(), kind.to_string());
        self.read(move |store| store.sanction_of(&u, &k, now)).await
    }
}

#[async_trait::async_trait]
impl ModerationStore for crate::storage::Postgres {
    async fn grant(&self, user: &str, on: bool, now: i64) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        if on {
            pg.execute(&numbered(GRANT), &[&user, &now]).await?;
        } else {
            pg.execute(&numbered(REVOKE), &[&user]).await?;
        }
        Ok(())
    }

    async fn is_moderator(&self, user: &str) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        let row = pg.query_opt(&numbered(IS_MODERATOR), &[&user]).await?;
        Ok(row.is_some_and(|r| r.get::<_, i64>(0) > 0))
    }

    async fn open_reports(&self) -> Result<Vec<Report>, StoreError> {
        let pg = self.opened().await?;
        let sql = numbered(&format!("SELECT {REPORT_COLUMNS} {OPEN_REPORTS}"));
        let rows = pg.query(&sql, &[]).await?;
        Ok(rows.iter().map(pg_report_of).collect())
    }

    async fn open_counts(&self) -> Result<(i64, i64), StoreError> {
        let pg = self.opened().await?;
        let row = pg.query_opt(OPEN_COUNTS, &[]).await?;
        Ok(row.map_or((0, 0), |r| (r.get(0), r.get(1))))
    }

    async fn open_report(&self, id: &str) -> Result<Option<Report>, StoreError> {
        let pg = self.opened().await?;
        let sql = numbered(&format!("SELECT {REPORT_COLUMNS} {OPEN_REPORT}"));
        let row = pg.query_opt(&sql, &[&id]).await?;
        Ok(row.as_ref().map(pg_report_of))
    }

    async fn act(&self, a: &Action) -> Result<Outcome, StoreError> {
        let pg = self.opened().await?;
        let mut client = pg.client().await?;
        let tx = client.transaction().await?;
        if let Effect::Rename { key, .. } = &a.effect {
            // One rename of an account at a time.
            tx.execute(
                "SELECT key FROM users WHERE key = $1 FOR UPDATE",
                &[&a.player],
            )
            .await?;
            if let Some(why) = may_rename_pg(&tx, &a.player, key).await? {
                return Ok(Outcome::Refused(why));
            }
        }
        let handled = match &a.report {
            Some(report) => tx.execute(&numbered(HANDLE), &[report, &a.created]).await? == 1,
            None => true,
        };
        if handled {
            tx.execute(
                &numbered(LOG),
                &[
                    &a.id,
                    &a.moderator,
                    &a.player,
                    &a.action,
                    &a.reason,
                    &a.report,
                    &a.created,
                ],
            )
            .await?;
            if let Some(s) = &a.sanction {
                tx.execute(
                    &numbered(SANCTION),
                    &[&a.player, &s.kind, &a.reason, &s.until, &a.id, &a.created],
                )
                .await?;
            }
            apply_pg(&tx, &a.player, &a.effect, a.created).await?;
        }
        tx.commit().await?;
        Ok(if handled {
            Outcome::Done
        } else {
            Outcome::AlreadyHandled
        })
    }

    async fn actions_on(&self, player: &str) -> Result<Vec<Action>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(ACTIONS_ON), &[&player]).await?;
        Ok(rows
            .iter()
            .map(|r| Action {
                id: r.get(0),
                moderator: r.get(1),
                player: r.get(2),
                action: r.get(3),
                reason: r.get(4),
                report: r.get(5),
                created: r.get(6),
                sanction: None,
                effect: Effect::None,
            })
            .collect())
    }

    async fn sanction_of(
        &self,
        user: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<(String, Option<i64>)>, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(&numbered(SANCTION_OF), &[&user, &kind, &now])
            .await?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }
}
