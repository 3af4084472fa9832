//! Rating a rated game once its end is stored: both players' ratings move
//! (Glicko-2) and a `rated` event tells everyone by how much. Whichever
//! process stored the end does it; the event's version makes it once. A
//! player who abandoned the game is noted ([`crate::lobby::fair_play`]).

use engine::Side;
use online_play::{EndReason, EventBody, GameResult};

use super::{reported, Hub};
use crate::games::live::{Live, LiveState};
use crate::ratings::standings::RatedGame;
use crate::ratings::Score;

impl Hub {
    /// Notes who abandoned a rated game that has just ended: a player not
    /// connected when their clock ran out, when the opponent claimed the
    /// game, or when their first move's time ran out (a failure is
    /// logged).
    pub(super) async fn note_abandons(&self, state: &LiveState) {
        let Some((result, reason)) = state.room.result else {
            return;
        };
        if !state.row.rated {
            return;
        }
        let (online, _) = state.present();
        let absent = |side: Side| online[side.index()] == 0;
        let abandoner = match (reason, result) {
            (EndReason::OutOfTime, GameResult::WhiteWins) => Some(Side::Black),
            (EndReason::OutOfTime, GameResult::BlackWins) => Some(Side::White),
            (EndReason::OpponentLeft, _) => {
                [Side::White, Side::Black].into_iter().find(|&s| absent(s))
            }
            (EndReason::Aborted, _) if state.room.game.ply() < 2 => {
                Some(state.room.game.side_to_move())
            }
            _ => None,
        }
        .filter(|&side| absent(side));
        let Some(user) = abandoner.and_then(|side| state.row.players[side.index()].as_ref()) else {
            return;
        };
        let now = self.time.now();
        match self.db.note_abandon(user, &state.row.id, now).await {
            Ok(()) => tracing::info!(game = %state.row.id, %user, "abandoned"),
            Err(e) => tracing::error!(error = %e, "storage failed"),
        }
    }

    /// Reads a rated game that has just been rated for fair play's flags,
    /// apart from the game (the endgame tables' judging takes a while).
    fn read_fair_play(&self, state: &LiveState, score: Score) {
        let [Some(white), Some(black)] = state.row.players.clone() else {
            return;
        };
        let end = crate::safety::flags::RatedEnd {
            game_id: state.row.id.clone(),
            game: state.row.header.clone(),
            players: [white, black],
            result: match score {
                Score::Win => "white_wins",
                Score::Loss => "black_wins",
                Score::Draw => "draw",
            }
            .to_string(),
            plies: u32::try_from(state.room.game.ply()).unwrap_or(u32::MAX),
            ended: self.time.now(),
            tallies: Default::default(),
        };
        let (db, game) = (self.db.clone(), state.room.game.clone());
        tokio::spawn(crate::safety::flags::read_end(db, end, game));
    }

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
                self.read_fair_play(state, score);
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
