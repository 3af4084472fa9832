//! Chesquerque moves in coordinate form: `e2e4`, promotion `e8e9a`, castling
//! as the king's move `e1b1` / `e1h1`.

use alloc::string::String;
use core::fmt::Write;

use super::position::{ChessMove, ChessPosition, Role, BOARD};
use crate::notation::MoveError;

impl ChessPosition {
    /// Writes a move in coordinate form.
    pub fn move_text(&self, mv: ChessMove) -> String {
        let g = BOARD;
        let mut out = String::new();
        let _ = write!(out, "{}{}", g.name(mv.from), g.name(mv.to));
        if let Some(role) = mv.promotion {
            out.push(role.letter().to_ascii_lowercase());
        }
        out
    }

    /// Reads a move in coordinate form and finds it among the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<ChessMove, MoveError> {
        let g = BOARD;
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(MoveError::Syntax);
        }
        let from = g.parse_point(&text[0..2]).ok_or(MoveError::BadPoint)?;
        let to = g.parse_point(&text[2..4]).ok_or(MoveError::BadPoint)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) if c.is_ascii_lowercase() => {
                let role = Role::from_letter(c).ok_or(MoveError::Syntax)?;
                Some(role)
                    .filter(|r| Role::PROMOTIONS.contains(r))
                    .ok_or(MoveError::Syntax)?
                    .into()
            }
            Some(_) => return Err(MoveError::Syntax),
        };
        let mv = ChessMove {
            from,
            to,
            promotion,
        };
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal)
        }
    }
}
