//! Captures: the chains the walker finds, listed as moves (each move once,
//! or every path), counted without listing for bulk perft, or kept as paths
//! for notation. Which captures may be chosen is decided in one place,
//! [`precedence`], for the sinks that list and the sink that counts.

use alloc::vec::Vec;
use core::cmp::Ordering;

use super::chain::{slide, JumpDirs};
use super::walker::{ChainSink, Path};
use super::Chains;
use crate::bitboard::Bits;
use crate::geometry::{DirSet, Point};
use crate::position::{Move, Position};
use crate::rules::{Capturing, Dynamic, RuleSource, Rules};
use crate::side::Side;

/// How a capture taking `taken` pieces ranks among the captures of a
/// position: only those of the highest rank may be chosen. Under the maximal
/// rule (Turkish 5) the rank is the number of pieces taken; under the others
/// every capture ranks the same.
#[inline(always)]
fn precedence(rules: &Rules, taken: u32) -> u32 {
    match rules.capturing {
        Capturing::MandatoryMaximal => taken,
        Capturing::Mandatory | Capturing::OptionalWithHuff => 0,
    }
}

/// A sink that hands every chain to a closure, as it is found.
struct Each<F>(F);

impl<B: Bits, F: FnMut(&[Point], Point, B)> ChainSink<B> for Each<F> {
    type Found = ();
    const PATHS: bool = true;

    #[inline(always)]
    fn end(&mut self, path: &[Point], to: Point, captured: B) {
        (self.0)(path, to, captured);
    }

    #[inline(always)]
    fn deeper(found: ()) {
        found
    }

    #[inline(always)]
    fn merge(&mut self, a: Option<()>, b: Option<()>) -> Option<()> {
        a.or(b)
    }
}

/// Capture paths counted without listing them: how many pieces each of
/// them takes (the most, when that differs between paths of the same
/// precedence) and how many paths there are.
#[derive(Clone, Copy)]
struct Tally {
    taken: u32,
    paths: u64,
}

/// A sink that counts paths, with the rules that say which paths count.
struct Count<S>(S);

impl<S: RuleSource> Count<S> {
    /// Both sets of paths, or only those of higher [`precedence`].
    #[inline(always)]
    fn both(&self, a: Option<Tally>, b: Option<Tally>) -> Option<Tally> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(a), Some(b)) => {
                let rules = self.0.rules();
                match precedence(rules, a.taken).cmp(&precedence(rules, b.taken)) {
                    Ordering::Greater => Some(a),
                    Ordering::Less => Some(b),
                    Ordering::Equal => Some(Tally {
                        taken: a.taken.max(b.taken),
                        paths: a.paths + b.paths,
                    }),
                }
            }
        }
    }
}

impl<B: Bits, S: RuleSource> ChainSink<B> for Count<S> {
    type Found = Tally;
    const PATHS: bool = false;

    #[inline(always)]
    fn end(&mut self, _path: &[Point], _to: Point, _captured: B) -> Tally {
        Tally { taken: 0, paths: 1 }
    }

    /// The same paths with one more jump in front.
    #[inline(always)]
    fn deeper(found: Tally) -> Tally {
        Tally {
            taken: found.taken + 1,
            paths: found.paths,
        }
    }

    #[inline(always)]
    fn merge(&mut self, a: Option<Tally>, b: Option<Tally>) -> Option<Tally> {
        self.both(a, b)
    }
}

impl<B: Bits> Position<B> {
    /// Men of the side to move that can make a first jump (a superset filter:
    /// exact for short jumps).
    #[inline(always)]
    fn men_that_can_jump(&self, rules: &Rules, us: Side, dirs: DirSet) -> B {
        let g = rules.geometry;
        let enemy = self.pieces(us.other());
        let empty = self.empty_in(rules);
        let mut men = B::ZERO;
        for d in dirs.iter() {
            let delta = g.delta(d);
            men |= B::from_u128(g.has_two_mask(d)) & enemy.shift(-delta) & empty.shift(-2 * delta);
        }
        men & self.men[us]
    }

