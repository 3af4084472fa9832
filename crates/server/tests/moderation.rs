//! Moderators, on SQLite and across two processes on PostgreSQL: the role
//! granted and taken back on the command line; the open reports, oldest
//! first with their chat, for moderators only; an action logged with its
//! reason, marking the report handled for its reporter, and only once; a
//! mute refusing the player's chat while it lasts; a closed account signed
//! out and kept out, told why.

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
    let mut bob = account(at(0), "Bob").await;
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
    // Both are told when they come: the reporter that it was handled, the
    // player of the warning and why; until each has read it.
    let told = |me: &serde_json::Value| me["notices"].as_array().cloned().unwrap_or_default();
    let anas = ana.browser.call("GET", "/api/me", "").await.json();
    assert_eq!(anas["moderator"], false);
    let notices = told(&anas);
    assert_eq!(notices.len(), 1, "{anas}");
    assert_eq!(
        (&notices[0]["kind"], &notices[0]["player"]),
        (&"report_handled".into(), &"Bob".into())
    );
    let bobs = bob.browser.call("GET", "/api/me", "").await.json();
    let notices = told(&bobs);
    assert_eq!(notices.len(), 1, "{bobs}");
    assert_eq!(
        (&notices[0]["kind"], &notices[0]["reason"]),
        (&"warned".into(), &"an offensive name".into())
    );
    let read = ana.browser.call("POST", "/api/notices/read", "{}").await;
    assert_eq!(read.status, 200, "{}", read.body);
    assert_eq!(told(&read.json()), Vec::<serde_json::Value>::new());
    assert!(told(&ana.browser.call("GET", "/api/me", "").await.json()).is_empty());
    assert_eq!(
        told(&bob.browser.call("GET", "/api/me", "").await.json()).len(),
        1,
        "one player's reading is not another's"
    );
    let mias = mia.browser.call("GET", "/api/me", "").await.json();
    assert_eq!(mias["moderator"], true);
    assert!(told(&mias).is_empty());
    let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(queue.json()["reports"], serde_json::json!([]));
    // The reporter is no moderator.
    let theirs = ana.browser.call("GET", "/api/moderation/reports", "").await;
    assert_eq!(theirs.status, 403);

    // A mute: Bob's chat is refused while it lasts, Ana's goes through.
    let report = |reason: &str| format!(r#"{{"player":"bob","reason":"{reason}"}}"#);
    let filed = ana
        .browser
        .call("POST", "/api/reports", &report("insult"))
        .await;
    let second = filed.json()["id"].as_str().expect("an id").to_string();
    let mute = |minutes: &str| {
        format!(r#"{{"report":"{second}","action":"mute","reason":"insults"{minutes}}}"#)
    };
    let endless = mia
        .browser
        .call("POST", "/api/moderation/actions", &mute(""))
        .await;
    assert_eq!(
        (endless.status, endless.refused().as_str()),
        (400, "bad_duration")
    );
    let muted = mia
        .browser
        .call("POST", "/api/moderation/actions", &mute(r#","minutes":10"#))
        .await;
    assert_eq!(muted.status, 200, "{}", muted.body);
    ana.post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    let paired = bob
        .post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    let game = paired.json()["game"].as_str().expect("paired").to_string();
    let (mut ana_ws, _) = ana.sit(at(0), &game).await;
    let (mut bob_ws, _) = bob.sit(at(1), &game).await;
    send(
        &mut bob_ws,
        &online_play::ClientMessage::Chat { text: "hi".into() },
    )
    .await;
    let refused = next_where(&mut bob_ws, |m| error_code(m).is_some()).await;
    assert_eq!(error_code(&refused), Some(online_play::ErrorCode::Muted));
    send(
        &mut ana_ws,
        &online_play::ClientMessage::Chat {
            text: "hello".into(),
        },
    )
    .await;
    let heard = next_where(&mut bob_ws, |m| {
        matches!(m, online_play::ServerMessage::Chat { .. })
    })
    .await;
    assert!(matches!(&heard, online_play::ServerMessage::Chat { text, .. } if text == "hello"));
    // Bob is told of the mute while it lasts, however often he reads.
    bob.browser.call("POST", "/api/notices/read", "{}").await;
    let bobs = bob.browser.call("GET", "/api/me", "").await.json();
    let muted = told(&bobs);
    assert_eq!(muted.len(), 1, "{bobs}");
    assert_eq!(
        (&muted[0]["kind"], &muted[0]["reason"]),
        (&"muted".into(), &"insults".into())
    );
    let until = muted[0]["until"].as_i64().expect("an end");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("a time")
        .as_secs() as i64;
    assert!((until - now - 600).abs() < 60, "{until} {now}");
    // Bob's history, for moderators only.
    let file = mia
        .browser
        .call("GET", "/api/moderation/players/BOB", "")
        .await;
    assert_eq!(file.status, 200, "{}", file.body);
    let file = file.json();
    let mut actions: Vec<&str> = file["actions"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|a| a["action"].as_str().expect("a code"))
        .collect();
    // (Both in the same second: their order is not the test's to know.)
    actions.sort_unstable();
    assert_eq!(actions, ["mute", "warn"], "{file}");
    assert_eq!(file["actions"][0]["moderator"], "mia");
    let reports = file["reports"].as_array().expect("a list");
    let mut reasons: Vec<&str> = reports
        .iter()
        .filter_map(|r| r["reason"].as_str())
        .collect();
    reasons.sort_unstable();
    assert_eq!(reasons, ["insult", "name"], "{file}");
    assert!(reports.iter().all(|r| r["handled"] == true), "{file}");
    let peek = ana
        .browser
        .call("GET", "/api/moderation/players/bob", "")
        .await;
    assert_eq!(peek.status, 403);

    // Closed: signed out at once, and never in again, told why.
    let filed = ana
        .browser
        .call("POST", "/api/reports", &report("cheating"))
        .await;
    let third = filed.json()["id"].as_str().expect("an id").to_string();
    let closed = mia
        .browser
        .call(
            "POST",
            "/api/moderation/actions",
            &format!(r#"{{"report":"{third}","action":"close","reason":"played with an engine"}}"#),
        )
        .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert_eq!(bob.browser.me().await, None, "signed out");
    let back = bob
        .browser
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"Bob","password":"a long password"}"#,
        )
        .await;
    assert_eq!(
        (back.status, back.refused().as_str()),
        (403, "account_closed")
    );
    assert!(back.body.contains("played with an engine"), "{}", back.body);

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
