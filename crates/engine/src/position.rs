//! A validated position and the way moves change it.

use core::fmt;

use crate::bitboard::Bits;
use crate::geometry::Point;
use crate::rules::{Dynamic, NoProgress, RuleSource, Rules};
use crate::side::{BySide, Side};
use crate::zobrist::{self, Feature};

/// The kind of a piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    Man,
    King,
}

/// A piece: whose it is and what it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub role: Role,
}

/// One move: a step, or a whole capture chain. Two chains with the same
/// origin, destination and captured set are the same move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Move<B> {
    pub from: Point,
    pub to: Point,
    /// The pieces the move captures (empty for a step).
    pub captured: B,
}

impl<B: Bits> Move<B> {
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

/// One turn: an optional huff (Special), then a move. A huff that removes the
/// opponent's last piece is a whole turn without a move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Turn<B> {
    pub huff: Option<Point>,
    pub mv: Option<Move<B>>,
}

impl<B> Turn<B> {
    pub fn plain(mv: Move<B>) -> Turn<B> {
        Turn {
            huff: None,
            mv: Some(mv),
        }
    }
}

/// The whole state the rules need between two turns, except the history of
/// earlier positions (kept by [`crate::Game`] for the repetition rule).
///
/// Built only through [`Position::start`], [`Position::from_setup`] (text)
/// and by playing legal moves, so it is always valid.
#[derive(Clone, Copy)]
pub struct Position<B: Bits> {
    pub(crate) rules: &'static Rules,
    pub(crate) men: BySide<B>,
    pub(crate) kings: BySide<B>,
    pub(crate) side: Side,
    /// No-return memory: pieces whose last move was a sideways step from the
    /// west neighbour, and from the east neighbour.
    pub(crate) came_from: Sideways<B>,
    /// Pieces of the side not to move that may be huffed this turn.
    pub(crate) huffable: B,
    pub(crate) counter: u16,
    pub(crate) hash: u64,
}

/// Which way a step went sideways: `west` when it came from the west
/// neighbour (moving east). Points are numbered rank by rank, so a step
/// between two neighbours changes the index by one exactly when it is
/// sideways.
#[inline(always)]
fn sideways<B: Bits>(mv: Move<B>) -> Sideways<bool> {
    debug_assert!(!mv.is_capture());
    Sideways {
        west: mv.to.to_u8() == mv.from.to_u8().wrapping_add(1),
        east: mv.from.to_u8() == mv.to.to_u8().wrapping_add(1),
    }
}

/// A value for each sideways direction a piece may have come from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Sideways<B> {
    pub west: B,
    pub east: B,
}

impl<B: Bits> fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.rules.key, self.to_text())
    }
}

impl<B: Bits> PartialEq for Position<B> {
    fn eq(&self, other: &Self) -> bool {
        self.same_state(other) && self.counter == other.counter
    }
}

impl<B: Bits> Eq for Position<B> {}

impl<B: Bits> Position<B> {
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn men(&self, side: Side) -> B {
        self.men[side]
    }

    pub fn kings(&self, side: Side) -> B {
        self.kings[side]
    }

    pub fn pieces(&self, side: Side) -> B {
        self.men[side] | self.kings[side]
    }

