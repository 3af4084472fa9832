//! Games and their events in SQLite: one file, written in WAL mode, each
//! batch of events committed before anyone is told about it. This is the
//! embedded default; [`crate::storage::postgres`] keeps the same in PostgreSQL, for
//! several server processes. What both share (rows, errors, the stored
//! form of events) is here.

use online_play::EventBody;
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension};

use online_play::Room;

/// A failure of the storage. Its text is for the server's log, never for a
/// client.
#[derive(Debug)]
pub enum StoreError {
    Sqlite(rusqlite::Error),
    Postgres(tokio_postgres::Error),
    /// No PostgreSQL connection could be had (the database cannot be
    /// reached, or the pool could not be set up).
    Pool(String),
    /// Stored data that does not replay (a bug or a damaged file).
    Corrupt(String),
    /// The database is not open (it failed to open), or the thread that
    /// ran the call failed.
    Closed,
    /// The database is not one of this server's: what it lacks, or that a
    /// newer version made it.
    Foreign(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "storage: {e}"),
            StoreError::Postgres(e) => match e.as_db_error() {
                Some(db) => write!(f, "storage: {} ({})", db.message(), db.code().code()),
                None => match std::error::Error::source(e) {
                    Some(cause) => write!(f, "storage: {e}: {cause}"),
                    None => write!(f, "storage: {e}"),
                },
            },
            StoreError::Pool(e) => write!(f, "storage: no connection: {e}"),
            StoreError::Corrupt(why) => write!(f, "stored game does not replay: {why}"),
            StoreError::Closed => f.write_str("the database is not open"),
            StoreError::Foreign(why) => write!(
                f,
                "the database is not this server's (another program's, or a newer version's): {why}"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// Whether a unique value (a game id, a join code) was taken already.
    pub fn is_taken(&self) -> bool {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(failure, _)) => {
                failure.code == rusqlite::ErrorCode::ConstraintViolation
            }
            StoreError::Postgres(e) => {
                e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION)
            }
            _ => false,
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Sqlite(e)
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        StoreError::Postgres(e)
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> StoreError {
        match e {
            deadpool_postgres::PoolError::Backend(e) => StoreError::Postgres(e),
            other => StoreError::Pool(other.to_string()),
        }
    }
}

/// An event as stored: its JSON text.
pub(crate) fn event_text(event: &EventBody) -> Result<String, StoreError> {
    serde_json::to_string(event).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// An event from its stored text.
pub(crate) fn event_from_text(text: &str) -> Result<EventBody, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// The column of the seat of side `side_index` (0 White, 1 Black).
pub(crate) fn seat_column(side_index: usize) -> &'static str {
    if side_index == 0 {
        "white"
    } else {
        "black"
    }
}

/// A game rebuilt from its row and stored events.
pub(crate) fn replay(row: GameRow, events: &[EventBody]) -> Result<(GameRow, Room), StoreError> {
    let mut room = Room::new(&row.header, row.suggestions).map_err(StoreError::Corrupt)?;
    if let Some(control) = &row.clock {
        room = room.timed(control.parse().map_err(StoreError::Corrupt)?);
    }
    for event in events {
        room.apply(event).map_err(StoreError::Corrupt)?;
    }
    Ok((row, room))
}

/// What is stored about a game besides its events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    /// The record line of the start (`classic`, `turkish option …`).
    pub header: String,
    pub suggestions: bool,
    /// Hashes of the seat tokens, White's and Black's.
    pub seats: [Option<String>; 2],
    /// The join code (compact form) and when it expires (Unix seconds).
    pub code: Option<(String, i64)>,
    /// The time control of a game with clocks (`3+2`).
    pub clock: Option<String>,
    /// The accounts (keys) that play White and Black, when known (games
    /// paired in the lobby).
    pub players: [Option<String>; 2],
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// The names the players are shown by (an account's, or a guest's), when
    /// known (games paired in the lobby).
    pub names: [Option<String>; 2],
}

