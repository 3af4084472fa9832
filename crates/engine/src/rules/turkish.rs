//! Turkish draughts (docs/rules.md, "Turkish draughts").

use super::{Capturing, KingLanding, KingRules, NoProgress, Rules, FORWARD, SIDEWAYS};
use crate::geometry::{DirSet, SQUARES_8};
use crate::kind::DraughtsKind;

/// Turkish 3 and 4: a queen slides forward, backward, left or right, and
/// lands on the square just behind the piece it captures (option
/// `queen_lands = behind | any`).
pub(super) const QUEENS: KingRules = KingRules {
    dirs: DirSet::ORTHOGONAL,
    landing: KingLanding::DirectlyBehind,
};

pub static TURKISH: Rules = Rules {
    key: DraughtsKind::Turkish,
    // Turkish 1: 8 × 8, every square used, orthogonal moves only.
    geometry: &SQUARES_8,
    // Turkish 1: White on ranks 2 and 3, Black on 6 and 7; White first.
    start: "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w - - 0",
    // Turkish 2: men step and capture forward, left or right, never backward.
    man_steps: FORWARD.union(SIDEWAYS),
    man_captures: FORWARD.union(SIDEWAYS),
    first_jump: FORWARD.union(SIDEWAYS),
    // Turkish 5: compulsory, and the chain must take the most.
    capturing: Capturing::MandatoryMaximal,
    far_rank_freeze: false,
    no_return: false,
    // Turkish 3 and 4: crowned when the move ends on the last rank; a queen
    // may not turn through 180° between two captures.
    kings: Some(QUEENS),
    // Turkish 7 (house rule): 50 plies with no capture and no man move.
    no_progress: NoProgress::ManMoves,
    no_progress_limit: 50,
    both_blocked_draw: false,
    // Turkish 6: two or more men (no queen) against a lone man win.
    men_beat_lone_man: true,
    // Turkish 7: one piece each, of any kind, is a draw.
    one_piece_each_draws: true,
};
