//! Live games: one held in memory and what it sends ([`live`]), the hub
//! that lets connections in and serialises each game's actions ([`hub`]),
//! the game socket's frames ([`socket`]) and lag ([`lag`]), and the games
//! in play as the Watch screen lists them ([`in_play`]), and where games
//! are kept ([`store`]).

pub mod hub;
pub(crate) mod in_play;
pub mod lag;
pub mod live;
pub mod socket;
pub mod store;
