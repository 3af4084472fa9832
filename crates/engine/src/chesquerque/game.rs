//! Chesquerque in the game shell: what ends a game (docs/rules.md,
//! Chesquerque 8 and 9: checkmate wins; stalemate, repetition, the fifty-move
//! rule, king against king and agreement draw) and its notation.

use alloc::string::String;
use alloc::vec::Vec;

use super::movegen::chess_perft;
use super::position::{ChessMove, ChessPosition};
use crate::game::{DrawReason, GamePosition, History, Outcome, WinReason};
use crate::kind::GameKind;
use crate::movegen::Chains;
use crate::notation::MoveError;
use crate::side::Side;

/// Plies without a pawn move or capture after which the game is drawn.
pub const FIFTY_MOVES: u16 = 100;

/// A Chesquerque game.
pub type ChessGame = History<ChessPosition>;

impl History<ChessPosition> {
    pub fn new() -> ChessGame {
        History::from_position(ChessPosition::start())
    }
}

impl Default for History<ChessPosition> {
    fn default() -> Self {
        ChessGame::new()
    }
}

impl GamePosition for ChessPosition {
    fn side_to_move(&self) -> Side {
        ChessPosition::side_to_move(self)
    }

    fn legal_turns(&self) -> Vec<ChessMove> {
        self.legal_moves()
    }

    /// Checkmate or stalemate when the side to move has no legal move;
    /// a draw when only the two kings are left.
    fn decided(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: ChessPosition::side_to_move(self).other(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::Stalemate,
                }
            });
        }
        (self.occupied() == self.kings_set()).then_some(Outcome::Draw {
            reason: DrawReason::BareKings,
        })
    }

    fn out_of_progress(&self) -> bool {
        self.halfmove_clock() >= FIFTY_MOVES
    }

    fn turn_text(&self, mv: ChessMove) -> String {
        self.san(mv)
    }

    fn turn_coordinates(&self, mv: ChessMove) -> String {
        self.move_text(mv)
    }

    /// The coordinate form or SAN.
    fn parse_turn(&self, text: &str) -> Result<ChessMove, MoveError> {
        self.parse_move(text).or_else(|_| self.parse_san(text))
    }

    fn to_text(&self) -> String {
        self.to_fen()
    }

    fn kind(&self) -> GameKind {
        GameKind::Chesquerque
    }

    fn record_header(&self) -> String {
        String::from(GameKind::Chesquerque.as_str())
    }

    fn is_usual_start(&self) -> bool {
        *self == ChessPosition::start()
    }

    /// Chesquerque has no capture chains, so `chains` changes nothing.
    fn perft(&self, depth: u32, _chains: Chains) -> u64 {
        chess_perft(self, depth)
    }

    fn divide(&self, depth: u32, _chains: Chains) -> Vec<(ChessMove, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| (mv, chess_perft(&self.play(mv), depth - 1)))
            .collect()
    }
}

impl ChessPosition {
    /// What the repetition rule compares.
    pub(crate) fn repetition_key(
        &self,
    ) -> (
        [u128; 7],
        [u128; 2],
        Side,
        u8,
        Option<crate::geometry::Point>,
    ) {
        let ep = self.ep.filter(|_| self.has_legal_en_passant());
        (self.roles, self.sides.0, self.side, self.castling, ep)
    }
}
