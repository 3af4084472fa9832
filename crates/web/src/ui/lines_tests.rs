//! The analysis board from a game on this device: its lines, and playing
//! on from a position against the computer.

use engine::search::Level;
use engine::{DraughtsKind, GameKind, Side};

use super::tests::{booted, enter, session};
use super::*;
use crate::session::Mode;

#[test]
fn a_game_goes_to_the_analysis_board_and_on_against_the_computer() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Classic,
    ))));
    ui.update(Action::Press(Button::StartFriend));
    let first = session(&ui).entries()[0].path.clone();
    enter(&mut ui, &first);
    assert!(ui.view().analysis_board);
    assert!(ui.view().full.lines.is_none());
    // Stepped back to the start, to the analysis board.
    ui.update(Action::Press(Button::Back));
    let fx = ui.update(Action::Press(Button::Lines(LinesButton::Open)));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Ask(r) if r.kind == "analyse")));
    let view = ui.view();
    assert!(!view.analysis_board, "already there");
    let lines = view.full.lines.expect("the lines panel");
    assert_eq!(lines.state, "Main line");
    assert_eq!(session(&ui).review, Some(0));
    // Another first turn: a side line, and both tried from the start.
    let other = session(&ui)
        .game_shown()
        .entries()
        .iter()
        .map(|e| e.path.clone())
        .find(|p| *p != first)
        .expect("another turn");
    enter(&mut ui, &other);
    assert_eq!(ui.view().full.lines.expect("lines").state, "Side line");
    ui.update(Action::Press(Button::Back));
    let tried = ui.view().full.lines.expect("lines").tried;
    assert_eq!(tried.len(), 2);
    ui.update(Action::Press(Button::Lines(LinesButton::Promote)));
    assert_eq!(ui.view().full.lines.expect("lines").state, "Main line");
    // On from the start against the computer: the person takes White.
    ui.update(Action::Press(Button::Lines(LinesButton::Continue(
        Level::Hard,
    ))));
    assert_eq!(
        session(&ui).mode,
        Mode::Computer {
            level: Level::Hard,
            human: Side::White
        }
    );
    assert_eq!(session(&ui).game.ply(), 0);
    assert!(session(&ui).variations.is_none());
}
