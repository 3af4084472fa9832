//! The house bots' desk: once a second, in the one process that holds the
//! bots' lease, it answers the challenges made to them (accepted while the
//! budget of games allows, declined `later` beyond), gives a bot to each
//! quick-pairing player who accepts one and has waited long enough (the bot
//! nearest their rating that neither blocked nor was blocked by them), and
//! takes up the bots' games in play that no task here plays (after a
//! restart, or from a process that stopped). Pairing goes through the same
//! checks and the same transaction as a person's accept.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use online_play::api::DeclineReason;

use crate::bots::accounts::Bot;
use crate::bots::think::Thinker;
use crate::bots::BotConfig;
use crate::http::App;
use crate::lobby::fair_play::Origin;
use crate::lobby::routes::{take, Asker};
use crate::lobby::seeks::{Seek, STALE_AFTER};

/// The lease's name, and how long it holds without renewal.
const LEASE: &str = "house_bots";
const LEASE_SECONDS: i64 = 10;
/// How often the desk looks.
const EVERY: Duration = Duration::from_secs(1);
/// Every how many looks it takes up games no task plays.
const TAKE_UP_EVERY: u64 = 5;

/// The house bots of this process, and what they are doing.
pub(crate) struct House {
    pub config: BotConfig,
    pub bots: Vec<Bot>,
    /// The server's own router, which the bots' connections are served by.
    pub router: Router,
    pub thinker: Thinker,
    /// The games a task here plays.
    playing: Mutex<HashSet<String>>,
}

/// A game played here, until dropped.
pub(crate) struct Playing {
    house: Arc<House>,
    game: String,
}

impl Drop for Playing {
    fn drop(&mut self) {
        self.house.games().remove(&self.game);
    }
}

impl std::fmt::Debug for House {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("House")
            .field("bots", &self.bots.len())
            .field("games", &self.games_now())
            .finish_non_exhaustive()
    }
}

