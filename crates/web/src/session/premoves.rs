//! Premoves: in an online game on a clock, the turns a player enters while
//! the opponent thinks, several in a row. Each is entered on the board as
//! it would stand had the opponent passed ([`AnyGame::passed`]), after the
//! premoves before it. When the player's turn comes, the first is played if
//! it is legal then, and sent to the server like any move, which referees
//! it; if it is not, every premove is dropped. A press on the board that
//! starts no premove drops them too.

use engine::chesquerque::Role;
use engine::{AnyGame, AnyTurn, Entry, Point};

use super::{Session, Update};
use crate::input::Effect;

/// How many premoves a player may queue.
pub const MAX_PREMOVES: usize = 8;

impl Session {
    /// Whether a press now enters a premove: premoves allowed (an online
    /// game on a clock), the opponent to move, nothing under review.
    pub fn premoving(&self) -> bool {
        crate::FULL
            && self.premoves_allowed
            && !self.is_over()
            && !self.human_to_move()
            && self.review.is_none()
    }

    /// The game as the next premove would be entered on: the premoves so
    /// far played on the board, the opponent passing before each.
    fn planned(&self) -> Option<AnyGame> {
        let mut game = self.game.passed()?;
        for path in &self.premoves {
            let turn = entry_along(&game.entries(), path)?.turn;
            game.play(turn).ok()?;
            game = game.passed()?;
        }
        Some(game)
    }

    /// The ways to enter the next premove.
    pub fn premove_entries(&self) -> Vec<Entry> {
        if !self.premoving() || self.premoves.len() >= MAX_PREMOVES {
            return Vec::new();
        }
        self.planned().map(|g| g.entries()).unwrap_or_default()
    }

    /// A press or a drop while the opponent is to move.
    pub(super) fn premove_input(
        &mut self,
        enter: impl FnOnce(&mut Self, &[Entry]) -> Effect,
    ) -> Update {
        let entries = self.premove_entries();
        let idle = self.selection.path.is_empty();
        match enter(self, &entries) {
            Effect::Play(turn) => self.queue(&entries, turn),
            // Chesquerque: a premoved pawn becomes a queen.
            Effect::Promote(options) => {
                let turn = options
                    .iter()
                    .find(|(role, _)| *role == Role::Queen)
                    .or(options.first())
                    .map(|&(_, turn)| turn);
                self.selection.clear();
                if let Some(turn) = turn {
                    self.queue(&entries, turn);
                }
            }
            Effect::Ignored if idle => self.premoves.clear(),
            Effect::Ignored | Effect::Selected | Effect::Cleared | Effect::Huffed => {}
        }
        Update::Selection
    }

    fn queue(&mut self, entries: &[Entry], turn: AnyTurn) {
        if let Some(entry) = entries.iter().find(|e| e.turn == turn) {
            self.premoves.push(entry.path.clone());
        }
        self.selection.clear();
    }

    /// The player's turn has come: the first premove, if it is legal now
    /// (to be sent as the player's move); otherwise every premove goes.
    pub fn take_premove(&mut self) -> Option<AnyTurn> {
        if self.premoves.is_empty() || !self.human_to_move() || self.review.is_some() {
            return None;
        }
        let path = self.premoves.remove(0);
        let turn = entry_along(&self.entries, &path).map(|e| e.turn);
        if turn.is_none() {
            self.premoves.clear();
        }
        turn
    }
}

/// The entry along `path` (no huff first), preferring a queen where a pawn
/// is promoted.
fn entry_along<'a>(entries: &'a [Entry], path: &[Point]) -> Option<&'a Entry> {
    let mut along = entries
        .iter()
        .filter(|e| e.huff.is_none() && e.path == path);
    let first = along.next()?;
    Some(
        core::iter::once(first)
            .chain(along)
            .find(|e| e.promotion == Some(Role::Queen))
            .unwrap_or(first),
    )
}
