//! Online play's wire. [`api`] defines the HTTP API once, its routes and
//! bodies, for the server and the page alike.
//!
//! The socket's messages are JSON objects tagged by
//! `type`, one enum per direction, shared by the browser client and the
//! server so both read and write exactly the same thing.
//!
//! [`decode_client`] is the server's only way in: it refuses binary frames,
//! oversized frames and anything that is not one well-formed message, with a
//! specific [`ErrorCode`], and never panics.
//!
//! [`Room`] is the referee of a live game, shared too: the server checks
//! every action with it, and a client replays the same events through it,
//! so both always agree on the game.
//!
//! [`Clock`] keeps real-time clocks (a [`TimeControl`] of base plus
//! increment), fed the times at which moves are received.

pub mod api;
pub mod clock;
mod code;
mod ending;
mod message;
pub mod room;
pub mod seat;
mod tagged;

pub use clock::{Clock, OutOfTime, TimeControl};
pub use code::{JoinCode, JoinCodeError};
pub use ending::{ending_of, EndReason, GameResult};
pub use message::{
    chat_text, decode_client, decode_server, guest_shown, is_seat_token, shown_name, ClientMessage,
    ClockView, ErrorCode, Event, EventBody, Frame, MoveText, NewGame, Phrase, Presence,
    RatingChange, Role, ServerMessage, Snapshot, Suggestion, GUEST_MARK, MAX_FRAME_BYTES,
};
pub use room::{side_of, Context, Room};
