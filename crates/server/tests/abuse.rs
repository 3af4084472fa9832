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
use online_play::{ClientMessage, EventBody, ServerMessage};
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

/// A socket opened as if through the proxy, for the client `from`.
async fn open_from(
    addr: std::net::SocketAddr,
    from: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut asked = format!("ws://{addr}/ws").into_client_request()?;
    asked
        .headers_mut()
        .insert("x-forwarded-for", from.parse().expect("a header"));
    Ok(tokio_tungstenite::connect_async(asked).await?.0)
}

/// The p50 and p99 of `times`, in ms.
fn percentiles(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

#[tokio::test]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn bench_bystander_while_sockets_flood_one_seat() {
    let (_child, addr) = server(&[]).await;
    // The attacker's game, and a bystander game between two others.
    let target = create(addr, "classic", false).await;
    let bystander = create(addr, "chesquerque", false).await;
    let mut white = open_from(addr, "192.0.2.10").await.expect("a socket");
    hello(
        &mut white,
        &bystander.id,
        Some(&bystander.token),
        None,
        None,
    )
    .await;
    let mut black = open_from(addr, "192.0.2.11").await.expect("a socket");
    hello(&mut black, "", None, Some(&bystander.code), None).await;
    // The flood: 5 000 sockets from one address, 100 at a time, each
    // saying hello on the attacker's seat and staying open.
    let flood = tokio::spawn(async move {
        let mut held = Vec::new();
        let (mut opened, mut refused) = (0usize, 0usize);
        for batch in 0..50 {
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
            if batch % 10 == 9 {
                // Keep reading nothing; let the server do its work.
                tokio::task::yield_now().await;
            }
        }
        (opened, refused, held.len())
    });
    // The bystanders play on meanwhile: each move's time from sending to
    // the opponent hearing it.
    let mut game = engine::AnyGame::from_record_line("chesquerque").expect("a game");
    let mut times = Vec::new();
    let mut ply = 0u32;
    while !flood.is_finished() || times.len() < 40 {
        if game.outcome().is_some() || times.len() >= 400 {
            break;
        }
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
        // Drain what the mover hears of its own move.
        while let Some(message) = try_next(mover, Duration::from_millis(1)).await {
            if matches!(message, ServerMessage::Event(_)) {
                continue;
            }
        }
        ply += 1;
    }
    let (opened, refused, held) = flood.await.expect("the flood");
    let (p50, p99) = percentiles(times.clone());
    println!(
        "socket flood on one seat: 5000 tries, {opened} opened ({held} held), {refused} refused; bystander moves: {} timed, p50 {p50:.1} ms, p99 {p99:.1} ms",
        times.len()
    );
    let _ = white.next().await;
}
