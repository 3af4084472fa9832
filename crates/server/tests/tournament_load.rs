//! A benchmark, not run by default (`--ignored`; scripts/bench.sh runs
//! it): an arena of `BENCH_PLAYERS` (1 000) players on one server process.
//! Each is an account whose page follows the arena over the lobby's socket
//! and plays each game it is paired in with random legal moves at a human
//! pace (a move every 1 to 4 seconds), on a 3+2 clock. Printed: how long a
//! player waits for the next pairing after a game ends (from the end heard
//! to the pairing pushed: p50, p90, p99), the games played, and the
//! server's memory (resident, and its peak) and CPU (share of one core)
//! over `BENCH_SECONDS` (180) of play.

mod common;

use common::measure::{cpu_seconds, memory, percentile, setting};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use online_play::api::{LobbyFollow, LobbyNews};
use online_play::{EventBody, Role, ServerMessage};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use common::bots::Dice;

/// A websocket request from `player`'s browser: its cookie and address.
fn request(
    url: String,
    player: &common::Player,
) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    let mut request = url.into_client_request().expect("a request");
    let cookies: Vec<String> = [
        ("alq_session", &player.browser.cookie),
        ("alq_device", &player.browser.device),
    ]
    .into_iter()
    .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={v}")))
    .collect();
    if !cookies.is_empty() {
        request
            .headers_mut()
            .insert("Cookie", cookies.join("; ").parse().expect("a header"));
    }
    if let Some(from) = &player.browser.from {
        request
            .headers_mut()
            .insert("X-Forwarded-For", from.parse().expect("a header"));
    }
    request
}

/// What the players measured.
#[derive(Default)]
struct Measured {
    /// Seconds from a game's end heard to the next pairing pushed.
    waits: Mutex<Vec<f64>>,
    games: AtomicU64,
    moves: AtomicU64,
}

/// Plays `game` at a human pace until it ends; the moment the end was
/// heard.
async fn play(
    addr: std::net::SocketAddr,
    player: &common::Player,
    game: &str,
    dice: &mut Dice,
    measured: &Measured,
) -> Option<Instant> {
    let (mut ws, _) = tokio_tungstenite::connect_async(request(format!("ws://{addr}/ws"), player))
        .await
        .ok()?;
    let hello = online_play::ClientMessage::Hello {
        game: game.to_string(),
        token: Some(player.token.clone()),
        code: None,
        last_v: None,
    };
    ws.send(Message::Text(hello.to_text().into())).await.ok()?;
    let mut mine = None;
    let mut board: Option<engine::AnyGame> = None;
    let mut sent_at = None;
    let mut due: Option<tokio::time::Instant> = None;
    loop {
        let wait = due.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_secs(30));
        let message = tokio::select! {
            frame = tokio::time::timeout(Duration::from_secs(60), ws.next()) => {
                match frame.ok()?? {
                    Ok(Message::Text(text)) => online_play::decode_server(&text).ok(),
                    Ok(_) => None,
                    Err(_) => return None,
                }
            }
            () = tokio::time::sleep_until(wait), if due.is_some() => {
                due = None;
                let b = board.as_ref()?;
                let entries = b.entries();
                if !entries.is_empty() {
                    let turn = entries[dice.below(entries.len())].turn;
                    let text = b.turn_coordinates(turn);
                    let mv = common::mv(b.ply() as u32, &text);
                    ws.send(Message::Text(mv.to_text().into())).await.ok()?;
                    measured.moves.fetch_add(1, Ordering::Relaxed);
                }
                continue;
            }
        };
        match message {
            Some(ServerMessage::Welcome { role, .. }) => {
                mine = match role {
                    Role::White => Some(engine::Side::White),
                    Role::Black => Some(engine::Side::Black),
                    Role::Spectator => return None,
                }
            }
            Some(ServerMessage::Snapshot(s)) => {
                board = engine::AnyGame::from_record_line(&s.record).ok();
                if s.result.is_some() {
                    return Some(Instant::now());
                }
            }
            Some(ServerMessage::Event(e)) => match e.body {
                EventBody::Moved { ply, turn } => {
                    let b = board.as_mut()?;
                    if ply as usize == b.ply() {
                        let parsed = b.parse(&turn).ok()?;
                        b.play(parsed).ok()?;
                    }
                }
                EventBody::Ended { .. } => {
                    measured.games.fetch_add(1, Ordering::Relaxed);
                    return Some(Instant::now());
                }
                _ => {}
            },
            _ => {}
        }
        let Some(b) = board.as_ref() else {
            continue;
        };
        if Some(b.side_to_move()) == mine && b.outcome().is_none() && sent_at != Some(b.ply()) {
            sent_at = Some(b.ply());
            let pause = 1000 + dice.below(3000) as u64;
            due = Some(tokio::time::Instant::now() + Duration::from_millis(pause));
        }
    }
}

