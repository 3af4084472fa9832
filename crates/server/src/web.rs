//! HTTP and websockets: creating games, the game socket, health, and the
//! web app's files.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use protocol::{decode_client, ClientMessage, ErrorCode, Frame, Role, ServerMessage};
use serde::{Deserialize, Serialize};

use crate::hub::{catch_up, Hub};
use crate::room::side_of;
use crate::store::Store;

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
}

#[derive(Debug)]
struct App {
    hub: Hub,
    origins: Vec<String>,
    connections: AtomicU64,
}

/// Starts serving; returns the address bound (port 0 picks a free one).
pub async fn serve(
    config: Config,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), Box<dyn std::error::Error>> {
    let store = Store::open(&config.database)?;
    let app = Arc::new(App {
        hub: Hub::new(store),
        origins: config.origins.clone(),
        connections: AtomicU64::new(0),
    });
    let mut router = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/api/games", post(create))
        .route("/ws", get(socket))
        .with_state(app);
    if let Some(site) = &config.site {
        router = router.fallback_service(tower_http::services::ServeDir::new(site));
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let handle = tokio::spawn(async move {
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        if let Err(e) = axum::serve(listener, router)
            .with_graceful_shutdown(shutdown)
            .await
        {
            eprintln!(
                "{{\"level\":\"error\",\"msg\":\"server stopped\",\"error\":{:?}}}",
                e.to_string()
            );
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

async fn create(State(app): State<Arc<App>>, body: String) -> Response {
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
        Ok(created) => Json(CreateReply {
            id: created.id,
            code: created.code,
            token: created.token,
            side: created.role,
        })
        .into_response(),
        Err(e) => (StatusCode::BAD_REQUEST, e).into_response(),
    }
}

async fn socket(
    State(app): State<Arc<App>>,
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
    upgrade
        .max_message_size(64 * 1024)
        .on_upgrade(move |ws| connection(app, ws, id))
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

async fn connection(app: Arc<App>, mut ws: WebSocket, id: u64) {
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
    let Ok(Some(live)) = app.hub.game(&game) else {
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
    let mut events = live.events.subscribe();
    let catch = {
        let mut state = live.state.lock().unwrap_or_else(|p| p.into_inner());
        state.presence(role, true);
        catch_up(&state, last_v)
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
    state.presence(role, false);
    state.suggestions.remove(&id);
}
