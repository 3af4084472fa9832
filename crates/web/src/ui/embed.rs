//! Embedded in another site's page: starting the game the URL asks for, the
//! host page's messages (checked by [`crate::embed`]) and the events the host
//! hears (see docs/embedding.md). Embedding is the whole app's: in the
//! light module none of it runs ([`Ui::is_full`], `ui/light`).

use engine::{GameKind, Side};
use serde_json::{json, Value};

use super::flow::local_mode;
use super::{Effect, LobbyButton, Screen, Ui};
use crate::embed::{Embed, HostError, HostRequest, Opponent, State};
use crate::online_state::Seat;
use crate::session::Session;
use crate::ui::FullEffect;

/// What the embedding hears: a message the host page posted.
#[derive(Clone, Debug, PartialEq)]
pub struct HostMsg {
    /// Where it came from, and the page's own origin.
    pub origin: String,
    pub own_origin: String,
    /// What it asks (already checked).
    pub request: Result<HostRequest, HostError>,
}

/// Takes a message from the host page.
pub(super) fn update(ui: &mut Ui, msg: HostMsg, fx: &mut Vec<Effect>) {
    ui.host_message(msg, fx);
}

impl Ui {
    /// Starts as the embedding URL says: its saved game if it is the same
    /// game, else a new one (or the online game it names).
    pub(super) fn start_embedded(
        &mut self,
        embed: Embed,
        saved: Option<String>,
        stored_seat: Option<Seat>,
        fx: &mut Vec<Effect>,
    ) {
        self.shared.choice = embed.game;
        let seat = match &embed.opponent {
            Opponent::Join(code) => Some(
                stored_seat
                    .filter(|s| s.token.is_some() && !s.creator)
                    .unwrap_or_else(|| Seat::joining(code.clone())),
            ),
            Opponent::Spectate(id) => Some(Seat::watching(id.clone())),
            _ => None,
        };
        let mode = local_mode(&embed);
        let tournament = embed.tournament.clone();
        self.shared.embed = Some(embed);
        if let Some(id) = tournament {
            super::tournament::update(self, super::TournamentButton::Open(id), fx);
            return;
        }
        if let Some(seat) = seat {
            self.go_online(seat, fx);
            return;
        }
        let restored = saved
            .and_then(|text| Session::from_save(&text).ok())
            .filter(|s| s.game.kind() == self.shared.choice);
        match (restored, mode) {
            (Some(session), _) => self.shared.session = Some(session),
            (None, Some(mode)) => {
                let seed = self.new_seed();
                self.shared.session = Some(Session::new(self.shared.choice, mode, seed));
            }
            (None, None) => {}
        }
        self.show(Screen::Game);
    }

    /// A message posted to the page. Anything from an origin other than the
    /// page's own or the configured host is ignored; anything malformed is
    /// answered with an error and changes nothing.
    fn host_message(&mut self, message: HostMsg, fx: &mut Vec<Effect>) {
        let HostMsg {
            origin,
            own_origin,
            request,
        } = message;
        let (origin, own_origin) = (origin.as_str(), own_origin.as_str());
        let Some(embed) = &self.shared.embed else {
            return;
        };
        let trusted = origin == own_origin || embed.host.as_deref() == Some(origin);
        if !trusted {
            return;
        }
        let reply = match request {
            Ok(HostRequest::GetState) => self.state_message("alquerque:state"),
            Ok(HostRequest::NewGame {
                game,
                opponent,
                side,
            }) => match self.host_new_game(game, opponent, side, fx) {
                Ok(()) => self.state_message("alquerque:started"),
                Err(e) => Some(error_message(&e)),
            },
            Ok(HostRequest::Seek {
                quick,
                game,
                clock,
                side,
                rated,
                range,
            }) => {
                let game = game.as_str().to_string();
                let button = if quick {
                    LobbyButton::Quick {
                        game,
                        clock: clock.unwrap_or_default(),
                    }
                } else {
                    LobbyButton::Seek {
                        game,
                        options: String::new(),
                        clock: clock.unwrap_or_default(),
                        rated,
                        side: match side {
                            Some(Side::White) => "white",
                            Some(Side::Black) => "black",
                            None => "random",
                        }
                        .to_string(),
                        range: range.map(|(l, h)| format!("{l}-{h}")).unwrap_or_default(),
                    }
                };
                super::lobby::update(self, super::LobbyMsg::Press(button), fx);
                Some(json!({ "type": "alquerque:seeking" }))
            }
            Ok(HostRequest::Withdraw) => {
                super::lobby::update(self, super::LobbyMsg::Press(LobbyButton::Withdraw), fx);
                Some(json!({ "type": "alquerque:withdrawn" }))
            }
            Err(e) => Some(error_message(&e)),
        };
        if let Some(reply) = reply {
            fx.push(Effect::Full(FullEffect::ReplyToHost(reply)));
        }
    }

