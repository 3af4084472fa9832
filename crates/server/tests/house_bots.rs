//! The house bots: accounts the server plays for, through the same game
//! socket as anyone. They answer challenges and play whole games on a
//! clock and in correspondence; a quick-pairing player who accepts a bot
//! is given the one nearest their rating after the wait (never one they
//! blocked), and one who does not is left waiting until they ask for one;
//! their ratings move, and they are marked as bots. Across three processes
//! on PostgreSQL one process plays for them, and when it is killed another
//! takes their game up and finishes it.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::bots::{play_out, Dice, Style};
use common::postgres::Postgres;
use common::*;
use online_play::{GameResult, ServerMessage};

fn with_bots(config: &mut alquerque_server::Config) {
    config.bots = Some(alquerque_server::bots::BotConfig {
        threads: 1,
        most_games: 8,
        pool_wait: Duration::from_secs(1),
    });
}

/// The id of a seek or challenge `player` must be able to make.
async fn made(player: &mut Player, path: &str, fields: &str) -> String {
    let reply = player.post(path, fields).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let json = reply.json();
    assert!(json["game"].is_null(), "paired at once: {}", reply.body);
    json["id"]
        .as_str()
        .or_else(|| json["seek"].as_str())
        .expect("an id")
        .to_string()
}

/// The seek's state within `wait`: its game once paired.
async fn paired_within(player: &mut Player, seek: &str, wait: Duration) -> Option<String> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let state = player
            .browser
            .call("GET", &format!("/api/seeks/{seek}"), "")
            .await
            .json();
        if let Some(game) = state["game"].as_str() {
            return Some(game.to_string());
        }
        assert_eq!(state["state"], "open", "{state}");
        if tokio::time::Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Plays `game` out with random moves as `player`; how it ended.
async fn played_out(
    addr: SocketAddr,
    player: &Player,
    game: &str,
    seed: u64,
) -> (GameResult, usize) {
    let style = Style {
        berserk: false,
        pace: Duration::ZERO,
        within: Duration::from_secs(90),
    };
    let seen = play_out(
        addr,
        &player.token,
        game,
        &player.name,
        &mut Dice::new(seed),
        style,
    )
    .await
    .expect("the game ends, the bot moving whenever it is to move");
    (seen.result, seen.plies)
}

/// The names `player` is shown at `game`, and which are bots.
async fn opponents(
    addr: SocketAddr,
    player: &Player,
    game: &str,
) -> ([Option<String>; 2], [bool; 2]) {
    let (mut ws, _) = player.sit(addr, game).await;
    match next_where(&mut ws, |m| matches!(m, ServerMessage::Players { .. })).await {
        ServerMessage::Players { white, black, bots } => ([white, black], bots),
        _ => unreachable!("picked"),
    }
}

