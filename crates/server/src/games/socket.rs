//! The game socket, as transport: the origin check, frames in and out, the
//! hello deadline, the per-connection message allowance and the join limit.
//! What a message means and who hears what is the hub's.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use online_play::{decode_client, ClientMessage, ErrorCode, Frame, Role, ServerMessage};
use tokio::sync::broadcast::error::RecvError;

use crate::games::hub::{Entered, Hello, Said};
use crate::http::App;

/// How long a new socket has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(5);
/// Messages a connection may send per second (pings aside) before it is
/// closed for flooding.
const PER_SECOND: u32 = 20;
/// Pings (the protocol's, and websocket ping and pong frames) a connection
/// may send per second: the page sends one every 3 s.
const PINGS_PER_SECOND: u32 = 5;
/// The largest frame read at all; a larger one ends the connection with
/// `too_large` (anything over the protocol's own limit is refused so too).
const MAX_READ: usize = 64 * 1024;

/// Opens a game socket for an allowed origin.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: axum_extra::extract::cookie::CookieJar,
    inside: Option<axum::Extension<crate::bots::Inside>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let (ip, held) = match admit(
        &app,
        peer,
        &headers,
        "too many game sockets from this address",
        inside.is_some(),
    ) {
        Ok(admitted) => admitted,
        Err(refused) => return refused.into_response(),
    };
    let id = app.connections.fetch_add(1, Ordering::Relaxed);
    // A signed-in player's seats are theirs on any browser; a store that
    // fails leaves them to their tokens.
    let user = crate::accounts::routes::signed_in(&app, &jar)
        .await
        .ok()
        .flatten()
        .map(|user| user.key);
    // Messages are small: small buffers keep thousands of sockets cheap.
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_READ)
        .max_frame_size(MAX_READ)
        .on_upgrade(move |ws| async move {
            connection(app, ws, id, ip, user).await;
            drop(held);
        })
}

/// Lets a socket open (the game's or the lobby's): from an allowed origin,
/// within the address's allowance of sockets, counted before it opens so
/// that an address over its cap costs a refusal, not a handshake. The
/// client's address and its place in the allowance; or the refusal, with
/// `too_many` as its words when the allowance is spent.
pub(crate) fn admit(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    too_many: &'static str,
    inside: bool,
) -> Result<(IpAddr, Option<crate::http::limits::Held>), (StatusCode, &'static str)> {
    if !origin_allowed(app, headers) {
        return Err((StatusCode::FORBIDDEN, "origin not allowed"));
    }
    let ip = app.proxies.client(peer.ip(), headers);
    // A house bot's own connection is not an address's.
    if inside {
        return Ok((ip, None));
    }
    match app.sockets.hold(ip) {
        Some(held) => Ok((ip, Some(held))),
        None => Err((StatusCode::TOO_MANY_REQUESTS, too_many)),
    }
}

/// Whether a socket may open from the page that asks: this site's own, or
/// an origin the server was told to allow (a request with no `Origin` is
/// not a browser's page, and may).
fn origin_allowed(app: &App, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get("origin").and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers
        .get("host")
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let own = [format!("http://{host}"), format!("https://{host}")];
    own.iter().any(|o| o == origin) || app.origins.iter().any(|o| o == origin)
}

