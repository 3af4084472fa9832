//! Keeping players safe: the chat of each game as it was said, kept for the
//! moderators ([`store`]), and the reports players make ([`routes`]).

pub mod routes;
pub mod store;
