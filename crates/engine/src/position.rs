//! A validated position and the way moves change it.

use core::fmt;

use crate::bitboard::Bits;
use crate::geometry::{Dir, Point};
use crate::rules::{NoProgress, Rules};
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

    /// The points of a side's far rank (where its men are crowned or frozen).
    #[inline(always)]
    pub(crate) fn far_rank(&self, side: Side) -> B {
        B::from_u128(self.rules.geometry.rank_mask(self.rules.far_rank(side)))
    }

    #[inline(always)]
    fn toggle(&mut self, feature: Feature, set: B) {
        for p in set.points() {
            self.hash ^= zobrist::key(feature, p);
        }
    }

    /// The position after `mv`, which must be legal here.
    pub fn play(&self, mv: Move<B>) -> Position<B> {
        let mut next = *self;
        let us = self.side;
        let them = us.other();
        let from = B::from_point(mv.from);
        let to = B::from_point(mv.to);
        let moved_king = self.kings[us].has(mv.from);
        let crowned = !moved_king && self.rules.kings.is_some() && self.far_rank(us).has(mv.to);
        if moved_king {
            next.kings[us] ^= from ^ to;
        } else if crowned {
            next.men[us] ^= from;
            next.kings[us] ^= to;
        } else {
            next.men[us] ^= from ^ to;
        }
        let before = zobrist::key(
            if moved_king {
                zobrist::king(us)
            } else {
                zobrist::man(us)
            },
            mv.from,
        );
        let after = zobrist::key(
            if moved_king || crowned {
                zobrist::king(us)
            } else {
                zobrist::man(us)
            },
            mv.to,
        );
        next.hash ^= before ^ after ^ zobrist::BLACK_TO_MOVE;
        if mv.is_capture() {
            let men = mv.captured & self.men[them];
            let kings = mv.captured & self.kings[them];
            next.men[them] ^= men;
            next.kings[them] ^= kings;
            next.toggle(zobrist::man(them), men);
            next.toggle(zobrist::king(them), kings);
        }
        if self.rules.no_return {
            next.update_memory(mv, from, to);
        }
        if self.rules.huffing() {
            let huffable = if mv.is_capture() {
                B::ZERO
            } else {
                let capturers = self.capturers();
                if capturers.has(mv.from) {
                    capturers ^ from ^ to
                } else {
                    capturers
                }
            };
            next.toggle(Feature::Huffable, self.huffable ^ huffable);
            next.huffable = huffable;
        }
        next.counter = match self.rules.no_progress {
            NoProgress::None => 0,
            NoProgress::ForwardSteps => {
                let g = self.rules.geometry;
                let sideways = g.neighbour(mv.from, Dir::E) == Some(mv.to)
                    || g.neighbour(mv.from, Dir::W) == Some(mv.to);
                if mv.is_capture() || !sideways {
                    0
                } else {
                    self.counter.saturating_add(1)
                }
            }
            NoProgress::ManMoves => {
                if mv.is_capture() || !moved_king {
                    0
                } else {
                    self.counter.saturating_add(1)
                }
            }
        };
        next.side = them;
        debug_assert_eq!(next.hash, next.compute_hash());
        next
    }

    fn update_memory(&mut self, mv: Move<B>, from: B, to: B) {
        let old = self.came_from;
        let gone = from | mv.captured;
        self.came_from.west &= !gone;
        self.came_from.east &= !gone;
        if !mv.is_capture() {
            let g = self.rules.geometry;
            if g.neighbour(mv.from, Dir::E) == Some(mv.to) {
                self.came_from.west |= to;
            } else if g.neighbour(mv.from, Dir::W) == Some(mv.to) {
                self.came_from.east |= to;
            }
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
