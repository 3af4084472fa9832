//! The lobby's socket (`GET /api/lobby/socket`): a page says what it
//! follows ([`LobbyFollow`]: the seeks, the games in play, the site's
//! figures, its own waiting seek) and is sent each list at once and again
//! whenever it changes ([`LobbyNews`]), from this process's feed
//! ([`crate::lobby::feed`]). A followed seek is kept open while its page is
//! there, and the page is told when it is paired or gone. A followed
//! tournament's page is sent whenever it changes (looked at four times a
//! second, and worked out once per change for all who follow it).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use online_play::api::{LobbyFollow, LobbyNews};

use crate::http::App;
use crate::lobby::fair_play::Origin;
use crate::lobby::feed::Lists;

/// How often a followed seek is looked at (and so kept open) besides
/// whenever the lists change.
const SEEK_EVERY: Duration = Duration::from_secs(5);
/// How often a followed tournament is looked at (its page is worked out
/// again only when it changed, once for all its followers).
const TOURNAMENT_EVERY: Duration = Duration::from_millis(250);
/// The largest message a page sends.
const MAX_READ: usize = 1024;
/// Messages a page may send per second before it is closed for flooding.
const PER_SECOND: u32 = 5;

/// Opens the lobby's socket for an allowed origin, within the address's
/// allowance of sockets.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    jar: CookieJar,
    upgrade: WebSocketUpgrade,
) -> Response {
    let held = match crate::games::socket::admit(
        &app,
        peer,
        &headers,
        "too many sockets from this address",
        false,
    ) {
        Ok((_, held)) => held,
        Err(refused) => return refused.into_response(),
    };
    let viewer = crate::lobby::routes::origin_of(&app, peer, &headers, &jar);
    // A page signed out, or a store that failed, follows as a guest.
    let user = crate::accounts::routes::signed_in(&app, &jar)
        .await
        .ok()
        .flatten()
        .map(|user| user.key);
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_READ)
        .max_frame_size(MAX_READ)
        .on_upgrade(move |ws| async move {
            let metrics = app.hub.metrics.clone();
            let _open = crate::metrics::Open::count(&metrics.lobby_sockets);
            Follower {
                app,
                viewer,
                user,
                wanted: LobbyFollow::default(),
                sent: Sent::default(),
            }
            .serve(ws)
            .await;
            drop(held);
        })
}

/// What a page was last sent: each list's version, and what its own games
/// were worked out from.
#[derive(Default)]
struct Sent {
    seeks: u64,
    live: u64,
    stats: u64,
    pools: u64,
    playing: Option<Vec<(String, usize)>>,
    /// The followed tournament's version last sent.
    tournament: Option<u64>,
    /// The open challenges' ids their list was last worked out from.
    challenges: Option<Vec<String>>,
}

