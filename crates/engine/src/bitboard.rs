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

macro_rules! impl_bits {
    ($t:ty) => {
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
                1 << p.index()
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
                self & ((1 << p.index()) - 1)
            }

            #[inline(always)]
            fn above(self, p: Point) -> Self {
                // Two shifts: `p` may be the highest bit.
                self & ((!0 << p.index()) << 1)
            }

            #[inline(always)]
            fn highest(self) -> Point {
                debug_assert!(self != 0);
                Point::from_index_unchecked((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
        }
    };
}

impl_bits!(u32);
impl_bits!(u64);
impl_bits!(u128);

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
        self.0 ^= B::from_point(p);
        Some(p)
    }
}
