//! Where players' ratings are kept, in either store: one Glicko-2 rating
//! per account and game (the arithmetic is [`crate::ratings`]). An account
//! with no rated game in a game stands at [`crate::ratings::START`].

use rusqlite::{params, OptionalExtension};

use online_play::{EventBody, RatingChange};

use crate::ratings::{after_game, Rating, Score, START};
use crate::storage::sqlite::{Store, StoreError};
use crate::storage::{numbered, Db};

/// A rating from four columns of a SQLite row, from `first`: rating,
/// deviation, volatility, games.
pub(crate) fn rating_in(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: r.get(first)?,
        deviation: r.get(first + 1)?,
        volatility: r.get(first + 2)?,
        games: r.get(first + 3)?,
    })
}

/// The same from a PostgreSQL row.
pub(crate) fn rating_in_pg(r: &tokio_postgres::Row, first: usize) -> Rating {
    Rating {
        rating: r.get(first),
        deviation: r.get(first + 1),
        volatility: r.get(first + 2),
        games: u32::try_from(r.get::<_, i32>(first + 3)).unwrap_or(0),
    }
}

/// A player's rating in a game.
const RATING_OF: &str = "SELECT rating, deviation, volatility, games FROM ratings
     WHERE user_key = ?1 AND game = ?2";

/// A player's new rating in a game.
const UPSERT: &str = "INSERT INTO ratings (user_key, game, rating, deviation, volatility, games)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (user_key, game) DO UPDATE SET rating = excluded.rating,
        deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games";

/// How a rated game moved one player's rating, exactly (for refunds:
/// [`crate::safety::moderation`]).
const MOVED: &str = "INSERT INTO rating_moves
     (game_id, user_key, opponent, game, rating_before, rating_after)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING";

/// `user`'s stored rating in `game`, on a SQLite connection (or within a
/// transaction).
fn rating_sqlite(
    db: &rusqlite::Connection,
    user: &str,
    game: &str,
) -> Result<Option<Rating>, StoreError> {
    Ok(db
        .query_row(RATING_OF, params![user, game], |r| rating_in(r, 0))
        .optional()?)
}

impl Db {
    /// `user`'s rating in `game` (its name, `classic`), or where everyone
    /// starts.
    pub async fn rating(&self, user: &str, game: &str) -> Result<Rating, StoreError> {
        Ok(self.stored_rating(user, game).await?.unwrap_or(START))
    }
}

/// A rated game to rate: its id, the version its rating event takes, the
/// game's name, its players' accounts (White, Black) and White's score.
#[derive(Clone, Debug)]
pub struct RatedGame {
    pub id: String,
    pub v: u64,
    pub game: String,
    pub players: [String; 2],
    pub score: Score,
}

/// How a rating changed, as players see it.
fn change(before: &Rating, after: &Rating) -> RatingChange {
    RatingChange {
        before: before.rating.round() as i32,
        after: after.rating.round() as i32,
        provisional: after.is_provisional(),
    }
}

/// Both players' ratings after the game, and its `rated` event.
fn rated(game: &RatedGame, white: &Rating, black: &Rating) -> ([Rating; 2], EventBody) {
    let (white_after, black_after) = after_game(white, black, game.score);
    let event = EventBody::Rated {
        white: change(white, &white_after),
        black: change(black, &black_after),
    };
    ([white_after, black_after], event)
}

impl Store {
    fn rate(&mut self, game: &RatedGame) -> Result<EventBody, StoreError> {
        let tx = self
            .db
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let read = |user: &str| -> Result<Rating, StoreError> {
            Ok(rating_sqlite(&tx, user, &game.game)?.unwrap_or(START))
        };
        let (white, black) = (read(&game.players[0])?, read(&game.players[1])?);
        let (after, event) = rated(game, &white, &black);
        crate::storage::sqlite::append_in(&tx, &game.id, game.v, std::slice::from_ref(&event))?;
        let before = [white, black];
        for side in 0..2 {
            tx.execute(
                MOVED,
                params![
                    game.id,
                    game.players[side],
                    game.players[1 - side],
                    game.game,
                    before[side].rating,
                    after[side].rating
                ],
            )?;
        }
        for (user, rating) in game.players.iter().zip(after) {
            tx.execute(
                UPSERT,
                params![
                    user,
                    game.game,
                    rating.rating,
                    rating.deviation,
                    rating.volatility,
                    rating.games
                ],
            )?;
        }
        tx.commit()?;
        Ok(event)
    }
}

/// Ratings, on either store: read, and moved by a rated game's end.
#[async_trait::async_trait]
pub trait RatingStore: Send + Sync {
    /// `user`'s rating in `game` as stored, if they played it rated.
    async fn stored_rating(&self, user: &str, game: &str) -> Result<Option<Rating>, StoreError>;

    /// Rates a rated game's players, in one transaction with its `rated`
    /// event (so once: a second attempt finds the version taken). The
    /// ratings are read and written under the transaction's locks, so two
    /// games ending at once for one player both count.
    async fn rate(&self, game: RatedGame) -> Result<EventBody, StoreError>;
}

#[async_trait::async_trait]
impl RatingStore for crate::storage::Sqlite {
    async fn stored_rating(&self, user: &str, game: &str) -> Result<Option<Rating>, StoreError> {
        let (u, g) = (user.to_string(), game.to_string());
        self.read(move |store| rating_sqlite(&store.db, &u, &g))
            .await
    }

    async fn rate(&self, game: RatedGame) -> Result<EventBody, StoreError> {
        let owned = game.clone();
        self.write(move |store| store.rate(&owned)).await
    }
}

#[async_trait::async_trait]
impl RatingStore for crate::storage::Postgres {
    async fn stored_rating(&self, user: &str, game: &str) -> Result<Option<Rating>, StoreError> {
        let pg = self.opened().await?;
        let row = pg.query_opt(&numbered(RATING_OF), &[&user, &game]).await?;
        Ok(row.map(|r| rating_in_pg(&r, 0)))
    }

    async fn rate(&self, game: RatedGame) -> Result<EventBody, StoreError> {
        let pg = self.opened().await?;
        use crate::storage::postgres::storage;
        let mut client = pg.client().await?;
        let tx = client.transaction().await.map_err(storage)?;
        let mut before = [START; 2];
        for (slot, user) in before.iter_mut().zip(&game.players) {
            let row = tx
                .query_opt(
                    &format!("{} FOR UPDATE", numbered(RATING_OF)),
                    &[user, &game.game],
                )
                .await
                .map_err(storage)?;
            if let Some(r) = row {
                *slot = rating_in_pg(&r, 0);
            }
        }
        let (after, event) = rated(&game, &before[0], &before[1]);
        crate::storage::postgres::append_in(&tx, &game.id, game.v, std::slice::from_ref(&event))
            .await?;
        for side in 0..2 {
            tx.execute(
                &numbered(MOVED),
                &[
                    &game.id,
                    &game.players[side],
                    &game.players[1 - side],
                    &game.game,
                    &before[side].rating,
                    &after[side].rating,
                ],
            )
            .await
            .map_err(storage)?;
        }
        for (user, rating) in game.players.iter().zip(after) {
            let games = i32::try_from(rating.games).unwrap_or(i32::MAX);
            tx.execute(
                &numbered(UPSERT),
                &[
                    user,
                    &game.game,
                    &rating.rating,
                    &rating.deviation,
                    &rating.volatility,
                    &games,
                ],
            )
            .await
            .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        Ok(event)
    }
}
