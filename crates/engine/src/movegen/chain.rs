//! The board as a capture chain sees it, and the rays a piece looks along.

use crate::bitboard::Bits;
use crate::geometry::{Dir, DirSet, Geometry, Point};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// The longest chain followed: one jump per enemy piece, and no rule set
/// gives a side more than 16 pieces.
pub(super) const MAX_CHAIN: usize = 32;

/// The nearest point of a non-empty set lying on one ray in direction `d`.
#[inline(always)]
pub(super) fn nearest<B: Bits>(d: Dir, set: B) -> Point {
    if d.ascends() {
        set.lowest()
    } else {
        set.highest()
    }
}

/// The farthest point of a non-empty set lying on one ray in direction `d`.
#[inline(always)]
pub(super) fn farthest<B: Bits>(d: Dir, set: B) -> Point {
    if d.ascends() {
        set.highest()
    } else {
        set.lowest()
    }
}

/// Going from `at` in direction `d`: the empty points passed, and the first
/// point that is not empty (if the line does not end first).
#[inline(always)]
pub(super) fn slide<B: Bits>(g: &Geometry, at: Point, d: Dir, empty: B) -> (B, Option<Point>) {
    let ray = B::from_u128(g.ray_mask(at, d));
    let blockers = ray & !empty;
    if blockers.is_empty() {
        return (ray, None);
    }
    let stop = nearest(d, blockers);
    let before = if d.ascends() {
        ray.below(stop)
    } else {
        ray.above(stop)
    };
    (before, Some(stop))
}

/// The board as a chain sees it: the moving piece lifted off, captured pieces
/// gone.
#[derive(Clone, Copy)]
pub(super) struct ChainBoard<B> {
    pub empty: B,
    pub enemy: B,
    pub captured: B,
}

impl<B: Bits> ChainBoard<B> {
    /// The same board with the piece on `from` lifted off to move.
    #[inline(always)]
    pub fn lifted(self, from: Point) -> ChainBoard<B> {
        ChainBoard {
            empty: self.empty | B::from_point(from),
            ..self
        }
    }

    #[inline(always)]
    pub fn jump(self, over: Point) -> ChainBoard<B> {
        let bit = B::from_point(over);
        ChainBoard {
            empty: self.empty | bit,
            enemy: self.enemy ^ bit,
            captured: self.captured | bit,
        }
    }
}

/// The directions a man may jump in, as seen by its side: on the first jump
/// of a turn and on later ones.
#[derive(Clone, Copy)]
pub(super) struct JumpDirs {
    pub first: DirSet,
    pub later: DirSet,
}

impl JumpDirs {
    /// A man's jump directions for `us`.
    #[inline(always)]
    pub fn of(rules: &Rules, us: Side) -> JumpDirs {
        JumpDirs {
            first: Rules::for_side(rules.first_jump, us),
            later: Rules::for_side(rules.man_captures, us),
        }
    }
}

impl<B: Bits> Position<B> {
    #[inline(always)]
    pub(super) fn empty_in(&self, rules: &Rules) -> B {
        B::from_u128(rules.geometry.all_mask()) & !self.occupied()
    }

    /// The board a capture chain of `us` starts from, before its piece is
    /// lifted.
    #[inline(always)]
    pub(super) fn chain_board(&self, rules: &Rules, us: Side) -> ChainBoard<B> {
        ChainBoard {
            empty: self.empty_in(rules),
            enemy: self.pieces(us.other()),
            captured: B::ZERO,
        }
    }
}
