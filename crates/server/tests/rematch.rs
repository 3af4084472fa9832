//! Rematches over real sockets, on either store: offered only once the game
//! is over and only by a player, declined, offered again and accepted; the
//! rematch starts with the sides swapped, each player keeping its seat
//! token, and the same clock.

mod common;

use common::*;
use online_play::{ClientMessage, ErrorCode, EventBody, Role, ServerMessage};

/// The next error on `ws`.
async fn refused(ws: &mut Socket) -> ErrorCode {
    let message = next_where(ws, |m| error_code(m).is_some()).await;
    error_code(&message).expect("an error")
}

#[tokio::test]
async fn rematches_in_sqlite() {
    rematches(start().await).await;
}

#[tokio::test]
async fn rematches_in_postgresql() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("rematch").await;
    rematches(start_on(&url, 30).await).await;
}

async fn rematches(addr: std::net::SocketAddr) {
    let body = r#"{"game":"bell","side":"white","clock":"5+3"}"#;
    let (status, reply) = http(addr, "POST", "/api/games", body).await;
    assert_eq!(status, 200, "{reply}");
    let created: serde_json::Value = serde_json::from_str(&reply).expect("JSON");
    let (id, white_token, code) = (
        created["id"].as_str().expect("an id").to_string(),
        created["token"].as_str().expect("a token").to_string(),
        created["code"].as_str().expect("a code").to_string(),
    );
    let black_token = alquerque_server::ids::seat_token();
    let mut white = open(addr).await;
    hello(&mut white, &id, Some(&white_token), None, None).await;
    let mut black = open(addr).await;
    hello(&mut black, "", Some(&black_token), Some(&code), None).await;
    let mut watcher = open(addr).await;
    hello(&mut watcher, &id, None, None, None).await;

    // Not before the game is over.
    send(&mut black, &ClientMessage::OfferRematch).await;
    assert_eq!(refused(&mut black).await, ErrorCode::NotNow);
    send(&mut white, &ClientMessage::Resign).await;
    event(&mut white, |b| matches!(b, EventBody::Ended { .. })).await;

    // Not by a spectator; offered, declined, offered again, accepted.
    send(&mut watcher, &ClientMessage::OfferRematch).await;
    assert_eq!(refused(&mut watcher).await, ErrorCode::Spectator);
    send(&mut black, &ClientMessage::OfferRematch).await;
    let offered = event(&mut white, |b| {
        matches!(b, EventBody::RematchOffered { .. })
    })
    .await;
    assert_eq!(offered, EventBody::RematchOffered { by: Role::Black });
    send(&mut black, &ClientMessage::AcceptRematch).await;
    assert_eq!(
        refused(&mut black).await,
        ErrorCode::NotNow,
        "not one's own offer"
    );
    send(&mut white, &ClientMessage::DeclineRematch).await;
    event(&mut black, |b| {
        matches!(b, EventBody::RematchDeclined { .. })
    })
    .await;
    send(&mut white, &ClientMessage::OfferRematch).await;
    event(&mut black, |b| {
        matches!(b, EventBody::RematchOffered { .. })
    })
    .await;
    send(&mut black, &ClientMessage::AcceptRematch).await;
    let told = event(&mut white, |b| matches!(b, EventBody::Rematched { .. })).await;
    assert_eq!(
        event(&mut black, |b| matches!(b, EventBody::Rematched { .. })).await,
        told
    );
    assert_eq!(
        event(&mut watcher, |b| matches!(b, EventBody::Rematched { .. })).await,
        told
    );
    let EventBody::Rematched { game } = told else {
        unreachable!("a rematch");
    };
    assert_ne!(game, id);
    send(&mut white, &ClientMessage::OfferRematch).await;
    assert_eq!(
        refused(&mut white).await,
        ErrorCode::NotNow,
        "one rematch per game"
    );

    // Sides swapped, same tokens, same clock, both seated.
    let mut now_black = open(addr).await;
    let welcome = hello(&mut now_black, &game, Some(&white_token), None, None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::Black));
    let mut now_white = open(addr).await;
    let welcome = hello(&mut now_white, &game, Some(&black_token), None, None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::White));
    let ServerMessage::Snapshot(snapshot) = next(&mut now_white).await else {
        panic!("a snapshot");
    };
    assert_eq!(snapshot.seated, [true, true]);
    assert_eq!(snapshot.clock.expect("clocks").control.to_string(), "5+3");
    assert!(snapshot.record.starts_with("bell"));
    // A reconnect to the game before still learns of the rematch.
    let mut late = open(addr).await;
    hello(&mut late, &id, Some(&white_token), None, None).await;
    let ServerMessage::Snapshot(before) = next(&mut late).await else {
        panic!("a snapshot");
    };
    assert_eq!(before.rematch.as_deref(), Some(game.as_str()));
}