/// The schema, one step per migration file (`migrations/sqlite/`), in
/// order; a database's `user_version` counts the steps it has had. The
/// first step is also the schema of databases made before migrations were
/// counted.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/sqlite/0001_games.sql"),
    include_str!("../../migrations/sqlite/0002_accounts.sql"),
    include_str!("../../migrations/sqlite/0003_clocks.sql"),
    include_str!("../../migrations/sqlite/0004_lobby.sql"),
    include_str!("../../migrations/sqlite/0005_sessions_of_users.sql"),
    include_str!("../../migrations/sqlite/0006_devices.sql"),
    include_str!("../../migrations/sqlite/0007_fair_play.sql"),
    include_str!("../../migrations/sqlite/0008_reports.sql"),
    include_str!("../../migrations/sqlite/0009_relations.sql"),
    include_str!("../../migrations/sqlite/0010_moderation.sql"),
    include_str!("../../migrations/sqlite/0011_sanctions.sql"),
    include_str!("../../migrations/sqlite/0012_notices.sql"),
    include_str!("../../migrations/sqlite/0013_rating_moves.sql"),
    include_str!("../../migrations/sqlite/0014_flags.sql"),
    include_str!("../../migrations/sqlite/0015_tournaments.sql"),
    include_str!("../../migrations/sqlite/0016_challenges_and_bots.sql"),
    include_str!("../../migrations/sqlite/0017_push.sql"),
];

/// Applies the migrations `db` has not had, with its count, in one
/// transaction (which also keeps two processes from migrating at once).
pub(crate) fn migrate(db: &mut Connection) -> Result<(), StoreError> {
    let tx = db.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let done: usize = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if done > MIGRATIONS.len() {
        return Err(StoreError::Foreign(format!(
            "it has had {done} schema steps, and this server knows {}",
            MIGRATIONS.len()
        )));
    }
    for sql in MIGRATIONS.iter().skip(done) {
        tx.execute_batch(sql)?;
    }
    if done < MIGRATIONS.len() {
        tx.pragma_update(None, "user_version", MIGRATIONS.len())?;
    }
    tx.commit()?;
    Ok(())
}

/// The database.
#[derive(Debug)]
pub struct Store {
    pub(crate) db: Connection,
}

