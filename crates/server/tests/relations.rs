//! Mutes and blocks, on SQLite and across two processes on PostgreSQL: the
//! lists kept on the account and undone; a blocked player never paired
//! with the blocker, nor accepting their seek; a muted player's chat not
//! reaching the one who muted them, and reaching them again once undone.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::postgres::Postgres;
use common::*;
use online_play::{ClientMessage, Role, ServerMessage};

async fn relate(player: &mut Player, body: &str) -> Reply {
    player.browser.call("POST", "/api/relations", body).await
}

/// Whether `ws` hears `text` said in the chat within a short while.
async fn hears(ws: &mut Socket, text: &str) -> bool {
    let deadline = tokio::time::Instant::now() + Duration::from_millis(800);
    while let Ok(Some(message)) = tokio::time::timeout_at(deadline, async {
        try_next(ws, Duration::from_secs(1)).await
    })
    .await
    {
        if matches!(&message, ServerMessage::Chat { text: t, .. } if t == text) {
            return true;
        }
    }
    false
}

async fn say(ws: &mut Socket, text: &str) {
    send(
        ws,
        &ClientMessage::Chat {
            text: text.to_string(),
        },
    )
    .await;
}

/// Everything, with each player's browser and sockets on the next of
/// `servers`.
async fn mutes_and_blocks(servers: &[SocketAddr]) {
    let at = |i: usize| servers[i % servers.len()];
    let mut ana = account(at(0), "Ana").await;
    let mut bob = account(at(1), "Bob").await;

    // The lists, set and read back; misuse refused by its code.
    let muted = relate(&mut ana, r#"{"player":"BOB","kind":"mute","on":true}"#).await;
    assert_eq!(muted.status, 200, "{}", muted.body);
    let blocked = relate(&mut ana, r#"{"player":"bob","kind":"block","on":true}"#).await;
    assert_eq!(blocked.json()["muted"], serde_json::json!(["bob"]));
    assert_eq!(blocked.json()["blocked"], serde_json::json!(["bob"]));
    let listed = ana.browser.call("GET", "/api/relations", "").await;
    assert_eq!(listed.json(), blocked.json());
    let theirs = bob.browser.call("GET", "/api/relations", "").await;
    assert_eq!(theirs.json()["blocked"], serde_json::json!([]));
    for (body, status, code) in [
        (
            r#"{"player":"ana","kind":"block","on":true}"#,
            400,
            "yourself",
        ),
        (
            r#"{"player":"nobody_here","kind":"mute","on":true}"#,
            404,
            "no_such_player",
        ),
        (
            r#"{"player":"bob","kind":"ignore","on":true}"#,
            400,
            "malformed",
        ),
    ] {
        let reply = relate(&mut ana, body).await;
        assert_eq!(
            (reply.status, reply.refused().as_str()),
            (status, code),
            "{body}"
        );
    }
    let mut stranger = guest(at(0), "Cid");
    let asked = relate(&mut stranger, r#"{"player":"bob","kind":"mute","on":true}"#).await;
    assert_eq!(
        (asked.status, asked.refused().as_str()),
        (401, "log_in_first")
    );

    // Blocked: quick pairing leaves both waiting, and Bob cannot take
    // Ana's seek (nor she his: a block keeps both apart).
    let first = ana
        .post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    assert!(first.json()["game"].is_null(), "{}", first.body);
    let second = bob
        .post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    assert!(
        second.json()["game"].is_null(),
        "blocked players paired: {}",
        second.body
    );
    let seek = ana
        .post("/api/seeks", r#""game":"bell","clock":"3+2","#)
        .await;
    let id = seek.json()["id"].as_str().expect("a seek").to_string();
    let taken = bob.post(&format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!((taken.status, taken.refused().as_str()), (403, "blocked"));
    ana.post(&format!("/api/seeks/{id}/withdraw"), "").await;

    // Unblocked (still muted): paired at once.
    let undone = relate(&mut ana, r#"{"player":"bob","kind":"block","on":false}"#).await;
    assert_eq!(undone.json()["blocked"], serde_json::json!([]));
    assert_eq!(undone.json()["muted"], serde_json::json!(["bob"]));
    let paired = bob
        .post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    let game = paired.json()["game"]
        .as_str()
        .unwrap_or_else(|| panic!("paired once unblocked: {}", paired.body))
        .to_string();

    // Muted: Bob's chat does not reach Ana (he sees his own line); hers
    // reaches him.
    let (mut ana_ws, ana_role) = ana.sit(at(0), &game).await;
    let (mut bob_ws, bob_role) = bob.sit(at(1), &game).await;
    assert_ne!(ana_role, Role::Spectator);
    assert_ne!(bob_role, Role::Spectator);
    say(&mut bob_ws, "hello from bob").await;
    assert!(hears(&mut bob_ws, "hello from bob").await, "his own line");
    assert!(!hears(&mut ana_ws, "hello from bob").await, "muted");
    say(&mut ana_ws, "hello from ana").await;
    assert!(hears(&mut bob_ws, "hello from ana").await);
    // Unmuted: he is heard again.
    relate(&mut ana, r#"{"player":"bob","kind":"mute","on":false}"#).await;
    say(&mut bob_ws, "heard now").await;
    assert!(hears(&mut ana_ws, "heard now").await, "unmuted");
}

#[tokio::test]
async fn mutes_and_blocks_in_sqlite() {
    let (addr, _time) = start_timed(&fresh_database(), |config| config.per_minute = 100).await;
    mutes_and_blocks(&[addr]).await;
}

#[tokio::test]
async fn mutes_and_blocks_across_two_processes_in_postgresql() {
    let postgres = Postgres::start();
    let url = postgres.database("relations").await;
    let (_processes, addrs) = spawn_servers(&url, 2, &["--per-minute", "100"]).await;
    mutes_and_blocks(&addrs).await;
}
