//! A copy of a SQLite store, taken while the server runs, and put back.
//! SQLite's online backup API copies every page inside one read
//! transaction, so the copy is the database as it stood at one moment,
//! whatever the server writes meanwhile (it writes on, in WAL mode). The
//! copy is checked before it is called done, and again before it is put
//! back. PostgreSQL has its own tools (docs/online.md).

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::sqlite::StoreError;

/// How long the copy waits for a lock the server holds.
const BUSY: Duration = Duration::from_secs(10);

/// Why a backup or a restore was refused.
#[derive(Debug)]
pub enum BackupError {
    /// The database to copy does not exist.
    NoDatabase(String),
    /// The place to write to already holds a file (a restore never
    /// overwrites a store unless asked to).
    Exists(String),
    /// The copy is not a sound database: what SQLite found.
    Damaged(String),
    /// The database stayed locked longer than the copy may wait.
    Busy,
    Store(StoreError),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::NoDatabase(path) => write!(f, "there is no database at {path}"),
            BackupError::Exists(path) => {
                write!(f, "{path} exists already (give --replace to write over it)")
            }
            BackupError::Damaged(why) => write!(f, "the copy is damaged: {why}"),
            BackupError::Busy => write!(f, "the database stayed locked; try again"),
            BackupError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BackupError {}

impl From<rusqlite::Error> for BackupError {
    fn from(e: rusqlite::Error) -> BackupError {
        BackupError::Store(StoreError::from(e))
    }
}

/// Copies the database at `from` to `to` (a new file), while a server may
/// be using it.
pub fn backup(from: &str, to: &str) -> Result<(), BackupError> {
    if !Path::new(from).is_file() {
        return Err(BackupError::NoDatabase(from.to_string()));
    }
    if Path::new(to).exists() {
        return Err(BackupError::Exists(to.to_string()));
    }
    let source = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    source.busy_timeout(BUSY)?;
    let mut copy = Connection::open(to)?;
    if let Err(e) = whole(&source, &mut copy) {
        drop(copy);
        let _ = std::fs::remove_file(to);
        return Err(e);
    }
    drop(copy);
    check(to)
}

/// Puts the copy `from` back as the database `to`, which must not exist
/// unless `replace` (the server on it stopped first).
pub fn restore(from: &str, to: &str, replace: bool) -> Result<(), BackupError> {
    if !Path::new(from).is_file() {
        return Err(BackupError::NoDatabase(from.to_string()));
    }
    check(from)?;
    if Path::new(to).exists() && !replace {
        return Err(BackupError::Exists(to.to_string()));
    }
    let copy = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut target = Connection::open(to)?;
    target.busy_timeout(BUSY)?;
    whole(&copy, &mut target)?;
    target.pragma_update(None, "journal_mode", "WAL")?;
    drop(target);
    check(to)
}

/// Copies every page of `from` into `to` in one step (one read
/// transaction on `from`), waiting while either is locked.
fn whole(from: &Connection, to: &mut Connection) -> Result<(), BackupError> {
    let backup = Backup::new(from, to)?;
    let started = Instant::now();
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            _ if started.elapsed() < BUSY => std::thread::sleep(Duration::from_millis(50)),
            _ => return Err(BackupError::Busy),
        }
    }
}

/// Whether the database at `path` is sound, by SQLite's own check.
fn check(path: &str) -> Result<(), BackupError> {
    let db = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let verdict: String = db.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    if verdict != "ok" {
        return Err(BackupError::Damaged(verdict));
    }
    Ok(())
}
