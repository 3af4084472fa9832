//! Game records: tags, then the turns, then the result.
//!
//! ```text
//! [Game "classic"]
//! [White "Ann"]
//! [Black "Ben"]
//! [Result "1-0"]
//! [Termination "no legal move"]
//!
//! 1. d3-c3 b3xd3 2. e2xc4 …  1-0
//! ```
//!
//! `Game` names the game key; `Option` tags (`[Option "no_return=off"]`) change
//! a rule option; `Position` gives a start other than the usual one. Move
//! numbers are optional on import; `{…}` comments are skipped. On import the
//! turns are replayed and checked; a `Result` that no rule explains is taken as
//! a resignation (decisive) or an agreed draw.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::bitboard::Bits;
use crate::game::{Game, GameError};
use crate::kind::DraughtsKind;
use crate::notation::{split_turns, MoveError};
use crate::position::Position;
use crate::side::Side;
use crate::text::PositionError;

/// A game with its players' names. `B` is the bitboard type of the game's
/// board (see [`crate::with_bits`]).
#[derive(Clone, Debug)]
pub struct Record<B: Bits> {
    pub white: String,
    pub black: String,
    pub game: Game<B>,
}

/// What is wrong with a record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// A tag line that is not `[Name "value"]`.
    BadTag {
        line: usize,
    },
    /// No `Game` tag, or one naming no game.
    UnknownGame,
    /// An `Option` tag the game does not have.
    BadOption(String),
    BadPosition(PositionError),
    /// Turn `number` (from 1) cannot be played.
    BadTurn {
        number: usize,
        text: String,
        error: MoveError,
    },
    /// The record goes on after the game ended.
    MovesAfterEnd {
        number: usize,
    },
    /// A `Result` tag that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    BadResult,
    /// The result contradicts the outcome the moves reach.
    ResultMismatch,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::BadTag { line } => write!(f, "line {line}: expected [Name \"value\"]"),
            RecordError::UnknownGame => f.write_str("missing or unknown [Game \"…\"] tag"),
            RecordError::BadOption(o) => write!(f, "unknown rule option {o:?}"),
            RecordError::BadPosition(e) => write!(f, "bad start position: {e}"),
            RecordError::BadTurn {
                number,
                text,
                error,
            } => write!(f, "turn {number} ({text}): {error}"),
            RecordError::MovesAfterEnd { number } => {
                write!(f, "turn {number} comes after the end of the game")
            }
            RecordError::BadResult => f.write_str("the result must be 1-0, 0-1, 1/2-1/2 or *"),
            RecordError::ResultMismatch => {
                f.write_str("the result does not match how the moves end the game")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for RecordError {}

fn unquote(value: &str) -> Option<String> {
    let inner = value.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '"' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

/// A record's text split into its tags (`[Name "value"]` lines, in order)
/// and its movetext; the number of the first line (from 1) that looks like
/// a tag and is not one.
pub fn split_record(text: &str) -> Result<(Vec<(String, String)>, String), usize> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(tag) = trimmed.strip_prefix('[') {
            let (name, value) = tag
                .strip_suffix(']')
                .and_then(|tag| tag.split_once(' '))
                .and_then(|(name, value)| Some((name, unquote(value.trim())?)))
                .ok_or(i + 1)?;
            tags.push((name.to_string(), value));
        } else {
            movetext.push_str(trimmed);
            movetext.push(' ');
        }
    }
    Ok((tags, movetext))
}

/// The turns of a movetext, separated by spaces, without `{…}` comments
/// and move numbers (`12.`, `12...`); and the result that ends it, if any.
pub fn movetext_turns(movetext: &str) -> (String, Option<&'static str>) {
    let mut words = String::new();
    let mut depth = 0usize;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            c if depth == 0 => words.push(c),
            _ => {}
        }
    }
    let mut words: Vec<&str> = words
        .split_ascii_whitespace()
        .filter(|w| {
            let number = w.trim_end_matches('.');
            !(w.ends_with('.') && number.chars().all(|c| c.is_ascii_digit()))
        })
        .collect();
    let result = words.last().and_then(|last| {
        ["1-0", "0-1", "1/2-1/2", "*"]
            .into_iter()
            .find(|r| r == last)
    });
    if result.is_some() {
        words.pop();
    }
    (words.join(" "), result)
}

