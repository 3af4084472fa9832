//! The Chesquerque position, attacks, and playing a move.

use core::fmt;

use crate::bitboard::Bits;
use crate::geometry::{Dir, Point, StaticGeometry, ALQUERQUE_9};
use crate::side::{BySide, Side};

/// The board every Chesquerque position is played on.
pub(crate) static BOARD: &StaticGeometry = &ALQUERQUE_9;

/// A set of points of the 9 × 9 board.
pub(crate) type Set = u128;

/// The kind of a Chesquerque piece.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Archbishop = 4,
    Queen = 5,
    King = 6,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Archbishop,
        Role::Queen,
        Role::King,
    ];
    /// The pieces a pawn may become.
    pub const PROMOTIONS: [Role; 5] = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Archbishop,
    ];

    /// The letter of the piece (upper case), as in position text and SAN.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Archbishop => 'A',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.letter() == c.to_ascii_uppercase())
    }
}

/// A move: origin, destination and, for a pawn reaching the last rank, the
/// piece it becomes. Castling is the king's move of three points; en passant
/// is the pawn's move onto the skipped point.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ChessMove {
    pub from: Point,
    pub to: Point,
    pub promotion: Option<Role>,
}

/// Castling rights, one bit each.
pub(crate) const WHITE_H: u8 = 1;
pub(crate) const WHITE_B: u8 = 2;
pub(crate) const BLACK_H: u8 = 4;
pub(crate) const BLACK_B: u8 = 8;

/// A castling: the right it needs, the king's and rook's start and end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Castling {
    pub right: u8,
    pub king_from: Point,
    pub king_to: Point,
    pub rook_from: Point,
    pub rook_to: Point,
}

const fn point(file: u8, rank: u8) -> Point {
    Point::from_index_unchecked(rank * 9 + file)
}

/// Both castlings of a side: towards the h-file (the archbishop's side),
/// then towards the b-file (the queen's side).
pub(crate) const fn castlings(side: Side) -> [Castling; 2] {
    let (rank, h, b) = match side {
        Side::White => (0, WHITE_H, WHITE_B),
        Side::Black => (8, BLACK_H, BLACK_B),
    };
    [
        Castling {
            right: h,
            king_from: point(4, rank),
            king_to: point(7, rank),
            rook_from: point(8, rank),
            rook_to: point(6, rank),
        },
        Castling {
            right: b,
            king_from: point(4, rank),
            king_to: point(1, rank),
            rook_from: point(0, rank),
            rook_to: point(2, rank),
        },
    ]
}

/// A Chesquerque position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChessPosition {
    pub(crate) roles: [Set; 7],
    pub(crate) sides: BySide<Set>,
    pub(crate) side: Side,
    pub(crate) castling: u8,
    /// The point skipped by a double step on the move just played.
    pub(crate) ep: Option<Point>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
}

impl fmt::Debug for ChessPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChessPosition({})", self.to_fen())
    }
}

/// The forward direction of a side.
pub(crate) const fn forward(side: Side) -> Dir {
    match side {
        Side::White => Dir::N,
        Side::Black => Dir::S,
    }
}

