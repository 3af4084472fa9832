//! The operator's view: `/metrics` to the token's bearer only, counting
//! sockets, moves and their latency, and errors by kind; `/health` saying
//! whether the store answers, on SQLite and on a PostgreSQL that goes away;
//! and a SQLite backup taken while the server plays, restored, played on.

mod common;

use std::time::Duration;

use common::postgres::Postgres;
use common::*;
use online_play::{ErrorCode, Role, ServerMessage};

const TOKEN: &str = "metrics-secret-7";

/// A GET with headers; the status and body.
async fn get(addr: std::net::SocketAddr, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let reply = request(addr, "GET", path, headers, "").await;
    (reply.status, reply.body)
}

/// The value of the figure on the line that starts with `name` (labels
/// included), or none.
fn figure(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

/// A game with both seats taken, White's socket and Black's.
async fn seated_game(addr: std::net::SocketAddr) -> (Created, Socket, Socket) {
    let game = create(addr, "classic", false).await;
    let mut white = open(addr).await;
    let welcome = hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::White));
    let mut black = open(addr).await;
    let welcome = hello(&mut black, &game.id, None, Some(&game.code), None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::Black));
    (game, white, black)
}

/// The first legal turn of `game` (coordinates), played on it.
fn next_turn(game: &mut engine::AnyGame) -> String {
    let entry = game.entries().into_iter().next().expect("a legal turn");
    let text = game.turn_coordinates(entry.turn);
    game.play(entry.turn).expect("legal");
    text
}

async fn acked(ws: &mut Socket, ply: u32) {
    let ack = next_where(ws, |m| matches!(m, ServerMessage::Ack { .. })).await;
    assert_eq!(ack, ServerMessage::Ack { ply });
}

