//! The messages read back as written, the decoder refuses what it must with
//! the right code, and no input makes it panic.

use alquerque_online_play::{
    decode_client, decode_server, ClientMessage, EndReason, ErrorCode, Event, EventBody, Frame,
    GameResult, MoveText, Presence, Role, ServerMessage, Suggestion, MAX_FRAME_BYTES,
};
use proptest::prelude::*;

fn mv(ply: u32, turn: &str) -> MoveText {
    MoveText {
        ply,
        turn: turn.into(),
        lag: None,
    }
}

fn every_client_message() -> Vec<ClientMessage> {
    use ClientMessage as C;
    vec![
        C::Hello {
            game: "a1b2c3d4e5".into(),
            token: Some("t".into()),
            code: None,
            last_v: Some(7),
        },
        C::Hello {
            game: "a1b2c3d4e5".into(),
            token: None,
            code: Some("K7Q-4MZ".into()),
            last_v: None,
        },
        C::Ping,
        C::Move(mv(3, "h:b3 c2-c3")),
        C::OfferDraw,
        C::AcceptDraw,
        C::DeclineDraw,
        C::Resign,
        C::Abort,
        C::Berserk,
        C::Claim { draw: true },
        C::Suggest(mv(4, "e2e4")),
    ]
}

fn every_server_message() -> Vec<ServerMessage> {
    use ServerMessage as S;
    let event = |v, body| S::Event(Event { v, body });
    vec![
        S::Welcome {
            game: "g".into(),
            role: Role::Black,
            token: Some("secret".into()),
        },
        S::Players {
            white: Some("Ana".into()),
            black: None,
            bots: [false; 2],
        },
        S::Snapshot(alquerque_online_play::Snapshot {
            v: 9,
            record: "classic moves c2-c3".into(),
            result: None,
            reason: None,
            draw_offer: Some(Role::White),
            seated: [true, false],
            suggestions: true,
            clock: Some(alquerque_online_play::ClockView {
                control: "3+2".parse().expect("a control"),
                left: [170_000, 181_500],
                running: Some(Role::Black),
                at: 1_800_000_000_000,
            }),
            rated: None,
            rematch_offer: None,
            rematch: None,
            tournament: Some("t1".into()),
            berserk: [true, false],
        }),
        S::Snapshot(alquerque_online_play::Snapshot {
            v: 3,
            record: "qirkat".into(),
            result: Some(GameResult::NoResult),
            reason: Some(EndReason::NobodyJoined),
            draw_offer: None,
            seated: [true, false],
            suggestions: false,
            clock: None,
            rated: Some([
                alquerque_online_play::RatingChange {
                    before: 1500,
                    after: 1662,
                    provisional: true,
                },
                alquerque_online_play::RatingChange {
                    before: 1500,
                    after: 1338,
                    provisional: true,
                },
            ]),
            rematch_offer: Some(Role::Black),
            rematch: None,
            tournament: None,
            berserk: [false, false],
        }),
        event(1, EventBody::Joined { side: Role::White }),
        event(2, EventBody::Tournament { id: "t1".into() }),
        event(3, EventBody::Berserked { by: Role::Black }),
        event(
            2,
            EventBody::Moved {
                ply: 0,
                turn: "c2-c3".into(),
            },
        ),
        event(3, EventBody::DrawOffered { by: Role::Black }),
        event(
            9,
            EventBody::Rated {
                white: alquerque_online_play::RatingChange {
                    before: 1712,
                    after: 1704,
                    provisional: false,
                },
                black: alquerque_online_play::RatingChange {
                    before: 1450,
                    after: 1459,
                    provisional: false,
                },
            },
        ),
        event(
            3,
            EventBody::Clock {
                at: 1_800_000_000_000,
                left: [60_000, 59_500],
            },
        ),
        event(4, EventBody::DrawDeclined { by: Role::White }),
        event(
            5,
            EventBody::Ended {
                result: GameResult::WhiteWins,
                reason: EndReason::Resignation,
            },
        ),
        S::Ack { ply: 4 },
        S::Presence(Presence {
            white: true,
            black: false,
            watchers: 2,
        }),
        S::OpponentGone { seconds: 30 },
        S::Suggestions {
            ply: 5,
            list: vec![Suggestion {
                turn: "d2-d3".into(),
                count: 2,
            }],
        },
        S::Error {
            code: ErrorCode::StalePly,
            message: "that move was for an earlier position".into(),
        },
        S::Pong,
    ]
}

