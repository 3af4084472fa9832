//! Keeping players safe: the chat of each game as it was said, kept for the
//! moderators ([`store`]), the reports players make ([`routes`]), and the
//! players each has muted or blocked ([`relations`]).

pub mod relations;
pub mod routes;
pub mod store;
