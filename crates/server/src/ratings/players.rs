//! What is known of a player, from either store: their ratings, their
//! results by colour, and their finished games; and each game's
//! leaderboard.

use rusqlite::params;

use crate::ratings::{Rating, PROVISIONAL_ABOVE};
use crate::storage::numbered;
use crate::storage::sqlite::{Store, StoreError};

/// One of a player's finished games.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayedGame {
    pub id: String,
    /// The game's record-line header (`classic`).
    pub game: String,
    /// The players' names (none for a guest, or a deleted account).
    pub white: Option<String>,
    pub black: Option<String>,
    /// `white_wins`, `black_wins`, `draw` or `no_result`, and why.
    pub result: String,
    pub reason: String,
    pub rated: bool,
    pub clock: Option<String>,
}

pub use online_play::api::ByColour;

/// Counts into `results` `count` games of `result` played as White (or
/// Black).
fn count(results: &mut ByColour, as_white: bool, result: &str, count: u32) {
    {
        let tally = if as_white {
            &mut results.white
        } else {
            &mut results.black
        };
        let won = if as_white { "white_wins" } else { "black_wins" };
        let lost = if as_white { "black_wins" } else { "white_wins" };
        match result {
            r if r == won => tally.wins += count,
            r if r == lost => tally.losses += count,
            "draw" => tally.draws += count,
            _ => {}
        }
    }
}

/// A leaderboard's line.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Standing {
    pub name: String,
    pub rating: Rating,
}

const HISTORY: &str = "SELECT g.id, g.header, w.name, b.name, g.result, g.reason, g.rated, g.clock
     FROM games g LEFT JOIN users w ON w.key = g.white_user LEFT JOIN users b ON b.key = g.black_user
     WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.result IS NOT NULL
     ORDER BY g.ended DESC, g.id LIMIT ?2";

const RESULTS: &str = "SELECT g.white_user = ?1, g.result, count(*) FROM games g
     WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.result IS NOT NULL
     GROUP BY 1, 2";

const RATINGS: &str = "SELECT game, rating, deviation, volatility, games FROM ratings
     WHERE user_key = ?1 ORDER BY game";

const LEADERS: &str = "SELECT u.name, r.rating, r.deviation, r.volatility, r.games
     FROM ratings r JOIN users u ON u.key = r.user_key
     WHERE r.game = ?1
     ORDER BY (r.deviation > ?2), r.rating DESC, u.name LIMIT ?3";

