//! Challenges over HTTP: a signed-in player challenges one named player
//! (`POST /api/challenges`), who accepts or declines with a reason; the
//! challenger cancels as a seek is withdrawn. A challenge is stored as a
//! seek with a target ([`Seek::target`]): it is kept open while its
//! challenger follows it, paired by the same transaction that pairs any
//! seek (so an accept and a cancel cannot both win), and never listed in
//! the lobby nor taken by quick pairing. Both players hear of it over the
//! lobby's socket ([`crate::lobby::socket`]).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{self, Challenge, ChallengeRequest, Refusal};
use online_play::is_seat_token;

use crate::accounts::routes::{body, signed_in};
use crate::accounts::users::User;
use crate::http::error::{ApiError, OrUnavailable};
use crate::http::App;
use crate::lobby::routes::{
    check_rated, header_of, may_play_rated, may_seek, new_seek, origin_of, rating_of,
    seeks_changed, take, Answer, Asker, LOBBY,
};
use crate::lobby::seeks::{Seek, STALE_AFTER};

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::CHALLENGES.route, get(list).post(challenge))
        .route(api::ACCEPT_CHALLENGE.route, post(accept))
        .route(api::DECLINE_CHALLENGE.route, post(decline))
}

/// The signed-in player, or the refusal to ask them to log in.
async fn player(app: &App, jar: &CookieJar) -> Result<User, ApiError> {
    signed_in(app, jar)
        .await?
        .ok_or_else(|| ApiError::from(Refusal::LogInFirst))
}

/// The account named `name`, if there is one.
async fn named(app: &App, name: &str) -> Result<Option<User>, ApiError> {
    let Ok(key) = crate::accounts::name_key(name.trim()) else {
        return Ok(None);
    };
    app.hub.db().user(&key).await.or_unavailable(LOBBY)
}

const CHALLENGE: &str = "{\"to\", \"game\", \"clock\", \"rated\", \"side\", \"token\"}";

async fn challenge(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<ChallengeRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, CHALLENGE)?;
    let me = player(&app, &jar).await?;
    if !is_seat_token(&asked.token) {
        return Err(ApiError::from(Refusal::BadSeatToken));
    }
    may_seek(&app, peer, &headers)?;
    let target = named(&app, &asked.to)
        .await?
        .ok_or_else(|| ApiError::from(Refusal::NoSuchPlayer))?;
    if target.key == me.key {
        return Err(ApiError::from(Refusal::ChallengeSelf));
    }
    let db = app.hub.db();
    let apart = db.kept_apart(&me.key).await.or_unavailable(LOBBY)?;
    if apart.contains(&target.key) {
        return Err(ApiError::from(Refusal::Blocked));
    }
    let header = header_of(&asked.game)?;
    let user = Some(me.key.clone());
    check_rated(asked.rated, &user, &header, asked.clock.is_some())?;
    if asked.rated {
        may_play_rated(&app, &user).await?;
    }
    let since = app.hub.time.now() - STALE_AFTER;
    let open = db
        .challenges_of(&me.key, since)
        .await
        .or_unavailable(LOBBY)?;
    let made = open.iter().filter(|c| c.user == user).count();
    if made >= api::OPEN_CHALLENGES {
        return Err(ApiError::from(Refusal::TooManyChallenges));
    }
    let from = me.name.clone();
    let challenger = Asker {
        user,
        name: me.name,
        token: crate::ids::token_hash(&asked.token),
        origin: origin_of(&app, peer, &headers, &jar),
    };
    let mut seek = new_seek(
        &app,
        challenger,
        header,
        asked.clock,
        asked.rated,
        asked.side.as_str().to_string(),
        None,
        false,
    );
    seek.target = Some(target.key.clone());
    db.add_seek(&seek).await.or_unavailable(LOBBY)?;
    tracing::info!(challenge = %seek.id, "challenged");
    seeks_changed(&app).await;
    app.hub.push.tell(
        &target.key,
        crate::push::Notice {
            kind: api::PushKind::Challenge,
            id: seek.id.clone(),
            from,
            url: "./?lobby".to_string(),
        },
    );
    Ok(Json(api::Posted { id: seek.id }).into_response())
}

