//! Perft tables (`data/<game>.perft`) checked two independent ways: against
//! the engine, and against the plain array-board reference generator in
//! `reference/` (the four Alquerque rule sets) or against published counts
//! (Turkish).
//!
//! By default each check stops at a node cap, so the run stays quick; set
//! `PERFT_FULL=1` to check every depth. `cargo test --test perft -- --ignored
//! regenerate` rewrites the tables from the engine (`PERFT_GAMES=turkish,...`
//! limits it to some games).

mod reference;

use std::fmt::Write as _;
use std::path::PathBuf;

use engine::{with_bits, Bits, Chains, DraughtsKind, Game, Perft, Position, Rules};
use reference::{RefGame, RefPosition};

/// One position of a table and its counts, by depth.
struct Entry {
    id: String,
    /// Rule options (`name=value`) of this entry.
    options: Vec<String>,
    position: String,
    distinct: Vec<(u32, u64)>,
    paths: Vec<(u32, u64)>,
}

fn table_path(key: DraughtsKind) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/{key}.perft"))
}

fn read_table(key: DraughtsKind) -> Vec<Entry> {
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
                options: Vec::new(),
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
            "option" => entry.options.push(rest.to_string()),
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

fn entry_rules(key: DraughtsKind, entry: &Entry) -> &'static Rules {
    entry.options.iter().fold(key.rules(), |rules, option| {
        let (name, value) = option.split_once('=').expect("name=value");
        rules.with_option(name, value).expect("a known option")
    })
}

