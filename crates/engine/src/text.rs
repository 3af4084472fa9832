//! Position text: parsing into an unvalidated [`Setup`], validation into a
//! [`Position`], and formatting back. The format is described in
//! `docs/formats.md`.

use alloc::string::String;
use core::fmt::{self, Write};

use crate::bitboard::Bits;
use crate::geometry::{Dir, Geometry, Point, PointName};
use crate::position::Position;
use crate::rules::{NoProgress, Rules};
use crate::setup::Setup;
use crate::side::Side;

/// What is wrong with a position text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The text has the wrong number of space-separated fields.
    FieldCount { found: usize },
    /// The board has the wrong number of ranks.
    RankCount { expected: u8, found: usize },
    /// A rank (numbered from 1) has the wrong number of points.
    RankLength {
        rank: u8,
        expected: u8,
        found: usize,
    },
    /// A character that is neither a piece nor a digit 1–9.
    BadPieceChar(char),
    /// Two digits in a row in a rank.
    ConsecutiveDigits { rank: u8 },
    /// The side to move is not `w` or `b`.
    BadSide,
    /// A text that should name a point does not.
    BadPoint,
    /// A memory entry is not of the form `c3<d3`.
    BadMemoryEntry,
    /// A memory entry's point is not the piece's sideways neighbour.
    MemoryNotSideways(PointName),
    /// A memory or huffable entry names an empty point.
    NoPieceThere(PointName),
    /// The same point is listed twice.
    DuplicatePoint(PointName),
    /// The counter is not a number.
    BadCounter,
    /// The counter is above the rule set's limit.
    CounterTooLarge { limit: u16 },
    /// Kings in a rule set without promotion.
    KingsNotAllowed,
    /// A man on the rank where it would have been crowned.
    ManOnPromotionRank(PointName),
    /// No-return memory in a rule set without that rule.
    MemoryNotAllowed,
    /// A huffable set in a rule set without huffing.
    HuffingNotAllowed,
    /// A huffable piece that belongs to the side to move.
    HuffableOfSideToMove(PointName),
    /// A no-progress counter in a rule set without that rule.
    CounterNotAllowed,
    /// A setup with two pieces on one point or a piece off the board.
    Overlap,
    /// The board has more points than the position type holds.
    BoardTooLarge,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            FieldCount { found } => write!(
                f,
                "expected 2 or 5 fields (board, side, memory, huffable, counter), found {found}"
            ),
            RankCount { expected, found } => {
                write!(
                    f,
                    "expected {expected} ranks separated by '/', found {found}"
                )
            }
            RankLength {
                rank,
                expected,
                found,
            } => write!(f, "rank {rank} has {found} points, expected {expected}"),
            BadPieceChar(c) => write!(f, "'{c}' is not a piece (w, b, W, B) or a digit 1-9"),
            ConsecutiveDigits { rank } => write!(f, "rank {rank} has two digits in a row"),
            BadSide => f.write_str("the side to move must be 'w' or 'b'"),
            BadPoint => f.write_str("not a point of this board"),
            BadMemoryEntry => f.write_str("a memory entry must look like c3<d3"),
            MemoryNotSideways(p) => write!(
                f,
                "the memory of the piece on {p} must be a sideways neighbour"
            ),
            NoPieceThere(p) => write!(f, "no piece on {p}"),
            DuplicatePoint(p) => write!(f, "{p} is listed twice"),
            BadCounter => f.write_str("the no-progress counter must be a number"),
            CounterTooLarge { limit } => {
                write!(f, "the no-progress counter may not exceed {limit}")
            }
            KingsNotAllowed => f.write_str("this game has no kings"),
            ManOnPromotionRank(p) => {
                write!(f, "the man on {p} stands where it would have been crowned")
            }
            MemoryNotAllowed => f.write_str("this game has no no-return rule: memory must be '-'"),
            HuffingNotAllowed => f.write_str("this game has no huffing: huffable must be '-'"),
            HuffableOfSideToMove(p) => write!(
                f,
                "the piece on {p} belongs to the side to move and cannot be huffed"
            ),
            CounterNotAllowed => {
                f.write_str("this game has no no-progress rule: the counter must be 0")
            }
            Overlap => f.write_str("two pieces on one point, or a piece off the board"),
            BoardTooLarge => f.write_str("this board does not fit the position type"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PositionError {}

fn parse_point(g: &Geometry, text: &str) -> Result<Point, PositionError> {
    g.parse_point(text).ok_or(PositionError::BadPoint)
}

/// Parses a comma-separated list of points, or `-`.
fn parse_points<B: Bits>(g: &Geometry, text: &str) -> Result<B, PositionError> {
    let mut set = B::ZERO;
    if text == "-" {
        return Ok(set);
    }
    for item in text.split(',') {
        let p = parse_point(g, item)?;
        if set.has(p) {
            return Err(PositionError::DuplicatePoint(g.name(p)));
        }
        set |= B::from_point(p);
    }
    Ok(set)
}

impl<B: Bits> Setup<B> {
    /// Parses position text for a board; checks syntax only.
    pub fn parse(g: &Geometry, text: &str) -> Result<Setup<B>, PositionError> {
        if g.len() > B::CAPACITY {
            return Err(PositionError::BoardTooLarge);
        }
        let fields: alloc::vec::Vec<&str> = text.split_ascii_whitespace().collect();
        let (board, side, memory, huffable, counter) = match fields[..] {
            [board, side] => (board, side, "-", "-", "0"),
            [board, side, memory, huffable, counter] => (board, side, memory, huffable, counter),
            _ => {
                return Err(PositionError::FieldCount {
                    found: fields.len(),
                })
            }
        };
        let mut setup: Setup<B> = Setup::default();
        let ranks: alloc::vec::Vec<&str> = board.split('/').collect();
        if ranks.len() != g.ranks() as usize {
            return Err(PositionError::RankCount {
                expected: g.ranks(),
                found: ranks.len(),
            });
        }
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = g.ranks() - 1 - row as u8;
            let mut file = 0usize;
            let mut after_digit = false;
            for c in rank_text.chars() {
                if let Some(n) = c.to_digit(10).filter(|n| (1..=9).contains(n)) {
                    if after_digit {
                        return Err(PositionError::ConsecutiveDigits { rank: rank + 1 });
                    }
                    after_digit = true;
                    file += n as usize;
                    continue;
                }
                after_digit = false;
                let (side, king) = match c {
                    'w' => (Side::White, false),
                    'b' => (Side::Black, false),
                    'W' => (Side::White, true),
                    'B' => (Side::Black, true),
                    _ => return Err(PositionError::BadPieceChar(c)),
                };
                if let Some(p) = u8::try_from(file).ok().and_then(|f| g.point(f, rank)) {
                    let set = if king {
                        &mut setup.kings[side]
                    } else {
                        &mut setup.men[side]
                    };
                    *set |= B::from_point(p);
                }
                file += 1;
            }
            if file != g.files() as usize {
                return Err(PositionError::RankLength {
                    rank: rank + 1,
                    expected: g.files(),
                    found: file,
                });
            }
        }
        setup.white_to_move = match side {
            "w" => true,
            "b" => false,
            _ => return Err(PositionError::BadSide),
        };
        if memory != "-" {
            for entry in memory.split(',') {
                let (piece, origin) = entry.split_once('<').ok_or(PositionError::BadMemoryEntry)?;
                let piece = parse_point(g, piece)?;
                let origin = parse_point(g, origin)?;
                let bit = B::from_point(piece);
                if (setup.came_from.west | setup.came_from.east).has(piece) {
                    return Err(PositionError::DuplicatePoint(g.name(piece)));
                }
                if g.neighbour(piece, Dir::W) == Some(origin) {
                    setup.came_from.west |= bit;
                } else if g.neighbour(piece, Dir::E) == Some(origin) {
                    setup.came_from.east |= bit;
                } else {
                    return Err(PositionError::MemoryNotSideways(g.name(piece)));
                }
            }
        }
        setup.huffable = parse_points(g, huffable)?;
        setup.counter = counter.parse().map_err(|_| PositionError::BadCounter)?;
        Ok(setup)
    }
}

