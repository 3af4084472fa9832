//! HTTP and websockets: creating games, the game socket, health, and the
//! web app's files.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use protocol::{decode_client, ClientMessage, ErrorCode, Frame, Role, ServerMessage};
use serde::{Deserialize, Serialize};

use crate::hub::{catch_up, Hub};
use crate::store::Store;
use protocol::side_of;

/// How long a new socket has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(5);
/// Messages a connection may send per second (pings aside) before it is
/// closed for flooding.
const PER_SECOND: u32 = 20;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub database: String,
    /// The built web app to serve at `/`, if any.
    pub site: Option<PathBuf>,
    /// Origins besides the server's own that may open game sockets.
    pub origins: Vec<String>,
    /// How long a player must be away before the opponent may claim.
    pub claim_after: Duration,
    /// Games one address may create, and join by code, per minute.
    pub per_minute: u32,
    /// How long a join code lasts; a game nobody joined in that time ends.
    pub code_lifetime: Duration,
}

impl Config {
    /// Serving on `addr` with games in `database`, and the usual limits.
    pub fn new(addr: SocketAddr, database: &str) -> Config {
        Config {
            addr,
            database: database.to_string(),
            site: None,
            origins: Vec::new(),
            claim_after: Duration::from_secs(60),
            per_minute: 30,
            code_lifetime: Duration::from_secs(24 * 60 * 60),
        }
    }
}

/// Counts what each address does in the current minute.
#[derive(Debug)]
struct Limiter {
    per_minute: u32,
    seen: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Limiter {
    fn allow(&self, ip: IpAddr) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        if seen.len() > 100_000 {
            seen.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(60));
        }
        let entry = seen.entry(ip).or_insert((now, 0));
        if now.duration_since(entry.0) >= Duration::from_secs(60) {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 <= self.per_minute
    }
}

#[derive(Debug)]
struct App {
    hub: Hub,
    origins: Vec<String>,
    connections: AtomicU64,
    creating: Limiter,
    joining: Limiter,
}

/// One line of the server's log, as JSON.
pub fn log(level: &str, msg: &str, fields: &[(&str, &str)]) {
    let mut line = serde_json::Map::new();
    line.insert("level".into(), level.into());
    line.insert("msg".into(), msg.into());
    for (key, value) in fields {
        line.insert((*key).into(), (*value).into());
    }
    println!("{}", serde_json::Value::Object(line));
}

/// Waits for Ctrl-C or, on Unix, SIGTERM.
async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => interrupt.await,
        }
    }
    #[cfg(not(unix))]
    interrupt.await;
}

/// Starts serving; returns the address bound (port 0 picks a free one).
pub async fn serve(
    config: Config,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), Box<dyn std::error::Error>> {
    let store = Store::open(&config.database)?;
    let limiter = || Limiter {
        per_minute: config.per_minute,
        seen: Mutex::new(HashMap::new()),
    };
    let app = Arc::new(App {
        hub: Hub::new(store, config.claim_after, config.code_lifetime),
        origins: config.origins.clone(),
        connections: AtomicU64::new(0),
        creating: limiter(),
        joining: limiter(),
    });
    let mut router = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/api/games", post(create))
        .route("/ws", get(socket))
        .with_state(app.clone());
    if let Some(site) = &config.site {
        router = router.fallback_service(tower_http::services::ServeDir::new(site));
    }
    let sweeper = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            sweeper.hub.sweep();
        }
    });
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let handle = tokio::spawn(async move {
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        if let Err(e) = axum::serve(listener, service)
            .with_graceful_shutdown(stop_signal())
            .await
        {
            log("error", "server stopped", &[("error", &e.to_string())]);
        }
    });
    Ok((addr, handle))
}

#[derive(Deserialize)]
struct CreateRequest {
    game: String,
    /// `white`, `black` or `random`.
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    suggestions: bool,
}

