//! Standard algebraic notation for Chesquerque: `Nc3`, `exd5`, `O-O`,
//! `O-O-O`, `e9=A+`, with file, rank or both added when two pieces of a kind
//! could reach the same point, and `+` / `#` for check and mate.

use alloc::string::String;
use core::fmt::Write;

use super::position::{castlings, ChessMove, ChessPosition, Role, BOARD};
use crate::bitboard::Bits;
use crate::notation::MoveError;

impl ChessPosition {
    /// Whether `mv` (legal here) is a castling.
    fn is_castling(&self, mv: ChessMove) -> Option<bool> {
        if self.role_at(mv.from) != Some(Role::King) {
            return None;
        }
        let [h_side, b_side] = castlings(self.side);
        if mv.from == h_side.king_from && mv.to == h_side.king_to {
            Some(true)
        } else if mv.from == b_side.king_from && mv.to == b_side.king_to {
            Some(false)
        } else {
            None
        }
    }

    /// SAN of a legal move, without the check mark.
    fn san_body(&self, mv: ChessMove) -> String {
        let g = BOARD;
        let mut out = String::new();
        match self.is_castling(mv) {
            Some(true) => return String::from("O-O"),
            Some(false) => return String::from("O-O-O"),
            None => {}
        }
        let role = self.role_at(mv.from).unwrap_or(Role::Pawn);
        let (from_file, from_rank) = g.coords(mv.from);
        let is_capture = self.pieces(self.side.other()).has(mv.to)
            || (role == Role::Pawn && g.coords(mv.to).0 != from_file);
        if role == Role::Pawn {
            if is_capture {
                out.push((b'a' + from_file) as char);
            }
        } else {
            out.push(role.letter());
            // Other pieces of the same kind that could go there too.
            let rivals: alloc::vec::Vec<ChessMove> = self
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    m.to == mv.to && m.from != mv.from && self.role_at(m.from) == Some(role)
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|m| g.coords(m.from).0 == from_file);
                let same_rank = rivals.iter().any(|m| g.coords(m.from).1 == from_rank);
                if !same_file {
                    out.push((b'a' + from_file) as char);
                } else if !same_rank {
                    out.push((b'1' + from_rank) as char);
                } else {
                    let _ = write!(out, "{}", g.name(mv.from));
                }
            }
        }
        if is_capture {
            out.push('x');
        }
        let _ = write!(out, "{}", g.name(mv.to));
        if let Some(promotion) = mv.promotion {
            out.push('=');
            out.push(promotion.letter());
        }
        out
    }

    /// SAN of a legal move, e.g. `Nc3`, `exd5`, `O-O`, `e9=A+`.
    pub fn san(&self, mv: ChessMove) -> String {
        let mut out = self.san_body(mv);
        let after = self.play(mv);
        if after.in_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }

    /// Reads SAN (check marks and `!`/`?` optional; `0-0` accepted for
    /// `O-O`) and finds the move among the legal ones.
    pub fn parse_san(&self, text: &str) -> Result<ChessMove, MoveError> {
        let body = text
            .trim_end_matches(['+', '#', '!', '?'])
            .replace('0', "O");
        if body.is_empty() || !body.is_ascii() {
            return Err(MoveError::Syntax);
        }
        self.legal_moves()
            .into_iter()
            .find(|&m| self.san_body(m) == body)
            .ok_or(MoveError::Illegal)
    }
}
