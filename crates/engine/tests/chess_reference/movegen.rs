//! Move generation, attack tests and playing moves.
//!
//! Every piece's reach is worked out point by point from the table in
//! docs/rules.md (Chesquerque 2); the same reach serves both for moves and for the attack test,
//! since a point is attacked when an enemy piece could capture there by its
//! ordinary move. Pawns are the exception: their reach lists only the points
//! they capture on, and their plain forward moves are generated separately.

use super::{
    is_diagonal_point, line_step, offset, point, point_name, rank_of, Board, Color, Kind, Piece,
    RefChess, BLACK_LONG, BLACK_SHORT, POINTS, PROMOTIONS, SIZE, WHITE_LONG, WHITE_SHORT,
};

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// What kind of move, beyond "piece goes from one point to another".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    None,
    /// A pawn's two-point advance; `skipped` is the point in between.
    DoubleStep {
        skipped: usize,
    },
    /// The captured pawn stands on `captured`, not on the destination.
    EnPassant {
        captured: usize,
    },
    /// The king goes from `from` to `to`; the rook from `rook_from` to `rook_to`.
    Castle {
        rook_from: usize,
        rook_to: usize,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: usize,
    pub to: usize,
    pub promotion: Option<Kind>,
    pub special: Special,
}

impl RefMove {
    fn simple(from: usize, to: usize) -> RefMove {
        RefMove {
            from,
            to,
            promotion: None,
            special: Special::None,
        }
    }

    /// "e2e4", "e8e9a"; castling is the king's move "e1b1" / "e1h1".
    pub fn text(&self) -> String {
        let mut text = format!("{}{}", point_name(self.from), point_name(self.to));
        if let Some(kind) = self.promotion {
            text.push(kind.letter().to_ascii_lowercase());
        }
        text
    }
}

/// Points reached by sliding from `p` in each direction along drawn lines:
/// every empty point, plus the first occupied one (whoever owns it).
fn slide(board: &Board, p: usize, dirs: &[(i32, i32)], out: &mut Vec<usize>) {
    for &(df, dr) in dirs {
        let mut at = p;
        while let Some(next) = line_step(at, df, dr) {
            out.push(next);
            if board[next].is_some() {
                break;
            }
            at = next;
        }
    }
}

/// Points one step away along drawn lines in the given directions.
fn single_steps(p: usize, dirs: &[(i32, i32)], out: &mut Vec<usize>) {
    for &(df, dr) in dirs {
        if let Some(next) = line_step(p, df, dr) {
            out.push(next);
        }
    }
}

/// The knight's end points. From a diagonal point: a diagonal step to an
/// empty point, then an orthogonal step that keeps going the same way in one
/// of the two coordinates (ending a (1,2) or (2,1) offset away). From a point
/// without diagonals: an orthogonal step to an empty point, then a diagonal
/// step that keeps going in that direction and turns to one side.
fn knight_targets(board: &Board, p: usize, out: &mut Vec<usize>) {
    if is_diagonal_point(p) {
        for (df, dr) in DIAGONAL {
            let Some(middle) = line_step(p, df, dr) else {
                continue;
            };
            if board[middle].is_some() {
                continue;
            }
            for (of, or) in [(df, 0), (0, dr)] {
                if let Some(end) = line_step(middle, of, or) {
                    out.push(end);
                }
            }
        }
    } else {
        for (df, dr) in ORTHOGONAL {
            let Some(middle) = line_step(p, df, dr) else {
                continue;
            };
            if board[middle].is_some() {
                continue;
            }
            let turns = if df != 0 {
                [(df, 1), (df, -1)]
            } else {
                [(1, dr), (-1, dr)]
            };
            for (of, or) in turns {
                if let Some(end) = line_step(middle, of, or) {
                    out.push(end);
                }
            }
        }
    }
}

/// The bishop's reach: one orthogonal step anywhere, plus diagonal slides
/// from a diagonal point.
fn bishop_targets(board: &Board, p: usize, out: &mut Vec<usize>) {
    single_steps(p, &ORTHOGONAL, out);
    if is_diagonal_point(p) {
        slide(board, p, &DIAGONAL, out);
    }
}

/// Points a piece standing on `p` could capture on by its ordinary move
/// (castling excluded); for every piece but the pawn these are also the points
/// it can move to. Occupied points are included whoever owns them; the caller
/// drops its own pieces.
fn piece_targets(board: &Board, p: usize, (color, kind): Piece) -> Vec<usize> {
    let diagonal = is_diagonal_point(p);
    let mut out = Vec::new();
    match kind {
        Kind::King => {
            single_steps(p, &ORTHOGONAL, &mut out);
            if diagonal {
                single_steps(p, &DIAGONAL, &mut out);
            }
        }
        Kind::Queen => {
            slide(board, p, &ORTHOGONAL, &mut out);
            if diagonal {
                slide(board, p, &DIAGONAL, &mut out);
            }
        }
        Kind::Rook => {
            slide(board, p, &ORTHOGONAL, &mut out);
            if diagonal {
                single_steps(p, &DIAGONAL, &mut out);
            }
        }
        Kind::Bishop => bishop_targets(board, p, &mut out),
        Kind::Knight => knight_targets(board, p, &mut out),
        Kind::Archbishop => {
            bishop_targets(board, p, &mut out);
            knight_targets(board, p, &mut out);
        }
        Kind::Pawn => out = pawn_capture_targets(p, color),
    }
    out
}

