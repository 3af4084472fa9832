//! The lobby over HTTP: open seeks, listed for everyone (`GET /api/lobby`);
//! posting, watching, withdrawing and accepting a seek; and quick pairing
//! ([`crate::lobby::quick`]), which accepts the oldest matching seek or posts one. Seeks live in the
//! store ([`crate::lobby::seeks`]), so whichever process a player reaches sees the
//! same lobby, and one accept wins.
//!
//! A player seeks with a seat token of their own making (as a friend who
//! joins by code does): once paired, each connects to the game with it.
//! Signed-in players seek under their account's name; guests give a name,
//! kept in their browser, and play casual games only.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{self, Refusal};
use online_play::{is_seat_token, TimeControl};

use crate::accounts::routes::body;
use crate::games::hub::{Accepter, CreateError};
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;
use crate::lobby::fair_play::Origin;
use crate::lobby::seeks::{Seek, STALE_AFTER};

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .merge(crate::lobby::challenges::routes())
        .merge(crate::lobby::follows::routes())
        .route(api::LOBBY.route, get(lobby))
        .route(api::SEEKS.route, post(post_seek))
        .route(api::SEEK.route, get(watch))
        .route(api::WITHDRAW.route, post(withdraw))
        .route(api::ACCEPT.route, post(accept))
        .route(api::QUICK.route, post(crate::lobby::quick::quick))
        .route(api::TAKE_BOT.route, post(take_bot))
}

/// The lowest and highest rating a seek may name.
const RATINGS: std::ops::RangeInclusive<i32> = 0..=4000;

/// A stored seek's side, as the API gives it.
fn seek_side(side: &str) -> Option<api::SeekSide> {
    serde_json::from_value(serde_json::Value::String(side.to_string())).ok()
}

/// The seeks changed here: this process's pages and the others' hear it.
pub(crate) async fn seeks_changed(app: &App) {
    app.lobby.poke();
    app.hub.tell_lobby().await;
}

/// Where a failed store call leaves these routes.
pub(crate) const LOBBY: Area = Area::Lobby;

/// What the lobby's routes answer.
pub(crate) type Answer = Result<Response, ApiError>;

/// A guest's name: 2 to 20 letters, digits, spaces, `_` or `-`.
fn guest_name(name: Option<&str>) -> Result<String, ApiError> {
    let name = name.map(str::trim).unwrap_or_default();
    let fits = (2..=20).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-');
    if fits {
        Ok(name.to_string())
    } else {
        Err(ApiError::from(Refusal::BadGuestName))
    }
}

/// Who is asking: their account (key, name), or a guest's name; and the
/// hash of the seat token they made.
#[derive(Clone)]
pub(crate) struct Asker {
    pub(crate) user: Option<String>,
    pub(crate) name: String,
    pub(crate) token: String,
    pub(crate) origin: Origin,
}

#[cfg(test)]
impl Asker {
    /// A seeker for the tests: its account, and its seat token's hash.
    pub(crate) fn for_test(user: Option<&str>, token: &str) -> Asker {
        Asker {
            user: user.map(str::to_string),
            name: user.unwrap_or("guest").to_string(),
            token: token.to_string(),
            origin: Origin::default(),
        }
    }
}

/// Where a request comes from: its client's network and browser.
pub(crate) fn origin_of(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    jar: &CookieJar,
) -> Origin {
    Origin::of(
        app.proxies.client(peer.ip(), headers),
        crate::accounts::routes::device_of(jar),
    )
}

/// Refuses a rated pairing to a player a moderator marked as a cheater,
/// with the reason, or who abandoned too many rated games lately, saying
/// how long they still wait (`{"refused": "abandoned", "wait_seconds": n}`).
pub(crate) async fn may_play_rated(app: &App, user: &Option<String>) -> Result<(), ApiError> {
    let Some(user) = user else {
        return Ok(());
    };
    let marked = app
        .hub
        .db()
        .sanction_of(user, crate::safety::moderation::CHEATER, app.hub.time.now())
        .await
        .or_unavailable(LOBBY)?;
    if let Some((reason, _)) = marked {
        return Err(Refusal::MarkedCheater { reason }.into());
    }
    let waiting = app
        .hub
        .db()
        .rated_wait(user, app.hub.time.now())
        .await
        .or_unavailable(LOBBY)?;
    match waiting {
        None => Ok(()),
        Some(wait) => Err(Refusal::Abandoned {
            wait_seconds: u64::try_from(wait).unwrap_or(0),
        }
        .into()),
    }
}

