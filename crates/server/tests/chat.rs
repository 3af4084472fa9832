//! Chat over real sockets: the players' chat and the spectators' apart,
//! the length and pace limits, a mute, nothing kept for a reconnect; on
//! one server, and across two processes sharing PostgreSQL.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use online_play::{ClientMessage, ErrorCode, Phrase, Role, ServerMessage};

fn say(text: &str) -> ClientMessage {
    ClientMessage::Chat {
        text: text.to_string(),
    }
}

/// The next chat message on `ws`.
async fn heard(ws: &mut Socket) -> (Role, String) {
    match next_where(ws, |m| matches!(m, ServerMessage::Chat { .. })).await {
        ServerMessage::Chat { from, text, .. } => (from, text),
        _ => unreachable!("picked a chat message"),
    }
}

/// Whether any chat message arrives on `ws` within a short while.
async fn hears_nothing(ws: &mut Socket) -> bool {
    while let Some(message) = try_next(ws, Duration::from_millis(300)).await {
        if matches!(message, ServerMessage::Chat { .. }) {
            return false;
        }
    }
    true
}

/// The next error on `ws`.
async fn refused(ws: &mut Socket) -> ErrorCode {
    let message = next_where(ws, |m| error_code(m).is_some()).await;
    error_code(&message).expect("an error")
}

#[tokio::test]
async fn chat_on_one_server() {
    chat(&[start().await]).await;
}

#[tokio::test]
async fn chat_across_two_processes() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("chat").await;
    let (_processes, addrs) = spawn_servers(&url, 2, &[]).await;
    chat(&addrs).await;
}

/// Each socket is opened on the next of `servers` in turn.
async fn chat(servers: &[SocketAddr]) {
    let at = |i: usize| servers[i % servers.len()];
    let game = create(at(0), "classic", false).await;
    let mut white = open(at(0)).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(at(1)).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    let mut watcher = open(at(0)).await;
    hello(&mut watcher, &game.id, None, None, None).await;
    let mut other_watcher = open(at(1)).await;
    hello(&mut other_watcher, &game.id, None, None, None).await;
    // Let every process know of every connection.
    tokio::time::sleep(Duration::from_millis(300)).await;

    // The players' chat reaches the players only, line breaks made spaces.
    send(&mut white, &say("  good\nluck  ")).await;
    assert_eq!(
        heard(&mut black).await,
        (Role::White, "good luck".to_string())
    );
    assert_eq!(
        heard(&mut white).await,
        (Role::White, "good luck".to_string())
    );
    // A set phrase goes by its name, for each reader's page to word.
    send(
        &mut white,
        &ClientMessage::Phrase {
            phrase: Phrase::GoodGame,
        },
    )
    .await;
    for ws in [&mut black, &mut white] {
        let message = next_where(ws, |m| matches!(m, ServerMessage::Chat { .. })).await;
        assert_eq!(
            message,
            ServerMessage::Chat {
                from: Role::White,
                text: String::new(),
                phrase: Some(Phrase::GoodGame),
            }
        );
    }
    // The spectators' chat reaches the spectators only.
    send(&mut watcher, &say("sharp opening")).await;
    assert_eq!(
        heard(&mut other_watcher).await,
        (Role::Spectator, "sharp opening".to_string())
    );
    assert!(hears_nothing(&mut white).await && hears_nothing(&mut black).await);
    // The speaker hears its own line too, as everyone does.
    assert_eq!(heard(&mut watcher).await.1, "sharp opening");

    // Limits: length, emptiness, pace.
    send(&mut black, &say(&"x".repeat(141))).await;
    assert_eq!(refused(&mut black).await, ErrorCode::BadChat);
    send(&mut black, &say(" \n ")).await;
    assert_eq!(refused(&mut black).await, ErrorCode::BadChat);
    for text in ["one", "two", "three"] {
        send(&mut black, &say(text)).await;
        assert_eq!(heard(&mut white).await.1, text);
    }
    send(&mut black, &say("four")).await;
    assert_eq!(refused(&mut black).await, ErrorCode::SlowDown);
    assert!(
        hears_nothing(&mut white).await,
        "the fourth was not passed on"
    );

    // White mutes Black: Black's chat no longer reaches White, White's own
    // still does; unmuted, Black is heard again.
    send(&mut white, &ClientMessage::Mute { muted: true }).await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    send(&mut black, &say("are you there?")).await;
    assert_eq!(heard(&mut black).await.1, "are you there?");
    assert!(hears_nothing(&mut white).await, "muted");
    send(&mut white, &say("hm")).await;
    assert_eq!(heard(&mut white).await.1, "hm");
    send(&mut white, &ClientMessage::Mute { muted: false }).await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    send(&mut black, &say("now?")).await;
    assert_eq!(heard(&mut white).await.1, "now?");

    // Nothing is kept: a reconnecting player gets the game, not the chat.
    let mut again = open(at(1)).await;
    hello(&mut again, &game.id, Some(&game.token), None, None).await;
    assert!(hears_nothing(&mut again).await);
}