/// Returns once the server begins to stop.
async fn stopped(stopping: &mut tokio::sync::watch::Receiver<bool>) {
    while !*stopping.borrow_and_update() {
        if stopping.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

struct Follower {
    app: Arc<App>,
    viewer: Origin,
    user: Option<String>,
    wanted: LobbyFollow,
    sent: Sent,
}

impl Follower {
    async fn serve(mut self, mut ws: WebSocket) {
        let mut lists = self.app.lobby.follow();
        let mut stopping = self.app.stopping.clone();
        let mut seek_check = tokio::time::interval(SEEK_EVERY);
        let mut tournament_check = tokio::time::interval(TOURNAMENT_EVERY);
        let mut seen = tokio::time::interval(crate::lobby::follows::SEEN_EVERY);
        tournament_check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut allowance = crate::games::socket::PerSecond::new(PER_SECOND);
        loop {
            let news = tokio::select! {
                incoming = ws.recv() => {
                    let Some(Ok(message)) = incoming else { break };
                    let text = match message {
                        Message::Text(text) => text,
                        Message::Ping(_) | Message::Pong(_) => continue,
                        Message::Binary(_) | Message::Close(_) => break,
                    };
                    if allowance.too_many() {
                        crate::games::socket::close(&mut ws, 1008, "too many messages").await;
                        break;
                    }
                    let Ok(wanted) = serde_json::from_str::<LobbyFollow>(&text) else {
                        crate::games::socket::close(&mut ws, 1003, "unreadable message").await;
                        break;
                    };
                    self.wanted = wanted;
                    self.sent = Sent::default();
                    // The first page to follow wakes the feed at once.
                    self.app.lobby.poke();
                    let lists = lists.borrow_and_update().clone();
                    let mut news = self.news(&lists).await;
                    news.extend(self.seek_news().await);
                    news.extend(self.tournament_news().await);
                    news
                }
                changed = lists.changed() => {
                    if changed.is_err() {
                        break;
                    }
                    let lists = lists.borrow_and_update().clone();
                    let mut news = self.news(&lists).await;
                    news.extend(self.seek_news().await);
                    news
                }
                _ = seek_check.tick(), if self.wanted.seek.is_some() => {
                    self.seek_news().await.into_iter().collect()
                }
                _ = tournament_check.tick(), if self.wanted.tournament.is_some() => {
                    self.tournament_news().await.into_iter().collect()
                }
                _ = seen.tick(), if self.user.is_some() => {
                    // Those who follow this player see them online.
                    if let Some(user) = &self.user {
                        let now = self.app.hub.time.now();
                        let _ = self.app.hub.db().user_seen(user, now).await;
                    }
                    Vec::new()
                }
                () = stopped(&mut stopping) => {
                    crate::games::socket::close(&mut ws, 1001, "server stopping").await;
                    break;
                }
            };
            for item in news {
                let Ok(text) = serde_json::to_string(&item) else {
                    continue;
                };
                if ws.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
        }
    }

    /// The lists followed that changed since they were last sent.
    async fn news(&mut self, lists: &Lists) -> Vec<LobbyNews> {
        let mut news = Vec::new();
        let w = &self.wanted;
        if w.lobby && lists.seeks.version > self.sent.seeks {
            self.sent.seeks = lists.seeks.version;
            let seeks = lists
                .seeks
                .list
                .iter()
                .map(|(seek, origin)| {
                    crate::lobby::routes::for_viewer(seek.clone(), origin, &self.viewer)
                })
                .collect();
            news.push(LobbyNews::Seeks {
                version: lists.seeks.version,
                seeks,
            });
        }
        if w.live && lists.live.version > self.sent.live {
            self.sent.live = lists.live.version;
            news.push(LobbyNews::Live {
                version: lists.live.version,
                games: lists.live.list.clone(),
            });
        }
        if w.lobby && lists.pools.version > self.sent.pools {
            self.sent.pools = lists.pools.version;
            news.push(LobbyNews::Pools {
                version: lists.pools.version,
                pools: lists.pools.list.clone(),
            });
        }
        if w.stats && lists.stats.version > self.sent.stats {
            self.sent.stats = lists.stats.version;
            news.push(LobbyNews::Stats {
                version: lists.stats.version,
                games: lists.stats.list.clone(),
            });
        }
        if let Some(user) = self.user.as_ref().filter(|_| w.challenges) {
            let open = lists.challenged.get(user).cloned().unwrap_or_default();
            if self.sent.challenges.as_ref() != Some(&open) {
                let mine = crate::lobby::challenges::challenges_for(&self.app, user).await;
                if let Ok(challenges) = mine {
                    self.sent.challenges = Some(open);
                    news.push(LobbyNews::Challenges { challenges });
                }
            }
        }
        if let Some(user) = self.user.as_ref().filter(|_| w.lobby) {
            // Their own games change with a move in one of them, or when
            // one starts or ends.
            let playing = lists.playing.get(user).cloned().unwrap_or_default();
            if self.sent.playing.as_ref() != Some(&playing) {
                if let Ok(games) = crate::games::in_play::games_of(&self.app, user).await {
                    self.sent.playing = Some(playing);
                    news.push(LobbyNews::Mine { games });
                }
            }
        }
        news
    }

    /// The followed tournament's page, when it changed since last sent.
    async fn tournament_news(&mut self) -> Option<LobbyNews> {
        let id = self.wanted.tournament.clone()?;
        let built = self.app.tournaments.get(&self.app, &id).await.ok()??;
        if self.sent.tournament == Some(built.page.version) {
            return None;
        }
        self.sent.tournament = Some(built.page.version);
        Some(LobbyNews::Tournament {
            page: Box::new(built.for_viewer(self.user.as_deref())),
        })
    }

    /// The followed seek, looked at (which keeps it open): news once it is
    /// paired or gone.
    async fn seek_news(&mut self) -> Option<LobbyNews> {
        let seek = self.wanted.seek.clone()?;
        let now = self.app.hub.time.now();
        let found = self.app.hub.db().seek_seen(&seek, now).await.ok()?;
        let news = match found.as_ref().map(crate::lobby::routes::state_of) {
            Some(online_play::api::SeekState::Open) => return None,
            Some(online_play::api::SeekState::Paired { game }) => LobbyNews::Paired { game, seek },
            Some(online_play::api::SeekState::Declined { reason }) => {
                LobbyNews::Declined { seek, reason }
            }
            None => LobbyNews::SeekGone { seek },
        };
        self.wanted.seek = None;
        Some(news)
    }
}
