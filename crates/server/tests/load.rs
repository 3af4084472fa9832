//! The load benchmark (not part of the default test run): many games at
//! once on loopback against the server binary, each with two players and a
//! spectator, printing the time from a move being sent to the opponent
//! receiving it (p50, p99), each server process's memory and the errors
//! seen. It runs twice in one go: one process on SQLite, then three
//! processes sharing PostgreSQL, where each game's three sockets are on
//! three different processes (every move crosses from one to the others
//! through PostgreSQL's notifications).
//!
//! Each setup runs twice: players moving the moment they may (what the
//! servers take at most), then thinking about `LOAD_THINK_MS` a move.
//!
//! Each run also scrapes the processes' `/metrics` and sets the servers'
//! move latency histogram (arrival to acknowledgement) beside the
//! players' own measure of the same span (a move sent to its
//! acknowledgement received), which must fall within a bucket's width of
//! it.
//!
//! `cargo test --release -p alquerque-server --test load -- --ignored --nocapture`
//! (`LOAD_GAMES=1000 LOAD_MOVES=30 LOAD_PACED_MOVES=10 LOAD_THINK_MS=1000`
//! set the size), or `scripts/bench.sh --load`.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use engine::Side;
use futures_util::SinkExt;
use online_play::{ClientMessage, EventBody, MoveText, Room, ServerMessage};
use tokio_tungstenite::tungstenite::Message;

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

/// What the clients measure together: when each move was sent, the time
/// from a move sent to the opponent hearing it, from a move sent to its
/// acknowledgement, and the errors.
#[derive(Clone, Default)]
struct Measures {
    sent_at: Arc<std::sync::Mutex<std::collections::HashMap<(String, u32), Instant>>>,
    latencies: Arc<std::sync::Mutex<Vec<Duration>>>,
    acks: Arc<std::sync::Mutex<Vec<Duration>>>,
    errors: Arc<AtomicU64>,
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
    think: Duration,
    measures: Measures,
) {
    let Measures {
        sent_at,
        latencies,
        acks,
        errors,
    } = measures;
    let mut ws = open(addr).await;
    // This player's move waiting for its acknowledgement, and when it went.
    let mut awaiting: Option<(u32, Instant)> = None;
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
    let mut quiet = 0;
    let mut last_sent = Instant::now();
    loop {
        // A ping after 3 s without sending, as the page does (the server
        // closes a socket silent for 10 s).
        if last_sent.elapsed() >= Duration::from_secs(3) {
            let pinged = ws
                .send(Message::Text(ClientMessage::Ping.to_text().into()))
                .await;
            if pinged.is_err() {
                eprintln!("load: a socket closed");
                errors.fetch_add(1, Ordering::Relaxed);
                return;
            }
            last_sent = Instant::now();
        }
        // Nothing for 30 s, or closed: an error.
        let Some(message) = try_next(&mut ws, Duration::from_secs(1)).await else {
            quiet += 1;
            if quiet >= 30 {
                eprintln!("load: a socket closed, or silent for 30 s");
                errors.fetch_add(1, Ordering::Relaxed);
                return;
            }
            continue;
        };
        quiet = 0;
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
            ServerMessage::Ack { ply } => {
                if let Some((sent_ply, at)) = awaiting.take() {
                    if sent_ply == ply {
                        acks.lock().expect("lock").push(at.elapsed());
                    }
                }
            }
            ServerMessage::Error { code, .. } => {
                eprintln!("load: error {code}");
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
        if !think.is_zero() {
            // Half to one and a half times `think`, varying by game and ply.
            let spread =
                seat.game.bytes().map(u64::from).sum::<u64>() * 7919 + r.game.ply() as u64 * 104729;
            let thought = think / 2 + think.mul_f64((spread % 1000) as f64 / 1000.0);
            tokio::time::sleep(thought).await;
        }
        let ply = r.game.ply() as u32;
        let turn = r.game.turn_coordinates(entry.turn);
        sent_at
            .lock()
            .expect("lock")
            .insert((seat.game.clone(), ply), Instant::now());
        sent = Some(ply);
        awaiting = Some((ply, Instant::now()));
        send(
            &mut ws,
            &ClientMessage::Move(MoveText {
                ply,
                turn,
                lag: None,
            }),
        )
        .await;
        last_sent = Instant::now();
    }
}

/// Server processes under test, with the options that lift the limits
/// per address (every socket here comes from 127.0.0.1).
struct Servers {
    addrs: Vec<std::net::SocketAddr>,
    pids: Vec<u32>,
    _children: Vec<tokio::process::Child>,
}

async fn servers(database: &str, count: usize) -> Servers {
    let lifted = [
        "--per-minute",
        "1000000",
        "--spectators-per-address",
        "1000000",
        "--connections-per-address",
        "1000000",
        "--connections",
        "1000000",
        "--sockets-per-address",
        "1000000",
        "--metrics-token",
        METRICS_TOKEN,
    ];
    let (children, addrs) = spawn_servers(database, count, &lifted).await;
    Servers {
        addrs,
        pids: children.iter().map(|c| c.id().expect("a pid")).collect(),
        _children: children,
    }
}

const METRICS_TOKEN: &str = "load-benchmark";

/// The move latency histogram summed over `servers`: each bucket's upper
/// bound (seconds) and its cumulative count.
async fn move_histogram(servers: &Servers) -> Vec<(f64, f64)> {
    let mut sum: Vec<(f64, f64)> = Vec::new();
    let bearer = format!("Bearer {METRICS_TOKEN}");
    for &addr in &servers.addrs {
        let reply = request(addr, "GET", "/metrics", &[("Authorization", &bearer)], "").await;
        let buckets = reply.body.lines().filter_map(|line| {
            let rest = line.strip_prefix("alquerque_move_seconds_bucket{le=\"")?;
            let (le, count) = rest.split_once("\"} ")?;
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().ok()?
            };
            Some((le, count.parse::<f64>().ok()?))
        });
        for (i, (le, count)) in buckets.enumerate() {
            match sum.get_mut(i) {
                Some(bucket) => bucket.1 += count,
                None => sum.push((le, count)),
            }
        }
    }
    sum
}

