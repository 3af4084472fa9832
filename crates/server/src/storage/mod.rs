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

pub mod backup;
pub mod health;
pub mod postgres;
pub mod schema;
pub mod sqlite;

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::watch;

use crate::games::live::Saying;
use crate::storage::postgres::{is_postgres_url, PgStore};
use crate::storage::sqlite::{Store, StoreError};

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
    Sqlite(watch::Receiver<State<Arc<Connections>>>),
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
    crate::games::store::GameStore
    + crate::accounts::users::UserStore
    + crate::accounts::devices::DeviceStore
    + crate::lobby::seeks::SeekStore
    + crate::ratings::players::PlayerStore
    + crate::ratings::standings::RatingStore
    + crate::lobby::fair_play::FairPlayStore
    + crate::safety::store::SafetyStore
    + crate::safety::relations::RelationStore
    + crate::safety::moderation::ModerationStore
    + crate::safety::notices::NoticeStore
    + crate::safety::flags::FlagStore
    + crate::tournaments::store::TournamentStore
    + crate::bots::lease::LeaseStore
    + crate::bots::store::BotStore
    + crate::lobby::follows::FollowStore
    + crate::push::store::PushStore
{
}

impl<T> Storage for T where
    T: crate::games::store::GameStore
        + crate::accounts::users::UserStore
        + crate::accounts::devices::DeviceStore
        + crate::lobby::seeks::SeekStore
        + crate::ratings::players::PlayerStore
        + crate::ratings::standings::RatingStore
        + crate::lobby::fair_play::FairPlayStore
        + crate::safety::store::SafetyStore
        + crate::safety::relations::RelationStore
        + crate::safety::moderation::ModerationStore
        + crate::safety::notices::NoticeStore
        + crate::safety::flags::FlagStore
        + crate::tournaments::store::TournamentStore
        + crate::bots::lease::LeaseStore
        + crate::bots::store::BotStore
        + crate::lobby::follows::FollowStore
        + crate::push::store::PushStore
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
        let backend = Backend::Sqlite(state);
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
    ) -> Option<tokio::sync::mpsc::UnboundedReceiver<crate::storage::postgres::Hint>> {
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
