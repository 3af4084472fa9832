//! The holes an outside attack on a running server found, one test each,
//! named after the hole: each failed before its fix. (Some holes are
//! checked nearer their code as well: the store's sessions in
//! `tests/store.rs`, the proxy's header in `limits`, lag in the clocks.)

mod common;

use std::time::Duration;

use common::*;
use online_play::{ClientMessage, EventBody, MoveText};

/// A server with a generous login allowance (the races below log in
/// often); as every test server, it takes each browser's word on its
/// address ([`Browser::from`]).
async fn accounts_server(database: &str) -> std::net::SocketAddr {
    start_adjusted(database, |config| config.logins_per_minute = 1_000).await
}

const ANA: &str = r#"{"name":"Ana","password":"correct horse"}"#;
const ANA_AGAIN: &str = r#"{"name":"Ana","password":"someone else"}"#;

#[tokio::test]
async fn a_deleted_accounts_name_with_a_live_session() {
    let addr = accounts_server(&fresh_database()).await;
    let mut stolen = 0;
    for round in 0..8u64 {
        let mut owner = browser(addr, "192.0.2.1");
        owner.registers(ANA).await;
        // A login with the right password, sent while the account is being
        // deleted, 0 to 50 ms apart.
        let mut late = browser(addr, "192.0.2.2");
        let login = async {
            tokio::time::sleep(Duration::from_millis(round * 7)).await;
            late.call("POST", "/api/account/login", ANA).await
        };
        let delete = owner.call(
            "POST",
            "/api/account/delete",
            r#"{"password":"correct horse"}"#,
        );
        let (_, deleted) = tokio::join!(login, delete);
        assert_eq!(deleted.status, 200, "{}", deleted.body);
        // Someone registers the name again.
        let mut newcomer = browser(addr, "192.0.2.3");
        newcomer.registers(ANA_AGAIN).await;
        // Whatever the late login got, it is not signed in as the newcomer.
        if late.cookie.is_some() && late.me().await.is_some() {
            stolen += 1;
        }
        assert_eq!(
            newcomer
                .call(
                    "POST",
                    "/api/account/delete",
                    r#"{"password":"someone else"}"#
                )
                .await
                .status,
            200
        );
    }
    assert_eq!(stolen, 0, "sessions signed in as the name's new owner");
}

