//! The one walker of capture chains. Every capture rule lives here: which
//! way a man may jump on its first and later jumps, how far a king looks and
//! where it may land, no 180° turn between two jumps, a chain going on while
//! it can. What is done with each chain is the walker's parameter, a
//! [`ChainSink`], and the walker is compiled once per sink with the sink's
//! code folded in.

use super::chain::{farthest, nearest, slide, ChainBoard, JumpDirs, MAX_CHAIN};
use crate::bitboard::Bits;
use crate::geometry::{Dir, DirSet, Point};
use crate::position::Position;
use crate::rules::{KingLanding, RuleSource};

/// The landing points of a chain so far: the origin, then one per jump.
pub(super) type Path = [Point; MAX_CHAIN + 1];

/// What a walk does with the chains it finds. Each walk below a point
/// returns what the sink made of the chains found there (`None` for none),
/// so a sink can list them as they come or fold them into a count.
pub(super) trait ChainSink<B: Bits> {
    /// What the sink makes of the chains below a point.
    type Found: Copy;

    /// Whether the sink needs each chain's path and destination. A sink that
    /// does not lets the walk follow a king's straight continuation once for
    /// every point the king may land on before it (the same piece is met
    /// from each of them).
    const PATHS: bool;

    /// A chain that ends on `to` having taken `captured`; `path` is its
    /// origin and landing points (only when [`ChainSink::PATHS`]).
    fn end(&mut self, path: &[Point], to: Point, captured: B) -> Self::Found;

    /// What was found below a landing point, seen one jump earlier.
    fn deeper(found: Self::Found) -> Self::Found;

    /// The chains of two continuations together.
    fn merge(&mut self, a: Option<Self::Found>, b: Option<Self::Found>) -> Option<Self::Found>;
}

impl<B: Bits> Position<B> {
    /// Walks every capture chain of the piece on `path[0]` (`board` has it
    /// lifted off).
    #[inline(always)]
    pub(super) fn walk_chains<S: RuleSource, K: ChainSink<B>>(
        &self,
        src: S,
        sink: &mut K,
        path: &mut Path,
        board: ChainBoard<B>,
    ) -> Option<K::Found> {
        let rules = src.rules();
        let us = src.mover(self.side);
        let from = path[0];
        if !self.kings[us].has(from) {
            return self.man_walk(src, sink, path, 0, board, JumpDirs::of(rules, us));
        }
        let king = rules.kings?;
        let mut found = None;
        for d in king.dirs.iter() {
            let below = self.king_walk(src, sink, path, 0, from, d, board);
            found = sink.merge(found, below);
        }
        found
    }

    /// The chains of a man standing on `path[len]` after `len` jumps.
    pub(super) fn man_walk<S: RuleSource, K: ChainSink<B>>(
        &self,
        src: S,
        sink: &mut K,
        path: &mut Path,
        len: usize,
        board: ChainBoard<B>,
        dirs_in: JumpDirs,
    ) -> Option<K::Found> {
        let at = path[len];
        let dirs = if len == 0 {
            dirs_in.first
        } else {
            dirs_in.later
        };
        let g = src.rules().geometry;
        let nearby = board.enemy & B::from_u128(g.jump_over_mask(at));
        // Most chains end where no enemy is next to the piece.
        if nearby.is_empty() || len >= MAX_CHAIN {
            return None;
        }
        // The jumps open from here, as (captured point, landing point).
        let mut jumps = [(at, at); 8];
        let mut open = 0;
        if dirs == DirSet::ALL {
            // Only the enemies next to the piece matter. On a board numbered
            // rank by rank, the point beyond `over` seen from `at` is
            // `2 * over - at`, and `jump_over_mask` holds only neighbours
            // with a point beyond them.
            for over in nearby.points() {
                let land = Point::from_index_unchecked((2 * over.index() - at.index()) as u8);
                if board.empty.has(land) {
                    jumps[open] = (over, land);
                    open += 1;
                }
            }
        } else {
            for jump in g.jumps(at) {
                if dirs.contains(jump.dir)
                    && board.enemy.has(jump.over)
                    && board.empty.has(jump.land)
                {
                    jumps[open] = (jump.over, jump.land);
                    open += 1;
                }
            }
        }
        let mut found = None;
        for &(over, land) in &jumps[..open] {
            path[len + 1] = land;
            let after = board.jump(over);
            // No enemy next to the landing point: the chain ends there.
            let goes_on = !(after.enemy & B::from_u128(g.jump_over_mask(land))).is_empty();
            let below = if goes_on {
                self.man_walk(src, sink, path, len + 1, after, dirs_in)
            } else {
                None
            };
            let below = match below {
                Some(below) => below,
                None => sink.end(&path[..=len + 1], land, after.captured),
            };
            found = sink.merge(found, Some(K::deeper(below)));
        }
        found
    }

    /// The chains of a king on `at` (`path[len]` when the sink keeps paths)
    /// after `len` jumps whose next jump goes in direction `d`. Whether there
    /// is such a jump at all is decided here, inlined into the caller; only
    /// real jumps go further.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn king_walk<S: RuleSource, K: ChainSink<B>>(
        &self,
        src: S,
        sink: &mut K,
        path: &mut Path,
        len: usize,
        at: Point,
        d: Dir,
        board: ChainBoard<B>,
    ) -> Option<K::Found> {
        let g = src.rules().geometry;
        let ray = B::from_u128(g.ray_mask(at, d));
        let blockers = ray & !board.empty;
        if (blockers & board.enemy).is_empty() || len >= MAX_CHAIN {
            return None;
        }
        let over = nearest(d, blockers);
        if !board.enemy.has(over) {
            return None;
        }
        let landings = slide(g, over, d, board.empty).0;
        if landings.is_empty() {
            return None;
        }
        self.king_landings(src, sink, path, len, d, board.jump(over), landings)
    }

    /// The chains of a king that has just jumped in direction `d` (its
    /// `len + 1`-th jump) and may land on any of `landings`, nearest first.
    #[allow(clippy::too_many_arguments)]
    fn king_landings<S: RuleSource, K: ChainSink<B>>(
        &self,
        src: S,
        sink: &mut K,
        path: &mut Path,
        len: usize,
        d: Dir,
        after: ChainBoard<B>,
        mut landings: B,
    ) -> Option<K::Found> {
        let king = src.rules().kings?;
        if king.landing == KingLanding::DirectlyBehind {
            landings = B::from_point(nearest(d, landings));
        }
        // Going on straight meets the same piece from every landing point,
        // so a sink without paths follows it once, from the farthest.
        let straight = if K::PATHS {
            None
        } else {
            self.king_walk(src, sink, path, len + 1, farthest(d, landings), d, after)
        };
        let mut found = None;
        while !landings.is_empty() {
            let land = nearest(d, landings);
            landings ^= B::from_point(land);
            if K::PATHS {
                path[len + 1] = land;
            }
            let mut below = straight;
            for turn in king.dirs.iter() {
                // Never back (180°); straight on only when not counted above.
                if turn == d.opposite() || (turn == d && !K::PATHS) {
                    continue;
                }
                let more = self.king_walk(src, sink, path, len + 1, land, turn, after);
                below = sink.merge(below, more);
            }
            let below = match below {
                Some(below) => below,
                None => sink.end(&path[..=len + 1], land, after.captured),
            };
            found = sink.merge(found, Some(K::deeper(below)));
        }
        found
    }
}
