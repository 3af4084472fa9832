//! Distances in plies (half-moves), typed by what they measure: how deep a
//! search looks ([`Depth`]), and how far a position lies from the root of
//! a search or a game's end from it ([`Ply`]).

use core::fmt;

/// A search's full-width depth: every line is looked at this many plies
/// deep before only tactical turns are followed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Depth(pub u32);

impl Depth {
    pub const ZERO: Depth = Depth(0);

    /// One ply less, stopping at zero.
    pub const fn shallower(self) -> Depth {
        Depth(self.0.saturating_sub(1))
    }

    /// The depth as plies.
    pub const fn plies(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Depth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A number of plies: from a search's root to a position, or from a
/// position to the end of a decided game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Ply(pub u32);

impl Ply {
    pub const ZERO: Ply = Ply(0);

    /// The ply after this one.
    pub const fn next(self) -> Ply {
        Ply(self.0 + 1)
    }

    /// As an index (into a list kept per ply).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether a game decided this far away is within `depth`'s reach.
    pub const fn within(self, depth: Depth) -> bool {
        self.0 <= depth.0
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl core::ops::Add for Ply {
    type Output = Ply;

    fn add(self, other: Ply) -> Ply {
        Ply(self.0 + other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_and_plies_count_as_they_read() {
        assert_eq!(Depth(3).shallower(), Depth(2));
        assert_eq!(Depth::ZERO.shallower(), Depth::ZERO);
        assert_eq!(Ply(2).next() + Ply(3), Ply(6));
        assert!(Ply(4).within(Depth(4)) && !Ply(5).within(Depth(4)));
        assert_eq!(Ply(7).index(), 7);
        assert_eq!(alloc::format!("{} {}", Depth(9), Ply(12)), "9 12");
    }
}
