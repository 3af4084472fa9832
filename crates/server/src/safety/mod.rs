//! Keeping players safe: the chat of each game as it was said, kept for the
//! moderators ([`store`]), the reports players make ([`routes`]), and the
//! players each has muted or blocked ([`relations`]), and the moderators
//! who handle the reports ([`moderation`]).

pub mod moderation;
pub mod moderation_routes;
pub mod relations;
pub mod routes;
pub mod store;
