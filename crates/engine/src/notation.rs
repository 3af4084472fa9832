//! Move text: `c2-c3` for a step, `c1xc3xe3` for a capture chain (every
//! landing point), `h:b3` before the move for a huff. Text is read against a
//! position's legal turns, so whatever parses is legal.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::bitboard::Bits;
use crate::geometry::Point;
use crate::position::{Move, Position, Turn};

/// What is wrong with a move text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not a move or turn in the notation.
    Syntax,
    /// The text names a point that is not on the board.
    BadPoint,
    /// Well-formed, but not a legal turn in this position.
    Illegal,
    /// A huff of a piece that may not be huffed now.
    IllegalHuff,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Syntax => "not a move: expected e.g. c2-c3, c1xc3xe3 or h:b3 c2-c3",
            MoveError::BadPoint => "the move names a point that is not on the board",
            MoveError::Illegal => "that move is not legal here",
            MoveError::IllegalHuff => "that piece cannot be huffed now",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

/// A move as written: its points and whether it was written as a capture.
fn parse_points<B: Bits>(
    position: &Position<B>,
    text: &str,
) -> Result<(Vec<Point>, bool), MoveError> {
    let g = position.rules().geometry;
    let capture = text.contains('x');
    let separator = if capture { 'x' } else { '-' };
    let points = text
        .split(separator)
        .map(|name| {
            if name.len() == 2 && name.is_ascii() {
                g.parse_point(name).ok_or(MoveError::BadPoint)
            } else {
                Err(MoveError::Syntax)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    if points.len() < 2 || (!capture && points.len() != 2) {
        return Err(MoveError::Syntax);
    }
    Ok((points, capture))
}

impl<B: Bits> Position<B> {
    /// Reads one move (no huff) and finds it among the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<Move<B>, MoveError> {
        let (points, capture) = parse_points(self, text)?;
        let from = points[0];
        let to = points[points.len() - 1];
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to && m.is_capture() == capture)
            .find(|&m| !capture || self.paths(m).contains(&points))
            .ok_or(MoveError::Illegal)
    }

    /// Reads a turn: a move, `h:b3 <move>`, or a lone `h:b3` that takes the
    /// opponent's last piece.
    pub fn parse_turn(&self, text: &str) -> Result<Turn<B>, MoveError> {
        let mut words = text.split_ascii_whitespace();
        let first = words.next().ok_or(MoveError::Syntax)?;
        let second = words.next();
        if words.next().is_some() {
            return Err(MoveError::Syntax);
        }
        let Some(huff) = first.strip_prefix("h:") else {
            return match second {
                None => Ok(Turn::plain(self.parse_move(first)?)),
                Some(_) => Err(MoveError::Syntax),
            };
        };
        let g = self.rules().geometry;
        let huff = g.parse_point(huff).ok_or(MoveError::BadPoint)?;
        if !self.huffable().has(huff) {
            return Err(MoveError::IllegalHuff);
        }
        let after = self.huff(huff);
        let turn = match second {
            Some(text) => Turn {
                huff: Some(huff),
                mv: Some(after.parse_move(text)?),
            },
            None => Turn {
                huff: Some(huff),
                mv: None,
            },
        };
        // A lone huff is a turn only when it ends the game.
        if turn.mv.is_none() && !self.huff_takes_last_piece(huff) {
            return Err(MoveError::Illegal);
        }
        Ok(turn)
    }

    /// Writes a legal move: a step as `c2-c3`, a capture by the first of its
    /// paths.
    pub fn move_text(&self, mv: Move<B>) -> String {
        let g = self.rules().geometry;
        let mut out = String::new();
        if !mv.is_capture() {
            let _ = write!(out, "{}-{}", g.name(mv.from), g.name(mv.to));
            return out;
        }
        let paths = self.paths(mv);
        let fallback = [mv.from, mv.to];
        let path = paths.first().map_or(&fallback[..], |p| &p[..]);
        for (i, &p) in path.iter().enumerate() {
            if i > 0 {
                out.push('x');
            }
            let _ = write!(out, "{}", g.name(p));
        }
        out
    }

    /// Writes a legal turn, e.g. `h:b3 c2-c3`.
    pub fn turn_text(&self, turn: Turn<B>) -> String {
        let g = self.rules().geometry;
        let mut out = String::new();
        let mut position = *self;
        if let Some(huff) = turn.huff {
            let _ = write!(out, "h:{}", g.name(huff));
            position = self.huff(huff);
        }
        if let Some(mv) = turn.mv {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&position.move_text(mv));
        }
        out
    }
}

/// Splits a list of turns (`"c2-c3 h:b3 d4-d3 …"`) into one text per turn: a
/// `h:` word belongs to the word after it unless that is another huff or the
/// list ends.
pub fn split_turns(text: &str) -> Vec<String> {
    let mut turns = Vec::new();
    let mut pending: Option<&str> = None;
    for word in text.split_ascii_whitespace() {
        if let Some(huff) = pending.take() {
            if word.starts_with("h:") {
                turns.push(String::from(huff));
                pending = Some(word);
            } else {
                let mut turn = String::from(huff);
                turn.push(' ');
                turn.push_str(word);
                turns.push(turn);
            }
        } else if word.starts_with("h:") {
            pending = Some(word);
        } else {
            turns.push(String::from(word));
        }
    }
    turns.extend(pending.map(String::from));
    turns
}
