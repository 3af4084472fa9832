//! Bell / BrainKing (RULES.md, "Bell / BrainKing").

use super::{Rules, CLASSIC, DIAGONALLY_FORWARD, FORWARD, SIDEWAYS};
use crate::rules::NoProgress;
use crate::variant::GameKey;

pub static BELL: Rules = Rules {
    key: GameKey::Bell,
    // "Board, start and first player as Classic"; regular moves and captures
    // as Classic.
    // "The first jump of a turn must go in a moving direction (forward,
    // diagonally forward or sideways)"; later jumps any direction.
    first_jump: FORWARD.union(DIAGONALLY_FORWARD).union(SIDEWAYS),
    // "Far-rank freeze: a man on the opponent's back rank may make no regular move."
    far_rank_freeze: true,
    // "No return … (per piece, as in Qirkat)." (Option `no_return`.)
    no_return: true,
    // "Draws: agreement only (the game is finite)."
    no_progress: NoProgress::None,
    no_progress_limit: 0,
    ..CLASSIC
};