/// The bucket (lower, upper bound, seconds) that holds quantile `q` of the
/// counts that went from `before` to `after`.
fn bucket_of(before: &[(f64, f64)], after: &[(f64, f64)], q: f64) -> Option<(f64, f64)> {
    let counts: Vec<(f64, f64)> = after
        .iter()
        .enumerate()
        .map(|(i, &(le, n))| (le, n - before.get(i).map_or(0.0, |b| b.1)))
        .collect();
    let total = counts.last()?.1;
    let rank = (q * total).ceil().max(1.0);
    let i = counts.iter().position(|&(_, n)| n >= rank)?;
    let lower = if i == 0 { 0.0 } else { counts[i - 1].0 };
    Some((lower, counts[i].0))
}

/// The quantile `q` of `sorted` durations, in milliseconds.
fn quantile_ms(sorted: &[Duration], q: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 - 1.0) * q) as usize)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

/// Plays `games` games of `moves` plies at once against `servers` and
/// prints the figures under `label`.
async fn run(label: &str, servers: &Servers, games: usize, moves: usize, think: Duration) {
    let n = servers.addrs.len();
    let idle: Vec<u64> = servers
        .pids
        .iter()
        .map(|&p| resident_kib(p).unwrap_or(0))
        .collect();

    // Create every game and seat the friend by code, on the next process
    // each time.
    let mut seats = Vec::new();
    for g in 0..games {
        let addr = servers.addrs[g % n];
        let game = create(addr, "classic", true).await;
        let mut ws = open(servers.addrs[(g + 1) % n]).await;
        let welcome = hello(&mut ws, &game.id, None, Some(&game.code), None).await;
        let ServerMessage::Welcome { token, .. } = welcome else {
            panic!("{welcome:?}");
        };
        seats.push((game.id, game.token, token));
    }

    let measures = Measures::default();
    let Measures {
        latencies,
        acks,
        errors,
        ..
    } = measures.clone();
    let histogram_before = move_histogram(servers).await;
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (g, (game, white, black)) in seats.into_iter().enumerate() {
        let sockets = [
            (Some(white.clone()), Some(Side::White)),
            (black.clone(), Some(Side::Black)),
            (None, None),
        ];
        // White, Black and the spectator each on another process.
        for (i, (token, side)) in sockets.into_iter().enumerate() {
            let seat = Seat {
                game: game.clone(),
                token,
                side,
            };
            tasks.push(tokio::spawn(client(
                servers.addrs[(g + i) % n],
                seat,
                moves,
                think,
                measures.clone(),
            )));
        }
    }
    let sockets = tasks.len();
    // Memory while every socket is open and play is under way.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let busy: Vec<u64> = servers
        .pids
        .iter()
        .map(|&p| resident_kib(p).unwrap_or(0))
        .collect();
    for task in tasks {
        if task.await.is_err() {
            errors.fetch_add(1, Ordering::Relaxed);
        }
    }
    let elapsed = start.elapsed();
    let mut latencies = latencies.lock().expect("lock").clone();
    latencies.sort();
    let at = |q: f64| quantile_ms(&latencies, q);
    println!("{label}:");
    println!(
        "  load: {games} games, {sockets} sockets, {} moves relayed in {:.1} s ({:.0} moves/s)",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "  move to opponent: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5),
        at(0.99),
        at(1.0),
    );
    let per_process: Vec<String> = idle
        .iter()
        .zip(&busy)
        .map(|(i, b)| format!("{} -> {}", mib(*i), mib(*b)))
        .collect();
    let added: u64 = busy.iter().sum::<u64>().saturating_sub(idle.iter().sum());
    println!(
        "  server memory, MiB idle -> with every socket open, per process: {} ({:.1} KiB a socket in all)",
        per_process.join(", "),
        added as f64 / sockets as f64
    );
    println!("  errors: {}", errors.load(Ordering::Relaxed));
    // The servers' histogram against the players' own clocks.
    let histogram_after = move_histogram(servers).await;
    let mut acks = acks.lock().expect("lock").clone();
    acks.sort();
    for (name, q) in [("p50", 0.5), ("p99", 0.99)] {
        let players = quantile_ms(&acks, q);
        let Some((lower, upper)) = bucket_of(&histogram_before, &histogram_after, q) else {
            println!("  /metrics: no moves in the histogram");
            break;
        };
        let (lower, upper) = (lower * 1000.0, upper * 1000.0);
        let width = upper - lower;
        let agrees = players > lower - width && players <= upper + width;
        println!(
            "  /metrics move latency {name} in ({lower:.2}, {upper:.2}] ms; the players' move to acknowledgement {name} {players:.2} ms: {}",
            if agrees { "within a bucket's width" } else { "NOT within a bucket's width" }
        );
    }
    assert!(!latencies.is_empty(), "moves were relayed");
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn load() {
    let games = env_number("LOAD_GAMES", 1000);
    let moves = env_number("LOAD_MOVES", 30);
    let paced_moves = env_number("LOAD_PACED_MOVES", 10);
    let think = Duration::from_millis(env_number("LOAD_THINK_MS", 1000) as u64);
    // Each setup twice: every player moving the moment it may (what the
    // servers can take at most), then thinking about a second a move (the
    // delay a move meets when they are not saturated).
    let flat_out = Duration::ZERO;
    let paced = format!("{} ms a move", think.as_millis());
    {
        let one = servers(&fresh_database(), 1).await;
        run(
            "one process, SQLite, flat out",
            &one,
            games,
            moves,
            flat_out,
        )
        .await;
        let label = format!("one process, SQLite, {paced}");
        run(&label, &one, games, paced_moves, think).await;
    }
    // A cluster that writes to disk as a deployed one does (the tests'
    // clusters skip fsync).
    let postgres = common::postgres::Postgres::start_durable();
    let url = postgres.database("games").await;
    let three = servers(&url, 3).await;
    run(
        "three processes, PostgreSQL, flat out",
        &three,
        games,
        moves,
        flat_out,
    )
    .await;
    let label = format!("three processes, PostgreSQL, {paced}");
    run(&label, &three, games, paced_moves, think).await;
}
