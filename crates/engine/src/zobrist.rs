//! Zobrist keys: one random 64-bit number per feature of a position, so that
//! a position's hash is the XOR of the keys of its features and can be kept up
//! to date move by move.

use crate::geometry::{Point, MAX_POINTS};
use crate::side::Side;

/// The splitmix64 finalizer: spreads every bit of `z` over the whole word.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The `i`-th number (from 0) that splitmix64 started at `seed` gives.
#[inline(always)]
pub(crate) const fn nth(seed: u64, i: usize) -> u64 {
    mix(seed.wrapping_add((i as u64).wrapping_add(1).wrapping_mul(GOLDEN)))
}

/// `N` keys from the generator started at `seed`.
#[cfg_attr(not(any(feature = "fast", test)), allow(dead_code))]
pub(crate) const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = nth(seed, i);
        i += 1;
    }
    out
}

/// `N` keys from the generator started at `seed`: with the feature `fast`
/// a table (a load per key, for the search), without it computed when asked
/// (the same numbers, and no random bytes in the module, which no
/// compression can shrink).
#[derive(Debug)]
pub(crate) struct Keys<const N: usize> {
    #[cfg_attr(feature = "fast", allow(dead_code))]
    seed: u64,
    #[cfg(feature = "fast")]
    table: [u64; N],
}

impl<const N: usize> Keys<N> {
    pub(crate) const fn new(seed: u64) -> Keys<N> {
        Keys {
            seed,
            #[cfg(feature = "fast")]
            table: table(seed),
        }
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u64 {
        #[cfg(feature = "fast")]
        return self.table[i];
        #[cfg(not(feature = "fast"))]
        {
            assert!(i < N, "key {i} of {N}");
            nth(self.seed, i)
        }
    }
}

/// Kinds of feature that have a key per point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Feature {
    WhiteMan = 0,
    BlackMan = 1,
    WhiteKing = 2,
    BlackKing = 3,
    /// The piece here came from its west neighbour (no-return memory).
    CameFromWest = 4,
    /// The piece here came from its east neighbour.
    CameFromEast = 5,
    /// The piece here may be huffed.
    Huffable = 6,
}

const FEATURES: usize = 7;
static KEYS: Keys<{ FEATURES * MAX_POINTS }> = Keys::new(0x5EED_A1CE_0001);
/// XORed in when the second player is to move.
pub const BLACK_TO_MOVE: u64 = nth(0x5EED_A1CE_0002, 0);

#[inline(always)]
pub fn key(feature: Feature, p: Point) -> u64 {
    KEYS.get(feature as usize * MAX_POINTS + p.index())
}

#[inline(always)]
pub fn man(side: Side) -> Feature {
    match side {
        Side::White => Feature::WhiteMan,
        Side::Black => Feature::BlackMan,
    }
}

#[inline(always)]
pub fn king(side: Side) -> Feature {
    match side {
        Side::White => Feature::WhiteKing,
        Side::Black => Feature::BlackKing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys computed when asked are the generator's own numbers: the
    /// table `table` fills (by stepping the generator) and `nth` (by jumping
    /// to a number) agree, and `Keys` gives them whichever way it is built.
    #[test]
    fn keys_are_the_same_computed_or_tabled() {
        let seed = 0x5EED_A1CE_0001;
        let stepped: [u64; 600] = table(seed);
        let mut state = seed;
        for (i, &key) in stepped.iter().enumerate() {
            state = state.wrapping_add(GOLDEN);
            assert_eq!(key, mix(state), "{i}");
            assert_eq!(key, nth(seed, i), "{i}");
        }
        let keys = Keys::<600>::new(seed);
        assert!((0..600).all(|i| keys.get(i) == stepped[i]));
        assert_ne!(stepped[0], stepped[1]);
    }
}
