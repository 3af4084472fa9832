//! Meeting other players: seeks posted and accepted ([`seeks`],
//! [`routes`]), challenges to one player ([`challenges`]), quick pairing ([`quick`]), rated play kept fair between
//! accounts ([`fair_play`]), and the lists pushed to the pages that follow
//! them ([`feed`], [`socket`]).

pub(crate) mod challenges;
pub mod fair_play;
pub(crate) mod feed;
pub(crate) mod follows;
pub(crate) mod quick;
pub(crate) mod routes;
pub mod seeks;
pub(crate) mod socket;
