//! How a game ends, and why an action in a game is refused.

use core::fmt;

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
