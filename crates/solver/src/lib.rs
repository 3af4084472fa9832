//! The value of a position of Classic, Qirkat or Bell by depth-first
//! proof-number search (df-pn), over the endgame tables.
//!
//! The search asks whether one side, the attacker, can force a win. At the
//! attacker's turn one move must win (an OR node); at the defender's, every
//! move must (an AND node). Each position gets a proof number (how many more
//! positions must be shown won, at the least, to prove it) and a disproof
//! number (the same to refute it). The search always goes to the position
//! that would settle the root most cheaply, staying below the current
//! thresholds, and it keeps every position's numbers in a table. A draw
//! counts as a failure of the attacker.
//!
//! No line of play comes back to a state the search tells apart, so it
//! needs no care for cycles. In Qirkat and Bell no man steps back, and the
//! no-return rule stops a man stepping to and fro. Classic's men can shuffle
//! sideways, but each sideways step counts towards the no-progress draw, so
//! the search tells positions apart by that count too, and every line ends
//! within the limit. That game (the count, no repetition rule) has the same
//! winner as the real one: see [`Solver::new`].
//!
//! The table of numbers can be saved and read back ([`checkpoint`]), so a
//! long search can be carried over several runs. A finished proof is written
//! as the attacker's move in every position of it where the attacker moves
//! ([`proof`]), and a checker that knows nothing of this search can replay
//! it.

pub mod checkpoint;
pub mod proof;

use std::collections::HashMap;

use alquerque_tables::{Tables, Value};
use engine::rules::NoProgress;
use engine::search::{Searchable, Verdict};
use engine::{DraughtsKind, Position, Side, Small};

/// Proof and disproof numbers at or above this count as infinite.
const INFINITE: u32 = 1 << 30;

/// A position's proof and disproof numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

impl Numbers {
    const PROVEN: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    const DISPROVEN: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };
    const UNKNOWN: Numbers = Numbers {
        proof: 1,
        disproof: 1,
    };
}

/// Where a search stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// The attacker wins by force.
    Proven,
    /// The attacker cannot force a win.
    Disproven,
    /// Not settled yet: the root's numbers.
    Open(Numbers),
}

/// A game the solver does not cover.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unsupported(pub DraughtsKind);

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the solver covers classic, qirkat and bell; not {}",
            self.0
        )
    }
}

fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INFINITE)
}

/// A df-pn search for one attacker in one game.
#[derive(Debug)]
pub struct Solver<'t> {
    game: DraughtsKind,
    attacker: Side,
    tables: Option<&'t Tables>,
    numbers: HashMap<u64, Numbers>,
    nodes: u64,
    limit: u64,
    /// Whether the numbers are summed the weak way (see `search`).
    weak: bool,
}

