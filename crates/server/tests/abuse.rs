//! What an attacker's volume costs the server process: its memory after
//! many failed logins, and a bystander game's moves while thousands of
//! sockets try to open on one seat. A lean check runs with the tests; the
//! full figures are benchmarks:
//!
//! `cargo test --release -p alquerque-server --test abuse -- --ignored --nocapture`
//! (`BENCH_SERVER_BIN=path` measures another build of the server, to
//! compare), or `scripts/bench.sh --abuse`.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use futures_util::{SinkExt, StreamExt};
use online_play::{ClientMessage, EventBody};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// The process's resident memory in MiB, from /proc.
fn resident_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
    let kib: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .expect("VmRSS");
    kib / 1024.0
}

/// A server process trusting 127.0.0.1 to name clients, so each login
/// may come from its own address (no allowance runs out).
async fn server(extra: &[&str]) -> (tokio::process::Child, std::net::SocketAddr) {
    let mut options = vec![
        "--trusted-proxy",
        "127.0.0.1",
        "--connections-per-address",
        "100000",
    ];
    options.extend_from_slice(extra);
    let (child, addr, _log) = spawn_server_with(&fresh_database(), &options).await;
    (child, addr)
}

/// `count` failed logins, `at_once` at a time, each from its own address
/// and for its own unknown name (so no allowance runs out): each costs a
/// whole password check, as a wrong password does.
async fn failed_logins(addr: std::net::SocketAddr, count: usize, at_once: usize) {
    let next = Arc::new(AtomicU64::new(0));
    let mut workers = Vec::new();
    for _ in 0..at_once {
        let next = next.clone();
        workers.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= count {
                    return;
                }
                let from = format!("10.{}.{}.{}", i / 65_536, (i / 256) % 256, i % 256);
                let reply = request(
                    addr,
                    "POST",
                    "/api/account/login",
                    &[
                        ("Content-Type", "application/json"),
                        ("X-Forwarded-For", &from),
                    ],
                    &format!(r#"{{"name":"nobody{i}","password":"wrong password"}}"#),
                )
                .await;
                assert_eq!(reply.status, 401, "{}", reply.body);
            }
        }));
    }
    for worker in workers {
        worker.await.expect("a worker");
    }
}

#[tokio::test]
async fn memory_that_failed_logins_never_give_back() {
    let (child, addr) = server(&[]).await;
    let pid = child.id().expect("running");
    failed_logins(addr, 16, 16).await;
    let warm = resident_mib(pid);
    failed_logins(addr, 160, 16).await;
    let after = resident_mib(pid);
    // Each failed login's 19 MiB work area used to stay behind: 160 of
    // them held hundreds of MiB. Reused, they add nothing once warm.
    assert!(
        after - warm < 40.0,
        "{warm:.0} MiB warm, {after:.0} MiB after 160 more failed logins"
    );
}

#[tokio::test]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn bench_memory_after_failed_logins() {
    let (child, addr) = server(&[]).await;
    let pid = child.id().expect("running");
    let start = resident_mib(pid);
    let begun = Instant::now();
    failed_logins(addr, 2_000, 32).await;
    let took = begun.elapsed();
    let after = resident_mib(pid);
    tokio::time::sleep(Duration::from_secs(30)).await;
    let idle = resident_mib(pid);
    println!(
        "failed logins: 2000 in {:.1} s; server memory {start:.1} MiB at the start, {after:.1} MiB after, {idle:.1} MiB 30 s later",
        took.as_secs_f64()
    );
}

/// A socket opened as if through the proxy, for the client `from` (its
/// writes not held back by Nagle's algorithm, as a browser's are not).
async fn open_from(
    addr: std::net::SocketAddr,
    from: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut asked = format!("ws://{addr}/ws").into_client_request()?;
    asked
        .headers_mut()
        .insert("x-forwarded-for", from.parse().expect("a header"));
    Ok(
        tokio_tungstenite::connect_async_with_config(asked, None, true)
            .await?
            .0,
    )
}

