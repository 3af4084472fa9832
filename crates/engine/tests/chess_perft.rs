//! Chesquerque perft (`data/chesquerque.perft`) checked two independent ways:
//! against the engine and against the plain reference generator in
//! `chess_reference/`. By default each stops at a node cap; `PERFT_FULL=1`
//! checks every depth.

#[path = "chess_reference/mod.rs"]
mod chess_reference;

use chess_reference::RefChess;
use engine::chesquerque::{chess_perft, ChessPosition};

struct Entry {
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn table() -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for line in include_str!("data/chesquerque.perft")
        .lines()
        .map(str::trim)
    {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').expect("field and value");
        match word {
            "id" => entries.push(Entry {
                id: rest.to_string(),
                position: String::new(),
                counts: Vec::new(),
            }),
            "position" => entries.last_mut().expect("id first").position = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("depth and count");
                let count = (d.parse().expect("depth"), n.parse().expect("count"));
                entries.last_mut().expect("id first").counts.push(count);
            }
            other => panic!("unknown field {other}"),
        }
    }
    entries
}

fn check(cap: u64, count: impl Fn(&str, u32) -> u64) {
    let full = std::env::var_os("PERFT_FULL").is_some();
    let entries = table();
    assert!(
        entries.len() >= 7,
        "the start and at least six built positions"
    );
    assert!(
        entries[0].counts.iter().any(|&(d, _)| d >= 4),
        "the start to depth 4"
    );
    let mut checked = 0;
    for entry in &entries {
        for &(depth, expected) in entry.counts.iter().filter(|&&(_, n)| full || n <= cap) {
            assert_eq!(
                count(&entry.position, depth),
                expected,
                "{} depth {depth}",
                entry.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} counts checked");
}

#[test]
fn chess_perft_agrees_with_the_engine() {
    check(200_000, |text, depth| {
        let position = ChessPosition::from_fen(text).expect("position");
        assert_eq!(position.to_fen(), text, "position text round trip");
        chess_perft(&position, depth)
    });
}

#[test]
fn chess_perft_agrees_with_the_reference_generator() {
    check(30_000, |text, depth| {
        let position = RefChess::from_fen(text).expect("position");
        chess_reference::perft(&position, depth)
    });
}

/// Move by move along random games, the engine and the reference list the same
/// legal moves and reach the same position text.
#[test]
fn chess_engine_and_reference_agree_along_random_games() {
    let mut seed = 0x853C_49E6_748F_EA9Bu64;
    for _ in 0..24 {
        let mut ours = ChessPosition::start();
        let mut theirs = RefChess::start();
        for _ in 0..80 {
            let mut mine: Vec<String> = ours
                .legal_moves()
                .iter()
                .map(|&m| ours.move_text(m))
                .collect();
            mine.sort();
            assert_eq!(mine, theirs.moves(), "moves in {}", ours.to_fen());
            assert_eq!(
                ours.in_check(),
                theirs.in_check(),
                "check in {}",
                ours.to_fen()
            );
            if mine.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let text = &mine[(seed % mine.len() as u64) as usize];
            ours = ours.play(ours.parse_move(text).expect("legal"));
            theirs = theirs.play(text);
            assert_eq!(ours.to_fen(), theirs.to_fen(), "after {text}");
        }
    }
}