impl ChessPosition {
    /// The same pieces with the other side to move, as if this side had
    /// passed (no en passant pending): what a player may plan while the
    /// opponent thinks.
    pub fn passed(&self) -> ChessPosition {
        let mut passed = *self;
        passed.side = self.side.other();
        passed.ep = None;
        passed
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn pieces(&self, side: Side) -> Set {
        self.sides[side]
    }

    pub fn occupied(&self) -> Set {
        self.sides[Side::White] | self.sides[Side::Black]
    }

    pub fn role_at(&self, p: Point) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&r| self.roles[r as usize].has(p))
    }

    pub fn piece_at(&self, p: Point) -> Option<(Side, Role)> {
        let side = Side::BOTH.into_iter().find(|&s| self.sides[s].has(p))?;
        Some((side, self.role_at(p)?))
    }

    pub(crate) fn of(&self, side: Side, role: Role) -> Set {
        self.sides[side] & self.roles[role as usize]
    }

    pub fn king(&self, side: Side) -> Option<Point> {
        let kings = self.of(side, Role::King);
        (!kings.is_empty()).then(|| kings.lowest())
    }

    /// Whether `side`'s king is attacked.
    pub fn in_check_for(&self, side: Side) -> bool {
        self.king(side)
            .is_some_and(|k| self.is_attacked(k, side.other()))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.in_check_for(self.side)
    }

    /// Plies since the last pawn move or capture.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// Whether a piece of `by` could capture on `target` by its ordinary move.
    pub fn is_attacked(&self, target: Point, by: Side) -> bool {
        let g = BOARD;
        let occupied = self.occupied();
        let enemy = self.sides[by];
        let is = |p: Point, roles: &[Role]| {
            enemy.has(p) && roles.iter().any(|&r| self.roles[r as usize].has(p))
        };
        for d in Dir::ALL {
            // The first piece along the line, and how far it is.
            let mut q = g.neighbour(target, d);
            let mut distance = 1;
            while let Some(p) = q.filter(|&p| !occupied.has(p)) {
                q = g.neighbour(p, d);
                distance += 1;
            }
            let Some(q) = q else {
                continue;
            };
            // Who slides along this kind of line, and who takes one step.
            let (slides, steps): (&[Role], &[Role]) = if d.is_diagonal() {
                (
                    &[Role::Queen, Role::Bishop, Role::Archbishop],
                    &[Role::King, Role::Rook],
                )
            } else {
                (
                    &[Role::Queen, Role::Rook],
                    &[Role::King, Role::Bishop, Role::Archbishop],
                )
            };
            if is(q, slides) || (distance == 1 && is(q, steps)) {
                return true;
            }
        }
        // Knights and archbishops: the reverse of their two-step move, with
        // an empty middle point.
        for first in Dir::ALL {
            let Some(middle) = g.neighbour(target, first).filter(|&m| !occupied.has(m)) else {
                continue;
            };
            for turn in [1, 7] {
                let second = Dir::from_index(first.index() + turn);
                if let Some(q) = g.neighbour(middle, second) {
                    if is(q, &[Role::Knight, Role::Archbishop]) {
                        return true;
                    }
                }
            }
        }
        // Pawns: straight ahead from a point without diagonals, diagonally
        // ahead from a diagonal point.
        let back = forward(by).opposite();
        let pawn_at = |q: Option<Point>, diagonal: bool| {
            q.is_some_and(|q| g.is_diagonal_point(q) == diagonal && is(q, &[Role::Pawn]))
        };
        if pawn_at(g.neighbour(target, back), false) {
            return true;
        }
        let beside = [
            Dir::from_index(back.index() + 1),
            Dir::from_index(back.index() + 7),
        ];
        beside
            .into_iter()
            .any(|d| pawn_at(g.neighbour(target, d), true))
    }

    /// The position after a move that is legal here (or at least pseudo-legal).
    pub fn play(&self, mv: ChessMove) -> ChessPosition {
        let mut next = *self;
        let us = self.side;
        let them = us.other();
        let from = Set::from_point(mv.from);
        let to = Set::from_point(mv.to);
        let role = self.role_at(mv.from).unwrap_or(Role::Pawn);
        let captured = self.role_at(mv.to).filter(|_| self.sides[them].has(mv.to));
        // Remove a captured piece.
        if let Some(r) = captured {
            next.roles[r as usize] ^= to;
            next.sides[them] ^= to;
        }
        // Move the piece, promoting it if asked.
        next.roles[role as usize] ^= from;
        next.roles[mv.promotion.unwrap_or(role) as usize] ^= to;
        next.sides[us] ^= from | to;
        next.ep = None;
        let g = BOARD;
        if role == Role::Pawn {
            if Some(mv.to) == self.ep
                && captured.is_none()
                && g.coords(mv.from).0 != g.coords(mv.to).0
            {
                // En passant: the pawn that double-stepped stands beyond.
                if let Some(victim) = g.neighbour(mv.to, forward(them)) {
                    let bit = Set::from_point(victim);
                    next.roles[Role::Pawn as usize] ^= bit;
                    next.sides[them] ^= bit;
                }
            }
            let skipped = g.neighbour(mv.from, forward(us));
            if skipped.and_then(|s| g.neighbour(s, forward(us))) == Some(mv.to) {
                next.ep = skipped;
            }
        }
        if role == Role::King {
            for castle in castlings(us) {
                if mv.from == castle.king_from && mv.to == castle.king_to {
                    let rook = Set::from_point(castle.rook_from) | Set::from_point(castle.rook_to);
                    next.roles[Role::Rook as usize] ^= rook;
                    next.sides[us] ^= rook;
                }
            }
            next.castling &= !(castlings(us)[0].right | castlings(us)[1].right);
        }
        // Anything leaving or landing on a rook's home point ends that right.
        for side in Side::BOTH {
            for castle in castlings(side) {
                if mv.from == castle.rook_from || mv.to == castle.rook_from {
                    next.castling &= !castle.right;
                }
            }
        }
        next.halfmove = if role == Role::Pawn || captured.is_some() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Side::Black {
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.side = them;
        next
    }
}

