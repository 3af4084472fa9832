//! Following players: a signed-in player follows others (never one of
//! those they blocked or who blocked them) and sees whether each is on the
//! site and playing, watches their game in one press, and challenges them.

use serde::{Deserialize, Serialize};

use super::Endpoint;

/// The players the signed-in player follows: [`Follows`].
pub const FOLLOWS: Endpoint = Endpoint::get("/api/follows");
/// Follows a player, or stops ([`FollowChange`]): [`Follows`].
pub const FOLLOW: Endpoint = Endpoint::post("/api/follows");

/// A follow, set (`on`) or undone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowChange {
    pub player: String,
    pub on: bool,
}

/// A player followed, as now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Followed {
    pub name: String,
    #[serde(default)]
    pub bot: bool,
    /// On a page of the site lately, or playing.
    pub online: bool,
    /// A game of theirs in play, to watch.
    #[serde(default)]
    pub playing: Option<String>,
}

/// The players one follows, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Follows {
    pub players: Vec<Followed>,
}
