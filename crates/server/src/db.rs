//! The database as the async server uses it: SQLite (the embedded default,
//! a file path) or PostgreSQL (a `postgres://` URL, for several server
//! processes), behind the same calls.
//!
//! SQLite calls run on a blocking thread (`spawn_blocking`), never on the
//! runtime's own threads, so a database that waits for a lock (another
//! process writing, a slow disk) stalls only the calls that need it, not
//! every socket and request. Writes go through one connection, reads
//! through another: a write that waits for the lock does not hold up
//! loading a game. PostgreSQL is asynchronous already ([`PgStore`]).
//!
//! Either database opens in the background; a call made before it is open
//! waits for it.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use online_play::{EventBody, Room};
use tokio::sync::watch;

use crate::live::Saying;
use crate::postgres::{is_postgres_url, PgStore};
use crate::store::{GameRow, Store, StoreError};

#[derive(Debug)]
pub(crate) struct Connections {
    write: Mutex<Store>,
    /// `None` for an in-memory database, which a second connection would
    /// not see: reads then use the writer.
    read: Option<Mutex<Store>>,
}

#[derive(Clone, Debug)]
pub(crate) enum State<T> {
    Opening,
    Open(T),
    Failed,
}

#[derive(Clone, Debug)]
pub(crate) enum Backend {
    Sqlite(watch::Receiver<State<Arc<Connections>>>),
    Postgres(watch::Receiver<State<PgStore>>),
}

/// A handle on the database, cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    pub(crate) backend: Backend,
}

fn lock(m: &Mutex<Store>) -> MutexGuard<'_, Store> {
    // A panic inside a call leaves the connection usable (SQLite rolls back
    // an unfinished transaction), so carry on with it.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a state watch holds once the database is open (or failed to).
pub(crate) async fn opened<T: Clone>(state: &watch::Receiver<State<T>>) -> Result<T, StoreError> {
    let mut state = state.clone();
    let ready = state
        .wait_for(|s| !matches!(s, State::Opening))
        .await
        .map_err(|_| StoreError::Closed)?;
    match &*ready {
        State::Open(handle) => Ok(handle.clone()),
        State::Opening | State::Failed => Err(StoreError::Closed),
    }
}

/// One call, on whichever store: `either!(db, read(|store| …), |pg| …)`
/// runs the first on SQLite's reading (or `write`: writing) connection, on
/// a blocking thread, or the second with the open PostgreSQL store.
macro_rules! either {
    ($db:expr, write(|$store:ident| $sqlite:expr), |$pg:ident| $postgres:expr) => {
        match &$db.backend {
            $crate::db::Backend::Sqlite(state) => {
                $crate::db::Db::write(state, move |$store| $sqlite).await
            }
            $crate::db::Backend::Postgres(state) => {
                let $pg = $crate::db::opened(state).await?;
                $postgres
            }
        }
    };
    ($db:expr, read(|$store:ident| $sqlite:expr), |$pg:ident| $postgres:expr) => {
        match &$db.backend {
            $crate::db::Backend::Sqlite(state) => {
                $crate::db::Db::read(state, move |$store| $sqlite).await
            }
            $crate::db::Backend::Postgres(state) => {
                let $pg = $crate::db::opened(state).await?;
                $postgres
            }
        }
    };
}
pub(crate) use either;

/// A statement written with SQLite's numbered parameters (`?1`), in
/// PostgreSQL's (`$1`): one text of each statement serves both stores.
pub(crate) fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        let parameter = c == '?' && chars.peek().is_some_and(char::is_ascii_digit);
        out.push(if parameter { '$' } else { c });
    }
    out
}

impl Db {
    /// Starts opening the database `url` names in the background: a
    /// PostgreSQL URL (`postgres://…`), or else a SQLite file (`:memory:`
    /// for one that lives as long as the server). The handle is usable at
    /// once (calls wait until the database is open); the task ends with the
    /// outcome of opening it. `busy` is how long a SQLite call waits for a
    /// lock held by another connection.
    pub fn open(
        url: &str,
        busy: Duration,
    ) -> (Db, tokio::task::JoinHandle<Result<(), StoreError>>) {
        if is_postgres_url(url) {
            let (tell, state) = watch::channel(State::Opening);
            let url = url.to_string();
            let opening = tokio::spawn(async move {
                match PgStore::open(&url).await {
                    Ok(store) => {
                        tell.send_replace(State::Open(store));
                        Ok(())
                    }
                    Err(e) => {
                        tell.send_replace(State::Failed);
                        Err(e)
                    }
                }
            });
            let backend = Backend::Postgres(state);
            return (Db { backend }, opening);
        }
        let (tell, state) = watch::channel(State::Opening);
        let path = url.to_string();
        let opening = tokio::task::spawn_blocking(move || {
            let opened = Store::open(&path, busy).and_then(|write| {
                let read = match path.as_str() {
                    ":memory:" => None,
                    _ => Some(Mutex::new(Store::open(&path, busy)?)),
                };
                Ok(Connections {
                    write: Mutex::new(write),
                    read,
                })
            });
            match opened {
                Ok(connections) => {
                    tell.send_replace(State::Open(Arc::new(connections)));
                    Ok(())
                }
                Err(e) => {
                    tell.send_replace(State::Failed);
                    Err(e)
                }
            }
        });
        let backend = Backend::Sqlite(state);
        (Db { backend }, opening)
    }

