//! The games' storage calls: a game created (alone, for a pairing or a
//! rematch), loaded, found by its join code, its events read and appended,
//! a seat taken, expired codes freed; on SQLite and on PostgreSQL.

use online_play::{EventBody, Room};

use crate::storage::numbered;
use crate::storage::sqlite::{GameRow, StoreError};
use crate::storage::{Postgres, Sqlite};

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
