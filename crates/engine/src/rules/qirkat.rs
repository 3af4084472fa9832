//! Qirkat (docs/rules.md, "Qirkat").

use super::{Capturing, NoProgress, Rules, CLASSIC};
use crate::kind::DraughtsKind;

pub static QIRKAT: Rules = Rules {
    key: DraughtsKind::Qirkat,
    // Qirkat 1, 2 and 5: Classic's board, start, steps and jumps (compulsory,
    // any direction, free choice).
    capturing: Capturing::Mandatory,
    // Qirkat 4: no far-rank freeze.
    far_rank_freeze: false,
    // Qirkat 3: no regular move back onto the point the piece just left
    // (option `no_return`).
    no_return: true,
    // Qirkat 6: the game always ends, so it needs no no-progress draw.
    no_progress: NoProgress::None,
    no_progress_limit: 0,
    // Qirkat 6: drawn when neither player could move.
    both_blocked_draw: true,
    ..CLASSIC
};