/// The words sent beside an error code: fixed per code, so nothing
/// internal (a storage error, a file name) ever reaches a client.
fn words(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::BinaryFrame => "only text frames are spoken",
        ErrorCode::TooLarge => "message too large",
        ErrorCode::Malformed => "unreadable message",
        ErrorCode::HelloFirst => "say hello first, once",
        ErrorCode::UnknownGame => "no such game",
        ErrorCode::WrongToken => "this token holds no seat in the game",
        ErrorCode::BadCode => "that code opens no game",
        ErrorCode::Spectator => "spectators do not play",
        ErrorCode::NotYourTurn => "not your turn",
        ErrorCode::IllegalMove => "illegal move",
        ErrorCode::StalePly => "that move was for another position",
        ErrorCode::GameOver => "the game is over",
        ErrorCode::NotNow => "not allowed now",
        ErrorCode::SuggestionsOff => "suggestions are off in this game",
        ErrorCode::Flooding => "too many messages",
        ErrorCode::TooMany => "too many games or joins from this address; try later",
        ErrorCode::SlowDown => "chat messages come too fast; wait a little",
        ErrorCode::BadChat => "a chat message has 1 to 140 characters",
        ErrorCode::Muted => "a moderator has muted your chat for a while",
        ErrorCode::Damaged => "this game's stored record is damaged",
        ErrorCode::Unavailable => "the server could not do that just now; try again",
    }
}

/// Whether `message` is chat that a connection of `role` hears from
/// others: the opponent's, for a player; the spectators', for one.
fn is_others_chat(message: &ServerMessage, role: Role) -> bool {
    match message {
        ServerMessage::Chat { from, .. } => role == Role::Spectator || *from != role,
        _ => false,
    }
}

fn text(message: &ServerMessage) -> Message {
    Message::Text(message.to_text().into())
}

fn error(code: ErrorCode) -> Message {
    text(&ServerMessage::Error {
        code,
        message: words(code).to_string(),
    })
}

/// A socket's messages counted in windows of a second, so that one that
/// sends more than `most` in a second is closed for flooding.
#[derive(Debug)]
pub(crate) struct PerSecond {
    most: u32,
    window: Instant,
    heard: u32,
}

impl PerSecond {
    pub(crate) fn new(most: u32) -> PerSecond {
        PerSecond {
            most,
            window: Instant::now(),
            heard: 0,
        }
    }

    /// Counts a message: whether it is one too many for its second.
    pub(crate) fn too_many(&mut self) -> bool {
        if self.window.elapsed() >= Duration::from_secs(1) {
            (self.window, self.heard) = (Instant::now(), 0);
        }
        self.heard += 1;
        self.heard > self.most
    }
}

pub(crate) async fn close(ws: &mut WebSocket, code: u16, reason: &str) {
    let _ = ws
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.to_string().into(),
        })))
        .await;
}

/// Sends the error and closes with its close code.
async fn refuse(ws: &mut WebSocket, code: ErrorCode) {
    let _ = ws.send(error(code)).await;
    close(ws, fatal(code).unwrap_or(1008), code.as_str()).await;
}

/// The close code for a frame that ends the connection.
fn fatal(code: ErrorCode) -> Option<u16> {
    match code {
        ErrorCode::BinaryFrame => Some(1003),
        ErrorCode::TooLarge => Some(1009),
        ErrorCode::Flooding => Some(1008),
        _ => None,
    }
}

fn decode(message: &Message) -> Option<Result<ClientMessage, ErrorCode>> {
    match message {
        Message::Text(t) => Some(decode_client(Frame::Text(t.as_str()))),
        Message::Binary(b) => Some(decode_client(Frame::Binary(b))),
        Message::Ping(_) | Message::Pong(_) | Message::Close(_) => None,
    }
}

/// What a frame that could not be read at all means: one over
/// [`MAX_READ`] is `too_large`, a text frame that is not UTF-8 `malformed`;
/// `None` for a connection that is simply gone.
fn unreadable(e: &axum::Error) -> Option<ErrorCode> {
    // axum hides tungstenite's error kinds behind its own error; its text
    // names them ("Space limit exceeded: Message too long: …", "UTF-8
    // encoding error: …").
    let text = e.to_string();
    if text.contains("Space limit exceeded") {
        Some(ErrorCode::TooLarge)
    } else if text.contains("UTF-8") {
        Some(ErrorCode::Malformed)
    } else {
        None
    }
}

