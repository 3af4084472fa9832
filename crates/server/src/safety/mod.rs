//! Keeping players safe: the chat of each game as it was said, kept for the
//! moderators ([`store`]), the reports players make ([`routes`]), and the
//! players each has muted or blocked ([`relations`]), and the moderators
//! who handle the reports ([`moderation`]), and what players are told of
//! it ([`notices`]).

pub mod effects;
pub mod engine_use;
pub mod flags;
pub mod moderation;
pub mod moderation_routes;
pub mod notices;
pub mod relations;
pub mod routes;
pub mod store;