#[derive(Serialize)]
struct CreateReply {
    id: String,
    code: String,
    token: String,
    side: Role,
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: String,
) -> Response {
    if !app.creating.allow(peer.ip()) {
        return (StatusCode::TOO_MANY_REQUESTS, "too many games; try later").into_response();
    }
    let Ok(request) = serde_json::from_str::<CreateRequest>(&body) else {
        return (
            StatusCode::BAD_REQUEST,
            "expected {\"game\": \"classic\", ...}",
        )
            .into_response();
    };
    if body.len() > protocol::MAX_FRAME_BYTES {
        return (StatusCode::PAYLOAD_TOO_LARGE, "too large").into_response();
    }
    let side = match request.side.as_deref() {
        Some("black") => Role::Black,
        Some("random") => {
            if crate::ids::seat_token().as_bytes()[0] % 2 == 0 {
                Role::White
            } else {
                Role::Black
            }
        }
        _ => Role::White,
    };
    // Only the game and its options: moves come later.
    let header = request.game.split(" moves").next().unwrap_or_default();
    match app.hub.create(header, side, request.suggestions) {
        Ok(created) => {
            log(
                "info",
                "created",
                &[("game", &created.id), ("header", header)],
            );
            Json(CreateReply {
                id: created.id,
                code: created.code,
                token: created.token,
                side: created.role,
            })
            .into_response()
        }
        Err(e) => (StatusCode::BAD_REQUEST, e).into_response(),
    }
}

async fn socket(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Some(origin) = headers.get("origin").and_then(|o| o.to_str().ok()) {
        let host = headers
            .get("host")
            .and_then(|h| h.to_str().ok())
            .unwrap_or_default();
        let own = [format!("http://{host}"), format!("https://{host}")];
        if !own.iter().any(|o| o == origin) && !app.origins.iter().any(|o| o == origin) {
            return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
        }
    }
    let id = app.connections.fetch_add(1, Ordering::Relaxed);
    // Messages are small: small buffers keep thousands of sockets cheap.
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(64 * 1024)
        .on_upgrade(move |ws| connection(app, ws, id, peer.ip()))
}

fn text(message: &ServerMessage) -> Message {
    Message::Text(message.to_text().into())
}

fn error(code: ErrorCode, message: &str) -> ServerMessage {
    ServerMessage::Error {
        code,
        message: message.to_string(),
    }
}

async fn close(ws: &mut WebSocket, code: u16, reason: &str) {
    let _ = ws
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.to_string().into(),
        })))
        .await;
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

