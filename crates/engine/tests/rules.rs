//! Runs the rule fixtures in `data/rules.fixtures`: each case's position must
//! have exactly the listed legal turns (compared as moves, so any path of a
//! capture may be written), playing a turn must give the listed position,
//! and a game played on from the position with a turn must end as listed.

use std::collections::BTreeSet;

use engine::{
    Bits, Chains, DraughtsKind, DrawReason, Game, Outcome, Position, Rules, Side, Turn, WinReason,
};

#[derive(Default)]
struct Case {
    title: String,
    game: Option<DraughtsKind>,
    options: Vec<String>,
    position: String,
    turns: Vec<String>,
    paths: Option<usize>,
    after: Vec<(String, String)>,
    ends: Vec<(String, String)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/rules.fixtures");
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if word == "case" {
            cases.push(Case {
                title: rest.to_string(),
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: no case", n + 1));
        match word {
            "game" => case.game = Some(rest.parse().expect("game key")),
            "option" => case.options.push(rest.to_string()),
            "position" => case.position = rest.to_string(),
            "turns" => case.turns = rest.split(';').map(|t| t.trim().to_string()).collect(),
            "paths" => case.paths = Some(rest.parse().expect("paths count")),
            "after" => {
                let (turn, position) = rest.split_once("=>").expect("after TURN => POSITION");
                case.after
                    .push((turn.trim().to_string(), position.trim().to_string()));
            }
            "ends" => {
                let (turn, outcome) = rest.split_once("=>").expect("ends TURN => OUTCOME");
                case.ends
                    .push((turn.trim().to_string(), outcome.trim().to_string()));
            }
            other => panic!("line {}: unknown field {other}", n + 1),
        }
    }
    cases
}

fn rules(case: &Case) -> &'static Rules {
    case.options
        .iter()
        .fold(case.game.expect("game").rules(), |rules, option| {
            let (name, value) = option.split_once('=').expect("name=value");
            rules.with_option(name, value).expect("a known option")
        })
}

fn position<B: Bits>(case: &Case) -> Position<B> {
    let rules = rules(case);
    if case.position == "start" {
        Position::start(rules)
    } else {
        Position::from_text(rules, &case.position)
            .unwrap_or_else(|e| panic!("{}: bad position: {e}", case.title))
    }
}

/// Checks one case; returns what went wrong, if anything.
fn check<B: Bits>(case: &Case) -> Vec<String> {
    let mut failures = Vec::new();
    let position = position::<B>(case);
    let expected: BTreeSet<Turn<B>> = case
        .turns
        .iter()
        .map(|t| {
            position
                .parse_turn(t)
                .unwrap_or_else(|e| panic!("{}: expected turn {t} does not parse: {e}", case.title))
        })
        .collect();
    assert_eq!(
        expected.len(),
        case.turns.len(),
        "{}: a turn is listed twice",
        case.title
    );
    // A case about how a game ends may leave its turns unlisted.
    if case.turns.is_empty() && !case.ends.is_empty() {
        return check_ends(case, &position);
    }
    let generated: Vec<Turn<B>> = position.legal_turns();
    let actual: BTreeSet<Turn<B>> = generated.iter().copied().collect();
    assert_eq!(
        actual.len(),
        generated.len(),
        "{}: a turn is generated twice",
        case.title
    );
    if actual != expected {
        let show = |set: &BTreeSet<Turn<B>>| {
            set.iter()
                .map(|&t| position.turn_text(t))
                .collect::<Vec<_>>()
                .join("; ")
        };
        failures.push(format!(
            "{}\n  expected: {}\n  actual:   {}",
            case.title,
            show(&expected),
            show(&actual)
        ));
    }
    if let Some(paths) = case.paths {
        assert_eq!(
            position.turns(Chains::EveryPath).len(),
            paths,
            "{}: capture paths",
            case.title
        );
    }
    for (turn, after) in &case.after {
        let parsed = position
            .parse_turn(turn)
            .unwrap_or_else(|e| panic!("{}: after-turn {turn}: {e}", case.title));
        let next = position.play_turn(parsed).to_text();
        if &next != after {
            failures.push(format!(
                "{}: after {turn}\n  expected: {after}\n  actual:   {next}",
                case.title
            ));
        }
    }
    failures.extend(check_ends(case, &position));
    failures
}

/// The outcome a fixture names: `white wins` or `black wins` (the loser
/// left without a legal move), or `draw` (by the no-progress rule).
fn named_outcome(text: &str) -> Outcome {
    match text {
        "white wins" => Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoMoves,
        },
        "black wins" => Outcome::Win {
            winner: Side::Black,
            reason: WinReason::NoMoves,
        },
        "draw" => Outcome::Draw {
            reason: DrawReason::NoProgress,
        },
        other => panic!("unknown outcome {other:?}"),
    }
}

/// Plays each `ends` turn in a game from the case's position; what ended
/// otherwise than listed.
fn check_ends<B: Bits>(case: &Case, position: &Position<B>) -> Vec<String> {
    let mut failures = Vec::new();
    for (turn, outcome) in &case.ends {
        let mut game = Game::from_position(*position);
        let parsed = position
            .parse_turn(turn)
            .unwrap_or_else(|e| panic!("{}: ends-turn {turn}: {e}", case.title));
        game.play(parsed)
            .unwrap_or_else(|e| panic!("{}: ends-turn {turn}: {e}", case.title));
        let expected = named_outcome(outcome);
        if game.outcome() != Some(expected) {
            failures.push(format!(
                "{}: after {turn}\n  expected: {expected:?}\n  actual:   {:?}",
                case.title,
                game.outcome()
            ));
        }
    }
    failures
}

#[test]
fn every_rule_fixture_has_exactly_its_legal_turns() {
    let cases = cases();
    assert!(cases.len() >= 30, "fixture file lost cases");
    let mut failures = Vec::new();
    for case in &cases {
        let rules = rules(case);
        failures.extend(engine::with_bits!(rules, B => check::<B>(case)));
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
