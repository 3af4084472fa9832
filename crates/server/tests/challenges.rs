//! Challenges, on SQLite and across three processes on PostgreSQL: a
//! signed-in player challenges another by name; the challenge is never
//! listed nor taken by anyone else; the challenged player accepts, or
//! declines with a reason the challenger is told; the challenger cancels;
//! misuse is refused by its code; both players hear of it over the lobby's
//! socket; and of an accept and a decline at once, exactly one wins.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::lobby::follower;
use common::postgres::Postgres;
use common::*;
use futures_util::StreamExt;
use online_play::api::{Challenges, DeclineReason, LobbyFollow, LobbyNews};
use online_play::Role;
use tokio_tungstenite::tungstenite::Message;

const RATED: &str = r#""to":"Bob","game":"classic","clock":"3+2","rated":true,"side":"white","#;

async fn challenge(from: &mut Player, fields: &str) -> Reply {
    from.post("/api/challenges", fields).await
}

/// The id of a challenge that must be made.
async fn challenged(from: &mut Player, fields: &str) -> String {
    let made = challenge(from, fields).await;
    assert_eq!(made.status, 200, "{}", made.body);
    made.json()["id"].as_str().expect("an id").to_string()
}

async fn list(player: &mut Player) -> Challenges {
    let reply = player.browser.call("GET", "/api/challenges", "").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    serde_json::from_str(&reply.body).expect("challenges read")
}