/// Reads the hello, within the time allowed.
async fn hello(
    app: &App,
    ws: &mut WebSocket,
    ip: IpAddr,
    user: Option<String>,
) -> Result<Hello, ErrorCode> {
    let first = match tokio::time::timeout(HELLO_WITHIN, ws.recv()).await {
        Ok(Some(Ok(message))) => message,
        Ok(Some(Err(e))) => return Err(unreadable(&e).unwrap_or(ErrorCode::HelloFirst)),
        _ => return Err(ErrorCode::HelloFirst),
    };
    let hello = match decode(&first).unwrap_or(Err(ErrorCode::HelloFirst))? {
        ClientMessage::Hello {
            game,
            token,
            code,
            last_v,
        } => Hello {
            game,
            token,
            code,
            last_v,
            user,
        },
        _ => return Err(ErrorCode::HelloFirst),
    };
    // Every hello that carries a code counts, whatever else it carries.
    if hello.code.is_some() && !app.joining.allow(ip) {
        return Err(ErrorCode::TooMany);
    }
    Ok(hello)
}

/// A move with the lag the server measured in place of whatever the
/// client said of itself; any other message as it came.
fn measured(message: ClientMessage, lag: &crate::games::lag::LagMeter) -> ClientMessage {
    match message {
        ClientMessage::Move(mut mv) => {
            mv.lag = Some(lag.lag_ms());
            ClientMessage::Move(mv)
        }
        other => other,
    }
}

fn role_text(role: Role) -> &'static str {
    match role {
        Role::White => "white",
        Role::Black => "black",
        Role::Spectator => "spectator",
    }
}

