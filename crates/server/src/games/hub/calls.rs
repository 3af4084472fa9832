//! When a game calls a player back ([`crate::push`]): after a move in a
//! correspondence game, the player now on move, unless a page of theirs
//! shows the game; and before a correspondence move's time runs out, the
//! player on move once per move, by whichever process claims it first.

use engine::Side;
use online_play::api::{game_url, PushKind};
use online_play::EventBody;

use super::Hub;
use crate::games::live::{Live, LiveState};
use crate::push::Notice;

/// How long before a correspondence move's time runs out its player is
/// warned: a quarter of the move's time, and no more than 12 hours.
pub fn warn_before(move_ms: u64) -> u64 {
    (move_ms / 4).min(12 * 60 * 60 * 1000)
}

/// When the player on move in `state` is to be warned, in a
/// correspondence game whose clocks run.
pub(crate) fn warning_due(state: &LiveState) -> Option<u64> {
    let clock = state.room.clock.as_ref()?;
    if !clock.control.per_move() {
        return None;
    }
    let due = state.room.due()?;
    Some(due.saturating_sub(warn_before(clock.control.base_ms())))
}

impl Hub {
    /// Calls the player on move back after `events` were stored here.
    pub(super) fn call_back(&self, state: &LiveState, events: &[EventBody]) {
        let moved = events.iter().any(|e| matches!(e, EventBody::Moved { .. }));
        let per_move = state
            .room
            .clock
            .as_ref()
            .is_some_and(|c| c.control.per_move());
        if !moved || !per_move || state.room.is_over() {
            return;
        }
        let side = state.room.game.side_to_move();
        let (online, _) = state.present();
        if online[side.index()] > 0 {
            return;
        }
        self.tell_side(state, side, PushKind::Moved);
    }

    /// Warns the player on move in game `id` that its deadline `at` is
    /// near, if that is still its deadline and no process warned of it.
    pub async fn warn_clock(&self, id: &str, at: u64) {
        let Ok(Some(live)) = self.load(id).await else {
            return;
        };
        let live: &Live = &live;
        let mut state = live.state.lock().await;
        if self.db.is_shared() && self.catch_up(live, &mut state).await.is_err() {
            return;
        }
        if state.room.due() != Some(at) || state.room.is_over() {
            return;
        }
        let side = state.room.game.side_to_move();
        if state.row.players[side.index()].is_none() {
            return;
        }
        match self.db.claim_warning(id, at as i64).await {
            Ok(true) => self.tell_side(&state, side, PushKind::Clock),
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, game = id, "a clock's warning not claimed"),
        }
    }

    fn tell_side(&self, state: &LiveState, side: Side, kind: PushKind) {
        let Some(user) = &state.row.players[side.index()] else {
            return;
        };
        let from = state.row.names[side.other().index()]
            .clone()
            .unwrap_or_default();
        let id = state.row.id.clone();
        self.push.tell(
            user,
            Notice {
                kind,
                url: game_url(&id),
                id,
                from,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: u64 = 60 * 60 * 1000;

    #[test]
    fn a_move_is_warned_of_a_quarter_of_its_time_before_and_at_most_twelve_hours() {
        assert_eq!(warn_before(24 * HOUR), 6 * HOUR);
        assert_eq!(warn_before(2 * 24 * HOUR), 12 * HOUR);
        assert_eq!(warn_before(14 * 24 * HOUR), 12 * HOUR);
    }
}