async fn connection(app: Arc<App>, mut ws: WebSocket, id: u64, ip: IpAddr) {
    // Hello first, within the time allowed.
    let hello = match tokio::time::timeout(HELLO_WITHIN, ws.recv()).await {
        Ok(Some(Ok(message))) => message,
        _ => {
            close(&mut ws, 1008, "hello_first").await;
            return;
        }
    };
    let decoded = match &hello {
        Message::Text(t) => decode_client(Frame::Text(t.as_str())),
        Message::Binary(b) => decode_client(Frame::Binary(b)),
        _ => Err(ErrorCode::HelloFirst),
    };
    let (game, token, code, last_v) = match decoded {
        Ok(ClientMessage::Hello {
            game,
            token,
            code,
            last_v,
        }) => (game, token, code, last_v),
        Ok(_) => {
            let _ = ws
                .send(text(&error(ErrorCode::HelloFirst, "say hello first")))
                .await;
            close(&mut ws, 1008, "hello_first").await;
            return;
        }
        Err(code) => {
            let _ = ws.send(text(&error(code, "unreadable hello"))).await;
            close(&mut ws, fatal(code).unwrap_or(1008), code.as_str()).await;
            return;
        }
    };
    if code.is_some() && token.is_none() && !app.joining.allow(ip) {
        let _ = ws
            .send(text(&error(
                ErrorCode::TooMany,
                "too many joins; try later",
            )))
            .await;
        close(&mut ws, 1008, "too_many").await;
        return;
    }
    // A friend with only the code: the code names the game.
    let game = match (&code, game.is_empty()) {
        (Some(code), true) => app.hub.game_by_code(code).unwrap_or_default(),
        _ => game,
    };
    let Ok(Some(live)) = app.hub.game(&game) else {
        if code.is_some() && game.is_empty() {
            let _ = ws
                .send(text(&error(ErrorCode::BadCode, "no game has that code")))
                .await;
            close(&mut ws, 1008, "bad_code").await;
            return;
        }
        let _ = ws
            .send(text(&error(ErrorCode::UnknownGame, "no such game")))
            .await;
        close(&mut ws, 1008, "unknown_game").await;
        return;
    };
    let (role, new_token) = match app.hub.seat(&live, token.as_deref(), code.as_deref()) {
        Ok(seat) => seat,
        Err(code) => {
            let _ = ws.send(text(&error(code, "cannot take that seat"))).await;
            close(&mut ws, 1008, code.as_str()).await;
            return;
        }
    };
    log(
        "info",
        "connected",
        &[
            ("game", &game),
            ("role", role_text(role)),
            ("ip", &ip.to_string()),
        ],
    );
    // Events are published with the game's lock held, so subscribing under
    // it too means each event comes either in the catch-up or from the
    // subscription, never in both and never in neither.
    let (mut events, catch) = {
        let mut state = live.state.lock().unwrap_or_else(|p| p.into_inner());
        let events = live.events.subscribe();
        let presence = state.presence(role, true);
        let _ = live.events.send(presence);
        (events, catch_up(&state, last_v))
    };
    let welcome = ServerMessage::Welcome {
        game: game.clone(),
        role,
        token: new_token,
    };
    let mut ok = ws.send(text(&welcome)).await.is_ok();
    for message in catch {
        ok &= ws.send(text(&message)).await.is_ok();
    }
    let mut window = Instant::now();
    let mut count = 0u32;
    while ok {
        tokio::select! {
            incoming = ws.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let decoded = match &message {
                    Message::Text(t) => decode_client(Frame::Text(t.as_str())),
                    Message::Binary(b) => decode_client(Frame::Binary(b)),
                    Message::Close(_) => break,
                    _ => continue,
                };
                if window.elapsed() >= Duration::from_secs(1) {
                    window = Instant::now();
                    count = 0;
                }
                let is_ping = matches!(decoded, Ok(ClientMessage::Ping));
                if !is_ping {
                    count += 1;
                }
                let decoded = if count > PER_SECOND { Err(ErrorCode::Flooding) } else { decoded };
                let reply = match decoded {
                    Ok(ClientMessage::Ping) => Some(ServerMessage::Pong),
                    Ok(ClientMessage::Hello { .. }) => Some(error(ErrorCode::HelloFirst, "already said hello")),
                    Ok(message) => match app.hub.act(&live, role, id, &message) {
                        Ok(reply) => reply,
                        Err(code) => Some(error(code, "refused")),
                    },
                    Err(code) => {
                        let _ = ws.send(text(&error(code, "refused"))).await;
                        if let Some(close_code) = fatal(code) {
                            close(&mut ws, close_code, code.as_str()).await;
                            break;
                        }
                        None
                    }
                };
                if let Some(reply) = reply {
                    ok = ws.send(text(&reply)).await.is_ok();
                }
            }
            event = events.recv() => {
                match event {
                    Ok(ServerMessage::Suggestions { ply, list }) => {
                        // Only the player on move sees suggestions.
                        let to_move = {
                            let state = live.state.lock().unwrap_or_else(|p| p.into_inner());
                            state.room.game.side_to_move()
                        };
                        if side_of(role) == Some(to_move) {
                            ok = ws.send(text(&ServerMessage::Suggestions { ply, list })).await.is_ok();
                        }
                    }
                    Ok(ServerMessage::Presence(presence)) => {
                        ok = ws.send(text(&ServerMessage::Presence(presence))).await.is_ok();
                        // A player whose opponent is away learns when a claim opens.
                        let away = {
                            let state = live.state.lock().unwrap_or_else(|p| p.into_inner());
                            state.opponent_away(role)
                        };
                        if let Some(away) = away {
                            let seconds = app.hub.claim_after.saturating_sub(away).as_secs_f64().ceil() as u32;
                            ok &= ws.send(text(&ServerMessage::OpponentGone { seconds })).await.is_ok();
                        }
                    }
                    Ok(message) => ok = ws.send(text(&message)).await.is_ok(),
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // Too far behind: start again from a snapshot.
                        let snapshot = {
                            let state = live.state.lock().unwrap_or_else(|p| p.into_inner());
                            catch_up(&state, None)
                        };
                        for message in snapshot {
                            ok &= ws.send(text(&message)).await.is_ok();
                        }
                    }
                    Err(_) => break,
                }
            }
        }
    }
    let mut state = live.state.lock().unwrap_or_else(|p| p.into_inner());
    let presence = state.presence(role, false);
    let _ = live.events.send(presence);
    state.suggestions.remove(&id);
    drop(state);
    log(
        "info",
        "disconnected",
        &[("game", &game), ("role", role_text(role))],
    );
}

fn role_text(role: Role) -> &'static str {
    match role {
        Role::White => "white",
        Role::Black => "black",
        Role::Spectator => "spectator",
    }
}
