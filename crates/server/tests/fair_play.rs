//! Rated play that means something, over HTTP and sockets on a server whose
//! time the test moves: a rated game resigned before both sides have moved
//! is called off; two accounts from one network are paired unrated, and
//! the lobby says so first; a player who abandons rated games waits before
//! the next, longer each time. The farming figures are printed.

mod common;

use std::net::SocketAddr;

use alquerque_server::time::Time;
use common::*;
use online_play::room::FIRST_MOVE_MS;
use online_play::{ClientMessage, EndReason, EventBody, GameResult, ServerMessage};

async fn server() -> (SocketAddr, Time) {
    start_timed(&fresh_database(), |config| config.per_minute = 100).await
}

/// A signed-in player at `from`, with the seat token it plays with.
struct Player {
    browser: Browser,
    token: String,
}

async fn account(addr: SocketAddr, name: &str, from: &str) -> Player {
    let mut browser = browser(addr, from);
    browser
        .registers(&format!(
            r#"{{"name":"{name}","password":"a long password"}}"#
        ))
        .await;
    Player {
        browser,
        token: alquerque_server::ids::seat_token(),
    }
}

impl Player {
    /// Posts a seek (`fields` such as `"rated":true,`); the answer.
    async fn seek(&mut self, fields: &str) -> Reply {
        let body = format!(
            r#"{{"game":"classic","clock":"1+0",{fields}"token":"{}"}}"#,
            self.token
        );
        self.browser.call("POST", "/api/seeks", &body).await
    }

