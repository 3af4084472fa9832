//! Captures: the chains the walker finds, listed as moves (each move once,
//! or every path), counted without listing for bulk perft, or kept as paths
//! for notation. Under the maximal rule only captures of the most pieces
//! count.

use alloc::vec::Vec;

use super::chain::{slide, JumpDirs};
use super::walker::{ChainSink, Path};
use super::Chains;
use crate::bitboard::Bits;
use crate::geometry::{DirSet, Point};
use crate::position::{Move, Position};
use crate::rules::{Capturing, Dynamic, RuleSource, Rules};
use crate::side::Side;

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

/// Capture paths counted without listing them: how many pieces the best
/// of them take (under the maximal rule only those count) and how many
/// paths there are.
#[derive(Clone, Copy)]
struct Tally {
    most: u32,
    paths: u64,
}

/// A sink that counts paths, with the rules that say which paths count.
struct Count<S>(S);

impl<S: RuleSource> Count<S> {
    /// Both sets of paths; under the maximal rule only the longest.
    #[inline(always)]
    fn both(&self, a: Option<Tally>, b: Option<Tally>) -> Option<Tally> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(a), Some(b)) => {
                if self.0.rules().capturing == Capturing::MandatoryMaximal && a.most != b.most {
                    Some(if a.most > b.most { a } else { b })
                } else {
                    Some(Tally {
                        most: a.most.max(b.most),
                        paths: a.paths + b.paths,
                    })
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
        Tally { most: 0, paths: 1 }
    }

    /// The same paths with one more jump in front.
    #[inline(always)]
    fn deeper(found: Tally) -> Tally {
        Tally {
            most: found.most + 1,
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
        // Under the maximal rule, only captures of the most pieces are kept.
        let maximal = rules.capturing == Capturing::MandatoryMaximal;
        let mut most = 0;
        for from in capturing.points() {
            let mut start = out.len();
            let mut sink = Each(|_path: &[Point], to, captured: B| {
                if maximal {
                    let count = captured.count();
                    if count < most {
                        return;
                    }
                    if count > most {
                        most = count;
                        out.truncate(first_capture);
                        start = first_capture;
                    }
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