impl Store {
    /// Reads the schema: whether the database file answers.
    pub fn ping(&self) -> Result<(), StoreError> {
        self.db
            .query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))
            .map_err(StoreError::from)
    }

    /// Opens (creating if needed) the database at `path`; `:memory:` for
    /// one that lives only as long as the store. A statement that finds the
    /// database locked by another connection waits up to `busy` for it.
    pub fn open(path: &str, busy: Duration) -> Result<Store, StoreError> {
        let mut db = Connection::open(path)?;
        db.busy_timeout(busy)?;
        db.pragma_update(None, "journal_mode", "WAL")?;
        // Committed transactions survive the process being killed.
        db.pragma_update(None, "synchronous", "NORMAL")?;
        // Foreign keys hold (a session dies with its account).
        db.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut db)?;
        crate::storage::schema::check_sqlite(&db)?;
        Ok(Store { db })
    }

    /// Stores a new game with its first events, all or nothing; with
    /// `seeks`, only if those seeks are all still open, and they are closed
    /// with the game (`false` when one was not open); with `then`, that
    /// event is appended to another game in the same transaction (a
    /// rematch told in the game before).
    pub fn create(
        &mut self,
        row: &GameRow,
        events: &[EventBody],
        seeks: &[String],
        then: Option<&(String, u64, EventBody)>,
    ) -> Result<bool, StoreError> {
        let tx = self.db.transaction()?;
        for seek in seeks {
            let claimed = tx.execute(
                "UPDATE seeks SET game = ?2 WHERE id = ?1 AND game IS NULL AND declined IS NULL",
                params![seek, row.id],
            )?;
            if claimed == 0 {
                return Ok(false);
            }
        }
        insert_game_in(&tx, row)?;
        append_in(&tx, &row.id, 1, events)?;
        if let Some((game, v, event)) = then {
            append_in(&tx, game, *v, std::slice::from_ref(event))?;
        }
        tx.commit()?;
        Ok(true)
    }

    pub fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT id, header, suggestions, white, black, code, code_expires, clock,
                    white_user, black_user, rated, white_name, black_name
                 FROM games WHERE id = ?1",
                [id],
                |r| {
                    let code: Option<String> = r.get(5)?;
                    let expires: Option<i64> = r.get(6)?;
                    Ok(GameRow {
                        id: r.get(0)?,
                        header: r.get(1)?,
                        suggestions: r.get(2)?,
                        seats: [r.get(3)?, r.get(4)?],
                        code: code.zip(expires),
                        clock: r.get(7)?,
                        players: [r.get(8)?, r.get(9)?],
                        rated: r.get(10)?,
                        names: [r.get(11)?, r.get(12)?],
                    })
                },
            )
            .optional()?)
    }

    /// The game a join code opens, if the code is still valid at `now`. A
    /// code stays with its game until it expires, also once used, so that
    /// the friend who used it can repeat a join whose answer was lost.
    pub fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT id FROM games WHERE code = ?1 AND code_expires > ?2",
                params![code, now],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Frees the join codes that expired by `now`, so they can be drawn
    /// again; how many.
    pub fn free_codes(&mut self, now: i64) -> Result<usize, StoreError> {
        Ok(self.db.execute(
            "UPDATE games SET code = NULL, code_expires = NULL
             WHERE code IS NOT NULL AND code_expires <= ?1",
            [now],
        )?)
    }

    /// Gives the empty seat of `side` to the holder of `token_hash`,
    /// together with the events that record it; false when the seat was
    /// taken meanwhile.
    pub fn seat(
        &mut self,
        id: &str,
        side_index: usize,
        token_hash: &str,
        first_v: u64,
        events: &[EventBody],
    ) -> Result<bool, StoreError> {
        let column = seat_column(side_index);
        let tx = self.db.transaction()?;
        let changed = tx.execute(
            &format!("UPDATE games SET {column} = ?1 WHERE id = ?2 AND {column} IS NULL"),
            params![token_hash, id],
        )?;
        if changed != 1 {
            return Ok(false);
        }
        append_in(&tx, id, first_v, events)?;
        tx.commit()?;
        Ok(true)
    }

    /// Stores events numbered from `first_v`, all or none. A number already
    /// taken fails, so an event is never stored twice.
    pub fn append(
        &mut self,
        id: &str,
        first_v: u64,
        events: &[EventBody],
    ) -> Result<(), StoreError> {
        let tx = self.db.transaction()?;
        append_in(&tx, id, first_v, events)?;
        tx.commit()?;
        Ok(())
    }

    /// The game's events in order.
    pub fn events(&self, id: &str) -> Result<Vec<EventBody>, StoreError> {
        let mut stmt = self
            .db
            .prepare("SELECT body FROM events WHERE game = ?1 ORDER BY v")?;
        let rows = stmt.query_map([id], |r| r.get::<_, String>(0))?;
        let mut out = Vec::new();
        for row in rows {
            out.push(event_from_text(&row?)?);
        }
        Ok(out)
    }

    /// The game's events after version `after`, in order.
    pub fn events_after(&self, id: &str, after: u64) -> Result<Vec<EventBody>, StoreError> {
        let after = i64::try_from(after).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut stmt = self
            .db
            .prepare("SELECT body FROM events WHERE game = ?1 AND v > ?2 ORDER BY v")?;
        let rows = stmt.query_map(params![id, after], |r| r.get::<_, String>(0))?;
        let mut out = Vec::new();
        for row in rows {
            out.push(event_from_text(&row?)?);
        }
        Ok(out)
    }

    /// The game rebuilt from its stored events.
    pub fn load(&self, id: &str) -> Result<Option<(GameRow, Room)>, StoreError> {
        let Some(row) = self.game(id)? else {
            return Ok(None);
        };
        replay(row, &self.events(id)?).map(Some)
    }
}

