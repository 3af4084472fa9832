//! Feeds arbitrary bytes to every text parser of the engine. Nothing may
//! panic, and whatever parses must behave: a position prints back to the same
//! position, every legal turn reads back from its own text, a record prints
//! back to the same game.
#![no_main]

use engine::{GameKey, Position, Record, Small};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let rules = GameKey::ALL[selector as usize % GameKey::ALL.len()].rules();

    if let Ok(position) = Position::<Small>::from_text(rules, &text) {
        let printed = position.to_text();
        assert_eq!(Position::from_text(rules, &printed), Ok(position));
        for turn in position.legal_turns() {
            assert_eq!(position.parse_turn(&position.turn_text(turn)), Ok(turn));
        }
    }

    let start = Position::<Small>::start(rules);
    if let Ok(turn) = start.parse_turn(&text) {
        assert!(start.legal_turns().contains(&turn));
    }

    if let Ok(record) = Record::from_text(&text) {
        let again = Record::from_text(&record.to_text()).expect("a printed record reads back");
        assert_eq!(again.game.turns(), record.game.turns());
        assert_eq!(again.game.outcome(), record.game.outcome());
    }
});
