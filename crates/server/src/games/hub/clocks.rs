//! The clocks' timers: a game with clocks is ended when the side on move
//! runs out of time, or when White never makes the first move, by
//! whichever process holds it (several may try: the store lets one event
//! in, and the others catch up with it).
//!
//! A live game tells its next deadline whenever its clocks are set; one
//! task keeps a timer per game, on the server's [`crate::time::Time`], so
//! a test moves the time instead of sleeping.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::mpsc;
use tokio::task::AbortHandle;

use super::Hub;

/// When a game's clocks next need a look (ms since the Unix epoch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    pub game: String,
    pub at: u64,
    /// When to warn the player on move that `at` is near (correspondence).
    pub warn: Option<u64>,
}

pub type DueSender = mpsc::UnboundedSender<Due>;
pub type DueReceiver = mpsc::UnboundedReceiver<Due>;

impl Hub {
    /// Ends the game `id` if its clocks say so now (a failure is logged:
    /// the next look, or the next move, ends it).
    pub async fn check_clock(&self, id: &str) {
        if let Ok(Some(live)) = self.load(id).await {
            self.end_if_due(id, &live).await;
        }
    }

    /// Ends a live game if its clocks say so now.
    pub(super) async fn end_if_due(&self, id: &str, live: &crate::games::live::Live) {
        let mut state = live.state.lock().await;
        if state.room.due().is_none_or(|due| due > self.time.now_ms()) {
            return;
        }
        if self.db.is_shared() && self.catch_up(live, &mut state).await.is_err() {
            return;
        }
        let events = state.room.check_time(self.time.now_ms(), state.row.rated);
        if events.is_empty() {
            return;
        }
        // A storage failure was logged where it happened.
        if let Ok(true) = self.try_commit(live, &mut state, &events).await {
            tracing::info!(game = id, "ended by the clock");
        }
    }
}

impl Hub {
    /// Takes up every game whose clocks run (a server starting again, or a
    /// new process): each is loaded, ended if its time ran out meanwhile,
    /// and otherwise timed from here on.
    pub async fn take_up_clocks(&self) {
        let games = match self.db.running_games().await {
            Ok(games) => games,
            Err(e) => {
                tracing::error!(error = %e, "storage failed");
                return;
            }
        };
        if !games.is_empty() {
            tracing::info!(games = games.len(), "games with clocks taken up");
        }
        for id in games {
            self.check_clock(&id).await;
        }
    }
}

/// Keeps one timer per game, each at the game's latest deadline, until
/// the hub is gone.
pub async fn keep_time(hub: Arc<Hub>, mut deadlines: DueReceiver) {
    let mut timers: HashMap<String, (u64, AbortHandle)> = HashMap::new();
    while let Some(Due { game, at, warn }) = deadlines.recv().await {
        if timers
            .get(&game)
            .is_some_and(|(when, timer)| *when == at && !timer.is_finished())
        {
            continue;
        }
        let hub_for_timer = hub.clone();
        let id = game.clone();
        let timer = tokio::spawn(async move {
            if let Some(warn) = warn {
                hub_for_timer.time.until(warn).await;
                hub_for_timer.warn_clock(&id, at).await;
            }
            hub_for_timer.time.until(at).await;
            hub_for_timer.check_clock(&id).await;
        });
        if let Some((_, earlier)) = timers.insert(game, (at, timer.abort_handle())) {
            earlier.abort();
        }
        if timers.len() > 1024 {
            timers.retain(|_, (_, timer)| !timer.is_finished());
        }
    }
}
