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
    Answer, Asker, LOBBY,
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
    let asked = body(read, "{\"game\", \"clock\", \"token\", \"name\", \"bots\"}")?;
    may_seek(&app, peer, &headers)?;
    let origin = origin_of(&app, peer, &headers, &jar);
    let seeker = asker(&app, &jar, &asked.token, asked.name.as_deref(), origin).await?;
    let header = header_of(&asked.game)?;
    let rated = seeker.user.is_some();
    check_rated(rated, &seeker.user, &header, true)?;
    may_play_rated(&app, &seeker.user).await?;
    let mut mine = new_seek(
        &app,
        seeker.clone(),
        header,
        Some(asked.clock),
        rated,
        "random".to_string(),
        None,
        true,
    );
    mine.bots = asked.bots;
    app.hub.db().add_seek(&mine).await.or_unavailable(LOBBY)?;
    // Players the seeker blocked or was blocked by are never paired with it.
    let apart = match &seeker.user {
        Some(user) => app.hub.db().kept_apart(user).await.or_unavailable(LOBBY)?,
        None => std::collections::HashSet::new(),
    };
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
        let Some(other) = partner(seeks, &mine, &seeker, &apart) else {
            return waiting();
        };
        if let Some(game) = take(&app, &other, seeker.clone(), Some(mine.id.clone())).await? {
            return Ok(json_of(&mine.id, Some(&game)));
        }
    }
    waiting()
}

/// The first open quick seek `seeker` (whose seek is `mine`) may be
/// paired with: the same game, clock and rating, not its own, and not of a
/// player kept `apart` from it by a block.
pub(crate) fn partner(
    seeks: Vec<Seek>,
    mine: &Seek,
    seeker: &Asker,
    apart: &std::collections::HashSet<String>,
) -> Option<Seek> {
    seeks.into_iter().find(|s| {
        s.quick
            && s.target.is_none()
            && s.id != mine.id
            && s.header == mine.header
            && s.clock == mine.clock
            && s.rated == mine.rated
            && !is_own(s, seeker)
            && !s.user.as_ref().is_some_and(|u| apart.contains(u))
    })
}

/// Quick pairing's answer: the player's seek, and the game once paired.
fn json_of(seek: &str, game: Option<&str>) -> Response {
    Json(api::Pairing {
        seek: Some(seek.to_string()),
        game: game.map(str::to_string),
    })
    .into_response()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn seek(id: usize, user: Option<String>, header: &str, clock: &str) -> Seek {
        Seek {
            id: format!("s{id}"),
            header: header.to_string(),
            clock: Some(clock.to_string()),
            rated: false,
            side: "random".to_string(),
            range: None,
            name: user.clone().unwrap_or_else(|| "guest".to_string()),
            user,
            token: format!("t{id}"),
            quick: true,
            created: 0,
            seen: 0,
            game: None,
            origin: crate::lobby::fair_play::Origin::default(),
            target: None,
            declined: None,
            bots: false,
        }
    }

    /// A blocked player is never paired with the blocker, either way
    /// round, and a pool with someone else to pair pairs them: 1 000
    /// random pools, the partner found checked against a plain search.
    #[test]
    fn a_block_keeps_two_players_apart_in_1000_random_pools() {
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let users: Vec<String> = (0..8).map(|i| format!("u{i}")).collect();
        let (mut paired, mut kept_apart) = (0, 0);
        for _ in 0..1000 {
            // Blocks between random pairs of users.
            let blocks: HashSet<(String, String)> = (0..next(10))
                .map(|_| {
                    (
                        users[next(8) as usize].clone(),
                        users[next(8) as usize].clone(),
                    )
                })
                .collect();
            let pool: Vec<Seek> = (0..next(12))
                .map(|i| {
                    let user = (next(5) > 0).then(|| users[next(8) as usize].clone());
                    let header = ["classic", "bell"][next(2) as usize];
                    let clock = ["1+0", "3+2"][next(2) as usize];
                    seek(i as usize, user, header, clock)
                })
                .collect();
            let me = users[next(8) as usize].clone();
            let mine = seek(99, Some(me.clone()), "classic", "1+0");
            let seeker = Asker::for_test(Some(&me), "t99");
            let apart: HashSet<String> = blocks
                .iter()
                .filter_map(|(a, b)| {
                    if *a == me {
                        Some(b.clone())
                    } else if *b == me {
                        Some(a.clone())
                    } else {
                        None
                    }
                })
                .collect();
            let found = partner(pool.clone(), &mine, &seeker, &apart);
            // The plain search: the first that fits, blocks checked pair by pair.
            let mut expected = None;
            for s in &pool {
                let fits = s.header == "classic" && s.clock.as_deref() == Some("1+0");
                let own = s.user.as_deref() == Some(me.as_str());
                let blocked = s.user.as_ref().is_some_and(|u| {
                    blocks.contains(&(me.clone(), u.clone()))
                        || blocks.contains(&(u.clone(), me.clone()))
                });
                if fits && !own && !blocked {
                    expected = Some(s.id.clone());
                    break;
                }
                kept_apart += usize::from(fits && !own && blocked);
            }
            assert_eq!(found.as_ref().map(|s| s.id.clone()), expected);
            if let Some(found) = found {
                paired += 1;
                let u = found.user.unwrap_or_default();
                assert!(
                    !blocks.contains(&(me.clone(), u.clone()))
                        && !blocks.contains(&(u, me.clone()))
                );
            }
        }
        // The pools had both: pairs made, and blocked ones passed over.
        assert!(
            paired > 100 && kept_apart > 50,
            "{paired} paired, {kept_apart} kept apart"
        );
    }
}
