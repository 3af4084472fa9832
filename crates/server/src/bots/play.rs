//! A house bot at one of its games: connects through its pipe, says hello
//! without a seat token (its account holds the seat), answers what its
//! seat says to answer, thinks on its turn and sends the move, and pings
//! as the page does so that the server keeps the socket. It ends with the
//! game, or when the socket closes; a game left unfinished is taken up
//! again by the desk.

use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use online_play::seat::Seat;
use online_play::{decode_server, ClientMessage};
use tokio_tungstenite::tungstenite::Message;

use crate::bots::accounts::Bot;
use crate::bots::desk::House;
use crate::bots::pipe::Socket;

/// How often the bot pings (the page's rate).
const PING_EVERY: Duration = Duration::from_secs(3);

async fn say(ws: &mut Socket, message: &ClientMessage) -> bool {
    let Ok(text) = serde_json::to_string(message) else {
        return false;
    };
    ws.send(Message::text(text)).await.is_ok()
}

/// Plays `game` as `bot` to its end (or until its socket closes).
pub(crate) async fn play(house: Arc<House>, bot: Bot, game: String) {
    let Some(_playing) = house.start_playing(&game) else {
        return;
    };
    let mut ws = match crate::bots::pipe::game_socket(&house.router, &bot.session).await {
        Ok(ws) => ws,
        Err(e) => {
            tracing::warn!(%game, bot = %bot.name, error = %e, "a bot could not connect");
            return;
        }
    };
    let hello = ClientMessage::Hello {
        game: game.clone(),
        token: None,
        code: None,
        last_v: None,
    };
    if !say(&mut ws, &hello).await {
        return;
    }
    let mut seat = Seat::new();
    let (chosen, mut moves) = tokio::sync::mpsc::channel::<ClientMessage>(2);
    let mut pings = tokio::time::interval(PING_EVERY);
    loop {
        let out = tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(message) = decode_server(&text) else {
                    continue;
                };
                let answers = seat.hear(&message);
                if let Some(think) = seat.think() {
                    let (house, chosen, level) = (house.clone(), chosen.clone(), bot.house.level);
                    tokio::spawn(async move {
                        let ply = think.ply;
                        if let Some(turn) = house.thinker.choose(level, think).await {
                            let _ = chosen.send(Seat::play(ply, turn)).await;
                        }
                    });
                }
                answers
            }
            Some(chosen) = moves.recv() => vec![chosen],
            _ = pings.tick() => vec![ClientMessage::Ping],
        };
        for message in &out {
            if !say(&mut ws, message).await {
                return;
            }
        }
        if seat.done() {
            break;
        }
    }
    let _ = ws.close(None).await;
}
