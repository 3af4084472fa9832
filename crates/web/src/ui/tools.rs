//! The tools' controls (the review, the analysis panel and board, the
//! board editor and the puzzles), and when they are available. The tools
//! are in the whole app's module only: see [`super::light`].

use engine::search::Level;
use engine::Side;

use super::Ui;
use crate::tree::NodeId;

/// What the editor's controls ask.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorButton {
    /// Open the editor on the position shown (or the chosen game's start).
    Open,
    /// Place this piece with the next presses (its code), or `erase`.
    Brush(String),
    /// The other side to move.
    Side,
    /// Turn a castling right on or off (its index in `KQkq`).
    Castle(usize),
    /// The en-passant point, as typed (empty for none).
    EnPassant(String),
    Clear,
    Reset,
    /// Forget the rule state the position came with.
    Forget,
    Analyse,
    Computer {
        level: Level,
        human: Side,
    },
    Friend,
    Cancel,
}

/// What the lines' controls ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinesButton {
    /// Open the analysis board on the game shown, at the position shown.
    Open,
    /// Show this turn tried.
    Go(NodeId),
    Promote,
    Delete,
    /// Play on from the position shown against the computer at this level,
    /// the person taking the side to move.
    Continue(Level),
}

/// What the puzzle controls ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleButton {
    /// Open the chosen game's puzzles.
    Open,
    Next,
    Retry,
    Solution,
}

impl Ui {
    /// Whether the game on screen can be reviewed: a game on this device
    /// with turns to go over, the computer not thinking.
    pub fn review_available(&self) -> bool {
        self.shared.online.is_none()
            && self.shared.thinking == super::Thinking::Idle
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(|s| s.game.ply() > 0)
    }

    /// Whether the game shown can be taken to the analysis board: a game
    /// on this device, not already there.
    pub fn analysis_board_available(&self) -> bool {
        self.shared.online.is_none()
            && self.shared.embed.is_none()
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(|s| !s.on_analysis_board())
    }
}