    pub fn occupied(&self) -> B {
        self.pieces(Side::White) | self.pieces(Side::Black)
    }

    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        Side::BOTH.into_iter().find_map(|side| {
            if self.men[side].has(p) {
                Some(Piece {
                    side,
                    role: Role::Man,
                })
            } else if self.kings[side].has(p) {
                Some(Piece {
                    side,
                    role: Role::King,
                })
            } else {
                None
            }
        })
    }

    /// The same pieces with the other side to move, as if this side had
    /// passed (no huff pending): what a player may plan while the opponent
    /// thinks.
    pub fn passed(&self) -> Position<B> {
        let mut passed = *self;
        passed.side = self.side.other();
        passed.huffable = B::ZERO;
        passed.hash = passed.compute_hash();
        passed
    }

    /// The pieces the side to move may huff at the start of this turn.
    pub fn huffable(&self) -> B {
        self.huffable
    }

    /// No-return memory: the pieces that came from their west / east neighbour.
    pub fn came_from(&self) -> Sideways<B> {
        self.came_from
    }

    /// Plies counted towards the no-progress draw.
    pub fn no_progress_plies(&self) -> u16 {
        self.counter
    }

    /// The incrementally kept Zobrist hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Equal in everything the repetition rule compares: pieces, side to move,
    /// no-return memory and the huffable set (not the no-progress counter).
    pub fn same_state(&self, other: &Self) -> bool {
        self.rules.key == other.rules.key
            && self.men == other.men
            && self.kings == other.kings
            && self.side == other.side
            && self.came_from == other.came_from
            && self.huffable == other.huffable
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in Side::BOTH {
            for p in self.men[side].points() {
                h ^= zobrist::key(zobrist::man(side), p);
            }
            for p in self.kings[side].points() {
                h ^= zobrist::key(zobrist::king(side), p);
            }
        }
        for p in self.came_from.west.points() {
            h ^= zobrist::key(Feature::CameFromWest, p);
        }
        for p in self.came_from.east.points() {
            h ^= zobrist::key(Feature::CameFromEast, p);
        }
        for p in self.huffable.points() {
            h ^= zobrist::key(Feature::Huffable, p);
        }
        if self.side == Side::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h
    }

    #[inline(always)]
    fn toggle(&mut self, feature: Feature, set: B) {
        for p in set.points() {
            self.hash ^= zobrist::key(feature, p);
        }
    }

    /// The position after `mv`, which must be legal here.
    #[inline(always)]
    pub fn play(&self, mv: Move<B>) -> Position<B> {
        self.play_in(Dynamic(self.rules), mv, None)
    }

    /// [`Position::play`] with the rules from `src` (this position's), for a
    /// caller that may already know [`Position::capturers`] (move generation
    /// finds them anyway).
    #[inline(always)]
    pub(crate) fn play_in<S: RuleSource>(
        &self,
        src: S,
        mv: Move<B>,
        capturers: Option<B>,
    ) -> Position<B> {
        let mut next = *self;
        let us = src.mover(self.side);
        let from = B::from_point(mv.from);
        let to = B::from_point(mv.to);
        let moved_king = self.kings[us].has(mv.from);
        let role = if moved_king {
            next.kings[us] ^= from ^ to;
            zobrist::king(us)
        } else {
            next.men[us] ^= from ^ to;
            zobrist::man(us)
        };
        next.hash ^=
            zobrist::key(role, mv.from) ^ zobrist::key(role, mv.to) ^ zobrist::BLACK_TO_MOVE;
        if mv.is_capture() {
            next.remove(us.other(), mv.captured);
        }
        let rules = src.rules();
        if rules.no_return {
            next.update_memory(mv, from, to);
        }
        if rules.kings.is_some() && !moved_king {
            let far_rank = B::from_u128(rules.geometry.rank_mask(rules.far_rank(us)));
            if far_rank.has(mv.to) {
                // Crowned at the end of the move.
                next.men[us] ^= to;
                next.kings[us] ^= to;
                next.hash ^=
                    zobrist::key(zobrist::man(us), mv.to) ^ zobrist::key(zobrist::king(us), mv.to);
            }
        }
        if rules.huffing() {
            next.update_huffable(src, self, mv, capturers);
        }
        next.counter = match rules.no_progress {
            NoProgress::None => 0,
            NoProgress::ForwardSteps if !mv.is_capture() && sideways(mv) != Sideways::default() => {
                (self.counter + 1).min(rules.no_progress_limit)
            }
            NoProgress::ManMoves if !mv.is_capture() && moved_king => {
                (self.counter + 1).min(rules.no_progress_limit)
            }
            _ => 0,
        };
        next.side = us.other();
        debug_assert_eq!(next.hash, next.compute_hash());
        next
    }

    /// Removes captured pieces of `side`.
    #[inline(always)]
    fn remove(&mut self, side: Side, captured: B) {
        let men = captured & self.men[side];
        let kings = captured & self.kings[side];
        self.men[side] ^= men;
        self.kings[side] ^= kings;
        self.toggle(zobrist::man(side), men);
        self.toggle(zobrist::king(side), kings);
    }

    /// The huffable set after `mv`, played in `before`: every piece that could
    /// have captured, when the move was not a capture.
    #[inline(never)]
    fn update_huffable<S: RuleSource>(
        &mut self,
        src: S,
        before: &Position<B>,
        mv: Move<B>,
        capturers: Option<B>,
    ) {
        let huffable = if mv.is_capture() {
            B::ZERO
        } else {
            let capturers = capturers.unwrap_or_else(|| before.capturers_in(src));
            if capturers.has(mv.from) {
                capturers ^ B::from_point(mv.from) ^ B::from_point(mv.to)
            } else {
                capturers
            }
        };
        self.toggle(Feature::Huffable, before.huffable ^ huffable);
        self.huffable = huffable;
    }

    #[inline(always)]
    fn update_memory(&mut self, mv: Move<B>, from: B, to: B) {
        let old = self.came_from;
        let gone = from | mv.captured;
        self.came_from.west &= !gone;
        self.came_from.east &= !gone;
        if !mv.is_capture() {
            let step = sideways(mv);
            self.came_from.west |= if step.west { to } else { B::ZERO };
            self.came_from.east |= if step.east { to } else { B::ZERO };
        }
        self.toggle(Feature::CameFromWest, old.west ^ self.came_from.west);
        self.toggle(Feature::CameFromEast, old.east ^ self.came_from.east);
    }

    /// The position after huffing the piece on `p`, one of
    /// [`Position::huffable`]: the piece is gone and the chance is used; the
    /// huffer still has to move.
    pub fn huff(&self, p: Point) -> Position<B> {
        debug_assert!(self.huffable.has(p));
        let mut next = *self;
        let them = self.side.other();
        let bit = B::from_point(p);
        if self.kings[them].has(p) {
            next.kings[them] ^= bit;
            next.hash ^= zobrist::key(zobrist::king(them), p);
        } else {
            next.men[them] ^= bit;
            next.hash ^= zobrist::key(zobrist::man(them), p);
        }
        next.toggle(Feature::Huffable, self.huffable);
        next.huffable = B::ZERO;
        next.counter = 0;
        next
    }

    /// Whether huffing the piece on `p` takes the opponent's last piece, which
    /// makes the huff a whole turn that ends the game.
    pub fn huff_takes_last_piece(&self, p: Point) -> bool {
        self.pieces(self.side.other()) == B::from_point(p)
    }

    /// The position after a whole turn, which must be legal here.
    pub fn play_turn(&self, turn: Turn<B>) -> Position<B> {
        match (turn.huff, turn.mv) {
            (None, Some(mv)) => self.play(mv),
            (Some(p), Some(mv)) => {
                let mut next = self.huff(p).play(mv);
                // A huff resets the count, whatever the move after it.
                next.counter = 0;
                next
            }
            (Some(p), None) => self.huff(p).pass(),
            (None, None) => self.pass(),
        }
    }

    /// The same position with the other side to move (used to end a
    /// huff-only turn, and to ask whether the opponent could move).
    pub(crate) fn pass(&self) -> Position<B> {
        let mut next = *self;
        next.side = self.side.other();
        next.hash ^= zobrist::BLACK_TO_MOVE;
        next
    }

    /// The position mirrored left–right (file a ↔ the last file).
    pub fn mirrored(&self) -> Position<B> {
        let g = self.rules.geometry;
        let flip = |set: B| {
            set.points()
                .fold(B::ZERO, |acc, p| acc | B::from_point(g.mirror(p)))
        };
        let mut m = *self;
        for side in Side::BOTH {
            m.men[side] = flip(self.men[side]);
            m.kings[side] = flip(self.kings[side]);
        }
        // A piece that came from the west now came from the east.
        m.came_from = Sideways {
            west: flip(self.came_from.east),
            east: flip(self.came_from.west),
        };
        m.huffable = flip(self.huffable);
        m.hash = m.compute_hash();
        m
    }
}