/// The p50 and p99 of `times`, in ms.
fn percentiles(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

/// Two players' sockets in a new game of `game`, each from its own
/// address.
async fn bystanders(addr: std::net::SocketAddr, game: &str) -> (Socket, Socket) {
    let created = create(addr, game, false).await;
    let mut white = open_from(addr, "192.0.2.10").await.expect("a socket");
    hello(&mut white, &created.id, Some(&created.token), None, None).await;
    let mut black = open_from(addr, "192.0.2.11").await.expect("a socket");
    hello(&mut black, "", None, Some(&created.code), None).await;
    (white, black)
}

/// Plays moves in `games` bystander games at once, each one move every
/// 50 ms or so, until `stop` is set and each has `at_least` moves (new
/// games as they end): each move's time from being sent to the opponent
/// hearing it, in ms.
async fn play_on(
    addr: std::net::SocketAddr,
    games: usize,
    at_least: usize,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> Vec<f64> {
    let mut players = Vec::new();
    for _ in 0..games {
        let stop = stop.clone();
        players.push(tokio::spawn(async move {
            let mut times = Vec::new();
            let go_on = |n: usize| n < at_least || !stop.load(Ordering::Relaxed);
            while go_on(times.len()) {
                let (mut white, mut black) = bystanders(addr, "turkish").await;
                let mut game = engine::AnyGame::from_record_line("turkish").expect("a game");
                let mut ply = 0u32;
                while game.outcome().is_none() && ply < 60 && go_on(times.len()) {
                    let turn = game.entries()[0].turn;
                    let text = game.turn_coordinates(turn);
                    game.play(turn).expect("legal");
                    let (mover, other) = if ply % 2 == 0 {
                        (&mut white, &mut black)
                    } else {
                        (&mut black, &mut white)
                    };
                    let sent = Instant::now();
                    send(mover, &mv(ply, &text)).await;
                    event(other, |b| matches!(b, EventBody::Moved { .. })).await;
                    times.push(sent.elapsed().as_secs_f64() * 1000.0);
                    while try_next(mover, Duration::from_millis(1)).await.is_some() {}
                    // A player's pace, well inside a socket's allowance.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    ply += 1;
                }
            }
            times
        }));
    }
    let mut times = Vec::new();
    for player in players {
        times.extend(player.await.expect("a bystander"));
    }
    times
}

#[tokio::test]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn bench_bystander_while_sockets_flood_one_seat() {
    let (_child, addr) = server(&[]).await;
    // Eight bystander games alone first.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let quiet = play_on(addr, 8, 40, stop).await;
    // The flood: 5 000 sockets from one address, 100 at a time, each
    // saying hello on the attacker's own seat and staying open.
    let target = create(addr, "classic", false).await;
    let flood = tokio::spawn(async move {
        let begun = Instant::now();
        let mut held = Vec::new();
        let (mut opened, mut refused) = (0usize, 0usize);
        for _ in 0..50 {
            let mut tries = Vec::new();
            for _ in 0..100 {
                let (id, token) = (target.id.clone(), target.token.clone());
                tries.push(tokio::spawn(async move {
                    let mut ws = open_from(addr, "198.51.100.66").await.ok()?;
                    let hello = ClientMessage::Hello {
                        game: id,
                        token: Some(token),
                        code: None,
                        last_v: None,
                    };
                    ws.send(Message::Text(hello.to_text().into())).await.ok()?;
                    Some(ws)
                }));
            }
            for attempt in tries {
                match attempt.await.expect("a try") {
                    Some(ws) => {
                        opened += 1;
                        held.push(ws);
                    }
                    None => refused += 1,
                }
            }
        }
        // Whatever the server still holds open, as the attacker sees it.
        let mut alive = 0;
        for ws in held.iter_mut() {
            if let Ok(Some(Ok(_))) = tokio::time::timeout(Duration::from_millis(1), ws.next()).await
            {
                alive += 1;
            }
        }
        (opened, refused, alive, begun.elapsed())
    });
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let playing = tokio::spawn(play_on(addr, 8, 0, stop.clone()));
    let (opened, refused, _alive, took) = flood.await.expect("the flood");
    stop.store(true, Ordering::Relaxed);
    let during = playing.await.expect("the bystanders");
    let (quiet50, quiet99) = percentiles(quiet);
    let moves = during.len();
    let (p50, p99) = if during.is_empty() {
        (f64::NAN, f64::NAN)
    } else {
        percentiles(during)
    };
    println!(
        "socket flood on one seat: 5000 tries in {:.1} s, {opened} upgraded, {refused} refused at the door; bystander moves alone p50 {quiet50:.1} ms, p99 {quiet99:.1} ms; during the flood ({moves} moves) p50 {p50:.1} ms, p99 {p99:.1} ms",
        took.as_secs_f64()
    );
}
