//! Where the chat of each game and the reports are kept, on either store.
//! A chat line is kept by the process it was said through, once; a report
//! takes the game's chat as it stood when it was made.

use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

/// The lines of a game's chat a report takes at most (the latest).
pub const LINES_KEPT_IN_A_REPORT: i64 = 200;

/// How long chat lines are kept (seconds): long enough for a report to be
/// filed after a game; a report keeps its own copy of the lines it took.
pub const CHAT_KEPT_FOR: i64 = 30 * 24 * 60 * 60;

/// A chat line as said: when (seconds), by which side (`white`, `black`,
/// `spectator`), and the line as the wire carries it (a text, or a phrase's
/// name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub at: i64,
    pub side: String,
    pub line: String,
}

/// A report as it is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub id: String,
    /// The reporter's and the reported player's account keys.
    pub reporter: String,
    pub reported: String,
    /// The reason's code (`insult`, `cheating`…).
    pub reason: String,
    pub note: String,
    pub game: Option<String>,
    /// The game's chat when the report was made, as JSON ([`ChatLine`]s).
    pub chat: String,
    pub created: i64,
    /// When a moderator handled it.
    pub handled: Option<i64>,
}

const KEEP_CHAT: &str = "INSERT INTO chat_lines (game, at, side, line) VALUES (?1, ?2, ?3, ?4)";
const FORGET_CHAT: &str = "DELETE FROM chat_lines WHERE at < ?1";
const FORGET_TOURNAMENT_CHAT: &str = "DELETE FROM tournament_chat WHERE at < ?1";
const CHAT_OF: &str =
    "SELECT at, side, line FROM chat_lines WHERE game = ?1 ORDER BY id DESC LIMIT ?2";
const ADD_REPORT: &str = "INSERT INTO reports
     (id, reporter, reported, reason, note, game, chat, created, handled)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";
/// A report's columns, in the order [`report_of`] and [`pg_report_of`] read.
pub(crate) const REPORT_COLUMNS: &str =
    "id, reporter, reported, reason, note, game, chat, created, handled";
const REPORTS_BY: &str = "FROM reports WHERE reporter = ?1 ORDER BY created DESC, id LIMIT 100";
const REPORTS_ON: &str = "FROM reports WHERE reported = ?1 ORDER BY created DESC, id LIMIT 100";
const REPORTS_SINCE: &str = "SELECT count(*) FROM reports WHERE reporter = ?1 AND created >= ?2";

/// A report read from a SQLite row of [`REPORT_COLUMNS`].
pub(crate) fn report_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Report> {
    Ok(Report {
        id: r.get(0)?,
        reporter: r.get(1)?,
        reported: r.get(2)?,
        reason: r.get(3)?,
        note: r.get(4)?,
        game: r.get(5)?,
        chat: r.get(6)?,
        created: r.get(7)?,
        handled: r.get(8)?,
    })
}

/// A report read from a PostgreSQL row of [`REPORT_COLUMNS`].
pub(crate) fn pg_report_of(r: &tokio_postgres::Row) -> Report {
    Report {
        id: r.get(0),
        reporter: r.get(1),
        reported: r.get(2),
        reason: r.get(3),
        note: r.get(4),
        game: r.get(5),
        chat: r.get(6),
        created: r.get(7),
        handled: r.get(8),
    }
}

impl Store {
    fn keep_chat(&mut self, game: &str, at: i64, side: &str, line: &str) -> Result<(), StoreError> {
        self.db.execute(KEEP_CHAT, params![game, at, side, line])?;
        Ok(())
    }