impl<'t> Solver<'t> {
    /// A search for whether `attacker` wins in `game`, taking the values of
    /// the positions `tables` hold (if any) as known.
    ///
    /// In Classic the search plays the game with the no-progress count and
    /// without the repetition rule. Both have the same winner. A repetition
    /// can only make a draw, so a side that cannot force a win without it
    /// cannot with it. And where a side wins without it, let it always play
    /// a move that wins soonest: the plies left to the win then fall at
    /// every turn. A position that came back would be the same men with a
    /// higher count (only sideways steps came between), and a higher count
    /// never brings a win nearer, so it cannot come back, and the rule
    /// never applies.
    pub fn new(
        game: DraughtsKind,
        attacker: Side,
        tables: Option<&'t Tables>,
    ) -> Result<Solver<'t>, Unsupported> {
        if !matches!(
            game,
            DraughtsKind::Classic | DraughtsKind::Qirkat | DraughtsKind::Bell
        ) {
            return Err(Unsupported(game));
        }
        Ok(Solver {
            game,
            attacker,
            tables: tables.filter(|t| t.game() == game),
            numbers: HashMap::new(),
            nodes: 0,
            limit: 0,
            weak: game == DraughtsKind::Classic,
        })
    }

    pub fn attacker(&self) -> Side {
        self.attacker
    }

    /// Positions expanded so far, over every run.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions whose numbers are kept.
    pub fn stored(&self) -> usize {
        self.numbers.len()
    }

    /// Searches `root` for up to `nodes` more expansions.
    pub fn run(&mut self, root: &Position<Small>, nodes: u64) -> Status {
        self.limit = self.nodes.saturating_add(nodes);
        let numbers = self.search(root, INFINITE, INFINITE);
        match numbers {
            Numbers { proof: 0, .. } => Status::Proven,
            Numbers { disproof: 0, .. } => Status::Disproven,
            open => Status::Open(open),
        }
    }

    /// The key of a position's numbers: its hash, and in Classic its
    /// no-progress count.
    fn key(position: &Position<Small>) -> u64 {
        position.hash()
            ^ u64::from(position.no_progress_plies()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Plies left before the no-progress rule draws the game, where it has one.
    fn plies_left(position: &Position<Small>) -> Option<u16> {
        let rules = position.rules();
        (rules.no_progress != NoProgress::None).then(|| {
            rules
                .no_progress_limit
                .saturating_sub(position.no_progress_plies())
        })
    }

    /// The result the rules or the tables give `position` without a search:
    /// `Some(true)` the attacker has won, `Some(false)` it has not.
    fn settled(&self, position: &Position<Small>, has_turns: bool) -> Option<bool> {
        let attacker_moves = position.side_to_move() == self.attacker;
        if !has_turns {
            // The side to move is blocked; that comes before the count.
            // A draw fails the attacker whoever moves.
            return Some(match position.no_turn_verdict() {
                Verdict::Win => attacker_moves,
                Verdict::Loss => !attacker_moves,
                Verdict::Draw => false,
            });
        }
        if Self::plies_left(position) == Some(0) {
            return Some(false);
        }
        self.by_tables(position)
    }

    /// What the tables say of a position whose side to move has a move.
    /// The tables know nothing of the no-progress count: a win they give
    /// the attacker is one here only if it comes within the plies left.
    /// Anything else they give fails the attacker, count or not.
    fn by_tables(&self, position: &Position<Small>) -> Option<bool> {
        let attacker_moves = position.side_to_move() == self.attacker;
        let in_time = |plies: u16| Self::plies_left(position).is_none_or(|left| plies <= left);
        match self.tables?.value(position)? {
            Value::Win(plies) if attacker_moves => in_time(plies).then_some(true),
            Value::Loss(plies) if !attacker_moves => in_time(plies).then_some(true),
            _ => Some(false),
        }
    }

    /// The numbers known for a position not expanded here yet.
    fn known(&self, position: &Position<Small>) -> Numbers {
        if let Some(&numbers) = self.numbers.get(&Self::key(position)) {
            return numbers;
        }
        if self.tables.is_some() {
            if let Some(won) = self.by_tables(position) {
                return if won {
                    Numbers::PROVEN
                } else {
                    Numbers::DISPROVEN
                };
            }
        }
        Numbers::UNKNOWN
    }

    /// The multiple-iterative-deepening step of df-pn: expands `position`
    /// until its numbers reach a threshold or the budget runs out.
    fn search(
        &mut self,
        position: &Position<Small>,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Numbers {
        self.nodes += 1;
        let turns = position.legal_turns();
        if let Some(won) = self.settled(position, !turns.is_empty()) {
            let numbers = if won {
                Numbers::PROVEN
            } else {
                Numbers::DISPROVEN
            };
            self.numbers.insert(Self::key(position), numbers);
            return numbers;
        }
        let children: Vec<Position<Small>> =
            turns.into_iter().map(|t| position.play_turn(t)).collect();
        let or = position.side_to_move() == self.attacker;
        loop {
            // At an OR node the cheapest child's proof number and the sum
            // of disproof numbers; at an AND node the other way round.
            let (mut best, mut first, mut second, mut sum) = (0, INFINITE, INFINITE, 0);
            let (mut most, mut open) = (0, 0);
            for (i, child) in children.iter().enumerate() {
                let n = self.known(child);
                let (key, other) = if or {
                    (n.proof, n.disproof)
                } else {
                    (n.disproof, n.proof)
                };
                sum = add(sum, other);
                most = most.max(other);
                open += u32::from(other != 0);
                if key < first {
                    (second, first, best) = (first, key, i);
                } else if key < second {
                    second = key;
                }
            }
            // In Classic the count makes many paths to the same positions,
            // and a sum would count what lies under them once per path, far
            // past any meaning. There the sum gives way to the largest
            // number plus one for each other child still open (weak proof
            // numbers).
            if self.weak && most < INFINITE {
                sum = add(most, open.saturating_sub(1));
            }
            let numbers = if or {
                Numbers {
                    proof: first,
                    disproof: sum,
                }
            } else {
                Numbers {
                    proof: sum,
                    disproof: first,
                }
            };
            if numbers.proof >= proof_limit
                || numbers.disproof >= disproof_limit
                || self.nodes >= self.limit
            {
                self.numbers.insert(Self::key(position), numbers);
                return numbers;
            }
            let child = self.known(&children[best]);
            let (child_proof, child_disproof) = if or {
                (
                    proof_limit.min(add(second, 1)),
                    add(disproof_limit - numbers.disproof, child.disproof),
                )
            } else {
                (
                    add(proof_limit - numbers.proof, child.proof),
                    disproof_limit.min(add(second, 1)),
                )
            };
            let next = children[best];
            self.search(&next, child_proof, child_disproof);
        }
    }
}

#[cfg(test)]
mod tests;
