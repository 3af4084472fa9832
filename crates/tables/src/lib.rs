//! Endgame tables of Classic Alquerque: every position with a few men,
//! each with its value under perfect play (a win or a loss, and in how
//! many plies, or a draw), computed by iterating over the positions until
//! no value changes.
//!
//! A position here is the men of each side and the side to move. The
//! game's no-progress counter is left out: the tables give the value of a
//! game without that limit, in which only endless play draws. A won ending
//! longer than the plies the counter leaves is drawn in the real game;
//! [`Value::Win`] gives the distance so a player can tell.

use std::collections::BTreeMap;

use engine::rules::CLASSIC;
use engine::{Bits, BySide, Position, Setup, Side, Small};

/// The points of the 5×5 board.
const POINTS: u32 = 25;

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
    /// Stored as the plies to the end, plus one (odd plies win, even ones
    /// lose); 0 for a draw.
    fn from_code(code: u16) -> Value {
        match code {
            0 => Value::Draw,
            c if (c - 1) % 2 == 1 => Value::Win(c - 1),
            c => Value::Loss(c - 1),
        }
    }
}

/// `n` choose `k`.
fn choose(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

/// The rank of a set of points among the sets of its size (colex order).
fn rank(set: u32) -> u64 {
    let mut r = 0;
    let mut bits = set;
    let mut i = 1;
    while bits != 0 {
        let p = bits.trailing_zeros();
        r += choose(p, i);
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The set of `k` points of rank `r` (the inverse of [`rank`]).
fn unrank(mut r: u64, k: u32) -> u32 {
    let mut set = 0;
    for i in (1..=k).rev() {
        let mut p = i - 1;
        while choose(p + 1, i) <= r {
            p += 1;
        }
        set |= 1 << p;
        r -= choose(p, i);
    }
    set
}

/// `set`'s points renumbered over the points `taken` leaves free.
fn squeeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    for p in (0..POINTS).filter(|p| set & (1 << p) != 0) {
        out |= 1 << (p - (taken & ((1 << p) - 1)).count_ones());
    }
    out
}

/// The inverse of [`squeeze`]: free-point numbers back to points.
fn unsqueeze(set: u32, taken: u32) -> u32 {
    (0..POINTS)
        .filter(|p| taken & (1 << p) == 0)
        .enumerate()
        .filter(|(i, _)| set & (1 << i) != 0)
        .fold(0, |acc, (_, p)| acc | (1 << p))
}

/// The positions with `white` and `black` men, numbered densely.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Material {
    white: u32,
    black: u32,
}

impl Material {
    fn size(self) -> u64 {
        choose(POINTS, self.white) * choose(POINTS - self.white, self.black) * 2
    }

    fn index(self, white: u32, black: u32, side: Side) -> usize {
        let b = rank(squeeze(black, white));
        let per_white = choose(POINTS - self.white, self.black);
        ((rank(white) * per_white + b) * 2 + side.index() as u64) as usize
    }

    /// The men and the side to move of position `index`.
    fn position(self, index: usize) -> (u32, u32, Side) {
        let index = index as u64;
        let side = if index % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let per_white = choose(POINTS - self.white, self.black);
        let (w, b) = ((index / 2) / per_white, (index / 2) % per_white);
        let white = unrank(w, self.white);
        (white, unsqueeze(unrank(b, self.black), white), side)
    }
}

/// A Classic position with these men, no rule state.
fn classic(white: u32, black: u32, side: Side) -> Option<Position<Small>> {
    let men = BySide::new(
        Small::from_u128(u128::from(white)),
        Small::from_u128(u128::from(black)),
    );
    let setup = Setup {
        men,
        kings: BySide::new(Small::ZERO, Small::ZERO),
        white_to_move: side == Side::White,
        came_from: Default::default(),
        huffable: Small::ZERO,
        counter: 0,
    };
    Position::from_setup(&CLASSIC, setup).ok()
}

fn bits(set: Small) -> u32 {
    set.points().fold(0, |acc, p| acc | (1 << p.to_u8()))
}

/// Every Classic position with up to a number of men, and its value.
#[derive(Debug, Default)]
pub struct Tables {
    values: BTreeMap<Material, Vec<u16>>,
}

impl Tables {
    /// Computes the tables of every position with at most `men` men, each
    /// side having at least one.
    pub fn generate(men: u32) -> Tables {
        let mut tables = Tables::default();
        for total in 2..=men {
            for white in 1..total {
                let material = Material {
                    white,
                    black: total - white,
                };
                let values = tables.solve(material);
                tables.values.insert(material, values);
            }
        }
        tables
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
            .map(|(material, codes)| {
                let wins = codes.iter().filter(|&&c| c != 0 && c % 2 == 0).count();
                let losses = codes.iter().filter(|&&c| c % 2 == 1).count();
                Summary {
                    white: material.white,
                    black: material.black,
                    positions: codes.len(),
                    wins,
                    losses,
                    draws: codes.len() - wins - losses,
                    longest_win: codes
                        .iter()
                        .filter(|&&c| c != 0 && c % 2 == 0)
                        .max()
                        .map_or(0, |c| c - 1),
                }
            })
            .collect()
    }

    /// The value of `position` for its side to move, if the tables hold it.
    pub fn value(&self, position: &Position<Small>) -> Option<Value> {
        self.code(
            bits(position.men(Side::White)),
            bits(position.men(Side::Black)),
            position.side_to_move(),
        )
        .map(Value::from_code)
    }

    /// The stored code of a position: a side with no men has lost.
    fn code(&self, white: u32, black: u32, side: Side) -> Option<u16> {
        let mover = if side == Side::White { white } else { black };
        if mover == 0 {
            return Some(1);
        }
        let material = Material {
            white: white.count_ones(),
            black: black.count_ones(),
        };
        let values = self.values.get(&material)?;
        values.get(material.index(white, black, side)).copied()
    }

    /// The values of one material's positions. Pass `p` settles the
    /// positions whose end is `p - 1` plies away: a win where a move leads
    /// to a loss found at `p - 2`, a loss where every move leads to a win
    /// and the longest such is `p - 2`.
    fn solve(&self, material: Material) -> Vec<u16> {
        let size = material.size() as usize;
        // The children of each position: a known code (from a smaller
        // table) or an index into this one.
        let mut children: Vec<Vec<Child>> = Vec::with_capacity(size);
        let mut codes = vec![0u16; size];
        for (index, lost_now) in codes.iter_mut().enumerate() {
            let (white, black, side) = material.position(index);
            let Some(position) = classic(white, black, side) else {
                children.push(Vec::new());
                continue;
            };
            let list: Vec<Child> = position
                .legal_turns()
                .into_iter()
                .map(|turn| {
                    let next = position.play_turn(turn);
                    let (w, b, s) = (
                        bits(next.men(Side::White)),
                        bits(next.men(Side::Black)),
                        next.side_to_move(),
                    );
                    let same = w.count_ones() == material.white && b.count_ones() == material.black;
                    if same {
                        Child::Here(material.index(w, b, s))
                    } else {
                        Child::Known(self.code(w, b, s).unwrap_or(0))
                    }
                })
                .collect();
            if list.is_empty() {
                // No legal move: lost now.
                *lost_now = 1;
            }
            children.push(list);
        }
        let longest_known = children
            .iter()
            .flatten()
            .filter_map(|c| match c {
                Child::Known(code) => Some(*code),
                Child::Here(_) => None,
            })
            .max()
            .unwrap_or(0);
        let mut pass: u16 = 2;
        loop {
            let mut changed = false;
            let mut settled = Vec::new();
            for (index, list) in children.iter().enumerate() {
                if codes[index] != 0 || list.is_empty() {
                    continue;
                }
                let code = |c: &Child| match c {
                    Child::Known(code) => *code,
                    Child::Here(i) => codes[*i],
                };
                // A child lost at pass - 1 (its code is pass - 1, odd plies
                // to its end even): this position wins at `pass`.
                let wins = list.iter().any(|c| {
                    let k = code(c);
                    k != 0 && k == pass - 1 && (k - 1) % 2 == 0
                });
                let all_won = list.iter().all(|c| {
                    let k = code(c);
                    k != 0 && (k - 1) % 2 == 1
                });
                let longest = list.iter().map(code).max().unwrap_or(0);
                if (wins && pass % 2 == 0) || (all_won && longest == pass - 1 && pass % 2 == 1) {
                    settled.push(index);
                }
            }
            for index in settled {
                codes[index] = pass;
                changed = true;
            }
            // Nothing settled at this pass, and no code from a smaller
            // table is this high: nothing can settle later.
            if !changed && pass > longest_known {
                break;
            }
            pass += 1;
        }
        codes
    }
}

/// One material's table in figures. Positions that cannot occur (none
/// here: any men on any points make a position) count as draws.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Summary {
    pub white: u32,
    pub black: u32,
    pub positions: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// The most plies a win takes.
    pub longest_win: u16,
}

/// Where a move leads: a position of another material (already solved, its
/// code known) or of this one.
#[derive(Clone, Copy, Debug)]
enum Child {
    Known(u16),
    Here(usize),
}

#[cfg(test)]
mod tests;
