//! Players in public: a player's page (`GET /api/players/<name>`: ratings
//! per game, results by colour, finished games to open in review), each
//! game's leaderboard (`GET /api/leaderboard/<game>`), a game's record to
//! review it (`GET /api/games/<id>`), and the site's statistics per game
//! (`GET /api/stats`).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::error::{ApiError, Area, OrUnavailable};
use crate::players::{ByColour, PlayedGame};
use crate::ratings::Rating;
use crate::web::App;

/// What these routes answer.
type Answer<T> = Result<Json<T>, ApiError>;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/players/{name}", get(player))
        .route("/api/leaderboard/{game}", get(leaderboard))
        .route("/api/stats", get(stats))
        .route("/api/games/{id}", get(game_record))
}

/// `GET /api/games/<id>`: a game's record line, to review it, and whether
/// it is over (`{"id", "record", "over"}`); 404 for no such game. Games
/// are public, as their watch links are.
async fn game_record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Answer<serde_json::Value> {
    let no_game = || ApiError::refused(StatusCode::NOT_FOUND, "no such game");
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
    Ok(Json(serde_json::json!({
        "id": id,
        "record": room.record(),
        "over": room.is_over(),
    })))
}

/// Games a player's page lists, and players a leaderboard.
const LISTED: i64 = 50;

/// A rating as the pages show it.
#[derive(Serialize)]
struct RatingView {
    rating: i32,
    deviation: i32,
    games: u32,
    provisional: bool,
    /// `1662?` while provisional.
    shown: String,
}

impl From<&Rating> for RatingView {
    fn from(r: &Rating) -> RatingView {
        RatingView {
            rating: r.rating.round() as i32,
            deviation: r.deviation.round() as i32,
            games: r.games,
            provisional: r.is_provisional(),
            shown: r.shown(),
        }
    }
}

#[derive(Serialize)]
struct PlayerView {
    name: String,
    /// Per game (`classic`), for the games played rated.
    ratings: std::collections::BTreeMap<String, RatingView>,
    results: ByColour,
    /// The last finished games, newest first; each opens in review at
    /// `?watch=<id>`.
    games: Vec<PlayedGame>,
}

async fn player(State(app): State<Arc<App>>, Path(name): Path<String>) -> Answer<PlayerView> {
    let not_found = || ApiError::refused(StatusCode::NOT_FOUND, "no such player");
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
    Ok(Json(PlayerView {
        name: user.name,
        ratings: ratings
            .iter()
            .map(|(game, rating)| (game.clone(), RatingView::from(rating)))
            .collect(),
        results,
        games,
    }))
}

#[derive(Serialize)]
struct Leader {
    name: String,
    #[serde(flatten)]
    rating: RatingView,
}

async fn leaderboard(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
) -> Answer<serde_json::Value> {
    if game.parse::<engine::GameKind>().is_err() {
        return Err(ApiError::refused(StatusCode::NOT_FOUND, "no such game"));
    }
    let standings = app
        .hub
        .db()
        .leaders(&game, LISTED)
        .await
        .or_unavailable(Area::Players)?;
    Ok(Json(serde_json::json!({
        "game": game,
        "players": standings
            .iter()
            .map(|s| Leader {
                name: s.name.clone(),
                rating: RatingView::from(&s.rating),
            })
            .collect::<Vec<_>>(),
    })))
}

/// One game's statistics as shown: games played, and White's wins, Black's
/// wins and draws as percentages of them (rounded to a tenth).
#[derive(Serialize)]
struct StatsView {
    played: u64,
    white_wins: f64,
    black_wins: f64,
    draws: f64,
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        return 0.0;
    }
    (part as f64 * 1000.0 / whole as f64).round() / 10.0
}

async fn stats(State(app): State<Arc<App>>) -> Answer<serde_json::Value> {
    let computed = app.stats.get(async {
        let counted = app.hub.db().stats().await?;
        // Every game is listed, played or not.
        let games = engine::GameKind::ALL.iter().map(|kind| {
            let s = counted.get(kind.as_str()).copied().unwrap_or_default();
            let view = StatsView {
                played: s.played,
                white_wins: percent(s.white_wins, s.played),
                black_wins: percent(s.black_wins, s.played),
                draws: percent(s.draws, s.played),
            };
            (kind.as_str().to_string(), view)
        });
        let games: std::collections::BTreeMap<_, _> = games.collect();
        Ok(serde_json::json!({ "games": games }))
    });
    Ok(Json(computed.await.or_unavailable(Area::Players)?))
}
