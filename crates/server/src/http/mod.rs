//! HTTP: the server's configuration and start, creating games, health, the
//! web app's files, and the door to the game socket ([`crate::games::socket`]).

mod cached;
pub(crate) mod deadline;
pub(crate) mod error;
pub mod limits;
pub mod listen;
mod operator;
pub mod site;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, State};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use online_play::api::Refusal;
use online_play::Role;
use tokio::sync::watch;

use crate::games::hub::{CreateError, Hub};
use crate::http::error::ApiError;
use crate::http::limits::PerAddress;
use crate::storage::Db;

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
    /// Games one address may create, and hellos with a join code it may
    /// send, per minute.
    pub per_minute: u32,
    /// How long a join code lasts; a game nobody joined in that time ends.
    pub code_lifetime: Duration,
    /// How long a database call waits for a lock another connection holds
    /// before it fails (and the client is told to try again).
    pub busy_timeout: Duration,
    /// How long a game socket may stay silent (the page pings every 3 s)
    /// before the server takes its network for gone and closes it.
    pub silent_after: Duration,
    /// How often the server pings a game socket to measure its lag.
    pub ping_every: Duration,
    /// Connections held open per address and in all, and how long a
    /// request's headers may take.
    pub caps: crate::http::listen::Caps,
    /// How long a request's body may take to arrive.
    pub body_within: Duration,
    /// The proxies trusted to name the client's address (for the limits
    /// per address), and spared the cap on connections per address.
    pub proxies: crate::http::limits::Proxies,
    /// Game sockets one address may hold open as a spectator.
    pub spectators_per_address: usize,
    /// Game sockets one address may hold open in all (players' and
    /// spectators'), counted before a socket is opened.
    pub sockets_per_address: usize,
    /// How long a login lasts.
    pub session_lifetime: Duration,
    /// Whether the session cookie is marked `Secure` (sent over HTTPS
    /// only): on wherever the site is served over HTTPS.
    pub secure_cookies: bool,
    /// Logins one username may be tried with per minute (an address may
    /// try twice as many, and register that many accounts).
    pub logins_per_minute: u32,
    /// The time every clock, deadline and expiry is reckoned by.
    pub time: crate::time::Time,
    /// The token `/metrics` asks for; without one, there is no `/metrics`.
    pub metrics_token: Option<String>,
    /// The site's recurring tournaments.
    pub schedule: Vec<alquerque_tournament::schedule::Recurring>,
    /// The house bots, when this process may run them.
    pub bots: Option<crate::bots::BotConfig>,
    /// Web Push: who push services may write to, and whether a test's push
    /// service on this machine is taken.
    pub push: crate::push::PushConfig,
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
            busy_timeout: Duration::from_secs(5),
            silent_after: Duration::from_secs(10),
            ping_every: crate::games::lag::PING_EVERY,
            caps: crate::http::listen::Caps::default(),
            body_within: Duration::from_secs(10),
            proxies: crate::http::limits::Proxies::default(),
            spectators_per_address: 20,
            sockets_per_address: 32,
            session_lifetime: Duration::from_secs(30 * 24 * 60 * 60),
            secure_cookies: false,
            logins_per_minute: 5,
            time: crate::time::Time::system(),
            metrics_token: None,
            schedule: Vec::new(),
            bots: None,
            push: crate::push::PushConfig::default(),
        }
    }
}

/// The game and its options a request names (`turkish option
/// queen_lands=any`), without any moves: those come later, played.
pub(crate) fn game_header(game: &str) -> &str {
    game.split(" moves").next().unwrap_or_default()
}

/// The running server: ends with `Err(why)` when it had to stop.
pub type Serving = tokio::task::JoinHandle<Result<(), String>>;

/// The largest request body taken, in bytes (the API's requests are a few
/// hundred).
const MAX_BODY: usize = 8 * 1024;

