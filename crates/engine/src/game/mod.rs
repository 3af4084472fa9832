//! Games: the start position, the turns played, undo and redo, and the
//! outcome with its reason, for both families behind one trait.
//!
//! [`History`] is the one shell; [`Game`] (the draughts family) and
//! [`crate::chesquerque::ChessGame`] are that shell around their positions, and
//! [`crate::AnyGame`] chooses between them at run time. All three are
//! [`Playable`]. How the search sees the draughts family (its
//! [`crate::search::Searchable`] impl and evaluation) is `searching`.

mod draughts;
mod history;
mod outcome;
mod playable;
mod searching;

pub(crate) use draughts::material_outcome;
pub use draughts::Game;
pub use history::History;
pub use outcome::{DrawReason, GameError, Outcome, WinReason};
pub use playable::{GamePosition, Playable};
pub use searching::evaluate;
