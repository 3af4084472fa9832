//! Whether the store answers, for `/health`: a read that touches the
//! database (its schema) within a short time, so a process that has lost
//! its database, or waits on one that does not answer, says so.

use std::time::Duration;

use super::{lock, Backend, Db, State};

/// The store as `/health` tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreHealth {
    /// It answered a read.
    Answers,
    /// It is still being opened (a lock held elsewhere, a migration).
    Opening,
    /// It could not be opened.
    Failed,
    /// It did not answer in time, or answered with an error: why.
    Silent(String),
}

impl StoreHealth {
    /// The words `/health` answers with.
    pub fn words(&self) -> String {
        match self {
            StoreHealth::Answers => "ok".to_string(),
            StoreHealth::Opening => "unavailable: the store is still opening".to_string(),
            StoreHealth::Failed => "unavailable: the store could not be opened".to_string(),
            StoreHealth::Silent(why) => format!("unavailable: the store does not answer ({why})"),
        }
    }
}

impl Db {
    /// Asks the store for a read, waiting at most `within`.
    pub async fn health(&self, within: Duration) -> StoreHealth {
        let asked = async {
            match &self.backend {
                Backend::Sqlite(state) => {
                    let connections = match &*state.borrow() {
                        State::Opening => return StoreHealth::Opening,
                        State::Failed => return StoreHealth::Failed,
                        State::Open(connections) => connections.clone(),
                    };
                    let read = tokio::task::spawn_blocking(move || {
                        let store = connections.read.as_ref().unwrap_or(&connections.write);
                        lock(store).ping()
                    });
                    match read.await {
                        Ok(Ok(())) => StoreHealth::Answers,
                        Ok(Err(e)) => StoreHealth::Silent(e.to_string()),
                        Err(_) => StoreHealth::Silent("the read stopped".to_string()),
                    }
                }
                Backend::Postgres(state) => {
                    let store = match &*state.borrow() {
                        State::Opening => return StoreHealth::Opening,
                        State::Failed => return StoreHealth::Failed,
                        State::Open(store) => store.clone(),
                    };
                    match store.ping().await {
                        Ok(()) => StoreHealth::Answers,
                        Err(e) => StoreHealth::Silent(e.to_string()),
                    }
                }
            }
        };
        tokio::time::timeout(within, asked)
            .await
            .unwrap_or_else(|_| {
                StoreHealth::Silent(format!("no answer in {} ms", within.as_millis()))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_store_that_answers_is_healthy_and_one_that_cannot_open_says_so() {
        let (db, opening) = Db::open(":memory:", Duration::from_secs(1));
        let _ = opening.await;
        assert_eq!(
            db.health(Duration::from_secs(1)).await,
            StoreHealth::Answers
        );
        let (db, opening) = Db::open("/nonexistent/directory/games.db", Duration::ZERO);
        let _ = opening.await;
        let health = db.health(Duration::from_secs(1)).await;
        assert_eq!(health, StoreHealth::Failed);
        assert!(health.words().starts_with("unavailable"));
    }
}
