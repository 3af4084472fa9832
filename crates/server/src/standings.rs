//! Where players' ratings are kept, in either store: one Glicko-2 rating
//! per account and game (the arithmetic is [`crate::ratings`]). An account
//! with no rated game in a game stands at [`crate::ratings::START`].

use rusqlite::{params, OptionalExtension};

use crate::db::{either, Db};
use crate::ratings::{Rating, START};
use crate::store::{Store, StoreError};

impl Store {
    fn rating(&self, user: &str, game: &str) -> Result<Option<Rating>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE user_key = ?1 AND game = ?2",
                params![user, game],
                |r| {
                    Ok(Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                        games: r.get(3)?,
                    })
                },
            )
            .optional()?)
    }
}

impl Db {
    /// `user`'s rating in `game` (its name, `classic`), or where everyone
    /// starts.
    pub async fn rating(&self, user: &str, game: &str) -> Result<Rating, StoreError> {
        let (u, g) = (user.to_string(), game.to_string());
        let stored = either!(self, read(|store| store.rating(&u, &g)), |pg| {
            let row = pg
                .query_opt(
                    "SELECT rating, deviation, volatility, games FROM ratings
                     WHERE user_key = $1 AND game = $2",
                    &[&user, &game],
                )
                .await?;
            Ok(row.map(|r| Rating {
                rating: r.get(0),
                deviation: r.get(1),
                volatility: r.get(2),
                games: u32::try_from(r.get::<_, i32>(3)).unwrap_or(0),
            }))
        })?;
        Ok(stored.unwrap_or(START))
    }
}
