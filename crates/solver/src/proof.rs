//! A finished proof, for a checker that knows nothing of the search: the
//! attacker's move in every position of the proof where it moves. The
//! defender's every move is followed, and the proof runs to the end of each
//! line (where the endgame tables took over, it goes on with their quickest
//! win), so checking it needs only the rules.
//!
//! The positions are not written: they follow from the order of the walk.
//! The walk goes depth first from the root, each position once (positions
//! are the same when their texts are). A position's moves are ordered by
//! their identity (origin, destination, captured points by name); the
//! defender's are visited in that order, and for the attacker the proof
//! gives the chosen move's place in it, one character (`0`–`9`, `a`–`z`)
//! per position where the attacker moves, in the order the walk meets them.
//!
//! ```text
//! # comments
//! game<TAB>qirkat
//! attacker<TAB>White
//! root<TAB><position text>
//! moves<TAB>0120a0…
//! ```

use std::collections::HashSet;

use engine::{Bits, Position, Small, Turn};

use crate::Solver;

/// A proof that the attacker wins from the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub text: String,
    /// Positions where the attacker moves.
    pub moves: usize,
    /// Positions of the proof in all.
    pub positions: usize,
}

/// A move's identity as the proof orders moves: origin, destination and
/// captured points, by name.
pub fn identity(position: &Position<Small>, turn: Turn<Small>) -> String {
    let g = position.rules().geometry;
    let Some(mv) = turn.mv else {
        return String::new();
    };
    let mut captured: Vec<String> = mv
        .captured
        .points()
        .map(|p| g.name(p).to_string())
        .collect();
    captured.sort();
    format!(
        "{}{}:{}",
        g.name(mv.from),
        g.name(mv.to),
        captured.join(",")
    )
}

/// The legal turns of `position` in the proof's order.
fn ordered(position: &Position<Small>) -> Vec<Turn<Small>> {
    let mut turns: Vec<(String, Turn<Small>)> = position
        .legal_turns()
        .into_iter()
        .map(|t| (identity(position, t), t))
        .collect();
    turns.sort_by(|a, b| a.0.cmp(&b.0));
    turns.into_iter().map(|(_, t)| t).collect()
}

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

impl Solver<'_> {
    /// The proof of a root the search has proven.
    pub fn proof(&self, root: &Position<Small>) -> Result<Proof, String> {
        let mut digits = String::new();
        let mut seen = HashSet::new();
        let mut stack = vec![*root];
        while let Some(position) = stack.pop() {
            if !seen.insert(position.to_text()) {
                continue;
            }
            let turns = ordered(&position);
            if turns.is_empty() {
                continue;
            }
            if position.side_to_move() != self.attacker {
                // Pushed last first, so the walk meets them in order.
                stack.extend(turns.iter().rev().map(|&t| position.play_turn(t)));
                continue;
            }
            let by_tables = self
                .tables
                .filter(|_| self.settled(&position, true) == Some(true))
                .and_then(|t| t.best_turn(&position));
            let turn = by_tables
                .or_else(|| {
                    turns
                        .iter()
                        .copied()
                        .find(|&t| self.known(&position.play_turn(t)).proof == 0)
                })
                .ok_or_else(|| {
                    format!(
                        "no winning move is known at {}: the root is not proven",
                        position.to_text()
                    )
                })?;
            let place = turns
                .iter()
                .position(|&t| t == turn)
                .ok_or("the winning move is not among the legal ones")?;
            let digit = DIGITS
                .get(place)
                .ok_or_else(|| format!("more than 36 moves at {}", position.to_text()))?;
            digits.push(char::from(*digit));
            stack.push(position.play_turn(turn));
        }
        let text = format!(
            "# alquerque proof: {} wins (docs/solving.md)\ngame\t{}\nattacker\t{}\nroot\t{}\nmoves\t{digits}\n",
            self.attacker.name(),
            self.game,
            self.attacker.name(),
            root.to_text()
        );
        Ok(Proof {
            text,
            moves: digits.len(),
            positions: seen.len(),
        })
    }
}