impl ChessPosition {
    /// The position mirrored left–right (file a ↔ file i). The two castlings
    /// swap into each other, so the rights swap too.
    pub fn mirrored(&self) -> ChessPosition {
        let g = BOARD;
        let flip = |set: Set| {
            set.points()
                .fold(Set::ZERO, |acc, p| acc | Set::from_point(g.mirror(p)))
        };
        let mut m = *self;
        for role in Role::ALL {
            m.roles[role as usize] = flip(self.roles[role as usize]);
        }
        for side in Side::BOTH {
            m.sides[side] = flip(self.sides[side]);
        }
        let swap = |bits: u8, a: u8, b: u8| {
            let mut out = bits & !(a | b);
            if bits & a != 0 {
                out |= b;
            }
            if bits & b != 0 {
                out |= a;
            }
            out
        };
        m.castling = swap(swap(self.castling, WHITE_H, WHITE_B), BLACK_H, BLACK_B);
        m.ep = self.ep.map(|p| g.mirror(p));
        m
    }
}

/// Zobrist keys for Chesquerque: one per side, piece kind and point, one per
/// castling-rights value, one per en-passant file, one for Black to move.
mod keys {
    use crate::zobrist::{nth, Keys};

    pub static PIECES: Keys<{ 2 * 7 * 81 }> = Keys::new(0xC4E5_5001);
    pub static CASTLING: Keys<16> = Keys::new(0xC4E5_5002);
    pub static EP_FILE: Keys<9> = Keys::new(0xC4E5_5003);
    pub const BLACK: u64 = nth(0xC4E5_5004, 0);
}

impl ChessPosition {
    /// The Zobrist hash of what the repetition rule compares (the en-passant
    /// point only when a capture onto it is legal).
    pub fn zobrist(&self) -> u64 {
        let mut h = 0;
        for side in Side::BOTH {
            for role in Role::ALL {
                for p in self.of(side, role).points() {
                    h ^= keys::PIECES.get((side.index() * 7 + role as usize) * 81 + p.index());
                }
            }
        }
        h ^= keys::CASTLING.get(self.castling as usize & 15);
        if let Some(ep) = self.ep.filter(|_| self.has_legal_en_passant()) {
            h ^= keys::EP_FILE.get(BOARD.coords(ep).0 as usize);
        }
        if self.side == Side::Black {
            h ^= keys::BLACK;
        }
        h
    }

    /// Both kings.
    pub fn kings_set(&self) -> Set {
        self.roles[Role::King as usize]
    }

    /// Whether a move (legal here) captures, en passant included.
    pub fn is_capture(&self, mv: ChessMove) -> bool {
        self.sides[self.side.other()].has(mv.to)
            || (Some(mv.to) == self.ep
                && self.of(self.side, Role::Pawn).has(mv.from)
                && BOARD.coords(mv.from).0 != BOARD.coords(mv.to).0)
    }
}