/// A player: follows the arena over the lobby's socket, and plays each
/// game it is paired in, noting how long each pairing took.
async fn compete(
    addr: std::net::SocketAddr,
    player: common::Player,
    arena: String,
    seed: u64,
    measured: Arc<Measured>,
    stop: Arc<AtomicBool>,
) {
    let mut dice = Dice::new(seed);
    let Ok((mut lobby, _)) =
        tokio_tungstenite::connect_async(request(format!("ws://{addr}/api/lobby/socket"), &player))
            .await
    else {
        return;
    };
    let follow = LobbyFollow {
        tournament: Some(arena),
        ..LobbyFollow::default()
    };
    let text = serde_json::to_string(&follow).expect("writes");
    if lobby.send(Message::Text(text.into())).await.is_err() {
        return;
    }
    // The page reads the lobby's pushes all along, as a browser does: the
    // latest game it names is kept.
    let (tell, mut paired) = tokio::sync::watch::channel(None::<String>);
    let reader = tokio::spawn(async move {
        while let Some(Ok(message)) = lobby.next().await {
            let Message::Text(text) = message else {
                continue;
            };
            if let Ok(LobbyNews::Tournament { page }) = serde_json::from_str(&text) {
                if let Some(game) = page.me.and_then(|m| m.game) {
                    tell.send_if_modified(|g| {
                        let new = g.as_ref() != Some(&game);
                        *g = Some(game);
                        new
                    });
                }
            }
        }
    });
    let mut played: Option<String> = None;
    let mut ended: Option<Instant> = None;
    while !stop.load(Ordering::Relaxed) {
        let seen = tokio::time::timeout(Duration::from_secs(5), paired.changed()).await;
        if matches!(seen, Ok(Err(_))) {
            break;
        }
        let Some(game) = paired.borrow_and_update().clone() else {
            continue;
        };
        if played.as_ref() == Some(&game) {
            continue;
        }
        if let Some(at) = ended.take() {
            measured
                .waits
                .lock()
                .expect("waits")
                .push(at.elapsed().as_secs_f64());
        }
        played = Some(game.clone());
        ended = play(addr, &player, &game, &mut dice, &measured).await;
    }
    reader.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: scripts/bench.sh runs it"]
async fn an_arena_of_a_thousand_players() {
    let players = setting("BENCH_PLAYERS", 1000) as usize;
    let seconds = setting("BENCH_SECONDS", 180);
    let options = [
        "--per-minute",
        "1000000",
        "--trusted-proxy",
        "127.0.0.1",
        "--connections",
        "100000",
    ];
    let (child, addr, _log) = common::spawn_server_with(&common::fresh_database(), &options).await;
    let pid = child.id().expect("a process");
    let registering = Instant::now();
    let mut accounts = Vec::with_capacity(players);
    for chunk in 0..players.div_ceil(50) {
        let made: Vec<_> = (chunk * 50..((chunk + 1) * 50).min(players))
            .map(|i| tokio::spawn(async move { common::account(addr, &format!("p{i:04}")).await }))
            .collect();
        for player in made {
            accounts.push(player.await.expect("an account"));
        }
    }
    eprintln!(
        "{players} accounts in {:.0} s",
        registering.elapsed().as_secs_f64()
    );
    let mut maker = common::account(addr, "maker").await;
    let made = maker
        .browser
        .call(
            "POST",
            "/api/tournaments",
            r#"{"kind":"arena","name":"Load","game":"classic","clock":"3+2","minutes":180,"rated":false}"#,
        )
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let arena = made.json()["id"].as_str().expect("an id").to_string();
    for player in &mut accounts {
        let body = format!(r#"{{"token":"{}"}}"#, player.token);
        let joined = player
            .browser
            .call("POST", &format!("/api/tournaments/{arena}/join"), &body)
            .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
    }
    let measured = Arc::new(Measured::default());
    let stop = Arc::new(AtomicBool::new(false));
    let (cpu_before, started) = (cpu_seconds(pid), Instant::now());
    let tasks: Vec<_> = accounts
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            tokio::spawn(compete(
                addr,
                p,
                arena.clone(),
                i as u64 + 1,
                measured.clone(),
                stop.clone(),
            ))
        })
        .collect();
    let mut peak_rss: f64 = 0.0;
    while started.elapsed() < Duration::from_secs(seconds) {
        tokio::time::sleep(Duration::from_secs(5)).await;
        peak_rss = peak_rss.max(memory(pid).0);
    }
    let cpu = (cpu_seconds(pid) - cpu_before) / started.elapsed().as_secs_f64();
    let (rss, hwm) = memory(pid);
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.abort();
    }
    let mut waits = measured.waits.lock().expect("waits").clone();
    waits.sort_by(f64::total_cmp);
    println!(
        "arena of {players} players, {seconds} s of play at a human pace (3+2, a move every 1-4 s):"
    );
    println!(
        "  games ended: {}, moves: {}",
        measured.games.load(Ordering::Relaxed),
        measured.moves.load(Ordering::Relaxed)
    );
    println!(
        "  next pairing after a game's end: p50 {:.2} s, p90 {:.2} s, p99 {:.2} s ({} pairings)",
        percentile(&waits, 0.5),
        percentile(&waits, 0.9),
        percentile(&waits, 0.99),
        waits.len()
    );
    println!(
        "  server: {:.0} % of one core, {rss:.0} MiB resident ({peak_rss:.0} MiB at most while playing, {hwm:.0} MiB peak)",
        cpu * 100.0
    );
    assert!(!waits.is_empty(), "players were paired again");
    drop(child);
}
