//! Puzzles: a set fetched, a puzzle solved and one failed, the progress
//! stored and the solution shown.

use engine::{DraughtsKind, GameKind};

use super::tests::{booted, enter, session};
use super::*;

const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);
/// Black's quiet e5-d5 wins by force in the first; the second is made up
/// for the test (only the data's word counts).
const SET: &str = "# two puzzles\n1w2b/5/1b2b/4b/b3w b - - 1\te5-d5\t\tquiet\t999990\t999000\nbbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0\td3-c3\tb3xd3\tcapture\t100\t200\n";

fn stored(fx: &[Effect]) -> Option<String> {
    fx.iter().find_map(|e| match e {
        Effect::Store { key, value } if key == PUZZLES_KEY => Some(value.clone()),
        _ => None,
    })
}

/// The path of the turn written `text` in the position on screen.
fn path_of(ui: &Ui, text: &str) -> Vec<engine::Point> {
    let game = &session(ui).game;
    game.entries()
        .into_iter()
        .find(|e| game.turn_text(e.turn) == text)
        .expect("a legal turn")
        .path
}

#[test]
fn a_puzzle_is_solved_another_failed_and_the_progress_kept() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    let fx = ui.update(Action::Press(Button::Puzzle(PuzzleButton::Open)));
    assert!(fx.contains(&Effect::Full(FullEffect::LoadPuzzles(CLASSIC))));
    ui.update(Action::Full(FullAction::Puzzle(PuzzleMsg::Loaded {
        kind: CLASSIC,
        text: Ok(SET.to_string()),
    })));
    let view = ui.view().full.puzzle.expect("a puzzle");
    assert_eq!(view.title, "Classic puzzle 1 of 2");
    assert_eq!(view.task, "Black to play: find the winning move.");
    assert!(!ui.hint_available(), "no hints before the answer");
    let game = ui.view().game.expect("the board");
    assert!(game.analyse_disabled && game.resign_disabled);
    ui.update(Action::Press(Button::Analyse));
    assert!(
        ui.view().full.analysis.is_none(),
        "no analysis before the answer"
    );
    // The winning move.
    let path = path_of(&ui, "e5-d5");
    let fx = enter(&mut ui, &path);
    let view = ui.view().full.puzzle.expect("a puzzle");
    assert_eq!(
        (view.verdict, view.verdict_text.as_str()),
        ("right", "Right! e5-d5 wins.")
    );
    assert_eq!(view.progress, "Solved 1 of 2");
    assert_eq!(stored(&fx).as_deref(), Some("classic:+0"));
    // The next: a wrong move.
    ui.update(Action::Press(Button::Puzzle(PuzzleButton::Next)));
    assert_eq!(
        ui.view().full.puzzle.expect("a puzzle").title,
        "Classic puzzle 2 of 2"
    );
    let wrong = session(&ui)
        .entries()
        .iter()
        .find(|e| session(&ui).game.turn_text(e.turn) != "d3-c3")
        .expect("another move")
        .path
        .clone();
    let fx = enter(&mut ui, &wrong);
    assert_eq!(ui.view().full.puzzle.expect("a puzzle").verdict, "wrong");
    assert_eq!(stored(&fx).as_deref(), Some("classic:+0,-1"));
    // The solution: the winning move and the line after it.
    ui.update(Action::Press(Button::Puzzle(PuzzleButton::Solution)));
    assert_eq!(session(&ui).game.history(), ["d3-c3", "b3xd3"]);
    assert_eq!(session(&ui).review, Some(1));
    assert_eq!(
        ui.view().full.puzzle.expect("a puzzle").verdict_text,
        "The solution: d3-c3 b3xd3"
    );
    // A reload remembers; the next unsolved puzzle comes first.
    let mut again = Ui::new();
    let super::Action::Boot(mut boot) = boot::fresh_boot(3) else {
        unreachable!()
    };
    boot.puzzles = Some("classic:+0,-1".into());
    again.update(Action::Boot(boot));
    again.update(Action::Press(Button::Pick(CLASSIC)));
    again.update(Action::Press(Button::Puzzle(PuzzleButton::Open)));
    again.update(Action::Full(FullAction::Puzzle(PuzzleMsg::Loaded {
        kind: CLASSIC,
        text: Ok(SET.to_string()),
    })));
    assert_eq!(
        again.view().full.puzzle.expect("a puzzle").title,
        "Classic puzzle 2 of 2"
    );
}

#[test]
fn a_set_that_cannot_be_fetched_or_read_is_told_in_words() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    ui.update(Action::Press(Button::Puzzle(PuzzleButton::Open)));
    ui.update(Action::Full(FullAction::Puzzle(PuzzleMsg::Loaded {
        kind: CLASSIC,
        text: Err("puzzles/classic.txt was not found".into()),
    })));
    assert_eq!(
        ui.shared.notice.as_deref(),
        Some("The puzzles could not be loaded: puzzles/classic.txt was not found")
    );
    ui.update(Action::Full(FullAction::Puzzle(PuzzleMsg::Loaded {
        kind: CLASSIC,
        text: Ok("garbage".into()),
    })));
    assert_eq!(
        ui.shared.notice.as_deref(),
        Some("The puzzles could not be loaded: Puzzle line 1 cannot be read.")
    );
    assert!(ui.view().full.puzzle.is_none());
}
