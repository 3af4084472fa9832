//! Turkish draughts (RULES.md, "Turkish draughts").

use super::{Capturing, KingLanding, KingRules, NoProgress, Rules, FORWARD, SIDEWAYS};
use crate::geometry::{DirSet, SQUARES_8};
use crate::variant::GameKey;

/// "A queen slides any number of empty squares forward, backward, left or
/// right … and lands on the square directly behind the captured piece"
/// (option `queen_lands = behind | any`).
pub(super) const QUEENS: KingRules = KingRules {
    dirs: DirSet::ORTHOGONAL,
    landing: KingLanding::DirectlyBehind,
};

pub static TURKISH: Rules = Rules {
    key: GameKey::Turkish,
    // "8×8 board, all 64 squares used, orthogonal adjacency only."
    geometry: &SQUARES_8,
    // "White: a2–h2, a3–h3. Black: a6–h6, a7–h7. White moves first."
    start: "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w - - 0",
    // "Man: steps one square forward, left or right; captures … forward, left
    // or right … Never backward."
    man_steps: FORWARD.union(SIDEWAYS),
    man_captures: FORWARD.union(SIDEWAYS),
    first_jump: FORWARD.union(SIDEWAYS),
    // "Mandatory, maximal capture."
    capturing: Capturing::MandatoryMaximal,
    far_rank_freeze: false,
    no_return: false,
    // "A man whose move ends on the last rank becomes a queen at the end of
    // the move"; "A queen may not turn 180° between two captures."
    kings: Some(QUEENS),
    // House rule: 50 plies with no capture and no man move.
    no_progress: NoProgress::ManMoves,
    no_progress_limit: 50,
    both_blocked_draw: false,
    // "be left with two or more men (no queens) against a single enemy man".
    men_beat_lone_man: true,
    // "each player has exactly one piece left (any kind)".
    one_piece_each_draws: true,
};
