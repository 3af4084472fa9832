//! Special (docs/rules.md, "Special"): orthogonal lines, kings, optional
//! capture punished by huffing.

use super::{Capturing, KingLanding, KingRules, NoProgress, Rules, FORWARD, SIDEWAYS};
use crate::geometry::{DirSet, ORTHOGONAL_5};

pub static SPECIAL: Rules = Rules {
    key: crate::kind::DraughtsKind::Special,
    // Special 1: orthogonal lines only; Classic's start and first player.
    geometry: &ORTHOGONAL_5,
    start: super::CLASSIC.start,
    // Special 2: a man steps forward or sideways.
    man_steps: FORWARD.union(SIDEWAYS),
    // Special 2: and captures forward or sideways, never backward.
    man_captures: FORWARD.union(SIDEWAYS),
    first_jump: FORWARD.union(SIDEWAYS),
    // Special 7: capturing is optional; a skipped capture may be huffed.
    capturing: Capturing::OptionalWithHuff,
    far_rank_freeze: false,
    no_return: false,
    // Special 4 and 5: a King slides orthogonally, and captures at long
    // range, landing on any empty point beyond the piece it takes.
    kings: Some(KingRules {
        dirs: DirSet::ORTHOGONAL,
        landing: KingLanding::AnyBeyond,
    }),
    // Special 10 (house rule): 50 plies with no capture, no huff and no man move.
    no_progress: NoProgress::ManMoves,
    no_progress_limit: 50,
    both_blocked_draw: false,
    men_beat_lone_man: false,
    one_piece_each_draws: false,
};