impl<B: Bits> Position<B> {
    /// The start position of a rule set.
    pub fn start(rules: &'static Rules) -> Position<B> {
        match Position::from_text(rules, rules.start) {
            Ok(p) => p,
            Err(e) => panic!("the start position of {} is invalid: {e}", rules.key),
        }
    }

    /// Parses and validates position text.
    pub fn from_text(rules: &'static Rules, text: &str) -> Result<Position<B>, PositionError> {
        Position::from_setup(rules, Setup::parse(rules.geometry, text)?)
    }

    /// Checks a setup against the rules; the error names the first problem.
    pub fn from_setup(rules: &'static Rules, s: Setup<B>) -> Result<Position<B>, PositionError> {
        let g = rules.geometry;
        if g.len() > B::CAPACITY {
            return Err(PositionError::BoardTooLarge);
        }
        let side = if s.white_to_move {
            Side::White
        } else {
            Side::Black
        };
        let sets = [
            s.men[Side::White],
            s.men[Side::Black],
            s.kings[Side::White],
            s.kings[Side::Black],
        ];
        let all = sets.iter().fold(B::ZERO, |acc, &set| acc | set);
        let count: u32 = sets.iter().map(|set| set.count()).sum();
        if count != all.count() || !(all & !B::from_u128(g.all_mask())).is_empty() {
            return Err(PositionError::Overlap);
        }
        if rules.kings.is_none() {
            if !(s.kings[Side::White] | s.kings[Side::Black]).is_empty() {
                return Err(PositionError::KingsNotAllowed);
            }
        } else {
            for owner in Side::BOTH {
                let far = B::from_u128(g.rank_mask(rules.far_rank(owner)));
                if let Some(p) = (s.men[owner] & far).points().next() {
                    return Err(PositionError::ManOnPromotionRank(g.name(p)));
                }
            }
        }
        let remembered = s.came_from.west | s.came_from.east;
        if !remembered.is_empty() {
            if !rules.no_return {
                return Err(PositionError::MemoryNotAllowed);
            }
            if let Some(p) = (remembered & !all).points().next() {
                return Err(PositionError::NoPieceThere(g.name(p)));
            }
            let west = B::from_u128(g.has_neighbour_mask(Dir::W));
            let east = B::from_u128(g.has_neighbour_mask(Dir::E));
            let odd = (s.came_from.west & !west)
                | (s.came_from.east & !east)
                | (s.came_from.west & s.came_from.east);
            if let Some(p) = odd.points().next() {
                return Err(PositionError::MemoryNotSideways(g.name(p)));
            }
        }
        if !s.huffable.is_empty() {
            if !rules.huffing() {
                return Err(PositionError::HuffingNotAllowed);
            }
            if let Some(p) = (s.huffable & !all).points().next() {
                return Err(PositionError::NoPieceThere(g.name(p)));
            }
            let own = s.men[side] | s.kings[side];
            if let Some(p) = (s.huffable & own).points().next() {
                return Err(PositionError::HuffableOfSideToMove(g.name(p)));
            }
        }
        if rules.no_progress == NoProgress::None {
            if s.counter != 0 {
                return Err(PositionError::CounterNotAllowed);
            }
        } else if s.counter > rules.no_progress_limit {
            return Err(PositionError::CounterTooLarge {
                limit: rules.no_progress_limit,
            });
        }
        let mut position = Position {
            rules,
            men: s.men,
            kings: s.kings,
            side,
            came_from: s.came_from,
            huffable: s.huffable,
            counter: s.counter,
            hash: 0,
        };
        position.hash = position.compute_hash();
        Ok(position)
    }

