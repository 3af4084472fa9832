//! Fair-play flags, on SQLite and across two processes on PostgreSQL: a
//! player who loses three short rated games to one opponent is flagged with
//! them for moderators (the first two raise nothing); a flag is raised once
//! while open and a moderator dismisses it; a player whose rated games
//! match the endgame tables' perfect play too often is flagged. Nothing is
//! done to anyone by itself.

mod common;

use std::net::SocketAddr;

use common::postgres::Postgres;
use common::*;

/// The open flags, as the moderator `mia` reads them, once `count` are
/// there (they are raised just after the game's rating).
async fn flags(mia: &mut Player, count: usize) -> Vec<serde_json::Value> {
    let mut listed = Vec::new();
    for _ in 0..100 {
        let reply = mia.browser.call("GET", "/api/moderation/flags", "").await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        listed = reply.json()["flags"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if listed.len() >= count {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    listed
}

async fn flagging(servers: &[SocketAddr], db: &str, engine: bool) {
    let at = |i: usize| servers[i % servers.len()];
    let mut ana = account(at(0), "Ana").await;
    let mut bob = account(at(1), "Bob").await;
    let mut mia = account(at(0), "Mia").await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_alquerque-server"))
        .args(["moderator", "add", "mia", "--db", db])
        .output()
        .expect("runs");
    assert!(out.status.success());
    // Not for anyone else.
    let peek = ana.browser.call("GET", "/api/moderation/flags", "").await;
    assert_eq!(peek.status, 403);

    // Two short losses raise nothing; the third flags Bob with Ana.
    rated_win(&mut ana, &mut bob).await;
    rated_win(&mut ana, &mut bob).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let expected = usize::from(engine);
    assert_eq!(flags(&mut mia, expected).await.len(), expected);
    rated_win(&mut ana, &mut bob).await;
    let listed = flags(&mut mia, expected + 1).await;
    let farming: Vec<_> = listed.iter().filter(|f| f["kind"] == "farming").collect();
    assert_eq!(farming.len(), 1, "{listed:?}");
    assert_eq!(
        (
            &farming[0]["player"],
            &farming[0]["other"],
            &farming[0]["figures"]
        ),
        (&"bob".into(), &"ana".into(), &serde_json::json!([3, 7]))
    );
    // A fourth does not raise it twice while it is open.
    rated_win(&mut ana, &mut bob).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        flags(&mut mia, 99)
            .await
            .iter()
            .filter(|f| f["kind"] == "farming")
            .count(),
        1
    );
    if engine {
        let judged: Vec<_> = listed
            .iter()
            .filter(|f| f["kind"] == "engine_use")
            .collect();
        assert_eq!(judged.len(), 1, "{listed:?}");
        assert_eq!(judged[0]["player"], "ana");
        assert_eq!(judged[0]["figures"], serde_json::json!([40, 40]));
    }
    // Dismissed by a moderator, once.
    let id = farming[0]["id"].as_str().expect("an id").to_string();
    let path = format!("/api/moderation/flags/{id}/dismiss");
    let dismissed = mia.browser.call("POST", &path, "{}").await;
    assert_eq!(dismissed.status, 200, "{}", dismissed.body);
    assert!(!dismissed.body.contains(&id));
    let again = mia.browser.call("POST", &path, "{}").await;
    assert_eq!(
        (again.status, again.refused().as_str()),
        (409, "already_handled")
    );
    // Nothing was done to Bob or Ana by the flag: both still play rated.
    let seek = bob
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"1+0","rated":true,"#,
        )
        .await;
    assert_eq!(seek.status, 200, "{}", seek.body);
}

#[tokio::test]
async fn flags_in_sqlite() {
    let database = fresh_database();
    let addr = start_adjusted(&database, |config| config.per_minute = 500).await;
    // The store opened and migrated before it is written to here.
    assert_eq!(healthy(addr).await.0, 200);
    // Ana's earlier rated games, as fair play kept them: forty decisive
    // turns in the tables' endings, every one played perfectly.
    let db = rusqlite::Connection::open(&database).expect("opens");
    db.execute(
        "INSERT INTO rated_ends VALUES ('old', 'classic', 'ana', 'eve', 'white_wins', 80, 0,
            40, 40, 12, 7)",
        [],
    )
    .expect("kept");
    flagging(&[addr], &database, true).await;
}

#[tokio::test]
async fn flags_across_two_processes_in_postgresql() {
    let postgres = Postgres::start();
    let url = postgres.database("flags").await;
    let options = ["--per-minute", "500", "--trusted-proxy", "127.0.0.1"];
    let (_processes, addrs) = spawn_servers(&url, 2, &options).await;
    flagging(&addrs, &url, false).await;
}
