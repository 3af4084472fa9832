//! Perft: the number of leaf nodes of the legal-turn tree to a given depth,
//! the standard check of a move generator.
//!
//! A turn is one ply; in Special each huff followed by each move is a turn of
//! its own. Only move generation is counted: the draw rules (repetition, no
//! progress) do not cut the tree. By default every leaf is played; with
//! [`Perft::bulk`] the last ply is counted from the length of its move list
//! without playing it (the usual fast perft, and what other engines' perft
//! functions report).

use alloc::vec::Vec;

use crate::bitboard::Bits;
use crate::movegen::Chains;
use crate::position::{Move, Position, Turn};
use crate::rules::{Moving, RuleSource};
use crate::side::Side;

/// Move lists reused from one node to the next, one per depth.
#[derive(Debug)]
pub struct Perft<B> {
    chains: Chains,
    bulk: bool,
    lists: Vec<Vec<Move<B>>>,
}

impl<B: Bits> Perft<B> {
    pub fn new(chains: Chains) -> Perft<B> {
        Perft {
            chains,
            bulk: false,
            lists: Vec::new(),
        }
    }

    /// Counts the last ply from its move lists instead of playing each leaf.
    pub fn bulk(mut self, bulk: bool) -> Perft<B> {
        self.bulk = bulk;
        self
    }

    /// Leaf nodes at `depth` turns below `position`.
    pub fn count(&mut self, position: &Position<B>, depth: u32) -> u64 {
        let depth = depth as usize;
        while self.lists.len() < depth {
            self.lists.push(Vec::with_capacity(128));
        }
        crate::rules::with_rule_source!(position.rules(), src => self.node(src, position, depth))
    }

    /// One node, with the side to move fixed at compile time for the code
    /// below it.
    #[inline(always)]
    fn node<S: RuleSource>(&mut self, src: S, position: &Position<B>, depth: usize) -> u64 {
        match position.side_to_move() {
            Side::White => self.node_moving::<S, false>(src, position, depth),
            Side::Black => self.node_moving::<S, true>(src, position, depth),
        }
    }

    fn node_moving<S: RuleSource, const BLACK: bool>(
        &mut self,
        base: S,
        position: &Position<B>,
        depth: usize,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        let src = Moving::<S, BLACK>(base);
        let mut list = core::mem::take(&mut self.lists[depth - 1]);
        if depth == 1 && self.bulk {
            let mut nodes = position.count_in(src, self.chains, &mut list);
            for huff in position.huffable().points() {
                nodes += if position.huff_takes_last_piece(huff) {
                    1
                } else {
                    position.huff(huff).count_in(src, self.chains, &mut list)
                };
            }
            self.lists[depth - 1] = list;
            return nodes;
        }
        list.clear();
        position.generate_in(src, self.chains, &mut list);
        let mut nodes = self.children::<S, BLACK>(base, position, &list, depth);
        for huff in position.huffable().points() {
            if position.huff_takes_last_piece(huff) {
                let turn = Turn {
                    huff: Some(huff),
                    mv: None,
                };
                nodes += self.node(base, &position.play_turn(turn), depth - 1);
                continue;
            }
            // The move after a huff is played in the position the huff left;
            // only the no-progress counter (which perft ignores) differs from
            // playing the whole turn.
            let after = position.huff(huff);
            list.clear();
            after.generate_in(src, self.chains, &mut list);
            nodes += self.children::<S, BLACK>(base, &after, &list, depth);
        }
        self.lists[depth - 1] = list;
        nodes
    }

    /// Plays each move of `list` (all the moves of `position`, where Black
    /// moves when `BLACK`) and counts the leaves below it.
    #[inline(always)]
    fn children<S: RuleSource, const BLACK: bool>(
        &mut self,
        base: S,
        position: &Position<B>,
        list: &[Move<B>],
        depth: usize,
    ) -> u64 {
        let src = Moving::<S, BLACK>(base);
        // Move generation has found every piece that can capture.
        let capturers = src.rules().huffing().then(|| {
            list.iter()
                .filter(|m| m.is_capture())
                .fold(B::ZERO, |set, m| set | B::from_point(m.from))
        });
        if depth == 1 {
            // Every leaf is still played; only the call below it is saved.
            for &mv in list {
                core::hint::black_box(position.play_in(src, mv, capturers));
            }
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &mv in list {
            nodes += self.node(base, &position.play_in(src, mv, capturers), depth - 1);
        }
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
