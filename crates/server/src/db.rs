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
    /// One process alone on its file: nothing to share.
    Sqlite,
    Postgres(watch::Receiver<State<PgStore>>),
}

/// A handle on the database, cheap to clone: its calls are [`Storage`]'s,
/// implemented once for each store ([`Sqlite`], [`Postgres`]) and chosen
/// when the database opens.
#[derive(Clone)]
pub struct Db {
    pub(crate) backend: Backend,
    storage: Arc<dyn Storage>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db")
            .field("backend", &self.backend)
            .finish()
    }
}

impl std::ops::Deref for Db {
    type Target = dyn Storage;

    fn deref(&self) -> &(dyn Storage + 'static) {
        &*self.storage
    }
}

/// Every call of the database, each domain's in its own trait beside it
/// (callable on a [`Db`] without naming them).
pub trait Storage:
    GameStore
    + crate::users::UserStore
    + crate::devices::DeviceStore
    + crate::seeks::SeekStore
    + crate::players::PlayerStore
    + crate::standings::RatingStore
    + crate::fair_play::FairPlayStore
{
}

impl<T> Storage for T where
    T: GameStore
        + crate::users::UserStore
        + crate::devices::DeviceStore
        + crate::seeks::SeekStore
        + crate::players::PlayerStore
        + crate::standings::RatingStore
        + crate::fair_play::FairPlayStore
{
}

/// SQLite's side of the calls: its connections, once open.
#[derive(Clone, Debug)]
pub struct Sqlite(watch::Receiver<State<Arc<Connections>>>);

/// PostgreSQL's side of the calls: the store, once open.
#[derive(Clone, Debug)]
pub struct Postgres(watch::Receiver<State<PgStore>>);

impl Sqlite {
    /// Runs `f` with SQLite's writing connection, on a blocking thread.
    pub(crate) async fn write<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&mut Store) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let connections = opened(&self.0).await?;
        tokio::task::spawn_blocking(move || f(&mut lock(&connections.write)))
            .await
            .map_err(|_| StoreError::Closed)?
    }

    /// Runs `f` with SQLite's reading connection, on a blocking thread.
    pub(crate) async fn read<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&Store) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let connections = opened(&self.0).await?;
        tokio::task::spawn_blocking(move || {
            let store = connections.read.as_ref().unwrap_or(&connections.write);
            f(&lock(store))
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }
}

impl Postgres {
    /// The store, once open.
    pub(crate) async fn opened(&self) -> Result<PgStore, StoreError> {
        opened(&self.0).await
    }
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
            let storage = Arc::new(Postgres(state.clone()));
            let backend = Backend::Postgres(state);
            return (Db { backend, storage }, opening);
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
        let storage = Arc::new(Sqlite(state.clone()));
        let backend = Backend::Sqlite;
        (Db { backend, storage }, opening)
    }

    /// Whether other server processes may share this database (PostgreSQL;
    /// a SQLite file is one process's own).
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// What other server processes store, for a database they share
    /// (PostgreSQL); `None` for SQLite, which one process has to itself.
    pub async fn hints(
        &self,
    ) -> Option<tokio::sync::mpsc::UnboundedReceiver<crate::postgres::Hint>> {
        match &self.backend {
            Backend::Sqlite => None,
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
            Backend::Sqlite => Ok(()),
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

    /// Tells the other processes that the lobby's seeks changed (none
    /// share a SQLite file).
    pub async fn tell_lobby(&self, process: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite => Ok(()),
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
            Backend::Sqlite => Ok(()),
            Backend::Postgres(state) => {
                opened(state)
                    .await?
                    .tell_chat(process, game, from, text)
                    .await
            }
        }
    }
}

/// The games' calls, on either store: created, loaded, seated, their events appended.
#[async_trait::async_trait]
pub trait GameStore: Send + Sync {
    /// Stores a new game with its first events, all or nothing.
    async fn create(&self, row: GameRow, events: Vec<EventBody>) -> Result<(), StoreError>;

