//! Tournaments: arenas and Swiss events, made by players or by the site's
//! schedule, directed by one process at a time.
//!
//! - [`rows`] and [`store`]: what is kept, on either store; a director's
//!   changes are fenced by its lease.
//! - [`director`]: each process directs the tournaments whose lease it
//!   holds: records endings, pairs waves and rounds, ends them. The rules
//!   are `alquerque_tournament`'s.
//! - [`view`]: a tournament's page, worked out once per change and shared
//!   by every page that follows it.
//! - [`routes`]: making, listing, joining, pausing and withdrawing.
//! - [`schedule`]: the site's recurring tournaments, from the operator's
//!   file.

pub mod director;
pub mod routes;
pub mod rows;
pub mod schedule;
pub mod store;
pub mod view;
