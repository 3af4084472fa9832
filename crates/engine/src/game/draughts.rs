//! The draughts family in the game shell: what ends a game of the 5 × 5
//! games and of Turkish draughts, and their notation.

use alloc::string::String;
use alloc::vec::Vec;

use super::history::History;
use super::playable::GamePosition;
use super::{DrawReason, Outcome, WinReason};
use crate::bitboard::Bits;
use crate::kind::GameKind;
use crate::movegen::Chains;
use crate::notation::MoveError;
use crate::perft::Perft;
use crate::position::{Position, Turn};
use crate::rules::{NoProgress, Rules};
use crate::side::Side;

/// A draughts-family game. `B` is the bitboard type of its board (see
/// [`crate::with_bits`]).
pub type Game<B> = History<Position<B>>;

impl<B: Bits> History<Position<B>> {
    pub fn new(rules: &'static Rules) -> Game<B> {
        History::from_position(Position::start(rules))
    }

    pub fn rules(&self) -> &'static Rules {
        self.start().rules()
    }
}

/// The material rules of Turkish draughts, checked for both sides after
/// every move: one piece each draws; two or more men (no kings) against a
/// single enemy man win.
pub(crate) fn material_outcome<B: Bits>(position: &Position<B>) -> Option<Outcome> {
    let rules = position.rules();
    let count = |side: Side| position.pieces(side).count();
    if rules.one_piece_each_draws && count(Side::White) == 1 && count(Side::Black) == 1 {
        return Some(Outcome::Draw {
            reason: DrawReason::OnePieceEach,
        });
    }
    if rules.men_beat_lone_man {
        for winner in Side::BOTH {
            let loser = winner.other();
            let men_only = position.kings(winner).is_empty() && position.men(winner).count() >= 2;
            let lone_man = count(loser) == 1 && position.kings(loser).is_empty();
            if men_only && lone_man {
                return Some(Outcome::Win {
                    winner,
                    reason: WinReason::MenAgainstLoneMan,
                });
            }
        }
    }
    None
}

impl<B: Bits> GamePosition for Position<B> {
    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_turns(&self) -> Vec<Turn<B>> {
        Position::legal_turns(self)
    }

    /// A side to move without pieces loses, then the material rules apply;
    /// a side that cannot move loses (or, in Qirkat, draws when neither
    /// side can).
    fn decided(&self) -> Option<Outcome> {
        let rules = self.rules();
        let mover = Position::side_to_move(self);
        let can_move = self.has_legal_turn();
        if self.pieces(mover).is_empty() && !can_move {
            return Some(Outcome::Win {
                winner: mover.other(),
                reason: WinReason::NoPieces,
            });
        }
        if let Some(outcome) = material_outcome(self) {
            return Some(outcome);
        }
        if can_move {
            return None;
        }
        if rules.both_blocked_draw && !self.pass().has_legal_turn() {
            return Some(Outcome::Draw {
                reason: DrawReason::BothBlocked,
            });
        }
        Some(Outcome::Win {
            winner: mover.other(),
            reason: WinReason::NoMoves,
        })
    }

    fn out_of_progress(&self) -> bool {
        let rules = self.rules();
        rules.no_progress != NoProgress::None && self.no_progress_plies() >= rules.no_progress_limit
    }

    fn turn_text(&self, turn: Turn<B>) -> String {
        Position::turn_text(self, turn)
    }

    fn parse_turn(&self, text: &str) -> Result<Turn<B>, MoveError> {
        Position::parse_turn(self, text)
    }

    fn to_text(&self) -> String {
        Position::to_text(self)
    }

    fn kind(&self) -> GameKind {
        GameKind::Draughts(self.rules().key)
    }

    fn is_usual_start(&self) -> bool {
        *self == Position::start(self.rules())
    }

    fn record_header(&self) -> String {
        let rules = self.rules();
        let mut line = String::from(rules.key.as_str());
        for (name, value) in rules.changed_options() {
            line.push_str(&alloc::format!(" option {name}={value}"));
        }
        line
    }

    fn perft(&self, depth: u32, chains: Chains) -> u64 {
        Perft::new(chains).count(self, depth)
    }

    fn divide(&self, depth: u32, chains: Chains) -> Vec<(Turn<B>, u64)> {
        Perft::new(chains).divide(self, depth)
    }
}
