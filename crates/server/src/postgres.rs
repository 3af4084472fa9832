//! Games and their events in PostgreSQL, for several server processes
//! sharing one database: the same tables and the same guarantees as the
//! SQLite store ([`crate::store`]). Each batch of events is committed in one
//! transaction before anyone is told about it, and the primary key on
//! (game, version) lets only one process append version n.
//!
//! Connections come from a pool (deadpool-postgres over tokio-postgres, the
//! async client); the schema is brought up to date by numbered migrations
//! when the store opens.

use std::str::FromStr;
use std::time::Duration;

use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use online_play::{EventBody, Room};
use tokio_postgres::NoTls;

use crate::live::Saying;
use crate::store::{GameRow, StoreError};

/// The schema, one step per migration, in order. A database records the
/// steps it has had in `schema_migrations`; opening applies the rest.
const MIGRATIONS: &[&str] = &["CREATE TABLE games (
        id TEXT PRIMARY KEY,
        header TEXT NOT NULL,
        suggestions BOOLEAN NOT NULL,
        white TEXT,
        black TEXT,
        code TEXT UNIQUE,
        code_expires BIGINT
     );
     CREATE TABLE events (
        game TEXT NOT NULL REFERENCES games(id),
        v BIGINT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (game, v)
     );"];

/// The channel of the hints `game v` that a game has events up to `v`.
const CHANNEL: &str = "alquerque_events";
/// The channel of `game process saying`: what a process says of a game
/// (its [`Saying`], as JSON).
const PRESENCE: &str = "alquerque_presence";

/// What the other processes have stored, as the notifications say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Game `game` has events up to version `v`.
    Stored { game: String, v: u64 },
    /// The notifications' connection was (re)made: hints may have been
    /// missed meanwhile.
    Listening,
    /// What server process `process` says of `game`.
    Said {
        game: String,
        process: String,
        saying: Saying,
    },
}

impl Hint {
    /// A hint from a notification on `channel`, if it reads as one.
    fn read(channel: &str, payload: &str) -> Option<Hint> {
        let mut words = payload.splitn(3, ' ');
        let game = words.next()?.to_string();
        if channel == CHANNEL {
            return Some(Hint::Stored {
                game,
                v: words.next()?.parse().ok()?,
            });
        }
        let process = words.next()?.to_string();
        let saying = serde_json::from_str(words.next()?).ok()?;
        Some(Hint::Said {
            game,
            process,
            saying,
        })
    }
}

/// Connections the pool keeps at most.
const POOL_SIZE: usize = 16;

/// A PostgreSQL database of games, cheap to clone.
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: Pool,
    config: tokio_postgres::Config,
}

/// Whether `url` names a PostgreSQL database (`postgres://…`,
/// `postgresql://…`) rather than a SQLite file.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

fn storage(e: impl Into<StoreError>) -> StoreError {
    e.into()
}

