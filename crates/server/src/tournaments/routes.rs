//! Tournaments over HTTP: the lobby's list, making one (signed in, a few a
//! day), its page, and joining, pausing and withdrawing. Each refusal
//! names its reason.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{
    self, JoinTournament, NewTournament, PlayedTournament, PlayedTournaments, Refusal,
    TournamentKind, TournamentList, TournamentMade, TournamentPage, TournamentStatus,
};

use super::rows::{Joined, TournamentRow};
use super::view::summary_of;
use crate::accounts::routes::{body, signed_in};
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;

const TOURNAMENTS: Area = Area::Tournaments;

/// Tournaments one account may make in a day.
pub const MADE_PER_DAY: i64 = 5;
/// How long a finished tournament stays in the lobby's list (seconds).
const LISTED_AFTER: i64 = 6 * 60 * 60;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::TOURNAMENTS.route, get(list).post(make))
        .route(api::TOURNAMENT.route, get(show))
        .route(api::JOIN_TOURNAMENT.route, post(join))
        .route(api::PAUSE_TOURNAMENT.route, post(pause))
        .route(api::WITHDRAW_TOURNAMENT.route, post(withdraw))
        .route(api::PLAYER_TOURNAMENTS.route, get(of_player))
        .route(api::TOURNAMENT_CHAT.route, post(say))
}

async fn list(State(app): State<Arc<App>>) -> Result<Json<TournamentList>, ApiError> {
    let since = app.hub.time.now() - LISTED_AFTER;
    let found = app
        .hub
        .db()
        .listed_tournaments(since)
        .await
        .or_unavailable(TOURNAMENTS)?;
    let mut list = TournamentList::default();
    for (t, players) in found {
        let Some(summary) = summary_of(&t, players) else {
            continue;
        };
        match summary.status {
            TournamentStatus::Starting => list.starting.push(summary),
            TournamentStatus::Running => list.running.push(summary),
            TournamentStatus::Finished => list.finished.push(summary),
        }
    }
    list.finished.reverse();
    Ok(Json(list))
}

fn bad(field: &str) -> ApiError {
    Refusal::BadTournament {
        field: field.to_string(),
    }
    .into()
}

/// A tournament as asked, checked field by field: the row to store.
pub(crate) fn checked(
    asked: &NewTournament,
    creator: Option<&str>,
    now: i64,
) -> Result<TournamentRow, ApiError> {
    let name = asked.name.trim();
    let name_ok = (1..=api::TOURNAMENT_NAME_CHARS).contains(&name.chars().count())
        && !name.chars().any(char::is_control);
    if !name_ok {
        return Err(bad("name"));
    }
    let header = crate::lobby::routes::header_of(&asked.game).map_err(|_| bad("game"))?;
    if asked.rated && header.parse::<engine::GameKind>().is_err() {
        return Err(Refusal::RatedWithoutOptions.into());
    }
    // An arena lasts a fixed time: its games are played over the board.
    if asked.kind == TournamentKind::Arena && asked.clock.per_move() {
        return Err(bad("clock"));
    }
    let (minutes, rounds) = match asked.kind {
        TournamentKind::Arena => match asked.minutes {
            Some(m) if api::ARENA_MINUTES.contains(&m) => (Some(i64::from(m)), None),
            _ => return Err(bad("minutes")),
        },
        TournamentKind::Swiss => match asked.rounds {
            Some(r) if api::SWISS_ROUNDS.contains(&r) => (None, Some(i64::from(r))),
            _ => return Err(bad("rounds")),
        },
    };
    if asked.starts_in > api::STARTS_WITHIN {
        return Err(bad("starts_in"));
    }
    let password = match asked.password.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) if p.chars().count() <= 64 => Some(crate::ids::token_hash(p)),
        Some(_) => return Err(bad("password")),
    };
    if asked.min_rated_games.is_some_and(|n| n > 1000) {
        return Err(bad("min_rated_games"));
    }
    if let Some((low, high)) = asked.rating_range {
        if low > high || !(0..=4000).contains(&low) || !(0..=4000).contains(&high) {
            return Err(bad("rating_range"));
        }
    }
    if asked
        .max_players
        .is_some_and(|n| !(2..=api::MOST_PLAYERS).contains(&n))
    {
        return Err(bad("max_players"));
    }
    let starts = now + i64::try_from(asked.starts_in).unwrap_or(0);
    Ok(TournamentRow {
        id: crate::ids::game_id(),
        kind: match asked.kind {
            TournamentKind::Arena => "arena",
            TournamentKind::Swiss => "swiss",
        }
        .to_string(),
        name: name.to_string(),
        header,
        clock: asked.clock.to_string(),
        rated: asked.rated,
        minutes,
        rounds,
        starts,
        ends: minutes.map(|m| starts + 60 * m),
        status: "starting".to_string(),
        password,
        min_rated_games: asked.min_rated_games.map(i64::from),
        rating_low: asked.rating_range.map(|(l, _)| i64::from(l)),
        rating_high: asked.rating_range.map(|(_, h)| i64::from(h)),
        max_players: asked.max_players.map(i64::from),
        creator: creator.map(str::to_string),
        schedule_key: None,
        version: 0,
        created: now,
    })
}