    fn host_new_game(
        &mut self,
        game: Option<GameKind>,
        opponent: Option<Opponent>,
        side: Option<Side>,
        fx: &mut Vec<Effect>,
    ) -> Result<(), HostError> {
        let Some(embed) = self.shared.embed.as_mut() else {
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
        self.shared.choice = embed.game;
        let seed = self.new_seed();
        // The host asked: no confirmation.
        self.adopt(Session::new(self.shared.choice, mode, seed), fx);
        // The answer carries the new game's state; its turns are reported
        // from there on.
        self.shared.whole.reported = self
            .shared
            .session
            .as_ref()
            .map(|s| (s.game.ply(), s.game.outcome().is_some()));
        Ok(())
    }

    fn state(&self) -> Option<State> {
        self.shared.session.as_ref().map(|s| State::of(&s.game))
    }

    fn state_message(&self, kind: &str) -> Option<Value> {
        let state = self.state()?;
        Some(json!({ "type": kind, "state": state }))
    }

    /// Tells the host the page is up, and its state.
    pub(super) fn report_ready(&mut self, fx: &mut Vec<Effect>) {
        if self.shared.embed.is_none() {
            return;
        }
        if let Some(state) = self.state() {
            let over = state.result.is_some();
            self.shared.whole.reported = Some((state.moves.len(), over));
            fx.push(Effect::Full(FullEffect::ToHost(
                json!({ "type": "alquerque:ready", "state": state }),
            )));
        }
    }

    /// Tells the host what changed since the last report: moves, whose turn
    /// it is, the end of the game.
    pub(super) fn report_to_host(&mut self, fx: &mut Vec<Effect>) {
        let (Some(_), Some(session)) = (&self.shared.embed, &self.shared.session) else {
            return;
        };
        let now = (session.game.ply(), session.game.outcome().is_some());
        let Some(before) = self.shared.whole.reported else {
            // Not started yet (the ready report follows).
            return;
        };
        if before == now {
            return;
        }
        self.shared.whole.reported = Some(now);
        let state = State::of(&session.game);
        if now.0 > before.0 {
            if let Some(last) = state.moves.last() {
                fx.push(Effect::Full(FullEffect::ToHost(json!({
                    "type": "alquerque:move",
                    "ply": now.0,
                    "move": last,
                    "state": state,
                }))));
            }
        }
        if let Some(result) = &state.result {
            if !before.1 {
                fx.push(Effect::Full(FullEffect::ToHost(json!({
                    "type": "alquerque:game-over",
                    "result": result,
                    "reason": state.reason,
                    "state": state,
                }))));
            }
        } else if let Some(side) = state.to_move {
            fx.push(Effect::Full(FullEffect::ToHost(json!({
                "type": "alquerque:turn",
                "to_move": side,
                "person": session.human_to_move(),
                "state": state,
            }))));
        }
    }
}

fn error_message(error: &HostError) -> Value {
    json!({
        "type": "alquerque:error",
        "code": error.code,
        "message": error.message,
    })
}