impl PgStore {
    /// Connects to the database `url` names (including the unix-socket
    /// form `postgres://USER@/DB?host=/socket/dir`) and migrates it.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let config = tokio_postgres::Config::from_str(url).map_err(storage)?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .build()
            .map_err(|e| StoreError::Pool(e.to_string()))?;
        let store = PgStore { pool, config };
        store.migrate().await?;
        Ok(store)
    }

    /// The hints of what other processes store, from a connection of its
    /// own that listens; made again (after a pause) whenever it is lost,
    /// each time starting with [`Hint::Listening`].
    pub fn hints(&self) -> tokio::sync::mpsc::UnboundedReceiver<Hint> {
        let (tell, hints) = tokio::sync::mpsc::unbounded_channel();
        let config = self.config.clone();
        tokio::spawn(async move {
            let mut pause = Duration::from_millis(100);
            while !tell.is_closed() {
                if let Err(e) = listen(&config, &tell).await {
                    tracing::warn!(error = %e, "notifications lost");
                }
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(2));
            }
        });
        hints
    }

    /// Tells the other processes what this one (`process`) says of
    /// `game`.
    pub async fn announce(
        &self,
        game: &str,
        process: &str,
        saying: &Saying,
    ) -> Result<(), StoreError> {
        // Numbers and strings only: this cannot fail.
        let saying = serde_json::to_string(saying).unwrap_or_default();
        let payload = format!("{game} {process} {saying}");
        let client = self.client().await?;
        client
            .execute("SELECT pg_notify($1, $2)", &[&PRESENCE, &payload])
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(storage)
    }

    /// Applies the migrations this database has not had, each in its own
    /// transaction; several processes starting at once take turns (an
    /// advisory lock), so each step runs once.
    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        // One lock for the whole project's schema, held to the commit.
        tx.execute("SELECT pg_advisory_xact_lock(7346231)", &[])
            .await
            .map_err(storage)?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                step INTEGER PRIMARY KEY
             )",
        )
        .await
        .map_err(storage)?;
        let done: i64 = tx
            .query_one("SELECT count(*) FROM schema_migrations", &[])
            .await
            .map_err(storage)?
            .get(0);
        for (step, sql) in MIGRATIONS.iter().enumerate().skip(done as usize) {
            tx.batch_execute(sql).await.map_err(storage)?;
            tx.execute(
                "INSERT INTO schema_migrations (step) VALUES ($1)",
                &[&(step as i32 + 1)],
            )
            .await
            .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)
    }

    /// Stores a new game with its first events, all or nothing.
    pub async fn create(&self, row: &GameRow, events: &[EventBody]) -> Result<(), StoreError> {
        let (code, expires) = row.code.clone().unzip();
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        tx.execute(
            "INSERT INTO games (id, header, suggestions, white, black, code, code_expires)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &row.id,
                &row.header,
                &row.suggestions,
                &row.seats[0],
                &row.seats[1],
                &code,
                &expires,
            ],
        )
        .await
        .map_err(storage)?;
        append_in(&tx, &row.id, 1, events).await?;
        tx.commit().await.map_err(storage)
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let client = self.client().await?;
        game_in(&client, id).await
    }

    /// The game a join code opens, if the code is still valid at `now`.
    pub async fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT id FROM games WHERE code = $1 AND code_expires > $2",
                &[&code, &now],
            )
            .await
            .map_err(storage)?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Frees the join codes that expired by `now`; how many.
    pub async fn free_codes(&self, now: i64) -> Result<usize, StoreError> {
        let client = self.client().await?;
        let freed = client
            .execute(
                "UPDATE games SET code = NULL, code_expires = NULL
                 WHERE code IS NOT NULL AND code_expires <= $1",
                &[&now],
            )
            .await
            .map_err(storage)?;
        Ok(freed as usize)
    }

    /// Gives the empty seat of `side_index` to the holder of `token_hash`,
    /// with the events that record it; false when the seat was taken.
    pub async fn seat(
        &self,
        id: &str,
        side_index: usize,
        token_hash: &str,
        first_v: u64,
        events: &[EventBody],
    ) -> Result<bool, StoreError> {
        let column = crate::store::seat_column(side_index);
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        let changed = tx
            .execute(
                &format!("UPDATE games SET {column} = $1 WHERE id = $2 AND {column} IS NULL"),
                &[&token_hash, &id],
            )
            .await
            .map_err(storage)?;
        if changed != 1 {
            return Ok(false);
        }
        append_in(&tx, id, first_v, events).await?;
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }

    /// Stores events numbered from `first_v`, all or none. A number already
    /// taken (by this process or another) fails.
    pub async fn append(
        &self,
        id: &str,
        first_v: u64,
        events: &[EventBody],
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        append_in(&tx, id, first_v, events).await?;
        tx.commit().await.map_err(storage)
    }

    /// The game's events in order.
    pub async fn events(&self, id: &str) -> Result<Vec<EventBody>, StoreError> {
        let client = self.client().await?;
        events_in(&client, id).await
    }

    /// The game's events after version `after`, in order.
    pub async fn events_after(&self, id: &str, after: u64) -> Result<Vec<EventBody>, StoreError> {
        let after = i64::try_from(after).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT body FROM events WHERE game = $1 AND v > $2 ORDER BY v",
                &[&id, &after],
            )
            .await
            .map_err(storage)?;
        rows.iter()
            .map(|r| crate::store::event_from_text(r.get(0)))
            .collect()
    }

    /// The game rebuilt from its stored events, read in one snapshot.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Room)>, StoreError> {
        let mut client = self.client().await?;
        let tx = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(storage)?;
        let Some(row) = game_in(&tx, id).await? else {
            return Ok(None);
        };
        let events = events_in(&tx, id).await?;
        tx.commit().await.map_err(storage)?;
        crate::store::replay(row, &events).map(Some)
    }
}

