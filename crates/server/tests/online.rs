//! The whole online flow over real sockets on 127.0.0.1: create, join by
//! code, two spectators, moves, suggestions, reconnect with the last event
//! seen, and every rejection with its exact error or close code; on one
//! server with either store, and across three server processes sharing
//! PostgreSQL.

mod common;

use std::time::Duration;

use common::*;
use futures_util::{SinkExt, StreamExt};
use online_play::{
    ClientMessage, EndReason, ErrorCode, EventBody, GameResult, MoveText, Role, ServerMessage,
};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn two_players_and_two_spectators_play_a_game() {
    play_a_game(&[start().await]).await;
}

/// The same game on a server that keeps its games in PostgreSQL.
#[tokio::test]
async fn two_players_and_two_spectators_play_a_game_kept_in_postgresql() {
    let postgres = postgres::Postgres::start();
    let url = postgres.database("games").await;
    play_a_game(&[start_on(&url, 30).await]).await;
}

/// The same game across three server processes on one PostgreSQL
/// database, each socket opened on the next process: White, Black, the
/// spectators and the reconnections each meet the game through another
/// process than the one before.
#[tokio::test]
async fn two_players_and_two_spectators_play_a_game_across_three_processes() {
    let postgres = postgres::Postgres::start();
    let url = postgres.database("games").await;
    let (_processes, addrs) = spawn_servers(&url, 3, &["--per-minute", "30"]).await;
    play_a_game(&addrs).await;
}

/// Plays the game; every socket is opened on the next of `servers` in
/// turn.
async fn play_a_game(servers: &[std::net::SocketAddr]) {
    let addr = servers[0];
    let mut turns = servers.iter().copied().cycle();
    let mut server = move || turns.next().expect("a server");
    assert_eq!(healthy(addr).await, (200, "ok".to_string()));
    let game = create(addr, "classic", true).await;

    let mut white = open(server()).await;
    let welcome = hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::White), "{welcome:?}");
    assert!(matches!(
        next(&mut white).await,
        ServerMessage::Snapshot(online_play::Snapshot { v: 1, .. })
    ));

    // The friend types the code in lower case without the dash.
    let mut black = open(server()).await;
    let typed = game.code.replace('-', "").to_lowercase();
    let welcome = hello(&mut black, &game.id, None, Some(&typed), None).await;
    let ServerMessage::Welcome {
        role: Role::Black,
        token: Some(black_token),
        ..
    } = welcome
    else {
        panic!("{welcome:?}");
    };
    assert!(matches!(
        next(&mut black).await,
        ServerMessage::Snapshot(online_play::Snapshot { v: 2, .. })
    ));
    assert!(matches!(
        next(&mut white).await,
        ServerMessage::Event(e) if e.v == 2 && e.body == EventBody::Joined { side: Role::Black }
    ));
    // The code is spent.
    let mut late = open(server()).await;
    let refused = hello(&mut late, &game.id, None, Some(&game.code), None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::BadCode));

    let mut watchers = Vec::new();
    for _ in 0..2 {
        let mut w = open(server()).await;
        let welcome = hello(&mut w, &game.id, None, None, None).await;
        assert_eq!(welcomed_as(&welcome), Some(Role::Spectator), "{welcome:?}");
        assert!(matches!(next(&mut w).await, ServerMessage::Snapshot(_)));
        watchers.push(w);
    }

    // Rejections, each with its code; the socket stays open.
    send(&mut black, &mv(0, "c4-c3")).await;
    assert_eq!(
        error_code(&next(&mut black).await),
        Some(ErrorCode::NotYourTurn)
    );
    send(&mut watchers[0], &mv(0, "c2-c3")).await;
    assert_eq!(
        error_code(&next(&mut watchers[0]).await),
        Some(ErrorCode::Spectator)
    );
    send(&mut white, &mv(0, "c2-c4")).await;
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::IllegalMove)
    );
    send(&mut white, &mv(5, "c2-c3")).await;
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::StalePly)
    );
    white
        .send(Message::Text("{\"type\":".into()))
        .await
        .expect("sent");
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::Malformed)
    );

    // A spectator suggests; White, on move, sees the tally.
    send(
        &mut watchers[1],
        &ClientMessage::Suggest(MoveText {
            ply: 0,
            turn: "d2-c3".into(),
            lag: None,
        }),
    )
    .await;
    assert!(
        matches!(next(&mut white).await, ServerMessage::Suggestions { ply: 0, ref list } if list[0].turn == "d2-c3")
    );

    send(&mut white, &mv(0, "c2-c3")).await;
    assert_eq!(next(&mut white).await, ServerMessage::Ack { ply: 0 });
    let [w0, w1] = &mut watchers[..] else {
        panic!("two watchers");
    };
    for ws in [&mut white, &mut black, w0, w1] {
        let event = next(ws).await;
        assert!(
            matches!(&event, ServerMessage::Event(e) if e.v == 3 && matches!(&e.body, EventBody::Moved { ply: 0, turn } if turn == "c2-c3")),
            "{event:?}"
        );
    }

    // Black reconnects with its token and the last event it saw.
    drop(black);
    let mut black = open(server()).await;
    let welcome = hello(&mut black, &game.id, Some(&black_token), None, Some(2)).await;
    assert!(matches!(
        welcome,
        ServerMessage::Welcome {
            role: Role::Black,
            token: None,
            ..
        }
    ));
    assert!(matches!(next(&mut black).await, ServerMessage::Event(e) if e.v == 3));

    // A wrong token is refused and the socket closed.
    let mut thief = open(server()).await;
    let refused = hello(&mut thief, &game.id, Some("0123"), None, None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::WrongToken));
    assert_eq!(closed_with(&mut thief).await, Some(CloseCode::Policy));

    send(&mut black, &ClientMessage::Resign).await;
    for ws in [&mut white, &mut black] {
        let event = next(ws).await;
        assert!(
            matches!(&event, ServerMessage::Event(e) if matches!(&e.body, EventBody::Ended { result: GameResult::WhiteWins, reason: EndReason::Resignation })),
            "{event:?}"
        );
    }
    send(&mut white, &mv(1, "c4xc2")).await;
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::GameOver)
    );
}

