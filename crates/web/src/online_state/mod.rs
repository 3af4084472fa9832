//! The client side of online play, as plain state: the seat, the game as the
//! server last said (a [`Room`] fed the same events the server applied), the
//! player's move that the server has not acknowledged yet, and who is here.
//! The [`crate::ui::Ui`] keeps it and feeds it what the socket brings;
//! everything the page shows of the game comes from here, so a reconnect
//! simply renders what the server says.

mod clocks;
#[cfg(test)]
mod tests;
mod words;

use engine::{AnyGame, AnyTurn, Side};
use online_play::{
    side_of, ClientMessage, ErrorCode, EventBody, MoveText, Presence, Role, Room, ServerMessage,
    Suggestion,
};
use serde::{Deserialize, Serialize};

use crate::i18n::by_side;
use crate::t;

pub use clocks::{clock_faces, clock_text, ClockFace, ClockNews};
pub use words::{reason_text, result_text};

/// Chat lines the page keeps.
pub const CHAT_KEPT: usize = 50;

/// What the page keeps in storage to find its seat again after a reload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The game id (empty while joining by code alone).
    pub game: String,
    /// The seat token: the creator's from the server; a friend joining by
    /// code makes one up and sends it with the code until welcomed.
    #[serde(default)]
    pub token: Option<String>,
    /// The join code: to join with (until welcomed), or (the creator) to
    /// show the friend.
    #[serde(default)]
    pub code: Option<String>,
    /// Whether this browser created the game (and so shows the code).
    #[serde(default)]
    pub creator: bool,
}

impl Seat {
    /// The seat a friend's join code will claim.
    pub fn joining(code: String) -> Seat {
        Seat {
            game: String::new(),
            token: None,
            code: Some(code),
            creator: false,
        }
    }

    /// A spectator's place in game `game`.
    pub fn watching(game: String) -> Seat {
        Seat {
            game,
            token: None,
            code: None,
            creator: false,
        }
    }

    /// Gives a friend joining by code a seat token of their own, made from
    /// `random` (128 bits), unless they have one: the token goes with the
    /// code on every connection until the server welcomes it, so a join
    /// whose answer was lost is repeated and gets the same seat.
    pub fn with_joiner_token(mut self, random: [u32; 4]) -> Seat {
        if self.joins_by_code() && self.token.is_none() {
            self.token = Some(random.iter().map(|w| format!("{w:08x}")).collect());
        }
        self
    }

    /// Whether this seat is still to be claimed with its join code.
    pub fn joins_by_code(&self) -> bool {
        !self.creator && self.code.is_some()
    }

    /// The creator's seat from the server's answer to creating a game
    /// ([`online_play::api::Created`]).
    pub fn from_created(text: &str) -> Result<Seat, String> {
        let created: online_play::api::Created =
            serde_json::from_str(text).map_err(|_| t!("server-unreadable"))?;
        Ok(Seat {
            game: created.id,
            token: Some(created.token),
            code: Some(created.code),
            creator: true,
        })
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_text(text: &str) -> Option<Seat> {
        serde_json::from_str(text).ok()
    }
}

/// The state of the socket, as the player should know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Open,
    Reconnecting,
}

/// What a server message changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    Nothing,
    /// The game, the seat or the people present changed: redraw.
    Changed,
    /// A gap in the events: connect again with the last event seen.
    Resync,
    /// The server refused something: say so (the game is redrawn as the
    /// server has it).
    Refused(String),
    /// The seat cannot be had (wrong token, spent code, unknown game).
    Lost(String),
}

/// A line of chat: what someone typed, or a set phrase, worded in the
/// reader's language when shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatLine {
    Text(String),
    Phrase(online_play::Phrase),
}

/// One online game as this browser takes part in it.
#[derive(Clone, Debug)]
pub struct Online {
    pub seat: Seat,
    pub role: Option<Role>,
    pub room: Option<Room>,
    /// The player's move sent and not yet acknowledged.
    pub pending: Option<MoveText>,
    pub presence: Presence,
    /// Seconds until the opponent's absence lets this player claim, as the
    /// server last said (the page counts down from it).
    pub opponent_gone: Option<u32>,
    pub suggestions: Vec<Suggestion>,
    pub link: Link,
    /// When the clocks were last set, in a game with clocks.
    pub clock_news: Option<ClockNews>,
    /// The chat heard since the page connected (who said it, and what),
    /// the last [`CHAT_KEPT`] lines.
    pub chat: Vec<(Role, ChatLine)>,
    /// The players' names, White's and Black's, when the server gave them
    /// (games paired in the lobby).
    pub names: [Option<String>; 2],
    /// Which players are bots (White, Black).
    pub bots: [bool; 2],
    /// Half the last ping's round trip (ms), sent with each move of a game
    /// with clocks so that the server gives it back.
    pub lag: Option<u32>,
}

