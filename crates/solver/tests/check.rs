//! The proof checker: it replays a proof with the plain reference move
//! generator of the engine's tests (its own board, its own rules, nothing of
//! the engine or the solver). It accepts a win only if every line ends in
//! the attacker's win, and a refutation only if no line does: each ends by
//! the rules, by the no-progress draw, or where the endgame tables (of at
//! most the men the proof names) deny the attacker a win in time. Every
//! proof in `proofs/` is checked, and so are fresh proofs from the solver,
//! whole and tampered with.

#[path = "../../engine/tests/reference/mod.rs"]
mod reference;

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use alquerque_tables::{Tables, Value};
use engine::{DraughtsKind, Position, Small};

use reference::{RefGame, RefPosition};

/// What a checked proof covers.
#[derive(Debug, PartialEq, Eq)]
struct Checked {
    positions: usize,
    /// Lines' ends.
    ends: usize,
    /// The root's text and the side proven to win from it.
    root: String,
    attacker: &'static str,
    /// Whether the proof is of a win (or of a refutation).
    wins: bool,
}

/// The position with the other side to move (for Qirkat's both-blocked
/// draw): the side is the text's second field.
fn other_side_to_move(game: RefGame, position: &RefPosition) -> RefPosition {
    let text = position.to_text();
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[1] = if fields[1] == "w" { "b" } else { "w" };
    RefPosition::from_text(game, &fields.join(" "))
        .expect("the same position, the other side to move")
}

/// Whether the side to move has men: its letter in the text's board field.
fn has_men(position: &RefPosition) -> bool {
    let text = position.to_text();
    let mut fields = text.split(' ');
    let board = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or_default();
    board
        .chars()
        .any(|c| c.to_ascii_lowercase().to_string() == side)
}

/// Classic's no-progress rule: the game is drawn once this many plies have
/// passed without a capture or a forward step (docs/rules.md).
const NO_PROGRESS_LIMIT: u32 = 50;

/// Endgame tables of a game up to so many men, made once for all tests.
fn tables(game: RefGame, men: u32) -> &'static Tables {
    static MADE: OnceLock<Mutex<HashMap<(&'static str, u32), &'static Tables>>> = OnceLock::new();
    let mut made = MADE
        .get_or_init(Mutex::default)
        .lock()
        .expect("the tables' lock");
    made.entry((game.key(), men)).or_insert_with(|| {
        let kind: DraughtsKind = game.key().parse().expect("a game of the engine");
        Box::leak(Box::new(Tables::generate(kind, men).expect("tables")))
    })
}

/// Whether the tables deny the attacker a win at `position` (whose side to
/// move has a move): they hold it, and it is not the attacker's win within
/// the plies the no-progress rule leaves.
fn tables_deny(tables: &Tables, position: &RefPosition, attacker_moves: bool) -> bool {
    let rules = tables.game().rules();
    let Ok(engine) = Position::<Small>::from_text(rules, &position.to_text()) else {
        return false;
    };
    // Only Classic (of the games solved) has a no-progress rule.
    let counted = position.game() == RefGame::Classic;
    let in_time =
        |plies: u16| !counted || position.counter() + u32::from(plies) <= NO_PROGRESS_LIMIT;
    match tables.value(&engine) {
        None => false,
        Some(Value::Win(plies)) if attacker_moves => !in_time(plies),
        Some(Value::Loss(plies)) if !attacker_moves => !in_time(plies),
        Some(_) => true,
    }
}

/// A move's identity as proofs order moves: origin, destination and the
/// captured points, by name.
fn identity(turn: &reference::RefTurn) -> String {
    let mut captured = turn.captured.clone();
    captured.sort();
    format!(
        "{}{}:{}",
        turn.path.first().map_or("", String::as_str),
        turn.path.last().map_or("", String::as_str),
        captured.join(",")
    )
}

