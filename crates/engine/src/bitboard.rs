//! Sets of points as machine words.
//!
//! A board of up to 32 points uses `u32`, up to 64 `u64`, up to 128 `u128`.
//! Bit `i` stands for the point with index `i`; bits past the board are never
//! set in a set that describes pieces (callers mask with the board).

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::geometry::Point;

/// A set of points, one bit each.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    /// How many points the type can hold.
    const CAPACITY: usize;

    /// The low bits of a 128-bit set (geometry tables are stored that wide).
    fn from_u128(bits: u128) -> Self;
    fn to_u128(self) -> u128;
    fn from_point(p: Point) -> Self;
    /// Moves every bit by `delta` places (towards higher indices when positive).
    fn shift(self, delta: i32) -> Self;
    fn count(self) -> u32;
    /// The lowest point of a non-empty set.
    fn lowest(self) -> Point;
    /// The highest point of a non-empty set.
    fn highest(self) -> Point;
    /// The points of the set with a lower index than `p`.
    fn below(self, p: Point) -> Self;
    /// The points of the set with a higher index than `p`.
    fn above(self, p: Point) -> Self;
    /// The set without its lowest point.
    fn without_lowest(self) -> Self;

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    #[inline(always)]
    fn has(self, p: Point) -> bool {
        !(self & Self::from_point(p)).is_empty()
    }

    /// The points of the set, lowest first.
    #[inline(always)]
    fn points(self) -> PointIter<Self> {
        PointIter(self)
    }
}

/// `1 << i` for a 128-bit set. WebAssembly has no 128-bit shift, and a
/// shift by a variable amount becomes a call; a table lookup does not.
static ONE_128: [u128; 128] = {
    let mut table = [0; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = 1 << i;
        i += 1;
    }
    table
};

#[inline(always)]
fn one_u32(i: usize) -> u32 {
    1 << i
}

#[inline(always)]
fn one_u64(i: usize) -> u64 {
    1 << i
}

#[inline(always)]
fn one_u128(i: usize) -> u128 {
    ONE_128[i]
}

macro_rules! impl_bits {
    ($t:ty, $one:ident) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;

            #[inline(always)]
            fn from_u128(bits: u128) -> Self {
                bits as $t
            }

            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }

            #[inline(always)]
            fn from_point(p: Point) -> Self {
                debug_assert!(p.index() < Self::CAPACITY);
                $one(p.index())
            }

            #[inline(always)]
            fn shift(self, delta: i32) -> Self {
                if delta >= 0 {
                    self << delta as u32
                } else {
                    self >> (-delta) as u32
                }
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> Point {
                debug_assert!(self != 0);
                Point::from_index_unchecked(self.trailing_zeros() as u8)
            }

            #[inline(always)]
            fn below(self, p: Point) -> Self {
                self & ($one(p.index()) - 1)
            }

            #[inline(always)]
            fn above(self, p: Point) -> Self {
                let one = $one(p.index());
                self & !(one | (one - 1))
            }

            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn highest(self) -> Point {
                debug_assert!(self != 0);
                Point::from_index_unchecked((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
        }
    };
}

impl_bits!(u32, one_u32);
impl_bits!(u64, one_u64);
impl_bits!(u128, one_u128);

/// Iterates the points of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct PointIter<B>(B);

impl<B: Bits> Iterator for PointIter<B> {
    type Item = Point;

    #[inline(always)]
    fn next(&mut self) -> Option<Point> {
        if self.0.is_empty() {
            return None;
        }
        let p = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Every point operation agrees with plain shifts, at every index of
    /// every width, on a set with bits on both sides of the point.
    fn check<B: Bits>(set: B) {
        let wide = set.to_u128();
        for i in 0..B::CAPACITY {
            let p = Point::from_index_unchecked(i as u8);
            let one = 1u128 << i;
            assert_eq!(B::from_point(p).to_u128(), one, "from_point {i}");
            assert_eq!(set.below(p).to_u128(), wide & (one - 1), "below {i}");
            let higher = if i + 1 == 128 { 0 } else { !0u128 << (i + 1) };
            assert_eq!(set.above(p).to_u128(), wide & higher, "above {i}");
        }
        let points: Vec<usize> = set.points().map(|p| p.index()).collect();
        let expected: Vec<usize> = (0..B::CAPACITY).filter(|i| wide >> i & 1 == 1).collect();
        assert_eq!(points, expected);
    }

    #[test]
    fn point_operations_agree_with_shifts() {
        let pattern = 0x9d3a_5c01_e6b8_7f42_8000_0001_2468_ace1u128;
        check(pattern as u32);
        check(pattern as u64);
        check(pattern);
        check(u32::MAX);
        check(u64::MAX);
        check(u128::MAX);
    }
}