/// Checks every count no larger than `cap` in the tables of `games` with
/// `count(rules, position, depth, chains)`.
fn check_tables(
    games: &[DraughtsKind],
    cap: u64,
    count: impl Fn(&'static Rules, &str, u32, Chains) -> u64,
) {
    let mut checked = 0;
    for &key in games {
        let entries = read_table(key);
        assert!(
            entries.len() >= 11,
            "{key}: the start and ten mid-game positions"
        );
        assert!(
            entries[0].distinct.iter().any(|&(d, _)| d >= 7),
            "{key}: the start to depth 7 at least"
        );
        for entry in &entries {
            let rules = entry_rules(key, entry);
            for (chains, counts) in [
                (Chains::Distinct, &entry.distinct),
                (Chains::EveryPath, &entry.paths),
            ] {
                for &(depth, expected) in counts.iter().filter(|&&(_, n)| full() || n <= cap) {
                    let actual = count(rules, &entry.position, depth, chains);
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
    assert!(
        checked > 20 * games.len(),
        "only {checked} counts were checked"
    );
}

const ALQUERQUE_GAMES: [DraughtsKind; 4] = [
    DraughtsKind::Classic,
    DraughtsKind::Special,
    DraughtsKind::Qirkat,
    DraughtsKind::Bell,
];

fn engine_perft(rules: &'static Rules, text: &str, depth: u32, chains: Chains) -> u64 {
    with_bits!(rules, B => {
        let position: Position<B> = Position::from_text(rules, text).expect("position");
        Perft::new(chains).count(&position, depth)
    })
}

#[test]
fn perft_tables_agree_with_the_engine() {
    check_tables(&DraughtsKind::ALL, 400_000, engine_perft);
}

/// Counting the last ply from the move lists gives the tables' counts too
/// (it shares no code with playing each leaf below the last interior ply).
#[test]
fn bulk_counting_agrees_with_the_tables() {
    check_tables(&DraughtsKind::ALL, 500_000, |rules, text, depth, chains| {
        with_bits!(rules, B => {
            let position: Position<B> = Position::from_text(rules, text).expect("position");
            Perft::new(chains).bulk(true).count(&position, depth)
        })
    });
}

#[test]
fn perft_tables_agree_with_the_reference_generator() {
    check_tables(&ALQUERQUE_GAMES, 60_000, |rules, text, depth, chains| {
        let game = RefGame::from_key(rules.key.as_str()).expect("reference game");
        let position = RefPosition::from_text(game, text).expect("position");
        reference::perft(&position, depth, chains == Chains::EveryPath)
    });
    for key in ALQUERQUE_GAMES {
        assert!(
            read_table(key)[0].distinct.iter().any(|&(d, _)| d >= 10),
            "{key}: the start to depth 10 at least"
        );
    }
}

/// Published perft of Turkish draughts with queens landing anywhere beyond the
/// captured piece, every capture path counted.
const TURKISH_PUBLISHED: [u64; 8] = [8, 64, 708, 7_538, 85_090, 931_312, 10_782_382, 123_290_300];

#[test]
fn turkish_matches_the_published_counts() {
    let rules = DraughtsKind::Turkish
        .rules()
        .with_option("queen_lands", "any")
        .expect("option");
    let start: Position<u64> = Position::start(rules);
    let deepest = if full() { 8 } else { 7 };
    for depth in 1..=deepest {
        assert_eq!(
            Perft::new(Chains::EveryPath).count(&start, depth),
            TURKISH_PUBLISHED[depth as usize - 1],
            "depth {depth}"
        );
    }
    // The table's start entry with that option holds the same numbers.
    let table = read_table(DraughtsKind::Turkish);
    let entry = table
        .iter()
        .find(|e| e.id == "start-any")
        .expect("start-any");
    for &(depth, n) in &entry.paths {
        assert_eq!(
            n,
            TURKISH_PUBLISHED[depth as usize - 1],
            "table depth {depth}"
        );
    }
}

/// Depth of the start position's table.
fn start_depth(key: DraughtsKind) -> u32 {
    match key {
        DraughtsKind::Classic => 14,
        DraughtsKind::Special => 10,
        DraughtsKind::Qirkat => 14,
        DraughtsKind::Bell => 14,
        DraughtsKind::Turkish => 8,
    }
}

/// Entries of a table: the start, the start under each option worth its own
/// counts, and twelve mid-game positions from seeded random play.
fn table_entries<B: Bits>(key: DraughtsKind) -> Vec<(String, Vec<String>, Position<B>)> {
    let rules = key.rules();
    let mut entries = vec![("start".to_string(), vec![], Position::<B>::start(rules))];
    if key == DraughtsKind::Turkish {
        let any = rules.with_option("queen_lands", "any").expect("option");
        let options = vec!["queen_lands=any".to_string()];
        entries.push(("start-any".to_string(), options, Position::<B>::start(any)));
    }
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ key as u64;
    let first_mid = entries.len();
    while entries.len() < first_mid + 12 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let plies = 6 + (seed >> 33) as usize % 30;
        let mut game = Game::<B>::new(rules);
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
            let id = format!("mid{}-ply{}", entries.len(), game.turns().len());
            entries.push((id, vec![], p));
        }
    }
    entries
}

fn write_table<B: Bits>(key: DraughtsKind) {
    let mut out = String::new();
    let checked_by = if key == DraughtsKind::Turkish {
        "# Counts by the engine. The start-any entry (queens land anywhere beyond,\n\
         # every path counted) reproduces the published counts of Turkish draughts;\n\
         # the rest are regression data."
    } else {
        "# Counts by the engine, each confirmed by the array-board reference generator\n\
         # in tests/reference (PERFT_FULL=1 checks every depth)."
    };
    let _ = writeln!(
        out,
        "# Perft of `{key}`: leaf counts of the legal-turn tree (a turn is one ply;\n\
         # in Special a huff and the move after it are one turn). `perft` lines count\n\
         # each move once by its origin, destination and captured set (docs/rules.md,\n\
         # Common 5); `paths` lines count every capture path separately.\n\
         # Draw rules do not cut the tree. The mid-game positions come from seeded\n\
         # random play.\n{checked_by}"
    );
    for (id, options, p) in table_entries::<B>(key) {
        let _ = writeln!(out, "\nid {id}");
        for option in &options {
            let _ = writeln!(out, "option {option}");
        }
        let _ = writeln!(out, "position {}", p.to_text());
        let max = if id.starts_with("start") {
            start_depth(key)
        } else {
            30
        };
        for chains in [Chains::Distinct, Chains::EveryPath] {
            let word = if chains == Chains::Distinct {
                "perft"
            } else {
                "paths"
            };
            for depth in 1..=max {
                let n = Perft::new(chains).count(&p, depth);
                let _ = writeln!(out, "{word} {depth} {n}");
                if !id.starts_with("start") && n > 5_000_000 {
                    break;
                }
            }
        }
    }
    std::fs::write(table_path(key), out).expect("write table");
}

#[test]
#[ignore = "rewrites the tables; run by hand"]
fn regenerate() {
    let only = std::env::var("PERFT_GAMES").ok();
    for key in DraughtsKind::ALL {
        if only
            .as_ref()
            .is_some_and(|games| !games.split(',').any(|g| g == key.as_str()))
        {
            continue;
        }
        with_bits!(key.rules(), B => write_table::<B>(key));
    }
}

/// The bulk count (capture paths tallied without listing them, a king's
/// straight continuation searched once for all its landing squares) agrees
/// with listing and playing every move, for every rule set and option, at
/// every position of seeded random games long enough to crown kings.
#[test]
fn bulk_counts_agree_with_playing_every_move_through_whole_games() {
    for &rules in Rules::all() {
        with_bits!(rules, B => {
            let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ rules.key as u64;
            let mut checked = 0;
            for _ in 0..12 {
                let mut game = Game::<B>::new(rules);
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let mut s = seed | 1;
                while !game.is_over() && game.turns().len() < 120 {
                    let position = *game.position();
                    for chains in [Chains::Distinct, Chains::EveryPath] {
                        for depth in 1..=2 {
                            let played = Perft::new(chains).count(&position, depth);
                            let bulk = Perft::new(chains).bulk(true).count(&position, depth);
                            assert_eq!(bulk, played, "{} {chains:?} depth {depth}: {position:?}", rules.key);
                            checked += 1;
                        }
                    }
                    let turns = position.legal_turns();
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    game.play(turns[(s % turns.len() as u64) as usize]).expect("legal");
                }
            }
            assert!(checked > 400, "{}: only {checked} counts", rules.key);
        });
    }
}
