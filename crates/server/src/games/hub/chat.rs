//! Chat: a player's message reaches both players, a spectator's the
//! spectators, on every process that holds the game; a player who muted or
//! blocked the speaker does not hear it (the speaker still sees their own
//! line). Each line is kept for the moderators by the process it came in
//! through, where the limits (length, pace) are checked too.

use engine::Side;
use online_play::{side_of, Phrase, Role, ServerMessage};

use super::{lock, Hub};
use crate::games::live::{Audience, Live};

/// What is said: free text (checked by the caller), or a set phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Text(String),
    Phrase(Phrase),
}

impl Said {
    /// The message that carries it.
    fn message(self, from: Role) -> ServerMessage {
        match self {
            Said::Text(text) => ServerMessage::Chat {
                from,
                text,
                phrase: None,
            },
            Said::Phrase(phrase) => ServerMessage::Chat {
                from,
                text: String::new(),
                phrase: Some(phrase),
            },
        }
    }

    /// As one line between processes: a phrase by its name after a
    /// character no checked text holds (control characters become spaces).
    pub fn to_line(&self) -> String {
        match self {
            Said::Text(text) => text.clone(),
            Said::Phrase(phrase) => format!("\u{1}{}", phrase.as_str()),
        }
    }

    /// Read back from [`Said::to_line`].
    pub fn from_line(line: &str) -> Option<Said> {
        match line.strip_prefix('\u{1}') {
            Some(name) => Phrase::from_name(name).map(Said::Phrase),
            None => Some(Said::Text(line.to_string())),
        }
    }
}

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
    pub async fn chat(&self, game: &str, live: &Live, from: Role, said: Said) {
        // Kept for the moderators, by the process it was said through.
        let side = match from {
            Role::White => "white",
            Role::Black => "black",
            Role::Spectator => "spectator",
        };
        let kept = self
            .db
            .keep_chat(game, self.time.now(), side, &said.to_line())
            .await;
        if let Err(e) = kept {
            tracing::warn!(game, error = %e, "chat not kept");
        }
        if self.is_shared() {
            if let Err(e) = self
                .db
                .tell_chat(&self.process, game, from, &said.to_line())
                .await
            {
                tracing::warn!(game, error = %e, "chat not passed on");
            }
        }
        live.send(self.hearers(live, from).await, said.message(from));
    }

    /// A chat message said through another process.
    pub async fn chat_elsewhere(&self, process: &str, game: &str, from: Role, line: &str) {
        if process == self.process {
            return;
        }
        let Some(said) = Said::from_line(line) else {
            return;
        };
        let live = lock(&self.live).get(game).cloned();
        if let Some(live) = live {
            live.send(self.hearers(&live, from).await, said.message(from));
        }
    }

    /// Whether a moderator has muted the account that holds `from`'s seat
    /// (a failed store lets the line through: chat is not worth a refusal
    /// the player cannot act on).
    pub async fn muted(&self, live: &Live, from: Role) -> bool {
        let Some(side) = side_of(from) else {
            return false;
        };
        let [white, black] = seat_accounts(live).await;
        let Some(speaker) = (if side == Side::White { white } else { black }) else {
            return false;
        };
        self.db
            .sanction_of(&speaker, crate::safety::moderation::MUTED, self.time.now())
            .await
            .is_ok_and(|found| found.is_some())
    }

    /// Who hears `from`: its audience, less the other player when that
    /// player has muted or blocked the speaker's account.
    async fn hearers(&self, live: &Live, from: Role) -> Audience {
        let Some(side) = side_of(from) else {
            return audience(from);
        };
        let [white, black] = seat_accounts(live).await;
        let (speaker, listener) = match side {
            Side::White => (white, black),
            Side::Black => (black, white),
        };
        if let (Some(speaker), Some(listener)) = (speaker, listener) {
            if self.db.silences(&listener, &speaker).await.unwrap_or(false) {
                return Audience::Player(side);
            }
        }
        audience(from)
    }
}

/// The accounts that play White and Black, when known (games paired in
/// the lobby).
async fn seat_accounts(live: &Live) -> [Option<String>; 2] {
    live.state.lock().await.row.players.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_said_crosses_processes_as_one_line_and_back() {
        for said in [
            Said::Text("well: played".into()),
            Said::Phrase(Phrase::GoodLuck),
            Said::Phrase(Phrase::WellPlayed),
        ] {
            assert_eq!(Said::from_line(&said.to_line()), Some(said.clone()));
        }
        // An unknown phrase is dropped, not shown as text.
        assert_eq!(Said::from_line("\u{1}checkmate"), None);
        // Text cannot pass for a phrase: checked text has no control character.
        let typed = online_play::chat_text("\u{1}good_luck").expect("text");
        assert_eq!(Said::from_line(&typed), Some(Said::Text(typed.clone())));
    }
}
