//! Rated games on either store, on a server whose time the test moves: two
//! accounts paired through a seek at 1+0, Black's flag falls, both hear the
//! result and how their ratings changed (Glicko-2), and the players' pages
//! and the leaderboard agree; a deleted account leaves its opponent's
//! history without its name.

mod common;

use std::net::SocketAddr;

use alquerque_server::ratings::{after_game, Score, START};
use alquerque_server::time::Time;
use common::*;
use online_play::{EndReason, EventBody, GameResult, ServerMessage};

const T0: u64 = 1_800_000_000_000;

async fn register(addr: SocketAddr, name: &str) -> Browser {
    let mut browser = Browser::new(addr);
    let body = format!(r#"{{"name":"{name}","password":"a long password"}}"#);
    let reply = browser.call("POST", "/api/account/register", &body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    browser
}

#[tokio::test]
async fn rated_games_in_sqlite() {
    rated_games(&fresh_database()).await;
}

#[tokio::test]
async fn rated_games_in_postgresql() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("rated").await;
    rated_games(&url).await;
}

async fn rated_games(database: &str) {
    let time = Time::manual(T0);
    let clock = time.clone();
    let addr = start_adjusted(database, move |config| config.time = clock).await;
    let mut ana = register(addr, "Ana").await;
    let mut bob = register(addr, "Bob").await;
    let (ana_token, bob_token) = (
        alquerque_server::ids::seat_token(),
        alquerque_server::ids::seat_token(),
    );
    let seek = ana
        .call(
            "POST",
            "/api/seeks",
            &format!(r#"{{"game":"classic","clock":"1+0","rated":true,"side":"white","token":"{ana_token}"}}"#),
        )
        .await;
    assert_eq!(seek.status, 200, "{}", seek.body);
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    let accepted = bob
        .call(
            "POST",
            &format!("/api/seeks/{id}/accept"),
            &format!(r#"{{"token":"{bob_token}"}}"#),
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();

    let mut white = open(addr).await;
    hello(&mut white, &game, Some(&ana_token), None, None).await;
    let mut black = open(addr).await;
    hello(&mut black, &game, Some(&bob_token), None, None).await;
    // Three plies: a rated game ended before both sides have moved would
    // be called off instead.
    let board = play_opening(&mut white, &mut black, 3).await;

    // Black lets the minute run out.
    time.advance(60_000 + 500);
    let ended = event(&mut black, |b| matches!(b, EventBody::Ended { .. })).await;
    assert_eq!(
        ended,
        EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime
        }
    );
    let rated = event(&mut black, |b| matches!(b, EventBody::Rated { .. })).await;
    assert_eq!(
        event(&mut white, |b| matches!(b, EventBody::Rated { .. })).await,
        rated
    );
    let EventBody::Rated { white: w, black: b } = rated else {
        unreachable!("a rated event");
    };
    let (white_after, black_after) = after_game(&START, &START, Score::Win);
    assert_eq!(
        (w.before, w.after),
        (1500, white_after.rating.round() as i32)
    );
    assert_eq!(
        (b.before, b.after),
        (1500, black_after.rating.round() as i32)
    );
    assert!(w.after > 1600 && b.after < 1400, "{w:?} {b:?}");
    assert!(w.provisional && b.provisional);

    // The players' pages say the same.
    let page = request(addr, "GET", "/api/players/ANA", &[], "").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let page = page.json();
    assert_eq!(page["name"], "Ana");
    assert_eq!(page["ratings"]["classic"]["rating"]["value"], w.after);
    assert_eq!(page["ratings"]["classic"]["games"], 1);
    assert_eq!(page["ratings"]["classic"]["rating"]["provisional"], true);
    assert_eq!(page["results"]["white"]["wins"], 1);
    assert_eq!(page["results"]["black"]["losses"], 0);
    let played = &page["games"][0];
    assert_eq!(
        (
            &played["id"],
            &played["white"],
            &played["black"],
            &played["result"],
            &played["reason"]
        ),
        (
            &game.as_str().into(),
            &"Ana".into(),
            &"Bob".into(),
            &"white_wins".into(),
            &"out_of_time".into()
        )
    );
    assert_eq!(
        (&played["rated"], &played["clock"]),
        (&true.into(), &"1+0".into())
    );
    // The game's record, to open it in review.
    let record = request(addr, "GET", &format!("/api/games/{game}"), &[], "")
        .await
        .json();
    assert_eq!(record["record"], board.to_record_line());
    assert_eq!(record["over"], true);
    assert_eq!(
        request(addr, "GET", "/api/games/nosuchgame", &[], "")
            .await
            .status,
        404
    );
    let bobs = request(addr, "GET", "/api/players/bob", &[], "")
        .await
        .json();
    assert_eq!(bobs["ratings"]["classic"]["rating"]["value"], b.after);
    assert_eq!(bobs["results"]["black"]["losses"], 1);

    // The leaderboard ranks them.
    let board = request(addr, "GET", "/api/leaderboard/classic", &[], "")
        .await
        .json();
    let names: Vec<&str> = board["players"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["Ana", "Bob"]);
    assert_eq!(
        board["players"][0]["standing"]["rating"]["provisional"],
        true
    );
    let empty = request(addr, "GET", "/api/leaderboard/bell", &[], "")
        .await
        .json();
    assert_eq!(empty["players"], serde_json::json!([]));
    assert_eq!(
        request(addr, "GET", "/api/leaderboard/chess", &[], "")
            .await
            .status,
        404
    );
    assert_eq!(
        request(addr, "GET", "/api/players/nobody", &[], "")
            .await
            .status,
        404
    );

    // A reconnecting player sees the change in its snapshot.
    let mut again = open(addr).await;
    hello(&mut again, &game, Some(&bob_token), None, None).await;
    let ServerMessage::Snapshot(snapshot) = next(&mut again).await else {
        panic!("a snapshot");
    };
    assert_eq!(snapshot.rated, Some([w, b]));

    // Bob deletes his account: his page is gone, Ana's game stays without
    // his name.
    let deleted = bob
        .call(
            "POST",
            "/api/account/delete",
            r#"{"password":"a long password"}"#,
        )
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(
        request(addr, "GET", "/api/players/bob", &[], "")
            .await
            .status,
        404
    );
    let page = request(addr, "GET", "/api/players/ana", &[], "")
        .await
        .json();
    assert_eq!(page["games"][0]["black"], serde_json::Value::Null);
    let board = request(addr, "GET", "/api/leaderboard/classic", &[], "")
        .await
        .json();
    assert_eq!(board["players"].as_array().map(Vec::len), Some(1));

    // The site's statistics count every finished game with a result: the
    // rated win, a friend's game resigned, but not one called off.
    let resigned = create(addr, "classic", false).await;
    let mut host = open(addr).await;
    hello(&mut host, &resigned.id, Some(&resigned.token), None, None).await;
    let mut friend = open(addr).await;
    hello(&mut friend, "", None, Some(&resigned.code), None).await;
    send(&mut host, &online_play::ClientMessage::Resign).await;
    event(&mut host, |b| matches!(b, EventBody::Ended { .. })).await;
    let called_off = create(addr, "classic", false).await;
    let mut host = open(addr).await;
    hello(
        &mut host,
        &called_off.id,
        Some(&called_off.token),
        None,
        None,
    )
    .await;
    let mut friend = open(addr).await;
    hello(&mut friend, "", None, Some(&called_off.code), None).await;
    send(&mut host, &online_play::ClientMessage::Abort).await;
    event(&mut host, |b| matches!(b, EventBody::Ended { .. })).await;
    let stats = request(addr, "GET", "/api/stats", &[], "").await;
    assert_eq!(stats.status, 200, "{}", stats.body);
    let stats = stats.json();
    assert_eq!(
        stats["games"]["classic"],
        serde_json::json!({"played": 2, "white_wins": 50.0, "black_wins": 50.0, "draws": 0.0})
    );
    assert_eq!(stats["games"]["chesquerque"]["played"], 0);
    assert_eq!(stats["games"].as_object().map(|g| g.len()), Some(6));
}
