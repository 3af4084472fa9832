//! Perft tables (`data/<game>.perft`) checked two independent ways: against
//! the engine, and against the plain array-board reference generator in
//! `reference/`.
//!
//! By default each side stops at a node cap, so the run stays quick; set
//! `PERFT_FULL=1` to check every depth with both. `cargo test --test perft --
//! --ignored regenerate` rewrites the tables from the engine.

mod reference;

use std::fmt::Write as _;
use std::path::PathBuf;

use engine::{Chains, Game, GameKey, Perft, Position, Small};
use reference::{RefGame, RefPosition};

/// One position of a table and its counts, by depth.
struct Entry {
    id: String,
    position: String,
    distinct: Vec<(u32, u64)>,
    paths: Vec<(u32, u64)>,
}

fn table_path(key: GameKey) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/{key}.perft"))
}

fn read_table(key: GameKey) -> Vec<Entry> {
    let text = std::fs::read_to_string(table_path(key)).expect("perft table");
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').expect("field and value");
        if word == "id" {
            entries.push(Entry {
                id: rest.to_string(),
                position: String::new(),
                distinct: Vec::new(),
                paths: Vec::new(),
            });
            continue;
        }
        let entry = entries.last_mut().expect("an id line first");
        let count = || {
            let (d, n) = rest.split_once(' ').expect("depth and count");
            (d.parse().expect("depth"), n.parse().expect("count"))
        };
        match word {
            "position" => entry.position = rest.to_string(),
            "perft" => entry.distinct.push(count()),
            "paths" => entry.paths.push(count()),
            other => panic!("unknown field {other}"),
        }
    }
    entries
}

fn full() -> bool {
    std::env::var_os("PERFT_FULL").is_some()
}

/// Checks every table count no larger than `cap` with `count`.
fn check_tables(cap: u64, count: impl Fn(GameKey, &str, u32, Chains) -> u64) {
    let mut checked = 0;
    for key in GameKey::ALL {
        let entries = read_table(key);
        assert!(
            entries.len() >= 11,
            "{key}: the start and ten mid-game positions"
        );
        assert!(
            entries[0].distinct.iter().any(|&(d, _)| d >= 10),
            "{key}: the start to depth 10 at least"
        );
        for entry in &entries {
            for (chains, counts) in [
                (Chains::Distinct, &entry.distinct),
                (Chains::EveryPath, &entry.paths),
            ] {
                for &(depth, expected) in counts.iter().filter(|&&(_, n)| full() || n <= cap) {
                    let actual = count(key, &entry.position, depth, chains);
                    assert_eq!(
                        actual, expected,
                        "{key} {} depth {depth} {chains:?}",
                        entry.id
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} counts were checked");
}

#[test]
fn perft_tables_agree_with_the_engine() {
    check_tables(400_000, |key, text, depth, chains| {
        let position: Position<Small> = Position::from_text(key.rules(), text).expect("position");
        Perft::new(chains).count(&position, depth)
    });
}

#[test]
fn perft_tables_agree_with_the_reference_generator() {
    check_tables(60_000, |key, text, depth, chains| {
        let game = RefGame::from_key(key.as_str()).expect("reference game");
        let position = RefPosition::from_text(game, text).expect("position");
        reference::perft(&position, depth, chains == Chains::EveryPath)
    });
}

/// Depth of the start position's table.
fn start_depth(key: GameKey) -> u32 {
    match key {
        GameKey::Classic => 14,
        GameKey::Special => 10,
        GameKey::Qirkat => 14,
        GameKey::Bell => 14,
    }
}

#[test]
#[ignore = "rewrites the tables; run by hand"]
fn regenerate() {
    for key in GameKey::ALL {
        let rules = key.rules();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# Perft of `{key}`: leaf counts of the legal-turn tree (a turn is one ply;\n\
             # in Special a huff and the move after it are one turn). `perft` lines count\n\
             # each move once by its origin, destination and captured set (RULES.md,\n\
             # \"Move identity\"); `paths` lines count every capture path separately.\n\
             # Draw rules do not cut the tree. The mid-game positions come from seeded\n\
             # random play. Counts by the engine, each confirmed by the array-board\n\
             # reference generator in tests/reference (PERFT_FULL=1 checks every depth)."
        );
        let mut positions = vec![("start".to_string(), Position::<Small>::start(rules))];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ key as u64;
        while positions.len() < 13 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let plies = 6 + (seed >> 33) as usize % 30;
            let mut game = Game::<Small>::new(rules);
            let mut s = seed;
            for _ in 0..plies {
                if game.is_over() {
                    break;
                }
                let turns = game.position().legal_turns();
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let turn = turns[(s % turns.len() as u64) as usize];
                game.play(turn).expect("legal");
            }
            let p = *game.position();
            if !game.is_over() && p.legal_turns().len() >= 3 {
                positions.push((
                    format!("mid{}-ply{}", positions.len(), game.turns().len()),
                    p,
                ));
            }
        }
        for (id, p) in positions {
            let _ = writeln!(out, "\nid {id}\nposition {}", p.to_text());
            let max = if id == "start" { start_depth(key) } else { 30 };
            for chains in [Chains::Distinct, Chains::EveryPath] {
                let word = if chains == Chains::Distinct {
                    "perft"
                } else {
                    "paths"
                };
                for depth in 1..=max {
                    let n = Perft::new(chains).count(&p, depth);
                    let _ = writeln!(out, "{word} {depth} {n}");
                    if id != "start" && n > 5_000_000 {
                        break;
                    }
                }
            }
        }
        std::fs::write(table_path(key), out).expect("write table");
    }
}