#[tokio::test]
async fn abuse_closes_the_socket_with_its_code() {
    let addr = start().await;
    let game = create(addr, "qirkat", false).await;

    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    ws.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .expect("sent");
    assert_eq!(
        error_code(&next(&mut ws).await),
        Some(ErrorCode::BinaryFrame)
    );
    assert_eq!(closed_with(&mut ws).await, Some(CloseCode::Unsupported));

    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    let big = format!(r#"{{"type":"move","ply":0,"turn":"{}"}}"#, "x".repeat(3000));
    ws.send(Message::Text(big.into())).await.expect("sent");
    assert_eq!(error_code(&next(&mut ws).await), Some(ErrorCode::TooLarge));
    assert_eq!(closed_with(&mut ws).await, Some(CloseCode::Size));

    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    for _ in 0..40 {
        if ws
            .send(Message::Text(ClientMessage::OfferDraw.to_text().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut flooded = false;
    while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        if let Message::Close(Some(close)) = frame {
            flooded = close.code == CloseCode::Policy;
            break;
        }
    }
    assert!(flooded, "flooding closes with 1008");

    // Something other than hello first.
    let mut ws = open(addr).await;
    send(&mut ws, &ClientMessage::Ping).await;
    assert_eq!(
        error_code(&next(&mut ws).await),
        Some(ErrorCode::HelloFirst)
    );
    assert_eq!(closed_with(&mut ws).await, Some(CloseCode::Policy));

    // An unknown game.
    let mut ws = open(addr).await;
    let refused = hello(&mut ws, "nosuchgame", None, None, None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::UnknownGame));

    // A foreign origin may not open a socket; a configured one may.
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("origin", "https://evil.example".parse().expect("a header"));
    assert!(
        connect_async(request).await.is_err(),
        "a foreign origin is refused"
    );
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("origin", "https://games.example".parse().expect("a header"));
    assert!(
        connect_async(request).await.is_ok(),
        "a configured origin is let in"
    );

    // Bad requests to create a game.
    assert_eq!(http(addr, "POST", "/api/games", "{").await.0, 400);
    assert_eq!(
        http(addr, "POST", "/api/games", r#"{"game":"chess"}"#)
            .await
            .0,
        400
    );
    // A side that is none of the three is refused, not taken for White.
    let (status, body) = http(
        addr,
        "POST",
        "/api/games",
        r#"{"game":"classic","side":"purple"}"#,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        online_play::api::Refusal::read(&body),
        Some(online_play::api::Refusal::BadSide),
        "{body}"
    );
    for side in ["white", "black", "random"] {
        let body = format!(r#"{{"game":"classic","side":"{side}"}}"#);
        assert_eq!(
            http(addr, "POST", "/api/games", &body).await.0,
            200,
            "{side}"
        );
    }
}

#[tokio::test]
async fn presence_claims_and_joining_by_the_code_alone() {
    let addr = start().await;
    let game = create(addr, "bell", false).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;

    // The friend has only the code.
    let mut black = open(addr).await;
    let welcome = hello(&mut black, "", None, Some(&game.code), None).await;
    assert!(
        matches!(&welcome, ServerMessage::Welcome { game: id, role: Role::Black, token: Some(_) } if *id == game.id),
        "{welcome:?}"
    );
    let both = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && p.black);
    next_where(&mut white, both).await;

    // Black leaves: White hears it, and may claim once the time is up.
    drop(black);
    let gone = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && !p.black);
    next_where(&mut white, gone).await;
    let countdown = next_where(&mut white, |m| {
        matches!(m, ServerMessage::OpponentGone { .. })
    })
    .await;
    assert!(
        matches!(countdown, ServerMessage::OpponentGone { seconds } if seconds <= 1),
        "{countdown:?}"
    );
    send(&mut white, &ClientMessage::Claim { draw: false }).await;
    assert_eq!(error_code(&next(&mut white).await), Some(ErrorCode::NotNow));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut white, &ClientMessage::Claim { draw: false }).await;
    let ended = next(&mut white).await;
    assert!(
        matches!(&ended, ServerMessage::Event(e) if matches!(&e.body, EventBody::Ended { result: GameResult::WhiteWins, reason: EndReason::OpponentLeft })),
        "{ended:?}"
    );

    // An unknown code alone is refused.
    let mut ws = open(addr).await;
    let refused = hello(&mut ws, "", None, Some("ZZZ-ZZZ"), None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::BadCode));
}