#[test]
fn every_message_reads_back() {
    for message in every_client_message() {
        let text = message.to_text();
        assert!(text.len() <= MAX_FRAME_BYTES);
        assert_eq!(decode_client(Frame::Text(&text)), Ok(message), "{text}");
    }
    for message in every_server_message() {
        let text = message.to_text();
        assert_eq!(decode_server(&text), Ok(message), "{text}");
    }
}

#[test]
fn the_wire_form_is_tagged_json() {
    assert_eq!(ClientMessage::Ping.to_text(), r#"{"type":"ping"}"#);
    assert_eq!(
        ClientMessage::Move(mv(2, "c2-c3")).to_text(),
        r#"{"type":"move","ply":2,"turn":"c2-c3"}"#
    );
    let moved = ServerMessage::Event(Event {
        v: 3,
        body: EventBody::Moved {
            ply: 2,
            turn: "c2-c3".into(),
        },
    });
    same_object(
        &moved.to_text(),
        r#"{"type":"event","v":3,"event":"moved","ply":2,"turn":"c2-c3"}"#,
    );
    let ended = ServerMessage::Event(Event {
        v: 9,
        body: EventBody::Ended {
            result: GameResult::Draw,
            reason: EndReason::OpponentLeft,
        },
    });
    same_object(
        &ended.to_text(),
        r#"{"type":"event","v":9,"event":"ended","result":"draw","reason":"opponent_left"}"#,
    );
    // Read as the server writes it: the kind first (and an event's `v`
    // before its kind), the other fields in any order.
    for text in [
        r#"{"type":"event","v":3,"event":"moved","ply":2,"turn":"c2-c3"}"#,
        r#"{"type":"event","v":3,"event":"moved","turn":"c2-c3","ply":2}"#,
    ] {
        assert_eq!(decode_server(text), Ok(moved.clone()), "{text}");
    }
    for text in [
        r#"{"v":3,"type":"event","event":"moved","ply":2,"turn":"c2-c3"}"#,
        r#"{"type":"event","event":"moved","v":3,"ply":2,"turn":"c2-c3"}"#,
        r#"{"type":"event","v":3,"ply":2,"turn":"c2-c3"}"#,
        r#"{"type":"ack"}"#,
        r#"{"type":"ack","ply":"two"}"#,
        r#"{"type":"fly","ply":2}"#,
        r#"{"type":3}"#,
        r#"["ack"]"#,
    ] {
        assert_eq!(decode_server(text), Err(ErrorCode::Malformed), "{text}");
    }
    // Fields a kind does not have are passed over, as before.
    assert_eq!(
        decode_server(r#"{"type":"pong","extra":[1,{"a":2}]}"#),
        Ok(ServerMessage::Pong)
    );
    assert_eq!(
        decode_server(r#"{"type":"ack","ply":4,"later":true}"#),
        Ok(ServerMessage::Ack { ply: 4 })
    );
    assert_eq!(decode_server(r#"{"type":"pong"}"#), Ok(ServerMessage::Pong));
    same_object(
        &ServerMessage::Players {
            white: Some("Ana".into()),
            black: Some("HardBot".into()),
            bots: [false, true],
        }
        .to_text(),
        r#"{"type":"players","white":"Ana","black":"HardBot","bots":[false,true]}"#,
    );
    same_object(&ServerMessage::Pong.to_text(), r#"{"type":"pong"}"#);
    same_object(
        &ServerMessage::Ack { ply: 4 }.to_text(),
        r#"{"type":"ack","ply":4}"#,
    );
}

/// `text` is the object `expected`, its kind named first (JSON objects
/// have no order, but a reader finds the kind at once).
fn same_object(text: &str, expected: &str) {
    assert!(text.starts_with(r#"{"type":"#), "{text}");
    let parse = |t: &str| serde_json::from_str::<serde_json::Value>(t).expect("JSON");
    assert_eq!(parse(text), parse(expected), "{text}");
}

#[test]
fn the_decoder_refuses_with_a_code() {
    assert_eq!(
        decode_client(Frame::Binary(b"{\"type\":\"ping\"}")),
        Err(ErrorCode::BinaryFrame)
    );
    let long = format!(
        r#"{{"type":"hello","game":"{}"}}"#,
        "x".repeat(MAX_FRAME_BYTES)
    );
    assert_eq!(decode_client(Frame::Text(&long)), Err(ErrorCode::TooLarge));
    for bad in [
        "",
        "ping",
        "{}",
        r#"{"type":"fly"}"#,
        r#"{"type":"move","ply":-1,"turn":"c2-c3"}"#,
        r#"{"type":"move","turn":"c2-c3"}"#,
        r#"{"type":"claim"}"#,
        r#"[{"type":"ping"}]"#,
    ] {
        assert_eq!(
            decode_client(Frame::Text(bad)),
            Err(ErrorCode::Malformed),
            "{bad}"
        );
    }
}

proptest! {
    #[test]
    fn no_text_makes_the_decoder_panic(text in "\\PC{0,300}") {
        let _ = decode_client(Frame::Text(&text));
        let _ = decode_server(&text);
    }

    #[test]
    fn no_bytes_make_the_decoder_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = decode_client(Frame::Binary(&bytes));
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = decode_client(Frame::Text(text));
        }
    }

    #[test]
    fn json_shaped_noise_never_panics(
        kind in prop::sample::select(vec!["hello", "move", "suggest", "claim", "ping", "resign", "x"]),
        ply in any::<i64>(),
        turn in "\\PC{0,20}",
    ) {
        let text = format!(r#"{{"type":"{kind}","ply":{ply},"turn":{turn:?},"game":{turn:?},"draw":true}}"#);
        let _ = decode_client(Frame::Text(&text));
    }
}

#[test]
fn invisible_and_reversing_text_is_dropped_from_chat() {
    use alquerque_online_play::{chat_text, ErrorCode};
    // A right-to-left override would turn the line (and the name after
    // it) around: the overrides, isolates and marks go.
    assert_eq!(
        chat_text("gg \u{202E}won I\u{202C} \u{2067}x\u{2069}\u{200F}").as_deref(),
        Ok("gg won I x")
    );
    // Lines of zero-width characters only, or with spaces, say nothing.
    for blank in [
        "\u{200B}\u{200B}\u{200B}",
        "\u{200B} \u{2060}\u{FEFF}",
        "\u{202E}",
        " \u{200D}\u{FE0F} ",
        "\u{3164}\u{115F}",
        "\u{E0041}\u{E007F}",
    ] {
        assert_eq!(chat_text(blank), Err(ErrorCode::BadChat), "{blank:?}");
    }
    // Emoji keep the joiner that makes them one.
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
    assert_eq!(chat_text(family).as_deref(), Ok(family));
    // Ordinary text in any script passes as it is.
    for text in [
        "good game",
        "хорошая игра",
        "مباراة جيدة",
        "好棋",
        "ça va ?",
    ] {
        assert_eq!(chat_text(text).as_deref(), Ok(text));
    }
    // The length is what remains.
    let padded = format!("{}{}", "a".repeat(140), "\u{200B}".repeat(50));
    assert_eq!(chat_text(&padded).map(|t| t.len()), Ok(140));
}

#[test]
fn guests_are_marked_unmistakably() {
    use alquerque_online_play::{guest_shown, shown_name};
    let shown = guest_shown("Ana");
    assert_ne!(shown, "Ana");
    assert_eq!(shown_name(&shown), ("Ana", true));
    assert_eq!(shown_name("Ana"), ("Ana", false));
    // No username can start with the mark.
    assert!(!shown.starts_with(|c: char| c.is_ascii_alphabetic()));
}