/// Points a pawn of `color` on `p` captures on: straight forward from a point
/// without diagonals, diagonally forward from a diagonal point.
fn pawn_capture_targets(p: usize, color: Color) -> Vec<usize> {
    let fwd = color.forward();
    let mut out = Vec::new();
    if is_diagonal_point(p) {
        single_steps(p, &[(1, fwd), (-1, fwd)], &mut out);
    } else if let Some(next) = line_step(p, 0, fwd) {
        out.push(next);
    }
    out
}

/// Whether a piece of `by` could capture on `target` by its ordinary move.
pub fn attacked(board: &Board, target: usize, by: Color) -> bool {
    (0..POINTS).any(|p| match board[p] {
        Some(piece) if piece.0 == by => piece_targets(board, p, piece).contains(&target),
        _ => false,
    })
}

fn king_point(board: &Board, color: Color) -> Option<usize> {
    (0..POINTS).find(|&p| board[p] == Some((color, Kind::King)))
}

/// Whether `color`'s king stands on an attacked point of `board`.
pub fn king_attacked(board: &Board, color: Color) -> bool {
    match king_point(board, color) {
        Some(k) => attacked(board, k, color.other()),
        None => false,
    }
}

impl RefChess {
    /// Every move of the side to move that obeys the piece rules, before the
    /// test that the mover's own king is safe afterwards.
    fn pseudo_moves(&self) -> Vec<RefMove> {
        let me = self.to_move;
        let mut moves = Vec::new();
        for from in 0..POINTS {
            match self.board[from] {
                Some((color, Kind::Pawn)) if color == me => self.pawn_moves(from, &mut moves),
                Some(piece) if piece.0 == me => {
                    for to in piece_targets(&self.board, from, piece) {
                        match self.board[to] {
                            Some((owner, _)) if owner == me => {}
                            _ => moves.push(RefMove::simple(from, to)),
                        }
                    }
                }
                _ => {}
            }
        }
        self.castling_moves(&mut moves);
        moves
    }

    /// Pushes one move per promotion piece when `to` is on the last rank.
    fn push_pawn_move(&self, from: usize, to: usize, special: Special, moves: &mut Vec<RefMove>) {
        if rank_of(to) == self.to_move.last_rank() {
            for kind in PROMOTIONS {
                moves.push(RefMove {
                    from,
                    to,
                    promotion: Some(kind),
                    special,
                });
            }
        } else {
            moves.push(RefMove {
                from,
                to,
                promotion: None,
                special,
            });
        }
    }

    fn pawn_moves(&self, from: usize, moves: &mut Vec<RefMove>) {
        let me = self.to_move;
        let fwd = me.forward();
        let is_enemy = |p: usize| matches!(self.board[p], Some((c, _)) if c != me);
        // One step straight forward: a move onto an empty point from any
        // point, and also a capture from a point without diagonals.
        if let Some(ahead) = line_step(from, 0, fwd) {
            let empty = self.board[ahead].is_none();
            if empty || (!is_diagonal_point(from) && is_enemy(ahead)) {
                self.push_pawn_move(from, ahead, Special::None, moves);
            }
            // Double step from the starting rank: both points empty.
            if empty && rank_of(from) == me.pawn_rank() {
                if let Some(two) = line_step(ahead, 0, fwd) {
                    if self.board[two].is_none() {
                        let special = Special::DoubleStep { skipped: ahead };
                        self.push_pawn_move(from, two, special, moves);
                    }
                }
            }
        }
        // Diagonal captures, and en passant, only from a diagonal point.
        if is_diagonal_point(from) {
            for df in [1, -1] {
                let Some(to) = line_step(from, df, fwd) else {
                    continue;
                };
                if is_enemy(to) {
                    self.push_pawn_move(from, to, Special::None, moves);
                } else if Some(to) == self.en_passant && self.board[to].is_none() {
                    if let Some(captured) = offset(to, 0, -fwd) {
                        if self.board[captured] == Some((me.other(), Kind::Pawn)) {
                            let special = Special::EnPassant { captured };
                            self.push_pawn_move(from, to, special, moves);
                        }
                    }
                }
            }
        }
    }

