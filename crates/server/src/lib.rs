//! Online play's server side: games between two players and their
//! spectators, refereed by the same engine the browser uses, stored before
//! anything is acknowledged.
//!
//! The rules of a live game (who may do what, and the numbered events that
//! follow) are `online_play::Room`, shared with the browser.
//!
//! One folder per domain, each with its types, its storage (a trait
//! implemented for SQLite and for PostgreSQL) and its routes:
//!
//! - [`games`]: live games. [`games::live`] holds one in memory and
//!   addresses what it sends, [`games::hub`] lets connections in and
//!   serialises each game's actions (check, store, apply, announce),
//!   [`games::socket`] carries the game socket's frames and [`games::lag`]
//!   measures its lag; the games in play for the Watch screen.
//! - [`lobby`]: seeks, quick pairing, fair play between accounts, and the
//!   lists pushed to open pages.
//! - [`accounts`]: usernames, password and session hashing, accounts and
//!   sessions ([`accounts::users`]), the browsers each signed in from
//!   ([`accounts::devices`]), and their routes.
//! - [`ratings`]: Glicko-2, where ratings are kept, players' pages and
//!   leaderboards.
//! - [`safety`]: the chat of each game kept for the moderators, and the
//!   reports players make.
//! - [`storage`]: SQLite ([`storage::sqlite`]) and PostgreSQL
//!   ([`storage::postgres`]) behind one handle ([`storage::Db`]), their
//!   migrations checked at start ([`storage::schema`]).
//! - [`http`]: the server itself: routes, errors, per-address limits,
//!   accepting connections within caps and deadlines, and the web app's
//!   files.
//! - [`metrics`]: the process's figures for the operator (`/metrics`);
//!   [`storage::health`] says whether the store answers (`/health`), and
//!   [`storage::backup`] copies a SQLite store while the server runs.
//! - [`tournaments`]: arenas and Swiss events, their store, their
//!   director (one process at a time), their pages and the site's
//!   schedule.
//! - [`push`]: Web Push, calling signed-in players back in the browsers
//!   they turned notifications on in.
//! - [`ids`] makes game ids, seat tokens and join codes; [`time`] is the
//!   clock everything is reckoned by.

pub mod accounts;
pub mod bots;
pub mod games;
pub mod http;
pub mod ids;
pub mod lobby;
pub mod metrics;
pub mod push;
pub mod ratings;
pub mod safety;
pub mod storage;
pub mod time;
pub mod tournaments;

pub use http::{serve, Config};
pub use online_play::{Context, Room};
pub use storage::sqlite::{GameRow, Store, StoreError};
