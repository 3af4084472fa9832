//! The bot API (docs/bots.md). An account upgrades itself to a bot, for
//! good, and is given a token (`POST /api/account/bot`, its password
//! confirming); a token is a session of the account's that lasts years,
//! so it ends as a session does (a password change ends them all). Every
//! request may carry it as `Authorization: Bearer <token>`, which stands
//! for the session cookie. On its socket (`GET /api/bot/socket`) a bot is
//! sent each challenge made to it and each of its games in play, once,
//! and accepts or declines challenges; it plays each game over the game
//! socket, seated by its account, as a person playing on two devices is.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{self, BotCommand, BotEvent, Password, Refusal};

use crate::accounts::routes::{body, signed_in, COOKIE};
use crate::accounts::users::User;
use crate::http::error::{ApiError, Area, OrUnavailable};
use crate::http::App;
use crate::lobby::fair_play::Origin;
use crate::lobby::routes::{take, Asker};

/// How long a bot's token lasts.
const TOKEN_SECONDS: i64 = 5 * 365 * 24 * 60 * 60;
/// How often a bot's socket looks for news.
const EVERY: Duration = Duration::from_secs(1);
/// The largest message a bot sends, and how many a second.
const MAX_READ: usize = 1024;
const PER_SECOND: u32 = 10;

pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route(api::BOT_UPGRADE.route, post(upgrade))
        .route(api::BOT_SOCKET.route, get(socket))
}

/// A request bearing a token (`Authorization: Bearer <token>`) and no
/// session cookie: the token stands for the cookie.
pub(crate) fn bearer_as_cookie(mut request: axum::extract::Request) -> axum::extract::Request {
    let headers = request.headers();
    let Some(token) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| online_play::is_seat_token(t))
    else {
        return request;
    };
    let cookies: Vec<&str> = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    if cookies.iter().any(|c| c.contains(&format!("{COOKIE}="))) {
        return request;
    }
    let mut all = cookies.join("; ");
    if !all.is_empty() {
        all.push_str("; ");
    }
    all.push_str(&format!("{COOKIE}={token}"));
    if let Ok(value) = HeaderValue::from_str(&all) {
        request.headers_mut().insert(header::COOKIE, value);
    }
    request
}

async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    read: Result<Json<Password>, JsonRejection>,
) -> Result<Response, ApiError> {
    let asked = body(read, "{\"password\"}")?;
    let user =
        crate::accounts::routes::confirmed(&app, peer, &headers, &jar, asked.password).await?;
    let db = app.hub.db();
    let area = Area::Accounts;
    if !user.bot && !db.make_bot(&user.key).await.or_unavailable(area)? {
        return Err(ApiError::from(Refusal::HasGames));
    }
    let (token, hash) = crate::accounts::session_token();
    let until = app.hub.time.now() + TOKEN_SECONDS;
    if !db
        .add_session(&hash, &user.key, &user.hash, until)
        .await
        .or_unavailable(area)?
    {
        return Err(ApiError::from(Refusal::AccountChanged));
    }
    tracing::info!(user = %user.key, "a bot's token given");
    Ok(Json(api::BotToken { token }).into_response())
}

async fn socket(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let user = signed_in(&app, &jar)
        .await?
        .ok_or_else(|| ApiError::from(Refusal::LogInFirst))?;
    if !user.bot {
        return Err(ApiError::from(Refusal::NotABot));
    }
    let held = match crate::games::socket::admit(&app, peer, &headers, "too many sockets", false) {
        Ok((_, held)) => held,
        Err(refused) => return Ok(refused.into_response()),
    };
    let origin = crate::lobby::routes::origin_of(&app, peer, &headers, &jar);
    Ok(upgrade
        .max_message_size(MAX_READ)
        .max_frame_size(MAX_READ)
        .on_upgrade(move |ws| async move {
            Desk {
                app,
                user,
                origin,
                told_challenges: HashSet::new(),
                told_games: HashSet::new(),
            }
            .serve(ws)
            .await;
            drop(held);
        }))
}

