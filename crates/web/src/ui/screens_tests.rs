//! The game screen's title and players, the result panel with its rematch
//! and look back, confirming moves, and the home screen's "Continue" and
//! results.

use engine::search::Level;
use engine::{GameKind, Side};

use super::tests::{asked, booted, enter, first_turn_reply, session};
use super::*;
use crate::session::Mode;

fn start_computer(ui: &mut Ui, level: Level, human: Side) -> Vec<Effect> {
    ui.update(Action::Press(Button::Pick(GameKind::Chesquerque)));
    ui.update(Action::Press(Button::StartComputer { level, human }))
}

#[test]
fn the_game_screen_names_the_game_the_players_and_the_level() {
    let mut ui = booted();
    start_computer(&mut ui, Level::Hard, Side::Black);
    let view = ui.view().game.expect("a game");
    assert_eq!(view.title, "Chesquerque");
    assert_eq!(view.players, "Computer (Hard) – You");
    assert_eq!(view.status, "The computer is thinking…");
    assert_eq!(view.result, None);

    ui.update(Action::Press(Button::Home));
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        engine::DraughtsKind::Qirkat,
    ))));
    // A game no one has moved in yet is left without asking.
    ui.update(Action::Press(Button::StartFriend));
    let view = ui.view().game.expect("a game");
    assert_eq!(
        (view.title.as_str(), view.players.as_str()),
        ("Qirkat", "White – Black")
    );
}

#[test]
fn a_finished_game_offers_a_rematch_with_sides_swapped_and_a_look_back() {
    let mut ui = booted();
    let fx = start_computer(&mut ui, Level::Easy, Side::White);
    assert!(asked(&fx).is_none(), "White moves first: the person");
    ui.update(Action::Press(Button::Resign)); // asked once more first
    ui.update(Action::Press(Button::Resign));
    let result = ui
        .view()
        .game
        .expect("a game")
        .result
        .expect("a result panel");
    assert_eq!(result.headline, "You lose");
    assert_eq!(result.reason, "resignation");
    assert!(result.rematch);

    // Look back: the panel closes and the first position shows.
    ui.update(Action::Press(Button::LookBack));
    assert_eq!(ui.view().game.expect("a game").result, None);

    // A rematch: the same game and level, the person now Black, so the
    // computer opens at once.
    let fx = ui.update(Action::Press(Button::Rematch));
    let request = asked(&fx).expect("the computer moves first").clone();
    assert_eq!(
        session(&ui).mode,
        Mode::Computer {
            level: Level::Easy,
            human: Side::Black
        }
    );
    assert_eq!(session(&ui).game.kind(), GameKind::Chesquerque);
    let view = ui.view().game.expect("a game");
    assert_eq!(view.players, "Computer (Easy) – You");
    assert_eq!(view.result, None, "a new game shows no result");
    ui.update(first_turn_reply(&request));
    assert_eq!(session(&ui).game.ply(), 1);
    // A rematch only follows a finished game.
    ui.update(Action::Press(Button::Rematch));
    assert_eq!(session(&ui).game.ply(), 1);
}

#[test]
fn a_confirmed_move_waits_for_the_person_and_a_cancelled_one_is_dropped() {
    let mut ui = booted();
    ui.update(Action::Prefs(crate::save::Prefs {
        confirm: true,
        ..ui.shared.prefs
    }));
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        engine::DraughtsKind::Classic,
    ))));
    ui.update(Action::Press(Button::StartFriend));
    let path = session(&ui).entries()[0].path.clone();
    enter(&mut ui, &path);
    assert_eq!(session(&ui).game.ply(), 0, "not played yet");
    let confirm = ui.view().game.expect("a game").confirm.expect("a question");
    assert!(
        confirm.starts_with("Play ") && confirm.contains('?'),
        "{confirm}"
    );

    ui.update(Action::Press(Button::ConfirmMove(false)));
    assert_eq!(session(&ui).game.ply(), 0);
    assert_eq!(ui.view().game.expect("a game").confirm, None);
    assert!(
        session(&ui).selection.path.is_empty(),
        "the entry is dropped"
    );

    enter(&mut ui, &path);
    ui.update(Action::Press(Button::ConfirmMove(true)));
    assert_eq!(session(&ui).game.ply(), 1);
    assert_eq!(ui.view().game.expect("a game").confirm, None);
}

#[test]
fn the_home_screen_offers_to_continue_the_game_in_progress() {
    let mut ui = booted();
    assert_eq!(ui.view().continuing, None);
    start_computer(&mut ui, Level::Medium, Side::White);
    ui.update(Action::Press(Button::Home));
    assert_eq!(
        ui.view().continuing.as_deref(),
        Some("Chesquerque against the computer (Medium) · Your turn")
    );
    ui.update(Action::Press(Button::Continue));
    assert_eq!(ui.screen.screen(), Screen::Game);
    // A finished game is not offered.
    ui.update(Action::Press(Button::Resign)); // asked once more first
    ui.update(Action::Press(Button::Resign));
    assert_eq!(ui.view().continuing, None);
}

#[test]
fn the_rule_book_on_screen_follows_a_change_of_language() {
    let shows_book = |fx: &[Effect]| fx.iter().any(|e| matches!(e, Effect::ShowRules { .. }));
    let mut ui = booted();
    assert!(shows_book(&ui.update(Action::Press(Button::Rules))));
    ui.update(Action::Language("es".into()));
    let es = include_str!("../../../../www/lang/es.json").to_string();
    let fx = ui.update(Action::LanguageLoaded {
        lang: crate::i18n::Lang::Es,
        text: Ok(es),
    });
    assert!(shows_book(&fx), "shown again in Spanish: {fx:?}");
    assert!(shows_book(&ui.update(Action::Language("en".into()))));
    // Away from the book, a new language asks for no book.
    ui.update(Action::Press(Button::CloseRules));
    assert!(!shows_book(&ui.update(Action::Language("fr".into()))));
    crate::i18n::use_english();
}
