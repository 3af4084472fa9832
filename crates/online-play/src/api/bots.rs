//! The bot API: an account upgraded to a bot (for good) plays by program.
//! With its token (`Authorization: Bearer <token>` on every request and
//! socket) it follows the challenges made to it and its games over the bot
//! socket, accepts or declines them there, and plays each game over the
//! game socket as any player does, its account holding the seat.

use serde::{Deserialize, Serialize};

use super::{Challenge, DeclineReason, Endpoint, Refusal};

/// Upgrades the signed-in account to a bot ([`super::Password`]), or gives
/// a bot a new token: [`BotToken`].
pub const BOT_UPGRADE: Endpoint = Endpoint::post("/api/account/bot");
/// A bot's socket: it is sent [`BotEvent`]s and sends [`BotCommand`]s.
pub const BOT_SOCKET: Endpoint = Endpoint::get("/api/bot/socket");

/// A bot's token, for its requests and sockets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotToken {
    pub token: String,
}

/// What a bot's socket sends: each open challenge made to the bot once,
/// each of its games in play once (the game to play), and a refusal of one
/// of its commands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    Challenge { challenge: Challenge },
    Game { game: String },
    Refused { challenge: String, refusal: Refusal },
}

/// What a bot says on its socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotCommand {
    Accept {
        challenge: String,
    },
    Decline {
        challenge: String,
        #[serde(default)]
        reason: DeclineReason,
    },
}
