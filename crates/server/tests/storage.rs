//! The database at the edges, against the server binary: a write lock held
//! by another connection stalls nothing that does not need it, a game whose
//! stored events do not replay is reported damaged, storage errors reach
//! clients without their detail, and the port is bound before the database
//! is opened.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use online_play::{ClientMessage, ErrorCode, Role, ServerMessage};

/// Another connection that holds the database's write lock for `hold` (and
/// an exclusive lock, that keeps even readers out, when `exclusive`);
/// returns once it holds the lock, with a flag set just before it lets go.
fn hold_lock(
    path: &str,
    hold: Duration,
    exclusive: bool,
) -> (std::thread::JoinHandle<()>, Arc<AtomicBool>) {
    let (held, wait) = std::sync::mpsc::channel();
    let released = Arc::new(AtomicBool::new(false));
    let flag = released.clone();
    let path = path.to_string();
    let holder = std::thread::spawn(move || {
        let db = rusqlite::Connection::open(&path).expect("opens");
        let begin = if exclusive {
            "CREATE TABLE IF NOT EXISTS held (a); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1);"
        } else {
            "BEGIN IMMEDIATE; INSERT INTO games (id, header, suggestions) VALUES ('held', 'classic', 0);"
        };
        db.execute_batch(begin).expect("takes the lock");
        held.send(()).expect("says so");
        std::thread::sleep(hold);
        flag.store(true, Ordering::SeqCst);
        db.execute_batch("ROLLBACK").expect("lets go");
    });
    wait.recv().expect("the lock is held");
    (holder, released)
}

/// How long `work` takes.
async fn timed<T>(work: impl std::future::Future<Output = T>) -> (T, Duration) {
    let start = Instant::now();
    let out = work.await;
    (out, start.elapsed())
}

/// Whether text shows anything of the storage's inner workings.
fn leaks(text: &str) -> bool {
    let text = text.to_lowercase();
    ["sql", "database", "locked", "table", "busy", "games.db"]
        .iter()
        .any(|word| text.contains(word))
}

