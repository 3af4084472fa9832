//! Games and their events in PostgreSQL, for several server processes
//! sharing one database: the same tables and the same guarantees as the
//! SQLite store ([`crate::storage::sqlite`]). Each batch of events is committed in one
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

use crate::games::live::Saying;
use crate::storage::sqlite::{GameRow, StoreError};

mod hints;

pub use hints::Hint;
use hints::{CHANNEL, CHAT, LOBBY, PRESENCE};

/// The schema, one step per migration file (`migrations/postgres/`), in
/// order. A database records the steps it has had in `schema_migrations`;
/// opening applies the rest.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/postgres/0001_games.sql"),
    include_str!("../../migrations/postgres/0002_accounts.sql"),
    include_str!("../../migrations/postgres/0003_clocks.sql"),
    include_str!("../../migrations/postgres/0004_lobby.sql"),
    include_str!("../../migrations/postgres/0005_devices.sql"),
    include_str!("../../migrations/postgres/0006_fair_play.sql"),
    include_str!("../../migrations/postgres/0007_reports.sql"),
    include_str!("../../migrations/postgres/0008_relations.sql"),
    include_str!("../../migrations/postgres/0009_moderation.sql"),
    include_str!("../../migrations/postgres/0010_sanctions.sql"),
    include_str!("../../migrations/postgres/0011_notices.sql"),
    include_str!("../../migrations/postgres/0012_rating_moves.sql"),
    include_str!("../../migrations/postgres/0013_flags.sql"),
    include_str!("../../migrations/postgres/0014_tournaments.sql"),
    include_str!("../../migrations/postgres/0015_challenges_and_bots.sql"),
    include_str!("../../migrations/postgres/0016_push.sql"),
];

/// The longest notification payload sent (PostgreSQL takes up to 8000
/// bytes).
const PAYLOAD: usize = 7000;

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

