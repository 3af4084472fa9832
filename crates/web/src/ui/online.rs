//! Online play as the page shows it: what the server's messages mean, the
//! person's turn for the server, and the server's room, mirrored by
//! [`crate::online_state::Online`], copied into the session on screen. The
//! socket's life (connecting, heartbeat, back-off) is `ui/connection`'s.
//! In the light module none of it runs ([`Ui::is_full`], `ui/light`).

use engine::AnyTurn;
use online_play::{Role, ServerMessage};

use super::screen::Ending;
use super::{Effect, Screen, Ui};
use crate::online_state::ClockFace;
use crate::online_state::{Link, Online, Received};
use crate::session::{DrawOffer, Mode, Session};
use crate::sound::Sound;
use crate::t;
use crate::ui::FullEffect;

/// Where the online seat is kept, to find the game again after a reload.
pub const ONLINE_KEY: &str = "alquerque.online";

impl Ui {
    /// Shows the online game as the mirror has it: the server's game (with
    /// the person's move that waits for acknowledgement), whose side the
    /// person plays, the draw offer and the verdict; the waiting screen
    /// until the friend joins. A turn arriving is animated and heard, and
    /// so is the game's end.
    pub(super) fn show_online(&mut self) -> Vec<Effect> {
        let mut fx = Vec::new();
        let Some(online) = self.shared.online.as_ref().map(|g| &g.mirror) else {
            return fx;
        };
        let me = online.side();
        let was_ply = self.shared.session.as_ref().map(|s| s.game.ply());
        let was_over = self.shared.session.as_ref().map(Session::is_over);
        if let (Some(game), Some(room)) = (online.display_game(), online.room.as_ref()) {
            let mode = Mode::Online {
                side: online.side(),
                suggest: room.suggestions,
            };
            match self.shared.session.as_mut() {
                Some(session) if session.game.kind() == game.kind() => {
                    session.mode = mode;
                    session.show_game(game);
                }
                _ => self.shared.session = Some(Session::resume(game, mode, 0)),
            }
            if let Some(session) = self.shared.session.as_mut() {
                session.draw_offer = room.draw_offer.map(|by| DrawOffer { by });
                session.verdict = room.is_over().then(|| online.status());
                session.premoves_allowed = room.clock.is_some() && me.is_some();
                if session.is_over() {
                    session.premoves.clear();
                }
            }
        }
        let waiting = online.seat.creator && !online.started() && !online.is_over();
        let ply = self.shared.session.as_ref().map(|s| s.game.ply());
        if was_ply.is_some() && ply > was_ply {
            self.moved_online();
            self.start_animation(&mut fx);
            let mover = self
                .shared
                .session
                .as_ref()
                .map(|s| s.game.side_to_move().other());
            self.turn_sound(me.is_none() || mover != me, &mut fx);
        } else if was_over == Some(false)
            && self.shared.session.as_ref().is_some_and(Session::is_over)
        {
            self.sound(Sound::GameEnd, &mut fx);
        }
        // The person may have gone to another screen (the lobby, the
        // rules): the game's news does not take them back.
        if matches!(self.screen.screen(), Screen::Waiting | Screen::Game) {
            self.show(if waiting {
                Screen::Waiting
            } else {
                Screen::Game
            });
        }
        self.settle(&mut fx);
        // The player's turn: the first premove goes, if it is legal now.
        if let Some(turn) = self.shared.session.as_mut().and_then(Session::take_premove) {
            self.send_turn(turn, &mut fx);
        }
        fx
    }