/// What every request shares.
#[derive(Debug)]
pub(crate) struct App {
    pub hub: Arc<Hub>,
    pub origins: Vec<String>,
    pub silent_after: Duration,
    pub ping_every: Duration,
    pub proxies: crate::http::limits::Proxies,
    pub spectators: Arc<crate::http::limits::Holders>,
    pub sockets: Arc<crate::http::limits::Holders>,
    pub connections: AtomicU64,
    pub creating: PerAddress,
    pub joining: PerAddress,
    pub doors: crate::accounts::routes::Doors,
    /// The games in play and the site's statistics, computed at most once a
    /// second (every process keeps its own).
    pub in_play: crate::http::cached::Cached<online_play::api::Live>,
    pub stats: crate::http::cached::Cached<online_play::api::Stats>,
    /// The lobby's lists, pushed to the pages that follow them.
    pub lobby: crate::lobby::feed::LobbyFeed,
    /// Tournaments' pages as last worked out, and the poke that wakes the
    /// director.
    pub tournaments: crate::tournaments::view::Pages,
    /// Turns true when the server begins to stop: every game socket then
    /// closes with a close frame.
    pub stopping: watch::Receiver<bool>,
    /// The house bots, once ready, where this process runs them.
    pub house: std::sync::Mutex<Option<Arc<crate::bots::desk::House>>>,
}

/// How long a stopping server waits for its connections to end (a request
/// still sending its body, say) before it stops anyway.
const GRACE: Duration = Duration::from_secs(5);

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

