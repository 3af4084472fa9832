//! Muting and blocking: a signed-in player mutes another's chat, or blocks
//! them (no chat either way, no pairing, no accepting each other's seeks).
//! Both lists are kept on the account, and each can be undone.

use serde::{Deserialize, Serialize};

use super::Endpoint;

/// The signed-in player's muted and blocked players: [`Relations`].
pub const RELATIONS: Endpoint = Endpoint::get("/api/relations");
/// Mutes or blocks a player, or undoes it ([`RelationChange`]): [`Relations`].
pub const RELATE: Endpoint = Endpoint::post("/api/relations");

/// What a player does about another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RelationKind {
    /// Their chat is not shown.
    Mute,
    /// Their chat is not shown, and they are never paired with the player.
    Block,
}

/// A mute or a block, set (`on`) or undone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelationChange {
    pub player: String,
    pub kind: RelationKind,
    pub on: bool,
}

/// The players one has muted and blocked (usernames as keys), oldest
/// first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relations {
    pub muted: Vec<String>,
    pub blocked: Vec<String>,
}
