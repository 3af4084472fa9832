//! Scores, from the side to move's point of view.

use core::fmt;
use core::ops::Neg;

use super::Ply;

/// A position's value for the side to move: material and position in
/// hundredths of a man, or a won or lost game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub i32);

impl Score {
    pub const ZERO: Score = Score(0);
    pub const DRAW: Score = Score(0);
    /// A game won now; a win `n` plies away scores `WIN - n`.
    pub const WIN: Score = Score(1_000_000);
    pub const INFINITE: Score = Score(1_000_001);
    /// Scores beyond this are wins or losses.
    const DECIDED: i32 = 900_000;

    /// A win `ply` plies from the root.
    pub const fn win_in(ply: Ply) -> Score {
        Score(Score::WIN.0 - ply.0 as i32)
    }

    /// A loss `ply` plies from the root.
    pub const fn loss_in(ply: Ply) -> Score {
        Score(-Score::WIN.0 + ply.0 as i32)
    }

    pub const fn is_decided(self) -> bool {
        self.0 > Score::DECIDED || self.0 < -Score::DECIDED
    }

    /// Plies to the end for a decided score.
    pub fn plies_to_end(self) -> Option<Ply> {
        self.is_decided()
            .then(|| Ply((Score::WIN.0 - self.0.abs()) as u32))
    }
}

impl Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(plies) if self.0 > 0 => write!(f, "win in {plies}"),
            Some(plies) => write!(f, "loss in {plies}"),
            None => write!(f, "{}", self.0),
        }
    }
}