    /// Stores the game seeks were paired for, closing them in the same
    /// transaction: `false` (nothing stored) when one was no longer open
    /// (taken by another, or withdrawn).
    async fn create_for_seeks(
        &self,
        seeks: Vec<String>,
        row: GameRow,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError>;

    /// Stores a rematch and, in the same transaction, the event that tells
    /// the game before about it (at version `v`: taken when another
    /// process started the rematch first, and then nothing is stored).
    async fn create_rematch(
        &self,
        row: GameRow,
        events: Vec<EventBody>,
        told: (String, u64, EventBody),
    ) -> Result<(), StoreError>;

    /// The game rebuilt from its stored events; `None` when there is none.
    async fn load(&self, id: &str) -> Result<Option<(GameRow, Room)>, StoreError>;

    /// The game a join code opens, if the code is still valid at `now`.
    async fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError>;

    /// What is stored about a game besides its events.
    async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError>;

    /// The game's events after version `after`, in order.
    async fn events_after(&self, id: &str, after: u64) -> Result<Vec<EventBody>, StoreError>;

    /// The game ids a query of the games finds (with text parameters).
    async fn game_ids(
        &self,
        sql: &'static str,
        parameters: Vec<String>,
    ) -> Result<Vec<String>, StoreError>;

    /// Frees the join codes that expired by `now`; how many.
    async fn free_codes(&self, now: i64) -> Result<usize, StoreError>;

    /// Stores events numbered from `first_v`, all or none; a number already
    /// taken fails.
    async fn append(
        &self,
        id: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<(), StoreError>;

    /// Gives the empty seat of `side_index` to the holder of `token_hash`,
    /// with the events that record it; false when the seat was taken.
    async fn seat(
        &self,
        id: &str,
        side_index: usize,
        token_hash: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError>;
}

#[async_trait::async_trait]
impl GameStore for Sqlite {
    async fn create(&self, row: GameRow, events: Vec<EventBody>) -> Result<(), StoreError> {
        self.write(move |store| store.create(&row, &events, &[], None).map(drop))
            .await
    }

    async fn create_for_seeks(
        &self,
        seeks: Vec<String>,
        row: GameRow,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError> {
        self.write(move |store| store.create(&row, &events, &seeks, None))
            .await
    }

    async fn create_rematch(
        &self,
        row: GameRow,
        events: Vec<EventBody>,
        told: (String, u64, EventBody),
    ) -> Result<(), StoreError> {
        self.write(move |store| store.create(&row, &events, &[], Some(&told)).map(drop))
            .await
    }

    async fn load(&self, id: &str) -> Result<Option<(GameRow, Room)>, StoreError> {
        let owned = id.to_string();
        self.read(move |store| store.load(&owned)).await
    }

    async fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError> {
        let owned = code.to_string();
        self.read(move |store| store.game_by_code(&owned, now))
            .await
    }

    async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let owned = id.to_string();
        self.read(move |store| store.game(&owned)).await
    }

    async fn events_after(&self, id: &str, after: u64) -> Result<Vec<EventBody>, StoreError> {
        let owned = id.to_string();
        self.read(move |store| store.events_after(&owned, after))
            .await
    }

    async fn game_ids(
        &self,
        sql: &'static str,
        parameters: Vec<String>,
    ) -> Result<Vec<String>, StoreError> {
        let owned = parameters.clone();
        self.read(move |store| {
            let mut statement = store.db.prepare_cached(sql)?;
            let ids = statement
                .query_map(rusqlite::params_from_iter(&owned), |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(ids)
        })
        .await
    }

    async fn free_codes(&self, now: i64) -> Result<usize, StoreError> {
        self.write(move |store| store.free_codes(now)).await
    }

    async fn append(
        &self,
        id: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<(), StoreError> {
        let owned = id.to_string();
        self.write(move |store| store.append(&owned, first_v, &events))
            .await
    }

    async fn seat(
        &self,
        id: &str,
        side_index: usize,
        token_hash: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError> {
        let (owned_id, owned_hash) = (id.to_string(), token_hash.to_string());
        self.write(move |store| store.seat(&owned_id, side_index, &owned_hash, first_v, &events))
            .await
    }
}

#[async_trait::async_trait]
impl GameStore for Postgres {
    async fn create(&self, row: GameRow, events: Vec<EventBody>) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.create(&row, &events, &[], None).await.map(drop)
    }

    async fn create_for_seeks(
        &self,
        seeks: Vec<String>,
        row: GameRow,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        pg.create(&row, &events, &seeks, None).await
    }

    async fn create_rematch(
        &self,
        row: GameRow,
        events: Vec<EventBody>,
        told: (String, u64, EventBody),
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.create(&row, &events, &[], Some(&told)).await.map(drop)
    }

    async fn load(&self, id: &str) -> Result<Option<(GameRow, Room)>, StoreError> {
        let pg = self.opened().await?;
        pg.load(id).await
    }

    async fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError> {
        let pg = self.opened().await?;
        pg.game_by_code(code, now).await
    }

    async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let pg = self.opened().await?;
        pg.game(id).await
    }

    async fn events_after(&self, id: &str, after: u64) -> Result<Vec<EventBody>, StoreError> {
        let pg = self.opened().await?;
        pg.events_after(id, after).await
    }

    async fn game_ids(
        &self,
        sql: &'static str,
        parameters: Vec<String>,
    ) -> Result<Vec<String>, StoreError> {
        let pg = self.opened().await?;
        let values: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = parameters
            .iter()
            .map(|p| p as &(dyn tokio_postgres::types::ToSql + Sync))
            .collect();
        let rows = pg.query(&numbered(sql), &values).await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn free_codes(&self, now: i64) -> Result<usize, StoreError> {
        let pg = self.opened().await?;
        pg.free_codes(now).await
    }

    async fn append(
        &self,
        id: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<(), StoreError> {
        let pg = self.opened().await?;
        pg.append(id, first_v, &events).await
    }

    async fn seat(
        &self,
        id: &str,
        side_index: usize,
        token_hash: &str,
        first_v: u64,
        events: Vec<EventBody>,
    ) -> Result<bool, StoreError> {
        let pg = self.opened().await?;
        pg.seat(id, side_index, token_hash, first_v, &events).await
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
