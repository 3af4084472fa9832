//! The game socket's life as the [`Ui`] keeps it: entering and leaving an
//! online game, connecting, the heartbeat and the check for a silent
//! socket, the capped and jittered back-off after a drop, and the
//! opponent-away countdown. The page only opens, closes and writes the
//! socket and runs the timers these [`Effect`]s ask for; what arrives comes
//! back as actions. Online play is the whole app's: in the light module
//! every way in here returns at once ([`Ui::is_full`], `ui/light`).

use online_play::{ClientMessage, ServerMessage};

use super::{Effect, ScreenState, Timer, Ui, ONLINE_KEY};
use crate::online_state::{Link, Online, Seat};
use crate::ui::FullEffect;

/// Milliseconds of silence after which an open socket counts as dead.
pub const SILENCE_MS: f64 = 8000.0;
/// Milliseconds between pings while the socket is open.
pub const PING_MS: f64 = 3000.0;
/// The longest wait before trying to reconnect, in milliseconds.
pub const MAX_RETRY_MS: f64 = 15_000.0;

/// The wait before reconnecting after `retries` failed attempts in a row:
/// 0.5 s, 1 s, 2 s… up to 15 s, spread by `unit` (in `0..1`) over three
/// quarters to five quarters of that, so that many pages dropped at once do
/// not all come back at once.
pub fn backoff_ms(retries: u32, unit: f64) -> u32 {
    let base = (500.0 * 2f64.powi(retries.min(5) as i32)).min(MAX_RETRY_MS);
    (base * (0.75 + 0.5 * unit.clamp(0.0, 1.0))) as u32
}

/// The socket as the page last reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Socket {
    /// None: never opened, dropped, or closed for being silent.
    Closed,
    Connecting,
    Open,
}

/// One online game this page takes part in: the server's game as mirrored
/// by [`Online`], and the socket's state and clocks (page time, ms).
#[derive(Clone, Debug)]
pub struct OnlineGame {
    pub mirror: Online,
    pub socket: Socket,
    /// Failed attempts in a row (for the back-off).
    retries: u32,
    /// The back-off's timer runs.
    retry: bool,
    last_heard: f64,
    last_ping: f64,
    /// The page's time as last told (for the clocks on screen).
    pub now_ms: f64,
    /// When the opponent's absence lets this player claim.
    claim_at: Option<f64>,
}

/// What the online game's connection hears: its socket, its heartbeat,
/// the page waking, and the server's answer to creating a game.
#[derive(Clone, Debug, PartialEq)]
pub enum ConnectionMsg {
    /// The game socket opened, at this time (ms).
    Open { now_ms: f64 },
    /// A frame from the game server, at this time (ms): its message, or
    /// why it could not be read.
    Message {
        now_ms: f64,
        message: Result<ServerMessage, String>,
    },
    /// The game socket closed (or could not be opened); whether the page is
    /// hidden.
    Closed { hidden: bool },
    /// The online game's one-second tick ([`FullEffect::Heartbeat`]), at
    /// this time (ms); whether the page is hidden.
    Heartbeat { now_ms: f64, hidden: bool },
    /// The page may have come back (into view, from the back-forward cache,
    /// or online); whether it is hidden.
    Wake { hidden: bool },
    /// The server's answer to creating a game: the creator's seat, or why
    /// there is none.
    Created(Result<Seat, String>),
}

/// Takes what the connection heard.
pub(super) fn update(ui: &mut Ui, msg: ConnectionMsg, fx: &mut Vec<Effect>) {
    match msg {
        ConnectionMsg::Open { now_ms } => ui.socket_open(now_ms, fx),
        ConnectionMsg::Message { now_ms, message } => ui.socket_message(now_ms, message, fx),
        ConnectionMsg::Closed { hidden } => ui.socket_closed(hidden, fx),
        ConnectionMsg::Wake { hidden } => ui.wake(hidden, fx),
        ConnectionMsg::Heartbeat { now_ms, hidden } => ui.heartbeat(now_ms, hidden, fx),
        ConnectionMsg::Created(Ok(seat)) => {
            ui.shared.notice = None;
            ui.go_online(seat, fx);
        }
        ConnectionMsg::Created(Err(why)) => ui.shared.notice = Some(why),
    }
}