async fn list(State(app): State<Arc<App>>, jar: CookieJar) -> Answer {
    let me = player(&app, &jar).await?;
    Ok(Json(challenges_for(&app, &me.key).await?).into_response())
}

/// The open challenges made to and by `user`, as they see them.
pub(crate) async fn challenges_for(app: &App, user: &str) -> Result<api::Challenges, ApiError> {
    let since = app.hub.time.now() - STALE_AFTER;
    let db = app.hub.db();
    let open = db.challenges_of(user, since).await.or_unavailable(LOBBY)?;
    let mut challenges = api::Challenges::default();
    for seek in open {
        let shown = shown(app, &seek).await?;
        if seek.target.as_deref() == Some(user) {
            challenges.incoming.push(shown);
        } else {
            challenges.outgoing.push(shown);
        }
    }
    Ok(challenges)
}

/// A stored challenge as its players see it.
async fn shown(app: &App, seek: &Seek) -> Result<Challenge, ApiError> {
    let db = app.hub.db();
    let from = match &seek.user {
        Some(key) => db.user(key).await.or_unavailable(LOBBY)?,
        None => None,
    };
    let to = match &seek.target {
        Some(key) => db.user(key).await.or_unavailable(LOBBY)?,
        None => None,
    };
    let rating = if seek.rated {
        rating_of(app, &seek.user, &seek.header)
            .await?
            .map(|r| r.public())
    } else {
        None
    };
    Ok(Challenge {
        id: seek.id.clone(),
        from: seek.name.clone(),
        from_bot: from.is_some_and(|u| u.bot),
        to: to.map(|u| u.name).unwrap_or_default(),
        game: seek.header.clone(),
        clock: seek.clock.clone(),
        rated: seek.rated,
        side: serde_json::from_value(serde_json::Value::String(seek.side.clone()))
            .unwrap_or_default(),
        rating,
    })
}

/// The open challenge `id` made to `user`, or the refusal that there is
/// none.
pub(crate) async fn made_to(app: &App, id: &str, user: &str) -> Result<Seek, ApiError> {
    let since = app.hub.time.now() - STALE_AFTER;
    app.hub
        .db()
        .seek(id)
        .await
        .or_unavailable(LOBBY)?
        .filter(|s| {
            s.target.as_deref() == Some(user)
                && s.game.is_none()
                && s.declined.is_none()
                && s.seen >= since
        })
        .ok_or_else(|| ApiError::from(Refusal::NoSuchChallenge))
}

async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<api::TokenRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"token\"}")?;
    let me = player(&app, &jar).await?;
    if !is_seat_token(&asked.token) {
        return Err(ApiError::from(Refusal::BadSeatToken));
    }
    let seek = made_to(&app, &id, &me.key).await?;
    let accepter = Asker {
        user: Some(me.key),
        name: me.name,
        token: crate::ids::token_hash(&asked.token),
        origin: origin_of(&app, peer, &headers, &jar),
    };
    match take(&app, &seek, accepter, None).await? {
        Some(game) => Ok(Json(api::Pairing {
            seek: None,
            game: Some(game),
        })
        .into_response()),
        // Cancelled or declined meanwhile.
        None => Err(ApiError::from(Refusal::NoSuchChallenge)),
    }
}

async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    jar: CookieJar,
    read: Result<Json<api::Decline>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"reason\"}")?;
    let me = player(&app, &jar).await?;
    let declined = app
        .hub
        .db()
        .decline(&id, &me.key, asked.reason.code())
        .await
        .or_unavailable(LOBBY)?;
    if !declined {
        return Err(ApiError::from(Refusal::NoSuchChallenge));
    }
    tracing::info!(challenge = %id, "declined");
    seeks_changed(&app).await;
    Ok(Json(api::Declined { declined: true }).into_response())
}
