//! Chesquerque move generation: every pseudo-legal move by piece and point
//! type, then only those that leave the mover's king safe.

use alloc::vec::Vec;

use super::position::{castlings, forward, ChessMove, ChessPosition, Role, Set, BOARD};
use crate::bitboard::Bits;
use crate::geometry::{Dir, Point};
use crate::side::Side;

impl ChessPosition {
    /// Every legal move, appended to `out`.
    pub fn generate(&self, out: &mut Vec<ChessMove>) {
        let start = out.len();
        self.pseudo_legal(out);
        let us = self.side;
        // Only some moves can expose the king: when in check, any; otherwise
        // the king's own, en passant, and moves of pieces that shield the
        // king from a slider or stand on a knight's middle point. The rest
        // are legal as generated.
        let risky = if self.in_check() {
            Set::MAX
        } else {
            self.shields(us) | self.of(us, Role::King)
        };
        let pawns = self.of(us, Role::Pawn);
        let mut i = start;
        while i < out.len() {
            let mv = out[i];
            let en_passant = Some(mv.to) == self.ep && pawns.has(mv.from);
            let checked = risky.has(mv.from) || en_passant;
            if checked && self.play(mv).in_check_for(us) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Pieces of `side` whose moving could uncover an attack on its king:
    /// the first piece between the king and an enemy slider on a line, and
    /// any piece on the middle point of an enemy knight's path to the king.
    fn shields(&self, side: Side) -> Set {
        let g = BOARD;
        let Some(king) = self.king(side) else {
            return Set::ZERO;
        };
        let own = self.sides[side];
        let enemy = self.sides[side.other()];
        let occupied = self.occupied();
        let sliders = |d: Dir| -> Set {
            let roles: &[Role] = if d.is_diagonal() {
                &[Role::Queen, Role::Bishop, Role::Archbishop]
            } else {
                &[Role::Queen, Role::Rook]
            };
            roles
                .iter()
                .fold(Set::ZERO, |set, &r| set | self.roles[r as usize])
                & enemy
        };
        let mut shields = Set::ZERO;
        for d in Dir::ALL {
            // The first piece along the line, then the second.
            let mut q = g.neighbour(king, d);
            while let Some(p) = q.filter(|&p| !occupied.has(p)) {
                q = g.neighbour(p, d);
            }
            let Some(first) = q.filter(|&p| own.has(p)) else {
                continue;
            };
            let mut q = g.neighbour(first, d);
            while let Some(p) = q.filter(|&p| !occupied.has(p)) {
                q = g.neighbour(p, d);
            }
            if q.is_some_and(|p| sliders(d).has(p)) {
                shields |= Set::from_point(first);
            }
        }
        let knights =
            (self.roles[Role::Knight as usize] | self.roles[Role::Archbishop as usize]) & enemy;
        for first in Dir::ALL {
            let Some(middle) = g.neighbour(king, first).filter(|&m| own.has(m)) else {
                continue;
            };
            for turn in [1, 7] {
                let beyond = g.neighbour(middle, Dir::from_index(first.index() + turn));
                if beyond.is_some_and(|q| knights.has(q)) {
                    shields |= Set::from_point(middle);
                }
            }
        }
        shields
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<ChessMove> {
        let mut out = Vec::new();
        self.generate(&mut out);
        out
    }

    fn pseudo_legal(&self, out: &mut Vec<ChessMove>) {
        let g = BOARD;
        let us = self.side;
        let own = self.sides[us];
        let occupied = self.occupied();
        let mut add = |from: Point, to: Point| {
            if !own.has(to) {
                out.push(ChessMove {
                    from,
                    to,
                    promotion: None,
                });
            }
        };
        for from in own.points() {
            let Some(role) = self.role_at(from) else {
                continue;
            };
            let slide = |d: Dir, add: &mut dyn FnMut(Point, Point)| {
                let mut q = g.neighbour(from, d);
                while let Some(p) = q {
                    add(from, p);
                    if occupied.has(p) {
                        break;
                    }
                    q = g.neighbour(p, d);
                }
            };
            let step = |d: Dir, add: &mut dyn FnMut(Point, Point)| {
                if let Some(p) = g.neighbour(from, d) {
                    add(from, p);
                }
            };
            // A knight steps to an empty point, then turns 45° outward.
            let knight = |add: &mut dyn FnMut(Point, Point)| {
                for first in Dir::ALL {
                    let Some(middle) = g.neighbour(from, first).filter(|&m| !occupied.has(m))
                    else {
                        continue;
                    };
                    for turn in [1, 7] {
                        if let Some(p) = g.neighbour(middle, Dir::from_index(first.index() + turn))
                        {
                            add(from, p);
                        }
                    }
                }
            };
            match role {
                Role::King => Dir::ALL.into_iter().for_each(|d| step(d, &mut add)),
                Role::Queen => Dir::ALL.into_iter().for_each(|d| slide(d, &mut add)),
                Role::Rook => {
                    for d in Dir::ALL {
                        if d.is_diagonal() {
                            step(d, &mut add);
                        } else {
                            slide(d, &mut add);
                        }
                    }
                }
                Role::Bishop | Role::Archbishop => {
                    for d in Dir::ALL {
                        if d.is_diagonal() {
                            slide(d, &mut add);
                        } else {
                            step(d, &mut add);
                        }
                    }
                    if role == Role::Archbishop {
                        knight(&mut add);
                    }
                }
                Role::Knight => knight(&mut add),
                Role::Pawn => {}
            }
        }
        self.pawn_moves(out);
        self.castling_moves(out);
    }

    fn pawn_moves(&self, out: &mut Vec<ChessMove>) {
        let g = BOARD;
        let us = self.side;
        let enemy = self.sides[us.other()];
        let occupied = self.occupied();
        let ahead = forward(us);
        let last_rank = match us {
            Side::White => g.ranks() - 1,
            Side::Black => 0,
        };
        let start_rank = match us {
            Side::White => 1,
            Side::Black => g.ranks() - 2,
        };
        let mut add = |from: Point, to: Point| {
            if g.coords(to).1 == last_rank {
                for role in Role::PROMOTIONS {
                    out.push(ChessMove {
                        from,
                        to,
                        promotion: Some(role),
                    });
                }
            } else {
                out.push(ChessMove {
                    from,
                    to,
                    promotion: None,
                });
            }
        };
        for from in self.of(us, Role::Pawn).points() {
            let diagonal = g.is_diagonal_point(from);
            if let Some(to) = g.neighbour(from, ahead) {
                // Straight ahead: a move, and from a point without diagonals
                // a capture too.
                if !occupied.has(to) || (!diagonal && enemy.has(to)) {
                    add(from, to);
                }
                if !occupied.has(to) && g.coords(from).1 == start_rank {
                    if let Some(two) = g.neighbour(to, ahead).filter(|&t| !occupied.has(t)) {
                        add(from, two);
                    }
                }
            }
            if diagonal {
                for d in [
                    Dir::from_index(ahead.index() + 1),
                    Dir::from_index(ahead.index() + 7),
                ] {
                    if let Some(to) = g.neighbour(from, d) {
                        if enemy.has(to) || Some(to) == self.ep {
                            add(from, to);
                        }
                    }
                }
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<ChessMove>) {
        let us = self.side;
        let occupied = self.occupied();
        for castle in castlings(us) {
            if self.castling & castle.right == 0 {
                continue;
            }
            let (k, r) = (castle.king_from.index(), castle.rook_from.index());
            let between = (k.min(r) + 1..k.max(r))
                .map(|i| Point::from_index_unchecked(i as u8))
                .fold(Set::ZERO, |set, p| set | Set::from_point(p));
            if !(between & occupied).is_empty() {
                continue;
            }
            let (a, b) = (castle.king_from.index(), castle.king_to.index());
            let path = (a.min(b)..=a.max(b)).map(|i| Point::from_index_unchecked(i as u8));
            if path.clone().any(|p| self.is_attacked(p, us.other())) {
                continue;
            }
            out.push(ChessMove {
                from: castle.king_from,
                to: castle.king_to,
                promotion: None,
            });
        }
    }
}

/// Leaf nodes of the legal-move tree `depth` plies below `position`.
pub fn chess_perft(position: &ChessPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves
            .iter()
            .map(|&m| {
                core::hint::black_box(position.play(m));
                1
            })
            .sum();
    }
    moves
        .iter()
        .map(|&m| chess_perft(&position.play(m), depth - 1))
        .sum()
}