async fn page(player: &mut Player, name: &str) -> serde_json::Value {
    let reply = player
        .browser
        .call("GET", &format!("/api/players/{name}"), "")
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn house_bots_take_challenges_and_play_them_out() {
    let addr = start_adjusted(&fresh_database(), with_bots).await;
    let mut ana = account(addr, "Ana").await;
    // On a clock, rated.
    let fields = r#""to":"EasyBot","game":"bell","clock":"1+0","rated":true,"side":"white","#;
    let id = made(&mut ana, "/api/challenges", fields).await;
    let game = paired_within(&mut ana, &id, Duration::from_secs(10))
        .await
        .expect("the bot accepts");
    let (names, bots) = opponents(addr, &ana, &game).await;
    assert_eq!(
        names,
        [Some("Ana".to_string()), Some("EasyBot".to_string())]
    );
    assert_eq!(bots, [false, true]);
    let (_, plies) = played_out(addr, &ana, &game, 1).await;
    assert!(plies >= 4, "{plies} plies");
    // Its rating moves as anyone's (just after the game's end).
    let mut bot = page(&mut ana, "EasyBot").await;
    for _ in 0..50 {
        if !bot["ratings"]["bell"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        bot = page(&mut ana, "EasyBot").await;
    }
    assert_eq!(bot["bot"], true);
    assert_eq!(bot["ratings"]["bell"]["games"], 1, "{bot}");
    assert_eq!(page(&mut ana, "Ana").await["bot"], false);

    // In correspondence, casual, the bot White.
    let fields = r#""to":"mediumbot","game":"qirkat","clock":"3d","side":"black","#;
    let id = made(&mut ana, "/api/challenges", fields).await;
    let game = paired_within(&mut ana, &id, Duration::from_secs(10))
        .await
        .expect("the bot accepts");
    let (_, plies) = played_out(addr, &ana, &game, 2).await;
    assert!(plies >= 4, "{plies} plies");

    // Nobody signs in as a bot.
    let mut thief = Browser::new(addr);
    let login = thief
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"EasyBot","password":"a long password"}"#,
        )
        .await;
    assert_eq!(login.status, 401, "{}", login.body);
    let taken = thief
        .call(
            "POST",
            "/api/account/register",
            r#"{"name":"HardBot","password":"a long password"}"#,
        )
        .await;
    assert_eq!(taken.refused(), "name_taken");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_gives_a_bot_to_those_who_accept_one() {
    let addr = start_adjusted(&fresh_database(), with_bots).await;
    let quick = |bots: bool| format!(r#""game":"bell","clock":"3+0","bots":{bots},"#);

    // A guest who accepts a bot: the one nearest 1500 after the wait.
    let mut cem = guest(addr, "Cem");
    let seek = made(&mut cem, "/api/quick", &quick(true)).await;
    let game = paired_within(&mut cem, &seek, Duration::from_secs(10))
        .await
        .expect("a bot takes the place");
    let (names, bots) = opponents(addr, &cem, &game).await;
    assert!(names.contains(&Some("MediumBot".to_string())), "{names:?}");
    assert_eq!(bots.iter().filter(|b| **b).count(), 1);

    // One who does not is left waiting, until they ask for a bot.
    let mut dan = account(addr, "Dan").await;
    let seek = made(&mut dan, "/api/quick", &quick(false)).await;
    assert_eq!(
        paired_within(&mut dan, &seek, Duration::from_secs(3)).await,
        None
    );
    let asked = dan.post(&format!("/api/seeks/{seek}/bot"), "").await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    paired_within(&mut dan, &seek, Duration::from_secs(10))
        .await
        .expect("a bot takes the place once asked");
    let stranger = cem.post(&format!("/api/seeks/{seek}/bot"), "").await;
    assert_eq!(stranger.refused(), "no_such_seek");

    // A player who blocked the nearest bot is given the next.
    let mut eve = account(addr, "Eve").await;
    let blocked = eve
        .browser
        .call(
            "POST",
            "/api/relations",
            r#"{"player":"MediumBot","kind":"block","on":true}"#,
        )
        .await;
    assert_eq!(blocked.status, 200, "{}", blocked.body);
    let seek = made(&mut eve, "/api/quick", &quick(true)).await;
    let game = paired_within(&mut eve, &seek, Duration::from_secs(10))
        .await
        .expect("another bot takes the place");
    let (names, _) = opponents(addr, &eve, &game).await;
    assert!(names.contains(&Some("HardBot".to_string())), "{names:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_plays_for_the_bots_and_another_takes_over() {
    let postgres = Postgres::start();
    let url = postgres.database("house_bots").await;
    let options = [
        "--per-minute",
        "100",
        "--trusted-proxy",
        "127.0.0.1",
        "--house-bots",
        "--bot-wait",
        "1",
    ];
    let mut spawned = Vec::new();
    for _ in 0..3 {
        spawned.push(spawn_server_with(&url, &options).await);
    }
    let addrs: Vec<SocketAddr> = spawned.iter().map(|(_, addr, _)| *addr).collect();
    // A correspondence game against a bot, made through one process.
    let mut ana = account(addrs[0], "Ana").await;
    let fields = r#""to":"EasyBot","game":"bell","clock":"3d","side":"white","#;
    let id = made(&mut ana, "/api/challenges", fields).await;
    let game = paired_within(&mut ana, &id, Duration::from_secs(15))
        .await
        .expect("the bot accepts");
    // Exactly one process took it and plays for the bots.
    let mut playing = Vec::new();
    for (i, (_, _, log)) in spawned.iter().enumerate() {
        if logged(log, &["a bot took a game", &game]).await.is_some() {
            playing.push(i);
        }
    }
    assert_eq!(playing.len(), 1, "{playing:?}");
    // It is killed; the game is played out all the same, through another.
    let holder = playing[0];
    spawned[holder].0.kill().await.expect("killed");
    let other = addrs[(holder + 1) % 3];
    let (_, plies) = played_out(other, &ana, &game, 3).await;
    assert!(plies >= 4, "{plies} plies");
}
