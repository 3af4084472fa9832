//! The load benchmark (not part of the default test run): many games at
//! once on loopback against the server binary, each with two players and a
//! spectator, printing the time from a move being sent to the opponent
//! receiving it (p50, p99), the server's memory and the errors seen.
//!
//! `cargo test --release -p alquerque-server --test load -- --ignored --nocapture`
//! (`LOAD_GAMES=1000 LOAD_MOVES=40` set the size), or `scripts/bench.sh --load`.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use engine::Side;
use online_play::{ClientMessage, EventBody, MoveText, Room, ServerMessage};

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The server's resident memory in KiB, from /proc.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

struct Seat {
    game: String,
    token: Option<String>,
    side: Option<Side>,
}

/// One client: plays its side's moves (the first legal one) until `moves`
/// plies are played or the game ends; notes when each of its opponent's
/// moves arrives, keyed by ply, to measure latency against the send time.
async fn client(
    addr: std::net::SocketAddr,
    seat: Seat,
    moves: usize,
    sent_at: Arc<std::sync::Mutex<std::collections::HashMap<(String, u32), Instant>>>,
    latencies: Arc<std::sync::Mutex<Vec<Duration>>>,
    errors: Arc<AtomicU64>,
) {
    let mut ws = open(addr).await;
    send(
        &mut ws,
        &ClientMessage::Hello {
            game: seat.game.clone(),
            token: seat.token.clone(),
            code: None,
            last_v: None,
        },
    )
    .await;
    let mut room: Option<Room> = None;
    let mut sent: Option<u32> = None;
    loop {
        let Some(message) = try_next(&mut ws, Duration::from_secs(30)).await else {
            errors.fetch_add(1, Ordering::Relaxed);
            return;
        };
        match message {
            ServerMessage::Snapshot(s) => room = Room::from_snapshot(&s).ok(),
            ServerMessage::Event(e) => {
                let Some(r) = room.as_mut() else { continue };
                if let EventBody::Moved { ply, .. } = &e.body {
                    let mover = if ply % 2 == 0 {
                        Side::White
                    } else {
                        Side::Black
                    };
                    if seat.side == Some(mover.other()) {
                        let start = sent_at
                            .lock()
                            .expect("lock")
                            .remove(&(seat.game.clone(), *ply));
                        if let Some(start) = start {
                            latencies.lock().expect("lock").push(start.elapsed());
                        }
                    }
                }
                if r.apply(&e.body).is_err() {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
            }
            ServerMessage::Error { .. } => {
                errors.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
        let Some(r) = room.as_ref() else { continue };
        if r.is_over() || r.game.ply() >= moves {
            return;
        }
        if seat.side != Some(r.game.side_to_move())
            || sent.is_some_and(|p| p as usize >= r.game.ply())
        {
            continue;
        }
        let entries = r.game.entries();
        let Some(entry) = entries.first() else {
            continue;
        };
        let ply = r.game.ply() as u32;
        let turn = r.game.turn_coordinates(entry.turn);
        sent_at
            .lock()
            .expect("lock")
            .insert((seat.game.clone(), ply), Instant::now());
        sent = Some(ply);
        send(&mut ws, &ClientMessage::Move(MoveText { ply, turn })).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn load() {
    let games = env_number("LOAD_GAMES", 1000);
    let moves = env_number("LOAD_MOVES", 30);
    let database = fresh_database();
    // Every socket comes from 127.0.0.1: the limits per address are lifted.
    let (server, addr, _log) = spawn_server_with(
        &database,
        &[
            "--per-minute",
            "1000000",
            "--spectators-per-address",
            "1000000",
            "--connections-per-address",
            "1000000",
        ],
    )
    .await;
    let pid = server.id().expect("a pid");
    let idle = resident_kib(pid).unwrap_or(0);

    // Create every game and seat the friend by code.
    let mut seats = Vec::new();
    for _ in 0..games {
        let game = create(addr, "classic", true).await;
        let mut ws = open(addr).await;
        let welcome = hello(&mut ws, &game.id, None, Some(&game.code), None).await;
        let ServerMessage::Welcome { token, .. } = welcome else {
            panic!("{welcome:?}");
        };
        seats.push((game.id, game.token, token));
    }

    let sent_at = Arc::new(std::sync::Mutex::new(std::collections::HashMap::new()));
    let latencies = Arc::new(std::sync::Mutex::new(Vec::new()));
    let errors = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (game, white, black) in seats {
        for (token, side) in [
            (Some(white.clone()), Some(Side::White)),
            (black.clone(), Some(Side::Black)),
            (None, None),
        ] {
            let seat = Seat {
                game: game.clone(),
                token,
                side,
            };
            tasks.push(tokio::spawn(client(
                addr,
                seat,
                moves,
                sent_at.clone(),
                latencies.clone(),
                errors.clone(),
            )));
        }
    }
    let sockets = tasks.len();
    // Memory while every socket is open and play is under way.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let busy = resident_kib(pid).unwrap_or(0);
    for task in tasks {
        if task.await.is_err() {
            errors.fetch_add(1, Ordering::Relaxed);
        }
    }
    let elapsed = start.elapsed();
    let mut latencies = latencies.lock().expect("lock").clone();
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q) as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "load: {games} games, {sockets} sockets, {} moves relayed in {:.1} s ({:.0} moves/s)",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "move to opponent: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    println!(
        "server memory: {:.1} MiB idle, {:.1} MiB with every socket open ({:.1} KiB a socket)",
        idle as f64 / 1024.0,
        busy as f64 / 1024.0,
        busy.saturating_sub(idle) as f64 / sockets as f64
    );
    println!("errors: {}", errors.load(Ordering::Relaxed));
    assert!(!latencies.is_empty(), "moves were relayed");
}
