//! Solving one material's positions, given the tables of the smaller
//! materials its captures lead to.
//!
//! A value is stored as a code: the plies to the end plus one (so an even
//! code wins and an odd one loses), or 0 for a draw.
//!
//! - Where play can go round in circles (Classic, whose men step sideways
//!   back and forth), passes over the positions settle, at pass `p`, those
//!   whose end is `p - 1` plies away, until a pass settles nothing and no
//!   smaller table has a longer ending. What never settles is a draw.
//! - Where it cannot (Qirkat and Bell: no man steps back, and the no-return
//!   rule stops a man stepping sideways to and fro), each position's value
//!   follows from its children's, found depth first and kept.

use alloc::vec::Vec;

use engine::search::{Searchable, Verdict};
use engine::{Position, Small};

use crate::index::Material;
use crate::{men_of, Tables};

/// The code of a drawn position.
pub(crate) const DRAW: u16 = 0;
/// A position not solved yet (the depth-first solve).
const UNKNOWN: u16 = u16::MAX;
/// A position whose children are being solved (the depth-first solve).
const ON_PATH: u16 = u16::MAX - 1;
/// The flag of a move list's entry that holds a code, not a position's
/// number (the solve in passes).
const KNOWN: u32 = 1 << 31;

pub(crate) fn is_win(code: u16) -> bool {
    code != DRAW && code % 2 == 0
}

pub(crate) fn is_loss(code: u16) -> bool {
    code % 2 == 1
}

/// The code of a position whose children have these codes, all known: the
/// quickest win, else a draw, else the longest loss.
pub(crate) fn best(children: impl IntoIterator<Item = u16>) -> u16 {
    let (mut quickest_win, mut draw, mut longest_loss) = (None::<u16>, false, 0);
    for code in children {
        if is_loss(code) {
            quickest_win = Some(quickest_win.map_or(code + 1, |w| w.min(code + 1)));
        } else if code == DRAW {
            draw = true;
        } else {
            longest_loss = longest_loss.max(code + 1);
        }
    }
    match quickest_win {
        Some(win) => win,
        None if draw => DRAW,
        None => longest_loss,
    }
}

/// The code of a position with no legal turn, or with a result the rules
/// give at once.
fn ended(position: &Position<Small>, has_turns: bool) -> Option<u16> {
    let verdict = match position.rule_verdict() {
        Some(verdict) => verdict,
        None if has_turns => return None,
        None => position.no_turn_verdict(),
    };
    Some(match verdict {
        Verdict::Loss => 1,
        Verdict::Draw => DRAW,
        Verdict::Win => 2,
    })
}

/// Where a move leads: a position of another material (solved, its code
/// known) or of this one.
#[derive(Clone, Copy, Debug)]
enum Child {
    Known(u16),
    Here(usize),
}

impl Tables {
    /// Where `turn`'s position leads from `position`, a position of `material`.
    fn child(&self, material: Material, next: &Position<Small>) -> Child {
        let men = men_of(next);
        if men.white.count_ones() == material.white && men.black.count_ones() == material.black {
            Child::Here(material.index(men))
        } else {
            Child::Known(self.code_of(men).unwrap_or(DRAW))
        }
    }

    /// Solves a material where play can go round in circles. Each
    /// position's moves are kept in one flat list, four bytes a move: a
    /// position of this material by its number, or (high bit set) the code
    /// of a position of a smaller one.
    pub(crate) fn solve_by_passes(&self, material: Material) -> Vec<u16> {
        let size = material.size() as usize;
        assert!(size < KNOWN as usize, "{material:?} has too many positions");
        let mut starts: Vec<u32> = Vec::with_capacity(size + 1);
        let mut links: Vec<u32> = Vec::new();
        let mut codes = alloc::vec![DRAW; size];
        for (index, code) in codes.iter_mut().enumerate() {
            starts.push(u32::try_from(links.len()).expect("fewer than 2^32 moves"));
            let Some(position) = self.position(material.position(index)) else {
                continue;
            };
            let turns = position.legal_turns();
            if let Some(end) = ended(&position, !turns.is_empty()) {
                *code = end;
                continue;
            }
            links.extend(turns.into_iter().map(|turn| {
                match self.child(material, &position.play_turn(turn)) {
                    Child::Known(code) => KNOWN | u32::from(code),
                    Child::Here(i) => i as u32,
                }
            }));
        }
        starts.push(u32::try_from(links.len()).expect("fewer than 2^32 moves"));
        let longest_known = links
            .iter()
            .filter(|&&l| l & KNOWN != 0)
            .map(|&l| (l & !KNOWN) as u16)
            .max()
            .unwrap_or(0);
        let mut pass: u16 = 2;
        loop {
            let mut settled = Vec::new();
            for index in 0..size {
                let list = &links[starts[index] as usize..starts[index + 1] as usize];
                if codes[index] != DRAW || list.is_empty() {
                    continue;
                }
                let code = |&l: &u32| {
                    if l & KNOWN != 0 {
                        (l & !KNOWN) as u16
                    } else {
                        codes[l as usize]
                    }
                };
                // A child lost in pass - 2 plies makes this a win in pass -
                // 1; every child won, the longest in pass - 2, a loss.
                let wins = list
                    .iter()
                    .any(|c| code(c) == pass - 1 && is_loss(pass - 1));
                let all_won = list.iter().all(|c| is_win(code(c)));
                let longest = list.iter().map(code).max().unwrap_or(0);
                if (wins && pass % 2 == 0) || (all_won && longest == pass - 1 && pass % 2 == 1) {
                    settled.push(index);
                }
            }
            let changed = !settled.is_empty();
            for index in settled {
                codes[index] = pass;
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

    /// Solves a material where no line of play comes back to a position.
    pub(crate) fn solve_depth_first(&self, material: Material) -> Vec<u16> {
        let mut codes = alloc::vec![UNKNOWN; material.size() as usize];
        for index in 0..codes.len() {
            self.settle(material, &mut codes, index);
        }
        codes
    }

    fn settle(&self, material: Material, codes: &mut [u16], index: usize) -> u16 {
        match codes[index] {
            UNKNOWN => {}
            ON_PATH => panic!("a line of play in {material:?} comes back to position {index}"),
            code => return code,
        }
        let Some(position) = self.position(material.position(index)) else {
            codes[index] = DRAW;
            return DRAW;
        };
        let turns = position.legal_turns();
        if let Some(end) = ended(&position, !turns.is_empty()) {
            codes[index] = end;
            return end;
        }
        codes[index] = ON_PATH;
        let mut children = Vec::with_capacity(turns.len());
        for turn in turns {
            children.push(match self.child(material, &position.play_turn(turn)) {
                Child::Known(code) => code,
                Child::Here(i) => self.settle(material, codes, i),
            });
        }
        let code = best(children);
        codes[index] = code;
        code
    }
}
