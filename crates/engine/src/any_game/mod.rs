//! A game of any of the six kinds behind one interface, for front ends (the
//! browser, the command line's protocol) that choose the game at run time.
//!
//! [`AnyGame`] is the dispatch point from a [`GameKind`] to the two engines.
//! It speaks in points and pieces rather than bitboards: what stands where,
//! every way a person can enter each legal turn (one [`Entry`] per capture
//! path), the notation of the turns played, and a one-line record that
//! rebuilds the game (`classic moves c2-c3 b4-b3`).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

mod analysis;
mod playable;
mod view;

pub use analysis::{Analyser, Analysis, Candidate, SmallOracle};
pub use playable::StartError;
use view::{chess_captured, chess_piece, draughts_entries, draughts_piece, last_draughts_move};

use crate::chesquerque::{ChessGame, ChessMove, Role as ChessRole};
use crate::game::{Game, GameError, GamePosition, Outcome, Playable};
use crate::geometry::{Geometry, Point, ALQUERQUE_9};
use crate::kind::{DraughtsKind, GameKind, UnknownGame};
use crate::notation::{split_turns, MoveError};
use crate::position::Turn;
use crate::rules::{OptionError, Rules};
use crate::search::{LevelSettings, Player, Score};
use crate::side::Side;
use crate::Bits;

/// What a piece looks like: enough for drawing it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PieceKind {
    Man,
    /// A crowned man (a queen in Turkish draughts).
    King,
    Chess(ChessRole),
}

/// A piece on a point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceView {
    pub side: Side,
    pub kind: PieceKind,
}

/// A legal turn of either engine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AnyTurn {
    Alquerque(Turn<crate::Small>),
    Turkish(Turn<u64>),
    Chesquerque(ChessMove),
}

/// One way to enter a legal turn: the huff first (Special), then the points
/// the piece visits, origin first. A capture reached by two paths has two
/// entries with the same turn. A huff that takes the last piece has an empty
/// path.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub huff: Option<Point>,
    pub path: Vec<Point>,
    /// The points whose pieces the move takes.
    pub captured: Vec<Point>,
    /// Chesquerque: what a pawn becomes.
    pub promotion: Option<ChessRole>,
    pub turn: AnyTurn,
}

/// Why a game record could not be read or a turn not played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordLineError {
    UnknownGame,
    /// `option` without `name=value`, or a word out of place.
    Syntax(String),
    BadOption(String, OptionError),
    /// The turn at this index (from 0) could not be read or played.
    Turn(usize, MoveError),
    Game(usize, GameError),
}

impl fmt::Display for RecordLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordLineError::UnknownGame => write!(
                f,
                "{}",
                UnknownGame {
                    draughts_only: false
                }
            ),
            RecordLineError::Syntax(what) => write!(f, "cannot read the record: {what}"),
            RecordLineError::BadOption(option, e) => write!(f, "option {option}: {e}"),
            RecordLineError::Turn(i, e) => write!(f, "turn {}: {e}", i + 1),
            RecordLineError::Game(i, e) => write!(f, "turn {}: {e}", i + 1),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for RecordLineError {}

/// A game of any kind.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The four Alquerque rule sets, on the 5×5 board.
    Alquerque(Game<crate::Small>),
    /// Turkish draughts, on the 8×8 board.
    Turkish(Game<u64>),
    Chesquerque(ChessGame),
}

/// Runs `$body` with `$g` bound to the draughts game inside, or `$chess` for
/// Chesquerque.
macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr, $c:ident => $chess:expr) => {
        match $self {
            AnyGame::Alquerque($g) => $body,
            AnyGame::Turkish($g) => $body,
            AnyGame::Chesquerque($c) => $chess,
        }
    };
}

// After the macro, which it uses.
mod draw_offer;

impl AnyGame {
    /// A new game with the default rules.
    pub fn new(variant: GameKind) -> AnyGame {
        match variant {
            GameKind::Draughts(key) => AnyGame::with_rules(key.rules()),
            GameKind::Chesquerque => AnyGame::Chesquerque(ChessGame::new()),
        }
    }

    /// A new draughts-family game under `rules` (options included).
    pub fn with_rules(rules: &'static Rules) -> AnyGame {
        if rules.geometry.len() <= 32 {
            AnyGame::Alquerque(Game::new(rules))
        } else {
            AnyGame::Turkish(Game::new(rules))
        }
    }

