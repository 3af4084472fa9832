//! The verbs every game shares, whichever family it belongs to: what a
//! position of a family must say about itself ([`GamePosition`]), and what a
//! game offers to those who play it ([`Playable`]).

use alloc::string::String;
use alloc::vec::Vec;

use super::{GameError, Outcome};
use crate::kind::GameKind;
use crate::movegen::Chains;
use crate::notation::MoveError;
use crate::search::{Limits, Report, Searchable};
use crate::side::Side;

/// A position of one family of games: the rules that end a game without
/// its history, the notation of its turns, and its text. The game shell
/// ([`super::History`]) adds what needs the history: repetition, undo and
/// redo, and outcomes that players declare.
pub trait GamePosition: Searchable + PartialEq {
    fn side_to_move(&self) -> Side;

    /// Every legal turn, each once.
    fn legal_turns(&self) -> Vec<Self::Turn>;

    /// The outcome the rules give this position by itself that comes before
    /// the repetition rule: no legal turn, no pieces, the material rules.
    fn decided(&self) -> Option<Outcome>;

    /// Whether the no-progress rule (the fifty-move rule in Chesquerque)
    /// draws the game here; it comes after the repetition rule.
    fn out_of_progress(&self) -> bool;

    /// A turn in the game's notation (SAN for Chesquerque).
    fn turn_text(&self, turn: Self::Turn) -> String;

    /// A turn in the form records use (coordinates for Chesquerque).
    fn turn_coordinates(&self, turn: Self::Turn) -> String {
        self.turn_text(turn)
    }

    /// Reads a turn in any notation the game accepts.
    fn parse_turn(&self, text: &str) -> Result<Self::Turn, MoveError>;

    /// The position in its one-line text form.
    fn to_text(&self) -> String;

    fn kind(&self) -> GameKind;

    /// The game's name with the rule options that differ from the usual
    /// ones, as a record line begins (`qirkat option no_return=off`).
    fn record_header(&self) -> String;

    /// Whether this is the game's usual start position (under its rules).
    fn is_usual_start(&self) -> bool;

    /// Leaf nodes `depth` turns below this position (draw rules ignored).
    fn perft(&self, depth: u32, chains: Chains) -> u64;

    /// [`GamePosition::perft`] below each first turn; with
    /// [`Chains::EveryPath`] a move reached by several paths is listed once
    /// with the sum of its paths.
    fn divide(&self, depth: u32, chains: Chains) -> Vec<(Self::Turn, u64)>;
}

/// A game of either family: the same verbs for the draughts games, for
/// Chesquerque and for a game chosen at run time.
///
/// Turn text is read and written in the current position; the legal turns
/// are those [`Playable::play`] accepts now, so there are none once the game
/// is over.
pub trait Playable {
    type Turn: Copy + Eq + core::fmt::Debug;

    fn kind(&self) -> GameKind;
    fn side_to_move(&self) -> Side;
    /// Turns played so far.
    fn ply(&self) -> usize;

    /// Every legal turn now; none once the game is over.
    fn legal_turns(&self) -> Vec<Self::Turn>;
    /// Plays a legal turn.
    fn play(&mut self, turn: Self::Turn) -> Result<(), GameError>;
    /// Takes back the last turn, or a resignation or agreed draw (then
    /// `None`, as when there is nothing to take back).
    fn undo(&mut self) -> Option<Self::Turn>;
    /// Plays again the last turn taken back, unless a turn was played since.
    fn redo(&mut self) -> Option<Self::Turn>;
    fn can_redo(&self) -> bool;
    fn resign(&mut self, loser: Side) -> Result<(), GameError>;
    fn agree_draw(&mut self) -> Result<(), GameError>;
    /// How the game ended, with the reason; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A turn of the current position in the game's notation.
    fn turn_text(&self, turn: Self::Turn) -> String;
    /// Reads a turn of the current position.
    fn parse_turn(&self, text: &str) -> Result<Self::Turn, MoveError>;
    /// The current position in its one-line text form.
    fn position_text(&self) -> String;
    /// The turns played, in the game's notation.
    fn history(&self) -> Vec<String>;
    /// The record line that rebuilds the game (`classic moves c2-c3 b4-b3`;
    /// coordinates for Chesquerque), with its start position when that is
    /// not the usual one (`classic position 1w2b/5/1b2b/4b/b3w b - - 1
    /// moves e5-d5`).
    fn record_line(&self) -> String;

    /// Leaf nodes `depth` turns below the current position; none below a
    /// game the rules have ended.
    fn perft(&self, depth: u32, chains: Chains) -> u64;
    /// [`Playable::perft`] below each legal turn.
    fn divide(&self, depth: u32, chains: Chains) -> Vec<(Self::Turn, u64)>;
    /// Searches the current position, the game's history counting for the
    /// repetition rule.
    fn search(&self, limits: Limits) -> Report<Self::Turn>;
}