impl House {
    fn games(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.playing.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Games played here now.
    pub(crate) fn games_now(&self) -> usize {
        self.games().len()
    }

    /// Marks `game` as played here, unless it is already.
    pub(crate) fn start_playing(self: &Arc<House>, game: &str) -> Option<Playing> {
        self.games().insert(game.to_string()).then(|| Playing {
            house: self.clone(),
            game: game.to_string(),
        })
    }

    fn room_for_more(&self) -> bool {
        self.games_now() < self.config.most_games
    }
}

/// Starts the house bots for `app`, their connections served by `router`.
pub(crate) fn start(app: Arc<App>, router: Router, config: BotConfig) {
    tokio::spawn(async move {
        let mut stopping = app.stopping.clone();
        // The store opens in the background: try until it answers.
        let bots = loop {
            match crate::bots::accounts::ready(&app).await {
                Ok(bots) => break bots,
                Err(e) => tracing::warn!(error = %e, "the house bots wait for the store"),
            }
            tokio::select! {
                () = tokio::time::sleep(EVERY) => {}
                _ = stopping.wait_for(|s| *s) => return,
            }
        };
        tracing::info!(
            bots = bots.len(),
            threads = config.threads,
            "house bots ready"
        );
        let house = Arc::new(House {
            thinker: Thinker::new(config.threads, app.hub.metrics.bot_think_seconds.clone()),
            config,
            bots,
            router,
            playing: Mutex::new(HashSet::new()),
        });
        *app.house.lock().unwrap_or_else(|p| p.into_inner()) = Some(house.clone());
        let mut every = tokio::time::interval(EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        for look in 0u64.. {
            tokio::select! {
                _ = every.tick() => {}
                _ = stopping.wait_for(|s| *s) => return,
            }
            let now = app.hub.time.now();
            let process = app.hub.process().to_string();
            match app
                .hub
                .db()
                .hold_lease(LEASE, &process, now, now + LEASE_SECONDS)
                .await
            {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(error = %e, "the house bots' lease could not be renewed");
                    continue;
                }
            }
            app.hub.metrics.bot_games.set(house.games_now() as i64);
            answer_challenges(&app, &house).await;
            give_bots(&app, &house).await;
            if look % TAKE_UP_EVERY == 0 {
                take_up(&house, &app).await;
            }
        }
    });
}

/// What a bot pairs as: its account, a seat token it will not need (its
/// account holds the seat), and no network of anyone's.
fn asker(bot: &Bot) -> Asker {
    Asker {
        user: Some(bot.key.clone()),
        name: bot.name.clone(),
        token: crate::ids::token_hash(&crate::ids::seat_token()),
        origin: Origin::default(),
    }
}

/// Pairs `bot` with `seek` and starts playing: whether it was paired.
async fn pair(app: &App, house: &Arc<House>, bot: &Bot, seek: &Seek) -> bool {
    match take(app, seek, asker(bot), None).await {
        Ok(Some(game)) => {
            tracing::info!(%game, bot = %bot.name, "a bot took a game");
            tokio::spawn(crate::bots::play::play(house.clone(), bot.clone(), game));
            true
        }
        Ok(None) => false,
        Err(refused) => {
            tracing::info!(seek = %seek.id, bot = %bot.name, ?refused, "a bot was refused");
            false
        }
    }
}

async fn answer_challenges(app: &App, house: &Arc<House>) {
    let since = app.hub.time.now() - STALE_AFTER;
    for bot in &house.bots {
        let Ok(open) = app.hub.db().challenges_of(&bot.key, since).await else {
            continue;
        };
        for challenge in open
            .iter()
            .filter(|c| c.target.as_deref() == Some(&bot.key))
        {
            let reason = if !house.room_for_more() {
                Some(DeclineReason::Later)
            } else if engine::AnyGame::from_record_line(&challenge.header).is_err() {
                Some(DeclineReason::Unsupported)
            } else {
                None
            };
            match reason {
                None => {
                    pair(app, house, bot, challenge).await;
                }
                Some(reason) => {
                    let code = reason.code();
                    let _ = app.hub.db().decline(&challenge.id, &bot.key, code).await;
                    crate::lobby::routes::seeks_changed(app).await;
                }
            }
        }
    }
}

/// The bots in the order `seek`'s player would best meet them: the nearest
/// rating in the game first (a bot's expected one while its own is
/// provisional; 1500 for a guest).
async fn nearest(app: &App, house: &House, seek: &Seek) -> Vec<Bot> {
    let db = app.hub.db();
    let theirs = match &seek.user {
        Some(user) => db
            .rating(user, &seek.header)
            .await
            .map(|r| r.rating)
            .unwrap_or(1500.0),
        None => 1500.0,
    };
    let mut ranked = Vec::new();
    for bot in &house.bots {
        let own = match db.rating(&bot.key, &seek.header).await {
            Ok(rating) if !rating.public().provisional => rating.rating,
            _ => f64::from(bot.house.nominal),
        };
        ranked.push(((own - theirs).abs(), bot.clone()));
    }
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
    ranked.into_iter().map(|(_, bot)| bot).collect()
}

async fn give_bots(app: &App, house: &Arc<House>) {
    let now = app.hub.time.now();
    let Ok(open) = app.hub.db().open_seeks(now - STALE_AFTER).await else {
        return;
    };
    let wait = house.config.pool_wait.as_secs() as i64;
    let waiting = open
        .into_iter()
        .filter(|s| s.quick && s.bots && s.target.is_none() && now - s.created >= wait);
    for seek in waiting {
        if !house.room_for_more() {
            return;
        }
        for bot in nearest(app, house, &seek).await {
            if pair(app, house, &bot, &seek).await {
                break;
            }
        }
    }
}

/// Plays the bots' games in play that no task here plays.
async fn take_up(house: &Arc<House>, app: &App) {
    for bot in &house.bots {
        let Ok(games) = app.hub.db().playing(&bot.key).await else {
            continue;
        };
        for game in games {
            if !house.games().contains(&game) {
                tokio::spawn(crate::bots::play::play(house.clone(), bot.clone(), game));
            }
        }
    }
}
