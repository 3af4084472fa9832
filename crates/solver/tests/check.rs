//! The proof checker: it replays a proof with the plain reference move
//! generator of the engine's tests (its own board, its own rules, nothing of
//! the engine or the solver) and accepts it only if every line ends in the
//! attacker's win. Every proof in `proofs/` is checked, and so are fresh
//! proofs from the solver, whole and tampered with.

#[path = "../../engine/tests/reference/mod.rs"]
mod reference;

use std::collections::{HashMap, HashSet};

use reference::{RefGame, RefPosition};

/// What a checked proof covers.
#[derive(Debug, PartialEq, Eq)]
struct Checked {
    positions: usize,
    wins: usize,
    /// The root's text and the side proven to win from it.
    root: String,
    attacker: &'static str,
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

/// Checks a proof: walking depth first from the root, each position once,
/// the attacker playing the proof's move and the defender every legal turn
/// in order, every line ends with the defender to move and no legal turn
/// (and, in Qirkat, not both sides blocked), and the proof's moves are all
/// used.
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
    let root = RefPosition::from_text(game, field("root")?)?;
    let mut moves = field("moves")?.chars();
    let mut seen = HashSet::new();
    let mut stack = vec![root];
    let mut wins = 0;
    while let Some(position) = stack.pop() {
        let text = position.to_text();
        if !seen.insert(text.clone()) {
            continue;
        }
        let attacker_moves = (position.side_to_move() == reference::Side::White) == attacker_white;
        let mut turns = position.turns();
        turns.sort_by_key(identity);
        if turns.is_empty() {
            if attacker_moves {
                return Err(format!("the attacker cannot move at {text}"));
            }
            // Qirkat's both-blocked draw, for a side that still has men
            // (one with none has lost: docs/rules.md).
            if game == RefGame::Qirkat
                && has_men(&position)
                && other_side_to_move(game, &position).turns().is_empty()
            {
                return Err(format!("neither side can move at {text}: a draw"));
            }
            wins += 1;
            continue;
        }
        if attacker_moves {
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
        wins,
        root: field("root")?.to_string(),
        attacker: if attacker_white { "White" } else { "Black" },
    })
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
            assert!(checked.wins > 0, "{}", path.display());
            // The file's name says where the proof starts: the game, then
            // `start` or the turns from the start joined by `_`.
            let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
            let stem = name.trim_end_matches(".proof.gz");
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
                "{name}: {} wins, {} positions checked",
                checked.attacker, checked.positions
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
    ] {
        let record = format!("{kind} position {position}");
        let AnyGame::Small(game) = AnyGame::from_record_line(&record).expect("a game") else {
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
        let line = proof
            .text
            .lines()
            .find(|l| l.starts_with("moves\t"))
            .expect("moves");
        let digits = &line["moves\t".len()..];
        let with = |moves: &str| proof.text.replace(line, &format!("moves\t{moves}"));
        assert!(
            check(&with(&digits[1..])).is_err(),
            "{record}: a move dropped"
        );
        assert!(
            check(&with(&format!("{digits}0"))).is_err(),
            "{record}: one too many"
        );
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
