//! Moderators, on SQLite and across two processes on PostgreSQL: the role
//! granted and taken back on the command line; the open reports, oldest
//! first with their chat, for moderators only; an action logged with its
//! reason, marking the report handled for its reporter, and only once.

mod common;

use std::net::SocketAddr;

use common::postgres::Postgres;
use common::*;

/// `alquerque-server moderator <change> <name> --db <db>`: whether it
/// succeeded, and what it said.
fn moderator(change: &str, name: &str, db: &str) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_alquerque-server"))
        .args(["moderator", change, name, "--db", db])
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

async fn moderation(servers: &[SocketAddr], db: &str) {
    let at = |i: usize| servers[i % servers.len()];
    let mut ana = account(at(0), "Ana").await;
    account(at(0), "Bob").await;
    let mut mia = account(at(1), "Mia").await;
    let filed = ana
        .browser
        .call(
            "POST",
            "/api/reports",
            r#"{"player":"bob","reason":"name","note":"look at that name"}"#,
        )
        .await;
    assert_eq!(filed.status, 200, "{}", filed.body);
    let report = filed.json()["id"].as_str().expect("an id").to_string();

    // Not a moderator yet; a guest even less.
    let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(
        (queue.status, queue.refused().as_str()),
        (403, "not_moderator")
    );
    let mut guest = Browser::new(at(1));
    let asked = guest.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(asked.status, 401);

    // The operator grants the role.
    let (ok, said) = moderator("add", "nobody_here", db);
    assert!(!ok && said.contains("there is no account"), "{said}");
    let (ok, said) = moderator("add", "MIA", db);
    assert!(ok, "{said}");
    let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(queue.status, 200, "{}", queue.body);
    let open = &queue.json()["reports"];
    assert_eq!(open.as_array().map(Vec::len), Some(1), "{open}");
    assert_eq!(open[0]["id"], report.as_str());
    assert_eq!(open[0]["reporter"], "ana");
    assert_eq!(open[0]["player"], "bob");
    assert_eq!(open[0]["reason"], "name");
    assert_eq!(open[0]["note"], "look at that name");

    // An action needs its reason; taken once, it handles the report.
    let act =
        |reason: &str| format!(r#"{{"report":"{report}","action":"warn","reason":"{reason}"}}"#);
    let bare = mia
        .browser
        .call("POST", "/api/moderation/actions", &act(" "))
        .await;
    assert_eq!((bare.status, bare.refused().as_str()), (400, "no_reason"));
    let warned = mia
        .browser
        .call("POST", "/api/moderation/actions", &act("an offensive name"))
        .await;
    assert_eq!(warned.status, 200, "{}", warned.body);
    let again = mia
        .browser
        .call("POST", "/api/moderation/actions", &act("twice"))
        .await;
    assert_eq!(
        (again.status, again.refused().as_str()),
        (409, "already_handled")
    );
    let mine = ana.browser.call("GET", "/api/reports/mine", "").await;
    assert_eq!(mine.json()["reports"][0]["handled"], true);
    let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(queue.json()["reports"], serde_json::json!([]));
    // The reporter is no moderator.
    let theirs = ana.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(theirs.status, 403);

    // Taken back.
    let (ok, said) = moderator("remove", "mia", db);
    assert!(ok, "{said}");
    let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(queue.status, 403);
}

#[tokio::test]
async fn moderation_in_sqlite() {
    let database = fresh_database();
    let addr = start_on(&database, 30).await;
    moderation(&[addr], &database).await;
    // The action is logged with who took it and why.
    let db = rusqlite::Connection::open(&database).expect("opens");
    let logged: (String, String, String, String) = db
        .query_row(
            "SELECT moderator, player, action, reason FROM mod_actions",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .expect("one action");
    assert_eq!(
        logged,
        (
            "mia".into(),
            "bob".into(),
            "warn".into(),
            "an offensive name".into()
        )
    );
}

#[tokio::test]
async fn moderation_across_two_processes_in_postgresql() {
    let postgres = Postgres::start();
    let url = postgres.database("moderation").await;
    let (_processes, addrs) = spawn_servers(&url, 2, &[]).await;
    moderation(&addrs, &url).await;
}
