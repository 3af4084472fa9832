//! The online-play message decoder never panics, and whatever it accepts
//! writes back to text that decodes to the same message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use online_play::{decode_client, Frame};

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
    }
});
