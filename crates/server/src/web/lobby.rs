//! The lobby over HTTP: open seeks, listed for everyone (`GET /api/lobby`);
//! posting, watching, withdrawing and accepting a seek; and quick pairing
//! ([`super::quick`]), which accepts the oldest matching seek or posts one. Seeks live in the
//! store ([`crate::seeks`]), so whichever process a player reaches sees the
//! same lobby, and one accept wins.
//!
//! A player seeks with a seat token of their own making (as a friend who
//! joins by code does): once paired, each connects to the game with it.
//! Signed-in players seek under their account's name; guests give a name,
//! kept in their browser, and play casual games only.

// A refused request is its answer, passed back as it is.
#![allow(clippy::result_large_err)]

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::{is_seat_token, TimeControl};
use serde::{Deserialize, Serialize};

use crate::fair_play::Origin;
use crate::hub::{Accepter, CreateError};
use crate::seeks::{Seek, STALE_AFTER};
use crate::web::accounts::{body, refuse};
use crate::web::App;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/lobby", get(lobby))
        .route("/api/seeks", post(post_seek))
        .route("/api/seeks/{id}", get(watch))
        .route("/api/seeks/{id}/withdraw", post(withdraw))
        .route("/api/seeks/{id}/accept", post(accept))
        .route("/api/quick", post(super::quick::quick))
}

/// The lowest and highest rating a seek may name.
const RATINGS: std::ops::RangeInclusive<i32> = 0..=4000;

#[derive(Deserialize)]
struct SeekRequest {
    game: String,
    #[serde(default)]
    clock: Option<TimeControl>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    range: Option<(i32, i32)>,
    token: String,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
struct TokenRequest {
    token: String,
    #[serde(default)]
    name: Option<String>,
}

/// A seek as the lobby lists it.
#[derive(Serialize)]
struct SeekView {
    id: String,
    game: String,
    clock: Option<String>,
    rated: bool,
    side: String,
    range: Option<(i32, i32)>,
    name: String,
    guest: bool,
    /// The seeker's rating in this game (`1500?` while provisional), for
    /// rated seeks.
    rating: Option<String>,
    /// A rated seek that would be played unrated with the one asking: the
    /// seeker shares their network or browser ([`crate::fair_play`]).
    unrated_for_you: bool,
}

pub(super) fn unavailable(e: &crate::store::StoreError) -> Response {
    tracing::error!(error = %e, "storage failed");
    refuse(
        StatusCode::SERVICE_UNAVAILABLE,
        "the lobby cannot be reached just now; try again",
    )
}

/// A guest's name: 2 to 20 letters, digits, spaces, `_` or `-`.
fn guest_name(name: Option<&str>) -> Result<String, Response> {
    let name = name.map(str::trim).unwrap_or_default();
    let fits = (2..=20).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-');
    if fits {
        Ok(name.to_string())
    } else {
        Err(refuse(
            StatusCode::BAD_REQUEST,
            "a guest's name has 2 to 20 letters, digits, spaces, _ or -",
        ))
    }
}

/// Who is asking: their account (key, name), or a guest's name; and the
/// hash of the seat token they made.
#[derive(Clone)]
pub(super) struct Asker {
    pub(super) user: Option<String>,
    name: String,
    token: String,
    origin: Origin,
}

/// Where a request comes from: its client's network and browser.
pub(super) fn origin_of(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    jar: &CookieJar,
) -> Origin {
    Origin::of(
        app.proxies.client(peer.ip(), headers),
        crate::web::accounts::device_of(jar),
    )
}

/// Refuses a rated pairing to a player who abandoned too many rated games
/// lately, saying how long they still wait
/// (`{"refused": "abandoned", "wait_seconds": n}`).
pub(super) async fn may_play_rated(app: &App, user: &Option<String>) -> Result<(), Response> {
    let Some(user) = user else {
        return Ok(());
    };
    match app.hub.db().rated_wait(user, app.hub.time.now()).await {
        Ok(None) => Ok(()),
        Ok(Some(wait)) => Err((
            StatusCode::TOO_MANY_REQUESTS,
            Json(serde_json::json!({ "refused": "abandoned", "wait_seconds": wait })),
        )
            .into_response()),
        Err(e) => Err(unavailable(&e)),
    }
}

pub(super) async fn asker(
    app: &App,
    jar: &CookieJar,
    token: &str,
    name: Option<&str>,
    origin: Origin,
) -> Result<Asker, Response> {
    if !is_seat_token(token) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "a seat token is 32 hex digits of the page's making",
        ));
    }
    let token = crate::ids::token_hash(token);
    match crate::web::accounts::signed_in(app, jar).await? {
        Some(user) => Ok(Asker {
            user: Some(user.key),
            name: user.name,
            token,
            origin,
        }),
        None => Ok(Asker {
            user: None,
            name: guest_name(name)?,
            token,
            origin,
        }),
    }
}

