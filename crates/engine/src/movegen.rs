//! Legal move generation.
//!
//! Steps are generated for all men at once by shifting bitboards; capture
//! chains are followed piece by piece with a depth-first search that lifts the
//! moving piece off the board and removes each captured piece as it is jumped.
//! The same search serves move generation (which keeps one chain per move
//! identity, or every chain) and notation (which needs the chains' paths).
//!
//! Every function takes its rule set from a [`RuleSource`]: the public entry
//! points read it from the position at run time, while perft (and later the
//! search) passes a compile-time constant, so each rule set gets its own copy
//! of the code with the rules folded in.

use alloc::vec::Vec;

use crate::bitboard::Bits;
use crate::geometry::{Dir, DirSet, Geometry, Point};
use crate::position::{Move, Position, Turn};
use crate::rules::{Capturing, Dynamic, KingLanding, Moving, RuleSource, Rules};
use crate::side::Side;

/// Whether chains that make the same move are listed once or once per path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chains {
    /// One move per (origin, destination, captured set): the engine's
    /// convention and that of its perft tables.
    Distinct,
    /// Every capture path separately, as some other engines count.
    EveryPath,
}

/// The longest chain followed: one jump per enemy piece, and no rule set
/// gives a side more than 16 pieces.
const MAX_CHAIN: usize = 32;

/// The nearest point of a non-empty set lying on one ray in direction `d`.
#[inline(always)]
fn nearest<B: Bits>(d: Dir, set: B) -> Point {
    if d.ascends() {
        set.lowest()
    } else {
        set.highest()
    }
}

/// Going from `at` in direction `d`: the empty points passed, and the first
/// point that is not empty (if the line does not end first).
#[inline(always)]
fn slide<B: Bits>(g: &Geometry, at: Point, d: Dir, empty: B) -> (B, Option<Point>) {
    let ray = B::from_u128(g.ray_mask(at, d));
    let blockers = ray & !empty;
    if blockers.is_empty() {
        return (ray, None);
    }
    let stop = nearest(d, blockers);
    let before = if d.ascends() {
        ray.below(stop)
    } else {
        ray.above(stop)
    };
    (before, Some(stop))
}

/// Capture paths counted without listing them: how many pieces the best
/// of them take (under the maximal rule only those count) and how many
/// paths there are.
#[derive(Clone, Copy)]
struct Tally {
    most: u32,
    paths: u64,
}

impl Tally {
    /// A chain that ends here.
    const END: Tally = Tally { most: 0, paths: 1 };

    /// The same paths with one more jump in front.
    #[inline(always)]
    fn deeper(self) -> Tally {
        Tally {
            most: self.most + 1,
            paths: self.paths,
        }
    }