async fn make(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<NewTournament>, JsonRejection>,
) -> Result<Json<TournamentMade>, ApiError> {
    let asked = body(
        read,
        r#"{"kind", "name", "game", "clock", "minutes" or "rounds", ...}"#,
    )?;
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    if !app.creating.allow(app.proxies.client(peer.ip(), &headers)) {
        return Err(Refusal::TooManyTournaments.into());
    }
    let now = app.hub.time.now();
    let row = checked(&asked, Some(&user.key), now)?;
    let db = app.hub.db();
    let made = db
        .made_since(&user.key, now - 24 * 60 * 60)
        .await
        .or_unavailable(TOURNAMENTS)?;
    if made >= MADE_PER_DAY {
        return Err(Refusal::TooManyTournaments.into());
    }
    db.add_tournament(&row).await.or_unavailable(TOURNAMENTS)?;
    tracing::info!(tournament = %row.id, by = %user.key, kind = %row.kind, "tournament made");
    app.tournaments.poked.notify_one();
    Ok(Json(TournamentMade { id: row.id }))
}

/// The page of tournament `id` for the signed-in viewer, if any.
async fn page_for(app: &App, id: &str, viewer: Option<&str>) -> Result<TournamentPage, ApiError> {
    let built = app
        .tournaments
        .get(app, id)
        .await
        .or_unavailable(TOURNAMENTS)?
        .ok_or(ApiError::from(Refusal::NoSuchTournament))?;
    Ok(built.for_viewer(viewer))
}

async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    jar: CookieJar,
) -> Result<Json<TournamentPage>, ApiError> {
    let viewer = signed_in(&app, &jar).await.ok().flatten().map(|u| u.key);
    Ok(Json(page_for(&app, &id, viewer.as_deref()).await?))
}

