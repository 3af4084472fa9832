use engine::{AnyGame, DraughtsKind, GameKind, Playable};

use crate::session::{Mode, Session};

const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);

/// An analysis board on a Classic game of `n` turns (the first legal turn
/// each time), showing its end.
fn board(n: usize) -> Session {
    let mut game = AnyGame::new(CLASSIC);
    for _ in 0..n {
        let turn = game.entries()[0].turn;
        game.play(turn).expect("legal");
    }
    let mut session = Session::resume(game, Mode::Friend, 1);
    let end = session.game.ply();
    session.keep_variations(end);
    session
}

/// A legal turn of the position shown other than the one the line plays.
fn other_turn(session: &Session) -> engine::AnyTurn {
    let shown = session.game_shown();
    let next = session.game.history().get(shown.ply()).cloned();
    shown
        .legal_turns()
        .into_iter()
        .find(|&t| Some(shown.turn_text(t)) != next)
        .expect("another turn")
}

#[test]
fn a_turn_played_from_an_earlier_position_starts_a_side_line() {
    let mut session = board(3);
    let main = session.game.history();
    session.step_back();
    session.step_back();
    session.step_back();
    assert_eq!(session.review, Some(0));
    // The line stays on screen while stepping back.
    assert_eq!(session.game.history(), main);
    let turn = other_turn(&session);
    let text = session.game_shown().turn_text(turn);
    session.play(turn);
    assert_eq!(session.game.history(), std::slice::from_ref(&text));
    assert_eq!(session.review, None);
    let lines = session.lines_view().expect("an analysis board");
    assert!(!lines.main, "a side line");
    // One back: both turns tried there are offered, the side line's marked.
    session.step_back();
    let lines = session.lines_view().expect("lines");
    let tried: Vec<(&str, bool)> = lines
        .tried
        .iter()
        .map(|t| (t.text.as_str(), t.next))
        .collect();
    assert_eq!(tried, [(main[0].as_str(), false), (text.as_str(), true)]);
    // Going to the main line's turn shows the whole main line again.
    session.show_node(lines.tried[0].node);
    assert_eq!(session.game.history(), main);
    assert_eq!(session.review, Some(1));
    assert!(session.lines_view().expect("lines").main);
}

#[test]
fn a_side_line_promoted_is_the_main_line_and_deleted_is_gone() {
    let mut session = board(3);
    let main = session.game.history();
    session.review_at(0);
    let turn = other_turn(&session);
    session.play(turn);
    let side = session.game.history();
    assert_eq!(side.len(), 1);
    session.promote_line();
    assert!(session.lines_view().expect("lines").main);
    // From the start, forward follows the new main line.
    session.review_at(0);
    session.step_back();
    assert_eq!(session.review, Some(0));
    session.step_forward();
    assert_eq!(session.game.history(), side);
    // Deleted: back at the start, the old line is main again.
    session.delete_line();
    assert_eq!(session.game.history(), main);
    assert_eq!(session.review, Some(0));
    assert!(session.lines_view().expect("lines").tried.is_empty());
    // The start cannot be deleted.
    session.review_at(0);
    session.step_back();
    assert!(!session.lines_view().expect("lines").deletable);
}

#[test]
fn a_press_on_an_earlier_position_plays_from_there_and_forward_follows_the_line() {
    let mut session = board(4);
    let main = session.game.history();
    session.review_at(2);
    // Entering a turn from a stepped-back position works like anywhere.
    let shown = session.game_shown();
    let entry = shown
        .entries()
        .into_iter()
        .find(|e| Some(shown.turn_text(e.turn)) == main.get(2).cloned())
        .expect("the line's own turn");
    for &p in &entry.path {
        session.press(p);
    }
    // The same turn as the line: the line is kept, shown one further on.
    assert_eq!(session.game.history(), main);
    assert_eq!(session.review, Some(3));
    session.step_forward();
    assert_eq!(session.review, None);
    assert_eq!(session.game.ply(), 4);
}

#[test]
fn the_end_of_a_line_says_how_it_ends() {
    // Classic: Black's last man taken, in the analysis of a position.
    let game = AnyGame::from_position_text(
        Some(engine::rules::CLASSIC.key.rules()),
        "5/5/2b2/2w2/5 w - - 0",
    )
    .expect("a position");
    let mut session = Session::resume(game, Mode::Friend, 1);
    session.keep_variations(0);
    assert_eq!(session.lines_view().expect("lines").end, None);
    let capture = session
        .game
        .entries()
        .into_iter()
        .find(|e| !e.captured.is_empty())
        .expect("a capture");
    session.play(capture.turn);
    assert!(session.lines_view().expect("lines").end.is_some());
}
