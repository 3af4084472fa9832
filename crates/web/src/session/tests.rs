//! The session's own flows: turns entered, undo, draws, prompts.

use super::*;
use engine::DraughtsKind;

pub(crate) fn vs_computer() -> Mode {
    Mode::Computer {
        level: Level::Easy,
        human: Side::White,
    }
}

pub(crate) fn play_first_entries(session: &mut Session, turns: usize) {
    for _ in 0..turns {
        let Some(turn) = session.entries().first().map(|e| e.turn) else {
            return;
        };
        session.play(turn);
    }
}

#[test]
fn undo_against_the_computer_takes_back_the_pair() {
    let mut session = Session::new(GameKind::Draughts(DraughtsKind::Qirkat), vs_computer(), 3);
    play_first_entries(&mut session, 4);
    assert_eq!(session.game.ply(), 4);
    assert!(session.undo());
    assert_eq!(session.game.ply(), 2);
    assert!(session.human_to_move());
    let mut friends = Session::new(GameKind::Draughts(DraughtsKind::Qirkat), Mode::Friend, 3);
    play_first_entries(&mut friends, 3);
    assert!(friends.undo());
    assert_eq!(friends.game.ply(), 2);
}

#[test]
fn input_waits_for_the_persons_turn() {
    let mode = Mode::Computer {
        level: Level::Easy,
        human: Side::Black,
    };
    let mut session = Session::new(GameKind::Draughts(DraughtsKind::Classic), mode, 3);
    let from = session.entries()[0].path[0];
    assert_eq!(session.press(from), Update::Selection);
    assert!(session.selection.path.is_empty());
    assert_eq!(session.computer_to_move(), Some(Level::Easy));
    assert_eq!(session.status(), "The computer is thinking…");
}

#[test]
fn resigning_and_draws_end_the_game_with_a_result() {
    let mut session = Session::new(GameKind::Chesquerque, vs_computer(), 3);
    assert!(session.resign());
    assert_eq!(session.status(), "You lose (resignation)");
    assert_eq!(session.personal_result(), Some(-1));
    let mut friends = Session::new(GameKind::Chesquerque, Mode::Friend, 3);
    assert!(friends.offer_draw(Side::White));
    assert!(friends.person_must_answer());
    assert!(friends.prompt().contains("Accept the draw?"));
    friends.answer_draw(true);
    assert_eq!(friends.status(), "Draw: agreement");
    // Against the computer the offer waits for its answer.
    let mut computer = Session::new(GameKind::Draughts(DraughtsKind::Classic), vs_computer(), 3);
    assert!(computer.offer_draw(Side::White));
    assert!(computer.awaiting_computer_answer() && !computer.person_must_answer());
    assert!(!computer.offer_draw(Side::White), "one offer at a time");
    let restored = Session::from_save(&computer.to_save()).expect("a save");
    assert_eq!(
        restored.draw_offer, None,
        "an unanswered offer is asked again"
    );
    computer.answer_draw(false);
    assert!(!computer.is_over());
    assert!(computer.offer_draw(Side::White));
    computer.answer_draw(true);
    assert_eq!(computer.status(), "Draw: agreement");
}

#[test]
fn the_computer_offers_a_draw_in_a_long_even_game() {
    let mut session = Session::new(GameKind::Draughts(DraughtsKind::Classic), vs_computer(), 3);
    let mut offered_at = None;
    for _ in 0..80 {
        let Some(turn) = session.entries().first().map(|e| e.turn) else {
            break;
        };
        let update = if session.human_to_move() {
            session.play(turn)
        } else {
            session.computer_played(turn, Some(4))
        };
        assert!(matches!(update, Update::Played(_)));
        if session.draw_offer.is_some() {
            offered_at = Some(session.game.ply());
            break;
        }
    }
    let ply = offered_at.expect("an offer within 80 plies of an even game");
    assert!(ply >= 40);
    assert_eq!(
        session.prompt(),
        "The computer offers a draw. Accept the draw?"
    );
    let restored = Session::from_save(&session.to_save()).expect("a save");
    assert_eq!(restored.draw_offer, session.draw_offer);
    session.answer_draw(true);
    assert_eq!(session.status(), "Draw: agreement");
}

#[test]
fn a_computer_that_sees_an_edge_offers_nothing() {
    let mut session = Session::new(GameKind::Draughts(DraughtsKind::Classic), vs_computer(), 3);
    for _ in 0..80 {
        let Some(turn) = session.entries().first().map(|e| e.turn) else {
            break;
        };
        if session.human_to_move() {
            session.play(turn);
        } else {
            session.computer_played(turn, Some(60));
        }
        assert_eq!(session.draw_offer, None);
    }
}

#[test]
fn prompts_follow_the_turn() {
    let mut session = Session::new(GameKind::Draughts(DraughtsKind::Classic), Mode::Friend, 1);
    assert_eq!(session.prompt(), "Choose a piece to move.");
    let from = session.entries()[0].path[0];
    session.press(from);
    assert!(session.prompt().starts_with("Choose where"));
}
