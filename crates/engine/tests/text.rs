//! Position text: every kind of bad text gets its own error; and a record's
//! text read apart into its tags and turns.

use engine::{DraughtsKind, Position, PositionError, Small};

fn parse(key: DraughtsKind, text: &str) -> Result<Position<Small>, PositionError> {
    Position::from_text(key.rules(), text)
}

#[test]
fn start_positions_print_as_documented() {
    for key in [
        DraughtsKind::Classic,
        DraughtsKind::Special,
        DraughtsKind::Qirkat,
        DraughtsKind::Bell,
    ] {
        let start = Position::<Small>::start(key.rules());
        assert_eq!(start.to_text(), "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0");
        assert_eq!(parse(key, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w"), Ok(start));
    }
    let turkish = Position::<u64>::start(DraughtsKind::Turkish.rules());
    assert_eq!(
        turkish.to_text(),
        "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w - - 0"
    );
}

#[test]
fn a_board_too_large_for_the_position_type_is_an_error() {
    let text = DraughtsKind::Turkish.rules().start;
    assert_eq!(
        Position::<u32>::from_text(DraughtsKind::Turkish.rules(), text),
        Err(PositionError::BoardTooLarge)
    );
}

#[test]
fn each_mistake_has_its_own_error() {
    use PositionError::*;
    let cases: &[(DraughtsKind, &str, PositionError)] = &[
        (DraughtsKind::Classic, "", FieldCount { found: 0 }),
        (
            DraughtsKind::Classic,
            "5/5/5/5/5 w - -",
            FieldCount { found: 4 },
        ),
        (
            DraughtsKind::Classic,
            "5/5/5/5 w",
            RankCount {
                expected: 5,
                found: 4,
            },
        ),
        (
            DraughtsKind::Classic,
            "5/5/5/5/4 w",
            RankLength {
                rank: 1,
                expected: 5,
                found: 4,
            },
        ),
        (
            DraughtsKind::Classic,
            "6/5/5/5/5 w",
            RankLength {
                rank: 5,
                expected: 5,
                found: 6,
            },
        ),
        (
            DraughtsKind::Classic,
            "5/5/5/5/wwwwww w",
            RankLength {
                rank: 1,
                expected: 5,
                found: 6,
            },
        ),
        (DraughtsKind::Classic, "5/5/5/5/4x w", BadPieceChar('x')),
        (DraughtsKind::Classic, "5/5/5/5/0w4 w", BadPieceChar('0')),
        (
            DraughtsKind::Classic,
            "5/5/5/5/13w w",
            ConsecutiveDigits { rank: 1 },
        ),
        (DraughtsKind::Classic, "5/5/5/5/5 x", BadSide),
        (DraughtsKind::Classic, "5/5/5/5/W4 w", KingsNotAllowed),
        (
            DraughtsKind::Special,
            "w4/5/5/5/5 w",
            ManOnPromotionRank(pn("a5")),
        ),
        (
            DraughtsKind::Special,
            "5/5/5/5/b4 w",
            ManOnPromotionRank(pn("a1")),
        ),
        (
            DraughtsKind::Classic,
            "5/5/5/5/1w3 w b1<a1 - 0",
            MemoryNotAllowed,
        ),
        (
            DraughtsKind::Qirkat,
            "5/5/5/5/1w3 w b1<b2 - 0",
            MemoryNotSideways(pn("b1")),
        ),
        (
            DraughtsKind::Qirkat,
            "5/5/5/5/1w3 w c1<b1 - 0",
            NoPieceThere(pn("c1")),
        ),
        (
            DraughtsKind::Qirkat,
            "5/5/5/5/1w3 w b1-a1 - 0",
            BadMemoryEntry,
        ),
        (
            DraughtsKind::Qirkat,
            "5/5/5/5/1w3 w b1<a1,b1<c1 - 0",
            DuplicatePoint(pn("b1")),
        ),
        (DraughtsKind::Qirkat, "5/5/5/5/1w3 w b1<z9 - 0", BadPoint),
        (
            DraughtsKind::Classic,
            "5/5/5/5/1w3 b - b1 0",
            HuffingNotAllowed,
        ),
        (
            DraughtsKind::Special,
            "5/5/5/5/1w3 w - b1 0",
            HuffableOfSideToMove(pn("b1")),
        ),
        (
            DraughtsKind::Special,
            "5/5/5/5/1w3 b - c1 0",
            NoPieceThere(pn("c1")),
        ),
        (
            DraughtsKind::Special,
            "5/5/5/5/1w3 b - b1,b1 0",
            DuplicatePoint(pn("b1")),
        ),
        (DraughtsKind::Classic, "5/5/5/5/5 w - - x", BadCounter),
        (
            DraughtsKind::Classic,
            "5/5/5/5/5 w - - 51",
            CounterTooLarge { limit: 50 },
        ),
        (DraughtsKind::Bell, "5/5/5/5/5 w - - 3", CounterNotAllowed),
    ];
    for (key, text, expected) in cases {
        assert_eq!(parse(*key, text), Err(*expected), "{key} {text:?}");
        // Every error explains itself.
        assert!(!expected.to_string().is_empty());
    }
}

fn pn(name: &str) -> engine::geometry::PointName {
    let g = &engine::geometry::ALQUERQUE;
    g.name(g.parse_point(name).expect("point"))
}

/// The message for an unknown game names every game there is.
#[test]
fn an_unknown_game_is_answered_with_the_list_of_games() {
    let message = "chess"
        .parse::<engine::GameKind>()
        .expect_err("unknown")
        .to_string();
    assert!(
        message.starts_with("unknown game (expected classic, "),
        "{message}"
    );
    for variant in engine::GameKind::ALL {
        assert!(message.contains(variant.as_str()), "{message}");
    }
    assert!(message.ends_with(" or chesquerque)"), "{message}");
    let message = "chess"
        .parse::<engine::DraughtsKind>()
        .expect_err("unknown")
        .to_string();
    assert!(message.ends_with(", bell or turkish)"), "{message}");
}

#[test]
fn a_records_tags_and_turns_are_read_apart() {
    use engine::record::{movetext_turns, split_record};
    let text = "[Game \"classic\"]\n[White \"Ann \\\"A\\\" B\"]\n\n1. d3-c3 {the usual} b3xd3\n2. e3xc3 1-0\n";
    let (tags, movetext) = split_record(text).expect("readable");
    assert_eq!(
        tags,
        [
            ("Game".to_string(), "classic".to_string()),
            ("White".to_string(), "Ann \"A\" B".to_string())
        ]
    );
    assert_eq!(
        movetext_turns(&movetext),
        ("d3-c3 b3xd3 e3xc3".to_string(), Some("1-0"))
    );
    // Black's first turn numbered `1...`, no result.
    assert_eq!(
        movetext_turns("1... b3xd3 2. e3xc3"),
        ("b3xd3 e3xc3".to_string(), None)
    );
    // A tag line that is not one is named by its number.
    assert_eq!(split_record("[Game \"classic\"]\n[Black Ben]\n"), Err(2));
    assert_eq!(split_record("[Game \"classic\""), Err(1));
}
