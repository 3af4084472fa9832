//! Classic (docs/rules.md, "Classic").

use super::{Capturing, NoProgress, Rules, DIAGONALLY_FORWARD, FORWARD, SIDEWAYS};
use crate::geometry::{DirSet, ALQUERQUE};
use crate::kind::DraughtsKind;

pub static CLASSIC: Rules = Rules {
    key: DraughtsKind::Classic,
    // Classic 1: the 5 × 5 board with its diagonals.
    geometry: &ALQUERQUE,
    // Classic 1 and 2: White on ranks 1 and 2, d3 and e3; Black on ranks 4
    // and 5, a3 and b3; White first.
    start: "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0",
    // Classic 3: forward, sideways or diagonally forward, never backward.
    man_steps: FORWARD.union(DIAGONALLY_FORWARD).union(SIDEWAYS),
    // Classic 4: captures in every direction, backward included.
    man_captures: DirSet::ALL,
    first_jump: DirSet::ALL,
    // Classic 5: compulsory, any capture may be chosen.
    capturing: Capturing::Mandatory,
    // Classic 7: a man on the far rank still steps sideways and captures.
    far_rank_freeze: false,
    no_return: false,
    // Classic 7: no promotion.
    kings: None,
    // Classic 9 (house rule): 50 plies with no capture and no forward or
    // diagonally forward step.
    no_progress: NoProgress::ForwardSteps,
    no_progress_limit: 50,
    both_blocked_draw: false,
    men_beat_lone_man: false,
    one_piece_each_draws: false,
};