impl Store {
    fn history(&self, user: &str, limit: i64) -> Result<Vec<PlayedGame>, StoreError> {
        let mut statement = self.db.prepare_cached(HISTORY)?;
        let games = statement
            .query_map(params![user, limit], |r| {
                Ok(PlayedGame {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    white: r.get(2)?,
                    black: r.get(3)?,
                    result: r.get(4)?,
                    reason: r.get(5)?,
                    rated: r.get(6)?,
                    clock: r.get(7)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(games)
    }

    fn results(&self, user: &str) -> Result<ByColour, StoreError> {
        let mut statement = self.db.prepare_cached(RESULTS)?;
        let mut results = ByColour::default();
        let rows = statement.query_map([user], |r| {
            Ok((
                r.get::<_, bool>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, u32>(2)?,
            ))
        })?;
        for row in rows {
            let (as_white, result, count) = row?;
            self::count(&mut results, as_white, &result, count);
        }
        Ok(results)
    }

    fn ratings_of(&self, user: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let mut statement = self.db.prepare_cached(RATINGS)?;
        let ratings = statement
            .query_map([user], |r| {
                Ok((r.get(0)?, crate::ratings::standings::rating_in(r, 1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(ratings)
    }

    fn leaders(&self, game: &str, limit: i64) -> Result<Vec<Standing>, StoreError> {
        let mut statement = self.db.prepare_cached(LEADERS)?;
        let standings = statement
            .query_map(params![game, PROVISIONAL_ABOVE, limit], |r| {
                Ok(Standing {
                    name: r.get(0)?,
                    rating: crate::ratings::standings::rating_in(r, 1)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(standings)
    }
}

/// How one game's finished games ended, site-wide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct GameStats {
    /// Games finished with a result (those called off are not counted).
    pub played: u64,
    pub white_wins: u64,
    pub black_wins: u64,
    pub draws: u64,
}

const STATS: &str = "SELECT header, result, count(*) FROM games
     WHERE result IS NOT NULL AND result <> 'no_result' GROUP BY header, result";

impl GameStats {
    fn count(&mut self, result: &str, count: u64) {
        self.played += count;
        match result {
            "white_wins" => self.white_wins += count,
            "black_wins" => self.black_wins += count,
            _ => self.draws += count,
        }
    }
}

/// Counts rows of (header, result, count) per game (a header's first word:
/// rule options count with their game).
fn tally_stats(
    rows: impl IntoIterator<Item = (String, String, u64)>,
) -> std::collections::BTreeMap<String, GameStats> {
    let mut stats = std::collections::BTreeMap::<String, GameStats>::new();
    for (header, result, count) in rows {
        let game = header
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        stats.entry(game).or_default().count(&result, count);
    }
    stats
}

impl Store {
    fn stats(&self) -> Result<std::collections::BTreeMap<String, GameStats>, StoreError> {
        let mut statement = self.db.prepare_cached(STATS)?;
        let rows = statement
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)? as u64))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(tally_stats(rows))
    }
}

/// What is known of players, on either store: their games, results, ratings and leaderboards.
#[async_trait::async_trait]
pub trait PlayerStore: Send + Sync {
    /// `user`'s last `limit` finished games, newest first.
    async fn history(&self, user: &str, limit: i64) -> Result<Vec<PlayedGame>, StoreError>;

    /// `user`'s results with each colour.
    async fn results(&self, user: &str) -> Result<ByColour, StoreError>;

    /// `user`'s rating in each game they have played rated.
    async fn ratings_of(&self, user: &str) -> Result<Vec<(String, Rating)>, StoreError>;

    /// The best `limit` ratings in `game`: established ratings first, then
    /// provisional ones, each highest first.
    async fn leaders(&self, game: &str, limit: i64) -> Result<Vec<Standing>, StoreError>;

    /// How the finished games of each game ended, site-wide.
    async fn stats(&self) -> Result<std::collections::BTreeMap<String, GameStats>, StoreError>;
}

#[async_trait::async_trait]
impl PlayerStore for crate::storage::Sqlite {
    async fn history(&self, user: &str, limit: i64) -> Result<Vec<PlayedGame>, StoreError> {
        let owned = user.to_string();
        self.read(move |store| store.history(&owned, limit)).await
    }

    async fn results(&self, user: &str) -> Result<ByColour, StoreError> {
        let owned = user.to_string();
        self.read(move |store| store.results(&owned)).await
    }

    async fn ratings_of(&self, user: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let owned = user.to_string();
        self.read(move |store| store.ratings_of(&owned)).await
    }

    async fn leaders(&self, game: &str, limit: i64) -> Result<Vec<Standing>, StoreError> {
        let owned = game.to_string();
        self.read(move |store| store.leaders(&owned, limit)).await
    }

    async fn stats(&self) -> Result<std::collections::BTreeMap<String, GameStats>, StoreError> {
        self.read(move |store| store.stats()).await
    }
}

#[async_trait::async_trait]
impl PlayerStore for crate::storage::Postgres {
    async fn history(&self, user: &str, limit: i64) -> Result<Vec<PlayedGame>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(HISTORY), &[&user, &limit]).await?;
        Ok(rows
            .iter()
            .map(|r| PlayedGame {
                id: r.get(0),
                game: r.get(1),
                white: r.get(2),
                black: r.get(3),
                result: r.get(4),
                reason: r.get(5),
                rated: r.get(6),
                clock: r.get(7),
            })
            .collect())
    }

    async fn results(&self, user: &str) -> Result<ByColour, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(RESULTS), &[&user]).await?;
        let mut results = ByColour::default();
        for r in &rows {
            let count = u32::try_from(r.get::<_, i64>(2)).unwrap_or(u32::MAX);
            self::count(&mut results, r.get(0), r.get(1), count);
        }
        Ok(results)
    }

    async fn ratings_of(&self, user: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(&numbered(RATINGS), &[&user]).await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), crate::ratings::standings::rating_in_pg(r, 1)))
            .collect())
    }

    async fn leaders(&self, game: &str, limit: i64) -> Result<Vec<Standing>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg
            .query(&numbered(LEADERS), &[&game, &PROVISIONAL_ABOVE, &limit])
            .await?;
        Ok(rows
            .iter()
            .map(|r| Standing {
                name: r.get(0),
                rating: crate::ratings::standings::rating_in_pg(r, 1),
            })
            .collect())
    }

    async fn stats(&self) -> Result<std::collections::BTreeMap<String, GameStats>, StoreError> {
        let pg = self.opened().await?;
        let rows = pg.query(STATS, &[]).await?;
        Ok(tally_stats(rows.iter().map(|r| {
            (
                r.get(0),
                r.get(1),
                u64::try_from(r.get::<_, i64>(2)).unwrap_or(0),
            )
        })))
    }
}
