//! A deliberately plain reference move generator for Chesquerque, written
//! straight from docs/rules.md ("Chesquerque" and Fine print 6). It keeps
//! the board in an array of 81 optional pieces, works out every neighbour from
//! (file, rank) coordinates, and decides legality by playing the move on a
//! copy of the board and asking whether the mover's king is attacked there.
//! It does not use the engine crate at all, so the engine can be checked
//! against it by perft.
//!
//! Layout: this file holds the types, point helpers and the public API;
//! `movegen.rs` generates and plays moves; `fen.rs` reads and writes position
//! text.
#![allow(dead_code)]

mod fen;
mod movegen;

// Not every test binary that includes this module uses it.
#[allow(unused_imports)]
pub use fen::START_FEN;
use movegen::RefMove;

/// Board width and height.
pub const SIZE: i32 = 9;
/// Number of points. Index = rank * 9 + file (both 0-based): a1 = 0, i1 = 8,
/// a2 = 9, ..., i9 = 80.
pub const POINTS: usize = 81;

/// The two players. White starts at the bottom and moves up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Rank change of a step straight forward: +1 for White, -1 for Black.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// 0-based rank the pawns start on (rank 2 or rank 8).
    fn pawn_rank(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => SIZE - 2,
        }
    }

    /// 0-based rank where pawns promote (rank 9 or rank 1).
    fn last_rank(self) -> i32 {
        match self {
            Color::White => SIZE - 1,
            Color::Black => 0,
        }
    }

    /// 0-based rank of the king and rooks at the start (rank 1 or rank 9).
    fn home_rank(self) -> i32 {
        match self {
            Color::White => 0,
            Color::Black => SIZE - 1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Archbishop,
    Pawn,
}

impl Kind {
    /// Upper-case letter of the piece (White's letter in position text).
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Archbishop => 'A',
            Kind::Pawn => 'P',
        }
    }

    fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'A' => Some(Kind::Archbishop),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

/// The five pieces a pawn may become, in the order q, r, b, n, a.
const PROMOTIONS: [Kind; 5] = [
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Archbishop,
];

pub type Piece = (Color, Kind);
pub type Board = [Option<Piece>; POINTS];

/// Castling rights, indexed as in the text: K, Q, k, q.
const WHITE_SHORT: usize = 0;
const WHITE_LONG: usize = 1;
const BLACK_SHORT: usize = 2;
const BLACK_LONG: usize = 3;
const CASTLING_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// The point at 0-based (file, rank), if it is on the board.
fn point(file: i32, rank: i32) -> Option<usize> {
    if (0..SIZE).contains(&file) && (0..SIZE).contains(&rank) {
        Some((rank * SIZE + file) as usize)
    } else {
        None
    }
}

fn file_of(p: usize) -> i32 {
    p as i32 % SIZE
}

fn rank_of(p: usize) -> i32 {
    p as i32 / SIZE
}

/// A diagonal point has an even (file number + rank number) counting from 1;
/// adding 1 to both 0-based coordinates does not change the parity.
fn is_diagonal_point(p: usize) -> bool {
    (file_of(p) + rank_of(p)) % 2 == 0
}

/// The point reached by the plain offset (df, dr), whether or not a line is
/// drawn between the two points.
fn offset(p: usize, df: i32, dr: i32) -> Option<usize> {
    point(file_of(p) + df, rank_of(p) + dr)
}

/// The neighbour one step along a drawn line in direction (df, dr): an
/// orthogonal line always exists; a diagonal one only from a diagonal point
/// (its neighbour along the diagonal is then a diagonal point too).
fn line_step(p: usize, df: i32, dr: i32) -> Option<usize> {
    if df != 0 && dr != 0 && !is_diagonal_point(p) {
        return None;
    }
    offset(p, df, dr)
}

/// "c3" for file c, rank 3.
pub fn point_name(p: usize) -> String {
    let file = (b'a' + file_of(p) as u8) as char;
    format!("{}{}", file, rank_of(p) + 1)
}

/// Reads a point name such as "c3"; None for anything else.
pub fn parse_point(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let file_char = chars.next()?;
    let rank_char = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let file = match file_char {
        'a'..='i' => file_char as i32 - 'a' as i32,
        _ => return None,
    };
    let rank = match rank_char {
        '1'..='9' => rank_char as i32 - '1' as i32,
        _ => return None,
    };
    point(file, rank)
}

/// A Chesquerque position with its rule state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefChess {
    board: Board,
    to_move: Color,
    /// K, Q, k, q.
    castling: [bool; 4],
    /// The point skipped by the double step just played, kept only while the
    /// side to move has a legal en-passant capture onto it.
    en_passant: Option<usize>,
    halfmove: u32,
    fullmove: u32,
}

impl RefChess {
    /// Every legal move in coordinate form ("e2e4", "e8e9a", "e1b1"), sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal_moves().iter().map(RefMove::text).collect();
        texts.sort();
        texts.dedup();
        texts
    }

    /// Plays a move given in coordinate form; panics if it is not legal.
    pub fn play(&self, mv: &str) -> RefChess {
        let found = self.legal_moves().into_iter().find(|m| m.text() == mv);
        match found {
            Some(m) => self.make(&m),
            None => panic!(
                "`{mv}` is not a legal move in `{}`; legal: {:?}",
                self.to_fen(),
                self.moves()
            ),
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        movegen::king_attacked(&self.board, self.to_move)
    }

    /// The piece on a named point (for tests).
    pub fn piece_at(&self, name: &str) -> Option<Piece> {
        parse_point(name).and_then(|p| self.board[p])
    }
}

/// Number of leaf positions `depth` plies below `pos`.
pub fn perft(pos: &RefChess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.make(m), depth - 1)).sum()
}