async fn connection(app: Arc<App>, mut ws: WebSocket, id: u64, ip: IpAddr, user: Option<String>) {
    let entered = match hello(&app, &mut ws, ip, user).await {
        Ok(hello) => app.hub.enter(hello).await,
        Err(code) => Err(code),
    };
    let Entered {
        game,
        live,
        role,
        first,
        mut outgoing,
    } = match entered {
        Ok(entered) => entered,
        Err(code) => {
            refuse(&mut ws, code).await;
            return;
        }
    };
    // Spectators are many sockets cheaply: each address holds only so many.
    let _watching = match role {
        Role::Spectator => match app.spectators.hold(ip) {
            Some(held) => Some(held),
            None => {
                app.hub.leave(&live, role, id).await;
                refuse(&mut ws, ErrorCode::TooMany).await;
                return;
            }
        },
        _ => None,
    };
    let metrics = app.hub.metrics.clone();
    let _open = crate::metrics::Open::count(&metrics.sockets);
    tracing::info!(%game, role = role_text(role), %ip, "connected");
    let mut ok = true;
    for message in &first {
        ok &= ws.send(text(message)).await.is_ok();
    }
    let mut window = Instant::now();
    let (mut count, mut pings) = (0u32, 0u32);
    // Whether this connection muted the others' chat (its pace is the
    // player's, or the spectator's address's: [`crate::games::live::Live::may_chat`]).
    let mut muted = false;
    // The lag the server measures with its own pings: the only lag a
    // move's clock is given back.
    let mut lag = crate::games::lag::LagMeter::default();
    let mut pinging =
        tokio::time::interval_at(tokio::time::Instant::now() + app.ping_every, app.ping_every);
    pinging.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // A socket silent for long has lost its network without a word (a
    // sleeping laptop, a phone out of signal): it is closed, so the player
    // shows away and the opponent may claim.
    let mut heard = tokio::time::Instant::now();
    let mut stopping = app.stopping.clone();
    while ok {
        tokio::select! {
            () = async {
                let _ = stopping.wait_for(|stopping| *stopping).await;
            } => {
                close(&mut ws, 1001, "server stopping").await;
                break;
            }
            incoming = ws.recv() => {
                let message = match incoming {
                    Some(Ok(message)) => message,
                    Some(Err(e)) => {
                        if let Some(code) = unreadable(&e) {
                            refuse(&mut ws, code).await;
                        }
                        break;
                    }
                    None => break,
                };
                if matches!(message, Message::Close(_)) {
                    break;
                }
                heard = tokio::time::Instant::now();
                if let Message::Pong(payload) = &message {
                    lag.pong(payload, Instant::now());
                }
                if window.elapsed() >= Duration::from_secs(1) {
                    window = Instant::now();
                    (count, pings) = (0, 0);
                }
                let decoded = decode(&message);
                match &decoded {
                    None | Some(Ok(ClientMessage::Ping)) => pings += 1,
                    Some(_) => count += 1,
                }
                if count > PER_SECOND || pings > PINGS_PER_SECOND {
                    refuse(&mut ws, ErrorCode::Flooding).await;
                    break;
                }
                let Some(decoded) = decoded else { continue };
                let reply = match decoded.map(|m| measured(m, &lag)) {
                    Ok(ClientMessage::Ping) => Ok(Some(ServerMessage::Pong)),
                    Ok(ClientMessage::Hello { .. }) => Err(ErrorCode::HelloFirst),
                    Ok(ClientMessage::Mute { muted: on }) => {
                        muted = on;
                        Ok(None)
                    }
                    Ok(ClientMessage::Chat { .. } | ClientMessage::Phrase { .. })
                        if app.hub.muted(&live, role).await =>
                    {
                        Err(ErrorCode::Muted)
                    }
                    Ok(ClientMessage::Chat { text }) => match online_play::chat_text(&text) {
                        Err(code) => Err(code),
                        Ok(_) if !live.may_chat(role, ip) => Err(ErrorCode::SlowDown),
                        Ok(text) => {
                            app.hub.chat(&game, &live, role, Said::Text(text)).await;
                            Ok(None)
                        }
                    },
                    Ok(ClientMessage::Phrase { phrase }) if live.may_chat(role, ip) => {
                        app.hub.chat(&game, &live, role, Said::Phrase(phrase)).await;
                        Ok(None)
                    }
                    Ok(ClientMessage::Phrase { .. }) => Err(ErrorCode::SlowDown),
                    Ok(message) => {
                        let arrived = Instant::now();
                        let reply = app.hub.act(&live, role, id, &message).await;
                        if let Ok(Some(ServerMessage::Ack { .. })) = reply {
                            metrics.moves.inc();
                            metrics.move_seconds.observe(arrived.elapsed().as_secs_f64());
                        }
                        reply
                    }
                    Err(code) => Err(code),
                };
                if let Err(code) = &reply {
                    metrics.error(code.as_str());
                }
                ok = match reply {
                    Ok(Some(reply)) => ws.send(text(&reply)).await.is_ok(),
                    Ok(None) => true,
                    Err(code) if fatal(code).is_some() => {
                        refuse(&mut ws, code).await;
                        false
                    }
                    Err(code) => ws.send(error(code)).await.is_ok(),
                };
            }
            out = outgoing.recv() => match out {
                Ok(out) if muted && is_others_chat(&out.message, role) => {}
                Ok(out) if out.to.includes(role) => {
                    ok = ws.send(text(&out.message)).await.is_ok();
                }
                Ok(_) => {}
                Err(RecvError::Lagged(_)) => {
                    // Too far behind: start again from a snapshot.
                    for message in app.hub.resync(&live).await {
                        ok &= ws.send(text(&message)).await.is_ok();
                    }
                }
                Err(RecvError::Closed) => break,
            },
            _ = pinging.tick() => {
                let payload = lag.ping(Instant::now());
                ok = ws.send(Message::Ping(payload.into())).await.is_ok();
            }
            () = tokio::time::sleep_until(heard + app.silent_after) => {
                close(&mut ws, 1001, "silent").await;
                tracing::info!(%game, role = role_text(role), "silent");
                break;
            }
        }
    }
    app.hub.leave(&live, role, id).await;
    tracing::info!(%game, role = role_text(role), "disconnected");
}
