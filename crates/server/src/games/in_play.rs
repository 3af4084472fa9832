//! The games in play, for the Watch screen and for other sites
//! (`GET /api/live`): each game's players, their ratings, its clocks and
//! its spectators; the featured game first.

use std::sync::Arc;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use online_play::api::{self, Live, LiveClock, LiveGame, LivePlayer, MyGame, MyGames, Refusal};

use crate::games::hub::InPlay;
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::LIVE.route, get(live))
        .route(api::MY_GAMES.route, get(my_games))
}

async fn player(app: &App, game: &InPlay, index: usize) -> (LivePlayer, Option<f64>) {
    let mut rating = None;
    if let (true, Some(user)) = (game.row.rated, &game.row.players[index]) {
        if let Ok(r) = app.hub.db().rating(user, &game.row.header).await {
            rating = Some(r);
        }
    }
    let view = LivePlayer {
        name: game.row.names[index].clone(),
        rating: rating.map(|r| r.public()),
        online: game.online[index] > 0,
    };
    (view, rating.map(|r| r.rating))
}

async fn live(State(app): State<Arc<App>>) -> Response {
    Json(live_now(&app).await).into_response()
}

/// The games in play, computed at most once a second.
pub(crate) async fn live_now(app: &App) -> Live {
    let computed = app
        .in_play
        .get(async { Ok::<_, std::convert::Infallible>(games_in_play(app).await) });
    match computed.await {
        Ok(answer) => answer,
        Err(never) => match never {},
    }
}

async fn games_in_play(app: &App) -> Live {
    let now = app.hub.time.now_ms();
    let mut listed = Vec::new();
    for game in app.hub.in_play().await {
        let (white, white_rating) = player(app, &game, 0).await;
        let (black, black_rating) = player(app, &game, 1).await;
        let clock = game.room.clock.as_ref().map(|clock| LiveClock {
            control: clock.control.to_string(),
            left: clock.remaining_at(now),
            running: clock.running().map(|side| match side {
                engine::Side::White => online_play::Role::White,
                engine::Side::Black => online_play::Role::Black,
            }),
        });
        // Rated games by their players' mean rating, then the watched.
        let strength = white_rating.zip(black_rating).map(|(w, b)| (w + b) / 2.0);
        let view = LiveGame {
            id: game.row.id.clone(),
            game: game.row.header.clone(),
            rated: game.row.rated,
            white,
            black,
            clock,
            ply: game.room.game.ply(),
            spectators: game.watchers,
            featured: false,
        };
        listed.push((strength.unwrap_or(0.0), game.watchers, view));
    }
    listed.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(b.1.cmp(&a.1))
            .then(a.2.id.cmp(&b.2.id))
    });
    let mut games: Vec<LiveGame> = listed.into_iter().map(|(_, _, view)| view).collect();
    if let Some(first) = games.first_mut() {
        first.featured = true;
    }
    Live { games }
}

/// `GET /api/me/games`: the signed-in player's games in progress, those
/// where it is their turn first (most urgent first).
pub(crate) async fn my_games(
    State(app): State<Arc<App>>,
    jar: axum_extra::extract::cookie::CookieJar,
) -> Result<Json<MyGames>, ApiError> {
    let user = crate::accounts::routes::signed_in(&app, &jar)
        .await?
        .ok_or_else(|| ApiError::from(Refusal::LogInFirst))?;
    Ok(Json(MyGames {
        games: games_of(&app, &user.key).await?,
    }))
}

/// The games in progress of the player `user` (a key), those where it is
/// their turn first (most urgent first).
pub(crate) async fn games_of(app: &App, user: &str) -> Result<Vec<MyGame>, ApiError> {
    let db = app.hub.db();
    let ids = db.playing(user).await.or_unavailable(Area::MyGames)?;
    let now = app.hub.time.now_ms();
    let mut games = Vec::new();
    for id in ids {
        let Ok(Some((row, room))) = db.load(&id).await else {
            continue;
        };
        let index = usize::from(row.players[0].as_deref() != Some(user));
        let side = room.game.side_to_move();
        let left = room
            .clock
            .as_ref()
            .map(|clock| clock.remaining_at(now)[side.index()]);
        games.push(MyGame {
            id: row.id.clone(),
            game: row.header.clone(),
            side: if index == 0 {
                online_play::Role::White
            } else {
                online_play::Role::Black
            },
            opponent: row.names[1 - index].clone(),
            your_turn: side.index() == index && !room.is_over(),
            left,
            clock: row.clock.clone(),
        });
    }
    games.sort_by_key(|g| (!g.your_turn, g.left.unwrap_or(u64::MAX)));
    Ok(games)
}
