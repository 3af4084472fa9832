//! Move ordering: which turns the search tries first, so that the best one
//! is usually met early and the rest are cut off. The table's turn comes
//! first, then tactical turns by what they gain, then the killers of the
//! ply (quiet turns that caused a cutoff there lately), then quiet turns by
//! their history (how often a turn from that origin to that destination
//! caused a cutoff anywhere, weighted by the depth it happened at).

use alloc::vec::Vec;

use super::searchable::{Searchable, HISTORY_SIZE};

/// The ordering heuristics of one searcher, kept from move to move.
pub(super) struct Ordering<T> {
    killers: Vec<[Option<T>; 2]>,
    /// How often a quiet move (by origin and destination) caused a cutoff.
    history: Vec<u32>,
}

impl<T: Copy + PartialEq> Ordering<T> {
    /// No turn known yet, for a search of up to `max_ply` plies.
    pub(super) fn new(max_ply: usize) -> Ordering<T> {
        Ordering {
            killers: alloc::vec![[None, None]; max_ply + 1],
            history: alloc::vec![0; HISTORY_SIZE],
        }
    }

    /// Forgets every cutoff.
    pub(super) fn clear(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
    }

    /// Fills `keys` with an ordering key for each of `turns` at `ply`
    /// (higher first), given the table's turn for the position.
    pub(super) fn keys<P: Searchable<Turn = T>>(
        &self,
        position: &P,
        turns: &[T],
        ply: usize,
        table_turn: Option<T>,
        keys: &mut Vec<i32>,
    ) {
        keys.clear();
        for turn in turns {
            let key = if Some(*turn) == table_turn {
                i32::MAX
            } else if position.is_tactical(turn) {
                1_000_000_000 + position.gain(turn).clamp(-100_000, 100_000) * 1000
            } else if self.killers[ply].contains(&Some(*turn)) {
                900_000_000
            } else {
                self.history[P::history_index(turn)].min(800_000_000) as i32
            };
            keys.push(key);
        }
    }

    /// Remembers that `turn` caused a cutoff at `ply`, `depth` plies from
    /// the horizon.
    pub(super) fn cutoff<P: Searchable<Turn = T>>(&mut self, turn: T, ply: usize, depth: u32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(turn) {
            killers[1] = killers[0];
            killers[0] = Some(turn);
        }
        let h = &mut self.history[P::history_index(&turn)];
        *h = h.saturating_add(depth * depth);
    }
}