/// A rated game is between accounts, with clocks, in one of the six games
/// as it is (no rule options).
pub(super) fn check_rated(
    rated: bool,
    user: &Option<String>,
    header: &str,
    clock: bool,
) -> Result<(), Response> {
    if !rated {
        return Ok(());
    }
    if user.is_none() {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "rated games are for players with an account",
        ));
    }
    if header.parse::<engine::GameKind>().is_err() {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "rated games are played without rule options",
        ));
    }
    if !clock {
        return Err(refuse(StatusCode::BAD_REQUEST, "rated games have clocks"));
    }
    Ok(())
}

/// The game's header as a game is made of it (checked by the engine).
pub(super) fn header_of(game: &str) -> Result<String, Response> {
    online_play::Room::new(crate::web::game_header(game).trim(), false)
        .map(|room| room.record())
        .map_err(|why| refuse(StatusCode::BAD_REQUEST, &why))
}

async fn rating_of(
    app: &App,
    user: &Option<String>,
    header: &str,
) -> Result<Option<crate::ratings::Rating>, Response> {
    match user {
        Some(user) => app
            .hub
            .db()
            .rating(user, header)
            .await
            .map(Some)
            .map_err(|e| unavailable(&e)),
        None => Ok(None),
    }
}

async fn lobby(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Response {
    let viewer = origin_of(&app, peer, &headers, &jar);
    let since = app.hub.time.now() - STALE_AFTER;
    let seeks = match app.hub.db().open_seeks(since).await {
        Ok(seeks) => seeks,
        Err(e) => return unavailable(&e),
    };
    let mut listed = Vec::new();
    for seek in seeks.into_iter().filter(|s| !s.quick) {
        let rating = if seek.rated {
            match rating_of(&app, &seek.user, &seek.header).await {
                Ok(rating) => rating.map(|r| r.shown()),
                Err(refused) => return refused,
            }
        } else {
            None
        };
        listed.push(SeekView {
            unrated_for_you: seek.rated && seek.origin.shared_with(&viewer),
            guest: seek.user.is_none(),
            id: seek.id,
            game: seek.header,
            clock: seek.clock,
            rated: seek.rated,
            side: seek.side,
            range: seek.range,
            name: seek.name,
            rating,
        });
    }
    Json(serde_json::json!({ "seeks": listed })).into_response()
}

const SEEK: &str = "{\"game\", \"clock\", \"rated\", \"side\", \"range\", \"token\", \"name\"}";

async fn post_seek(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<SeekRequest>, JsonRejection>,
) -> Response {
    let asked = match body(read, SEEK) {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    if !app.creating.allow(app.proxies.client(peer.ip(), &headers)) {
        return refuse(StatusCode::TOO_MANY_REQUESTS, "too many seeks; try later");
    }
    let side = asked.side.unwrap_or_else(|| "random".to_string());
    if !["white", "black", "random"].contains(&side.as_str()) {
        return refuse(
            StatusCode::BAD_REQUEST,
            "side must be white, black or random",
        );
    }
    if let Some((low, high)) = asked.range {
        if low > high || !RATINGS.contains(&low) || !RATINGS.contains(&high) {
            return refuse(
                StatusCode::BAD_REQUEST,
                "a rating range is [low, high], from 0 to 4000",
            );
        }
    }
    let origin = origin_of(&app, peer, &headers, &jar);
    let seeker = match asker(&app, &jar, &asked.token, asked.name.as_deref(), origin).await {
        Ok(seeker) => seeker,
        Err(refused) => return refused,
    };
    let header = match header_of(&asked.game) {
        Ok(header) => header,
        Err(refused) => return refused,
    };
    if let Err(refused) = check_rated(asked.rated, &seeker.user, &header, asked.clock.is_some()) {
        return refused;
    }
    if asked.rated {
        if let Err(refused) = may_play_rated(&app, &seeker.user).await {
            return refused;
        }
    }
    let seek = new_seek(
        &app,
        seeker,
        header,
        asked.clock,
        asked.rated,
        side,
        asked.range,
        false,
    );
    match app.hub.db().add_seek(&seek).await {
        Ok(()) => Json(serde_json::json!({ "id": seek.id })).into_response(),
        Err(e) => unavailable(&e),
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn new_seek(
    app: &App,
    seeker: Asker,
    header: String,
    clock: Option<TimeControl>,
    rated: bool,
    side: String,
    range: Option<(i32, i32)>,
    quick: bool,
) -> Seek {
    let now = app.hub.time.now();
    Seek {
        id: crate::ids::game_id(),
        header,
        clock: clock.map(|c| c.to_string()),
        rated,
        side,
        range,
        user: seeker.user,
        name: seeker.name,
        token: seeker.token,
        quick,
        created: now,
        seen: now,
        game: None,
        origin: seeker.origin,
    }
}

/// A seek's state for its seeker, who keeps it listed by asking:
/// `{"state": "open"}`, or `{"state": "paired", "game": id}`.
async fn watch(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.hub.db().seek_seen(&id, app.hub.time.now()).await {
        Ok(Some(seek)) => match seek.game {
            Some(game) => Json(serde_json::json!({ "state": "paired", "game": game })),
            None => Json(serde_json::json!({ "state": "open" })),
        }
        .into_response(),
        Ok(None) => refuse(StatusCode::NOT_FOUND, "no such seek"),
        Err(e) => unavailable(&e),
    }
}

async fn withdraw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    read: Result<Json<TokenRequest>, JsonRejection>,
) -> Response {
    let asked = match body(read, "{\"token\"}") {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    let token = crate::ids::token_hash(&asked.token);
    match app.hub.db().withdraw_seek(&id, &token).await {
        Ok(true) => Json(serde_json::json!({ "withdrawn": true })).into_response(),
        Ok(false) => refuse(StatusCode::NOT_FOUND, "no open seek of yours by that id"),
        Err(e) => unavailable(&e),
    }
}

/// Whether `seek` is `asker`'s own: made with their seat token, or by
/// their account.
pub(super) fn is_own(seek: &Seek, asker: &Asker) -> bool {
    seek.token == asker.token || (seek.user.is_some() && seek.user == asker.user)
}

/// Why `accepter` may not take `seek`, if they may not.
async fn may_accept(app: &App, seek: &Seek, accepter: &Asker) -> Result<(), Response> {
    if is_own(seek, accepter) {
        return Err(refuse(StatusCode::CONFLICT, "that seek is your own"));
    }
    check_rated(
        seek.rated,
        &accepter.user,
        &seek.header,
        seek.clock.is_some(),
    )?;
    if let Some((low, high)) = seek.range {
        if let Some(rating) = rating_of(app, &accepter.user, &seek.header).await? {
            if !(low..=high).contains(&(rating.rating.round() as i32)) {
                return Err(refuse(
                    StatusCode::FORBIDDEN,
                    "your rating is outside the seek's range",
                ));
            }
        }
    }
    Ok(())
}

/// Pairs `accepter` with `seek` (closing `own_seek` too, when quick
/// pairing): the game's id, `None` when a seek was no longer open, or the
/// answer refusing it.
pub(super) async fn take(
    app: &App,
    seek: &Seek,
    accepter: Asker,
    own_seek: Option<String>,
) -> Result<Option<String>, Response> {
    may_accept(app, seek, &accepter).await?;
    if seek.rated {
        may_play_rated(app, &accepter.user).await?;
    }
    let taker = Accepter {
        apart: !seek.origin.shared_with(&accepter.origin),
        user: accepter.user,
        token: accepter.token,
        own_seek,
        name: accepter.name,
    };
    match app.hub.pair(seek, &taker).await {
        Ok(game) => {
            if let Some(game) = &game {
                tracing::info!(seek = %seek.id, %game, "paired");
            }
            Ok(game)
        }
        Err(CreateError::BadGame(why)) => Err(refuse(StatusCode::BAD_REQUEST, &why)),
        Err(CreateError::Storage) => Err(refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the game could not be stored just now; try again",
        )),
    }
}

fn gone() -> Response {
    refuse(StatusCode::CONFLICT, "that seek is no longer open")
}

async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<TokenRequest>, JsonRejection>,
) -> Response {
    let asked = match body(read, "{\"token\", \"name\"}") {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    let origin = origin_of(&app, peer, &headers, &jar);
    let accepter = match asker(&app, &jar, &asked.token, asked.name.as_deref(), origin).await {
        Ok(accepter) => accepter,
        Err(refused) => return refused,
    };
    let since = app.hub.time.now() - STALE_AFTER;
    let seek = match app.hub.db().seek(&id).await {
        // Listed: open, and asked after lately.
        Ok(seek) => seek.filter(|s| s.game.is_none() && s.seen >= since),
        Err(e) => return unavailable(&e),
    };
    let Some(seek) = seek else {
        return gone();
    };
    match take(&app, &seek, accepter, None).await {
        Ok(Some(game)) => Json(serde_json::json!({ "game": game })).into_response(),
        Ok(None) => gone(),
        Err(refused) => refused,
    }
}