/// A bot's socket, and what it was told.
struct Desk {
    app: Arc<App>,
    user: User,
    origin: Origin,
    told_challenges: HashSet<String>,
    told_games: HashSet<String>,
}

impl Desk {
    async fn serve(mut self, mut ws: WebSocket) {
        let mut every = tokio::time::interval(EVERY);
        let mut stopping = self.app.stopping.clone();
        let mut allowance = crate::games::socket::PerSecond::new(PER_SECOND);
        loop {
            let events = tokio::select! {
                incoming = ws.recv() => {
                    let text = match incoming {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        _ => break,
                    };
                    if allowance.too_many() {
                        crate::games::socket::close(&mut ws, 1008, "too many messages").await;
                        break;
                    }
                    let Ok(command) = serde_json::from_str::<BotCommand>(&text) else {
                        crate::games::socket::close(&mut ws, 1003, "unreadable message").await;
                        break;
                    };
                    self.command(command).await.into_iter().chain(self.news().await).collect()
                }
                _ = every.tick() => self.news().await,
                () = async {
                    let _ = stopping.wait_for(|s| *s).await;
                } => {
                    crate::games::socket::close(&mut ws, 1001, "server stopping").await;
                    break;
                }
            };
            for event in events {
                let Ok(text) = serde_json::to_string(&event) else {
                    continue;
                };
                if ws.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
        }
    }

    /// The challenges and games not told yet.
    async fn news(&mut self) -> Vec<BotEvent> {
        let mut events = Vec::new();
        let key = &self.user.key;
        if let Ok(challenges) = crate::lobby::challenges::challenges_for(&self.app, key).await {
            for challenge in challenges.incoming {
                if self.told_challenges.insert(challenge.id.clone()) {
                    events.push(BotEvent::Challenge { challenge });
                }
            }
        }
        if let Ok(games) = self.app.hub.db().playing(key).await {
            for game in games {
                if self.told_games.insert(game.clone()) {
                    events.push(BotEvent::Game { game });
                }
            }
        }
        events
    }

    /// Carries out `command`: a refusal to tell, if it was refused.
    async fn command(&mut self, command: BotCommand) -> Option<BotEvent> {
        let (challenge, outcome) = match command {
            BotCommand::Accept { challenge } => {
                let outcome = self.accept(&challenge).await;
                (challenge, outcome)
            }
            BotCommand::Decline { challenge, reason } => {
                let declined = self
                    .app
                    .hub
                    .db()
                    .decline(&challenge, &self.user.key, reason.code())
                    .await;
                let outcome = match declined {
                    Ok(true) => {
                        crate::lobby::routes::seeks_changed(&self.app).await;
                        Ok(())
                    }
                    Ok(false) => Err(Refusal::NoSuchChallenge),
                    Err(_) => Err(Refusal::Unavailable {
                        area: api::Unavailable::Lobby,
                    }),
                };
                (challenge, outcome)
            }
        };
        outcome
            .err()
            .map(|refusal| BotEvent::Refused { challenge, refusal })
    }

    async fn accept(&self, id: &str) -> Result<(), Refusal> {
        let refusal = |e: ApiError| match e {
            ApiError::Refused(refusal) => refusal,
            _ => Refusal::Unavailable {
                area: api::Unavailable::Lobby,
            },
        };
        let seek = crate::lobby::challenges::made_to(&self.app, id, &self.user.key)
            .await
            .map_err(refusal)?;
        let bot = Asker {
            user: Some(self.user.key.clone()),
            name: self.user.name.clone(),
            // Its account holds the seat: the token is never used.
            token: crate::ids::token_hash(&crate::ids::seat_token()),
            origin: self.origin.clone(),
        };
        match take(&self.app, &seek, bot, None).await {
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err(Refusal::NoSuchChallenge),
            Err(e) => Err(refusal(e)),
        }
    }
}
