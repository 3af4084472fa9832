//! Chat: a player's message reaches both players, a spectator's the
//! spectators, on every process that holds the game. Nothing is stored;
//! the limits (length, pace) are checked where the message came in.

use online_play::{Role, ServerMessage};

use super::{lock, Hub};
use crate::games::live::{Audience, Live};

/// Who hears a message said by `from`.
fn audience(from: Role) -> Audience {
    match from {
        Role::Spectator => Audience::Spectators,
        Role::White | Role::Black => Audience::Players,
    }
}

impl Hub {
    /// Passes on a chat message said in `game` by `from` (checked by the
    /// caller), here and to the other processes (a failure to reach them
    /// is logged).
    pub async fn chat(&self, game: &str, live: &Live, from: Role, text: String) {
        if self.is_shared() {
            if let Err(e) = self.db.tell_chat(&self.process, game, from, &text).await {
                tracing::warn!(game, error = %e, "chat not passed on");
            }
        }
        live.send(audience(from), ServerMessage::Chat { from, text });
    }

    /// A chat message said through another process.
    pub fn chat_elsewhere(&self, process: &str, game: &str, from: Role, text: String) {
        if process == self.process {
            return;
        }
        if let Some(live) = lock(&self.live).get(game) {
            live.send(audience(from), ServerMessage::Chat { from, text });
        }
    }
}
