//! What a signed-in player is told when they come, on either store: a mute
//! in force (with its reason and end), and the warnings they had and the
//! reports of theirs a moderator handled since they last read their
//! notices.

use online_play::api::Notice;
use rusqlite::params;

use super::moderation::{CHEATER, MUTED};
use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

const READ_AT: &str = "SELECT read FROM notices_read WHERE user_key = ?1";
const MUTE: &str = "SELECT reason, until FROM sanctions
     WHERE user_key = ?1 AND kind = ?2 AND until > ?3";
const MARKED: &str = "SELECT reason FROM sanctions WHERE user_key = ?1 AND kind = ?2";
const WARNINGS: &str = "SELECT reason, created, action FROM mod_actions
     WHERE player = ?1 AND action IN ('warn', 'rename') AND created > ?2
     ORDER BY created, id LIMIT 20";
const HANDLED: &str = "SELECT coalesce(u.name, r.reported), r.handled FROM reports r
     LEFT JOIN users u ON u.key = r.reported
     WHERE r.reporter = ?1 AND r.handled > ?2 ORDER BY r.handled, r.id LIMIT 20";
const MARK_READ: &str = "INSERT INTO notices_read (user_key, read) VALUES (?1, ?2)
     ON CONFLICT (user_key) DO UPDATE SET read = excluded.read";

/// A warning, or a rename, as told.
fn warning(reason: String, at: i64, action: &str) -> Notice {
    if action == "rename" {
        Notice::Renamed { reason, at }
    } else {
        Notice::Warned { reason, at }
    }
}

impl Store {
    fn notices(&self, user: &str, now: i64) -> Result<Vec<Notice>, StoreError> {
        let read: i64 = self
            .db
            .query_row(READ_AT, params![user], |r| r.get(0))
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(0),
                e => Err(e),
            })?;
        let mut told = Vec::new();
        let mut mute = self.db.prepare_cached(MUTE)?;
        for row in mute.query_map(params![user, MUTED, now], |r| {
            Ok(Notice::Muted {
                reason: r.get(0)?,
                until: r.get(1)?,
            })
        })? {
            told.push(row?);
        }
        let mut marked = self.db.prepare_cached(MARKED)?;
        for row in marked.query_map(params![user, CHEATER], |r| {
            Ok(Notice::Marked { reason: r.get(0)? })
        })? {
            told.push(row?);
        }
        let mut warnings = self.db.prepare_cached(WARNINGS)?;
        for row in warnings.query_map(params![user, read], |r| {
            Ok(warning(r.get(0)?, r.get(1)?, &r.get::<_, String>(2)?))
        })? {
            told.push(row?);
        }
        let mut handled = self.db.prepare_cached(HANDLED)?;
        for row in handled.query_map(params![user, read], |r| {
            Ok(Notice::ReportHandled {
                player: r.get(0)?,
                at: r.get(1)?,
            })
        })? {
            told.push(row?);
        }
        Ok(told)
    }
}

/// Notices, on either store.
#[async_trait::async_trait]
pub trait NoticeStore: Send + Sync {
    /// What `user` is to be told at `now`.
    async fn notices(&self, user: &str, now: i64) -> Result<Vec<Notice>, StoreError>;

    /// `user` read their notices at `now`: what came before is not told
    /// again (a mute in force still is).
    async fn notices_read(&self, user: &str, now: i64) -> Result<(), StoreError>;
}

#[async_trait::async_trait]
impl NoticeStore for crate::storage::Sqlite {
    async fn notices(&self, user: &str, now: i64) -> Result<Vec<Notice>, StoreError> {
        let u = user.to_string();
        self.read(move |store| store.notices(&u, now)).await
    }

    async fn notices_read(&self, user: &str, now: i64) -> Result<(), StoreError> {
        let u = user.to_string();
        self.write(move |store| {
            store.db.execute(MARK_READ, params![u, now])?;
            Ok(())
        })
        .await
    }
}

#[async_trait::async_trait]
impl NoticeStore for crate::storage::Postgres {
    async fn notices(&self, user: &str, now: i64) -> Result<Vec<Notice>, StoreError> {
        let pg = self.opened().await?;
        let read = pg
            .query_opt(&numbered(READ_AT), &[&user])
            .await?
            .map_or(0, |r| r.get::<_, i64>(0));
        let mut told: Vec<Notice> = pg
            .query(&numbered(MUTE), &[&user, &MUTED, &now])
            .await?
            .iter()
            .map(|r| Notice::Muted {
                reason: r.get(0),
                until: r.get(1),
            })
            .collect();
        told.extend(
            pg.query(&numbered(MARKED), &[&user, &CHEATER])
                .await?
                .iter()
                .map(|r| Notice::Marked { reason: r.get(0) }),
        );
        told.extend(
            pg.query(&numbered(WARNINGS), &[&user, &read])
                .await?
                .iter()
                .map(|r| warning(r.get(0), r.get(1), r.get(2))),
        );
        told.extend(
            pg.query(&numbered(HANDLED), &[&user, &read])
                .await?
                .iter()
                .map(|r| Notice::ReportHandled {
                    player: r.get(0),
                    at: r.get(1),
                }),
        );
        Ok(told)
    }

    async fn notices_read(&self, user: &str, now: i64) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(MARK_READ), &[&user, &now]).await?;
        Ok(())
    }
}
