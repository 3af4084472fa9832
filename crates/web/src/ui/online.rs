//! Online play as the page shows it: what the socket's opening and the
//! server's messages mean, the person's turn for the server, and the
//! server's room, mirrored by [`Online`], copied into the session on screen.
//! The socket itself, its heartbeat, back-off and the mirror are the page
//! glue's (`app/socket`), which hands the mirror here.

use engine::AnyTurn;
use protocol::{Role, ServerMessage};

use super::{Effect, Screen, Ui};
use crate::online_state::{Link, Online, Received};
use crate::session::{DrawOffer, Mode, Session};

/// Where the online seat is kept, to find the game again after a reload.
pub const ONLINE_KEY: &str = "alquerque.online";

impl Ui {
    /// Shows the online game as `online` has it: the server's game (with
    /// the person's move that waits for acknowledgement), whose side the
    /// person plays, the draw offer and the verdict; the waiting screen
    /// until the friend joins. A turn arriving is animated.
    pub fn show_online(&mut self, online: &Online) -> Vec<Effect> {
        let mut fx = Vec::new();
        let was_ply = self.session.as_ref().map(|s| s.game.ply());
        if let (Some(game), Some(room)) = (online.display_game(), online.room.as_ref()) {
            let mode = Mode::Online {
                side: online.side(),
                suggest: room.suggestions,
            };
            match self.session.as_mut() {
                Some(session) if session.game.variant() == game.variant() => {
                    session.mode = mode;
                    session.show_game(game);
                }
                _ => self.session = Some(Session::resume(game, mode, 0)),
            }
            if let Some(session) = self.session.as_mut() {
                session.draw_offer = room.draw_offer.map(|by| DrawOffer { by });
                session.verdict = room.is_over().then(|| online.status());
            }
        }
        let waiting = online.seat.creator && !online.started() && !online.is_over();
        let ply = self.session.as_ref().map(|s| s.game.ply());
        if was_ply.is_some() && ply > was_ply {
            self.start_animation(&mut fx);
        }
        self.screen = if waiting {
            Screen::Waiting
        } else {
            Screen::Game
        };
        self.settle(&mut fx);
        fx
    }

    /// The socket is open: say who this is and what was seen, and send
    /// again a move sent before a drop (its ply keeps the server from
    /// playing it twice).
    pub fn socket_open(&mut self, online: &Online) -> Vec<Effect> {
        let mut fx = vec![Effect::SendOnline(online.hello())];
        fx.extend(online.resend().map(Effect::SendOnline));
        fx
    }

    /// A message from the server, taken into `online`.
    pub fn receive(&mut self, online: &mut Online, message: ServerMessage) -> Vec<Effect> {
        let welcomed = matches!(message, ServerMessage::Welcome { .. });
        let mut fx = Vec::new();
        match online.receive(message) {
            Received::Nothing => return fx,
            Received::Changed => {}
            // Connect again: the hello names the last event seen.
            Received::Resync => return vec![Effect::Reconnect],
            Received::Refused(why) => self.notice = Some(why),
            Received::Lost(why) => {
                self.leave_online(&mut fx);
                self.notice = Some(why);
                self.screen = Screen::Home;
                return fx;
            }
        }
        if welcomed {
            fx.push(Effect::Store {
                key: ONLINE_KEY.to_string(),
                value: online.seat.to_text(),
            });
        }
        fx.extend(self.show_online(online));
        fx
    }

    /// A turn entered on the board: the player's move for the server, or a
    /// spectator's suggestion.
    pub fn send_turn(&mut self, online: &mut Online, turn: AnyTurn) -> Vec<Effect> {
        if online.role == Some(Role::Spectator) {
            let Some(message) = online.suggest(turn) else {
                return Vec::new();
            };
            let text = self
                .session
                .as_ref()
                .map(|s| s.game.turn_text(turn))
                .unwrap_or_default();
            self.notice = Some(format!("You suggested {text}."));
            return vec![Effect::SendOnline(message)];
        }
        let mut fx: Vec<Effect> = online
            .play(turn)
            .map(Effect::SendOnline)
            .into_iter()
            .collect();
        fx.extend(self.show_online(online));
        fx
    }
}

/// The online panel: the waiting screen's code and links, the connection
/// line, who is here, the spectators' suggestions, and which controls work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineView {
    /// The join code, as the friend types it.
    pub code: String,
    /// The queries of the links to join and to watch (after the page's
    /// address).
    pub join_query: String,
    pub watch_query: String,
    /// A line about the connection, empty when all is well.
    pub connection: String,
    /// `open`, `connecting` or `reconnecting` (`data-link`).
    pub link: &'static str,
    /// A move not yet acknowledged (`data-pending`).
    pub pending: bool,
    pub presence: String,
    pub suggestions: String,
    /// Whether the opponent's absence lets this player claim the game.
    pub claim: bool,
    pub resign_disabled: bool,
    pub offer_draw_disabled: bool,
    /// Whether the game can still be called off (before each side moved).
    pub abort: bool,
}

impl OnlineView {
    /// The panel for the online game `online` mirrors.
    pub fn of(online: &Online) -> OnlineView {
        let code = online.seat.code.clone().unwrap_or_default();
        let here = &online.presence;
        let tally: Vec<String> = online
            .suggestions
            .iter()
            .map(|s| format!("{} ({})", s.turn, s.count))
            .collect();
        let spectator = online.role == Some(Role::Spectator);
        let over = online.is_over();
        OnlineView {
            join_query: format!("?join={}", code.replace('-', "")),
            watch_query: format!("?watch={}", online.seat.game),
            code,
            connection: online.link_text(),
            link: match online.link {
                Link::Open => "open",
                Link::Connecting => "connecting",
                Link::Reconnecting => "reconnecting",
            },
            pending: online.pending.is_some(),
            presence: format!(
                "White {} · Black {} · {} watching",
                if here.white { "online" } else { "away" },
                if here.black { "online" } else { "away" },
                here.watchers
            ),
            suggestions: if tally.is_empty() {
                String::new()
            } else {
                format!("Spectators suggest: {}", tally.join(", "))
            },
            claim: online.opponent_gone == Some(0) && !over,
            resign_disabled: spectator || over || !online.started(),
            offer_draw_disabled: spectator || over || !online.started(),
            abort: !spectator && !over && online.room.as_ref().is_some_and(|r| r.game.ply() < 2),
        }
    }
}
