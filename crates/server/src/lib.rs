//! Online play's server side: games between two players and their
//! spectators, refereed by the same engine the browser uses, stored before
//! anything is acknowledged.
//!
//! The rules of a live game (who may do what, and the numbered events that
//! follow) are `online_play::Room`, shared with the browser.
//!
//! - [`store`] keeps games and their events in SQLite, [`postgres`] in
//!   PostgreSQL, and [`db`] puts either behind the same async calls;
//!   [`schema`] refuses a database that is not this server's.
//! - [`ids`] makes game ids, seat tokens and join codes.
//! - [`accounts`] checks usernames, and hashes passwords and session
//!   tokens, and [`users`] keeps accounts and sessions in either store,
//!   [`devices`] the browsers each account signed in from;
//!   [`ratings`] rates players (Glicko-2), and [`fair_play`] keeps rated
//!   play between players apart and waits abandoners out.
//! - [`live`] holds a game in memory and addresses what it sends; [`hub`]
//!   lets connections into games and serialises each game's actions
//!   (check, store, apply, announce).
//! - [`limits`] keeps per-address allowances; [`listen`] accepts
//!   connections within caps and deadlines.
//! - [`lag`] measures a game socket's lag with the server's own pings.
//! - [`web`] speaks HTTP, [`site`] serves the web app's files and
//!   [`socket`] carries the game socket's frames.

pub mod accounts;
pub mod db;
pub mod devices;
pub mod fair_play;
pub mod hub;
pub mod ids;
pub mod lag;
pub mod limits;
pub mod listen;
pub mod live;
pub mod players;
pub mod postgres;
pub mod ratings;
pub mod schema;
pub mod seeks;
pub mod site;
pub mod socket;
pub mod standings;
pub mod store;
pub mod time;
pub mod users;
pub mod web;

pub use online_play::{Context, Room};
pub use store::{GameRow, Store, StoreError};
pub use web::{serve, Config};
