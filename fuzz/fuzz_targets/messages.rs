//! The online-play message decoders (the server's of client messages, the
//! browser's of server messages) never panic, and whatever they accept
//! writes back to text that decodes to the same message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use online_play::{decode_client, decode_server, Frame};

fuzz_target!(|data: &[u8]| {
    let _ = decode_client(Frame::Binary(data));
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(message) = decode_client(Frame::Text(text)) {
            // Written out in full (absent fields as null) it may outgrow
            // the frame limit; otherwise it must read back the same.
            let written = message.to_text();
            if written.len() <= online_play::MAX_FRAME_BYTES {
                assert_eq!(decode_client(Frame::Text(&written)), Ok(message));
            }
        }
        if let Ok(message) = decode_server(text) {
            assert_eq!(decode_server(&message.to_text()), Ok(message));
        }
    }
});