    /// Reads `<game> [option <name=value>]... [position <text>]
    /// [moves <turn>...]`: without `position`, the game starts as usual.
    pub fn from_record_line(text: &str) -> Result<AnyGame, RecordLineError> {
        let mut words = text.split_ascii_whitespace();
        let variant: GameKind = words
            .next()
            .unwrap_or_default()
            .parse()
            .map_err(|_| RecordLineError::UnknownGame)?;
        let mut rules = match variant {
            GameKind::Draughts(key) => Some(key.rules()),
            GameKind::Chesquerque => None,
        };
        let mut moves = Vec::new();
        let mut in_moves = false;
        let mut position: Option<Vec<&str>> = None;
        while let Some(word) = words.next() {
            match word {
                "moves" if !in_moves => in_moves = true,
                "position" if !in_moves && position.is_none() => position = Some(Vec::new()),
                _ if !in_moves && position.is_some() => {
                    if let Some(words) = position.as_mut() {
                        words.push(word);
                    }
                }
                "option" if !in_moves => {
                    let option = words
                        .next()
                        .ok_or_else(|| RecordLineError::Syntax("option without a value".into()))?;
                    let (name, value) = option.split_once('=').ok_or_else(|| {
                        RecordLineError::Syntax(alloc::format!(
                            "option {option:?} is not name=value"
                        ))
                    })?;
                    let bad = |e| RecordLineError::BadOption(option.to_string(), e);
                    rules = Some(
                        rules
                            .ok_or(bad(OptionError::UnknownOption))?
                            .with_option(name, value)
                            .map_err(bad)?,
                    );
                }
                _ if in_moves => moves.push(word),
                other => {
                    return Err(RecordLineError::Syntax(alloc::format!(
                        "unexpected {other:?}"
                    )))
                }
            }
        }
        let mut game = match (rules, position) {
            (rules, Some(words)) => AnyGame::from_position_text(rules, &words.join(" "))
                .map_err(|e| RecordLineError::Syntax(alloc::format!("position: {e}")))?,
            (Some(rules), None) => AnyGame::with_rules(rules),
            (None, None) => AnyGame::Chesquerque(ChessGame::new()),
        };
        // Draughts turns may contain a space after a huff (`h:b3 c2-c3`).
        for (i, text) in split_turns(&moves.join(" ")).iter().enumerate() {
            let turn = game.parse(text).map_err(|e| RecordLineError::Turn(i, e))?;
            game.play(turn).map_err(|e| RecordLineError::Game(i, e))?;
        }
        Ok(game)
    }

    /// The record line that rebuilds this game (moves in coordinate form).
    pub fn to_record_line(&self) -> String {
        dispatch!(self, g => g.record_line(), c => c.record_line())
    }

    pub fn kind(&self) -> GameKind {
        dispatch!(self, g => GameKind::Draughts(g.rules().key), _c => GameKind::Chesquerque)
    }

