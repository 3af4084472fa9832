//! The opening books that ship with the engine: each reads, each position is
//! one of its game, and each lists every legal turn there exactly once.

use engine::book::builtin;
use engine::{AnyGame, DraughtsKind, Playable};

#[test]
fn every_book_position_lists_each_legal_turn_once() {
    for kind in [
        DraughtsKind::Classic,
        DraughtsKind::Special,
        DraughtsKind::Qirkat,
        DraughtsKind::Bell,
    ] {
        let book = builtin(kind).expect("the book reads");
        // The start and the first replies at least.
        assert!(
            book.entries().len() >= 3,
            "{kind}: {}",
            book.entries().len()
        );
        let start = AnyGame::from_record_line(kind.as_str()).expect("a game");
        assert!(
            book.get(&start.position_text()).is_some(),
            "{kind}: no start"
        );
        for entry in book.entries() {
            let record = format!("{kind} position {}", entry.position);
            let game = AnyGame::from_record_line(&record).expect("a position of the game");
            let mut listed: Vec<_> = entry
                .turns
                .iter()
                .map(|(text, _)| {
                    game.parse(text)
                        .unwrap_or_else(|e| panic!("{record}: {text}: {e}"))
                })
                .collect();
            let mut legal = game.legal_turns();
            listed.sort_by_key(|t| game.turn_coordinates(*t));
            legal.sort_by_key(|t| game.turn_coordinates(*t));
            assert_eq!(listed, legal, "{record}");
            assert!(legal.len() >= 2, "{record}: a position without a choice");
        }
    }
}