#[tokio::test]
async fn a_password_change_that_leaves_a_session_alive() {
    let addr = accounts_server(&fresh_database()).await;
    let mut owner = browser(addr, "192.0.2.1");
    owner.registers(ANA).await;
    let passwords = ["correct horse", "battery staple"];
    let mut survived = 0;
    for round in 0..8usize {
        let (old, new) = (passwords[round % 2], passwords[(round + 1) % 2]);
        // A login with the old password, still being checked while the
        // owner changes it, 0 to 90 ms apart.
        let mut thief = browser(addr, "192.0.2.9");
        let login = async {
            tokio::time::sleep(Duration::from_millis(round as u64 * 12)).await;
            let body = format!(r#"{{"name":"Ana","password":"{old}"}}"#);
            thief.call("POST", "/api/account/login", &body).await
        };
        let body = format!(r#"{{"password":"{old}","new_password":"{new}"}}"#);
        let change = owner.call("POST", "/api/account/password", &body);
        let (_, changed) = tokio::join!(login, change);
        assert_eq!(changed.status, 200, "{}", changed.body);
        // Once the change is answered, only the owner's browser is in.
        if thief.cookie.is_some() && thief.me().await.is_some() {
            survived += 1;
        }
        assert_eq!(owner.me().await.as_deref(), Some("Ana"));
    }
    assert_eq!(survived, 0, "sessions from the old password still alive");
}

/// A login through the trusted proxy (127.0.0.1) by a client that writes a
/// `Forwarded` header of its own, a new address each time.
async fn forged_login(addr: std::net::SocketAddr, i: u32) -> u16 {
    let forged = format!("for=203.0.113.{i}");
    request(
        addr,
        "POST",
        "/api/account/login",
        &[
            ("Content-Type", "application/json"),
            ("Forwarded", &forged),
            ("X-Forwarded-For", "198.51.100.7"),
        ],
        &format!(r#"{{"name":"nobody{i}","password":"wrong password"}}"#),
    )
    .await
    .status
}

#[tokio::test]
async fn limits_void_behind_the_clusters_proxy() {
    let addr = start_adjusted(&fresh_database(), |config| config.logins_per_minute = 3).await;
    // Six tries an address a minute, whatever the client says it is.
    let mut statuses = Vec::new();
    for i in 0..12 {
        statuses.push(forged_login(addr, i).await);
    }
    assert_eq!(statuses[..6], [401; 6], "{statuses:?}");
    assert_eq!(statuses[6..], [429; 6], "{statuses:?}");
}

#[tokio::test]
async fn a_body_trickled_in_is_never_cut_off() {
    use tokio::io::AsyncWriteExt;
    let addr = start_adjusted(&fresh_database(), |config| {
        config.body_within = Duration::from_secs(1);
    })
    .await;
    // A byte every 300 ms: each comes well within the deadline, the whole
    // body never does.
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let head = format!(
        "POST /api/account/login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("writes");
    let started = std::time::Instant::now();
    let (mut reader, mut writer) = stream.into_split();
    let trickle = async {
        for byte in "{\"name\":\"ana\",\"password\":\""
            .bytes()
            .cycle()
            .take(100)
        {
            if writer.write_all(&[byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    };
    let answer = async {
        use tokio::io::AsyncReadExt;
        let mut seen = Vec::new();
        let _ = reader.read_to_end(&mut seen).await;
        (
            String::from_utf8_lossy(&seen).into_owned(),
            started.elapsed(),
        )
    };
    let answered = tokio::time::timeout(Duration::from_secs(6), async {
        tokio::select! {
            answered = answer => Some(answered),
            () = trickle => None,
        }
    })
    .await;
    let (text, after) = answered
        .expect("cut off before the test's own limit")
        .expect("answered while still trickling");
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("did not arrive in time"), "{text}");
    assert!(after < Duration::from_secs(3), "after {after:?}");
}

#[tokio::test]
async fn free_time_from_the_lag_allowance() {
    // No pings of the server's own: nothing measured, nothing given.
    let (addr, time) = start_timed(&fresh_database(), |config| {
        config.ping_every = Duration::from_secs(3600);
    })
    .await;
    let body = r#"{"game":"classic","side":"white","clock":"1+0"}"#;
    let (status, reply) = http(addr, "POST", "/api/games", body).await;
    assert_eq!(status, 200, "{reply}");
    let created: serde_json::Value = serde_json::from_str(&reply).expect("JSON");
    let mut white = open(addr).await;
    hello(
        &mut white,
        created["id"].as_str().expect("an id"),
        created["token"].as_str(),
        None,
        None,
    )
    .await;
    let mut black = open(addr).await;
    hello(&mut black, "", None, created["code"].as_str(), None).await;
    let mut game = engine::AnyGame::from_record_line("classic").expect("a game");
    // The clocks set as both are seated.
    event(&mut white, |b| matches!(b, EventBody::Clock { .. })).await;
    // Each side takes 500 ms a move and claims 500 ms of lag.
    let mut last = None;
    for ply in 0..11u32 {
        time.advance(500);
        let turn = game.entries()[0].turn;
        let text = game.turn_coordinates(turn);
        game.play(turn).expect("legal");
        let mover = if ply % 2 == 0 { &mut white } else { &mut black };
        let claim = ClientMessage::Move(MoveText {
            ply,
            turn: text,
            lag: Some(500),
        });
        send(mover, &claim).await;
        last = Some(event(&mut white, |b| matches!(b, EventBody::Clock { .. })).await);
    }
    // After five moves each (White's first is free), each side was charged
    // every millisecond it took.
    let Some(EventBody::Clock { left, .. }) = last else {
        panic!("clocks");
    };
    assert_eq!(left, [60_000 - 2_500, 60_000 - 2_500]);
}

#[tokio::test]
async fn logout_by_any_same_site_page() {
    let addr = accounts_server(&fresh_database()).await;
    let mut ana = browser(addr, "192.0.2.1");
    ana.registers(ANA).await;
    let cookie = format!("alq_session={}", ana.cookie.clone().expect("a session"));
    // A form on another port of this host posts with the cookie, no body.
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let mut headers = vec![("Cookie", cookie.as_str())];
        if let Some(content_type) = content_type {
            headers.push(("Content-Type", content_type));
        }
        let reply = request(addr, "POST", "/api/account/logout", &headers, "").await;
        assert_eq!(reply.status, 415, "{content_type:?}: {}", reply.body);
    }
    assert_eq!(ana.me().await.as_deref(), Some("Ana"), "still signed in");
    // The page's own logout, as JSON, works.
    assert_eq!(
        ana.call("POST", "/api/account/logout", "{}").await.status,
        200
    );
    assert_eq!(ana.me().await, None);
}

#[tokio::test]
async fn games_created_by_any_page() {
    let addr = start().await;
    let body = r#"{"game":"classic"}"#;
    for content_type in [None, Some("text/plain")] {
        let mut headers = Vec::new();
        if let Some(content_type) = content_type {
            headers.push(("Content-Type", content_type));
        }
        let reply = request(addr, "POST", "/api/games", &headers, body).await;
        assert_eq!(reply.status, 415, "{content_type:?}: {}", reply.body);
    }
    let json = request(
        addr,
        "POST",
        "/api/games",
        &[("Content-Type", "application/json; charset=utf-8")],
        body,
    )
    .await;
    assert_eq!(json.status, 200, "{}", json.body);
}

#[tokio::test]
async fn no_cap_on_one_seats_sockets() {
    let addr = start_adjusted(&fresh_database(), |config| {
        config.sockets_per_address = 6;
    })
    .await;
    let game = create(addr, "classic", false).await;
    // Four sockets on one seat, then the fifth is refused.
    let mut seat = Vec::new();
    for _ in 0..4 {
        let mut ws = open(addr).await;
        let welcome = hello(&mut ws, &game.id, Some(&game.token), None, None).await;
        assert!(welcomed_as(&welcome).is_some(), "{welcome:?}");
        seat.push(ws);
    }
    let mut fifth = open(addr).await;
    let refused = hello(&mut fifth, &game.id, Some(&game.token), None, None).await;
    assert_eq!(
        error_code(&refused),
        Some(online_play::ErrorCode::TooMany),
        "{refused:?}"
    );
    closed_with(&mut fifth).await;
    drop(fifth);
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Two more sockets from this address, watching; then the address has
    // its six and the next is refused before it opens.
    let mut watching = Vec::new();
    for _ in 0..2 {
        let mut ws = open(addr).await;
        hello(&mut ws, &game.id, None, None, None).await;
        watching.push(ws);
    }
    let over = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await;
    match over {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), 429)
        }
        other => panic!("not refused: {:?}", other.map(|_| ())),
    }
    // One given back, one more may open.
    drop(watching.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = open(addr).await;
    hello(&mut again, &game.id, None, None, None).await;
}

#[tokio::test]
async fn chat_limit_per_socket_not_per_player() {
    let addr = start().await;
    let game = create(addr, "classic", false).await;
    let mut white = Vec::new();
    for _ in 0..3 {
        let mut ws = open(addr).await;
        hello(&mut ws, &game.id, Some(&game.token), None, None).await;
        white.push(ws);
    }
    let mut black = open(addr).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    // Three sockets of one player, each sending as fast as it can.
    for round in 0..4 {
        for ws in white.iter_mut() {
            let text = format!("line {round}");
            send(ws, &ClientMessage::Chat { text }).await;
        }
    }
    let mut heard = 0;
    while let Some(message) = try_next(&mut black, Duration::from_millis(500)).await {
        if matches!(message, online_play::ServerMessage::Chat { .. }) {
            heard += 1;
        }
    }
    // The player's allowance: three at once, whatever its sockets.
    assert_eq!(heard, 3);
    // And the sockets that spoke too fast were told so.
    let mut slowed = 0;
    for ws in white.iter_mut() {
        while let Some(message) = try_next(ws, Duration::from_millis(200)).await {
            slowed += usize::from(error_code(&message) == Some(online_play::ErrorCode::SlowDown));
        }
    }
    assert_eq!(slowed, 9);
}

/// The reason a server stops when it opens `database` (it must stop).
async fn refused_at_start(database: &str) -> String {
    let mut config = alquerque_server::Config::new(([127, 0, 0, 1], 0).into(), database);
    config.code_lifetime = Duration::from_secs(3600);
    let (_, serving) = alquerque_server::serve(config).await.expect("binds");
    tokio::time::timeout(Duration::from_secs(20), serving)
        .await
        .expect("stops by itself")
        .expect("its task ends")
        .expect_err("refuses the database")
}

#[tokio::test]
async fn a_foreign_database_looks_healthy() {
    // Another program's SQLite file, with a games table of its own.
    let path = fresh_database();
    let db = rusqlite::Connection::open(&path).expect("a file");
    db.execute_batch("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);")
        .expect("its table");
    drop(db);
    let why = refused_at_start(&path).await;
    assert!(why.contains("not this server's"), "{why}");
    assert!(why.contains("table games lacks header"), "{why}");
    // One a newer version made.
    let path = fresh_database();
    let db = rusqlite::Connection::open(&path).expect("a file");
    db.pragma_update(None, "user_version", 99)
        .expect("a version");
    drop(db);
    let why = refused_at_start(&path).await;
    assert!(why.contains("99 schema steps"), "{why}");
    // Another program's PostgreSQL database.
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("theirs").await;
    let client = common::postgres::Postgres::client(&url).await;
    client
        .batch_execute("CREATE TABLE games (id SERIAL PRIMARY KEY, title TEXT)")
        .await
        .expect("its table");
    let why = refused_at_start(&url).await;
    assert!(why.contains("not this server's"), "{why}");
    assert!(why.contains("tables of its own (games)"), "{why}");
    // This server's own databases open as ever.
    let ours = postgres.database("ours").await;
    let addr = start_on(&ours, 30).await;
    create(addr, "classic", false).await;
}

#[tokio::test]
async fn anyone_can_lock_an_owner_out() {
    // Two tries a minute for a name (four for an address).
    let addr = start_adjusted(&fresh_database(), |config| config.logins_per_minute = 2).await;
    let mut owner = browser(addr, "192.0.2.1");
    owner.registers(ANA).await;
    let device = owner.device.clone().expect("a device cookie");
    assert_eq!(
        owner.call("POST", "/api/account/logout", "{}").await.status,
        200
    );
    // Wrong passwords for Ana from all over: the name's allowance is spent.
    let mut refused = 0;
    for i in 0..5 {
        let mut stranger = browser(addr, &format!("203.0.113.{i}"));
        let reply = stranger
            .call(
                "POST",
                "/api/account/login",
                r#"{"name":"Ana","password":"guess guess"}"#,
            )
            .await;
        refused += usize::from(reply.status == 429);
    }
    assert_eq!(refused, 3, "the name's allowance holds for strangers");
    // A new browser with the right password waits too...
    let mut elsewhere = browser(addr, "198.51.100.1");
    assert_eq!(
        elsewhere
            .call("POST", "/api/account/login", ANA)
            .await
            .status,
        429
    );
    // ...but the owner's browser, which signed in before, gets in.
    let reply = owner.call("POST", "/api/account/login", ANA).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(owner.me().await.as_deref(), Some("Ana"));
    assert_eq!(owner.device.as_deref(), Some(device.as_str()), "kept");
    // A device cookie made up, or another account's, counts for nothing.
    let mut forger = browser(addr, "198.51.100.2");
    forger.device = Some("0123456789abcdef0123456789abcdef".into());
    assert_eq!(
        forger.call("POST", "/api/account/login", ANA).await.status,
        429
    );
}