fn quote(value: &str) -> String {
    let mut out = String::from("\"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        if !c.is_control() {
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// The game key a record names in its `Game` tag, to choose the record's
/// bitboard type before reading it.
pub fn record_game(text: &str) -> Option<DraughtsKind> {
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("[Game "))
        .find_map(|rest| unquote(rest.strip_suffix(']')?.trim())?.parse().ok())
}

impl<B: Bits> Record<B> {
    pub fn new(game: Game<B>) -> Record<B> {
        Record {
            white: String::from("?"),
            black: String::from("?"),
            game,
        }
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let game = &self.game;
        let rules = game.rules();
        let result = game.outcome().map_or("*", |o| o.result_text());
        let _ = writeln!(out, "[Game {}]", quote(rules.key.as_str()));
        for (name, value) in rules.changed_options() {
            let _ = writeln!(out, "[Option \"{name}={value}\"]");
        }
        let _ = writeln!(out, "[White {}]", quote(&self.white));
        let _ = writeln!(out, "[Black {}]", quote(&self.black));
        let _ = writeln!(out, "[Result \"{result}\"]");
        if let Some(outcome) = game.outcome() {
            let _ = writeln!(out, "[Termination \"{}\"]", outcome.reason_text());
        }
        if *game.start() != Position::start(rules) {
            let _ = writeln!(out, "[Position \"{}\"]", game.start().to_text());
        }
        out.push('\n');
        let mut line = String::new();
        for (i, (turn, position)) in game.turns().iter().zip(game.positions()).enumerate() {
            let mut word = String::new();
            if position.side_to_move() == Side::White || i == 0 {
                let number = i / 2 + 1;
                let dots = if position.side_to_move() == Side::White {
                    "."
                } else {
                    "..."
                };
                let _ = write!(word, "{number}{dots} ");
            }
            word.push_str(&position.turn_text(*turn));
            if !line.is_empty() && line.len() + word.len() > 78 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(result);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads a record and replays its turns.
    pub fn from_text(text: &str) -> Result<Record<B>, RecordError> {
        let (tags, movetext) = split_record(text).map_err(|line| RecordError::BadTag { line })?;
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let key: DraughtsKind = tag("Game")
            .and_then(|k| k.parse().ok())
            .ok_or(RecordError::UnknownGame)?;
        let mut rules = key.rules();
        for (_, option) in tags.iter().filter(|(n, _)| n == "Option") {
            let bad = || RecordError::BadOption(option.clone());
            let (name, value) = option.split_once('=').ok_or_else(bad)?;
            rules = rules.with_option(name, value).map_err(|_| bad())?;
        }
        let start = Position::from_text(rules, tag("Position").unwrap_or(rules.start))
            .map_err(RecordError::BadPosition)?;
        let mut game = Game::from_position(start);
        let (turns, result_word) = movetext_turns(&movetext);
        for (i, text) in split_turns(&turns).into_iter().enumerate() {
            let number = i + 1;
            if game.is_over() {
                return Err(RecordError::MovesAfterEnd { number });
            }
            let turn = game
                .position()
                .parse_turn(&text)
                .map_err(|error| RecordError::BadTurn {
                    number,
                    text: text.clone(),
                    error,
                })?;
            game.play(turn).map_err(|e| match e {
                GameError::Finished => RecordError::MovesAfterEnd { number },
                GameError::IllegalTurn => RecordError::BadTurn {
                    number,
                    text: text.clone(),
                    error: MoveError::Illegal,
                },
            })?;
        }
        let result = tag("Result").or(result_word).unwrap_or("*");
        if result_word.is_some_and(|w| w != result) {
            return Err(RecordError::ResultMismatch);
        }
        apply_result(&mut game, result)?;
        Ok(Record {
            white: tag("White").unwrap_or("?").to_string(),
            black: tag("Black").unwrap_or("?").to_string(),
            game,
        })
    }
}

/// Checks a written result against the game, or declares it when no rule
/// ended the game.
fn apply_result<B: Bits>(game: &mut Game<B>, result: &str) -> Result<(), RecordError> {
    let written = match result {
        "1-0" => Some(Some(Side::White)),
        "0-1" => Some(Some(Side::Black)),
        "1/2-1/2" => Some(None),
        "*" => None,
        _ => return Err(RecordError::BadResult),
    };
    match (game.outcome(), written) {
        (None, None) => Ok(()),
        (Some(outcome), Some(_)) if outcome.result_text() == result => Ok(()),
        (None, Some(Some(winner))) => game
            .resign(winner.other())
            .map_err(|_| RecordError::ResultMismatch),
        (None, Some(None)) => game.agree_draw().map_err(|_| RecordError::ResultMismatch),
        _ => Err(RecordError::ResultMismatch),
    }
}
