//! The messages, split by direction, and the decoder the server uses.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::tagged;

use crate::{EndReason, GameResult};

/// The largest frame accepted, in bytes.
pub const MAX_FRAME_BYTES: usize = 2048;

/// The body of `POST api/games`: the game a person creates.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct NewGame {
    /// The game's name (`classic`, …).
    pub game: String,
    /// The creator's side: `white`, `black` or `random`; White without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Whether spectators may suggest moves.
    #[serde(default)]
    pub suggestions: bool,
    /// Clocks, as a time control (`"3+2"`); none without.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::TimeControl>,
}

/// Which seat a connection holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    White,
    Black,
    Spectator,
}

/// A move as a person entered it: the huff first (Special), then the points
/// the piece visits, origin first, and a promotion (Chesquerque). `ply` is
/// the number of turns played before it, so a move meant for an earlier
/// position is refused as stale instead of being applied twice.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveText {
    pub ply: u32,
    /// The turn in the game's record notation (`c2-c3`, `h:b3 c2-c3`, `e2e4`).
    pub turn: String,
    /// In a game with clocks, the lag the page measured to the server (half
    /// a ping's round trip, in ms): given back up to a cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lag: Option<u32>,
}

/// Client to server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message: the game, the seat token if the client holds one
    /// (none for a spectator), the join code when joining, and the last
    /// event version seen.
    ///
    /// A friend joining by code makes up a seat token (128 random bits, 32
    /// hex digits) and sends it with the code until welcomed: the same code
    /// and token again get the same seat, so a join whose `welcome` was lost
    /// is simply repeated.
    Hello {
        game: String,
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        code: Option<String>,
        #[serde(default)]
        last_v: Option<u64>,
    },
    Ping,
    Move(MoveText),
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Resign,
    /// Ends the game without a result, before both sides have moved.
    Abort,
    /// In a tournament game, before one's first move: halves one's own
    /// time, for a point more on winning.
    Berserk,
    /// Claims the game (`win`, or `draw`) once the opponent has been gone
    /// long enough.
    Claim {
        draw: bool,
    },
    /// A spectator's suggestion for the side to move.
    Suggest(MoveText),
    /// After the game: offers the opponent another game, sides swapped
    /// (accepting an offer already made by the opponent).
    OfferRematch,
    AcceptRematch,
    DeclineRematch,
    /// A chat message: a player's reaches both players, a spectator's the
    /// spectators (see [`chat_text`] for what a message may be).
    Chat {
        text: String,
    },
    /// One of the set phrases, which each reader's page words in its own
    /// language; passed on as chat is.
    Phrase {
        phrase: Phrase,
    },
    /// Stops (or starts again) passing on the opponent's chat to this
    /// connection.
    Mute {
        muted: bool,
    },
}

/// The chat's set phrases: sent by name, shown in the reader's language.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phrase {
    Hello,
    GoodLuck,
    Thanks,
    GoodGame,
    WellPlayed,
}

impl Phrase {
    pub const ALL: [Phrase; 5] = [
        Phrase::Hello,
        Phrase::GoodLuck,
        Phrase::Thanks,
        Phrase::GoodGame,
        Phrase::WellPlayed,
    ];

    /// Its name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Phrase::Hello => "hello",
            Phrase::GoodLuck => "good_luck",
            Phrase::Thanks => "thanks",
            Phrase::GoodGame => "good_game",
            Phrase::WellPlayed => "well_played",
        }
    }

    /// The phrase of a name, if it is one's.
    pub fn from_name(name: &str) -> Option<Phrase> {
        Phrase::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

/// The longest chat message, in characters.
pub const CHAT_LENGTH: usize = 140;

/// Characters that change how the text around them reads without showing
/// themselves: the bidirectional overrides, embeddings and isolates (which
/// can turn a message around, or the opponent's name after it), the marks
/// of direction, zero-width spaces and joiners other than the one emoji
/// need, invisible operators and fillers. Chat drops them (a guest's name
/// admits letters, digits, spaces, `_` and `-` only, none of these).
fn is_hidden_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'
            | '\u{200C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Whether `c` shows nothing by itself: white space, or the joiner and
/// variation selectors that only shape the emoji around them.
fn is_blank(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200D}' | '\u{FE00}'..='\u{FE0F}')
}