pub(crate) fn storage(e: impl Into<StoreError>) -> StoreError {
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

    /// Tells the other processes what this one (`process`) says of these
    /// games: as few notifications as their size allows.
    pub async fn announce(
        &self,
        process: &str,
        sayings: &[(String, Saying)],
    ) -> Result<(), StoreError> {
        let mut payloads = Vec::new();
        let mut payload = process.to_string();
        for (game, saying) in sayings {
            // Numbers and strings only: this cannot fail.
            let line = format!(
                "\n{game} {}",
                serde_json::to_string(saying).unwrap_or_default()
            );
            if payload.len() + line.len() > PAYLOAD && payload.len() > process.len() {
                payloads.push(std::mem::replace(&mut payload, process.to_string()));
            }
            payload.push_str(&line);
        }
        if payload.len() > process.len() {
            payloads.push(payload);
        }
        let client = self.client().await?;
        let statement = client
            .prepare_cached("SELECT pg_notify($1, $2)")
            .await
            .map_err(storage)?;
        for payload in payloads {
            client
                .execute(&statement, &[&PRESENCE, &payload])
                .await
                .map_err(storage)?;
        }
        Ok(())
    }

    /// Tells every process that the lobby's seeks changed.
    pub async fn tell_lobby(&self, process: &str) -> Result<(), StoreError> {
        self.execute("SELECT pg_notify($1, $2)", &[&LOBBY, &process])
            .await
            .map(drop)
    }

    /// Passes a chat message on to every process.
    pub async fn tell_chat(
        &self,
        process: &str,
        game: &str,
        from: online_play::Role,
        text: &str,
    ) -> Result<(), StoreError> {
        let role = serde_json::to_value(from)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let payload = format!("{process}\n{game}\n{role}\n{text}");
        self.execute("SELECT pg_notify($1, $2)", &[&CHAT, &payload])
            .await
            .map(drop)
    }

    /// A query that needs the server: whether the database answers.
    pub(crate) async fn ping(&self) -> Result<(), StoreError> {
        let client = self.client().await?;
        client.simple_query("SELECT 1").await.map_err(storage)?;
        Ok(())
    }

    pub(crate) async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(storage)
    }

    /// Runs one statement (prepared once per connection); the rows it
    /// changed.
    pub(crate) async fn execute(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(storage)?;
        client.execute(&statement, params).await.map_err(storage)
    }

    /// Runs one query (prepared once per connection); its row, if any.
    pub(crate) async fn query_opt(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Option<tokio_postgres::Row>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(storage)?;
        client.query_opt(&statement, params).await.map_err(storage)
    }

    /// Runs one query (prepared once per connection); its rows.
    pub(crate) async fn query(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(storage)?;
        client.query(&statement, params).await.map_err(storage)
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
        tx.batch_execute(include_str!("../../migrations/postgres/steps_had.sql"))
            .await
            .map_err(storage)?;
        let done: i64 = tx
            .query_one("SELECT count(*) FROM schema_migrations", &[])
            .await
            .map_err(storage)?
            .get(0);
        if done == 0 {
            // Tables already there, and no record of this server's steps:
            // another program's database.
            let theirs: Vec<String> = tx
                .query(
                    "SELECT table_name::text FROM information_schema.tables
                     WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'
                     ORDER BY table_name",
                    &[],
                )
                .await
                .map_err(storage)?
                .iter()
                .map(|row| row.get(0))
                .collect();
            if !theirs.is_empty() {
                return Err(StoreError::Foreign(format!(
                    "it has tables of its own ({}) and no record of this server's schema",
                    theirs.join(", ")
                )));
            }
        }
        if done > MIGRATIONS.len() as i64 {
            return Err(StoreError::Foreign(format!(
                "it has had {done} schema steps, and this server knows {}",
                MIGRATIONS.len()
            )));
        }
        for (step, sql) in MIGRATIONS.iter().enumerate().skip(done as usize) {
            tx.batch_execute(sql).await.map_err(storage)?;
            tx.execute(
                "INSERT INTO schema_migrations (step) VALUES ($1)",
                &[&(step as i32 + 1)],
            )
            .await
            .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        crate::storage::schema::check_postgres(&client).await
    }

    /// Stores a new game with its first events, all or nothing; with
    /// `seeks`, only if those seeks are all still open, and they are closed
    /// with the game (`false` when one was not open).
    pub async fn create(
        &self,
        row: &GameRow,
        events: &[EventBody],
        seeks: &[String],
        then: Option<&(String, u64, EventBody)>,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        for seek in seeks {
            let claimed = tx
                .execute(
                    "UPDATE seeks SET game = $2 WHERE id = $1 AND game IS NULL AND declined IS NULL",
                    &[&seek, &row.id],
                )
                .await
                .map_err(storage)?;
            if claimed == 0 {
                return Ok(false);
            }
        }
        insert_game_in(&tx, row).await?;
        append_in(&tx, &row.id, 1, events).await?;
        if let Some((game, v, event)) = then {
            append_in(&tx, game, *v, std::slice::from_ref(event)).await?;
        }
        tx.commit().await.map_err(storage)?;
        Ok(true)
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let client = self.client().await?;
        game_in(&client, id).await
    }

    /// The game a join code opens, if the code is still valid at `now`.
    pub async fn game_by_code(&self, code: &str, now: i64) -> Result<Option<String>, StoreError> {
        let row = self
            .query_opt(
                "SELECT id FROM games WHERE code = $1 AND code_expires > $2",
                &[&code, &now],
            )
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Frees the join codes that expired by `now`; how many.
    pub async fn free_codes(&self, now: i64) -> Result<usize, StoreError> {
        let freed = self
            .execute(
                "UPDATE games SET code = NULL, code_expires = NULL
                 WHERE code IS NOT NULL AND code_expires <= $1",
                &[&now],
            )
            .await?;
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
        let column = crate::storage::sqlite::seat_column(side_index);
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
        // One statement: all of it or none is stored.
        let client = self.client().await?;
        append_in(&client, id, first_v, events).await
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
        let statement = client
            .prepare_cached("SELECT body FROM events WHERE game = $1 AND v > $2 ORDER BY v")
            .await
            .map_err(storage)?;
        let rows = client
            .query(&statement, &[&id, &after])
            .await
            .map_err(storage)?;
        rows.iter()
            .map(|r| crate::storage::sqlite::event_from_text(r.get(0)))
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
        crate::storage::sqlite::replay(row, &events).map(Some)
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
        .batch_execute(&format!(
            "LISTEN {CHANNEL}; LISTEN {PRESENCE}; LISTEN {CHAT}; LISTEN {LOBBY}"
        ))
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
            "SELECT id, header, suggestions, white, black, code, code_expires, clock,
                white_user, black_user, rated, white_name, black_name
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
            clock: r.get(7),
            players: [r.get(8), r.get(9)],
            rated: r.get(10),
            names: [r.get(11), r.get(12)],
        }
    }))
}