    /// Every capture of the side to move, appended to `out`.
    #[inline(always)]
    pub(super) fn generate_captures<S: RuleSource>(
        &self,
        src: S,
        chains: Chains,
        out: &mut Vec<Move<B>>,
    ) {
        let rules = src.rules();
        let us = src.mover(self.side);
        let first = Rules::for_side(rules.first_jump, us);
        let board = self.chain_board(rules, us);
        let capturing = self.men_that_can_jump(rules, us, first) | self.kings[us];
        let first_capture = out.len();
        // Only the captures of the highest precedence found so far are kept
        // (none is below 0, the precedence before the first).
        let mut best = 0;
        for from in capturing.points() {
            let mut start = out.len();
            let mut sink = Each(|_path: &[Point], to, captured: B| {
                let rank = precedence(rules, captured.count());
                match rank.cmp(&best) {
                    Ordering::Less => return,
                    Ordering::Greater => {
                        best = rank;
                        out.truncate(first_capture);
                        start = first_capture;
                    }
                    Ordering::Equal => {}
                }
                if chains == Chains::Distinct
                    && out[start..]
                        .iter()
                        .any(|m| m.to == to && m.captured == captured)
                {
                    return;
                }
                out.push(Move { from, to, captured });
            });
            let mut path: Path = [from; super::chain::MAX_CHAIN + 1];
            self.walk_chains(src, &mut sink, &mut path, board.lifted(from));
        }
    }

    /// How many capture paths [`Position::generate_captures`] would list with
    /// [`Chains::EveryPath`], counted without listing them.
    #[inline(always)]
    pub(super) fn count_capture_paths<S: RuleSource>(&self, src: S) -> u64 {
        let rules = src.rules();
        let us = src.mover(self.side);
        let board = self.chain_board(rules, us);
        let dirs = JumpDirs::of(rules, us);
        let mut sink = Count(src);
        let mut total: Option<Tally> = None;
        for from in self.men_that_can_jump(rules, us, dirs.first).points() {
            let mut path: Path = [from; super::chain::MAX_CHAIN + 1];
            let found = self.man_walk(src, &mut sink, &mut path, 0, board.lifted(from), dirs);
            total = sink.both(total, found);
        }
        if let Some(king) = rules.kings {
            for from in self.kings[us].points() {
                let lifted = board.lifted(from);
                let mut path: Path = [from; super::chain::MAX_CHAIN + 1];
                for d in king.dirs.iter() {
                    let found = self.king_walk(src, &mut sink, &mut path, 0, from, d, lifted);
                    total = sink.both(total, found);
                }
            }
        }
        total.map_or(0, |t| t.paths)
    }

    /// Pieces of the side to move that have a capture available.
    pub fn capturers(&self) -> B {
        self.capturers_in(Dynamic(self.rules))
    }

    #[inline(always)]
    pub(crate) fn capturers_in<S: RuleSource>(&self, src: S) -> B {
        let rules = src.rules();
        let us = src.mover(self.side);
        let first = Rules::for_side(rules.first_jump, us);
        let mut capturers = self.men_that_can_jump(rules, us, first);
        if let Some(king) = rules.kings {
            let g = rules.geometry;
            let empty = self.empty_in(rules);
            let enemy = self.pieces(us.other());
            for at in self.kings[us].points() {
                let can_jump = king.dirs.iter().any(|d| {
                    slide(g, at, d, empty)
                        .1
                        .filter(|&over| enemy.has(over))
                        .and_then(|over| g.neighbour(over, d))
                        .is_some_and(|land| empty.has(land))
                });
                if can_jump {
                    capturers |= B::from_point(at);
                }
            }
        }
        capturers
    }

    /// The capture paths of a move, each as origin then landing points.
    pub fn paths(&self, mv: Move<B>) -> Vec<Vec<Point>> {
        let mut paths = Vec::new();
        if !mv.is_capture() {
            paths.push(alloc::vec![mv.from, mv.to]);
            return paths;
        }
        let board = self.chain_board(self.rules, self.side).lifted(mv.from);
        let mut sink = Each(|path: &[Point], to, captured: B| {
            if to == mv.to && captured == mv.captured {
                paths.push(path.to_vec());
            }
        });
        let mut path: Path = [mv.from; super::chain::MAX_CHAIN + 1];
        self.walk_chains(Dynamic(self.rules), &mut sink, &mut path, board);
        paths
    }
}
