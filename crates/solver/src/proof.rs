//! A settled search, for a checker that knows nothing of the search.
//!
//! A win is written as the attacker's move in every position of the proof
//! where it moves. The defender's every move is followed, and the proof runs
//! to the end of each line (where the endgame tables took over, it goes on
//! with their quickest win), so checking it needs only the rules.
//!
//! A refutation ("cannot force a win") is the other way round: the
//! defender's move where it moves, the attacker's every move followed. A
//! line ends where the rules end the game without the attacker's win, where
//! the no-progress rule draws it, or at a position the endgame tables hold
//! that they do not give the attacker as a win in time. Checking it needs
//! the rules and tables of as many men as the proof names.
//!
//! The positions are not written: they follow from the order of the walk.
//! The walk goes depth first from the root, each position once (positions
//! are the same when their texts are). A position's moves are ordered by
//! their identity (origin, destination, captured points by name); the other
//! side's are visited in that order, and for the side the proof speaks for
//! it gives the chosen move's place in it, one character (`0`–`9`, `a`–`z`)
//! per position where that side moves, in the order the walk meets them.
//!
//! ```text
//! # comments
//! game<TAB>classic
//! attacker<TAB>White
//! claim<TAB>no win           (or: win)
//! tables<TAB>6               (a refutation's tables: at most this many men)
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
    /// The proof of a root the search has settled: the attacker's moves
    /// where it has won, the defender's where it has been refuted.
    pub fn proof(&self, root: &Position<Small>) -> Result<Proof, String> {
        let known = self.known(root);
        let wins = match (known.proof, known.disproof) {
            (0, _) => true,
            (_, 0) => false,
            _ => return Err("the root is not settled".to_string()),
        };
        let mut digits = String::new();
        let mut seen = HashSet::new();
        let mut stack = vec![*root];
        while let Some(position) = stack.pop() {
            if !seen.insert(position.to_text()) {
                continue;
            }
            let turns = ordered(&position);
            if turns.is_empty() || (!wins && self.settled(&position, true) == Some(false)) {
                // The end of a line: by the rules, or (for a refutation) by
                // the count or the tables.
                continue;
            }
            if (position.side_to_move() == self.attacker) != wins {
                // Pushed last first, so the walk meets them in order.
                stack.extend(turns.iter().rev().map(|&t| position.play_turn(t)));
                continue;
            }
            let turn = if wins {
                self.tables
                    .filter(|_| self.settled(&position, true) == Some(true))
                    .and_then(|t| t.best_turn(&position))
            } else {
                None
            };
            let turn = turn
                .or_else(|| {
                    turns.iter().copied().find(|&t| {
                        let child = self.known(&position.play_turn(t));
                        if wins {
                            child.proof == 0
                        } else {
                            child.disproof == 0
                        }
                    })
                })
                .ok_or_else(|| format!("no move is known to settle {}", position.to_text()))?;
            let place = turns
                .iter()
                .position(|&t| t == turn)
                .ok_or("the chosen move is not among the legal ones")?;
            let digit = DIGITS
                .get(place)
                .ok_or_else(|| format!("more than 36 moves at {}", position.to_text()))?;
            digits.push(char::from(*digit));
            stack.push(position.play_turn(turn));
        }
        let name = self.attacker.name();
        let (title, claim) = if wins {
            (format!("{name} wins"), "win".to_string())
        } else {
            let men = self.tables.map_or(0, |t| t.max_men());
            (
                format!("{name} cannot force a win"),
                format!("no win\ntables\t{men}"),
            )
        };
        let text = format!(
            "# alquerque proof: {title} (docs/solving.md)\ngame\t{}\nattacker\t{name}\nclaim\t{claim}\nroot\t{}\nmoves\t{digits}\n",
            self.game,
            root.to_text()
        );
        Ok(Proof {
            text,
            moves: digits.len(),
            positions: seen.len(),
        })
    }
}