async fn decline(player: &mut Player, id: &str, reason: &str) -> Reply {
    let body = format!(r#"{{"reason":"{reason}"}}"#);
    let path = format!("/api/challenges/{id}/decline");
    player.browser.call("POST", &path, &body).await
}

async fn accept(player: &mut Player, id: &str) -> Reply {
    player
        .post(&format!("/api/challenges/{id}/accept"), "")
        .await
}

/// The seek's state as its challenger watches it.
async fn state(player: &mut Player, id: &str) -> serde_json::Value {
    player
        .browser
        .call("GET", &format!("/api/seeks/{id}"), "")
        .await
        .json()
}

/// Everything a challenge goes through, each player's browser on the next
/// of `servers`.
async fn challenges(servers: &[SocketAddr]) {
    let at = |i: usize| servers[i % servers.len()];
    let mut ana = account(at(0), "Ana").await;
    let mut bob = account(at(1), "Bob").await;
    let mut cem = account(at(2), "Cem").await;
    let mut guest = guest(at(0), "Visitor");

    // Misuse, refused by its code.
    let refused = |reply: Reply| (reply.status, reply.refused());
    assert_eq!(
        refused(challenge(&mut guest, RATED).await),
        (401, "log_in_first".into())
    );
    let to_self = RATED.replace("Bob", "ana");
    assert_eq!(
        refused(challenge(&mut ana, &to_self).await),
        (400, "challenge_self".into())
    );
    let to_nobody = RATED.replace("Bob", "Nobody");
    assert_eq!(
        refused(challenge(&mut ana, &to_nobody).await),
        (404, "no_such_player".into())
    );
    let untimed = r#""to":"Bob","game":"classic","rated":true,"#;
    assert_eq!(
        refused(challenge(&mut ana, untimed).await),
        (400, "rated_needs_clock".into())
    );
    let nonsense = r#""to":"Bob","game":"chess","#;
    assert_eq!(refused(challenge(&mut ana, nonsense).await).1, "bad_game");

    // Made: listed for the two of them only, never in the lobby.
    let id = challenged(&mut ana, RATED).await;
    let theirs = list(&mut bob).await;
    assert_eq!(theirs.incoming.len(), 1);
    assert!(theirs.outgoing.is_empty());
    let shown = &theirs.incoming[0];
    assert_eq!(
        (shown.id.as_str(), shown.from.as_str()),
        (id.as_str(), "Ana")
    );
    assert_eq!((shown.to.as_str(), shown.rated), ("Bob", true));
    assert!(!shown.from_bot);
    assert_eq!(list(&mut ana).await.outgoing, theirs.incoming);
    assert_eq!(list(&mut cem).await, Challenges::default());
    let lobby = cem.browser.call("GET", "/api/lobby", "").await;
    assert_eq!(lobby.json()["seeks"], serde_json::json!([]));
    // Nobody else takes it: not by the lobby's accept, not as a challenge.
    let taken = cem.post(&format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!(refused(taken), (409, "seek_closed".into()));
    assert_eq!(
        refused(accept(&mut cem, &id).await),
        (404, "no_such_challenge".into())
    );
    assert_eq!(
        refused(decline(&mut cem, &id, "later").await),
        (404, "no_such_challenge".into())
    );
    // Quick pairing passes it by.
    let quick = bob
        .post("/api/quick", r#""game":"classic","clock":"3+2","#)
        .await;
    assert!(quick.json()["game"].is_null(), "{}", quick.body);

    // Declined, with a reason the challenger is told; then gone.
    let declined = decline(&mut bob, &id, "too_fast").await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert_eq!(
        state(&mut ana, &id).await,
        serde_json::json!({"state": "declined", "reason": "too_fast"})
    );
    assert_eq!(
        refused(accept(&mut bob, &id).await),
        (404, "no_such_challenge".into())
    );
    assert!(list(&mut bob).await.incoming.is_empty());

    // Cancelled by the challenger: gone for the challenged.
    let id = challenged(&mut ana, RATED).await;
    let cancelled = ana.post(&format!("/api/seeks/{id}/withdraw"), "").await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    assert_eq!(
        refused(accept(&mut bob, &id).await),
        (404, "no_such_challenge".into())
    );

    // Accepted: a rated game, the challenger on the side asked.
    let id = challenged(&mut ana, RATED).await;
    let accepted = accept(&mut bob, &id).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    assert_eq!(
        state(&mut ana, &id).await,
        serde_json::json!({"state": "paired", "game": game})
    );
    let (_white, role) = ana.sit(at(2), &game).await;
    assert_eq!(role, Role::White);
    let (_black, role) = bob.sit(at(0), &game).await;
    assert_eq!(role, Role::Black);

    // Blocked either way: refused.
    let blocked = bob
        .browser
        .call(
            "POST",
            "/api/relations",
            r#"{"player":"ana","kind":"block","on":true}"#,
        )
        .await;
    assert_eq!(blocked.status, 200, "{}", blocked.body);
    assert_eq!(
        refused(challenge(&mut ana, RATED).await),
        (403, "blocked".into())
    );

    // At most a few open at once.
    let casual = r#""to":"Cem","game":"bell","clock":"5+0","#;
    for _ in 0..online_play::api::OPEN_CHALLENGES {
        challenged(&mut ana, casual).await;
    }
    assert_eq!(
        refused(challenge(&mut ana, casual).await),
        (429, "too_many_challenges".into())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_made_declined_cancelled_and_accepted() {
    let addr = start_with(200).await;
    challenges(&[addr]).await;
}

/// The next news `pick` accepts, within a few seconds.
async fn news_where(ws: &mut Socket, pick: impl Fn(&LobbyNews) -> bool) -> LobbyNews {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(8), ws.next())
            .await
            .expect("news in time")
            .expect("the socket is open")
            .expect("a frame");
        let Message::Text(text) = frame else {
            continue;
        };
        let news: LobbyNews = serde_json::from_str(&text).expect("news reads");
        if pick(&news) {
            return news;
        }
    }
}

fn incoming(news: &LobbyNews) -> Option<&Challenges> {
    match news {
        LobbyNews::Challenges { challenges } => Some(challenges),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_across_three_processes_on_postgres() {
    let postgres = Postgres::start();
    let url = postgres.database("challenges").await;
    let options = ["--per-minute", "200", "--trusted-proxy", "127.0.0.1"];
    let (_processes, addrs) = spawn_servers(&url, 3, &options).await;
    challenges(&addrs).await;

    // Pushed: the challenged player hears a challenge made on another
    // process, and the challenger hears it declined, then accepted.
    let mut dan = account(addrs[0], "Dan").await;
    let mut eve = account(addrs[1], "Eve").await;
    let challenges = LobbyFollow {
        challenges: true,
        ..LobbyFollow::default()
    };
    let mut hers = follower(&eve.browser, &challenges).await;
    news_where(&mut hers, |n| incoming(n).is_some()).await;
    let to_eve = r#""to":"eve","game":"qirkat","clock":"5+3","side":"black","#;
    dan.browser.addr = addrs[2];
    let id = challenged(&mut dan, to_eve).await;
    let heard = news_where(&mut hers, |n| {
        incoming(n).is_some_and(|c| c.incoming.len() == 1)
    })
    .await;
    let heard = incoming(&heard).expect("picked").incoming[0].clone();
    assert_eq!(
        (heard.id.as_str(), heard.from.as_str()),
        (id.as_str(), "Dan")
    );
    let follow = LobbyFollow {
        seek: Some(id.clone()),
        ..LobbyFollow::default()
    };
    let mut his = follower(&dan.browser, &follow).await;
    assert_eq!(decline(&mut eve, &id, "later").await.status, 200);
    let told = news_where(&mut his, |n| matches!(n, LobbyNews::Declined { .. })).await;
    assert_eq!(
        told,
        LobbyNews::Declined {
            seek: id.clone(),
            reason: DeclineReason::Later
        }
    );
    news_where(&mut hers, |n| {
        incoming(n).is_some_and(|c| c.incoming.is_empty())
    })
    .await;

    // An accept and a decline at once, on two processes: one wins.
    for round in 0..4 {
        let id = challenged(&mut dan, to_eve).await;
        let mut other = Player {
            browser: Browser {
                addr: addrs[round % 3],
                ..eve.browser.clone()
            },
            token: eve.token.clone(),
            name: eve.name.clone(),
        };
        let (accepted, declined) =
            tokio::join!(accept(&mut eve, &id), decline(&mut other, &id, "generic"));
        let wins = [accepted.status, declined.status]
            .iter()
            .filter(|s| **s == 200)
            .count();
        assert_eq!(wins, 1, "{} / {}", accepted.body, declined.body);
        let watched = state(&mut dan, &id).await;
        if accepted.status == 200 {
            assert_eq!(watched["game"], accepted.json()["game"]);
        } else {
            assert_eq!(watched["state"], "declined");
        }
    }
    // Accepted while the challenger follows it: told at once.
    let id = challenged(&mut dan, to_eve).await;
    let follow = LobbyFollow {
        seek: Some(id.clone()),
        ..LobbyFollow::default()
    };
    let mut his = follower(&dan.browser, &follow).await;
    let accepted = accept(&mut eve, &id).await;
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let told = news_where(&mut his, |n| matches!(n, LobbyNews::Paired { .. })).await;
    assert_eq!(told, LobbyNews::Paired { seek: id, game });
}
