//! The page inside another site's `<iframe>`: starting the game the URL
//! asks for, the essential controls only, and the `postMessage` API (see
//! docs/embedding.md). Messages are checked by [`crate::embed`]; only the
//! page's own origin and the configured host are listened to.

use js_sys::JSON;

use super::*;
use crate::embed::{read_request, Embed, HostError, HostRequest, Opponent, State};
use crate::online::Seat;

/// The local mode an embedding asks for (`None` for online play).
pub(super) fn local_mode(embed: &Embed) -> Option<Mode> {
    Some(match &embed.opponent {
        Opponent::Computer(level) => Mode::Computer {
            level: *level,
            human: embed.side,
        },
        Opponent::Friend => Mode::Friend,
        Opponent::Watch => Mode::Watch {
            level: Level::Medium,
            delay_ms: 900,
        },
        Opponent::Join(_) | Opponent::Spectate(_) => return None,
    })
}

impl App {
    /// Starts as the embedding URL says: its saved game if it is the same
    /// game, else a new one.
    pub(super) fn start_embedded(&mut self, embed: Embed, saved: Option<String>) {
        if let Some(body) = self.document.body() {
            let _ = body.set_attribute("data-embed", "true");
            let _ = body.set_attribute("data-theme", embed.theme);
        }
        self.set_hidden("rules-button", !embed.rules);
        self.set_hidden("prefs", !embed.settings);
        self.choice = embed.game;
        let seat = match &embed.opponent {
            Opponent::Join(code) => Some(
                self.storage
                    .as_ref()
                    .and_then(|s| s.get_item(online::ONLINE_KEY).ok().flatten())
                    .and_then(|t| Seat::from_text(&t))
                    .filter(|s| s.token.is_some() && !s.creator)
                    .unwrap_or_else(|| Seat::joining(code.clone())),
            ),
            Opponent::Spectate(id) => Some(Seat::watching(id.clone())),
            _ => None,
        };
        let mode = local_mode(&embed);
        self.embed = Some(embed);
        if let Some(seat) = seat {
            self.enter_online(seat);
            return;
        }
        let restored = saved
            .and_then(|text| Session::from_save(&text).ok())
            .filter(|s| s.game.variant() == self.choice);
        match (restored, mode) {
            (Some(session), _) => self.session = Some(session),
            (None, Some(mode)) => {
                let seed = new_seed();
                self.session = Some(Session::new(self.choice, mode, seed));
            }
            (None, None) => {}
        }
        self.show("game");
    }

    /// Whether a message from `origin` may be read: the page's own origin,
    /// or the host the embedding URL names.
    fn trusted(&self, origin: &str) -> bool {
        let own = self.window.location().origin().unwrap_or_default();
        origin == own
            || self
                .embed
                .as_ref()
                .and_then(|e| e.host.as_deref())
                .is_some_and(|host| host == origin)
    }

    /// A message posted to this page. Anything from elsewhere is ignored;
    /// anything malformed is answered with an error, and changes nothing.
    pub(super) fn host_message(&mut self, event: &MessageEvent) {
        if self.embed.is_none() || !self.trusted(&event.origin()) {
            return;
        }
        let data = event.data();
        let text = data
            .as_string()
            .or_else(|| JSON::stringify(&data).ok().and_then(|s| s.as_string()))
            .unwrap_or_default();
        let reply = match read_request(&text) {
            Ok(HostRequest::GetState) => self.state_message("alquerque:state"),
            Ok(HostRequest::NewGame {
                game,
                opponent,
                side,
            }) => match self.host_new_game(game, opponent, side) {
                Ok(()) => self.state_message("alquerque:started"),
                Err(e) => error_message(&e),
            },
            Err(e) => error_message(&e),
        };
        if let (Some(reply), Some(source)) = (reply, event.source()) {
            // The host's window belongs to another realm, so `instanceof`
            // checks fail on it; it is a window (or a port) all the same.
            let source: Window = source.unchecked_into();
            let _ = source.post_message(&reply, &event.origin());
        }
    }

    fn host_new_game(
        &mut self,
        game: Option<Variant>,
        opponent: Option<Opponent>,
        side: Option<Side>,
    ) -> Result<(), HostError> {
        let Some(embed) = self.embed.as_mut() else {
            return Ok(());
        };
        if let Some(game) = game {
            embed.game = game;
        }
        if let Some(opponent) = opponent {
            embed.opponent = opponent;
        }
        if let Some(side) = side {
            embed.side = side;
        }
        let Some(mode) = local_mode(embed) else {
            return Err(HostError {
                code: "invalid",
                message: "online games start from the embedding URL".to_string(),
            });
        };
        self.choice = embed.game;
        let seed = new_seed();
        // The host asked: no confirmation.
        self.adopt(Session::new(self.choice, mode, seed));
        self.reported.set(None);
        self.report_to_host();
        Ok(())
    }

    fn state(&self) -> Option<State> {
        self.session.as_ref().map(|s| State::of(&s.game))
    }

    fn state_message(&self, kind: &str) -> Option<JsValue> {
        let state = self.state()?;
        message(&serde_json::json!({ "type": kind, "state": state }))
    }

    /// Posts an event to the host page (its configured origin, or this
    /// page's own).
    fn post_to_host(&self, value: &serde_json::Value) {
        let Some(embed) = &self.embed else {
            return;
        };
        let Ok(Some(parent)) = self.window.parent() else {
            return;
        };
        let target = embed
            .host
            .clone()
            .unwrap_or_else(|| self.window.location().origin().unwrap_or_default());
        if let Some(message) = message(value) {
            let _ = parent.post_message(&message, &target);
        }
    }

    pub(super) fn report_ready(&self) {
        if self.embed.is_none() {
            return;
        }
        if let Some(state) = self.state() {
            self.post_to_host(&serde_json::json!({ "type": "alquerque:ready", "state": state }));
            let over = state.result.is_some();
            self.reported.set(Some((state.moves.len(), over)));
        }
    }

    /// Tells the host what changed since the last report: moves, whose turn
    /// it is, the end of the game.
    pub(super) fn report_to_host(&self) {
        let (Some(_), Some(session)) = (&self.embed, &self.session) else {
            return;
        };
        // Turns played and whether it is over: checked on every refresh, so
        // the state (the whole move list) is only made when they change.
        let now = (session.game.ply(), session.game.outcome().is_some());
        let Some(before) = self.reported.get() else {
            // Not started yet (report_ready follows).
            return;
        };
        if before == now {
            return;
        }
        self.reported.set(Some(now));
        let state = State::of(&session.game);
        if now.0 > before.0 {
            if let Some(last) = state.moves.last() {
                self.post_to_host(&serde_json::json!({
                    "type": "alquerque:move",
                    "ply": now.0,
                    "move": last,
                    "state": state,
                }));
            }
        }
        if let Some(result) = &state.result {
            if !before.1 {
                self.post_to_host(&serde_json::json!({
                    "type": "alquerque:game-over",
                    "result": result,
                    "reason": state.reason,
                    "state": state,
                }));
            }
        } else if let Some(side) = state.to_move {
            self.post_to_host(&serde_json::json!({
                "type": "alquerque:turn",
                "to_move": side,
                "person": session.human_to_move(),
                "state": state,
            }));
        }
    }
}

/// A JSON value as a plain object for `postMessage`.
fn message(value: &serde_json::Value) -> Option<JsValue> {
    JSON::parse(&value.to_string()).ok()
}

fn error_message(error: &HostError) -> Option<JsValue> {
    message(&serde_json::json!({
        "type": "alquerque:error",
        "code": error.code,
        "message": error.message,
    }))
}