/// A chat message as it is passed on: its control characters (line breaks
/// too) made spaces, its hidden format characters ([`is_hidden_format`])
/// dropped, trimmed; 1 to [`CHAT_LENGTH`] characters with at least one
/// that shows.
pub fn chat_text(raw: &str) -> Result<String, ErrorCode> {
    let text: String = raw
        .chars()
        .filter(|&c| !is_hidden_format(c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let text = text.trim();
    let length = text.chars().count();
    if text.chars().all(is_blank) || length > CHAT_LENGTH {
        return Err(ErrorCode::BadChat);
    }
    Ok(text.to_string())
}

/// What a guest's name starts with wherever a game shows it: a username
/// starts with a letter and a guest's typed name has none of it, so no
/// guest can pass for an account. Pages show it in words ("Ana (guest)").
pub const GUEST_MARK: char = '~';

/// A guest's name as games show it.
pub fn guest_shown(name: &str) -> String {
    format!("{GUEST_MARK}{name}")
}

/// A name as a game gave it: the name, and whether it is a guest's.
pub fn shown_name(name: &str) -> (&str, bool) {
    match name.strip_prefix(GUEST_MARK) {
        Some(guest) => (guest, true),
        None => (name, false),
    }
}

/// A public event of a game, numbered by `v`: on the wire one object, `v`
/// beside the body's fields (`{"v": 4, "event": "moved", …}`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Event {
    pub v: u64,
    pub body: EventBody,
}

/// What happened, tagged by `event` on the wire ([`crate::tagged`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum EventBody {
    Joined {
        side: Role,
    },
    Moved {
        ply: u32,
        turn: String,
    },
    DrawOffered {
        by: Role,
    },
    DrawDeclined {
        by: Role,
    },
    /// The clocks, in a game with clocks, as the server set them at `at`
    /// (its time, ms since the Unix epoch): `left` to White and Black, the
    /// side on move's clock running from then (once the first move is
    /// made). Comes when both seats are taken, and after every move.
    Clock {
        at: u64,
        left: [u64; 2],
    },
    Ended {
        result: GameResult,
        reason: EndReason,
    },
    /// After the game: a player offers another, sides swapped.
    RematchOffered {
        by: Role,
    },
    RematchDeclined {
        by: Role,
    },
    /// The rematch was accepted: it is the game `game`, where each player
    /// plays the other colour with the same seat token.
    Rematched {
        game: String,
    },
    /// After a rated game's end: how each player's rating in this game
    /// changed.
    Rated {
        white: RatingChange,
        black: RatingChange,
    },
    /// The game is one of tournament `id`'s (told at its start): each
    /// player may go berserk before their first move.
    Tournament {
        id: String,
    },
    /// A player went berserk: their time is halved (a [`EventBody::Clock`]
    /// follows), for a point more if they win.
    Berserked {
        by: Role,
    },
}

/// One player's rating before and after a rated game, rounded, and whether
/// the new one is still provisional.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: i32,
    pub after: i32,
    #[serde(default)]
    pub provisional: bool,
}

/// A room's whole state at version `v`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub v: u64,
    /// The game and its moves as a record line.
    pub record: String,
    /// The result and its reason, once the game is over.
    #[serde(default)]
    pub result: Option<GameResult>,
    #[serde(default)]
    pub reason: Option<EndReason>,
    /// The side whose draw offer waits for an answer.
    #[serde(default)]
    pub draw_offer: Option<Role>,
    /// Which seats are taken.
    #[serde(default)]
    pub seated: [bool; 2],
    /// Whether spectators may suggest moves.
    #[serde(default)]
    pub suggestions: bool,
    /// The clocks, in a game with clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// How a rated game changed the ratings (White's, Black's), once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<[RatingChange; 2]>,
    /// After the game: the side whose rematch offer waits, and the
    /// rematch's game once accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_offer: Option<Role>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// The tournament the game is one of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// Which sides went berserk.
    #[serde(default)]
    pub berserk: [bool; 2],
}

/// The clocks as a snapshot shows them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockView {
    pub control: crate::TimeControl,
    /// Time left to White and Black when the snapshot was taken.
    pub left: [u64; 2],
    /// The side whose clock runs.
    #[serde(default)]
    pub running: Option<Role>,
    /// The server's time when the clocks last changed (as [`EventBody::Clock`]).
    #[serde(default)]
    pub at: u64,
}

/// Who is connected.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Presence {
    pub white: bool,
    pub black: bool,
    pub watchers: u32,
}

/// A suggested turn and how many spectators suggest it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Suggestion {
    pub turn: String,
    pub count: u32,
}