impl Online {
    pub fn new(seat: Seat) -> Online {
        Online {
            seat,
            role: None,
            room: None,
            pending: None,
            presence: Presence {
                white: false,
                black: false,
                watchers: 0,
            },
            opponent_gone: None,
            suggestions: Vec::new(),
            link: Link::Connecting,
            clock_news: None,
            chat: Vec::new(),
            names: [None, None],
            bots: [false; 2],
            lag: None,
        }
    }

    /// The side this browser plays, if it plays.
    pub fn side(&self) -> Option<Side> {
        self.role.and_then(side_of)
    }

    /// The first message on every connection: the seat (with the join code
    /// until the friend is welcomed) and the last event seen, so the server
    /// sends exactly what is missing.
    pub fn hello(&self) -> ClientMessage {
        ClientMessage::Hello {
            game: self.seat.game.clone(),
            token: self.seat.token.clone(),
            code: if self.seat.joins_by_code() {
                self.seat.code.clone()
            } else {
                None
            },
            last_v: self.room.as_ref().map(|r| r.v),
        }
    }

    /// Whether both seats are taken.
    pub fn started(&self) -> bool {
        self.room
            .as_ref()
            .is_some_and(|r| r.seated.iter().all(|&s| s))
    }

    pub fn is_over(&self) -> bool {
        self.room.as_ref().is_some_and(Room::is_over)
    }

    /// The game to show: the server's, with the pending move played.
    pub fn display_game(&self) -> Option<AnyGame> {
        let room = self.room.as_ref()?;
        let mut game = room.game.clone();
        if let Some(pending) = &self.pending {
            if let Ok(turn) = game.parse(&pending.turn) {
                let _ = game.play(turn);
            }
        }
        Some(game)
    }

    /// The player's turn, to send; `None` when it is not theirs to play
    /// (then nothing changes).
    pub fn play(&mut self, turn: AnyTurn) -> Option<ClientMessage> {
        let room = self.room.as_ref()?;
        let me = self.side()?;
        if self.pending.is_some()
            || room.is_over()
            || !self.started()
            || room.game.side_to_move() != me
        {
            return None;
        }
        let mut after = room.game.clone();
        after.play(turn).ok()?;
        let mv = MoveText {
            ply: room.game.ply() as u32,
            turn: room.game.turn_coordinates(turn),
            lag: room.clock.as_ref().and(self.lag),
        };
        self.pending = Some(mv.clone());
        Some(ClientMessage::Move(mv))
    }

    /// The move not yet acknowledged, to send again after a reconnect (its
    /// ply keeps it from being applied twice).
    pub fn resend(&self) -> Option<ClientMessage> {
        self.pending.clone().map(ClientMessage::Move)
    }

    /// A spectator's suggestion, when suggestions are on.
    pub fn suggest(&self, turn: AnyTurn) -> Option<ClientMessage> {
        let room = self.room.as_ref()?;
        if self.role != Some(Role::Spectator) || !room.suggestions || room.is_over() {
            return None;
        }
        Some(ClientMessage::Suggest(MoveText {
            ply: room.game.ply() as u32,
            turn: room.game.turn_coordinates(turn),
            lag: None,
        }))
    }