/// Listens on one connection until it is lost, passing on each hint.
async fn listen(
    config: &tokio_postgres::Config,
    tell: &tokio::sync::mpsc::UnboundedSender<Hint>,
) -> Result<(), StoreError> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(storage)?;
    let (messages, mut received) = tokio::sync::mpsc::unbounded_channel();
    // The connection is driven here; its notifications come out this way.
    let driving = tokio::spawn(async move {
        let mut stream = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = futures_util::StreamExt::next(&mut stream).await {
            match message {
                Ok(tokio_postgres::AsyncMessage::Notification(n)) => {
                    let _ = messages.send((n.channel().to_string(), n.payload().to_string()));
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {PRESENCE}"))
        .await
        .map_err(storage)?;
    let _ = tell.send(Hint::Listening);
    while let Some((channel, payload)) = received.recv().await {
        if let Some(hint) = Hint::read(&channel, &payload) {
            if tell.send(hint).is_err() {
                break;
            }
        }
    }
    driving.abort();
    drop(client);
    Ok(())
}

async fn game_in(client: &impl GenericClient, id: &str) -> Result<Option<GameRow>, StoreError> {
    let row = client
        .query_opt(
            "SELECT id, header, suggestions, white, black, code, code_expires
             FROM games WHERE id = $1",
            &[&id],
        )
        .await
        .map_err(storage)?;
    Ok(row.map(|r| {
        let code: Option<String> = r.get(5);
        let expires: Option<i64> = r.get(6);
        GameRow {
            id: r.get(0),
            header: r.get(1),
            suggestions: r.get(2),
            seats: [r.get(3), r.get(4)],
            code: code.zip(expires),
        }
    }))
}

async fn events_in(client: &impl GenericClient, id: &str) -> Result<Vec<EventBody>, StoreError> {
    let rows = client
        .query("SELECT body FROM events WHERE game = $1 ORDER BY v", &[&id])
        .await
        .map_err(storage)?;
    rows.iter()
        .map(|r| crate::store::event_from_text(r.get(0)))
        .collect()
}

async fn append_in(
    tx: &deadpool_postgres::Transaction<'_>,
    id: &str,
    first_v: u64,
    events: &[EventBody],
) -> Result<(), StoreError> {
    for (i, event) in events.iter().enumerate() {
        let body = crate::store::event_text(event)?;
        let v =
            i64::try_from(first_v + i as u64).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        tx.execute(
            "INSERT INTO events (game, v, body) VALUES ($1, $2, $3)",
            &[&id, &v, &body],
        )
        .await
        .map_err(storage)?;
    }
    // A hint for the other processes, delivered when the events commit.
    if !events.is_empty() {
        let last = first_v + events.len() as u64 - 1;
        tx.execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &format!("{id} {last}")],
        )
        .await
        .map_err(storage)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_read_back_what_was_sent() {
        assert_eq!(
            Hint::read(CHANNEL, "g1 12"),
            Some(Hint::Stored {
                game: "g1".into(),
                v: 12
            })
        );
        let saying = Saying {
            online: [1, 0],
            watchers: 3,
            ply: 4,
            suggestions: vec![("c2-c3".into(), 2), ("b2xb4xd4".into(), 1)],
        };
        let payload = format!("g1 p7 {}", serde_json::to_string(&saying).expect("JSON"));
        assert_eq!(
            Hint::read(PRESENCE, &payload),
            Some(Hint::Said {
                game: "g1".into(),
                process: "p7".into(),
                saying
            })
        );
        // Whatever does not read as a hint is ignored.
        for junk in ["", "g1", "g1 x", "g1 p7", "g1 p7 {\"online\":[1]}"] {
            assert_eq!(Hint::read(PRESENCE, junk), None, "{junk:?}");
        }
        assert_eq!(Hint::read(CHANNEL, "g1 x"), None);
    }
}
