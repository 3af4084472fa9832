//! The lobby over real HTTP and sockets, on either store: a seek listed,
//! accepted once and played; the rules of rated seeks and rating ranges;
//! withdrawn and stale seeks; and quick pairing two of three waiting
//! players, also when they arrive at once through three processes.

mod common;

use std::net::SocketAddr;

use alquerque_server::time::Time;
use common::*;
use online_play::{Role, ServerMessage};

async fn server(database: &str) -> (SocketAddr, Time) {
    start_timed(database, |config| config.per_minute = 100).await
}

async fn listed(addr: SocketAddr) -> Vec<serde_json::Value> {
    let reply = request(addr, "GET", "/api/lobby", &[], "").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["seeks"].as_array().expect("a list").clone()
}

#[tokio::test]
async fn the_lobby_in_sqlite() {
    the_lobby(&fresh_database()).await;
}

#[tokio::test]
async fn the_lobby_in_postgresql() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("lobby").await;
    the_lobby(&url).await;
}

async fn the_lobby(database: &str) {
    let (addr, time) = server(database).await;
    let mut ana = guest(addr, "Ana");
    let posted = ana
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"3+2","side":"white","#,
        )
        .await;
    assert_eq!(posted.status, 200, "{}", posted.body);
    let id = posted.json()["id"].as_str().expect("an id").to_string();

    // Everyone sees it.
    let seeks = listed(addr).await;
    assert_eq!(seeks.len(), 1);
    let seek = &seeks[0];
    assert_eq!(
        (&seek["id"], &seek["game"], &seek["clock"], &seek["side"]),
        (
            &id.as_str().into(),
            &"classic".into(),
            &"3+2".into(),
            &"white".into()
        )
    );
    assert_eq!(
        (&seek["name"], &seek["guest"], &seek["rated"]),
        (&"Ana".into(), &true.into(), &false.into())
    );

    // The seeker may not take it; another may, once.
    let own = ana.post(&format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!(own.status, 409, "{}", own.body);
    let mut bea = guest(addr, "Bea");
    let accepted = bea.post(&format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let mut cid = guest(addr, "Cid");
    let late = cid.post(&format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!((late.status, late.refused().as_str()), (409, "seek_closed"));
    assert!(listed(addr).await.is_empty());

    // The seeker hears where to play; both sit in the colours asked for,
    // with the seek's clocks.
    let heard = ana
        .browser
        .call("GET", &format!("/api/seeks/{id}"), "")
        .await;
    assert_eq!(heard.json()["state"], "paired");
    assert_eq!(heard.json()["game"], game.as_str());
    let (_white, role) = ana.sit(addr, &game).await;
    assert_eq!(role, Role::White);
    let (mut black, role) = bea.sit(addr, &game).await;
    assert_eq!(role, Role::Black);
    let ServerMessage::Snapshot(snapshot) = next(&mut black).await else {
        panic!("a snapshot");
    };
    assert_eq!(snapshot.seated, [true, true]);
    let clock = snapshot.clock.expect("clocks");
    assert_eq!(
        (clock.control.to_string(), clock.left),
        ("3+2".to_string(), [180_000, 180_000])
    );
    // Then the names the players go by, a guest's marked as one.
    let names = next(&mut black).await;
    assert_eq!(
        names,
        ServerMessage::Players {
            white: Some(online_play::guest_shown(&ana.name)),
            black: Some(online_play::guest_shown(&bea.name)),
            bots: [false; 2],
        }
    );
    // A stranger's token holds no seat.
    let mut ws = open(addr).await;
    let stranger = hello(&mut ws, &game, Some(&cid.token), None, None).await;
    assert!(error_code(&stranger).is_some(), "{stranger:?}");

    // Rated seeks are for accounts, with clocks, and ranges are kept.
    let refused = cid
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"3+2","rated":true,"#,
        )
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let mut dan = account(addr, "Dan").await;
    let untimed = dan
        .post("/api/seeks", r#""game":"classic","rated":true,"#)
        .await;
    assert_eq!(untimed.status, 400);
    let options = dan
        .post(
            "/api/seeks",
            r#""game":"turkish option queen_lands=any","clock":"1+0","rated":true,"#,
        )
        .await;
    assert_eq!(options.status, 400);
    let ranged = dan
        .post(
            "/api/seeks",
            r#""game":"bell","clock":"5+3","rated":true,"range":[1600,1800],"#,
        )
        .await;
    assert_eq!(ranged.status, 200, "{}", ranged.body);
    let ranged = ranged.json()["id"].as_str().expect("an id").to_string();
    let seeks = listed(addr).await;
    assert_eq!(seeks[0]["name"], "Dan");
    assert_eq!(seeks[0]["guest"], false);
    assert_eq!(
        seeks[0]["rating"],
        serde_json::json!({ "value": 1500, "provisional": true })
    );
    let as_guest = cid.post(&format!("/api/seeks/{ranged}/accept"), "").await;
    assert_eq!(as_guest.status, 403);
    let mut eve = account(addr, "Eve").await;
    let outside = eve.post(&format!("/api/seeks/{ranged}/accept"), "").await;
    assert_eq!(
        (outside.status, outside.refused().as_str()),
        (403, "outside_range")
    );

    // Withdrawn only with its token.
    let wrong = cid.post(&format!("/api/seeks/{ranged}/withdraw"), "").await;
    assert_eq!(wrong.status, 404);
    let withdrawn = dan.post(&format!("/api/seeks/{ranged}/withdraw"), "").await;
    assert_eq!(withdrawn.status, 200);
    assert!(listed(addr).await.is_empty());

    // A seek nobody asks after leaves the lobby.
    let posted = eve
        .post(
            "/api/seeks",
            r#""game":"qirkat","clock":"1+0","rated":true,"#,
        )
        .await;
    let kept = posted.json()["id"].as_str().expect("an id").to_string();
    let forgotten = cid.post("/api/seeks", r#""game":"qirkat","#).await;
    assert_eq!(forgotten.status, 200);
    time.advance(15_000);
    let asked = eve
        .browser
        .call("GET", &format!("/api/seeks/{kept}"), "")
        .await;
    assert_eq!(asked.json()["state"], "open");
    time.advance(10_000);
    let seeks = listed(addr).await;
    assert_eq!(seeks.len(), 1, "{seeks:?}");
    assert_eq!(seeks[0]["id"], kept.as_str());

    // Bad requests say what is wrong.
    let bad_token = request(
        addr,
        "POST",
        "/api/seeks",
        &[("Content-Type", "application/json")],
        r#"{"game":"classic","token":"short","name":"Fay"}"#,
    )
    .await;
    assert_eq!(bad_token.status, 400);
    let bad_name = guest(addr, "x")
        .post("/api/seeks", r#""game":"classic","#)
        .await;
    assert_eq!(bad_name.status, 400);
    let bad_game = cid.post("/api/seeks", r#""game":"chess","#).await;
    assert_eq!(bad_game.status, 400);
    // A rule option of the game's is kept in the seek; another game's is
    // refused.
    let optioned = cid
        .post("/api/seeks", r#""game":"turkish option queen_lands=any","#)
        .await;
    assert_eq!(optioned.status, 200, "{}", optioned.body);
    let optioned = optioned.json()["id"].as_str().expect("an id").to_string();
    let games: Vec<serde_json::Value> = listed(addr)
        .await
        .into_iter()
        .filter(|s| s["id"] == optioned.as_str())
        .map(|s| s["game"].clone())
        .collect();
    assert_eq!(games, ["turkish option queen_lands=any"]);
    let wrong_option = cid
        .post("/api/seeks", r#""game":"classic option queen_lands=any","#)
        .await;
    assert_eq!(wrong_option.status, 400, "{}", wrong_option.body);

    quick_pairing(&[addr], &time).await;
}

/// Three players press quick pairing for classic 1+0, one after another
/// through `servers` in turn: the second is paired with the first, the
/// third waits.
async fn quick_pairing(servers: &[SocketAddr], _time: &Time) {
    let at = |i: usize| servers[i % servers.len()];
    let mut players: Vec<Player> = ["Gus", "Hal", "Ivy"]
        .iter()
        .enumerate()
        .map(|(i, name)| guest(at(i), name))
        .collect();
    let mut answers = Vec::new();
    for player in &mut players {
        let reply = player
            .post("/api/quick", r#""game":"classic","clock":"1+0","#)
            .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        answers.push(reply.json());
    }
    assert!(answers[0]["game"].is_null(), "{answers:?}");
    let game = answers[1]["game"].as_str().expect("paired").to_string();
    assert!(answers[2]["game"].is_null(), "{answers:?}");
    let first = answers[0]["seek"].as_str().expect("a seek");
    let heard = players[0]
        .browser
        .call("GET", &format!("/api/seeks/{first}"), "")
        .await;
    assert_eq!(heard.json()["game"], game.as_str());
    let (_a, one) = players[0].sit(at(0), &game).await;
    let (_b, other) = players[1].sit(at(1), &game).await;
    assert_ne!(one, other);
    assert!(matches!(one, Role::White | Role::Black));
    // Quick pairing's waiting players are not listed in the lobby.
    assert!(listed(at(0)).await.iter().all(|s| s["name"] != "Ivy"));
    let third = answers[2]["seek"].as_str().expect("a seek");
    let waiting = players[2]
        .browser
        .call("GET", &format!("/api/seeks/{third}"), "")
        .await;
    assert_eq!(waiting.json()["state"], "open");
}

/// Three players press quick pairing at the same moment, each through
/// another of three processes on one PostgreSQL database: exactly two are
/// paired, with each other, and the third waits.
#[tokio::test]
async fn quick_pairing_across_three_processes() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("pairing").await;
    let (_processes, addrs) = spawn_servers(&url, 3, &["--per-minute", "100"]).await;
    for round in 0..3 {
        let mut players: Vec<Player> = (0..3)
            .map(|i| guest(addrs[i], &format!("P{round}{i}")))
            .collect();
        let presses = players
            .iter_mut()
            .map(|p| p.post("/api/quick", r#""game":"bell","clock":"3+0","#));
        let answers: Vec<serde_json::Value> = futures_util::future::join_all(presses)
            .await
            .into_iter()
            .map(|reply| {
                assert_eq!(reply.status, 200, "{}", reply.body);
                reply.json()
            })
            .collect();
        // Each player's seek, as they would keep watching it.
        let mut games = Vec::new();
        for (player, answer) in players.iter_mut().zip(&answers) {
            let seek = answer["seek"].as_str().expect("a seek");
            let state = player
                .browser
                .call("GET", &format!("/api/seeks/{seek}"), "")
                .await
                .json();
            games.push(state["game"].as_str().map(str::to_string));
        }
        let paired: Vec<&String> = games.iter().flatten().collect();
        assert_eq!(paired.len(), 2, "round {round}: {games:?}");
        assert_eq!(paired[0], paired[1], "round {round}: one game for the two");
        // The one left waiting is paired by the next to come.
        let waiting = games.iter().position(Option::is_none).expect("one waits");
        let mut late = guest(addrs[(waiting + 1) % 3], &format!("Q{round}"));
        let reply = late
            .post("/api/quick", r#""game":"bell","clock":"3+0","#)
            .await;
        assert!(reply.json()["game"].is_string(), "{}", reply.body);
    }
}
