//! Bell (docs/rules.md, "Bell").

use super::{Rules, CLASSIC, DIAGONALLY_FORWARD, FORWARD, SIDEWAYS};
use crate::kind::DraughtsKind;
use crate::rules::NoProgress;

pub static BELL: Rules = Rules {
    key: DraughtsKind::Bell,
    // Bell 1 and 2: Classic's board, start, first player and steps.
    // Bell 4: the first jump goes where a man could step; later jumps go
    // in any direction.
    first_jump: FORWARD.union(DIAGONALLY_FORWARD).union(SIDEWAYS),
    // Bell 3: a man on the opponent's back rank only captures.
    far_rank_freeze: true,
    // Bell 5: no return, as in Qirkat (option `no_return`).
    no_return: true,
    // Bell 6: draws by agreement only; the game always ends.
    no_progress: NoProgress::None,
    no_progress_limit: 0,
    ..CLASSIC
};
