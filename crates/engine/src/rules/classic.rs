//! Classic (RULES.md, "Classic").

use super::{Capturing, NoProgress, Rules, DIAGONALLY_FORWARD, FORWARD, SIDEWAYS};
use crate::geometry::{DirSet, ALQUERQUE};
use crate::variant::GameKey;

pub static CLASSIC: Rules = Rules {
    key: GameKey::Classic,
    // "5×5 Alquerque board with diagonals."
    geometry: &ALQUERQUE,
    // "White: a1–e1, a2–e2, d3, e3. Black: a5–e5, a4–e4, a3, b3. … White moves first."
    start: "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0",
    // "Step: … forward, sideways, or diagonally forward. Never backward."
    man_steps: FORWARD.union(DIAGONALLY_FORWARD).union(SIDEWAYS),
    // "Capture: … in any line direction, backward included."
    man_captures: DirSet::ALL,
    first_jump: DirSet::ALL,
    // "Mandatory capture … The player chooses freely among captures."
    capturing: Capturing::Mandatory,
    // "A man on the far rank can still step sideways and capture."
    far_rank_freeze: false,
    no_return: false,
    // "No promotion."
    kings: None,
    // House rule: 50 plies with no capture and no forward or diagonally-forward step.
    no_progress: NoProgress::ForwardSteps,
    no_progress_limit: 50,
    both_blocked_draw: false,
    men_beat_lone_man: false,
    one_piece_each_draws: false,
};
