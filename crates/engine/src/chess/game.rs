//! A Chesquerque game: moves, undo, and the outcome with its reason
//! (docs/rules.md, Chesquerque 8 and 9: checkmate wins; stalemate,
//! repetition, the fifty-move rule, king against king and agreement draw).

use alloc::vec::Vec;

use super::position::{ChessMove, ChessPosition, Role};
use crate::game::{DrawReason, GameError, Outcome, WinReason};
use crate::side::Side;

/// Plies without a pawn move or capture after which the game is drawn.
pub const FIFTY_MOVES: u16 = 100;

/// A Chesquerque game.
#[derive(Clone, Debug)]
pub struct ChessGame {
    positions: Vec<ChessPosition>,
    moves: Vec<ChessMove>,
    declared: Option<Outcome>,
    outcome: Option<Outcome>,
}

impl ChessGame {
    pub fn new() -> ChessGame {
        ChessGame::from_position(ChessPosition::start())
    }

    pub fn from_position(start: ChessPosition) -> ChessGame {
        let mut game = ChessGame {
            positions: alloc::vec![start],
            moves: Vec::new(),
            declared: None,
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    pub fn position(&self) -> &ChessPosition {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position of the game, the start first.
    pub fn positions(&self) -> &[ChessPosition] {
        &self.positions
    }

    pub fn moves(&self) -> &[ChessMove] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn play(&mut self, mv: ChessMove) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Finished);
        }
        if !self.position().legal_moves().contains(&mv) {
            return Err(GameError::IllegalTurn);
        }
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.outcome = self.judge();
        Ok(())
    }

    /// Takes back the last move (or a resignation or agreed draw).
    pub fn undo(&mut self) -> Option<ChessMove> {
        if self.declared.take().is_some() {
            self.outcome = self.judge();
            return None;
        }
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.outcome = self.judge();
        Some(mv)
    }

    pub fn resign(&mut self, loser: Side) -> Result<(), GameError> {
        self.declare(Outcome::Win {
            winner: loser.other(),
            reason: WinReason::Resignation,
        })
    }

    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.declare(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Finished);
        }
        self.declared = Some(outcome);
        self.outcome = Some(outcome);
        Ok(())
    }

    /// How often the current position has occurred, by the repetition rule's
    /// sameness (pieces, side to move, castling rights, and the en-passant
    /// point only when a capture onto it is legal).
    pub fn occurrences(&self) -> usize {
        let now = self.position().repetition_key();
        self.positions
            .iter()
            .filter(|p| p.repetition_key() == now)
            .count()
    }

    fn judge(&self) -> Option<Outcome> {
        if let Some(declared) = self.declared {
            return Some(declared);
        }
        let position = self.position();
        let mover = position.side_to_move();
        if position.legal_moves().is_empty() {
            return Some(if position.in_check() {
                Outcome::Win {
                    winner: mover.other(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::Stalemate,
                }
            });
        }
        let kings = position.roles[Role::King as usize];
        if position.occupied() == kings {
            return Some(Outcome::Draw {
                reason: DrawReason::BareKings,
            });
        }
        if self.occurrences() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if position.halfmove_clock() >= FIFTY_MOVES {
            return Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            });
        }
        None
    }
}

impl Default for ChessGame {
    fn default() -> Self {
        ChessGame::new()
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
