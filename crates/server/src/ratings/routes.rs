//! Players in public: a player's page (`GET /api/players/<name>`: ratings
//! per game, results by colour, finished games to open in review), each
//! game's leaderboard (`GET /api/leaderboard/<game>`), a game's record to
//! review it (`GET /api/games/<id>`), and the site's statistics per game
//! (`GET /api/stats`).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use online_play::api::{
    self, GameRecord, GameStats, Leader, Leaderboard, PlayedGame, PlayerPage, Refusal, Stats,
};

use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;

/// What these routes answer.
type Answer<T> = Result<Json<T>, ApiError>;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::PLAYER.route, get(player))
        .route(api::LEADERBOARD.route, get(leaderboard))
        .route(api::STATS.route, get(stats))
        .route(api::GAME.route, get(game_record))
}

/// `GET /api/games/<id>`: a game's record line, to review it, and whether
/// it is over (`{"id", "record", "over"}`); 404 for no such game. Games
/// are public, as their watch links are.
async fn game_record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameRecord> {
    let no_game = || ApiError::from(Refusal::NoSuchGame);
    if id.len() > 64 {
        return Err(no_game());
    }
    let (_, room) = app
        .hub
        .db()
        .load(&id)
        .await
        .or_unavailable(Area::Players)?
        .ok_or_else(no_game)?;
    Ok(Json(GameRecord {
        record: room.record(),
        over: room.is_over(),
        id,
    }))
}

/// Games a player's page lists, and players a leaderboard.
const LISTED: i64 = 50;

async fn player(State(app): State<Arc<App>>, Path(name): Path<String>) -> Answer<PlayerPage> {
    let not_found = || ApiError::from(Refusal::NoSuchPlayer);
    let key = crate::accounts::name_key(&name).map_err(|_| not_found())?;
    let db = app.hub.db();
    let user = db
        .user(&key)
        .await
        .or_unavailable(Area::Players)?
        .ok_or_else(not_found)?;
    let ratings = db.ratings_of(&key).await.or_unavailable(Area::Players)?;
    let results = db.results(&key).await.or_unavailable(Area::Players)?;
    let games = db
        .history(&key, LISTED)
        .await
        .or_unavailable(Area::Players)?;
    Ok(Json(PlayerPage {
        bot: user.bot,
        name: user.name,
        ratings: ratings
            .iter()
            .map(|(game, rating)| (game.clone(), rating.standing()))
            .collect(),
        results,
        games: games.into_iter().filter_map(played).collect(),
    }))
}

/// A finished game as the API gives it; none for a result the API has no
/// word for.
fn played(row: crate::ratings::players::PlayedGame) -> Option<PlayedGame> {
    fn word<T: serde::de::DeserializeOwned>(text: String) -> Option<T> {
        serde_json::from_value(serde_json::Value::String(text)).ok()
    }
    Some(PlayedGame {
        result: word(row.result)?,
        reason: word(row.reason)?,
        id: row.id,
        game: row.game,
        white: row.white,
        black: row.black,
        rated: row.rated,
        clock: row.clock,
    })
}

async fn leaderboard(State(app): State<Arc<App>>, Path(game): Path<String>) -> Answer<Leaderboard> {
    if game.parse::<engine::GameKind>().is_err() {
        return Err(ApiError::from(Refusal::NoSuchGame));
    }
    let standings = app
        .hub
        .db()
        .leaders(&game, LISTED)
        .await
        .or_unavailable(Area::Players)?;
    Ok(Json(Leaderboard {
        players: standings
            .iter()
            .map(|s| Leader {
                name: s.name.clone(),
                standing: s.rating.standing(),
            })
            .collect(),
        game,
    }))
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        return 0.0;
    }
    (part as f64 * 1000.0 / whole as f64).round() / 10.0
}

async fn stats(State(app): State<Arc<App>>) -> Answer<Stats> {
    Ok(Json(site_stats(&app).await.or_unavailable(Area::Players)?))
}

/// Each game's figures, computed at most once a second.
pub(crate) async fn site_stats(app: &App) -> Result<Stats, crate::storage::sqlite::StoreError> {
    app.stats
        .get(async {
            let counted = app.hub.db().stats().await?;
            // Every game is listed, played or not.
            let games = engine::GameKind::ALL.iter().map(|kind| {
                let s = counted.get(kind.as_str()).copied().unwrap_or_default();
                let view = GameStats {
                    played: s.played,
                    white_wins: percent(s.white_wins, s.played),
                    black_wins: percent(s.black_wins, s.played),
                    draws: percent(s.draws, s.played),
                };
                (kind.as_str().to_string(), view)
            });
            Ok(Stats {
                games: games.collect(),
            })
        })
        .await
}