/// Starts serving; returns the address bound (port 0 picks a free one) and
/// the server's task, which ends on Ctrl-C or SIGTERM, or with the reason
/// when the database cannot be opened.
///
/// The port is bound first and the database opened after, in the
/// background: the server answers `/health` at once, and requests that need
/// the database wait until it is open.
pub async fn serve(config: Config) -> Result<(SocketAddr, Serving), Box<dyn std::error::Error>> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    tracing::info!(addr = %addr, "listening");
    let (db, opening) = Db::open(&config.database, config.busy_timeout);
    let (stop_sockets, stopping) = watch::channel(false);
    let (mut hub, deadlines) = Hub::new(
        db,
        config.claim_after,
        config.code_lifetime,
        config.time.clone(),
    );
    hub.push = Arc::new(crate::push::Pusher::new(
        hub.db().clone(),
        config.push.clone(),
    ));
    let hub = Arc::new(hub);
    tokio::spawn(crate::games::hub::clocks::keep_time(hub.clone(), deadlines));
    // Games whose clocks ran when the server last stopped run on here.
    let taking_up = hub.clone();
    tokio::spawn(async move { taking_up.take_up_clocks().await });
    let app = Arc::new(App {
        hub,
        origins: config.origins.clone(),
        silent_after: config.silent_after,
        ping_every: config.ping_every,
        proxies: config.proxies.clone(),
        spectators: crate::http::limits::Holders::new(config.spectators_per_address),
        sockets: crate::http::limits::Holders::new(config.sockets_per_address),
        connections: AtomicU64::new(0),
        creating: PerAddress::per_minute(config.per_minute),
        joining: PerAddress::per_minute(config.per_minute),
        doors: crate::accounts::routes::Doors::new(
            config.session_lifetime,
            config.secure_cookies,
            config.logins_per_minute,
        ),
        in_play: crate::http::cached::Cached::new(Duration::from_secs(1)),
        stats: crate::http::cached::Cached::new(Duration::from_secs(1)),
        lobby: crate::lobby::feed::LobbyFeed::default(),
        tournaments: crate::tournaments::view::Pages::default(),
        stopping: stopping.clone(),
        house: std::sync::Mutex::new(None),
    });
    let mut router = Router::new()
        .route("/health", get(operator::health))
        .route(online_play::api::CREATE.route, post(create))
        .route("/ws", get(crate::games::socket::upgrade))
        .route(
            online_play::api::LOBBY_SOCKET.route,
            get(crate::lobby::socket::upgrade),
        )
        .merge(crate::accounts::routes::routes())
        .merge(crate::lobby::routes::routes())
        .merge(crate::ratings::routes::routes())
        .merge(crate::games::in_play::routes())
        .merge(crate::safety::routes::routes())
        .merge(crate::safety::moderation_routes::routes())
        .merge(crate::tournaments::routes::routes())
        .merge(crate::bots::api::routes())
        .merge(crate::push::routes::routes())
        .layer(tower::util::MapRequestLayer::new(
            crate::bots::api::bearer_as_cookie,
        ))
        .layer(axum::middleware::map_response_with_state(
            app.clone(),
            operator::count_refusals,
        ))
        .with_state(app.clone());
    if let Some(token) = config.metrics_token.as_deref().filter(|t| !t.is_empty()) {
        let token: Arc<str> = Arc::from(token);
        router = router.merge(
            Router::new()
                .route("/metrics", get(operator::metrics))
                .with_state((app.clone(), token)),
        );
    }
    if let Some(site) = &config.site {
        router = router.fallback_service(crate::http::site::router(site));
    }
    // A body that has not all come within its time is cut off (answered
    // 408), however it trickles; every request the API takes is small, so
    // a larger body is refused (413) before it is read.
    let body_within = config.body_within;
    let router = router
        .layer(tower::util::MapRequestLayer::new(
            move |request: axum::extract::Request| {
                crate::http::deadline::limit(request, body_within)
            },
        ))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY));
    if let Some(bots) = config.bots.clone() {
        crate::bots::desk::start(app.clone(), router.clone(), bots);
    }
    // Several processes on one database: what the others store reaches
    // this one's sockets too.
    let listener_app = app.clone();
    tokio::spawn(async move {
        let Some(mut hints) = listener_app.hub.hints().await else {
            return;
        };
        // Each hint on its own task: one game waiting for the database
        // holds up no other (each game's lock keeps its own in order).
        while let Some(hint) = hints.recv().await {
            let app = listener_app.clone();
            tokio::spawn(async move {
                match hint {
                    crate::storage::postgres::Hint::Stored { game, v, events } => {
                        app.hub.stored_elsewhere(&game, v, events).await
                    }
                    crate::storage::postgres::Hint::Listening => app.hub.catch_up_all().await,
                    crate::storage::postgres::Hint::Said { process, sayings } => {
                        app.hub.said_elsewhere(&process, sayings).await
                    }
                    crate::storage::postgres::Hint::Lobby { process } => {
                        if process != app.hub.process() {
                            app.lobby.poke();
                        }
                    }
                    crate::storage::postgres::Hint::Chat {
                        process,
                        game,
                        from,
                        text,
                    } => app.hub.chat_elsewhere(&process, &game, from, &text).await,
                }
            });
        }
    });
    // What this process says of its games to the others on the database
    // (a SQLite file has no others).
    if app.hub.is_shared() {
        let sharing = app.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(crate::games::hub::PRESENCE_EVERY);
            loop {
                every.tick().await;
                sharing.hub.share_presence().await;
            }
        });
        let sharing = app.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(crate::games::live::TALLY_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                sharing.hub.share_suggestions().await;
            }
        });
    }
    tokio::spawn(crate::lobby::feed::run(app.clone()));
    tokio::spawn(crate::tournaments::director::run(app.clone()));
    if !config.schedule.is_empty() {
        tokio::spawn(crate::tournaments::schedule::run(
            app.clone(),
            config.schedule.clone(),
        ));
    }
    let sweeper = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            sweeper.hub.sweep();
            sweeper.hub.free_codes().await;
            sweeper.creating.forget_idle();
            sweeper.joining.forget_idle();
            sweeper.doors.forget_idle();
            let now = sweeper.hub.time.now();
            if let Err(e) = sweeper.hub.db().forget_sessions(now).await {
                tracing::error!(error = %e, "storage failed");
            }
            if let Err(e) = sweeper.hub.db().forget_devices(now).await {
                tracing::error!(error = %e, "storage failed");
            }
            let old_chat = now - crate::safety::store::CHAT_KEPT_FOR;
            if let Err(e) = sweeper.hub.db().forget_chat(old_chat).await {
                tracing::error!(error = %e, "storage failed");
            }
            let stale = now - 3 * crate::lobby::seeks::STALE_AFTER;
            if let Err(e) = sweeper.hub.db().forget_seeks(stale, now - 600).await {
                tracing::error!(error = %e, "storage failed");
            }
        }
    });
    let database = config.database.clone();
    let unusable = async move {
        let why = match opening.await {
            Ok(Ok(())) => return std::future::pending().await,
            Ok(Err(e)) => e.to_string(),
            Err(e) => e.to_string(),
        };
        tracing::error!(%database, error = %why, "cannot open the database");
        why
    };
    let (caps, proxies) = (config.caps, config.proxies.clone());
    let handle = tokio::spawn(async move {
        let failed = Arc::new(std::sync::OnceLock::new());
        let failure = failed.clone();
        tokio::spawn(async move {
            tokio::select! {
                _ = stop_signal() => {}
                why = unusable => {
                    let _ = failure.set(why);
                }
            }
            tracing::info!("stopping");
            // Game sockets close with a close frame; HTTP requests finish.
            stop_sockets.send_replace(true);
        });
        let serving = crate::http::listen::serve(listener, router, caps, proxies, stopping.clone());
        // Stopped within a bounded time, whatever a connection is doing.
        let mut stopped = stopping;
        let deadline = async move {
            let _ = stopped.wait_for(|stopping| *stopping).await;
            tokio::time::sleep(GRACE).await;
        };
        tokio::select! {
            () = serving => {}
            () = deadline => tracing::warn!("stopped with connections still open"),
        }
        failed.get().cloned().map_or(Ok(()), Err)
    });
    Ok((addr, handle))
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    body: Result<String, axum::extract::rejection::StringRejection>,
) -> Result<Json<online_play::api::Created>, ApiError> {
    let body = match body {
        Ok(body) => body,
        Err(rejection)
            if rejection
                .body_text()
                .contains(crate::http::deadline::TOO_SLOW) =>
        {
            return Err(Refusal::TooSlow.into());
        }
        Err(rejection) => return Err(rejection.into_response().into()),
    };
    // JSON only, as every changing request: a page on another site cannot
    // create games with the visitor's allowance.
    if !crate::accounts::routes::says_json(&headers) {
        return Err(crate::accounts::routes::not_json());
    }
    if !app.creating.allow(app.proxies.client(peer.ip(), &headers)) {
        return Err(ApiError::from(Refusal::TooManyGames));
    }
    if body.len() > online_play::MAX_FRAME_BYTES {
        return Err(ApiError::from(Refusal::TooLarge));
    }
    let request = serde_json::from_str::<online_play::NewGame>(&body).map_err(|_| {
        ApiError::from(Refusal::Malformed {
            expected: r#"{"game": "classic", ...}"#.into(),
        })
    })?;
    let side = match request.side.as_deref() {
        None | Some("white") => Role::White,
        Some("black") => Role::Black,
        Some("random") if crate::ids::coin() => Role::White,
        Some("random") => Role::Black,
        Some(_) => return Err(ApiError::from(Refusal::BadSide)),
    };
    let header = game_header(&request.game);
    let created = app
        .hub
        .create(header, side, request.suggestions, request.clock)
        .await
        .map_err(|e| match e {
            CreateError::BadGame(why) => ApiError::from(Refusal::BadGame { why }),
            // Logged where it happened.
            CreateError::Storage => Refusal::Unavailable {
                area: crate::http::error::Area::Games,
            }
            .into(),
        })?;
    tracing::info!(game = %created.id, header, "created");
    Ok(Json(online_play::api::Created {
        id: created.id,
        code: created.code,
        token: created.token,
        side: created.role,
    }))
}