async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    jar: CookieJar,
    read: Result<Json<JoinTournament>, JsonRejection>,
) -> Result<Json<TournamentPage>, ApiError> {
    let asked = body(read, r#"{"token", "password"}"#)?;
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    if !online_play::is_seat_token(&asked.token) {
        return Err(Refusal::BadSeatToken.into());
    }
    let db = app.hub.db();
    let t = db
        .tournament(&id)
        .await
        .or_unavailable(TOURNAMENTS)?
        .ok_or(ApiError::from(Refusal::NoSuchTournament))?;
    if t.status == "finished" {
        return Err(Refusal::TournamentOver.into());
    }
    if let Some(hash) = &t.password {
        let given = asked
            .password
            .as_deref()
            .map(|p| crate::ids::token_hash(p.trim()));
        if given.as_ref() != Some(hash) {
            return Err(Refusal::WrongTournamentPassword.into());
        }
    }
    if t.rated {
        crate::lobby::routes::may_play_rated(&app, &Some(user.key.clone())).await?;
    }
    let rating = db
        .rating(&user.key, &t.header)
        .await
        .or_unavailable(TOURNAMENTS)?;
    if let Some(needed) = t.min_rated_games {
        if i64::from(rating.games) < needed {
            return Err(Refusal::TooFewRatedGames {
                needed: u32::try_from(needed).unwrap_or(u32::MAX),
            }
            .into());
        }
    }
    let value = rating.rating.round() as i64;
    if let (Some(low), Some(high)) = (t.rating_low, t.rating_high) {
        if !(low..=high).contains(&value) {
            return Err(Refusal::OutsideRange.into());
        }
    }
    if t.kind == "swiss" {
        // A Swiss pairs everyone each round: two players kept apart by a
        // block are never both in one.
        let apart = db.kept_apart(&user.key).await.or_unavailable(TOURNAMENTS)?;
        let entries = db.entries(&id).await.or_unavailable(TOURNAMENTS)?;
        if entries.iter().any(|e| apart.contains(&e.user)) {
            return Err(Refusal::Blocked.into());
        }
    }
    let token = crate::ids::token_hash(&asked.token);
    let max = t.max_players.unwrap_or(i64::from(api::MOST_PLAYERS));
    let now = app.hub.time.now();
    match db
        .join_tournament(&id, &user.key, &token, value, now, max)
        .await
        .or_unavailable(TOURNAMENTS)?
    {
        Joined::Already => return Err(Refusal::AlreadyJoined.into()),
        Joined::Full => return Err(Refusal::TournamentFull.into()),
        Joined::Joined | Joined::Back => {}
    }
    app.tournaments.changed(&id);
    Ok(Json(page_for(&app, &id, Some(&user.key)).await?))
}

/// Pauses (`withdraw` false) or withdraws the signed-in player.
async fn leave(
    app: &App,
    id: &str,
    jar: &CookieJar,
    withdraw: bool,
) -> Result<TournamentPage, ApiError> {
    let user = signed_in(app, jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    let db = app.hub.db();
    let t = db
        .tournament(id)
        .await
        .or_unavailable(TOURNAMENTS)?
        .ok_or(ApiError::from(Refusal::NoSuchTournament))?;
    if t.status == "finished" {
        return Err(Refusal::TournamentOver.into());
    }
    if !db
        .set_entry(id, &user.key, withdraw, true)
        .await
        .or_unavailable(TOURNAMENTS)?
    {
        return Err(Refusal::NotInTournament.into());
    }
    app.tournaments.changed(id);
    page_for(app, id, Some(&user.key)).await
}

async fn pause(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    jar: CookieJar,
) -> Result<Json<TournamentPage>, ApiError> {
    Ok(Json(leave(&app, &id, &jar, false).await?))
}

async fn withdraw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    jar: CookieJar,
) -> Result<Json<TournamentPage>, ApiError> {
    Ok(Json(leave(&app, &id, &jar, true).await?))
}

/// A line in the tournament's chat, from a signed-in player not muted by
/// a moderator, at most one a second.
async fn say(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    jar: CookieJar,
    read: Result<Json<api::TournamentSay>, JsonRejection>,
) -> Result<Json<TournamentPage>, ApiError> {
    let asked = body(read, r#"{"text"}"#)?;
    let user = signed_in(&app, &jar)
        .await?
        .ok_or(ApiError::from(Refusal::LogInFirst))?;
    let line = online_play::chat_text(&asked.text).map_err(|_| ApiError::from(Refusal::BadChat))?;
    let db = app.hub.db();
    if db
        .tournament(&id)
        .await
        .or_unavailable(TOURNAMENTS)?
        .is_none()
    {
        return Err(Refusal::NoSuchTournament.into());
    }
    let now = app.hub.time.now();
    let muted = db
        .sanction_of(&user.key, crate::safety::moderation::MUTED, now)
        .await
        .or_unavailable(TOURNAMENTS)?;
    if muted.is_some() {
        return Err(Refusal::Muted.into());
    }
    let last = db
        .last_said(&id, &user.key)
        .await
        .or_unavailable(TOURNAMENTS)?;
    if last.is_some_and(|at| at >= now) {
        return Err(Refusal::TooManyAttempts.into());
    }
    db.say(&id, &user.key, now, &line)
        .await
        .or_unavailable(TOURNAMENTS)?;
    app.tournaments.changed(&id);
    Ok(Json(page_for(&app, &id, Some(&user.key)).await?))
}

async fn of_player(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> Result<Json<PlayedTournaments>, ApiError> {
    let key = crate::accounts::name_key(name.trim())
        .map_err(|_| ApiError::from(Refusal::NoSuchPlayer))?;
    let db = app.hub.db();
    let found = db.tournaments_of(&key).await.or_unavailable(TOURNAMENTS)?;
    let mut tournaments = Vec::with_capacity(found.len());
    for (t, _) in found {
        let Some(built) = app
            .tournaments
            .get(&app, &t.id)
            .await
            .or_unavailable(TOURNAMENTS)?
        else {
            continue;
        };
        let Some((rank, points)) = built.place_of(&key) else {
            continue;
        };
        tournaments.push(PlayedTournament {
            summary: built.page.summary.clone(),
            rank,
            points,
        });
    }
    Ok(Json(PlayedTournaments { tournaments }))
}
