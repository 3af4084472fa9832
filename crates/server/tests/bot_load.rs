//! A benchmark, not run by default (`--ignored`; `scripts/bench.sh --bots`
//! runs it): `BENCH_GAMES` (50) games against the house bots at once on one
//! server process whose bots may use `BENCH_BOT_THREADS` (1) cores. Each
//! player challenges the next bot (EasyBot to ExpertBot in turn) to the
//! next game on a 3+2 clock, moves at random after a short pause, and
//! challenges again when a game ends. Printed over `BENCH_SECONDS` (120):
//! the server's CPU (share of one core) against the budget, the seconds the
//! bots' searches took, how long a bot took to answer a move (p50, p90,
//! p99), the games finished and any a bot lost on time.

mod common;

use common::measure::{cpu_seconds, percentile, setting};

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use online_play::{ClientMessage, EndReason, EventBody, Role, ServerMessage};

use common::bots::Dice;

const BOTS: [&str; 4] = ["EasyBot", "MediumBot", "HardBot", "ExpertBot"];
const GAMES: [&str; 6] = [
    "classic",
    "special",
    "qirkat",
    "bell",
    "turkish",
    "chesquerque",
];
const METRICS: &str = "bench-metrics-token";

#[derive(Default)]
struct Measured {
    /// Seconds from a player's move to the bot's answer.
    replies: Vec<f64>,
    finished: usize,
    bot_out_of_time: usize,
}

/// Plays one game against a bot, moving at random; whether it ended.
async fn play(
    addr: std::net::SocketAddr,
    token: &str,
    game: &str,
    dice: &mut Dice,
    measured: &Mutex<Measured>,
    until: Instant,
) -> bool {
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await else {
        return false;
    };
    common::send(
        &mut ws,
        &ClientMessage::Hello {
            game: game.to_string(),
            token: Some(token.to_string()),
            code: None,
            last_v: None,
        },
    )
    .await;
    let mut mine = None;
    let mut board: Option<engine::AnyGame> = None;
    let mut sent: Option<(usize, Instant)> = None;
    while Instant::now() < until {
        let Some(message) = common::try_next(&mut ws, Duration::from_secs(10)).await else {
            return false;
        };
        match message {
            ServerMessage::Welcome { role, .. } => mine = Some(role),
            ServerMessage::Snapshot(s) => board = engine::AnyGame::from_record_line(&s.record).ok(),
            ServerMessage::Event(e) => match e.body {
                EventBody::Moved { ply, turn } => {
                    let Some(b) = board.as_mut() else { continue };
                    if ply as usize == b.ply() {
                        let Ok(parsed) = b.parse(&turn) else {
                            return false;
                        };
                        let _ = b.play(parsed);
                    }
                    if let Some((at, when)) = sent {
                        if ply as usize == at + 1 {
                            let seconds = when.elapsed().as_secs_f64();
                            measured.lock().expect("figures").replies.push(seconds);
                            sent = None;
                        }
                    }
                }
                EventBody::Ended { reason, result } => {
                    let mut m = measured.lock().expect("figures");
                    m.finished += 1;
                    let we_won = matches!(
                        (mine, result),
                        (Some(Role::White), online_play::GameResult::WhiteWins)
                            | (Some(Role::Black), online_play::GameResult::BlackWins)
                    );
                    if we_won && reason == EndReason::OutOfTime {
                        m.bot_out_of_time += 1;
                    }
                    return true;
                }
                _ => {}
            },
            _ => {}
        }
        let (Some(role), Some(b)) = (mine, board.as_mut()) else {
            continue;
        };
        let side = online_play::side_of(role);
        if Some(b.side_to_move()) == side
            && b.outcome().is_none()
            && sent.map(|s| s.0) != Some(b.ply())
        {
            let entries = b.entries();
            if entries.is_empty() {
                continue;
            }
            let turn = entries[dice.below(entries.len())].turn;
            let text = b.turn_coordinates(turn);
            tokio::time::sleep(Duration::from_millis(300 + dice.below(700) as u64)).await;
            sent = Some((b.ply(), Instant::now()));
            common::send(&mut ws, &common::mv(b.ply() as u32, &text)).await;
        }
    }
    false
}

