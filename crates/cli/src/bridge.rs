//! `alquerque bot`: plays as a bot account on a site, moves chosen by any
//! program speaking the engine protocol (docs/bots.md). On the bot socket
//! it accepts each challenge it can play (while it plays fewer games than
//! allowed) and declines the rest; each game it is told of is played on
//! its own thread over the game socket, with the program started for that
//! game. It runs until the site closes the bot socket.

use std::collections::HashSet;
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use online_play::api::{BotCommand, BotEvent, DeclineReason};
use online_play::seat::Seat;
use online_play::{decode_server, ClientMessage};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::command::BotArgs;
use crate::program::Program;

/// How often a game's socket is pinged (the page's rate), and how long a
/// read waits before the next ping is due.
const PING_EVERY: Duration = Duration::from_secs(3);
const READ_WAIT: Duration = Duration::from_millis(500);

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// The socket at `path` on `server`, opened with the bot's token.
fn open(server: &str, path: &str, token: &str) -> Result<Socket, String> {
    let base = server.trim_end_matches('/');
    let base = if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else if base.starts_with("https://") || base.starts_with("wss://") {
        return Err("this bridge speaks plain ws:// (put it beside the server)".to_string());
    } else {
        base.to_string()
    };
    let mut request = format!("{base}{path}")
        .into_client_request()
        .map_err(|e| format!("{server} is not a site's address: {e}"))?;
    let bearer = format!("Bearer {token}")
        .parse()
        .map_err(|_| "the token is not one".to_string())?;
    request.headers_mut().insert("Authorization", bearer);
    let (socket, _) =
        tungstenite::connect(request).map_err(|e| format!("cannot connect to {path}: {e}"))?;
    Ok(socket)
}

fn send(socket: &mut Socket, text: String) -> Result<(), String> {
    socket
        .send(Message::text(text))
        .map_err(|e| format!("the site closed the socket: {e}"))
}

pub fn run(args: &BotArgs) -> Result<(), String> {
    let mut desk = open(
        &args.server,
        online_play::api::BOT_SOCKET.route,
        &args.token,
    )?;
    say!("connected to {} as a bot", args.server);
    let playing: Arc<Mutex<HashSet<String>>> = Arc::default();
    loop {
        let text = match desk.read() {
            Ok(Message::Text(text)) => text,
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => continue,
        };
        let Ok(event) = serde_json::from_str::<BotEvent>(&text) else {
            continue;
        };
        match event {
            BotEvent::Challenge { challenge } => {
                let busy = playing.lock().map_or(0, |p| p.len()) >= args.games as usize;
                let playable = engine::AnyGame::from_record_line(&challenge.game).is_ok();
                let command = match (busy, playable) {
                    (false, true) => BotCommand::Accept {
                        challenge: challenge.id,
                    },
                    (true, _) => BotCommand::Decline {
                        challenge: challenge.id,
                        reason: DeclineReason::Later,
                    },
                    (false, false) => BotCommand::Decline {
                        challenge: challenge.id,
                        reason: DeclineReason::Unsupported,
                    },
                };
                let text = serde_json::to_string(&command).map_err(|e| e.to_string())?;
                send(&mut desk, text)?;
            }
            BotEvent::Game { game } => {
                let fresh = playing.lock().is_ok_and(|mut p| p.insert(game.clone()));
                if !fresh {
                    continue;
                }
                let (server, token, engine) =
                    (args.server.clone(), args.token.clone(), args.engine.clone());
                let playing = playing.clone();
                std::thread::spawn(move || {
                    match play(&server, &token, &engine, &game) {
                        Ok(()) => say!("game {game} over"),
                        Err(e) => eprintln!("alquerque: game {game}: {e}"),
                    }
                    if let Ok(mut p) = playing.lock() {
                        p.remove(&game);
                    }
                });
            }
            BotEvent::Refused { challenge, refusal } => {
                eprintln!("alquerque: challenge {challenge}: {}", refusal.message());
            }
        }
    }
    say!("the site closed the bot's socket");
    Ok(())
}

/// Plays `game` to its end, the program `engine` choosing the moves.
fn play(server: &str, token: &str, engine: &str, game: &str) -> Result<(), String> {
    let mut socket = open(server, "/ws", token)?;
    if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
        stream
            .set_read_timeout(Some(READ_WAIT))
            .map_err(|e| e.to_string())?;
    }
    let say = |socket: &mut Socket, message: &ClientMessage| {
        send(
            socket,
            serde_json::to_string(message).map_err(|e| e.to_string())?,
        )
    };
    say(
        &mut socket,
        &ClientMessage::Hello {
            game: game.to_string(),
            token: None,
            code: None,
            last_v: None,
        },
    )?;
    let mut program = Program::start(engine)?;
    let mut seat = Seat::new();
    let mut pinged = Instant::now();
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => {
                let Ok(message) = decode_server(&text) else {
                    continue;
                };
                for answer in seat.hear(&message) {
                    say(&mut socket, &answer)?;
                }
                if seat.done() {
                    return Ok(());
                }
                if let Some(think) = seat.think() {
                    let position = format!("position {}", think.game.to_record_line());
                    let turn = program.ask(&position)?;
                    say(&mut socket, &Seat::play(think.ply, turn))?;
                }
            }
            Ok(Message::Close(_)) => return Err("the site closed the game's socket".into()),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(e) => return Err(format!("the game's socket failed: {e}")),
        }
        if pinged.elapsed() >= PING_EVERY {
            say(&mut socket, &ClientMessage::Ping)?;
            pinged = Instant::now();
        }
    }
}