    /// The draughts rule set (with its options); `None` for Chesquerque.
    pub fn rules(&self) -> Option<&'static Rules> {
        dispatch!(self, g => Some(g.rules()), _c => None)
    }

    pub fn geometry(&self) -> &'static Geometry {
        dispatch!(self, g => g.rules().geometry, _c => &ALQUERQUE_9)
    }

    pub fn side_to_move(&self) -> Side {
        dispatch!(self, g => Playable::side_to_move(g), c => Playable::side_to_move(c))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome(), c => c.outcome())
    }

    /// Turns played so far.
    pub fn ply(&self) -> usize {
        dispatch!(self, g => g.ply(), c => c.ply())
    }

    /// What stands on each point (by point index) after `ply` turns (at most
    /// the turns played).
    pub fn board_at(&self, ply: usize) -> Vec<Option<PieceView>> {
        let geometry = self.geometry();
        dispatch!(self,
            g => {
                let p = &g.positions()[ply.min(g.turns().len())];
                geometry.points().map(|q| draughts_piece(p, q)).collect()
            },
            c => {
                let p = &c.positions()[ply.min(c.turns().len())];
                geometry.points().map(|q| chess_piece(p, q)).collect()
            }
        )
    }

    /// What stands on each point now.
    pub fn board(&self) -> Vec<Option<PieceView>> {
        self.board_at(self.ply())
    }

    pub fn piece_count(&self, side: Side) -> u32 {
        dispatch!(self, g => g.position().pieces(side).count(), c => c.position().pieces(side).count_ones())
    }

    /// The point of the king in check (Chesquerque), for highlighting.
    pub fn king_in_check(&self) -> Option<Point> {
        match self {
            AnyGame::Chesquerque(c) if c.position().in_check() => {
                c.position().king(c.position().side_to_move())
            }
            _ => None,
        }
    }

    /// Every way to enter every legal turn (none once the game is over).
    pub fn entries(&self) -> Vec<Entry> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        match self {
            AnyGame::Alquerque(g) => draughts_entries(g.position(), AnyTurn::Alquerque),
            AnyGame::Turkish(g) => draughts_entries(g.position(), AnyTurn::Turkish),
            AnyGame::Chesquerque(c) => {
                let p = c.position();
                p.legal_moves()
                    .into_iter()
                    .map(|mv| Entry {
                        huff: None,
                        path: alloc::vec![mv.from, mv.to],
                        captured: chess_captured(p, mv),
                        promotion: mv.promotion,
                        turn: AnyTurn::Chesquerque(mv),
                    })
                    .collect()
            }
        }
    }

    /// Whether every legal turn captures (for a "you must capture" prompt).
    pub fn must_capture(&self) -> bool {
        self.must_capture_among(&self.entries())
    }

    /// [`AnyGame::must_capture`] for a caller that already holds this
    /// position's [`AnyGame::entries`].
    pub fn must_capture_among(&self, entries: &[Entry]) -> bool {
        let forced = self
            .rules()
            .is_some_and(|r| r.capturing != crate::rules::Capturing::OptionalWithHuff);
        forced && !entries.is_empty() && entries.iter().all(|e| !e.captured.is_empty())
    }

    /// Plays a legal turn.
    pub fn play(&mut self, turn: AnyTurn) -> Result<(), GameError> {
        match (self, turn) {
            (AnyGame::Alquerque(g), AnyTurn::Alquerque(t)) => g.play(t),
            (AnyGame::Turkish(g), AnyTurn::Turkish(t)) => g.play(t),
            (AnyGame::Chesquerque(c), AnyTurn::Chesquerque(mv)) => c.play(mv),
            _ => Err(GameError::IllegalTurn),
        }
    }

    /// Reads a turn of the current position: draughts notation, or for
    /// Chesquerque the coordinate form or SAN.
    pub fn parse(&self, text: &str) -> Result<AnyTurn, MoveError> {
        match self {
            AnyGame::Alquerque(g) => g.position().parse_turn(text).map(AnyTurn::Alquerque),
            AnyGame::Turkish(g) => g.position().parse_turn(text).map(AnyTurn::Turkish),
            AnyGame::Chesquerque(c) => {
                GamePosition::parse_turn(c.position(), text).map(AnyTurn::Chesquerque)
            }
        }
    }

    /// A turn of the current position in the game's notation (SAN for
    /// Chesquerque).
    pub fn turn_text(&self, turn: AnyTurn) -> String {
        match (self, turn) {
            (AnyGame::Alquerque(g), AnyTurn::Alquerque(t)) => Playable::turn_text(g, t),
            (AnyGame::Turkish(g), AnyTurn::Turkish(t)) => Playable::turn_text(g, t),
            (AnyGame::Chesquerque(c), AnyTurn::Chesquerque(mv)) => Playable::turn_text(c, mv),
            _ => String::new(),
        }
    }

    /// A turn of the current position in the form records use (coordinates
    /// for Chesquerque).
    pub fn turn_coordinates(&self, turn: AnyTurn) -> String {
        match (self, turn) {
            (AnyGame::Chesquerque(c), AnyTurn::Chesquerque(mv)) => c.position().move_text(mv),
            _ => self.turn_text(turn),
        }
    }

    /// The turns played, in the game's notation (SAN for Chesquerque).
    pub fn history(&self) -> Vec<String> {
        dispatch!(self, g => Playable::history(g), c => Playable::history(c))
    }

    /// The turns played in the form records use (coordinates for
    /// Chesquerque).
    pub fn coordinate_history(&self) -> Vec<String> {
        dispatch!(self,
            g => g.turns().iter().zip(g.positions()).map(|(&t, p)| p.turn_coordinates(t)).collect(),
            c => c.turns().iter().zip(c.positions()).map(|(&mv, p)| p.turn_coordinates(mv)).collect()
        )
    }

    /// The points the last turn's piece visited and the points it captured,
    /// for highlighting.
    pub fn last_move(&self) -> Option<(Vec<Point>, Vec<Point>)> {
        match self {
            AnyGame::Alquerque(g) => last_draughts_move(g),
            AnyGame::Turkish(g) => last_draughts_move(g),
            AnyGame::Chesquerque(c) => {
                let mv = *c.turns().last()?;
                let before = &c.positions()[c.turns().len() - 1];
                Some((alloc::vec![mv.from, mv.to], chess_captured(before, mv)))
            }
        }
    }

    /// The point of the piece the last turn huffed, if it huffed one.
    pub fn last_huff(&self) -> Option<Point> {
        match self {
            AnyGame::Alquerque(g) => g.turns().last()?.huff,
            AnyGame::Turkish(g) => g.turns().last()?.huff,
            AnyGame::Chesquerque(_) => None,
        }
    }

    /// Takes back the last turn (or a resignation or agreed draw); false when
    /// there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        let (ply, over) = (self.ply(), self.outcome().is_some());
        dispatch!(self, g => { g.undo(); }, c => { c.undo(); });
        self.ply() != ply || self.outcome().is_some() != over
    }

    pub fn resign(&mut self, loser: Side) -> Result<(), GameError> {
        dispatch!(self, g => g.resign(loser), c => c.resign(loser))
    }

    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        dispatch!(self, g => g.agree_draw(), c => c.agree_draw())
    }

    /// The turn a computer player with `settings` chooses now, or `None`
    /// when there is none. `clock` (seconds from any start) and a limit in
    /// seconds cap the thinking time.
    pub fn computer_turn(
        &self,
        settings: LevelSettings,
        seed: u64,
        clock: Option<(fn() -> f64, f64)>,
    ) -> Option<AnyTurn> {
        self.computer_turn_scored(settings, seed, clock)
            .map(|(turn, _)| turn)
    }

    /// [`AnyGame::computer_turn`] with the search's score of the position
    /// for the side to move.
    pub fn computer_turn_scored(
        &self,
        settings: LevelSettings,
        seed: u64,
        clock: Option<(fn() -> f64, f64)>,
    ) -> Option<(AnyTurn, Score)> {
        self.computer_turn_knowing(settings, seed, clock, None)
    }

    /// [`AnyGame::computer_turn_scored`] by a player that takes `oracle`'s
    /// values of positions of the 5×5 board as exact (endgame tables), and
    /// plays perfectly where it knows them all.
    pub fn computer_turn_knowing(
        &self,
        settings: LevelSettings,
        seed: u64,
        clock: Option<(fn() -> f64, f64)>,
        oracle: Option<crate::search::Oracle<crate::Position<crate::Small>>>,
    ) -> Option<(AnyTurn, Score)> {
        if self.outcome().is_some() {
            return None;
        }
        fn choose<P: crate::search::Searchable>(
            positions: &[P],
            settings: LevelSettings,
            seed: u64,
            clock: Option<(fn() -> f64, f64)>,
            oracle: Option<crate::search::Oracle<P>>,
        ) -> Option<(P::Turn, Score)> {
            let mut player = Player::with_settings(settings, seed);
            if let Some((clock, seconds)) = clock {
                player.set_time_limit(clock, seconds);
            }
            if let Some(oracle) = oracle {
                player.set_oracle(oracle);
            }
            let turn = player.choose(positions)?;
            Some((turn, player.last_score().unwrap_or(Score::ZERO)))
        }
        match self {
            AnyGame::Alquerque(g) => choose(g.positions(), settings, seed, clock, oracle)
                .map(|(t, s)| (AnyTurn::Alquerque(t), s)),
            AnyGame::Turkish(g) => choose(g.positions(), settings, seed, clock, None)
                .map(|(t, s)| (AnyTurn::Turkish(t), s)),
            AnyGame::Chesquerque(c) => choose(c.positions(), settings, seed, clock, None)
                .map(|(t, s)| (AnyTurn::Chesquerque(t), s)),
        }
    }
}

impl From<DraughtsKind> for AnyGame {
    fn from(key: DraughtsKind) -> AnyGame {
        AnyGame::new(GameKind::Draughts(key))
    }
}