async fn seated_game(addr: std::net::SocketAddr) -> (Socket, Socket) {
    let game = create(addr, "classic", false).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut white).await, ServerMessage::Snapshot(_)));
    let mut black = open(addr).await;
    let joiner = format!("{:032x}", rand_suffix());
    hello(&mut black, "", Some(&joiner), Some(&game.code), None).await;
    assert!(matches!(next(&mut black).await, ServerMessage::Snapshot(_)));
    next_where(&mut white, |m| matches!(m, ServerMessage::Event(_))).await;
    (white, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_write_lock_stalls_no_other_game() {
    let database = fresh_database();
    let (_server, addr, _log) = spawn_server_with(&database, &["--per-minute", "100"]).await;
    let quiet = create(addr, "bell", false).await;
    let mut other = open(addr).await;
    hello(&mut other, &quiet.id, Some(&quiet.token), None, None).await;
    assert!(matches!(next(&mut other).await, ServerMessage::Snapshot(_)));
    let (mut white, _black) = seated_game(addr).await;

    let hold = Duration::from_secs(5);
    let (holder, released) = hold_lock(&database, hold, false);
    // Work that needs the lock: it waits in the server.
    let mut waiting = Vec::new();
    for _ in 0..4 {
        waiting.push(tokio::spawn(async move {
            http(addr, "POST", "/api/games", r#"{"game":"classic"}"#).await
        }));
    }
    send(&mut white, &mv(0, "c2-c3")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    let (health, health_took) = timed(http(addr, "GET", "/health", "")).await;
    assert_eq!(health, (200, "ok".to_string()));
    let (pong, ping_took) = timed(async {
        send(&mut other, &ClientMessage::Ping).await;
        next_where(&mut other, |m| *m == ServerMessage::Pong).await
    })
    .await;
    assert_eq!(pong, ServerMessage::Pong);
    let (welcome, watch_took) = timed(async {
        let mut watcher = open(addr).await;
        hello(&mut watcher, &quiet.id, None, None, None).await
    })
    .await;
    assert_eq!(welcomed_as(&welcome), Some(Role::Spectator), "{welcome:?}");
    assert!(
        !released.load(Ordering::SeqCst),
        "measured while the lock was held"
    );
    // Each answer came while the lock was still held (checked above): a
    // stall would have waited for the lock to go. The times are figures.
    eprintln!("with the write lock held {hold:?}: /health {health_took:?}, ping {ping_took:?}, watching {watch_took:?}");

    holder.join().expect("the holder ends");
    for waited in waiting {
        let (status, body) = waited.await.expect("an answer");
        assert!(matches!(status, 200 | 503), "{status} {body}");
        assert!(!leaks(&body), "{body}");
    }
    let moved = next(&mut white).await;
    assert!(
        matches!(moved, ServerMessage::Ack { ply: 0 })
            || error_code(&moved) == Some(ErrorCode::Unavailable),
        "{moved:?}"
    );
}

#[tokio::test]
async fn a_game_whose_events_do_not_replay_is_damaged_not_missing() {
    let database = fresh_database();
    let (_server, addr, log) = spawn_server_with(&database, &[]).await;
    let game = create(addr, "turkish", false).await;
    let db = rusqlite::Connection::open(&database).expect("opens");
    db.execute(
        "UPDATE events SET body = 'not an event' WHERE game = ?1",
        [&game.id],
    )
    .expect("damaged");
    drop(db);

    let mut ws = open(addr).await;
    let refused = hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert_eq!(
        error_code(&refused),
        Some(ErrorCode::Damaged),
        "{refused:?}"
    );
    let ServerMessage::Error { message, .. } = &refused else {
        panic!("{refused:?}");
    };
    assert!(
        !message.contains("not an event") && !leaks(message),
        "{message}"
    );
    let line = logged(&log, &["damaged game", &game.id]).await;
    assert!(
        line.is_some_and(|l| l.contains("ERROR")),
        "the damage is logged"
    );
    // A game that does not exist is still unknown.
    let mut ws = open(addr).await;
    let refused = hello(&mut ws, "nosuchgame", None, None, None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::UnknownGame));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storage_errors_reach_clients_without_their_detail() {
    let database = fresh_database();
    let (_server, addr, log) =
        spawn_server_with(&database, &["--busy-timeout", "0", "--per-minute", "100"]).await;
    let (mut white, _black) = seated_game(addr).await;
    let unloaded = create(addr, "special", false).await;

    let (holder, _) = hold_lock(&database, Duration::from_secs(2), false);
    let (status, body) = http(addr, "POST", "/api/games", r#"{"game":"classic"}"#).await;
    assert_eq!(status, 503);
    assert!(!leaks(&body), "{body}");
    send(&mut white, &mv(0, "c2-c3")).await;
    let refused = next(&mut white).await;
    assert_eq!(
        error_code(&refused),
        Some(ErrorCode::Unavailable),
        "{refused:?}"
    );
    let mut ws = open(addr).await;
    let joiner = format!("{:032x}", rand_suffix());
    let refused_hello = hello(&mut ws, "", Some(&joiner), Some(&unloaded.code), None).await;
    assert_eq!(error_code(&refused_hello), Some(ErrorCode::Unavailable));
    for message in [&refused, &refused_hello] {
        let ServerMessage::Error { message, .. } = message else {
            panic!("{message:?}");
        };
        assert!(!leaks(message), "{message}");
    }
    // The operator's log has the detail.
    assert!(logged(&log, &["storage failed", "locked"]).await.is_some());

    // Once the lock is gone, the same move is played.
    holder.join().expect("the holder ends");
    send(&mut white, &mv(0, "c2-c3")).await;
    assert_eq!(next(&mut white).await, ServerMessage::Ack { ply: 0 });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_port_is_bound_before_the_database_opens() {
    // A database another connection keeps locked: the server listens and
    // answers at once, and serves games once the lock is gone.
    let database = fresh_database();
    let (holder, released) = hold_lock(&database, Duration::from_secs(3), true);
    let (_server, addr, _log) = spawn_server_with(&database, &[]).await;
    // It answers at once, saying the store is not open yet.
    let (health, took) = timed(http(addr, "GET", "/health", "")).await;
    assert_eq!(
        health,
        (503, "unavailable: the store is still opening".to_string())
    );
    assert!(
        !released.load(Ordering::SeqCst),
        "answered while the database was locked"
    );
    eprintln!("/health answered in {took:?} with the database locked");
    let creating = tokio::spawn(async move { create(addr, "classic", false).await });
    holder.join().expect("the holder ends");
    let game = creating.await.expect("created once the database opened");
    let mut ws = open(addr).await;
    let welcome = hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::White), "{welcome:?}");

    // A database that cannot be opened at all: the server says where it
    // listened, logs why and exits with a failure.
    let (mut server, _, log) = spawn_server_with("/nonexistent/directory/games.db", &[]).await;
    let status = tokio::time::timeout(Duration::from_secs(10), server.wait())
        .await
        .expect("the server exits")
        .expect("a status");
    assert!(!status.success());
    assert!(logged(&log, &["cannot open the database"]).await.is_some());
}