/// Checks a proof, walking depth first from the root, each position once.
/// For a win, the attacker plays the proof's move and the defender every
/// legal turn in order; every line must end with the defender to move and
/// no legal turn (and, in Qirkat, not both sides blocked), and none may
/// reach Classic's no-progress draw. For a refutation the sides swap: the
/// defender plays the proof's move, and every line must end without the
/// attacker's win. The proof's moves must all be used.
fn check(text: &str) -> Result<Checked, String> {
    let mut header = HashMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (key, value) = line.split_once('\t').ok_or(format!("no tab in {line:?}"))?;
        if header.insert(key, value).is_some() {
            return Err(format!("two {key} lines"));
        }
    }
    let field = |name| header.get(name).copied().ok_or(format!("no {name} line"));
    let game = RefGame::from_key(field("game")?).ok_or("an unknown game")?;
    let attacker_white = match field("attacker")? {
        "White" => true,
        "Black" => false,
        other => return Err(format!("an unknown attacker {other:?}")),
    };
    let (wins, tables) = match field("claim")? {
        "win" => (true, None),
        "no win" => {
            let men: u32 = field("tables")?
                .parse()
                .map_err(|_| "tables: not a number of men")?;
            if men > 6 {
                return Err(format!(
                    "tables of {men} men are more than this checker makes"
                ));
            }
            (false, (men > 0).then(|| tables(game, men)))
        }
        other => return Err(format!("an unknown claim {other:?}")),
    };
    let root = RefPosition::from_text(game, field("root")?)?;
    let mut moves = field("moves")?.chars();
    let mut seen = HashSet::new();
    let mut stack = vec![root];
    let mut ends = 0;
    while let Some(position) = stack.pop() {
        let text = position.to_text();
        if !seen.insert(text.clone()) {
            continue;
        }
        let attacker_moves = (position.side_to_move() == reference::Side::White) == attacker_white;
        let mut turns = position.turns();
        turns.sort_by_key(identity);
        if turns.is_empty() {
            // Qirkat's both-blocked draw, for a side that still has men
            // (one with none has lost: docs/rules.md).
            let drawn = game == RefGame::Qirkat
                && has_men(&position)
                && other_side_to_move(game, &position).turns().is_empty();
            let attacker_won = !attacker_moves && !drawn;
            if attacker_won != wins {
                return Err(if wins && attacker_moves {
                    format!("the attacker cannot move at {text}")
                } else if wins {
                    format!("neither side can move at {text}: a draw")
                } else {
                    format!("the defender cannot move at {text}: the attacker has won")
                });
            }
            ends += 1;
            continue;
        }
        // The no-progress rule draws once the count reaches its limit,
        // unless the side to move has no move (that comes first).
        if position.counter() >= NO_PROGRESS_LIMIT {
            if wins {
                return Err(format!("drawn by the no-progress rule at {text}"));
            }
            ends += 1;
            continue;
        }
        if tables.is_some_and(|t| tables_deny(t, &position, attacker_moves)) {
            ends += 1;
            continue;
        }
        if attacker_moves == wins {
            let digit = moves.next().ok_or(format!("the moves run out at {text}"))?;
            let place = digit
                .to_digit(36)
                .ok_or(format!("{digit:?} is not a move's place"))?;
            let turn = turns
                .get(place as usize)
                .ok_or(format!("no move {place} at {text}"))?;
            stack.push(position.play(turn));
        } else {
            stack.extend(turns.iter().rev().map(|t| position.play(t)));
        }
    }
    if moves.next().is_some() {
        return Err("moves are left over".to_string());
    }
    Ok(Checked {
        positions: seen.len(),
        ends,
        root: field("root")?.to_string(),
        attacker: if attacker_white { "White" } else { "Black" },
        wins,
    })
}

/// The characters of a proof's moves line.
fn moves_of(text: &str) -> &str {
    text.lines()
        .find_map(|l| l.strip_prefix("moves\t"))
        .expect("a moves line")
}

/// The same proof with other moves.
fn with_moves(text: &str, moves: &str) -> String {
    let old = format!("moves\t{}", moves_of(text));
    text.replace(&old, &format!("moves\t{moves}"))
}