async fn events_in(client: &impl GenericClient, id: &str) -> Result<Vec<EventBody>, StoreError> {
    let rows = client
        .query("SELECT body FROM events WHERE game = $1 ORDER BY v", &[&id])
        .await
        .map_err(storage)?;
    rows.iter()
        .map(|r| crate::storage::sqlite::event_from_text(r.get(0)))
        .collect()
}

/// Stores a game's row (its events come after) inside transaction `tx`.
pub(crate) async fn insert_game_in(
    tx: &deadpool_postgres::Transaction<'_>,
    row: &GameRow,
) -> Result<(), StoreError> {
    let (code, expires) = row.code.clone().unzip();
    tx.execute(
        "INSERT INTO games (id, header, suggestions, white, black, code, code_expires, clock,
                white_user, black_user, rated, white_name, black_name)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        &[
            &row.id,
            &row.header,
            &row.suggestions,
            &row.seats[0],
            &row.seats[1],
            &code,
            &expires,
            &row.clock,
            &row.players[0],
            &row.players[1],
            &row.rated,
            &row.names[0],
            &row.names[1],
        ],
    )
    .await
    .map_err(storage)?;
    Ok(())
}

pub(crate) async fn append_in(
    client: &impl GenericClient,
    id: &str,
    first_v: u64,
    events: &[EventBody],
) -> Result<(), StoreError> {
    if events.is_empty() {
        return Ok(());
    }
    let bodies = events
        .iter()
        .map(crate::storage::sqlite::event_text)
        .collect::<Result<Vec<String>, StoreError>>()?;
    let first = i64::try_from(first_v).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    // The hint for the other processes goes with the events, in the same
    // statement, and is delivered when they commit: one round trip. It
    // carries the events when they fit, sparing each process a read.
    let last = first_v + events.len() as u64 - 1;
    let mut hint = format!("{id} {last} [{}]", bodies.join(","));
    if hint.len() > PAYLOAD {
        hint = format!("{id} {last}");
    }
    // A game's end is also kept in its row (for players' histories and
    // the site's statistics), in the same statement.
    let (result, reason) = events
        .iter()
        .find_map(crate::storage::sqlite::ending)
        .unzip();
    let statement = client
        .prepare_cached(
            "WITH stored AS (
                INSERT INTO events (game, v, body)
                SELECT $1, $2 + t.i - 1, t.body
                FROM unnest($3::text[]) WITH ORDINALITY AS t(body, i)
             ), ended AS (
                UPDATE games SET result = $6, reason = $7,
                    ended = extract(epoch FROM clock_timestamp())::bigint
                WHERE id = $1 AND $6::text IS NOT NULL
             )
             SELECT pg_notify($4, $5)",
        )
        .await
        .map_err(storage)?;
    client
        .execute(
            &statement,
            &[&id, &first, &bodies, &CHANNEL, &hint, &result, &reason],
        )
        .await
        .map_err(storage)?;
    Ok(())
}
