//! The transposition table: what earlier searches learned about a position,
//! found by its Zobrist hash.

use alloc::vec::Vec;

use super::Score;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<T> {
    pub key: u64,
    pub depth: u8,
    pub bound: Bound,
    pub score: Score,
    pub best: Option<T>,
}

/// A fixed-size table, one entry per slot, deeper results preferred.
#[derive(Debug)]
pub(crate) struct Table<T> {
    slots: Vec<Option<Entry<T>>>,
    mask: usize,
}

impl<T: Copy> Table<T> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table<T> {
        let len = 1usize << bits;
        Table {
            slots: alloc::vec![None; len],
            mask: len - 1,
        }
    }

    pub fn get(&self, key: u64) -> Option<Entry<T>> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub fn put(&mut self, entry: Entry<T>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let keep = slot.is_some_and(|old| old.key == entry.key && old.depth > entry.depth);
        if !keep {
            *slot = Some(entry);
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
