//! Qirkat (RULES.md, "Qirkat").

use super::{Capturing, NoProgress, Rules, CLASSIC};
use crate::variant::GameKey;

pub static QIRKAT: Rules = Rules {
    key: GameKey::Qirkat,
    // Board, start, steps and captures as Classic: "forward, diagonally forward
    // or sideways"; jumps "any direction including backward; mandatory; … free
    // choice among jumps".
    capturing: Capturing::Mandatory,
    // "No far-rank freeze."
    far_rank_freeze: false,
    // "no return: a piece may not make a regular move back onto the point it
    // left on its own most recent move." (Option `no_return`.)
    no_return: true,
    // "The game is finite by construction."
    no_progress: NoProgress::None,
    no_progress_limit: 0,
    // "if both players are unable to move, the game is a draw".
    both_blocked_draw: true,
    ..CLASSIC
};
