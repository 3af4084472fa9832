//! The database as the async server uses it: every call runs on a blocking
//! thread (`spawn_blocking`), never on the runtime's own threads, so a
//! database that waits for a lock (another process writing, a slow disk)
//! stalls only the calls that need it, not every socket and request.
//!
//! Writes go through one connection, reads through another: a write that
//! waits for the lock does not hold up loading a game. The database opens
//! in the background; a call made before it is open waits for it.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::watch;

use crate::store::{Store, StoreError};

#[derive(Debug)]
struct Connections {
    write: Mutex<Store>,
    /// `None` for an in-memory database, which a second connection would
    /// not see: reads then use the writer.
    read: Option<Mutex<Store>>,
}

#[derive(Clone, Debug)]
enum State {
    Opening,
    Open(Arc<Connections>),
    Failed,
}

/// A handle on the database, cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    state: watch::Receiver<State>,
}

fn lock(m: &Mutex<Store>) -> MutexGuard<'_, Store> {
    // A panic inside a call leaves the connection usable (SQLite rolls back
    // an unfinished transaction), so carry on with it.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Db {
    /// Starts opening the database at `path` on a blocking thread; the
    /// handle is usable at once (calls wait until the database is open).
    /// The task ends with the outcome of opening it.
    pub fn open(
        path: &str,
        busy: Duration,
    ) -> (Db, tokio::task::JoinHandle<Result<(), StoreError>>) {
        let (tell, state) = watch::channel(State::Opening);
        let path = path.to_string();
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
        (Db { state }, opening)
    }

    async fn connections(&self) -> Result<Arc<Connections>, StoreError> {
        let mut state = self.state.clone();
        let ready = state
            .wait_for(|s| !matches!(s, State::Opening))
            .await
            .map_err(|_| StoreError::Closed)?;
        match &*ready {
            State::Open(connections) => Ok(connections.clone()),
            State::Opening | State::Failed => Err(StoreError::Closed),
        }
    }

    /// Runs `f` with the writing connection, on a blocking thread.
    pub async fn write<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&mut Store) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let connections = self.connections().await?;
        tokio::task::spawn_blocking(move || f(&mut lock(&connections.write)))
            .await
            .map_err(|_| StoreError::Closed)?
    }

    /// Runs `f` with the reading connection, on a blocking thread.
    pub async fn read<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        F: FnOnce(&Store) -> Result<R, StoreError> + Send + 'static,
        R: Send + 'static,
    {
        let connections = self.connections().await?;
        tokio::task::spawn_blocking(move || {
            let store = connections.read.as_ref().unwrap_or(&connections.write);
            f(&lock(store))
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use online_play::{EventBody, Role};

    #[tokio::test]
    async fn calls_wait_for_the_database_and_fail_when_it_cannot_open() {
        let (db, opening) = Db::open(":memory:", Duration::from_secs(1));
        let row = crate::GameRow {
            id: "g1".to_string(),
            header: "classic".to_string(),
            suggestions: false,
            seats: [Some("hash".to_string()), None],
            code: None,
        };
        let stored = db
            .write(move |store| store.create(&row, &[EventBody::Joined { side: Role::White }]))
            .await;
        assert!(stored.is_ok(), "{stored:?}");
        assert!(matches!(opening.await, Ok(Ok(()))));
        let loaded = db.read(|store| store.load("g1")).await;
        assert!(matches!(loaded, Ok(Some((_, room))) if room.v == 1));

        let (db, opening) = Db::open("/nonexistent/directory/games.db", Duration::ZERO);
        assert!(matches!(
            db.read(|store| store.load("g1")).await,
            Err(StoreError::Closed)
        ));
        assert!(matches!(opening.await, Ok(Err(StoreError::Sqlite(_)))));
    }
}