    /// A message from the server, taken into the mirror.
    pub(super) fn receive(&mut self, message: ServerMessage, fx: &mut Vec<Effect>) {
        let welcomed = matches!(message, ServerMessage::Welcome { .. });
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        let waiting = game.mirror.room.is_some() && !game.mirror.started();
        match game.mirror.receive(message) {
            Received::Nothing => return,
            Received::Changed => {}
            // Connect again: the hello names the last event seen.
            Received::Resync => return self.connect(fx),
            Received::Refused(why) => self.shared.notice = Some(why),
            Received::Lost(why) => {
                self.leave_online(fx);
                self.shared.notice = Some(why);
                self.show(Screen::Home);
                return;
            }
        }
        if welcomed {
            fx.push(Effect::Store {
                key: ONLINE_KEY.to_string(),
                value: game.mirror.seat.to_text(),
            });
        }
        let rematch = game
            .mirror
            .room
            .as_ref()
            .is_some_and(|r| r.rematch.is_some());
        // The friend took the other seat while this player waited.
        if waiting && game.mirror.started() && game.mirror.side().is_some() {
            self.sound(Sound::OpponentJoined, fx);
        }
        fx.extend(self.show_online());
        if rematch {
            self.follow_rematch(fx);
        }
    }

    /// A turn entered on the board: the player's move for the server, or a
    /// spectator's suggestion.
    pub(super) fn send_turn(&mut self, turn: AnyTurn, fx: &mut Vec<Effect>) {
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        let online = &mut game.mirror;
        if online.role == Some(Role::Spectator) {
            let Some(message) = online.suggest(turn) else {
                return;
            };
            let text = self
                .shared
                .session
                .as_ref()
                .map(|s| s.game.turn_text(turn))
                .unwrap_or_default();
            self.shared.notice = Some(crate::t!("you-suggested", move = &text));
            fx.push(Effect::Full(FullEffect::SendOnline(message)));
            return;
        }
        fx.extend(
            online
                .play(turn)
                .map(|m| Effect::Full(FullEffect::SendOnline(m))),
        );
        fx.extend(self.show_online());
    }

    /// The mirror of the server's game, while online.
    pub fn online_mirror(&self) -> Option<&Online> {
        self.shared.online.as_ref().map(|g| &g.mirror)
    }
}

/// The online panel, while taking part in an online game.
pub fn view(ui: &Ui) -> Option<OnlineView> {
    let asked = ui.screen.game().and_then(|g| g.confirming) == Some(Ending::Abort);
    Some(OnlineView::of(&ui.shared.online.as_ref()?.mirror, asked))
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
    /// Abort was pressed once and waits for the second press; its words.
    pub abort_asked: bool,
    pub abort_label: String,
}

impl OnlineView {
    /// The panel for the online game `online` mirrors; `abort_asked` when
    /// Abort was pressed once.
    pub fn of(online: &Online, abort_asked: bool) -> OnlineView {
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
            presence: crate::t!(
                "presence",
                white = &crate::t!(if here.white { "online" } else { "away" }),
                black = &crate::t!(if here.black { "online" } else { "away" }),
                n = here.watchers
            ),
            suggestions: if tally.is_empty() {
                String::new()
            } else {
                crate::t!("spectators-suggest", moves = &tally.join(", "))
            },
            claim: online.opponent_gone == Some(0) && !over,
            resign_disabled: spectator || over || !online.started(),
            offer_draw_disabled: spectator || over || !online.started(),
            abort: !spectator && !over && online.room.as_ref().is_some_and(|r| r.game.ply() < 2),
            abort_asked,
            abort_label: t!(if abort_asked {
                "abort-confirm"
            } else {
                "abort-game"
            }),
        }
    }
}

impl Ui {
    /// The online game's clocks, as the game screen shows them.
    pub(super) fn online_clocks(&self) -> Option<[ClockFace; 2]> {
        let game = self.shared.online.as_ref()?;
        let room = game.mirror.room.as_ref()?;
        crate::online_state::clock_faces(room, game.mirror.clock_news, game.now_ms)
    }

    /// The players' names in the online game, as the server gave them,
    /// and which are bots.
    pub(super) fn online_names(&self) -> Option<(&[Option<String>; 2], [bool; 2])> {
        self.shared
            .online
            .as_ref()
            .map(|g| (&g.mirror.names, g.mirror.bots))
    }
}