impl Ui {
    /// Takes part in the online game `seat` names: keeps the seat, starts
    /// the heartbeat and connects. A friend joining by code gets a seat
    /// token of their own (from the browser's random source, at boot).
    pub(super) fn go_online(&mut self, seat: Seat, fx: &mut Vec<Effect>) {
        if self.shared.online.is_some() {
            self.leave_online(fx);
        }
        let seat = seat.with_joiner_token(self.shared.token_words);
        self.shared.session = None;
        self.stop_thinking(fx);
        fx.push(Effect::Store {
            key: ONLINE_KEY.to_string(),
            value: seat.to_text(),
        });
        fx.push(Effect::Full(FullEffect::Heartbeat(true)));
        self.shared.online = Some(Box::new(OnlineGame {
            mirror: Online::new(seat),
            socket: Socket::Closed,
            retries: 0,
            retry: false,
            last_heard: 0.0,
            last_ping: 0.0,
            now_ms: 0.0,
            claim_at: None,
        }));
        // The online game's screens start afresh.
        self.screen = ScreenState::Waiting;
        fx.extend(self.show_online());
        self.connect(fx);
    }

    /// Leaves the online game: its socket, heartbeat, back-off and stored
    /// seat go.
    pub(super) fn leave_online(&mut self, fx: &mut Vec<Effect>) {
        let Some(game) = self.shared.online.take() else {
            return;
        };
        self.shared.session = None;
        fx.push(Effect::Full(FullEffect::Disconnect));
        fx.push(Effect::Full(FullEffect::Heartbeat(false)));
        if game.retry {
            fx.push(Effect::StopTimer(Timer::Reconnect));
        }
        fx.push(Effect::Remove {
            key: ONLINE_KEY.to_string(),
        });
    }

    /// Opens a new socket (the old one, if any, is let go unreported).
    pub(super) fn connect(&mut self, fx: &mut Vec<Effect>) {
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        if std::mem::take(&mut game.retry) {
            fx.push(Effect::StopTimer(Timer::Reconnect));
        }
        game.socket = Socket::Connecting;
        fx.push(Effect::Full(FullEffect::Connect));
    }

    /// The socket is open: say who this is and what was seen, and send
    /// again a move sent before a drop (its ply keeps the server from
    /// playing it twice).
    fn socket_open(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        game.socket = Socket::Open;
        game.retries = 0;
        game.last_heard = now_ms;
        game.last_ping = now_ms;
        fx.push(Effect::Full(FullEffect::SendOnline(game.mirror.hello())));
        fx.extend(
            game.mirror
                .resend()
                .map(|m| Effect::Full(FullEffect::SendOnline(m))),
        );
    }

    /// A frame from the server: a message, or one that could not be read
    /// (logged and otherwise ignored: the connection stays up).
    fn socket_message(
        &mut self,
        now_ms: f64,
        message: Result<ServerMessage, String>,
        fx: &mut Vec<Effect>,
    ) {
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        game.last_heard = now_ms;
        let message = match message {
            Ok(message) => message,
            Err(why) => {
                fx.push(Effect::Log(format!(
                    "the game server sent a message that cannot be read: {why}"
                )));
                return;
            }
        };
        if let ServerMessage::OpponentGone { seconds } = message {
            game.claim_at = Some(now_ms + f64::from(seconds) * 1000.0);
        }
        game.now_ms = now_ms;
        let clocks_set = match &message {
            ServerMessage::Event(event) => match event.body {
                online_play::EventBody::Clock { at, .. } => Some(at),
                _ => None,
            },
            ServerMessage::Snapshot(snapshot) => snapshot.clock.as_ref().map(|c| c.at),
            ServerMessage::Pong => {
                game.mirror.lag = Some(((now_ms - game.last_ping).max(0.0) / 2.0) as u32);
                None
            }
            _ => None,
        };
        if let Some(server_at) = clocks_set {
            game.mirror.clock_news = Some(crate::online_state::ClockNews {
                heard_ms: now_ms,
                server_at,
            });
        }
        self.receive(message, fx);
    }