    /// Takes in one message from the server.
    pub fn receive(&mut self, message: ServerMessage) -> Received {
        match message {
            ServerMessage::Welcome { game, role, token } => {
                self.seat.game = game;
                if token.is_some() {
                    self.seat.token = token;
                }
                if self.seat.joins_by_code() && role != Role::Spectator {
                    // The seat is ours: the code is spent.
                    self.seat.code = None;
                }
                self.role = Some(role);
                self.link = Link::Open;
                Received::Changed
            }
            ServerMessage::Snapshot(snapshot) => match Room::from_snapshot(&snapshot) {
                Ok(room) => {
                    self.room = Some(room);
                    self.settle_pending();
                    Received::Changed
                }
                Err(e) => Received::Refused(t!("server-game-broken", why = &e.to_string())),
            },
            ServerMessage::Event(event) => {
                let Some(room) = self.room.as_mut() else {
                    return Received::Resync;
                };
                if event.v <= room.v {
                    // Seen already (a reconnect can repeat what arrived).
                    return Received::Nothing;
                }
                if event.v != room.v + 1 || room.apply(&event.body).is_err() {
                    return Received::Resync;
                }
                if matches!(event.body, EventBody::Moved { .. }) {
                    self.suggestions.clear();
                }
                self.settle_pending();
                Received::Changed
            }
            ServerMessage::Ack { ply } => {
                if self.pending.as_ref().is_some_and(|p| p.ply == ply) {
                    // The event that carries the move follows (or came first).
                    self.settle_pending();
                }
                Received::Changed
            }
            ServerMessage::Presence(presence) => {
                let opponent_here = match self.side() {
                    Some(Side::White) => presence.black,
                    Some(Side::Black) => presence.white,
                    None => true,
                };
                if opponent_here {
                    self.opponent_gone = None;
                }
                self.presence = presence;
                Received::Changed
            }
            ServerMessage::OpponentGone { seconds } => {
                self.opponent_gone = Some(seconds);
                Received::Changed
            }
            ServerMessage::Suggestions { ply, list } => {
                let current = self.room.as_ref().map(|r| r.game.ply() as u32);
                self.suggestions = if current == Some(ply) {
                    list
                } else {
                    Vec::new()
                };
                Received::Changed
            }
            ServerMessage::Error { code, message } => self.refused(code, &message),
            ServerMessage::Pong => Received::Nothing,
            ServerMessage::Players { white, black, bots } => {
                self.names = [white, black];
                self.bots = bots;
                Received::Changed
            }
            ServerMessage::Chat { from, text, phrase } => {
                let line = match phrase {
                    Some(phrase) => ChatLine::Phrase(phrase),
                    None => ChatLine::Text(text),
                };
                self.chat.push((from, line));
                if self.chat.len() > CHAT_KEPT {
                    self.chat.remove(0);
                }
                Received::Changed
            }
        }
    }

    /// Drops the pending move once the server's game has moved past it, or
    /// when it can no longer apply.
    fn settle_pending(&mut self) {
        let (Some(room), Some(pending)) = (&self.room, &self.pending) else {
            return;
        };
        let still_ours = self.side() == Some(room.game.side_to_move())
            && room.game.ply() as u32 == pending.ply
            && !room.is_over();
        if !still_ours {
            self.pending = None;
        }
    }

    fn refused(&mut self, code: ErrorCode, message: &str) -> Received {
        match code {
            ErrorCode::WrongToken | ErrorCode::BadCode | ErrorCode::UnknownGame => {
                Received::Lost(t!(match code {
                    ErrorCode::WrongToken => "seat-lost",
                    ErrorCode::BadCode => "code-unknown",
                    _ => "game-unknown",
                }))
            }
            ErrorCode::StalePly | ErrorCode::IllegalMove | ErrorCode::NotYourTurn => {
                // The server's game is the truth: show it again.
                self.pending = None;
                Received::Refused(t!("move-refused"))
            }
            ErrorCode::TooMany => Received::Lost(t!("too-many-games")),
            ErrorCode::SlowDown => Received::Refused(t!("chat-too-fast")),
            ErrorCode::BadChat => Received::Refused(t!("chat-shape")),
            ErrorCode::Muted => Received::Refused(t!("chat-muted")),
            ErrorCode::Damaged => Received::Lost(t!("record-damaged")),
            ErrorCode::Unavailable => {
                // Nothing was stored: a move sent is not played.
                self.pending = None;
                Received::Refused(t!("store-failed"))
            }
            _ => Received::Refused(t!("refused-other", why = message, code = &code.to_string())),
        }
    }

    /// The status line.
    pub fn status(&self) -> String {
        let Some(room) = &self.room else {
            return t!("connecting");
        };
        if let Some((result, reason)) = room.result {
            return result_text(result, reason, self.side());
        }
        if !self.started() {
            return t!("waiting-for-opponent");
        }
        let mover = room.game.side_to_move();
        match self.side() {
            Some(me) if me == mover && self.pending.is_some() => t!("sending-move"),
            Some(me) if me == mover => t!("your-turn"),
            Some(_) => t!(by_side(mover, "waiting-for-white", "waiting-for-black")),
            None => t!(by_side(mover, "white-to-move", "black-to-move")),
        }
    }

    /// A line about the connection and who is here, empty when all is well.
    pub fn link_text(&self) -> String {
        match self.link {
            Link::Connecting => t!("connecting"),
            Link::Reconnecting => t!("reconnecting"),
            Link::Open => match self.opponent_gone {
                Some(0) => t!("opponent-left-claim"),
                Some(s) => t!("opponent-left-claim-in", n = s),
                None => String::new(),
            },
        }
    }

    /// The side whose draw offer waits for this player's answer.
    pub fn offer_to_answer(&self) -> Option<Side> {
        let offer = self.room.as_ref()?.draw_offer?;
        (Some(offer) != self.side() && self.side().is_some()).then_some(offer)
    }
}
