//! Perft: the number of leaf nodes of the legal-turn tree to a given depth,
//! the standard check of a move generator.
//!
//! A turn is one ply; in Special each huff followed by each move is a turn of
//! its own. Only move generation is counted: the draw rules (repetition, no
//! progress) do not cut the tree, and every leaf is played (no bulk counting).

use alloc::vec::Vec;

use crate::bitboard::Bits;
use crate::movegen::Chains;
use crate::position::{Move, Position, Turn};

/// Move lists reused from one node to the next, one per depth.
#[derive(Debug)]
pub struct Perft<B> {
    chains: Chains,
    lists: Vec<Vec<Move<B>>>,
}

impl<B: Bits> Perft<B> {
    pub fn new(chains: Chains) -> Perft<B> {
        Perft {
            chains,
            lists: Vec::new(),
        }
    }

    /// Leaf nodes at `depth` turns below `position`.
    pub fn count(&mut self, position: &Position<B>, depth: u32) -> u64 {
        let depth = depth as usize;
        while self.lists.len() < depth {
            self.lists.push(Vec::with_capacity(128));
        }
        self.node(position, depth)
    }

    fn node(&mut self, position: &Position<B>, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = core::mem::take(&mut self.lists[depth - 1]);
        list.clear();
        position.generate(self.chains, &mut list);
        let mut nodes = 0;
        if depth == 1 {
            // Every leaf is still played; only the call below it is saved.
            for &mv in &list {
                core::hint::black_box(position.play(mv));
                nodes += 1;
            }
        } else {
            for &mv in &list {
                nodes += self.node(&position.play(mv), depth - 1);
            }
        }
        for huff in position.huffable().points() {
            let turn = Turn {
                huff: Some(huff),
                mv: None,
            };
            let after = position.huff(huff);
            if after.pieces(position.side_to_move().other()).is_empty() {
                nodes += self.node(&position.play_turn(turn), depth - 1);
                continue;
            }
            list.clear();
            after.generate(self.chains, &mut list);
            for &mv in &list {
                let turn = Turn {
                    mv: Some(mv),
                    ..turn
                };
                nodes += self.node(&position.play_turn(turn), depth - 1);
            }
        }
        self.lists[depth - 1] = list;
        nodes
    }

    /// The count below each first turn. With [`Chains::EveryPath`] a move
    /// reached by several paths is listed once with the sum of its paths.
    pub fn divide(&mut self, position: &Position<B>, depth: u32) -> Vec<(Turn<B>, u64)> {
        let mut out: Vec<(Turn<B>, u64)> = Vec::new();
        if depth == 0 {
            return out;
        }
        for turn in position.turns(self.chains) {
            let n = self.count(&position.play_turn(turn), depth - 1);
            match out.iter_mut().find(|(t, _)| *t == turn) {
                Some((_, total)) => *total += n,
                None => out.push((turn, n)),
            }
        }
        out
    }
}

/// Perft with fresh move lists.
pub fn perft<B: Bits>(position: &Position<B>, depth: u32, chains: Chains) -> u64 {
    Perft::new(chains).count(position, depth)
}
