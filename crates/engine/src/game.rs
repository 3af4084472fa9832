//! A game: the start position, the turns played, undo and redo, and the
//! outcome with its reason.

use alloc::vec::Vec;
use core::fmt;

use crate::bitboard::Bits;
use crate::position::{Position, Turn};
use crate::rules::{NoProgress, Rules};
use crate::side::Side;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser, to move, has no legal move.
    NoMoves,
    /// Turkish: two or more men (no kings) against a single enemy man.
    MenAgainstLoneMan,
    /// Chesquerque: the loser's king is attacked and cannot escape.
    Checkmate,
    Resignation,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// Qirkat: neither side could move.
    BothBlocked,
    /// The same position for the third time.
    Repetition,
    /// The no-progress limit was reached.
    NoProgress,
    /// Turkish: each side has a single piece.
    OnePieceEach,
    /// Chesquerque: the side to move has no legal move and is not in check.
    Stalemate,
    /// Chesquerque: only the two kings are left.
    BareKings,
    Agreement,
}

impl Outcome {
    /// The result in record form: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    pub fn reason_text(&self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => match reason {
                WinReason::NoPieces => "no pieces left",
                WinReason::NoMoves => "no legal move",
                WinReason::MenAgainstLoneMan => "men against a lone man",
                WinReason::Checkmate => "checkmate",
                WinReason::Resignation => "resignation",
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::BothBlocked => "neither side can move",
                DrawReason::Repetition => "threefold repetition",
                DrawReason::NoProgress => "no progress",
                DrawReason::OnePieceEach => "one piece each",
                DrawReason::Stalemate => "stalemate",
                DrawReason::BareKings => "king against king",
                DrawReason::Agreement => "agreement",
            },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, .. } => write!(f, "{} wins", winner.name())?,
            Outcome::Draw { .. } => f.write_str("Draw")?,
        }
        write!(f, " ({})", self.reason_text())
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

/// Why a turn or an action was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The game is over.
    Finished,
    /// The turn is not legal in the current position.
    IllegalTurn,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameError::Finished => "the game is over",
            GameError::IllegalTurn => "that turn is not legal here",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for GameError {}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game<B: Bits> {
    /// `positions[0]` is the start; `positions[i]` follows `turns[i - 1]`.
    positions: Vec<Position<B>>,
    turns: Vec<Turn<B>>,
    /// Turns taken back, most recent last, to be replayed by `redo`.
    undone: Vec<Turn<B>>,
    /// An outcome by agreement or resignation, which no position shows.
    declared: Option<Outcome>,
    outcome: Option<Outcome>,
}

impl<B: Bits> Game<B> {
    pub fn new(rules: &'static Rules) -> Game<B> {
        Game::from_position(Position::start(rules))
    }

    pub fn from_position(start: Position<B>) -> Game<B> {
        let mut game = Game {
            positions: alloc::vec![start],
            turns: Vec::new(),
            undone: Vec::new(),
            declared: None,
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    pub fn rules(&self) -> &'static Rules {
        self.start().rules()
    }

    pub fn start(&self) -> &Position<B> {
        &self.positions[0]
    }

    pub fn position(&self) -> &Position<B> {
        &self.positions[self.positions.len() - 1]
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn<B>] {
        &self.turns
    }

    /// Every position of the game, the start first.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays a turn after checking it is legal.
    pub fn play(&mut self, turn: Turn<B>) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        if !self.position().legal_turns().contains(&turn) {
            return Err(GameError::IllegalTurn);
        }
        self.push(turn);
        self.undone.clear();
        Ok(())
    }

    fn push(&mut self, turn: Turn<B>) {
        let next = self.position().play_turn(turn);
        self.positions.push(next);
        self.turns.push(turn);
        self.outcome = self.judge();
    }

    /// Takes back the last turn (and any resignation or agreed draw).
    pub fn undo(&mut self) -> Option<Turn<B>> {
        if self.declared.take().is_some() {
            self.outcome = self.judge();
            return None;
        }
        let turn = self.turns.pop()?;
        self.positions.pop();
        self.undone.push(turn);
        self.outcome = self.judge();
        Some(turn)
    }

    /// Plays again the last turn taken back.
    pub fn redo(&mut self) -> Option<Turn<B>> {
        if self.is_over() {
            return None;
        }
        let turn = self.undone.pop()?;
        self.push(turn);
        Some(turn)
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
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
        if self.is_over() {
            return Err(GameError::Finished);
        }
        self.declared = Some(outcome);
        self.outcome = Some(outcome);
        Ok(())
    }

    /// How many times the current position has occurred (by the repetition
    /// rule's notion of sameness), counting from the start.
    pub fn occurrences(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && p.same_state(now))
            .count()
    }

    /// The outcome the rules give the current position, if any: a loss for a
    /// side that cannot move (or a Qirkat draw when neither can) comes before
    /// the draw rules.
    fn judge(&self) -> Option<Outcome> {
        if let Some(declared) = self.declared {
            return Some(declared);
        }
        let position = self.position();
        let rules = position.rules();
        let mover = position.side_to_move();
        if position.pieces(mover).is_empty() && !position.has_legal_turn() {
            return Some(Outcome::Win {
                winner: mover.other(),
                reason: WinReason::NoPieces,
            });
        }
        if let Some(outcome) = material_outcome(position) {
            return Some(outcome);
        }
        if !position.has_legal_turn() {
            if rules.both_blocked_draw && !position.pass().has_legal_turn() {
                return Some(Outcome::Draw {
                    reason: DrawReason::BothBlocked,
                });
            }
            return Some(Outcome::Win {
                winner: mover.other(),
                reason: WinReason::NoMoves,
            });
        }
        if self.occurrences() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if rules.no_progress != NoProgress::None
            && position.no_progress_plies() >= rules.no_progress_limit
        {
            return Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            });
        }
        None
    }
}