/// Stores a game's row (its events come after) inside transaction `tx`.
pub(crate) fn insert_game_in(
    tx: &rusqlite::Transaction<'_>,
    row: &GameRow,
) -> Result<(), StoreError> {
    let (code, expires) = row.code.clone().unzip();
    tx.execute(
        "INSERT INTO games (id, header, suggestions, white, black, code, code_expires, clock,
                white_user, black_user, rated, white_name, black_name)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            row.id,
            row.header,
            row.suggestions,
            row.seats[0],
            row.seats[1],
            code,
            expires,
            row.clock,
            row.players[0],
            row.players[1],
            row.rated,
            row.names[0],
            row.names[1]
        ],
    )?;
    Ok(())
}

pub(crate) fn append_in(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    first_v: u64,
    events: &[EventBody],
) -> Result<(), StoreError> {
    for (i, event) in events.iter().enumerate() {
        let body = event_text(event)?;
        let v =
            i64::try_from(first_v + i as u64).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        tx.execute(
            "INSERT INTO events (game, v, body) VALUES (?1, ?2, ?3)",
            params![id, v, body],
        )?;
        if let Some((result, reason)) = ending(event) {
            tx.execute(
                "UPDATE games SET result = ?2, reason = ?3, ended = unixepoch() WHERE id = ?1",
                params![id, result, reason],
            )?;
        }
    }
    Ok(())
}

/// A game's result and reason as the games' columns keep them, for an
/// event that ends it (`white_wins`, `resignation`).
pub(crate) fn ending(event: &EventBody) -> Option<(String, String)> {
    let EventBody::Ended { result, reason } = event else {
        return None;
    };
    let word = |value: serde_json::Value| value.as_str().unwrap_or_default().to_string();
    Some((
        word(serde_json::to_value(result).ok()?),
        word(serde_json::to_value(reason).ok()?),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use online_play::Role;

    // The calls of both stores are tested as one suite in tests/store.rs.

    const BUSY: Duration = Duration::from_secs(1);

    fn row(id: &str, code: &str) -> GameRow {
        GameRow {
            id: id.to_string(),
            header: "classic".to_string(),
            suggestions: true,
            seats: [Some("hash-w".to_string()), None],
            code: Some((code.to_string(), 1_000)),
            clock: None,
            players: [None, None],
            rated: false,
            names: [None, None],
        }
    }

    #[test]
    fn a_database_is_migrated_once_and_one_from_before_counting_too() {
        let mut db = Connection::open_in_memory().expect("a database");
        // As made before migrations were counted: the tables, version 0.
        db.execute_batch(MIGRATIONS[0]).expect("old schema");
        db.execute(
            "INSERT INTO games (id, header, suggestions) VALUES ('old', 'classic', 0)",
            [],
        )
        .expect("a game");
        migrate(&mut db).expect("migrated");
        migrate(&mut db).expect("again: nothing to do");
        let version: usize = db
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .expect("a version");
        assert_eq!(version, MIGRATIONS.len());
        let games: i64 = db
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .expect("counted");
        assert_eq!(games, 1, "the old game stays");
    }

    #[test]
    fn committed_events_survive_reopening_the_file() {
        let dir = std::env::temp_dir().join(format!("alq-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let path = dir.join("games.db");
        let path = path.to_str().expect("a path");
        {
            let mut store = Store::open(path, BUSY).expect("a store");
            store
                .create(
                    &row("g2", "XYZ789"),
                    &[EventBody::Joined { side: Role::White }],
                    &[],
                    None,
                )
                .expect("created");
            // Dropped without any orderly shutdown.
            std::mem::forget(store);
        }
        let store = Store::open(path, BUSY).expect("reopened");
        let (_, room) = store.load("g2").expect("loads").expect("exists");
        assert_eq!(room.v, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
