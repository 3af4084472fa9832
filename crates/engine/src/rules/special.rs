//! Special (RULES.md, "Special"): orthogonal lines, kings, optional capture
//! punished by huffing.

use super::{Capturing, KingLanding, KingRules, NoProgress, Rules, FORWARD, SIDEWAYS};
use crate::geometry::{DirSet, ORTHOGONAL_5};

pub static SPECIAL: Rules = Rules {
    key: crate::variant::GameKey::Special,
    // "5×5 board with orthogonal lines only. Same start and first player as Classic."
    geometry: &ORTHOGONAL_5,
    start: super::CLASSIC.start,
    // "Man step: forward or sideways, one point."
    man_steps: FORWARD.union(SIDEWAYS),
    // "Man capture: … forward or sideways … Never backward."
    man_captures: FORWARD.union(SIDEWAYS),
    first_jump: FORWARD.union(SIDEWAYS),
    // "Capturing is optional — the huffing rule."
    capturing: Capturing::OptionalWithHuff,
    far_rank_freeze: false,
    no_return: false,
    // "King step: slides any number of empty points in any of the four
    // orthogonal directions." "King capture (long range): … landing on any
    // empty point beyond it."
    kings: Some(KingRules {
        dirs: DirSet::ORTHOGONAL,
        landing: KingLanding::AnyBeyond,
    }),
    // House rule: 50 plies with no capture, no huff and no man move.
    no_progress: NoProgress::ManMoves,
    no_progress_limit: 50,
    both_blocked_draw: false,
    men_beat_lone_man: false,
    one_piece_each_draws: false,
};
