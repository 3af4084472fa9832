//! Feeds arbitrary bytes to every text parser of the engine, Chesquerque's
//! included. Nothing may panic, and whatever parses must behave: a position
//! prints back to the same position, every legal turn reads back from its own
//! text, a record prints back to the same game.
#![no_main]

use engine::chesquerque::ChessPosition;
use engine::{record_game, with_bits, Bits, DraughtsKind, Position, Record, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let rules = DraughtsKind::ALL[selector as usize % DraughtsKind::ALL.len()].rules();
    with_bits!(rules, B => check_position::<B>(rules, &text));
    match record_game(&text) {
        Some(key) => with_bits!(key.rules(), B => check_record::<B>(&text)),
        None => check_record::<u32>(&text),
    }
    check_chess(&text);
});

fn check_chess(text: &str) {
    if let Ok(position) = ChessPosition::from_fen(text) {
        let printed = position.to_fen();
        let again = ChessPosition::from_fen(&printed).expect("printed text reads back");
        assert_eq!(again.to_fen(), printed);
        for mv in position.legal_moves() {
            assert_eq!(position.parse_move(&position.move_text(mv)), Ok(mv));
            assert_eq!(position.parse_san(&position.san(mv)), Ok(mv));
        }
    }
    let start = ChessPosition::start();
    for result in [start.parse_move(text), start.parse_san(text)] {
        if let Ok(mv) = result {
            assert!(start.legal_moves().contains(&mv));
        }
    }
}

fn check_position<B: Bits>(rules: &'static Rules, text: &str) {
    if let Ok(position) = Position::<B>::from_text(rules, text) {
        let printed = position.to_text();
        assert_eq!(Position::from_text(rules, &printed), Ok(position));
        for turn in position.legal_turns() {
            assert_eq!(position.parse_turn(&position.turn_text(turn)), Ok(turn));
        }
    }
    let start = Position::<B>::start(rules);
    if let Ok(turn) = start.parse_turn(text) {
        assert!(start.legal_turns().contains(&turn));
    }
}

fn check_record<B: Bits>(text: &str) {
    if let Ok(record) = Record::<B>::from_text(text) {
        let again = Record::<B>::from_text(&record.to_text()).expect("a printed record reads back");
        assert_eq!(again.game.turns(), record.game.turns());
        assert_eq!(again.game.outcome(), record.game.outcome());
    }
}