pub(crate) async fn asker(
    app: &App,
    jar: &CookieJar,
    token: &str,
    name: Option<&str>,
    origin: Origin,
) -> Result<Asker, ApiError> {
    if !is_seat_token(token) {
        return Err(ApiError::from(Refusal::BadSeatToken));
    }
    let token = crate::ids::token_hash(token);
    match crate::accounts::routes::signed_in(app, jar).await? {
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
pub(crate) fn check_rated(
    rated: bool,
    user: &Option<String>,
    header: &str,
    clock: bool,
) -> Result<(), ApiError> {
    if !rated {
        return Ok(());
    }
    if user.is_none() {
        return Err(ApiError::from(Refusal::RatedNeedsAccount));
    }
    if header.parse::<engine::GameKind>().is_err() {
        return Err(ApiError::from(Refusal::RatedWithoutOptions));
    }
    if !clock {
        return Err(ApiError::from(Refusal::RatedNeedsClock));
    }
    Ok(())
}

/// The game's header as a game is made of it (checked by the engine).
pub(crate) fn header_of(game: &str) -> Result<String, ApiError> {
    online_play::Room::new(crate::http::game_header(game).trim(), false)
        .map(|room| room.record())
        .map_err(|why| ApiError::from(Refusal::BadGame { why }))
}

pub(crate) async fn rating_of(
    app: &App,
    user: &Option<String>,
    header: &str,
) -> Result<Option<crate::ratings::Rating>, ApiError> {
    match user {
        Some(user) => app
            .hub
            .db()
            .rating(user, header)
            .await
            .map(Some)
            .or_unavailable(LOBBY),
        None => Ok(None),
    }
}

async fn lobby(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Answer {
    let viewer = origin_of(&app, peer, &headers, &jar);
    let seeks = listed_seeks(&app)
        .await?
        .into_iter()
        .map(|(seek, origin)| for_viewer(seek, &origin, &viewer))
        .collect();
    Ok(Json(api::Seeks { seeks }).into_response())
}

/// A listed seek as `viewer` sees it: a rated one says whether it would be
/// played unrated with them (one network or one browser).
pub(crate) fn for_viewer(mut seek: api::Seek, origin: &Origin, viewer: &Origin) -> api::Seek {
    seek.unrated_for_you = seek.rated && origin.shared_with(viewer);
    seek
}

/// The open seeks the lobby lists (not quick pairings' places), each with
/// where its seeker came from.
pub(crate) async fn listed_seeks(app: &App) -> Result<Vec<(api::Seek, Origin)>, ApiError> {
    let since = app.hub.time.now() - STALE_AFTER;
    let seeks = app.hub.db().open_seeks(since).await.or_unavailable(LOBBY)?;
    listed_of(app, seeks).await
}

/// Of the open `seeks`, those the lobby lists (not quick pairings' places
/// nor challenges), each with where its seeker came from.
pub(crate) async fn listed_of(
    app: &App,
    seeks: Vec<Seek>,
) -> Result<Vec<(api::Seek, Origin)>, ApiError> {
    let mut listed = Vec::new();
    for seek in seeks.into_iter().filter(|s| !s.quick && s.target.is_none()) {
        let rating = if seek.rated {
            rating_of(app, &seek.user, &seek.header)
                .await?
                .map(|r| r.public())
        } else {
            None
        };
        let Some(side) = seek_side(&seek.side) else {
            continue;
        };
        listed.push((
            api::Seek {
                unrated_for_you: false,
                guest: seek.user.is_none(),
                id: seek.id,
                game: seek.header,
                clock: seek.clock,
                rated: seek.rated,
                side,
                range: seek.range,
                name: seek.name,
                rating,
            },
            seek.origin,
        ));
    }
    Ok(listed)
}

/// Counts a seek (posted, or a quick pairing's) against the address's
/// allowance for creating games; refused once it is spent.
pub(crate) fn may_seek(app: &App, peer: SocketAddr, headers: &HeaderMap) -> Result<(), ApiError> {
    if app.creating.allow(app.proxies.client(peer.ip(), headers)) {
        Ok(())
    } else {
        Err(ApiError::from(Refusal::TooManySeeks))
    }
}

const SEEK: &str = "{\"game\", \"clock\", \"rated\", \"side\", \"range\", \"token\", \"name\"}";

async fn post_seek(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<api::SeekRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, SEEK)?;
    may_seek(&app, peer, &headers)?;
    let side = asked.side.as_str().to_string();
    if let Some((low, high)) = asked.range {
        if low > high || !RATINGS.contains(&low) || !RATINGS.contains(&high) {
            return Err(ApiError::from(Refusal::BadRatingRange));
        }
    }
    let origin = origin_of(&app, peer, &headers, &jar);
    let seeker = asker(&app, &jar, &asked.token, asked.name.as_deref(), origin).await?;
    let header = header_of(&asked.game)?;
    check_rated(asked.rated, &seeker.user, &header, asked.clock.is_some())?;
    if asked.rated {
        may_play_rated(&app, &seeker.user).await?;
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
    app.hub.db().add_seek(&seek).await.or_unavailable(LOBBY)?;
    seeks_changed(&app).await;
    Ok(Json(api::Posted { id: seek.id }).into_response())
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn new_seek(
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
        target: None,
        declined: None,
        bots: false,
    }
}

/// A seek's state for its seeker, who keeps it listed by asking:
/// `{"state": "open"}`, or `{"state": "paired", "game": id}`.
async fn watch(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let seek = app
        .hub
        .db()
        .seek_seen(&id, app.hub.time.now())
        .await
        .or_unavailable(LOBBY)?
        .ok_or_else(|| ApiError::from(Refusal::NoSuchSeek))?;
    Ok(Json(state_of(&seek)).into_response())
}

/// A seek's state as its seeker is told it.
pub(crate) fn state_of(seek: &Seek) -> api::SeekState {
    match (&seek.game, &seek.declined) {
        (Some(game), _) => api::SeekState::Paired { game: game.clone() },
        (None, Some(reason)) => api::SeekState::Declined {
            reason: api::DeclineReason::from_code(reason),
        },
        (None, None) => api::SeekState::Open,
    }
}

async fn withdraw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    read: Result<Json<api::TokenRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"token\"}")?;
    let token = crate::ids::token_hash(&asked.token);
    let withdrawn = app
        .hub
        .db()
        .withdraw_seek(&id, &token)
        .await
        .or_unavailable(LOBBY)?;
    if !withdrawn {
        return Err(ApiError::from(Refusal::NoSuchSeek));
    }
    seeks_changed(&app).await;
    Ok(Json(api::Withdrawn { withdrawn: true }).into_response())
}

/// A quick pairing's seeker, waiting, says a bot may take their place
/// after all (the page offers it once they have waited a while).
async fn take_bot(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    read: Result<Json<api::TokenRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"token\"}")?;
    let token = crate::ids::token_hash(&asked.token);
    let taken = app
        .hub
        .db()
        .take_bots(&id, &token, true)
        .await
        .or_unavailable(LOBBY)?;
    if !taken {
        return Err(ApiError::from(Refusal::NoSuchSeek));
    }
    Ok(Json(api::BotTaken { bots: true }).into_response())
}

