//! The two players.

use core::ops::{Index, IndexMut};

/// A player. White (Light in Qirkat) starts at rank 1 and moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    #[inline(always)]
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of the side in position text (`w`, `b`).
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// One value for each side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    pub const fn new(white: T, black: T) -> BySide<T> {
        BySide([white, black])
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}
