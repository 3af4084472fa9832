//! A deliberately plain reference move generator for the four 5x5 rule sets
//! (`classic`, `special`, `qirkat`, `bell`), written straight from docs/rules.md
//! and docs/formats.md. It keeps the board in an array of 25 optional pieces,
//! works out neighbours from (file, rank) coordinates and follows capture
//! chains by simple recursion. It does not use the engine crate at all, so the
//! engine can be checked against it.
//!
//! Layout: this file holds the types, point helpers, move keys and perft;
//! `text.rs` reads and writes position text; `movegen.rs` generates and plays
//! turns.
#![allow(dead_code)]

mod movegen;
mod text;

/// The four 5x5 rule sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefGame {
    Classic,
    Special,
    Qirkat,
    Bell,
}

impl RefGame {
    pub fn from_key(key: &str) -> Option<RefGame> {
        match key {
            "classic" => Some(RefGame::Classic),
            "special" => Some(RefGame::Special),
            "qirkat" => Some(RefGame::Qirkat),
            "bell" => Some(RefGame::Bell),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            RefGame::Classic => "classic",
            RefGame::Special => "special",
            RefGame::Qirkat => "qirkat",
            RefGame::Bell => "bell",
        }
    }

    /// Special is played on orthogonal lines only; the others have diagonals.
    fn has_diagonals(self) -> bool {
        self != RefGame::Special
    }

    /// Qirkat and Bell remember where each piece came from (no-return rule).
    fn has_memory(self) -> bool {
        matches!(self, RefGame::Qirkat | RefGame::Bell)
    }

    /// Classic and Special keep a no-progress counter; Qirkat and Bell do not.
    fn has_counter(self) -> bool {
        matches!(self, RefGame::Classic | RefGame::Special)
    }
}

/// The two players. White (Light) starts at the bottom and moves up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    White,
    Black,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The rank change of a forward move: +1 for White, -1 for Black.
    fn forward(self) -> i32 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The 0-based rank of the opponent's back rank (rank 5 for White, rank 1
    /// for Black).
    fn far_rank(self) -> i32 {
        match self {
            Side::White => SIZE - 1,
            Side::Black => 0,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

/// Board width and height.
pub const SIZE: i32 = 5;
/// Number of points. Point index = rank * 5 + file (both 0-based), so index
/// order is the documented point order a1, b1, ..., e1, a2, ...
pub const POINTS: usize = 25;

pub type Board = [Option<Piece>; POINTS];

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

/// A diagonal point has an even (file number + rank number), counting from 1.
/// Adding 1 to both 0-based coordinates keeps the parity.
fn is_diagonal_point(p: usize) -> bool {
    (file_of(p) + rank_of(p)) % 2 == 0
}

/// "c3" for the point at file c, rank 3.
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
        'a'..='e' => file_char as i32 - 'a' as i32,
        _ => return None,
    };
    let rank = match rank_char {
        '1'..='5' => rank_char as i32 - '1' as i32,
        _ => return None,
    };
    point(file, rank)
}

/// One legal turn: an optional huff followed by a move (or a huff alone).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefTurn {
    /// The point of the huffed piece, if the turn begins with a huff.
    pub huff: Option<String>,
    /// Origin then every landing point; a step is [from, to]; empty for a
    /// turn that is only a huff.
    pub path: Vec<String>,
    /// Captured points, in point order.
    pub captured: Vec<String>,
}

impl RefTurn {
    /// Identity key: "[h:PT ]FROM-TO" for a step, "[h:PT ]FROMxTO:C1,C2,..."
    /// for a capture (captured points in point order), "h:PT" for a huff alone.
    pub fn key(&self) -> String {
        let mut key = String::new();
        if let Some(h) = &self.huff {
            key.push_str("h:");
            key.push_str(h);
            if !self.path.is_empty() {
                key.push(' ');
            }
        }
        let (Some(from), Some(to)) = (self.path.first(), self.path.last()) else {
            return key;
        };
        if self.captured.is_empty() {
            key.push_str(&format!("{from}-{to}"));
        } else {
            let mut captured = self.captured.clone();
            captured.sort_by_key(|c| (parse_point(c).unwrap_or(usize::MAX), c.clone()));
            key.push_str(&format!("{from}x{to}:{}", captured.join(",")));
        }
        key
    }

    /// The move text of docs/formats.md: "c2-c3", "c1xc3xe3", "h:b3 c2-c3",
    /// "h:b3".
    pub fn text(&self) -> String {
        let mut text = String::new();
        if let Some(h) = &self.huff {
            text.push_str("h:");
            text.push_str(h);
            if !self.path.is_empty() {
                text.push(' ');
            }
        }
        let joiner = if self.captured.is_empty() { "-" } else { "x" };
        text.push_str(&self.path.join(joiner));
        text
    }
}

/// A position of one of the four rule sets.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPosition {
    game: RefGame,
    board: Board,
    side: Side,
    /// For each point holding a piece: the point that piece left by its most
    /// recent move, if that move was a sideways regular move (Qirkat, Bell).
    /// Other memories can never forbid anything, so they are not kept.
    memory: [Option<usize>; POINTS],
    /// Special: points of the pieces of the side that just moved which the
    /// side to move may huff, in point order.
    huffable: Vec<usize>,
    /// No-progress counter (Classic, Special); always 0 otherwise.
    counter: u32,
}

impl RefPosition {
    pub fn game(&self) -> RefGame {
        self.game
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn counter(&self) -> u32 {
        self.counter
    }
}

/// Number of leaves `depth` turns below `pos`. With `paths` false each move
/// identity counts once (`turns()`); with `paths` true every capture path
/// counts separately (`turn_paths()`). Draw rules are ignored.
pub fn perft(pos: &RefPosition, depth: u32, paths: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = if paths { pos.turn_paths() } else { pos.turns() };
    if depth == 1 {
        return turns.len() as u64;
    }
    turns
        .iter()
        .map(|turn| perft(&pos.play(turn), depth - 1, paths))
        .sum()
}
