//! Endgame tables of the 5×5 Alquerque games (Classic, Special, Qirkat and
//! Bell): every position with a few pieces, each with its value under
//! perfect play (a win or a loss, and in how many plies, or a draw).
//!
//! A position here is the pieces of each side, what each man remembers
//! under the no-return rule (Qirkat and Bell), which pieces are kings and
//! which the side to move may huff (Special), and the side to move. Left
//! out:
//!
//! - The no-progress counter (Classic, Special). The tables give the value
//!   of a game without that limit, in which only endless play draws. A won
//!   ending longer than the plies the counter leaves may be drawn in the
//!   real game; [`Value::Win`] gives the distance so a player can tell.
//! - Repetition. It never changes a value: the winner's best line makes
//!   the distance to the end shrink at every ply, so it never comes back
//!   to a position, and the loser cannot repeat what the winner avoids.
//!   Qirkat and Bell cannot repeat at all.

#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "std")]
mod file;
mod index;
mod solve;

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::fmt;

use engine::position::Sideways;
use engine::rules::Rules;
use engine::search::Verdict;
use engine::{Bits, BySide, DraughtsKind, Position, Setup, Side, Small, Turn};

#[cfg(feature = "std")]
pub use file::LoadError;
use index::{Digits, Material, Men};
use solve::{is_loss, is_win, DRAW};

/// A position's value for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Value {
    /// Wins in this many plies at the most, against any defence.
    Win(u16),
    /// Loses in this many plies at the least, whatever it does.
    Loss(u16),
    Draw,
}

impl Value {
    /// The value as a search's oracle gives it: the result for the side to
    /// move and the plies it takes (0 for a draw).
    pub fn verdict(self) -> (Verdict, u32) {
        match self {
            Value::Win(plies) => (Verdict::Win, u32::from(plies)),
            Value::Loss(plies) => (Verdict::Loss, u32::from(plies)),
            Value::Draw => (Verdict::Draw, 0),
        }
    }

    fn from_code(code: u16) -> Value {
        match code {
            DRAW => Value::Draw,
            c if is_win(c) => Value::Win(c - 1),
            c => Value::Loss(c - 1),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(plies) => write!(f, "win in {plies}"),
            Value::Loss(plies) => write!(f, "loss in {plies}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// A game the tables do not cover.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unsupported(pub DraughtsKind);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "there are no endgame tables of {}: only of classic, special, qirkat and bell",
            self.0
        )
    }
}

/// The pieces of `position` as bit sets of points.
fn men_of(position: &Position<Small>) -> Men {
    let bits = |set: Small| set.to_u128() as u32;
    let memory = position.came_from();
    Men {
        white: bits(position.pieces(Side::White)),
        black: bits(position.pieces(Side::Black)),
        west: bits(memory.west),
        east: bits(memory.east),
        kings: bits(position.kings(Side::White) | position.kings(Side::Black)),
        huffable: bits(position.huffable()),
        side: position.side_to_move(),
    }
}

/// One game's tables: each material solved so far, by White's and Black's
/// numbers of men.
#[derive(Debug)]
pub struct Tables {
    game: DraughtsKind,
    rules: &'static Rules,
    values: BTreeMap<(u32, u32), Vec<u16>>,
    /// The most men of any material in `values`, kept so that a lookup of
    /// a larger position (most of a search's) stops at once.
    max_men: u32,
}

impl Tables {
    /// Empty tables of `game` (its default rules).
    pub fn new(game: DraughtsKind) -> Result<Tables, Unsupported> {
        match game {
            DraughtsKind::Classic
            | DraughtsKind::Special
            | DraughtsKind::Qirkat
            | DraughtsKind::Bell => Ok(Tables {
                game,
                rules: game.rules(),
                values: BTreeMap::new(),
                max_men: 0,
            }),
            _ => Err(Unsupported(game)),
        }
    }

    /// The tables of every position of `game` with at most `men` men, each
    /// side having at least one.
    pub fn generate(game: DraughtsKind, men: u32) -> Result<Tables, Unsupported> {
        let mut tables = Tables::new(game)?;
        for (white, black) in Tables::materials(men) {
            tables.solve(white, black);
        }
        Ok(tables)
    }

    /// Each side's men in the order they are solved, up to `men` in all:
    /// smaller totals first, since captures lead there.
    pub fn materials(men: u32) -> impl Iterator<Item = (u32, u32)> {
        (2..=men).flat_map(|total| (1..total).map(move |white| (white, total - white)))
    }

    pub fn game(&self) -> DraughtsKind {
        self.game
    }

    /// The most men of any position the tables hold.
    pub fn max_men(&self) -> u32 {
        self.max_men
    }

    /// Adds one material's codes.
    fn insert(&mut self, white: u32, black: u32, codes: Vec<u16>) {
        self.values.insert((white, black), codes);
        self.max_men = self.max_men.max(white + black);
    }

    fn material(&self, white: u32, black: u32) -> Material {
        Material {
            white,
            black,
            digits: if self.rules.no_return {
                Digits::Memory
            } else if self.rules.kings.is_some() {
                Digits::KingsAndHuffs
            } else {
                Digits::None
            },
        }
    }