#[tokio::test]
async fn one_address_may_create_and_join_only_so_often() {
    let addr = start_with(3).await;
    for _ in 0..3 {
        create(addr, "classic", false).await;
    }
    let (status, _) = http(addr, "POST", "/api/games", r#"{"game":"classic"}"#).await;
    assert_eq!(status, 429);
    for attempt in 0..4 {
        let mut ws = open(addr).await;
        let refused = hello(&mut ws, "", None, Some("ZZZ-ZZZ"), None).await;
        let expected = if attempt < 3 {
            ErrorCode::BadCode
        } else {
            ErrorCode::TooMany
        };
        assert_eq!(error_code(&refused), Some(expected));
    }
}

#[tokio::test]
async fn a_game_nobody_joins_expires() {
    let addr = start_configured(&fresh_database(), 30, Duration::from_secs(1)).await;
    let game = create(addr, "qirkat", false).await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let mut friend = open(addr).await;
    let refused = hello(&mut friend, &game.id, None, Some(&game.code), None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::BadCode));
    let mut creator = open(addr).await;
    hello(&mut creator, &game.id, Some(&game.token), None, None).await;
    let snapshot = next(&mut creator).await;
    assert!(
        matches!(&snapshot, ServerMessage::Snapshot(s) if s.result == Some(GameResult::NoResult) && s.reason == Some(EndReason::NobodyJoined)),
        "{snapshot:?}"
    );
}
