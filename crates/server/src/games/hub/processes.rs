//! The hub's side of sharing a database with other server processes:
//! catching games up with what the others stored (from their hints, or
//! from the table), and saying and hearing who is connected where and what
//! spectators suggest.

use std::sync::Arc;

use online_play::{ErrorCode, EventBody};

use super::{lock, reported, Hub, PRESENCE_BELIEVED};
use crate::games::live::{Live, Saying};

impl Hub {
    /// Whether other server processes share the database.
    pub fn is_shared(&self) -> bool {
        self.db.is_shared()
    }

    /// This process's name among those sharing the database.
    pub fn process(&self) -> &str {
        &self.process
    }

    /// Tells the other processes that the lobby's seeks changed (a failure
    /// is logged: their feeds look again within a second anyway).
    pub async fn tell_lobby(&self) {
        if let Err(e) = self.db.tell_lobby(&self.process).await {
            tracing::warn!(error = %e, "lobby change not shared");
        }
    }

    /// Tells the other processes on the database who is connected to the
    /// game through this one, and what its spectators suggest (a failure
    /// is logged: the next saying mends it).
    pub(super) async fn announce(&self, state: &mut crate::games::live::LiveState) {
        if !self.db.is_shared() {
            return;
        }
        self.say(&[state.take_saying()]).await;
    }

    /// Tells the other processes what this one says of these games (a
    /// failure is logged: the next saying mends it).
    async fn say(&self, sayings: &[(String, Saying)]) {
        if sayings.is_empty() {
            return;
        }
        if let Err(e) = self.db.announce(&self.process, sayings).await {
            tracing::warn!(games = sayings.len(), error = %e, "presence not shared");
        }
    }

    /// What another process says of some games: counted in for those live
    /// here.
    pub async fn said_elsewhere(&self, process: &str, sayings: Vec<(String, Saying)>) {
        for (game, saying) in sayings {
            self.said_of(&game, process, saying).await;
        }
    }

    async fn said_of(&self, game: &str, process: &str, saying: Saying) {
        if process == self.process {
            return;
        }
        let Some(live) = lock(&self.live).get(game).cloned() else {
            let heard = crate::games::live::Elsewhere {
                saying,
                said: std::time::Instant::now(),
            };
            let mut games = lock(&self.heard);
            games.retain(|_, by| {
                by.retain(|_, e| e.said.elapsed() < PRESENCE_BELIEVED);
                !by.is_empty()
            });
            games
                .entry(game.to_string())
                .or_default()
                .insert(process.to_string(), heard);
            return;
        };
        let mut state = live.state.lock().await;
        let new_here = !state.elsewhere.contains_key(process);
        live.said_elsewhere(&mut state, process, saying, self.claim_after);
        // A process that has just taken the game up learns at once who is
        // connected through this one.
        if new_here && !state.is_empty() {
            self.announce(&mut state).await;
        }
    }

    /// Several times a second: tells the other processes the suggestions
    /// made here since it last did (a crowd suggesting at once costs one
    /// notification per game each time, not one per suggestion).
    pub async fn share_suggestions(&self) {
        let games: Vec<Arc<Live>> = lock(&self.live).values().cloned().collect();
        let mut sayings = Vec::new();
        for live in games {
            let mut state = live.state.lock().await;
            if state.suggestions_unsaid {
                sayings.push(state.take_saying());
            }
        }
        self.say(&sayings).await;
    }

    /// Every few seconds: says again who is connected through this process,
    /// and forgets what others have not said again for long.
    pub async fn share_presence(&self) {
        let games: Vec<Arc<Live>> = lock(&self.live).values().cloned().collect();
        let mut sayings = Vec::new();
        for live in games {
            let mut state = live.state.lock().await;
            if !state.is_empty() {
                sayings.push(state.take_saying());
            }
            live.forget_elsewhere(&mut state, PRESENCE_BELIEVED, self.claim_after);
        }
        // A few notifications for them all.
        self.say(&sayings).await;
    }

    /// Brings a live game up to what is stored: the events another server
    /// process stored meanwhile are applied and announced here too (and,
    /// when a seat was taken there, the game's row read again).
    pub(super) async fn catch_up(
        &self,
        live: &Live,
        state: &mut crate::games::live::LiveState,
    ) -> Result<(), ErrorCode> {
        let id = state.row.id.clone();
        let newer = self
            .db
            .events_after(&id, state.room.v)
            .await
            .map_err(|e| reported(&id, &e))?;
        if newer.is_empty() {
            return Ok(());
        }
        // A seat taken there is in the game's row.
        let joined = newer.iter().any(|e| matches!(e, EventBody::Joined { .. }));
        if joined {
            if let Some(row) = self.db.game(&id).await.map_err(|e| reported(&id, &e))? {
                state.row = row;
            }
        }
        live.publish(state, &newer);
        Ok(())
    }

    /// What other server processes store, when they share the database.
    pub async fn hints(
        &self,
    ) -> Option<tokio::sync::mpsc::UnboundedReceiver<crate::storage::postgres::Hint>> {
        self.db.hints().await
    }

    /// Another process stored game `id`'s events up to `v` (`events`, the
    /// last of them, when the hint carried them): caught up with here if
    /// the game is live and behind. Events that follow on from the game as
    /// it is here are applied as they came; otherwise (a hint was missed,
    /// or a seat was taken) they are read from storage.
    pub async fn stored_elsewhere(&self, id: &str, v: u64, events: Option<Vec<EventBody>>) {
        let Some(live) = lock(&self.live).get(id).cloned() else {
            return;
        };
        let mut state = live.state.lock().await;
        if state.room.v >= v {
            return;
        }
        if let Some(events) = events {
            let follows = state.room.v + events.len() as u64 == v;
            let joined = events.iter().any(|e| matches!(e, EventBody::Joined { .. }));
            if follows && !joined {
                live.publish(&mut state, &events);
                return;
            }
        }
        let _ = self.catch_up(&live, &mut state).await;
    }

    /// Catches up with every live game (hints may have been missed).
    pub async fn catch_up_all(&self) {
        let games: Vec<Arc<Live>> = lock(&self.live).values().cloned().collect();
        for live in games {
            let mut state = live.state.lock().await;
            let _ = self.catch_up(&live, &mut state).await;
        }
    }
}