#[test]
fn every_proof_in_the_repository_checks() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../proofs");
    let mut checked_files = 0;
    for entry in std::fs::read_dir(&dir).expect("the proofs folder") {
        let path = entry.expect("an entry").path();
        if path.to_string_lossy().ends_with(".proof.gz") {
            use std::io::Read as _;
            let file = std::fs::File::open(&path).expect("a proof");
            let mut text = String::new();
            flate2::read::GzDecoder::new(file)
                .read_to_string(&mut text)
                .expect("a gzipped proof");
            checked_files += 1;
            let checked = check(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(checked.ends > 0, "{}", path.display());
            // The file's name says where the proof starts: the game, then
            // `start` or the turns from the start joined by `_`; and for a
            // refutation, whose win it refutes.
            let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
            let stem = name.trim_end_matches(".proof.gz");
            let refuted = format!(".no-{}-win", checked.attacker.to_lowercase());
            assert_eq!(stem.ends_with(&refuted), !checked.wins, "{name}");
            let stem = stem.trim_end_matches(&refuted);
            let (game, line) = stem.split_once('-').expect("<game>-<line>");
            let game = RefGame::from_key(game).expect("a game");
            let mut root = RefPosition::start(game);
            if line != "start" {
                for text in line.split('_') {
                    let turn = root
                        .turn_paths()
                        .into_iter()
                        .find(|t| t.text() == text)
                        .unwrap_or_else(|| panic!("{name}: {text} is not legal"));
                    root = root.play(&turn);
                }
            }
            assert_eq!(checked.root, root.to_text(), "{name}");
            eprintln!(
                "{name}: {} {}, {} positions checked",
                checked.attacker,
                if checked.wins {
                    "wins"
                } else {
                    "cannot force a win"
                },
                checked.positions
            );
        }
    }
    assert!(checked_files > 0, "no proofs in {}", dir.display());
}

/// A fresh proof of a small position, and the same proof tampered with.
#[test]
fn a_fresh_proof_checks_and_a_tampered_one_does_not() {
    use alquerque_solver::{Solver, Status};
    use engine::{AnyGame, DraughtsKind, Side};

    for (kind, position) in [
        (DraughtsKind::Qirkat, "5/1b3/5/3w1/w4 w - - 0"),
        (DraughtsKind::Bell, "5/2b2/b4/1ww2/5 w - - 0"),
        // Close to the no-progress draw, so the proof must mind the count.
        (DraughtsKind::Classic, "5/1b3/5/3w1/w4 w - - 44"),
    ] {
        let record = format!("{kind} position {position}");
        let AnyGame::Alquerque(game) = AnyGame::from_record_line(&record).expect("a game") else {
            panic!("a 5×5 game")
        };
        let root = *game.position();
        // Without tables: the proof is the search's own, to the end.
        let mut solver = Solver::new(kind, Side::White, None).expect("a solvable game");
        assert_eq!(solver.run(&root, 1_000_000), Status::Proven, "{record}");
        let proof = solver.proof(&root).expect("a proof");
        let checked = check(&proof.text).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert_eq!(checked.positions, proof.positions, "{record}");

        // Each tampering is caught: a move dropped, one too many, another
        // attacker, and any other choice at the root.
        let digits = moves_of(&proof.text);
        let with = |moves: &str| with_moves(&proof.text, moves);
        assert!(
            check(&with(&digits[1..])).is_err(),
            "{record}: a move dropped"
        );
        assert!(
            check(&with(&format!("{digits}0"))).is_err(),
            "{record}: one too many"
        );
        if kind == DraughtsKind::Classic {
            // The same proof from a root the no-progress rule has drawn.
            let drawn = proof
                .text
                .replace(&format!("{position}\n"), &position.replace(" 44", " 50\n"));
            let refused = check(&drawn).expect_err("a drawn root");
            assert!(refused.contains("no-progress"), "{refused}");
        }
        let black = proof.text.replace("attacker\tWhite", "attacker\tBlack");
        assert!(check(&black).is_err(), "{record}: the other attacker");
        let first = digits.chars().next().expect("the root's move");
        let others = (0..game.position().legal_turns().len())
            .map(|i| char::from_digit(i as u32, 36).expect("a digit"))
            .filter(|&c| c != first);
        let mut refuted = 0;
        for other in others {
            refuted += usize::from(check(&with(&format!("{other}{}", &digits[1..]))).is_err());
        }
        assert!(refuted > 0, "{record}: no other first move is caught");
    }
}

