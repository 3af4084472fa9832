//! Chesquerque position text, FEN-like:
//! `rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1`
//! (board from rank 9 down, side to move, castling rights, en-passant point,
//! halfmove clock, fullmove number). See `docs/formats.md`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::position::{
    castlings, forward, ChessPosition, Role, Set, BLACK_B, BLACK_H, BOARD, WHITE_B, WHITE_H,
};
use crate::bitboard::Bits;
use crate::geometry::PointName;
use crate::side::{BySide, Side};

/// The start position.
pub const START: &str = "rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1";

/// What is wrong with a Chesquerque position text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenError {
    FieldCount {
        found: usize,
    },
    RankCount {
        found: usize,
    },
    RankLength {
        rank: u8,
        found: usize,
    },
    BadPieceChar(char),
    ConsecutiveDigits {
        rank: u8,
    },
    BadSide,
    BadCastling,
    /// A castling right without the king and rook on their home points.
    CastlingWithoutPieces(char),
    BadEnPassant,
    BadClock,
    /// Not exactly one king of a side.
    KingCount(Side),
    /// A pawn on its own first rank or on its last rank.
    PawnOnBackRank(PointName),
    /// The side not to move is in check.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            FieldCount { found } => write!(f, "expected 6 fields, found {found}"),
            RankCount { found } => write!(f, "expected 9 ranks separated by '/', found {found}"),
            RankLength { rank, found } => write!(f, "rank {rank} has {found} points, expected 9"),
            BadPieceChar(c) => write!(f, "'{c}' is not a piece (KQRBNAP, kqrbnap) or a digit 1-9"),
            ConsecutiveDigits { rank } => write!(f, "rank {rank} has two digits in a row"),
            BadSide => f.write_str("the side to move must be 'w' or 'b'"),
            BadCastling => f.write_str("castling rights must be '-' or some of KQkq in that order"),
            CastlingWithoutPieces(c) => {
                write!(
                    f,
                    "castling right '{c}' needs the king and rook on their home points"
                )
            }
            BadEnPassant => f.write_str("the en-passant point does not follow a double step"),
            BadClock => f.write_str("the move counters must be whole numbers"),
            KingCount(side) => write!(f, "{} must have exactly one king", side.name()),
            PawnOnBackRank(p) => write!(f, "a pawn cannot stand on {p}"),
            OpponentInCheck => f.write_str("the side not to move is in check"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FenError {}

impl ChessPosition {
    /// The start position.
    pub fn start() -> ChessPosition {
        match ChessPosition::from_fen(START) {
            Ok(p) => p,
            Err(e) => panic!("the Chesquerque start position is invalid: {e}"),
        }
    }

    /// Parses and validates position text.
    pub fn from_fen(text: &str) -> Result<ChessPosition, FenError> {
        let g = BOARD;
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [board, side, castling, ep, halfmove, fullmove] = fields[..] else {
            return Err(FenError::FieldCount {
                found: fields.len(),
            });
        };
        let mut p = ChessPosition {
            roles: [0; 7],
            sides: BySide::default(),
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 9 {
            return Err(FenError::RankCount { found: ranks.len() });
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = 8 - row as u8;
            let mut file = 0usize;
            let mut after_digit = false;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10).filter(|n| (1..=9).contains(n)) {
                    if after_digit {
                        return Err(FenError::ConsecutiveDigits { rank: rank + 1 });
                    }
                    after_digit = true;
                    file += n as usize;
                    continue;
                }
                after_digit = false;
                let role = Role::from_letter(c).ok_or(FenError::BadPieceChar(c))?;
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                if let Some(point) = u8::try_from(file).ok().and_then(|f| g.point(f, rank)) {
                    p.roles[role as usize] |= Set::from_point(point);
                    p.sides[side] |= Set::from_point(point);
                }
                file += 1;
            }
            if file != 9 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    found: file,
                });
            }
        }
        p.side = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(FenError::BadSide),
        };
        p.castling = parse_castling(castling)?;
        for side in Side::BOTH {
            if p.of(side, Role::King).count() != 1 {
                return Err(FenError::KingCount(side));
            }
            for (castle, letter) in castlings(side).into_iter().zip(castle_letters(side)) {
                let home = p.of(side, Role::King).has(castle.king_from)
                    && p.of(side, Role::Rook).has(castle.rook_from);
                if p.castling & castle.right != 0 && !home {
                    return Err(FenError::CastlingWithoutPieces(letter));
                }
            }
        }
        let back_ranks = Set::from_u128(g.rank_mask(0) | g.rank_mask(8));
        if let Some(pawn) = (p.roles[Role::Pawn as usize] & back_ranks).points().next() {
            return Err(FenError::PawnOnBackRank(g.name(pawn)));
        }
        if ep != "-" {
            let point = g.parse_point(ep).ok_or(FenError::BadEnPassant)?;
            let them = p.side.other();
            let pawn = g.neighbour(point, forward(them));
            let origin = g.neighbour(point, forward(them).opposite());
            // The skipped point of a double step from the opponent's pawn rank.
            let rank = match them {
                Side::White => 2,
                Side::Black => 6,
            };
            let fits = g.coords(point).1 == rank
                && pawn.is_some_and(|q| p.of(them, Role::Pawn).has(q))
                && origin.is_some_and(|q| !p.occupied().has(q))
                && !p.occupied().has(point);
            if !fits {
                return Err(FenError::BadEnPassant);
            }
            p.ep = Some(point);
        }
        p.halfmove = halfmove.parse().map_err(|_| FenError::BadClock)?;
        p.fullmove = fullmove.parse().map_err(|_| FenError::BadClock)?;
        if p.in_check_for(p.side.other()) {
            return Err(FenError::OpponentInCheck);
        }
        p.ep = p.ep.filter(|_| p.has_legal_en_passant());
        Ok(p)
    }

    /// Whether the side to move can capture en passant now.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        let Some(ep) = self.ep else {
            return false;
        };
        self.legal_moves().iter().any(|m| {
            m.to == ep
                && self.of(self.side, Role::Pawn).has(m.from)
                && BOARD.coords(m.from).0 != BOARD.coords(m.to).0
        })
    }

    /// The position as text. The en-passant point is written only when an
    /// en-passant capture is legal.
    pub fn to_fen(&self) -> String {
        let g = BOARD;
        let mut out = String::new();
        for rank in (0..9).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let Some(point) = g.point(file, rank) else {
                    continue;
                };
                match self.piece_at(point) {
                    Some((side, role)) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        let c = role.letter();
                        out.push(if side == Side::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let _ = write!(out, " {} ", self.side.letter());
        let mut rights = String::new();
        for side in Side::BOTH {
            for (castle, letter) in castlings(side).into_iter().zip(castle_letters(side)) {
                if self.castling & castle.right != 0 {
                    rights.push(letter);
                }
            }
        }
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        match self.ep.filter(|_| self.has_legal_en_passant()) {
            Some(ep) => {
                let _ = write!(out, " {}", g.name(ep));
            }
            None => out.push_str(" -"),
        }
        let _ = write!(out, " {} {}", self.halfmove, self.fullmove);
        out
    }
}

const fn castle_letters(side: Side) -> [char; 2] {
    match side {
        Side::White => ['K', 'Q'],
        Side::Black => ['k', 'q'],
    }
}

fn parse_castling(text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    let mut last = 0;
    for c in text.chars() {
        let (bit, order) = match c {
            'K' => (WHITE_H, 1),
            'Q' => (WHITE_B, 2),
            'k' => (BLACK_H, 3),
            'q' => (BLACK_B, 4),
            _ => return Err(FenError::BadCastling),
        };
        if order <= last {
            return Err(FenError::BadCastling);
        }
        last = order;
        rights |= bit;
    }
    Ok(rights)
}
