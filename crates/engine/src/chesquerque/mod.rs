//! Chesquerque: chess on the 9 × 9 Alquerque board (docs/rules.md,
//! "Chesquerque").
//!
//! How a piece moves depends on the point it stands on: a diagonal point has
//! the diagonal lines, the others only the orthogonal ones. The board's
//! neighbour tables already know which lines leave each point, so most moves
//! are written once for every point: a king steps along any line that leaves
//! its point, a queen slides along them, and so on.

mod fen;
mod game;
mod movegen;
mod notation;
mod position;
mod san;
mod searching;

pub use fen::{FenError, START};
pub use game::{ChessGame, FIFTY_MOVES};
pub use movegen::chess_perft;
pub use position::{ChessMove, ChessPosition, Role};
pub use searching::{chess_value, evaluate_chess};