/// A fresh refutation of a drawn Classic position, and the same refutation
/// tampered with.
#[test]
fn a_fresh_refutation_checks_and_a_tampered_one_does_not() {
    use alquerque_solver::{Solver, Status};
    use engine::Side;

    let kind = DraughtsKind::Classic;
    let full = Tables::generate(kind, 4).expect("tables");
    let leaves = tables(RefGame::Classic, 3);
    let mut checked_some = 0;
    for root in alquerque_tables::sample(kind, 4, 400, 0x9E37_79B9) {
        if full.value(&root) != Some(Value::Draw) || root.side_to_move() != Side::White {
            continue;
        }
        let mut solver = Solver::new(kind, Side::White, Some(leaves)).expect("solvable");
        assert_eq!(solver.run(&root, 2_000_000), Status::Disproven, "{root:?}");
        let proof = solver.proof(&root).expect("a refutation");
        if proof.moves < 3 {
            continue;
        }
        let checked = check(&proof.text).unwrap_or_else(|e| panic!("{root:?}: {e}"));
        assert!(!checked.wins);
        assert_eq!(checked.positions, proof.positions);

        // Claimed as a win, or with no tables to end its lines, it fails;
        // so does a move dropped, and so do some of the other choices.
        assert!(check(&proof.text.replace("claim\tno win", "claim\twin")).is_err());
        assert!(check(&proof.text.replace("tables\t3", "tables\t0")).is_err());
        let digits = moves_of(&proof.text);
        let with = |moves: &str| with_moves(&proof.text, moves);
        assert!(
            check(&with(&digits[1..])).is_err(),
            "{root:?}: a move dropped"
        );
        // Another choice at the start is either another refutation or
        // refused: a wrong one never passes for the proof it replaced.
        for other in "0123456789".chars().filter(|&c| !digits.starts_with(c)) {
            if let Ok(again) = check(&with(&format!("{other}{}", &digits[1..]))) {
                assert_ne!(again.positions, checked.positions, "{root:?}");
            }
        }
        checked_some += 1;
        if checked_some == 3 {
            break;
        }
    }
    assert_eq!(checked_some, 3);
}

/// A refutation whose line lets the attacker win is refused.
#[test]
fn a_line_that_ends_the_wrong_way_is_refused() {
    let proof = |claim: &str, root: &str, moves: &str| {
        format!(
            "game\tclassic\nattacker\tWhite\nclaim\t{claim}\ntables\t0\nroot\t{root}\nmoves\t{moves}\n"
        )
    };
    // White takes Black's last man whatever the refutation says.
    let taken = check(&proof("no win", "5/5/5/1b3/1w3 w - - 0", "")).expect_err("a win");
    assert!(taken.contains("the attacker has won"), "{taken}");
}

/// A Classic win that needs every ply the no-progress rule leaves: its proof
/// checks, and the same proof from one count higher runs into the draw.
#[test]
fn a_win_the_count_would_draw_is_refused() {
    use alquerque_solver::{Solver, Status};

    let kind = DraughtsKind::Classic;
    let full = Tables::generate(kind, 3).expect("tables");
    let mut found = 0;
    for position in alquerque_tables::sample(kind, 3, 300, 0x5DEE_CE66) {
        let Some(Value::Win(plies)) = full.value(&position) else {
            continue;
        };
        if plies > 50 {
            continue;
        }
        let text = position.to_text();
        let board = text.rsplit_once(' ').expect("fields").0;
        let at = |count: u16| {
            Position::<Small>::from_text(position.rules(), &format!("{board} {count}"))
                .expect("a position")
        };
        let tight = 50 - plies;
        let mut later = Solver::new(kind, position.side_to_move(), None).expect("solvable");
        if later.run(&at(tight + 1), 1_000_000) != Status::Disproven {
            // A longer win that steps forward on the way: not this test's.
            continue;
        }
        let mut solver = Solver::new(kind, position.side_to_move(), None).expect("solvable");
        assert_eq!(solver.run(&at(tight), 1_000_000), Status::Proven, "{board}");
        let proof = solver.proof(&at(tight)).expect("a proof");
        check(&proof.text).unwrap_or_else(|e| panic!("{board} {tight}: {e}"));
        let moved = proof.text.replace(
            &format!("{board} {tight}\n"),
            &format!("{board} {}\n", tight + 1),
        );
        let refused = check(&moved).expect_err("a line the count draws");
        assert!(refused.contains("no-progress"), "{board}: {refused}");
        found += 1;
    }
    assert!(found >= 3, "{found}");
}
