//! [`AnyGame`] behind the [`Playable`] verbs, and a game from a start
//! position given as text.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::{AnyGame, AnyTurn};
use crate::chesquerque::{ChessGame, ChessPosition, FenError};
use crate::game::{Game, GameError, Outcome, Playable};
use crate::kind::GameKind;
use crate::movegen::Chains;
use crate::notation::MoveError;
use crate::rules::Rules;
use crate::search::{Limits, Report};
use crate::side::Side;
use crate::text::PositionError;
use crate::Position;

/// Why a start position given as text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StartError {
    Draughts(PositionError),
    Chess(FenError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Draughts(e) => write!(f, "{e}"),
            StartError::Chess(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for StartError {}

impl AnyGame {
    /// A game from the current position with the other side to move, as if
    /// the side to move had passed: where a player's premoves are entered
    /// while the opponent thinks. `None` once the game is over.
    pub fn passed(&self) -> Option<AnyGame> {
        if self.outcome().is_some() {
            return None;
        }
        Some(match self {
            AnyGame::Alquerque(g) => AnyGame::Alquerque(Game::from_position(g.position().passed())),
            AnyGame::Turkish(g) => AnyGame::Turkish(Game::from_position(g.position().passed())),
            AnyGame::Chesquerque(c) => {
                AnyGame::Chesquerque(ChessGame::from_position(c.position().passed()))
            }
        })
    }

    /// A game from the position `text` (position text for the draughts
    /// family under `rules`, FEN-like text for Chesquerque, whose `rules`
    /// are `None`).
    pub fn from_position_text(
        rules: Option<&'static Rules>,
        text: &str,
    ) -> Result<AnyGame, StartError> {
        Ok(match rules {
            Some(rules) if rules.geometry.len() <= 32 => AnyGame::Alquerque(Game::from_position(
                Position::from_text(rules, text).map_err(StartError::Draughts)?,
            )),
            Some(rules) => AnyGame::Turkish(Game::from_position(
                Position::from_text(rules, text).map_err(StartError::Draughts)?,
            )),
            None => AnyGame::Chesquerque(ChessGame::from_position(
                ChessPosition::from_fen(text).map_err(StartError::Chess)?,
            )),
        })
    }
}

/// Runs `$body` with `$g` bound to the game inside, whichever it is, and
/// `$wrap` to the [`AnyTurn`] variant of its turns.
macro_rules! each {
    ($self:expr, $g:ident, $wrap:ident => $body:expr) => {
        match $self {
            AnyGame::Alquerque($g) => {
                let $wrap = AnyTurn::Alquerque;
                $body
            }
            AnyGame::Turkish($g) => {
                let $wrap = AnyTurn::Turkish;
                $body
            }
            AnyGame::Chesquerque($g) => {
                let $wrap = AnyTurn::Chesquerque;
                $body
            }
        }
    };
}

impl Playable for AnyGame {
    type Turn = AnyTurn;

    fn kind(&self) -> GameKind {
        each!(self, g, _w => Playable::kind(g))
    }

    fn side_to_move(&self) -> Side {
        each!(self, g, _w => Playable::side_to_move(g))
    }

    fn ply(&self) -> usize {
        each!(self, g, _w => g.ply())
    }

    fn legal_turns(&self) -> Vec<AnyTurn> {
        each!(self, g, wrap => Playable::legal_turns(g).into_iter().map(wrap).collect())
    }

    fn play(&mut self, turn: AnyTurn) -> Result<(), GameError> {
        AnyGame::play(self, turn)
    }

    fn undo(&mut self) -> Option<AnyTurn> {
        each!(self, g, wrap => Playable::undo(g).map(wrap))
    }

    fn redo(&mut self) -> Option<AnyTurn> {
        each!(self, g, wrap => Playable::redo(g).map(wrap))
    }

    fn can_redo(&self) -> bool {
        each!(self, g, _w => Playable::can_redo(g))
    }

    fn resign(&mut self, loser: Side) -> Result<(), GameError> {
        AnyGame::resign(self, loser)
    }

    fn agree_draw(&mut self) -> Result<(), GameError> {
        AnyGame::agree_draw(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        AnyGame::outcome(self)
    }

    fn turn_text(&self, turn: AnyTurn) -> String {
        AnyGame::turn_text(self, turn)
    }

    fn parse_turn(&self, text: &str) -> Result<AnyTurn, MoveError> {
        self.parse(text)
    }

    fn position_text(&self) -> String {
        each!(self, g, _w => g.position_text())
    }

    fn history(&self) -> Vec<String> {
        AnyGame::history(self)
    }

    fn record_line(&self) -> String {
        self.to_record_line()
    }

    fn perft(&self, depth: u32, chains: Chains) -> u64 {
        each!(self, g, _w => Playable::perft(g, depth, chains))
    }

    fn divide(&self, depth: u32, chains: Chains) -> Vec<(AnyTurn, u64)> {
        each!(self, g, wrap => g
            .divide(depth, chains)
            .into_iter()
            .map(|(turn, n)| (wrap(turn), n))
            .collect())
    }

    fn search(&self, limits: Limits) -> Report<AnyTurn> {
        each!(self, g, wrap => {
            let report = g.search(limits);
            Report {
                best: report.best.map(wrap),
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
                line: report.line.into_iter().map(wrap).collect(),
            }
        })
    }
}