/// Whether `seek` is `asker`'s own: made with their seat token, or by
/// their account.
pub(crate) fn is_own(seek: &Seek, asker: &Asker) -> bool {
    seek.token == asker.token || (seek.user.is_some() && seek.user == asker.user)
}

/// Why `accepter` may not take `seek`, if they may not.
async fn may_accept(app: &App, seek: &Seek, accepter: &Asker) -> Result<(), ApiError> {
    if is_own(seek, accepter) {
        return Err(ApiError::from(Refusal::OwnSeek));
    }
    if let (Some(seeker), Some(taker)) = (&seek.user, &accepter.user) {
        let apart = app.hub.db().kept_apart(taker).await.or_unavailable(LOBBY)?;
        if apart.contains(seeker) {
            return Err(ApiError::from(Refusal::Blocked));
        }
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
                return Err(ApiError::from(Refusal::OutsideRange));
            }
        }
    }
    Ok(())
}

/// Pairs `accepter` with `seek` (closing `own_seek` too, when quick
/// pairing): the game's id, `None` when a seek was no longer open, or the
/// answer refusing it.
pub(crate) async fn take(
    app: &App,
    seek: &Seek,
    accepter: Asker,
    own_seek: Option<String>,
) -> Result<Option<String>, ApiError> {
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
                let waited = (app.hub.time.now() - seek.created).max(0);
                app.hub.metrics.pairing_wait_seconds.observe(waited as f64);
                tracing::info!(seek = %seek.id, %game, "paired");
                seeks_changed(app).await;
            }
            Ok(game)
        }
        Err(CreateError::BadGame(why)) => Err(Refusal::BadGame { why }.into()),
        // Logged where it happened.
        Err(CreateError::Storage) => Err(Refusal::Unavailable { area: Area::Games }.into()),
    }
}

fn gone() -> ApiError {
    ApiError::from(Refusal::SeekClosed)
}

async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<api::TokenRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"token\", \"name\"}")?;
    let origin = origin_of(&app, peer, &headers, &jar);
    let accepter = asker(&app, &jar, &asked.token, asked.name.as_deref(), origin).await?;
    let since = app.hub.time.now() - STALE_AFTER;
    // Listed: open, and asked after lately.
    let seek = app
        .hub
        .db()
        .seek(&id)
        .await
        .or_unavailable(LOBBY)?
        .filter(|s| s.game.is_none() && s.target.is_none() && s.seen >= since)
        .ok_or_else(gone)?;
    match take(&app, &seek, accepter, None).await? {
        Some(game) => Ok(Json(api::Pairing {
            seek: None,
            game: Some(game),
        })
        .into_response()),
        None => Err(gone()),
    }
}
