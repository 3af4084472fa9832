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

/// splitmix64: a small, well-mixed generator that runs in `const` context.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    (state, mix(state))
}

/// `N` keys from the generator started at `seed`.
pub(crate) const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
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
static KEYS: [u64; FEATURES * MAX_POINTS] = table(0x5EED_A1CE_0001);
/// XORed in when the second player is to move.
pub const BLACK_TO_MOVE: u64 = table::<1>(0x5EED_A1CE_0002)[0];

#[inline(always)]
pub fn key(feature: Feature, p: Point) -> u64 {
    KEYS[feature as usize * MAX_POINTS + p.index()]
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
