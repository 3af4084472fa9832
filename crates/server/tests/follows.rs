//! Following players, on SQLite and across three processes on PostgreSQL:
//! a follow kept on the account and undone; a followed player shown online
//! while a page of theirs is open and playing while they play, with the
//! game to watch; never a follow between players one of whom blocked the
//! other, and a follow made before a block no longer listed.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::postgres::Postgres;
use common::*;
use online_play::api::{Followed, Follows, LobbyFollow};

async fn follow(player: &mut Player, who: &str, on: bool) -> Reply {
    let body = format!(r#"{{"player":"{who}","on":{on}}}"#);
    player.browser.call("POST", "/api/follows", &body).await
}

async fn follows(player: &mut Player) -> Vec<Followed> {
    let reply = player.browser.call("GET", "/api/follows", "").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    serde_json::from_str::<Follows>(&reply.body)
        .expect("follows")
        .players
}

/// A signed-in page's lobby socket, open (which says its player is there).
async fn page_of(browser: &Browser) -> Socket {
    let follow = LobbyFollow {
        challenges: true,
        ..LobbyFollow::default()
    };
    common::lobby::follower(browser, &follow).await
}

async fn following(servers: &[SocketAddr]) {
    let at = |i: usize| servers[i % servers.len()];
    let mut ana = account(at(0), "Ana").await;
    let mut bob = account(at(1), "Bob").await;
    let mut cem = account(at(2), "Cem").await;

    let refused = |reply: Reply| (reply.status, reply.refused());
    assert_eq!(
        refused(follow(&mut ana, "nobody", true).await),
        (404, "no_such_player".into())
    );
    assert_eq!(
        refused(follow(&mut ana, "ana", true).await),
        (400, "yourself".into())
    );
    let mut guest = guest(at(0), "Visitor");
    assert_eq!(
        refused(follow(&mut guest, "Ana", true).await),
        (401, "log_in_first".into())
    );

    // Followed: away, then online once a page of theirs is open.
    let reply = follow(&mut ana, "BOB", true).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let listed = follows(&mut ana).await;
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].name.as_str(), listed[0].online), ("Bob", false));
    let _page = page_of(&bob.browser).await;
    let mut online = false;
    for _ in 0..50 {
        online = follows(&mut ana).await[0].online;
        if online {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(online, "Bob's page is open");

    // Playing: the game is there to watch.
    let seek = bob
        .post("/api/seeks", r#""game":"bell","clock":"3d","#)
        .await;
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    let accepted = cem.post(&format!("/api/seeks/{id}/accept"), "").await;
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let listed = follows(&mut ana).await;
    assert_eq!(listed[0].playing.as_deref(), Some(game.as_str()));
    assert!(listed[0].online);

    // Undone.
    follow(&mut ana, "bob", false).await;
    assert!(follows(&mut ana).await.is_empty());

    // A block either way: no follow, and an old one is no longer listed.
    follow(&mut ana, "Cem", true).await;
    assert_eq!(follows(&mut ana).await.len(), 1);
    let blocked = cem
        .browser
        .call(
            "POST",
            "/api/relations",
            r#"{"player":"ana","kind":"block","on":true}"#,
        )
        .await;
    assert_eq!(blocked.status, 200, "{}", blocked.body);
    assert!(follows(&mut ana).await.is_empty());
    assert_eq!(
        refused(follow(&mut ana, "Cem", true).await),
        (403, "blocked".into())
    );
    assert_eq!(
        refused(follow(&mut cem, "Ana", true).await),
        (403, "blocked".into())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_follow_one_another() {
    let addr = start_with(100).await;
    following(&[addr]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_follow_one_another_across_three_processes_on_postgres() {
    let postgres = Postgres::start();
    let url = postgres.database("follows").await;
    let options = ["--per-minute", "100", "--trusted-proxy", "127.0.0.1"];
    let (_processes, addrs) = spawn_servers(&url, 3, &options).await;
    following(&addrs).await;
}
