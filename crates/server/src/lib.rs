//! Online play's server side: games between two players and their
//! spectators, refereed by the same engine the browser uses, stored before
//! anything is acknowledged.
//!
//! The rules of a live game (who may do what, and the numbered events that
//! follow) are `protocol::Room`, shared with the browser. [`store`] keeps games and their events in
//! SQLite, [`ids`] makes game ids, seat tokens and join codes, [`hub`]
//! serialises each live game's actions (check, store, apply, announce), and
//! [`web`] speaks HTTP and websockets.

pub mod hub;
pub mod ids;
pub mod store;
pub mod web;

pub use protocol::{Context, Room};
pub use store::{GameRow, Store, StoreError};
pub use web::{serve, Config};
