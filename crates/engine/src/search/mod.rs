//! Game-tree search for all six games (anything [`Searchable`]): negamax with alpha-beta pruning,
//! iterative deepening, a transposition table keyed by the positions' Zobrist
//! hashes, move ordering (table move, captures, killer and history
//! heuristics: `ordering`) and a quiescence search over captures. The draw rules
//! (repetition, no progress, Qirkat's both-blocked draw, Turkish material,
//! stalemate, bare kings) are judged inside the tree as in a game.
//!
//! The search is limited by depth and by nodes, never by the clock, so a given
//! budget always gives the same answer; a caller that needs a time limit polls
//! [`Search::stop`] between iterations. Nothing is allocated per node: move
//! lists are kept per ply and reused.

mod alphabeta;
mod depth;
mod level;
mod ordering;
mod score;
mod searchable;
mod tt;

pub use alphabeta::{Limits, Oracle, Report, Search};
pub use depth::{Depth, Ply};
pub use level::{Level, LevelSettings, Player, UnknownLevel};
pub use score::Score;
pub use searchable::{Searchable, Verdict, HISTORY_SIZE};