/// One player: challenges bot after bot until the time is up.
async fn player(
    addr: std::net::SocketAddr,
    i: usize,
    measured: Arc<Mutex<Measured>>,
    until: Instant,
) {
    let mut me = common::account(addr, &format!("player{i}")).await;
    let mut dice = Dice::new(i as u64 + 1);
    let mut round = i;
    while Instant::now() < until {
        let fields = format!(
            r#""to":"{}","game":"{}","clock":"3+2","#,
            BOTS[round % BOTS.len()],
            GAMES[(round / BOTS.len()) % GAMES.len()]
        );
        round += 1;
        let made = me.post("/api/challenges", &fields).await;
        let Some(id) = made.json()["id"].as_str().map(str::to_string) else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let mut game = None;
        for _ in 0..50 {
            let state = me
                .browser
                .call("GET", &format!("/api/seeks/{id}"), "")
                .await;
            if let Some(g) = state.json()["game"].as_str() {
                game = Some(g.to_string());
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let Some(game) = game else { continue };
        play(addr, &me.token, &game, &mut dice, &measured, until).await;
    }
}

/// The bots' search seconds, from the process's figures.
async fn think_seconds(addr: std::net::SocketAddr) -> f64 {
    let auth = format!("Bearer {METRICS}");
    let reply = common::request(addr, "GET", "/metrics", &[("Authorization", &auth)], "").await;
    reply
        .body
        .lines()
        .find(|l| l.starts_with("alquerque_bot_think_seconds_total "))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: scripts/bench.sh --bots"]
async fn fifty_bot_games_within_the_cpu_budget() {
    let games = setting("BENCH_GAMES", 50) as usize;
    let threads = setting("BENCH_BOT_THREADS", 1);
    let seconds = setting("BENCH_SECONDS", 120);
    let options = [
        "--per-minute",
        "10000",
        "--trusted-proxy",
        "127.0.0.1",
        "--house-bots",
        "--bot-threads",
        &threads.to_string(),
        "--bot-games",
        &(games + 10).to_string(),
        "--metrics-token",
        METRICS,
        "--connections-per-address",
        "4096",
        "--sockets-per-address",
        "4096",
    ];
    let (child, addr, _log) = common::spawn_server_with(&common::fresh_database(), &options).await;
    let pid = child.id().expect("a process");
    let measured = Arc::new(Mutex::new(Measured::default()));
    let start = Instant::now();
    let until = start + Duration::from_secs(seconds);
    let (cpu_before, think_before) = (cpu_seconds(pid), think_seconds(addr).await);
    let players: Vec<_> = (0..games)
        .map(|i| tokio::spawn(player(addr, i, measured.clone(), until)))
        .collect();
    for p in players {
        let _ = p.await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = (cpu_seconds(pid) - cpu_before) / elapsed * 100.0;
    let think = think_seconds(addr).await - think_before;
    let m = measured.lock().expect("figures");
    let mut replies = m.replies.clone();
    replies.sort_by(f64::total_cmp);
    println!(
        "{games} bot games at once for {elapsed:.0} s, {threads} bot thread(s) (budget {}% of a core):",
        threads * 100
    );
    println!(
        "  server CPU {cpu:.0}% of one core; bot searches {think:.0} s ({:.0}% of one core)",
        think / elapsed * 100.0
    );
    println!(
        "  bot replies (from the player's move to the bot's): p50 {:.2} s, p90 {:.2} s, p99 {:.2} s over {} moves",
        percentile(&replies, 0.5),
        percentile(&replies, 0.9),
        percentile(&replies, 0.99),
        replies.len()
    );
    println!(
        "  games finished {}, lost by a bot on time {}",
        m.finished, m.bot_out_of_time
    );
    assert!(m.finished > 0 && !replies.is_empty(), "nothing was played");
}
