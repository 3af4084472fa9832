//! The games in play (`GET /api/live`): players, ratings, clocks and
//! spectators, the featured game first, finished games gone; and a game
//! held by one process listed by another.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use online_play::ClientMessage;

/// Pairs two players through quick pairing (accounts when `browsers` are
/// signed in, guests otherwise) and seats both; the game and the sockets.
async fn paired(
    addrs: [SocketAddr; 2],
    browsers: [&mut Browser; 2],
    names: [&str; 2],
    game: &str,
) -> (String, Socket, Socket) {
    let tokens = [
        alquerque_server::ids::seat_token(),
        alquerque_server::ids::seat_token(),
    ];
    let [first, second] = browsers;
    let body = |i: usize| {
        format!(
            r#"{{"game":"{game}","clock":"3+2","token":"{}","name":"{}"}}"#,
            tokens[i], names[i]
        )
    };
    let waiting = first.call("POST", "/api/quick", &body(0)).await;
    assert_eq!(waiting.status, 200, "{}", waiting.body);
    let pairing = second.call("POST", "/api/quick", &body(1)).await;
    let id = pairing.json()["game"].as_str().expect("paired").to_string();
    let mut sockets = Vec::new();
    for (addr, token) in addrs.iter().zip(&tokens) {
        let mut ws = open(*addr).await;
        hello(&mut ws, &id, Some(token), None, None).await;
        sockets.push(ws);
    }
    let second_ws = sockets.pop().expect("two");
    (id, sockets.pop().expect("two"), second_ws)
}

async fn in_play(addr: SocketAddr) -> Vec<serde_json::Value> {
    let reply = request(addr, "GET", "/api/live", &[], "").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["games"].as_array().expect("a list").clone()
}

#[tokio::test]
async fn games_in_play_are_listed_with_the_featured_first() {
    let addr = start().await;
    let (mut gus, mut hal) = (Browser::new(addr), Browser::new(addr));
    let (casual, _gus_ws, _hal_ws) =
        paired([addr; 2], [&mut gus, &mut hal], ["Gus", "Hal"], "classic").await;
    let mut ana = Browser::new(addr);
    let mut bob = Browser::new(addr);
    for (browser, name) in [(&mut ana, "Ana"), (&mut bob, "Bob")] {
        let body = format!(r#"{{"name":"{name}","password":"a long password"}}"#);
        assert_eq!(
            browser
                .call("POST", "/api/account/register", &body)
                .await
                .status,
            200
        );
    }
    let (rated, mut ana_ws, _bob_ws) =
        paired([addr; 2], [&mut ana, &mut bob], ["", ""], "turkish").await;
    let mut watcher = open(addr).await;
    hello(&mut watcher, &rated, None, None, None).await;

    let games = in_play(addr).await;
    assert_eq!(games.len(), 2, "{games:?}");
    let first = &games[0];
    assert_eq!(first["id"], rated.as_str(), "the rated game is featured");
    assert_eq!(first["featured"], true);
    assert_eq!(games[1]["featured"], false);
    assert_eq!(first["game"], "turkish");
    assert_eq!(first["rated"], true);
    let names = [
        first["white"]["name"].clone(),
        first["black"]["name"].clone(),
    ];
    assert!(
        names.contains(&"Ana".into()) && names.contains(&"Bob".into()),
        "{first}"
    );
    assert_eq!(
        first["white"]["rating"],
        serde_json::json!({ "value": 1500, "provisional": true })
    );
    assert_eq!(first["white"]["online"], true);
    assert_eq!(first["spectators"], 1);
    assert_eq!(first["clock"]["control"], "3+2");
    assert_eq!(
        first["clock"]["left"],
        serde_json::json!([180_000, 180_000])
    );
    let second = &games[1];
    assert_eq!(second["id"], casual.as_str());
    assert_eq!(second["rated"], false);
    assert_eq!(second["white"]["rating"], serde_json::Value::Null);

    // Each account's games in progress, "your turn" for White.
    let mine = ana.call("GET", "/api/me/games", "").await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    let mine = mine.json()["games"].as_array().expect("a list").clone();
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["id"], rated.as_str());
    assert_eq!(mine[0]["opponent"], "Bob");
    assert_eq!(mine[0]["your_turn"], mine[0]["side"] == "white");
    assert_eq!(mine[0]["left"], 180_000);
    let theirs = bob.call("GET", "/api/me/games", "").await.json();
    assert_eq!(theirs["games"][0]["your_turn"], mine[0]["side"] != "white");
    assert_eq!(
        gus.call("GET", "/api/me/games", "").await.status,
        401,
        "guests have none"
    );

    // A finished game leaves the list.
    send(&mut ana_ws, &ClientMessage::Resign).await;
    let gone = |games: &[serde_json::Value]| games.iter().all(|g| g["id"] != rated.as_str());
    let mut left = false;
    for _ in 0..50 {
        if gone(&in_play(addr).await) {
            left = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(left);
    let mine = ana.call("GET", "/api/me/games", "").await.json();
    assert_eq!(mine["games"], serde_json::json!([]));
}

/// Two processes on one database: a game whose players and spectator are
/// all connected through the first is listed by the second.
#[tokio::test]
async fn another_process_lists_the_games_in_play_here() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("watching").await;
    let (_processes, addrs) = spawn_servers(&url, 2, &[]).await;
    let (mut ivy, mut joe) = (Browser::new(addrs[0]), Browser::new(addrs[0]));
    let (id, _ivy_ws, _joe_ws) =
        paired([addrs[0]; 2], [&mut ivy, &mut joe], ["Ivy", "Joe"], "bell").await;
    let mut watcher = open(addrs[0]).await;
    hello(&mut watcher, &id, None, None, None).await;
    let mut listed = Vec::new();
    // Presence is said again every five seconds: a saying the second
    // process missed (its listener still starting, on a busy machine) is
    // made good within that, so wait for three.
    for _ in 0..150 {
        listed = in_play(addrs[1]).await;
        if listed.first().is_some_and(|g| g["spectators"] == 1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["spectators"], 1);
    assert_eq!(listed[0]["white"]["online"], true);
    assert_eq!(listed[0]["black"]["online"], true);
}
