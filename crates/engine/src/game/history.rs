//! The shell every game shares: the positions and turns played, the turns
//! taken back for redo, an outcome the players declared, the repetition rule,
//! and the order in which the rules end a game. The draughts games
//! ([`crate::Game`]) and Chesquerque ([`crate::chesquerque::ChessGame`]) are this
//! shell around their own positions, so the two cannot drift apart.

use alloc::string::String;
use alloc::vec::Vec;

use super::playable::{GamePosition, Playable};
use super::{DrawReason, GameError, Outcome, WinReason};
use crate::kind::GameKind;
use crate::movegen::Chains;
use crate::notation::MoveError;
use crate::search::{Limits, Report, Search};
use crate::side::Side;

/// A game in progress or finished, of positions `P`.
#[derive(Clone, Debug)]
pub struct History<P: GamePosition> {
    /// `positions[0]` is the start; `positions[i]` follows `turns[i - 1]`.
    positions: Vec<P>,
    turns: Vec<P::Turn>,
    /// Turns taken back, most recent last, to be replayed by `redo`.
    undone: Vec<P::Turn>,
    /// An outcome by agreement or resignation, which no position shows.
    declared: Option<Outcome>,
    outcome: Option<Outcome>,
}

impl<P: GamePosition> History<P> {
    pub fn from_position(start: P) -> History<P> {
        let mut game = History {
            positions: alloc::vec![start],
            turns: Vec::new(),
            undone: Vec::new(),
            declared: None,
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    pub fn position(&self) -> &P {
        &self.positions[self.positions.len() - 1]
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[P::Turn] {
        &self.turns
    }

    /// Every position of the game, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays a turn after checking it is legal.
    pub fn play(&mut self, turn: P::Turn) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        if !self.position().legal_turns().contains(&turn) {
            return Err(GameError::IllegalTurn);
        }
        self.push(turn);
        self.undone.clear();
        Ok(())
    }

    fn push(&mut self, turn: P::Turn) {
        let next = self.position().play(turn);
        self.positions.push(next);
        self.turns.push(turn);
        self.outcome = self.judge();
    }

    /// Takes back the last turn (and any resignation or agreed draw).
    pub fn undo(&mut self) -> Option<P::Turn> {
        if self.declared.take().is_some() {
            self.outcome = self.judge();
            return None;
        }
        let turn = self.turns.pop()?;
        self.positions.pop();
        self.undone.push(turn);
        self.outcome = self.judge();
        Some(turn)
    }

    /// Plays again the last turn taken back.
    pub fn redo(&mut self) -> Option<P::Turn> {
        if self.is_over() {
            return None;
        }
        let turn = self.undone.pop()?;
        self.push(turn);
        Some(turn)
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    pub fn resign(&mut self, loser: Side) -> Result<(), GameError> {
        self.declare(Outcome::Win {
            winner: loser.other(),
            reason: WinReason::Resignation,
        })
    }

    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.declare(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        self.declared = Some(outcome);
        self.outcome = Some(outcome);
        Ok(())
    }

    /// How many times the current position has occurred (by the repetition
    /// rule's notion of sameness), counting from the start.
    pub fn occurrences(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| now.repeats(p)).count()
    }

    /// The outcome the rules give the current position, if any: what the
    /// position decides by itself, then the repetition rule, then the
    /// no-progress rule.
    fn judge(&self) -> Option<Outcome> {
        if let Some(declared) = self.declared {
            return Some(declared);
        }
        let position = self.position();
        if let Some(outcome) = position.decided() {
            return Some(outcome);
        }
        if self.occurrences() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if position.out_of_progress() {
            return Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            });
        }
        None
    }
}

impl<P: GamePosition> Playable for History<P> {
    type Turn = P::Turn;

    fn kind(&self) -> GameKind {
        self.start().kind()
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    fn ply(&self) -> usize {
        self.turns.len()
    }

    fn legal_turns(&self) -> Vec<P::Turn> {
        if self.is_over() {
            return Vec::new();
        }
        self.position().legal_turns()
    }

    fn play(&mut self, turn: P::Turn) -> Result<(), GameError> {
        History::play(self, turn)
    }

    fn undo(&mut self) -> Option<P::Turn> {
        History::undo(self)
    }

    fn redo(&mut self) -> Option<P::Turn> {
        History::redo(self)
    }

    fn can_redo(&self) -> bool {
        History::can_redo(self)
    }

    fn resign(&mut self, loser: Side) -> Result<(), GameError> {
        History::resign(self, loser)
    }

    fn agree_draw(&mut self) -> Result<(), GameError> {
        History::agree_draw(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn turn_text(&self, turn: P::Turn) -> String {
        self.position().turn_text(turn)
    }

    fn parse_turn(&self, text: &str) -> Result<P::Turn, MoveError> {
        self.position().parse_turn(text)
    }

    fn position_text(&self) -> String {
        self.position().to_text()
    }

    fn history(&self) -> Vec<String> {
        self.turns
            .iter()
            .zip(&self.positions)
            .map(|(&turn, position)| position.turn_text(turn))
            .collect()
    }

    fn record_line(&self) -> String {
        let mut line = self.start().record_header();
        if !self.start().is_usual_start() {
            line.push_str(" position ");
            line.push_str(&self.start().to_text());
        }
        if !self.turns.is_empty() {
            line.push_str(" moves");
            for (&turn, position) in self.turns.iter().zip(&self.positions) {
                line.push(' ');
                line.push_str(&position.turn_coordinates(turn));
            }
        }
        line
    }

    fn perft(&self, depth: u32, chains: Chains) -> u64 {
        match (self.is_over(), depth) {
            (_, 0) => 1,
            (true, _) => 0,
            (false, _) => self.position().perft(depth, chains),
        }
    }

    fn divide(&self, depth: u32, chains: Chains) -> Vec<(P::Turn, u64)> {
        if self.is_over() || depth == 0 {
            return Vec::new();
        }
        self.position().divide(depth, chains)
    }

    fn search(&self, limits: Limits) -> Report<P::Turn> {
        Search::new().run(&self.positions, limits)
    }
}
