//! Online play's server side: games between two players and their
//! spectators, refereed by the same engine the browser uses, stored before
//! anything is acknowledged.
//!
//! [`room`] holds the rules of a live game (who may do what, and the
//! numbered events that follow), [`store`] keeps games and their events in
//! SQLite, [`ids`] makes game ids, seat tokens and join codes, [`hub`]
//! serialises each live game's actions (check, store, apply, announce), and
//! [`web`] speaks HTTP and websockets.

pub mod hub;
pub mod ids;
pub mod room;
pub mod store;
pub mod web;

pub use room::{Context, Room};
pub use store::{GameRow, Store, StoreError};
pub use web::{serve, Config};