    /// The socket closed (the network, or the server, even for
    /// misbehaving: the seat may still be good): try again after the
    /// back-off, unless the page is hidden (it reconnects when it wakes).
    fn socket_closed(&mut self, hidden: bool, fx: &mut Vec<Effect>) {
        let unit = self.random_unit();
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        game.socket = Socket::Closed;
        game.mirror.link = Link::Reconnecting;
        if std::mem::take(&mut game.retry) {
            fx.push(Effect::StopTimer(Timer::Reconnect));
        }
        if !hidden {
            let ms = backoff_ms(game.retries, unit);
            game.retries += 1;
            game.retry = true;
            fx.push(Effect::StartTimer {
                timer: Timer::Reconnect,
                ms,
            });
        }
        fx.extend(self.show_online());
    }

    /// Back in view or back online: reconnect at once if the socket is gone.
    fn wake(&mut self, hidden: bool, fx: &mut Vec<Effect>) {
        if !hidden
            && self
                .shared
                .online
                .as_ref()
                .is_some_and(|g| g.socket == Socket::Closed)
        {
            self.connect(fx);
        }
    }

    /// The back-off's timer went off: connect again, if it still runs.
    pub(super) fn reconnect_now(&mut self, fx: &mut Vec<Effect>) {
        let due = self
            .shared
            .online
            .as_mut()
            .is_some_and(|g| std::mem::take(&mut g.retry));
        if due {
            self.connect(fx);
        }
    }

    /// Once a second: the opponent-away countdown, the check for a socket
    /// gone silent (a phone changing networks), and the heartbeat.
    fn heartbeat(&mut self, now_ms: f64, hidden: bool, fx: &mut Vec<Effect>) {
        let Some(game) = self.shared.online.as_mut() else {
            return;
        };
        game.now_ms = now_ms;
        if let Some(at) = game.claim_at {
            let left = ((at - now_ms) / 1000.0).ceil().max(0.0) as u32;
            if game.mirror.opponent_gone.is_some() {
                game.mirror.opponent_gone = Some(left);
            }
        }
        if game.socket != Socket::Open {
            return;
        }
        if now_ms - game.last_heard > SILENCE_MS {
            fx.push(Effect::Full(FullEffect::Disconnect));
            self.socket_closed(hidden, fx);
            return;
        }
        if now_ms - game.last_ping > PING_MS {
            game.last_ping = now_ms;
            fx.push(Effect::Full(FullEffect::SendOnline(ClientMessage::Ping)));
        }
    }

    /// A number in `0..1` from the page's random state.
    fn random_unit(&mut self) -> f64 {
        (self.new_seed() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::backoff_ms;

    #[test]
    fn the_back_off_doubles_from_half_a_second_up_to_fifteen_with_jitter() {
        assert_eq!(backoff_ms(0, 0.5), 500);
        assert_eq!(backoff_ms(1, 0.5), 1000);
        assert_eq!(backoff_ms(4, 0.5), 8000);
        assert_eq!(backoff_ms(5, 0.5), 15_000);
        assert_eq!(backoff_ms(40, 0.5), 15_000);
        assert_eq!(backoff_ms(0, 0.0), 375);
        assert_eq!(backoff_ms(0, 1.0), 625);
        assert_eq!(backoff_ms(0, 7.0), 625, "the spread is capped");
    }
}
