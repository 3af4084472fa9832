//! Rating a rated game once its end is stored: both players' ratings move
//! (Glicko-2) and a `rated` event tells everyone by how much. Whichever
//! process stored the end does it; the event's version makes it once.

use online_play::{EventBody, GameResult};

use super::{reported, Hub};
use crate::live::{Live, LiveState};
use crate::ratings::Score;
use crate::standings::RatedGame;

impl Hub {
    /// Rates the game if it is a rated game that has just ended with a
    /// result and is not rated yet (a failure is logged).
    pub(super) async fn rate_if_ended(&self, live: &Live, state: &mut LiveState) {
        if !state.row.rated || state.room.rated.is_some() {
            return;
        }
        let score = match state.room.result {
            Some((GameResult::WhiteWins, _)) => Score::Win,
            Some((GameResult::BlackWins, _)) => Score::Loss,
            Some((GameResult::Draw, _)) => Score::Draw,
            Some((GameResult::NoResult, _)) | None => return,
        };
        let [Some(white), Some(black)] = state.row.players.clone() else {
            return;
        };
        let game = RatedGame {
            id: state.row.id.clone(),
            v: state.room.v + 1,
            game: state.row.header.clone(),
            players: [white, black],
            score,
        };
        match self.db.rate(game).await {
            Ok(event) => {
                if let EventBody::Rated { white, black } = &event {
                    tracing::info!(
                        game = %state.row.id,
                        white = white.after - white.before,
                        black = black.after - black.before,
                        "rated"
                    );
                }
                live.publish(state, &[event]);
            }
            // Another process rated it first: catch up with it.
            Err(e) if e.is_taken() => {
                let _ = self.catch_up(live, state).await;
            }
            Err(e) => {
                reported(&state.row.id, &e);
            }
        }
    }
}
