//! Quick pairing over HTTP (`POST /api/quick`): the player waits in the
//! pool of one game and time control, and is paired at once with the
//! oldest other player waiting there, or waits until someone comes.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{self, QuickRequest};

use crate::accounts::routes::body;
use crate::http::error::OrUnavailable;
use crate::http::App;
use crate::lobby::routes::{
    asker, check_rated, header_of, is_own, may_play_rated, may_seek, new_seek, origin_of, take,
    Answer, LOBBY,
};
use crate::lobby::seeks::{Seek, STALE_AFTER};

/// Quick pairing: the player waits in the pool of the game and time
/// control (rated between accounts, casual between guests), and is paired
/// at once with the oldest other player waiting there (`{"game"}`), or
/// waits (`{"seek"}`, watched as any seek) until someone comes.
///
/// Each waits first, then pairs by closing both seeks with the game in one
/// transaction: of players arriving at once on several processes, each
/// pairing either closes both seeks or none, so nobody is paired twice and
/// nobody who could be paired is left waiting.
pub(crate) async fn quick(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<QuickRequest>, JsonRejection>,
) -> Answer {
    let asked = body(read, "{\"game\", \"clock\", \"token\", \"name\"}")?;
    may_seek(&app, peer, &headers)?;
    let origin = origin_of(&app, peer, &headers, &jar);
    let seeker = asker(&app, &jar, &asked.token, asked.name.as_deref(), origin).await?;
    let header = header_of(&asked.game)?;
    let rated = seeker.user.is_some();
    check_rated(rated, &seeker.user, &header, true)?;
    may_play_rated(&app, &seeker.user).await?;
    let mine = new_seek(
        &app,
        seeker.clone(),
        header,
        Some(asked.clock),
        rated,
        "random".to_string(),
        None,
        true,
    );
    app.hub.db().add_seek(&mine).await.or_unavailable(LOBBY)?;
    let waiting = || Ok(json_of(&mine.id, None));
    for _ in 0..5 {
        let now = app.hub.time.now();
        let seeks = app
            .hub
            .db()
            .open_seeks(now - STALE_AFTER)
            .await
            .or_unavailable(LOBBY)?;
        if !seeks.iter().any(|s| s.id == mine.id) {
            // Someone paired with this player meanwhile.
            let seen = app
                .hub
                .db()
                .seek_seen(&mine.id, now)
                .await
                .or_unavailable(LOBBY)?;
            return match seen {
                Some(Seek {
                    game: Some(game), ..
                }) => Ok(json_of(&mine.id, Some(&game))),
                _ => waiting(),
            };
        }
        let other = seeks.into_iter().find(|s| {
            s.quick
                && s.id != mine.id
                && s.header == mine.header
                && s.clock == mine.clock
                && s.rated == mine.rated
                && !is_own(s, &seeker)
        });
        let Some(other) = other else {
            return waiting();
        };
        if let Some(game) = take(&app, &other, seeker.clone(), Some(mine.id.clone())).await? {
            return Ok(json_of(&mine.id, Some(&game)));
        }
    }
    waiting()
}

/// Quick pairing's answer: the player's seek, and the game once paired.
fn json_of(seek: &str, game: Option<&str>) -> Response {
    Json(api::Pairing {
        seek: Some(seek.to_string()),
        game: game.map(str::to_string),
    })
    .into_response()
}