    /// The position as text (all five fields).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out).ok();
        out
    }

    fn write_text(&self, out: &mut impl Write) -> fmt::Result {
        let g = self.rules.geometry;
        for rank in (0..g.ranks()).rev() {
            let mut empty = 0;
            for file in 0..g.files() {
                let Some(p) = g.point(file, rank) else {
                    continue;
                };
                let c = if self.men[Side::White].has(p) {
                    'w'
                } else if self.men[Side::Black].has(p) {
                    'b'
                } else if self.kings[Side::White].has(p) {
                    'W'
                } else if self.kings[Side::Black].has(p) {
                    'B'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(out, "{empty}")?;
                    empty = 0;
                }
                out.write_char(c)?;
            }
            if empty > 0 {
                write!(out, "{empty}")?;
            }
            if rank > 0 {
                out.write_char('/')?;
            }
        }
        write!(out, " {} ", self.side.letter())?;
        let remembered = self.came_from.west | self.came_from.east;
        if remembered.is_empty() {
            out.write_char('-')?;
        }
        for (i, p) in remembered.points().enumerate() {
            let dir = if self.came_from.west.has(p) {
                Dir::W
            } else {
                Dir::E
            };
            let origin = g.neighbour(p, dir).unwrap_or(p);
            let sep = if i > 0 { "," } else { "" };
            write!(out, "{sep}{}<{}", g.name(p), g.name(origin))?;
        }
        out.write_char(' ')?;
        if self.huffable.is_empty() {
            out.write_char('-')?;
        }
        for (i, p) in self.huffable.points().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(out, "{sep}{}", g.name(p))?;
        }
        write!(out, " {}", self.counter)
    }
}

impl<B: Bits> fmt::Display for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}