    /// Accepts the seek `id`; the game's id.
    async fn accept(&mut self, id: &str) -> String {
        let body = format!(r#"{{"token":"{}"}}"#, self.token);
        let reply = self
            .browser
            .call("POST", &format!("/api/seeks/{id}/accept"), &body)
            .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.json()["game"].as_str().expect("a game").to_string()
    }

    /// Takes its seat in `game`.
    async fn sit(&self, game: &str) -> Socket {
        let mut ws = open(self.browser.addr).await;
        let welcome = hello(&mut ws, game, Some(&self.token), None, None).await;
        assert!(welcomed_as(&welcome).is_some(), "{welcome:?}");
        ws
    }

    /// The rating the player's page shows in Classic, if any.
    async fn classic_rating(&self, name: &str) -> Option<i64> {
        let page = request(
            self.browser.addr,
            "GET",
            &format!("/api/players/{name}"),
            &[],
            "",
        )
        .await
        .json();
        page["ratings"]["classic"]["rating"]["value"].as_i64()
    }
}

/// The lobby as `viewer` sees it: the seek `id`'s listing.
async fn listed(viewer: &mut Player, id: &str) -> serde_json::Value {
    let lobby = viewer.browser.call("GET", "/api/lobby", "").await.json();
    lobby["seeks"]
        .as_array()
        .expect("seeks")
        .iter()
        .find(|s| s["id"] == id)
        .cloned()
        .expect("listed")
}

/// One farmed game: `seeker` seeks rated as White, `taker` accepts, and
/// Black resigns at once; the end heard, and whether a rating moved.
async fn farmed_game(seeker: &mut Player, taker: &mut Player) -> (EventBody, bool) {
    let seek = seeker.seek(r#""rated":true,"side":"white","#).await;
    assert_eq!(seek.status, 200, "{}", seek.body);
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    let game = taker.accept(&id).await;
    let mut white = seeker.sit(&game).await;
    let mut black = taker.sit(&game).await;
    send(&mut black, &ClientMessage::Resign).await;
    let ended = event(&mut white, |b| matches!(b, EventBody::Ended { .. })).await;
    let mut rated = false;
    while let Some(message) = try_next(&mut white, std::time::Duration::from_millis(300)).await {
        rated |= matches!(&message, ServerMessage::Event(e) if matches!(e.body, EventBody::Rated { .. }));
    }
    (ended, rated)
}

#[tokio::test]
async fn rating_farmed_in_seconds() {
    let (addr, _time) = server().await;
    // Two accounts of one person, on one network.
    let mut main = account(addr, "Farmer", "192.0.2.50").await;
    let mut alt = account(addr, "Helper", "192.0.2.50").await;
    // The lobby tells the helper, before it accepts, that the seek would
    // be played unrated with it; a stranger sees it rated.
    let seek = main.seek(r#""rated":true,"#).await;
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    assert_eq!(listed(&mut alt, &id).await["unrated_for_you"], true);
    let mut stranger = account(addr, "Stranger", "203.0.113.9").await;
    assert_eq!(listed(&mut stranger, &id).await["unrated_for_you"], false);
    main.browser
        .call(
            "POST",
            &format!("/api/seeks/{id}/withdraw"),
            &format!(r#"{{"token":"{}"}}"#, main.token),
        )
        .await;
    // Three games, each resigned at once by the helper.
    let before = main.classic_rating("farmer").await.unwrap_or(1500);
    for _ in 0..3 {
        let (ended, rated) = farmed_game(&mut main, &mut alt).await;
        assert!(!rated, "a game between one network's accounts is not rated");
        assert!(matches!(ended, EventBody::Ended { .. }), "{ended:?}");
    }
    let after = main.classic_rating("farmer").await.unwrap_or(1500);
    println!("rating farming, one network: 1500 → {after} in three games resigned at ply 0");
    assert_eq!((before, after), (1500, 1500));
    // From two networks, a resignation before both sides have moved calls
    // the rated game off: nothing to rate either.
    let mut other = account(addr, "Accomplice", "198.51.100.77").await;
    for _ in 0..3 {
        let (ended, rated) = farmed_game(&mut main, &mut other).await;
        assert_eq!(
            ended,
            EventBody::Ended {
                result: GameResult::NoResult,
                reason: EndReason::Aborted
            }
        );
        assert!(!rated);
    }
    let after = main.classic_rating("farmer").await.unwrap_or(1500);
    println!("rating farming, two networks: 1500 → {after} in three games resigned at ply 0");
    assert_eq!(after, 1500);
}

#[tokio::test]
async fn abandoning_rated_games_makes_a_player_wait() {
    let (addr, time) = server().await;
    let mut eve = account(addr, "Eve", "192.0.2.61").await;
    let mut fay = account(addr, "Fay", "198.51.100.62").await;
    // Four rated games in which Eve, White, never comes to move.
    for _ in 0..4 {
        let seek = fay.seek(r#""rated":true,"side":"black","#).await;
        assert_eq!(seek.status, 200, "{}", seek.body);
        let id = seek.json()["id"].as_str().expect("an id").to_string();
        let game = eve.accept(&id).await;
        let mut black = fay.sit(&game).await;
        time.advance(FIRST_MOVE_MS);
        let ended = event(&mut black, |b| matches!(b, EventBody::Ended { .. })).await;
        assert!(
            matches!(
                ended,
                EventBody::Ended {
                    reason: EndReason::Aborted,
                    ..
                }
            ),
            "{ended:?}"
        );
        time.advance(1_000);
    }
    // Three a day are free; the fourth makes Eve wait five minutes for a
    // rated game, told in seconds for the page to put in words.
    let refused = eve.seek(r#""rated":true,"#).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    let wait = refused.json()["wait_seconds"].as_i64().expect("seconds");
    assert!((295..=300).contains(&wait), "{wait}");
    assert_eq!(refused.json()["refused"], "abandoned");
    let quick = eve
        .browser
        .call(
            "POST",
            "/api/quick",
            &format!(
                r#"{{"game":"classic","clock":"1+0","token":"{}"}}"#,
                eve.token
            ),
        )
        .await;
    assert_eq!(quick.status, 429, "{}", quick.body);
    // Casual games meanwhile are fine; Fay is not held up at all.
    assert_eq!(eve.seek("").await.status, 200);
    assert_eq!(fay.seek(r#""rated":true,"#).await.status, 200);
    // Five minutes on, Eve may play rated again.
    time.advance(300_000);
    assert_eq!(eve.seek(r#""rated":true,"#).await.status, 200);
}

#[tokio::test]
async fn one_network_plays_unrated_across_processes() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("fair").await;
    let (_processes, addrs) = spawn_servers(&url, 2, &["--trusted-proxy", "127.0.0.1"]).await;
    // Two accounts of one network, each on its own process.
    let mut main = account(addrs[0], "Main", "192.0.2.70").await;
    let mut alt = account(addrs[1], "Alt", "192.0.2.70").await;
    let seek = main.seek(r#""rated":true,"side":"white","#).await;
    assert_eq!(seek.status, 200, "{}", seek.body);
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    // The other process knows where the seek came from.
    assert_eq!(listed(&mut alt, &id).await["unrated_for_you"], true);
    let game = alt.accept(&id).await;
    let _white = main.sit(&game).await;
    let _black = alt.sit(&game).await;
    let mut listed_as = serde_json::Value::Null;
    for _ in 0..50 {
        let live = request(addrs[0], "GET", "/api/live", &[], "").await.json();
        if let Some(found) = live["games"]
            .as_array()
            .and_then(|games| games.iter().find(|g| g["id"] == game.as_str()))
        {
            listed_as = found["rated"].clone();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(listed_as, false, "paired unrated");
}