    /// Runs `f` with SQLite's writing connection, on a blocking thread.
    pub(crate) async fn write<R, F>(
        state: &watch::Receiver<State<Arc<Connections>>>,
        f: F,
    ) -> Result<R, StoreError>
    where
        F: FnOnce(&mut Store) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let connections = opened(state).await?;
        tokio::task::spawn_blocking(move || f(&mut lock(&connections.write)))
            .await
            .map_err(|_| StoreError::Closed)?
    }

    /// Runs `f` with SQLite's reading connection, on a blocking thread.
    pub(crate) async fn read<R, F>(
        state: &watch::Receiver<State<Arc<Connections>>>,
        f: F,
    ) -> Result<R, StoreError>
    where
        F: FnOnce(&Store) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let connections = opened(state).await?;
        tokio::task::spawn_blocking(move || {
            let store = connections.read.as_ref().unwrap_or(&connections.write);
            f(&lock(store))
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }

    /// Stores a new game with its first events, all or nothing.
    pub async fn create(&self, row: GameRow, events: Vec<EventBody>) -> Result<(), StoreError> {
        either!(
            self,
            write(|store| store.create(&row, &events, &[], None).map(drop)),
            |pg| pg.create(&row, &events, &[], None).await.map(drop)
        )
    }

    /// Stores the game seeks were paired for, closing them in the same
    /// transaction: `false` (nothing stored) when one was no longer open
    /// (taken by another, or withdrawn).
    pub async fn create_for_seeks(
        &self,
        seeks: Vec<String>,
        row: GameRow,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError> {
        either!(
            self,
            write(|store| store.create(&row, &events, &seeks, None)),
            |pg| pg.create(&row, &events, &seeks, None).await
        )
    }

    /// Stores a rematch and, in the same transaction, the event that tells
    /// the game before about it (at version `v`: taken when another
    /// process started the rematch first, and then nothing is stored).
    pub async fn create_rematch(
        &self,
        row: GameRow,
        events: Vec<EventBody>,
        told: (String, u64, EventBody),
    ) -> Result<(), StoreError> {
        either!(
            self,
            write(|store| store.create(&row, &events, &[], Some(&told)).map(drop)),
            |pg| pg.create(&row, &events, &[], Some(&told)).await.map(drop)
        )
    }

    /// The game rebuilt from its stored events; `None` when there is none.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Room)>, StoreError> {
        let owned = id.to_string();
        either!(self, read(|store| store.load(&owned)), |pg| {
            pg.load(id).await
        })
    }

    /// The game a join code opens, if the code is still valid at `now`.
    pub async fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError> {
        let owned = code.to_string();
        either!(self, read(|store| store.game_by_code(&owned, now)), |pg| {
            pg.game_by_code(code, now).await
        })
    }

    /// Whether other server processes may share this database (PostgreSQL;
    /// a SQLite file is one process's own).
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// What is stored about a game besides its events.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let owned = id.to_string();
        either!(self, read(|store| store.game(&owned)), |pg| {
            pg.game(id).await
        })
    }

    /// The game's events after version `after`, in order.
    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<EventBody>, StoreError> {
        let owned = id.to_string();
        either!(
            self,
            read(|store| store.events_after(&owned, after)),
            |pg| pg.events_after(id, after).await
        )
    }

    /// What other server processes store, for a database they share
    /// (PostgreSQL); `None` for SQLite, which one process has to itself.
    pub async fn hints(
        &self,
    ) -> Option<tokio::sync::mpsc::UnboundedReceiver<crate::postgres::Hint>> {
        match &self.backend {
            Backend::Sqlite(_) => None,
            Backend::Postgres(state) => Some(opened(state).await.ok()?.hints()),
        }
    }

    /// Tells the other server processes on the database what this one
    /// says of these games (nothing to do for SQLite, which one process has
    /// to itself).
    pub async fn announce(
        &self,
        process: &str,
        sayings: &[(String, Saying)],
    ) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(state) => opened(state).await?.announce(process, sayings).await,
        }
    }

    /// The games whose clocks may run: timed, both seats taken, no result.
    pub async fn running_games(&self) -> Result<Vec<String>, StoreError> {
        self.game_ids(
            "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL
             AND white IS NOT NULL AND black IS NOT NULL",
            Vec::new(),
        )
        .await
    }

    /// The games `user` plays that are not over (both seats taken).
    pub async fn playing(&self, user: &str) -> Result<Vec<String>, StoreError> {
        self.game_ids(
            "SELECT id FROM games WHERE (white_user = ?1 OR black_user = ?1)
             AND result IS NULL AND white IS NOT NULL AND black IS NOT NULL
             ORDER BY id LIMIT 100",
            vec![user.to_string()],
        )
        .await
    }

    /// The game ids a query of the games finds (with text parameters).
    async fn game_ids(
        &self,
        sql: &'static str,
        parameters: Vec<String>,
    ) -> Result<Vec<String>, StoreError> {
        let owned = parameters.clone();
        either!(
            self,
            read(|store| {
                let mut statement = store.db.prepare_cached(sql)?;
                let ids = statement
                    .query_map(rusqlite::params_from_iter(&owned), |r| r.get(0))?
                    .collect::<rusqlite::Result<Vec<String>>>()?;
                Ok(ids)
            }),
            |pg| {
                let values: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = parameters
                    .iter()
                    .map(|p| p as &(dyn tokio_postgres::types::ToSql + Sync))
                    .collect();
                let rows = pg.query(&numbered(sql), &values).await?;
                Ok(rows.iter().map(|r| r.get(0)).collect())
            }
        )
    }

    /// Tells the other processes that the lobby's seeks changed (none
    /// share a SQLite file).
    pub async fn tell_lobby(&self, process: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(state) => opened(state).await?.tell_lobby(process).await,
        }
    }

    /// Passes a chat message on to the other processes (none share a
    /// SQLite file).
    pub async fn tell_chat(
        &self,
        process: &str,
        game: &str,
        from: online_play::Role,
        text: &str,
    ) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(state) => {
                opened(state)
                    .await?
                    .tell_chat(process, game, from, text)
                    .await
            }
        }
    }

    /// Frees the join codes that expired by `now`; how many.
    pub async fn free_codes(&self, now: i64) -> Result<usize, StoreError> {
        either!(self, write(|store| store.free_codes(now)), |pg| {
            pg.free_codes(now).await
        })
    }

    /// Stores events numbered from `first_v`, all or none; a number already
    /// taken fails.
    pub async fn append(
        &self,
        id: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<(), StoreError> {
        let owned = id.to_string();
        either!(
            self,
            write(|store| store.append(&owned, first_v, &events)),
            |pg| pg.append(id, first_v, &events).await
        )
    }

    /// Gives the empty seat of `side_index` to the holder of `token_hash`,
    /// with the events that record it; false when the seat was taken.
    pub async fn seat(
        &self,
        id: &str,
        side_index: usize,
        token_hash: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError> {
        let (owned_id, owned_hash) = (id.to_string(), token_hash.to_string());
        either!(
            self,
            write(|store| store.seat(&owned_id, side_index, &owned_hash, first_v, &events)),
            |pg| pg.seat(id, side_index, token_hash, first_v, &events).await
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use online_play::{EventBody, Role};

    #[test]
    fn statements_are_numbered_for_postgresql() {
        assert_eq!(
            numbered("SELECT a FROM t WHERE b = ?1 AND (c = ?12 OR d = '?') LIMIT ?2"),
            "SELECT a FROM t WHERE b = $1 AND (c = $12 OR d = '?') LIMIT $2"
        );
    }

    #[tokio::test]
    async fn calls_wait_for_the_database_and_fail_when_it_cannot_open() {
        let (db, opening) = Db::open(":memory:", Duration::from_secs(1));
        let row = crate::GameRow {
            id: "g1".to_string(),
            header: "classic".to_string(),
            suggestions: false,
            seats: [Some("hash".to_string()), None],
            code: None,
            clock: None,
            players: [None, None],
            rated: false,
            names: [None, None],
        };
        let stored = db
            .create(row, vec![EventBody::Joined { side: Role::White }])
            .await;
        assert!(stored.is_ok(), "{stored:?}");
        assert!(matches!(opening.await, Ok(Ok(()))));
        let loaded = db.load("g1").await;
        assert!(matches!(loaded, Ok(Some((_, room))) if room.v == 1));

        let (db, opening) = Db::open("/nonexistent/directory/games.db", Duration::ZERO);
        assert!(matches!(db.load("g1").await, Err(StoreError::Closed)));
        assert!(matches!(opening.await, Ok(Err(StoreError::Sqlite(_)))));
    }
}
