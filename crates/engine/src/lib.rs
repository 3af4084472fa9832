//! The rules of the Alquerque family of games: board geometry, rule sets as
//! data, positions, legal move generation, notation, games and records.
//!
//! The crate is `#![no_std]` and needs only `alloc`, so the same code runs
//! natively (command line, server) and in the browser. The `std` feature adds
//! `std::error::Error` implementations.
//!
//! Data flow: text → [`Setup`] → [`Position`] (validated) →
//! [`Position::legal_turns`] → [`Position::play_turn`]. A game of either
//! family ([`Game`], [`chesquerque::ChessGame`], or [`AnyGame`] chosen at run time)
//! is the one shell [`History`] and answers the same verbs, [`Playable`].
//!
//! A game chosen at run time, from the start to its end:
//!
//! ```
//! use engine::{AnyGame, Outcome, Side};
//!
//! // A game by its key; a record line may also carry options and moves.
//! let mut game = AnyGame::from_record_line("classic").expect("a game");
//! assert_eq!(game.side_to_move(), Side::White);
//! // White's four first turns all go into the centre.
//! let turns: Vec<String> = game
//!     .entries()
//!     .iter()
//!     .map(|entry| game.turn_text(entry.turn))
//!     .collect();
//! assert_eq!(turns.len(), 4);
//! assert!(turns.contains(&"c2-c3".to_string()));
//! // Turns are played by their text; an illegal one is refused.
//! assert!(game.parse("c2-c4").is_err());
//! game.play(game.parse("c2-c3").expect("legal")).expect("played");
//! game.play(game.parse("c4xc2").expect("a forced capture")).expect("played");
//! assert_eq!(game.ply(), 2);
//! assert_eq!(game.to_record_line(), "classic moves c2-c3 c4xc2");
//! // Playing the first turn offered until the game ends always ends it.
//! while game.outcome().is_none() {
//!     let first = game.entries()[0].turn;
//!     game.play(first).expect("a legal turn");
//! }
//! assert!(matches!(
//!     game.outcome(),
//!     Some(Outcome::Win { .. } | Outcome::Draw { .. })
//! ));
//! ```
#![no_std]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod any_game;
pub mod bitboard;
pub mod board_setup;
pub mod book;
pub mod chesquerque;
pub mod game;
pub mod geometry;
pub mod kind;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod record;
pub mod review;
pub mod rules;
pub mod search;
pub mod setup;
pub mod side;
pub mod text;
mod zobrist;

pub use any_game::{
    Analyser, Analysis, AnyGame, AnyTurn, Candidate, Entry, PieceKind, PieceView, RecordLineError,
    SmallOracle,
};
pub use bitboard::Bits;
pub use game::{DrawReason, Game, GameError, GamePosition, History, Outcome, Playable, WinReason};
pub use geometry::{Dir, DirSet, Geometry, Point};
pub use kind::{DraughtsKind, GameKind};
pub use movegen::Chains;
pub use notation::MoveError;
pub use perft::{perft, Perft};
pub use position::{Move, Piece, Position, Role, Turn};
pub use record::{record_game, Record, RecordError};
pub use rules::Rules;
pub use setup::Setup;
pub use side::{BySide, Side};
pub use text::PositionError;

/// The bitboard type of the 5×5 boards: `u32` with the feature `fast`.
/// Without it they use the 8×8 boards' `u64`, so the page's module holds
/// one copy of the draughts code instead of two.
#[cfg(feature = "fast")]
pub type Small = u32;
/// The bitboard type of the 5×5 boards: `u32` with the feature `fast`.
/// Without it they use the 8×8 boards' `u64`, so the page's module holds
/// one copy of the draughts code instead of two.
#[cfg(not(feature = "fast"))]
pub type Small = u64;

/// Runs `$body` with `$B` naming the bitboard type that fits the board of
/// `$rules` ([`Small`] for 5 × 5, `u64` for 8 × 8): the one place where a
/// rule set chosen at run time meets the generic code.
#[macro_export]
macro_rules! with_bits {
    ($rules:expr, $B:ident => $body:expr) => {
        if $rules.geometry.len() <= 32 {
            type $B = $crate::Small;
            $body
        } else {
            type $B = u64;
            $body
        }
    };
}
