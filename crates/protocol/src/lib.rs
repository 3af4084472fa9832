//! The messages of online play: JSON objects tagged by
//! `type`, one enum per direction, shared by the browser client and the
//! server so both read and write exactly the same thing.
//!
//! [`decode_client`] is the server's only way in: it refuses binary frames,
//! oversized frames and anything that is not one well-formed message, with a
//! specific [`ErrorCode`], and never panics.

mod code;
mod message;

pub use code::{JoinCode, JoinCodeError};
pub use message::{
    decode_client, decode_server, ClientMessage, ErrorCode, Event, EventBody, Frame, MoveText,
    Presence, Role, ServerMessage, Suggestion, MAX_FRAME_BYTES,
};