    /// Solves the positions with `white` and `black` men. Every smaller
    /// material must be solved first.
    pub fn solve(&mut self, white: u32, black: u32) {
        let material = self.material(white, black);
        let codes = if self.rules.no_return {
            self.solve_depth_first(material)
        } else {
            self.solve_by_passes(material)
        };
        self.insert(white, black, codes);
    }

    /// The number of positions in the tables.
    pub fn len(&self) -> usize {
        self.values.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// What each material's table holds.
    pub fn summary(&self) -> Vec<Summary> {
        self.values
            .iter()
            .map(|(&(white, black), codes)| {
                let material = self.material(white, black);
                let (mut wins, mut losses, mut draws, mut longest_win) = (0, 0, 0, 0);
                for (index, &code) in codes.iter().enumerate() {
                    if is_win(code) {
                        wins += 1;
                        longest_win = longest_win.max(code - 1);
                    } else if is_loss(code) {
                        losses += 1;
                    } else if self.position(material.position(index)).is_some() {
                        draws += 1;
                    }
                }
                Summary {
                    white,
                    black,
                    positions: wins + losses + draws,
                    wins,
                    losses,
                    draws,
                    longest_win,
                }
            })
            .collect()
    }

    /// The value of `position` for its side to move, if the tables hold
    /// it. Positions of other rules are not held.
    pub fn value(&self, position: &Position<Small>) -> Option<Value> {
        if position.occupied().count() > self.max_men()
            || !core::ptr::eq(position.rules(), self.rules)
        {
            return None;
        }
        self.code_of(men_of(position)).map(Value::from_code)
    }

    /// [`Tables::value`] as a search's oracle takes it.
    pub fn known(&self, position: &Position<Small>) -> Option<(Verdict, u32)> {
        self.value(position).map(Value::verdict)
    }

    /// Each legal turn of `position` with the value it leaves the side to
    /// move, if the tables hold the position.
    pub fn turns(&self, position: &Position<Small>) -> Option<Vec<(Turn<Small>, Value)>> {
        self.value(position)?;
        position
            .legal_turns()
            .into_iter()
            .map(|turn| {
                let code = self.code_of(men_of(&position.play_turn(turn)))?;
                Some((turn, Value::from_code(solve::best([code]))))
            })
            .collect()
    }

    /// A turn of perfect play: the quickest win, a drawing turn, or the
    /// longest defence.
    pub fn best_turn(&self, position: &Position<Small>) -> Option<Turn<Small>> {
        let turns = self.turns(position)?;
        let value = self.value(position)?;
        turns
            .into_iter()
            .find(|&(_, v)| v == value)
            .map(|(turn, _)| turn)
    }

    /// The stored code of a position: a side with no men has lost.
    fn code_of(&self, men: Men) -> Option<u16> {
        let mover = if men.side == Side::White {
            men.white
        } else {
            men.black
        };
        if mover == 0 {
            return Some(1);
        }
        let material = self.material(men.white.count_ones(), men.black.count_ones());
        let values = self.values.get(&(material.white, material.black))?;
        values.get(material.index(men)).copied()
    }

    /// The position these men make under the tables' rules, if it is one.
    fn position(&self, men: Men) -> Option<Position<Small>> {
        position_of(self.rules, men)
    }
}

/// The position these men make under `rules`, if it is one.
fn position_of(rules: &'static Rules, men: Men) -> Option<Position<Small>> {
    let set = |bits: u32| Small::from_u128(u128::from(bits));
    let setup = Setup {
        men: BySide::new(set(men.white & !men.kings), set(men.black & !men.kings)),
        kings: BySide::new(set(men.white & men.kings), set(men.black & men.kings)),
        white_to_move: men.side == Side::White,
        came_from: Sideways {
            west: set(men.west),
            east: set(men.east),
        },
        huffable: set(men.huffable),
        counter: 0,
    };
    Position::from_setup(rules, setup).ok()
}

/// `count` positions of `game` with `men` men (each side at least one) on
/// points drawn by a seeded generator (splitmix64), none remembering
/// anything, the side to move drawn too: the test cases of the tables,
/// the search and the solver.
pub fn sample(game: DraughtsKind, men: u32, count: usize, seed: u64) -> Vec<Position<Small>> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut out = Vec::new();
    while out.len() < count && men >= 2 {
        let white = 1 + (next() % u64::from(men - 1)) as u32;
        let mut sets = [0u32; 2];
        for (side, want) in [(0, white), (1, men - white)] {
            while sets[side].count_ones() < want {
                let point = 1 << (next() % u64::from(index::POINTS));
                if (sets[0] | sets[1]) & point == 0 {
                    sets[side] |= point;
                }
            }
        }
        let side = if next() % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let men = Men {
            white: sets[0],
            black: sets[1],
            side,
            ..Men::default()
        };
        out.extend(position_of(game.rules(), men));
    }
    out
}

/// One material's table in figures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Summary {
    pub white: u32,
    pub black: u32,
    /// The positions that can occur (a man remembering both sides, or
    /// remembering a point off the board, cannot).
    pub positions: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// The most plies a win takes.
    pub longest_win: u16,
}

#[cfg(test)]
mod tests;