    fn chat_of(&self, game: &str) -> Result<Vec<ChatLine>, StoreError> {
        let mut statement = self.db.prepare_cached(CHAT_OF)?;
        let mut lines = statement
            .query_map(params![game, LINES_KEPT_IN_A_REPORT], |r| {
                Ok(ChatLine {
                    at: r.get(0)?,
                    side: r.get(1)?,
                    line: r.get(2)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        lines.reverse();
        Ok(lines)
    }

    fn add_report(&mut self, r: &Report) -> Result<(), StoreError> {
        self.db.execute(
            ADD_REPORT,
            params![
                r.id, r.reporter, r.reported, r.reason, r.note, r.game, r.chat, r.created,
                r.handled
            ],
        )?;
        Ok(())
    }

    /// The reports `tail` ([`REPORTS_BY`], [`REPORTS_ON`]) picks for `who`.
    fn reports_of(&self, tail: &str, who: &str) -> Result<Vec<Report>, StoreError> {
        let mut statement = self
            .db
            .prepare_cached(&format!("SELECT {REPORT_COLUMNS} {tail}"))?;
        let found = statement
            .query_map(params![who], report_of)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(found)
    }

    fn reports_since(&self, reporter: &str, since: i64) -> Result<i64, StoreError> {
        Ok(self
            .db
            .query_row(REPORTS_SINCE, params![reporter, since], |r| r.get(0))?)
    }
}

/// The chat kept and the reports, on either store.
#[async_trait::async_trait]
pub trait SafetyStore: Send + Sync {
    /// Keeps a chat line said in `game`.
    async fn keep_chat(
        &self,
        game: &str,
        at: i64,
        side: &str,
        line: &str,
    ) -> Result<(), StoreError>;

    /// The latest lines of a game's chat, oldest first.
    async fn chat_of(&self, game: &str) -> Result<Vec<ChatLine>, StoreError>;

    /// Forgets the chat lines said before `before`; how many.
    async fn forget_chat(&self, before: i64) -> Result<u64, StoreError>;

    async fn add_report(&self, report: &Report) -> Result<(), StoreError>;

    /// The reports `reporter` made, newest first (the latest 100).
    async fn reports_by(&self, reporter: &str) -> Result<Vec<Report>, StoreError>;

    /// The reports made on `player`, newest first (the latest 100).
    async fn reports_on(&self, player: &str) -> Result<Vec<Report>, StoreError>;

    /// How many reports `reporter` made at or after `since`.
    async fn reports_since(&self, reporter: &str, since: i64) -> Result<i64, StoreError>;
}

#[async_trait::async_trait]
impl SafetyStore for crate::storage::Sqlite {
    async fn keep_chat(
        &self,
        game: &str,
        at: i64,
        side: &str,
        line: &str,
    ) -> Result<(), StoreError> {
        let (g, s, l) = (game.to_string(), side.to_string(), line.to_string());
        self.write(move |store| store.keep_chat(&g, at, &s, &l))
            .await
    }

    async fn chat_of(&self, game: &str) -> Result<Vec<ChatLine>, StoreError> {
        let g = game.to_string();
        self.read(move |store| store.chat_of(&g)).await
    }

    async fn forget_chat(&self, before: i64) -> Result<u64, StoreError> {
        self.write(move |store| {
            let games = store.db.execute(FORGET_CHAT, params![before])?;
            let tournaments = store.db.execute(FORGET_TOURNAMENT_CHAT, params![before])?;
            Ok((games + tournaments) as u64)
        })
        .await
    }

    async fn add_report(&self, report: &Report) -> Result<(), StoreError> {
        let r = report.clone();
        self.write(move |store| store.add_report(&r)).await
    }

    async fn reports_by(&self, reporter: &str) -> Result<Vec<Report>, StoreError> {
        let r = reporter.to_string();
        self.read(move |store| store.reports_of(REPORTS_BY, &r))
            .await
    }

    async fn reports_on(&self, player: &str) -> Result<Vec<Report>, StoreError> {
        let p = player.to_string();
        self.read(move |store| store.reports_of(REPORTS_ON, &p))
            .await
    }

    async fn reports_since(&self, reporter: &str, since: i64) -> Result<i64, StoreError> {
        let r = reporter.to_string();
        self.read(move |store| store.reports_since(&r, since)).await
    }
}

#[async_trait::async_trait]
impl SafetyStore for crate::storage::Postgres {
    async fn keep_chat(
        &self,
        game: &str,
        at: i64,
        side: &str,
        line: &str,
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(&numbered(KEEP_CHAT), &[&game, &at, &side, &line])
            .await?;
        Ok(())
    }

    async fn forget_chat(&self, before: i64) -> Result<u64, StoreError> {
        let pg = self.opened().await?;
        let games = pg.execute(&numbered(FORGET_CHAT), &[&before]).await?;
        let tournaments = pg
            .execute(&numbered(FORGET_TOURNAMENT_CHAT), &[&before])
            .await?;
        Ok(games + tournaments)
    }

    async fn chat_of(&self, game: &str) -> Result<Vec<ChatLine>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg
            .query(&numbered(CHAT_OF), &[&game, &LINES_KEPT_IN_A_REPORT])
            .await?;
        let mut lines: Vec<ChatLine> = rows
            .iter()
            .map(|r| ChatLine {
                at: r.get(0),
                side: r.get(1),
                line: r.get(2),
            })
            .collect();
        lines.reverse();
        Ok(lines)
    }

    async fn add_report(&self, r: &Report) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.execute(
            &numbered(ADD_REPORT),
            &[
                &r.id,
                &r.reporter,
                &r.reported,
                &r.reason,
                &r.note,
                &r.game,
                &r.chat,
                &r.created,
                &r.handled,
            ],
        )
        .await?;
        Ok(())
    }

    async fn reports_by(&self, reporter: &str) -> Result<Vec<Report>, StoreError> {
        let pg = self.opened().await?;
        let sql = numbered(&format!("SELECT {REPORT_COLUMNS} {REPORTS_BY}"));
        let rows = pg.query(&sql, &[&reporter]).await?;
        Ok(rows.iter().map(pg_report_of).collect())
    }

    async fn reports_on(&self, player: &str) -> Result<Vec<Report>, StoreError> {
        let pg = self.opened().await?;
        let sql = numbered(&format!("SELECT {REPORT_COLUMNS} {REPORTS_ON}"));
        let rows = pg.query(&sql, &[&player]).await?;
        Ok(rows.iter().map(pg_report_of).collect())
    }

    async fn reports_since(&self, reporter: &str, since: i64) -> Result<i64, StoreError> {
        let pg = self.opened().await?;
        let row = pg
            .query_opt(&numbered(REPORTS_SINCE), &[&reporter, &since])
            .await?;
        Ok(row.map_or(0, |r| r.get(0)))
    }
}