    /// Both sets of paths; under the maximal rule only the longest.
    #[inline(always)]
    fn merge<S: RuleSource>(src: S, a: Option<Tally>, b: Option<Tally>) -> Option<Tally> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(a), Some(b)) => {
                if src.rules().capturing == Capturing::MandatoryMaximal && a.most != b.most {
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

/// The board as a chain sees it: the moving piece lifted off, captured pieces
/// gone.
#[derive(Clone, Copy)]
struct ChainBoard<B> {
    empty: B,
    enemy: B,
    captured: B,
}

/// The directions a man may jump in, as seen by its side: on the first jump
/// of a turn and on later ones.
#[derive(Clone, Copy)]
struct JumpDirs {
    first: DirSet,
    later: DirSet,
}

impl JumpDirs {
    /// A man's jump directions for `us`.
    #[inline(always)]
    fn of(rules: &Rules, us: Side) -> JumpDirs {
        JumpDirs {
            first: Rules::for_side(rules.first_jump, us),
            later: Rules::for_side(rules.man_captures, us),
        }
    }
}

impl<B: Bits> ChainBoard<B> {
    /// The same board with the piece on `from` lifted off to move.
    #[inline(always)]
    fn lifted(self, from: Point) -> ChainBoard<B> {
        ChainBoard {
            empty: self.empty | B::from_point(from),
            ..self
        }
    }

    #[inline(always)]
    fn jump(self, over: Point) -> ChainBoard<B> {
        let bit = B::from_point(over);
        ChainBoard {
            empty: self.empty | bit,
            enemy: self.enemy ^ bit,
            captured: self.captured | bit,
        }
    }
}

impl<B: Bits> Position<B> {
    #[inline(always)]
    fn empty_in(&self, rules: &Rules) -> B {
        B::from_u128(rules.geometry.all_mask()) & !self.occupied()
    }

    /// The board a capture chain of `us` starts from, before its piece is
    /// lifted.
    #[inline(always)]
    fn chain_board(&self, rules: &Rules, us: Side) -> ChainBoard<B> {
        ChainBoard {
            empty: self.empty_in(rules),
            enemy: self.pieces(us.other()),
            captured: B::ZERO,
        }
    }

    /// Every legal move of the side to move (huffs not included), appended
    /// to `out`.
    pub fn generate(&self, chains: Chains, out: &mut Vec<Move<B>>) {
        // One copy of the generator per rule set and side to move, each with
        // its rules and directions folded in.
        crate::rules::with_rule_source!(self.rules, src => match self.side {
            Side::White => self.generate_in(Moving::<_, false>(src), chains, out),
            Side::Black => self.generate_in(Moving::<_, true>(src), chains, out),
        });
    }

    /// [`Position::generate`] with the rules from `src`, which must be this
    /// position's.
    #[inline(always)]
    pub(crate) fn generate_in<S: RuleSource>(
        &self,
        src: S,
        chains: Chains,
        out: &mut Vec<Move<B>>,
    ) {
        debug_assert!(core::ptr::eq(src.rules(), self.rules));
        let start = out.len();
        self.generate_captures(src, chains, out);
        let found_capture = out.len() > start;
        if !found_capture || src.rules().capturing == Capturing::OptionalWithHuff {
            self.generate_steps(src, out);
        }
    }

    /// The legal moves, each once.
    pub fn legal_moves(&self) -> Vec<Move<B>> {
        let mut out = Vec::new();
        self.generate(Chains::Distinct, &mut out);
        out
    }

    /// Every legal turn: the moves, and in Special each huff followed by each
    /// move of the position it leaves (or alone, when it takes the last piece).
    pub fn legal_turns(&self) -> Vec<Turn<B>> {
        self.turns(Chains::Distinct)
    }

    pub fn turns(&self, chains: Chains) -> Vec<Turn<B>> {
        let mut turns = Vec::new();
        self.turns_into(chains, &mut Vec::new(), &mut turns);
        turns
    }

    /// Appends every legal turn to `turns`, using `moves` as scratch space
    /// (both keep their capacity, so a caller that reuses them allocates
    /// nothing once they have grown).
    pub fn turns_into(&self, chains: Chains, moves: &mut Vec<Move<B>>, turns: &mut Vec<Turn<B>>) {
        moves.clear();
        self.generate(chains, moves);
        turns.extend(moves.iter().map(|&mv| Turn::plain(mv)));
        for huff in self.huffable.points() {
            if self.huff_takes_last_piece(huff) {
                turns.push(Turn {
                    huff: Some(huff),
                    mv: None,
                });
                continue;
            }
            moves.clear();
            self.huff(huff).generate(chains, moves);
            turns.extend(moves.iter().map(|&mv| Turn {
                huff: Some(huff),
                mv: Some(mv),
            }));
        }
    }

    /// Whether the side to move has any legal turn (a huff counts when a
    /// move can follow it, or when it takes the opponent's last piece).
    pub fn has_legal_turn(&self) -> bool {
        let mut moves = Vec::new();
        self.generate(Chains::Distinct, &mut moves);
        !moves.is_empty()
            || self.huffable.points().any(|huff| {
                moves.clear();
                self.huff(huff).generate(Chains::Distinct, &mut moves);
                !moves.is_empty() || self.huff_takes_last_piece(huff)
            })
    }

    /// The men of `side` that have a neighbour in direction `d` and are
    /// not frozen on the far rank.
    #[inline(always)]
    fn men_facing(&self, rules: &Rules, side: Side, d: Dir) -> B {
        let g = rules.geometry;
        let mut men = self.men[side] & B::from_u128(g.has_neighbour_mask(d));
        if rules.far_rank_freeze {
            men &= !B::from_u128(g.rank_mask(rules.far_rank(side)));
        }
        men
    }

    /// The men of the side to move that may step in direction `d`: also
    /// without those the no-return memory holds back.
    #[inline(always)]
    fn men_stepping(&self, rules: &Rules, us: Side, d: Dir) -> B {
        let mut men = self.men_facing(rules, us, d);
        if rules.no_return {
            match d {
                Dir::W => men &= !self.came_from.west,
                Dir::E => men &= !self.came_from.east,
                _ => {}
            }
        }
        men
    }

    #[inline(always)]
    fn generate_steps<S: RuleSource>(&self, src: S, out: &mut Vec<Move<B>>) {
        let rules = src.rules();
        let g = rules.geometry;
        let us = src.mover(self.side);
        let empty = self.empty_in(rules);
        for d in Rules::for_side(rules.man_steps, us).iter() {
            let delta = g.delta(d);
            for to in (self.men_stepping(rules, us, d).shift(delta) & empty).points() {
                let from = Point::from_index_unchecked((to.index() as i32 - delta) as u8);
                out.push(Move {
                    from,
                    to,
                    captured: B::ZERO,
                });
            }
        }
        if let Some(king) = rules.kings {
            for from in self.kings[us].points() {
                for d in king.dirs.iter() {
                    let mut free = slide(g, from, d, empty).0;
                    while !free.is_empty() {
                        let to = nearest(d, free);
                        free ^= B::from_point(to);
                        out.push(Move {
                            from,
                            to,
                            captured: B::ZERO,
                        });
                    }
                }
            }
        }
    }

    /// How many moves [`Position::generate_in`] would list, counted without
    /// listing the steps (`scratch` holds the captures).
    #[inline(always)]
    pub(crate) fn count_in<S: RuleSource>(
        &self,
        src: S,
        chains: Chains,
        scratch: &mut Vec<Move<B>>,
    ) -> u64 {
        let rules = src.rules();
        let captures = if chains == Chains::EveryPath {
            self.count_capture_paths(src)
        } else {
            scratch.clear();
            self.generate_captures(src, chains, scratch);
            scratch.len() as u64
        };
        if captures > 0 && rules.capturing != Capturing::OptionalWithHuff {
            return captures;
        }
        let g = rules.geometry;
        let empty = self.empty_in(rules);
        let us = src.mover(self.side);
        let mut steps = 0;
        for d in Rules::for_side(rules.man_steps, us).iter() {
            steps += (self.men_stepping(rules, us, d).shift(g.delta(d)) & empty).count();
        }
        if let Some(king) = rules.kings {
            for from in self.kings[us].points() {
                for d in king.dirs.iter() {
                    steps += slide(g, from, d, empty).0.count();
                }
            }
        }
        captures + u64::from(steps)
    }

    /// How many steps `side`'s men have (as if it were to move), counted on
    /// bitboards without listing them: a cheap measure of mobility.
    pub fn step_mobility(&self, side: Side) -> u32 {
        let rules = self.rules;
        let g = rules.geometry;
        let empty = self.empty_in(rules);
        Rules::for_side(rules.man_steps, side)
            .iter()
            .map(|d| (self.men_facing(rules, side, d).shift(g.delta(d)) & empty).count())
            .sum()
    }

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

    #[inline(always)]
    fn generate_captures<S: RuleSource>(&self, src: S, chains: Chains, out: &mut Vec<Move<B>>) {
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
            self.chains_from(src, from, board.lifted(from), &mut |_path, to, captured| {
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
        }
    }

    /// Calls `found(path, destination, captured)` for every complete capture
    /// chain of the piece on `from` (path = origin then every landing point).
    #[inline(always)]
    fn chains_from<S: RuleSource>(
        &self,
        src: S,
        from: Point,
        board: ChainBoard<B>,
        found: &mut impl FnMut(&[Point], Point, B),
    ) {
        let rules = src.rules();
        let us = src.mover(self.side);
        let mut path = [from; MAX_CHAIN + 1];
        if self.kings[us].has(from) {
            self.king_chain(src, &mut path, 0, None, board, found);
        } else {
            self.man_chain(src, &mut path, 0, board, JumpDirs::of(rules, us), found);
        }
    }

    fn man_chain<S: RuleSource>(
        &self,
        src: S,
        path: &mut [Point; MAX_CHAIN + 1],
        len: usize,
        board: ChainBoard<B>,
        dirs_in: JumpDirs,
        found: &mut impl FnMut(&[Point], Point, B),
    ) {
        let at = path[len];
        let dirs = if len == 0 {
            dirs_in.first
        } else {
            dirs_in.later
        };
        let mut extended = false;
        let g = src.rules().geometry;
        let nearby = board.enemy & B::from_u128(g.jump_over_mask(at));
        // Most chains end where no enemy is next to the piece.
        if !nearby.is_empty() && len < MAX_CHAIN {
            // The jumps open from here, as (captured point, landing point).
            let mut jumps = [(at, at); 8];
            let mut open = 0;
            if dirs == DirSet::ALL {
                // Only the enemies next to the piece matter. On a board
                // numbered rank by rank, the point beyond `over` seen from
                // `at` is `2 * over - at`, and `jump_over_mask` holds only
                // neighbours with a point beyond them.
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
            extended = open > 0;
            for &(over, land) in &jumps[..open] {
                path[len + 1] = land;
                let after = board.jump(over);
                if (after.enemy & B::from_u128(g.jump_over_mask(land))).is_empty() {
                    // No enemy next to the landing point: the chain ends.
                    found(&path[..=len + 1], land, after.captured);
                } else {
                    self.man_chain(src, path, len + 1, after, dirs_in, found);
                }
            }
        }
        if !extended && len > 0 {
            found(&path[..=len], at, board.captured);
        }
    }

    fn king_chain<S: RuleSource>(
        &self,
        src: S,
        path: &mut [Point; MAX_CHAIN + 1],
        len: usize,
        last: Option<Dir>,
        board: ChainBoard<B>,
        found: &mut impl FnMut(&[Point], Point, B),
    ) {
        let g = src.rules().geometry;
        let Some(king) = src.rules().kings else {
            return;
        };
        let at = path[len];
        let mut extended = false;
        // The loop runs over a constant set when the rules are fixed at
        // compile time, so the compiler unrolls it with each direction known.
        for d in king.dirs.iter() {
            // No 180° turn between two jumps.
            if last == Some(d.opposite()) || len >= MAX_CHAIN {
                continue;
            }
            let Some(over) = slide(g, at, d, board.empty)
                .1
                .filter(|&p| board.enemy.has(p))
            else {
                continue;
            };
            let after = board.jump(over);
            let mut landings = slide(g, over, d, board.empty).0;
            while !landings.is_empty() {
                let l = nearest(d, landings);
                landings ^= B::from_point(l);
                extended = true;
                path[len + 1] = l;
                self.king_chain(src, path, len + 1, Some(d), after, found);
                if king.landing == KingLanding::DirectlyBehind {
                    break;
                }
            }
        }
        if !extended && len > 0 {
            found(&path[..=len], at, board.captured);
        }
    }

    /// How many capture paths [`Position::generate_captures`] would list with
    /// [`Chains::EveryPath`], counted without listing them: each chain
    /// returns how many pieces its best continuations take and how many
    /// paths do so, and a king's straight continuation, the same from every
    /// square it may land on, is searched once for all of them.
    #[inline(always)]
    fn count_capture_paths<S: RuleSource>(&self, src: S) -> u64 {
        let rules = src.rules();
        let us = src.mover(self.side);
        let board = self.chain_board(rules, us);
        let dirs = JumpDirs::of(rules, us);
        let mut total: Option<Tally> = None;
        for from in self.men_that_can_jump(rules, us, dirs.first).points() {
            let found = self.man_tally(src, from, 0, board.lifted(from), dirs);
            total = Tally::merge(src, total, found);
        }
        if let Some(king) = rules.kings {
            for from in self.kings[us].points() {
                let lifted = board.lifted(from);
                for d in king.dirs.iter() {
                    let found = self.king_jump_tally(src, from, d, 0, lifted);
                    total = Tally::merge(src, total, found);
                }
            }
        }
        total.map_or(0, |t| t.paths)
    }

    /// The capture paths of a man standing on `at` after `len` jumps.
    fn man_tally<S: RuleSource>(
        &self,
        src: S,
        at: Point,
        len: usize,
        board: ChainBoard<B>,
        dirs_in: JumpDirs,
    ) -> Option<Tally> {
        let g = src.rules().geometry;
        let dirs = if len == 0 {
            dirs_in.first
        } else {
            dirs_in.later
        };
        let mut out = None;
        if len >= MAX_CHAIN || (board.enemy & B::from_u128(g.jump_over_mask(at))).is_empty() {
            return out;
        }
        for jump in g.jumps(at) {
            if dirs.contains(jump.dir) && board.enemy.has(jump.over) && board.empty.has(jump.land) {
                let after = board.jump(jump.over);
                let below = self
                    .man_tally(src, jump.land, len + 1, after, dirs_in)
                    .unwrap_or(Tally::END);
                out = Tally::merge(src, out, Some(below.deeper()));
            }
        }
        out
    }

    /// The capture paths of a king on `at` after `len` jumps whose next jump
    /// goes in direction `d`. Whether there is such a jump at all is decided
    /// here, inlined into the caller; only real jumps make a call.
    #[inline(always)]
    fn king_jump_tally<S: RuleSource>(
        &self,
        src: S,
        at: Point,
        d: Dir,
        len: usize,
        board: ChainBoard<B>,
    ) -> Option<Tally> {
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
        self.king_landings_tally(src, d, len, board.jump(over), landings)
    }

    /// The capture paths of a king that has just jumped in direction `d`
    /// (its `len + 1`-th jump) and may land on any of `landings`.
    fn king_landings_tally<S: RuleSource>(
        &self,
        src: S,
        d: Dir,
        len: usize,
        after: ChainBoard<B>,
        mut landings: B,
    ) -> Option<Tally> {
        let king = src.rules().kings?;
        if king.landing == KingLanding::DirectlyBehind {
            landings = B::from_point(nearest(d, landings));
        }
        // Going on straight meets the same piece from every landing square.
        let farthest = if d.ascends() {
            landings.highest()
        } else {
            landings.lowest()
        };
        let straight = self.king_jump_tally(src, farthest, d, len + 1, after);
        let mut out = None;
        for land in landings.points() {
            let mut below = straight;
            for turn in king.dirs.iter() {
                // Neither straight on (counted above) nor back (180°).
                if turn != d && turn != d.opposite() {
                    let found = self.king_jump_tally(src, land, turn, len + 1, after);
                    below = Tally::merge(src, below, found);
                }
            }
            out = Tally::merge(src, out, Some(below.unwrap_or(Tally::END).deeper()));
        }
        out
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
        self.chains_from(
            Dynamic(self.rules),
            mv.from,
            board,
            &mut |path, to, captured| {
                if to == mv.to && captured == mv.captured {
                    paths.push(path.to_vec());
                }
            },
        );
        paths
    }
}