#[tokio::test]
async fn the_figures_go_to_the_tokens_bearer_and_count_what_happened() {
    let addr = start_adjusted(&fresh_database(), |config| {
        config.metrics_token = Some(TOKEN.to_string());
    })
    .await;
    let bearer = format!("Bearer {TOKEN}");
    let auth = [("Authorization", bearer.as_str())];
    assert_eq!(get(addr, "/metrics", &[]).await.0, 401);
    assert_eq!(
        get(addr, "/metrics", &[("Authorization", "Bearer guess")])
            .await
            .0,
        401
    );
    let (status, before) = get(addr, "/metrics", &auth).await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(figure(&before, "alquerque_moves_total"), Some(0.0));
    assert_eq!(figure(&before, "alquerque_reports_open"), Some(0.0));
    assert!(before.ends_with("# EOF\n"), "{before}");

    let (_game, mut white, mut black) = seated_game(addr).await;
    let mut play = engine::AnyGame::from_record_line("classic").expect("a game");
    send(&mut white, &mv(0, &next_turn(&mut play))).await;
    acked(&mut white, 0).await;
    // An illegal move and an API refusal, each counted by its kind.
    send(&mut black, &mv(1, "a1-a2")).await;
    let refused = next_where(&mut black, |m| matches!(m, ServerMessage::Error { .. })).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::IllegalMove));
    let mut ana = browser(addr, "192.0.2.9");
    let bad = ana
        .call(
            "POST",
            "/api/account/register",
            r#"{"name":"1bad","password":"long enough pass"}"#,
        )
        .await;
    assert_eq!(bad.refused(), "bad_username");
    // A report waits for a moderator.
    let mut ana = account(addr, "Ana").await;
    account(addr, "Bob").await;
    let filed = ana
        .browser
        .call(
            "POST",
            "/api/reports",
            r#"{"player":"bob","reason":"name"}"#,
        )
        .await;
    assert_eq!(filed.status, 200, "{}", filed.body);

    let (_, after) = get(addr, "/metrics", &auth).await;
    assert_eq!(
        figure(&after, "alquerque_moves_total"),
        Some(1.0),
        "{after}"
    );
    assert_eq!(figure(&after, "alquerque_move_seconds_count"), Some(1.0));
    assert_eq!(figure(&after, "alquerque_reports_open"), Some(1.0));
    assert_eq!(figure(&after, "alquerque_flags_open"), Some(0.0));
    assert_eq!(figure(&after, "alquerque_game_sockets"), Some(2.0));
    assert_eq!(figure(&after, "alquerque_games_loaded"), Some(1.0));
    assert_eq!(
        figure(&after, "alquerque_errors_total{kind=\"illegal_move\"}"),
        Some(1.0)
    );
    assert_eq!(
        figure(&after, "alquerque_errors_total{kind=\"api_bad_username\"}"),
        Some(1.0)
    );
    // The game's creation and the move were stored, and timed.
    let stored = figure(
        &after,
        "alquerque_store_seconds_count{call=\"append_events\"}",
    );
    assert!(stored >= Some(1.0), "{after}");

    // Sockets closed count out.
    drop(white);
    drop(black);
    let mut open_sockets = None;
    for _ in 0..50 {
        let (_, text) = get(addr, "/metrics", &auth).await;
        open_sockets = figure(&text, "alquerque_game_sockets");
        if open_sockets == Some(0.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(open_sockets, Some(0.0));

    // Without a token, there are no figures to be had.
    let plain = start().await;
    assert_eq!(get(plain, "/metrics", &auth).await.0, 404);
}

#[tokio::test]
async fn health_says_whether_the_store_answers() {
    let addr = start().await;
    assert_eq!(healthy(addr).await, (200, "ok".to_string()));

    // A process whose PostgreSQL goes away says so.
    let mut postgres = Postgres::start();
    let url = postgres.database("health").await;
    let (_server, addr, _log) = spawn_server_with(&url, &[]).await;
    assert_eq!(healthy(addr).await, (200, "ok".to_string()));
    postgres.stop();
    let (status, words) = http(addr, "GET", "/health", "").await;
    assert_eq!(status, 503, "{words}");
    assert!(
        words.starts_with("unavailable: the store does not answer"),
        "{words}"
    );
}

#[tokio::test]
async fn a_backup_taken_while_the_server_plays_is_restored_and_played_on() {
    let server_bin = env!("CARGO_BIN_EXE_alquerque-server");
    let dir = std::env::temp_dir().join(format!("alq-backup-{}", rand_suffix()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = |name: &str| dir.join(name).to_str().expect("a path").to_string();
    let (db, copy, restored) = (path("games.db"), path("copy.db"), path("restored.db"));

    let (mut server, addr, _log) = spawn_server_with(&db, &[]).await;
    let (game, mut white, mut black) = seated_game(addr).await;
    let mut play = engine::AnyGame::from_record_line("classic").expect("a game");
    let first = next_turn(&mut play);
    send(&mut white, &mv(0, &first)).await;
    acked(&mut white, 0).await;
    let second = next_turn(&mut play);
    send(&mut black, &mv(1, &second)).await;
    acked(&mut black, 1).await;
    let at_copy = play.clone();

    // The copy, taken while the server runs.
    let backup = tokio::process::Command::new(server_bin)
        .args(["backup", &db, &copy])
        .output()
        .await
        .expect("the backup runs");
    assert!(
        backup.status.success(),
        "{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    // The game goes on after the copy; that move is not in it.
    send(&mut white, &mv(2, &next_turn(&mut play))).await;
    acked(&mut white, 2).await;
    // A copy is never written over.
    let again = std::process::Command::new(server_bin)
        .args(["backup", &db, &copy])
        .output()
        .expect("runs");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    server.kill().await.expect("stops");
    drop((white, black));

    let restore = std::process::Command::new(server_bin)
        .args(["restore", &copy, &restored])
        .output()
        .expect("the restore runs");
    assert!(
        restore.status.success(),
        "{}",
        String::from_utf8_lossy(&restore.stderr)
    );
    // Nor is a store, unless asked to.
    let over = std::process::Command::new(server_bin)
        .args(["restore", &copy, &db])
        .output()
        .expect("runs");
    assert!(!over.status.success());

    // The restored store serves the game as it stood at the copy, and it
    // goes on from there.
    let (_server, addr, _log) = spawn_server_with(&restored, &[]).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let ServerMessage::Snapshot(snapshot) =
        next_where(&mut white, |m| matches!(m, ServerMessage::Snapshot(_))).await
    else {
        unreachable!("a snapshot")
    };
    assert!(
        snapshot.record.ends_with(&format!("{first} {second}")),
        "{}",
        snapshot.record
    );
    let mut play = at_copy;
    let entries = play.entries();
    let other = entries.last().expect("a legal turn");
    let third = play.turn_coordinates(other.turn);
    play.play(other.turn).expect("legal");
    send(&mut white, &mv(2, &third)).await;
    acked(&mut white, 2).await;
    let _ = std::fs::remove_dir_all(&dir);
}
