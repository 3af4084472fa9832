//! The hint: the computer's best turn in the position on the board, asked
//! of its worker on a game on this device, and shown as its piece and
//! destination until the position changes.

use engine::{AnyGame, Point};

use super::{Effect, Ui};
use crate::worker::{AnalysisReply, Request};

/// How deep and far a hint looks.
const HINT_LIMITS: (u32, u64) = (8, 300_000);

impl Ui {
    /// Whether a hint may be asked for: a game on this device (never
    /// online), the person's turn, the computer idle.
    pub fn hint_available(&self) -> bool {
        self.shared.online.is_none()
            && !self.puzzle_unanswered()
            && self.shared.thinking == super::Thinking::Idle
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(|s| s.human_to_move() && s.review.is_none())
    }

    /// Asks the worker for the best turn, to show as a hint.
    pub(super) fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if !self.hint_available() || self.screen.game().is_some_and(|g| g.hint.is_some()) {
            return;
        }
        let Some(session) = &self.shared.session else {
            return;
        };
        let record = session.game.to_record_line();
        let ply = session.game.ply();
        let id = self.next_id();
        if let Some(game) = self.screen.game_mut() {
            game.hint = Some((id, None));
        }
        fx.push(Effect::Ask(Request::analyse(
            id,
            record,
            ply,
            1,
            HINT_LIMITS.0,
            HINT_LIMITS.1,
        )));
    }

    /// The hint's answer: its piece and destination shown, and counted in
    /// the game's statistics; whether the reply was the hint's.
    pub(super) fn hint_reply(
        &mut self,
        id: u32,
        analysis: &AnalysisReply,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let Some(game) = self.screen.game_mut() else {
            return false;
        };
        if game.hint.map(|(asked, _)| asked) != Some(id) {
            return false;
        }
        let Some(session) = &self.shared.session else {
            return true;
        };
        let shown = analysis
            .lines
            .first()
            .and_then(|best| turn_points(&session.game, &best.turn));
        game.hint = Some((id, shown));
        if shown.is_some() {
            self.shared.stats.count_hint(session.game.kind());
            fx.push(Effect::Store {
                key: super::STATS_KEY.to_string(),
                value: self.shared.stats.to_text(),
            });
        }
        true
    }

    /// The hint shown, while the position it was for is on the board.
    pub(super) fn hint_arrow(&self) -> Option<(engine::Point, engine::Point)> {
        self.screen.game()?.hint.and_then(|(_, shown)| shown)
    }
}

/// The points a turn (in coordinates) goes from and to in `game`'s
/// current position, for an arrow.
pub(super) fn turn_points(game: &AnyGame, coords: &str) -> Option<(Point, Point)> {
    let turn = game.parse(coords).ok()?;
    let entry = game.entries().into_iter().find(|e| e.turn == turn)?;
    Some((*entry.path.first()?, *entry.path.last()?))
}