/// What went wrong, as a stable code (the message beside it is for people).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A binary frame: only text is spoken.
    BinaryFrame,
    /// A frame over [`MAX_FRAME_BYTES`].
    TooLarge,
    /// Not JSON, or not one of the messages.
    Malformed,
    /// Something other than `hello` came first, or `hello` came twice.
    HelloFirst,
    UnknownGame,
    /// The seat token does not hold a seat in this game.
    WrongToken,
    /// The join code is unknown, used or expired.
    BadCode,
    /// A spectator tried to act as a player.
    Spectator,
    NotYourTurn,
    IllegalMove,
    /// The move was meant for another ply.
    StalePly,
    GameOver,
    /// A draw offer too soon, an abort too late, a claim too early, and the
    /// like.
    NotNow,
    /// Suggestions are off in this game.
    SuggestionsOff,
    /// Too many messages.
    Flooding,
    /// Too many games created or joined from one address; try later.
    TooMany,
    /// Chat messages come too fast: wait a little.
    SlowDown,
    /// A chat message empty or over 140 characters.
    BadChat,
    /// A moderator has muted this player's chat for a while.
    Muted,
    /// The game's stored record cannot be read: it cannot go on.
    Damaged,
    /// The server could not read or store the game just now; nothing was
    /// done, and trying again later may work.
    Unavailable,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BinaryFrame => "binary_frame",
            ErrorCode::Muted => "muted",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::Malformed => "malformed",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::WrongToken => "wrong_token",
            ErrorCode::BadCode => "bad_code",
            ErrorCode::Spectator => "spectator",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotNow => "not_now",
            ErrorCode::SuggestionsOff => "suggestions_off",
            ErrorCode::Flooding => "flooding",
            ErrorCode::TooMany => "too_many",
            ErrorCode::SlowDown => "slow_down",
            ErrorCode::BadChat => "bad_chat",
            ErrorCode::Damaged => "damaged",
            ErrorCode::Unavailable => "unavailable",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::error::Error for ErrorCode {}

/// Server to client, tagged by `type` on the wire ([`crate::tagged`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the seat, and for a player who claimed it by
    /// code without sending a token of their own, the seat token the server
    /// made (only once: joining with a token of one's own is safer).
    Welcome {
        game: String,
        role: Role,
        #[serde(default)]
        token: Option<String>,
    },
    /// The whole game: its record line, the version it reflects, and the
    /// rest of the room's state ([`crate::Room::snapshot`]).
    Snapshot(Snapshot),
    Event(Event),
    /// A move of this connection's was stored and applied.
    Ack {
        ply: u32,
    },
    Presence(Presence),
    /// The opponent has been gone: after `seconds` more the game may be
    /// claimed.
    OpponentGone {
        seconds: u32,
    },
    Suggestions {
        ply: u32,
        list: Vec<Suggestion>,
    },
    Error {
        code: ErrorCode,
        message: String,
    },
    Pong,
    /// A chat message, from a player (to the players) or a spectator (to
    /// the spectators). Nothing of the chat is kept.
    Chat {
        from: Role,
        text: String,
        /// A set phrase, for the reader's page to word (`text` is then
        /// empty).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phrase: Option<Phrase>,
    },
    /// The names the players are shown by (an account's, or a guest's),
    /// after `welcome`, in a game paired in the lobby.
    Players {
        #[serde(default)]
        white: Option<String>,
        #[serde(default)]
        black: Option<String>,
        /// Which of them are bots (White's, Black's).
        #[serde(default)]
        bots: [bool; 2],
    },
}

impl Serialize for ServerMessage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // Flat: the kind, the event's `v`, then its own kind and fields.
            ServerMessage::Event(event) => {
                let plain = EventBody::serialize(&event.body, serde_json::value::Serializer);
                let leading = [
                    ("type", &Value::from("event")),
                    ("v", &Value::from(event.v)),
                ];
                tagged::write(serializer, &leading, "event", plain)
            }
            _ => {
                let plain = ServerMessage::serialize(self, serde_json::value::Serializer);
                tagged::write(serializer, &[], "type", plain)
            }
        }
    }
}

tagged::read_tagged_by!(ServerMessage, "type");

impl Serialize for EventBody {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let plain = EventBody::serialize(self, serde_json::value::Serializer);
        tagged::write(serializer, &[], "event", plain)
    }
}

tagged::read_tagged_by!(EventBody, "event");

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let plain = EventBody::serialize(&self.body, serde_json::value::Serializer);
        tagged::write(serializer, &[("v", &Value::from(self.v))], "event", plain)
    }
}

/// An event is read as `v` first, then the body tagged by `event`.
impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Event;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an event: `v`, then `event` and its fields")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Event, A::Error> {
                let v = tagged::next_field(&mut map, "v")?;
                let body = tagged::read_rest(map)?;
                Ok(Event { v, body })
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// A websocket frame as received.
#[derive(Clone, Copy, Debug)]
pub enum Frame<'a> {
    Text(&'a str),
    Binary(&'a [u8]),
}

/// Whether `text` has the form of a seat token: 32 hex digits (128 bits).
pub fn is_seat_token(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Reads one client message from a frame.
pub fn decode_client(frame: Frame<'_>) -> Result<ClientMessage, ErrorCode> {
    let text = match frame {
        Frame::Binary(_) => return Err(ErrorCode::BinaryFrame),
        Frame::Text(text) => text,
    };
    if text.len() > MAX_FRAME_BYTES {
        return Err(ErrorCode::TooLarge);
    }
    serde_json::from_str(text).map_err(|_| ErrorCode::Malformed)
}

/// Reads one server message (the client's side).
pub fn decode_server(text: &str) -> Result<ServerMessage, ErrorCode> {
    serde_json::from_str(text).map_err(|_| ErrorCode::Malformed)
}

impl ClientMessage {
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMessage {
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