    /// Castling: king from e1 (e9) three points towards a rook on a1 / i1
    /// (a9 / i9), which goes two points the other way. The right must still be
    /// held, the points between king and rook empty, and none of the king's
    /// start point and the three points of its slide attacked.
    fn castling_moves(&self, moves: &mut Vec<RefMove>) {
        let me = self.to_move;
        let rank = me.home_rank();
        let (short, long) = match me {
            Color::White => (WHITE_SHORT, WHITE_LONG),
            Color::Black => (BLACK_SHORT, BLACK_LONG),
        };
        // (right, direction of the king's slide, rook's file)
        for (right, dir, rook_file) in [(short, 1, SIZE - 1), (long, -1, 0)] {
            if !self.castling[right] {
                continue;
            }
            let (Some(king_from), Some(rook_from)) = (point(4, rank), point(rook_file, rank))
            else {
                continue;
            };
            if self.board[king_from] != Some((me, Kind::King))
                || self.board[rook_from] != Some((me, Kind::Rook))
            {
                continue;
            }
            // The points strictly between king and rook (three of them).
            let between: Vec<usize> = (1..=3).filter_map(|i| point(4 + dir * i, rank)).collect();
            if between.iter().any(|&p| self.board[p].is_some()) {
                continue;
            }
            let mut king_path = vec![king_from];
            king_path.extend(&between);
            if king_path
                .iter()
                .any(|&p| attacked(&self.board, p, me.other()))
            {
                continue;
            }
            // King three points towards the rook (b1 / h1); rook two points
            // back towards the king (c1 / g1).
            let king_to = point(4 + 3 * dir, rank);
            let rook_to = point(rook_file - 2 * dir, rank);
            let (Some(king_to), Some(rook_to)) = (king_to, rook_to) else {
                continue;
            };
            moves.push(RefMove {
                from: king_from,
                to: king_to,
                promotion: None,
                special: Special::Castle { rook_from, rook_to },
            });
        }
    }

    /// The board after `m`, pieces only.
    fn board_after(&self, m: &RefMove) -> Board {
        let mut board = self.board;
        let piece = board[m.from];
        board[m.from] = None;
        match m.special {
            Special::EnPassant { captured } => board[captured] = None,
            Special::Castle { rook_from, rook_to } => {
                let rook = board[rook_from];
                board[rook_from] = None;
                board[rook_to] = rook;
            }
            Special::None | Special::DoubleStep { .. } => {}
        }
        board[m.to] = match (piece, m.promotion) {
            (Some((color, _)), Some(kind)) => Some((color, kind)),
            _ => piece,
        };
        board
    }

    /// Legal moves: the pseudo moves that do not leave the mover's king
    /// attacked. Sorted by text, each move once.
    pub(super) fn legal_moves(&self) -> Vec<RefMove> {
        let me = self.to_move;
        let mut legal: Vec<RefMove> = self
            .pseudo_moves()
            .into_iter()
            .filter(|m| !king_attacked(&self.board_after(m), me))
            .collect();
        legal.sort_by_key(RefMove::text);
        legal.dedup_by_key(|m| m.text());
        legal
    }

    /// Whether the side to move has a legal en-passant capture.
    pub(super) fn has_legal_en_passant(&self) -> bool {
        self.en_passant.is_some()
            && self
                .legal_moves()
                .iter()
                .any(|m| matches!(m.special, Special::EnPassant { .. }))
    }

    /// The position after the (legal) move `m`.
    pub(super) fn make(&self, m: &RefMove) -> RefChess {
        let me = self.to_move;
        let moving = self.board[m.from];
        let is_pawn = matches!(moving, Some((_, Kind::Pawn)));
        let is_capture =
            self.board[m.to].is_some() || matches!(m.special, Special::EnPassant { .. });
        let mut next = self.clone();
        next.board = self.board_after(m);

        // Castling rights: lost with a king move, and when anything leaves or
        // lands on the rook's home point.
        if matches!(moving, Some((_, Kind::King))) {
            match me {
                Color::White => {
                    next.castling[WHITE_SHORT] = false;
                    next.castling[WHITE_LONG] = false;
                }
                Color::Black => {
                    next.castling[BLACK_SHORT] = false;
                    next.castling[BLACK_LONG] = false;
                }
            }
        }
        let corners = [
            (point(SIZE - 1, 0), WHITE_SHORT),
            (point(0, 0), WHITE_LONG),
            (point(SIZE - 1, SIZE - 1), BLACK_SHORT),
            (point(0, SIZE - 1), BLACK_LONG),
        ];
        for (corner, right) in corners {
            if corner == Some(m.from) || corner == Some(m.to) {
                next.castling[right] = false;
            }
        }

        next.halfmove = if is_pawn || is_capture {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if me == Color::Black {
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.to_move = me.other();
        next.en_passant = match m.special {
            Special::DoubleStep { skipped } => Some(skipped),
            _ => None,
        };
        if !next.has_legal_en_passant() {
            next.en_passant = None;
        }
        next
    }
}
