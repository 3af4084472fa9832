//! A finished game stays finished: resigning asks twice, a resignation
//! survives a reload, and reviewing the game (here, or on the whole app's
//! page from the light one) keeps its players, its result and how it ended.

use engine::search::Level;
use engine::{DraughtsKind, GameKind, Outcome, Side, WinReason};

use super::tests::{asked, first_turn_reply};
use super::*;

const BELL: GameKind = GameKind::Draughts(DraughtsKind::Bell);

/// Plays the first legal turn as the person, and lets the computer answer
/// with its first legal turn.
fn play_round(ui: &mut Ui) {
    let game = &ui.shared.session.as_ref().expect("a game").game;
    let turn = game.entries()[0].turn;
    let path: Vec<engine::Point> = game
        .turn_coordinates(turn)
        .split(['-', 'x', ':', ' '])
        .filter_map(|name| game.geometry().parse_point(name))
        .collect();
    let fx = super::tests::enter(ui, &path);
    if let Some(request) = asked(&fx) {
        let reply = first_turn_reply(request);
        ui.update(reply);
    }
}

/// Bell against the computer at Easy, the person White, three turns in.
fn bell_three_turns(mut ui: Ui) -> Ui {
    ui.update(boot::fresh_boot(11));
    ui.update(Action::Press(Button::Pick(BELL)));
    let fx = ui.update(Action::Press(Button::StartComputer {
        level: Level::Easy,
        human: Side::White,
    }));
    assert!(asked(&fx).is_none(), "White moves first");
    play_round(&mut ui);
    play_round(&mut ui);
    let ply = ui.shared.session.as_ref().expect("a game").game.ply();
    assert!(ply >= 3, "{ply} turns");
    ui
}

fn resigned_by_white() -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Side::Black,
        reason: WinReason::Resignation,
    })
}

fn outcome(ui: &Ui) -> Option<Outcome> {
    ui.shared.session.as_ref().and_then(|s| s.game.outcome())
}

fn game_view(ui: &Ui) -> GameView {
    ui.view().game.expect("the game screen")
}

#[test]
fn resigning_takes_a_second_press_and_anything_else_forgets_the_first() {
    let mut ui = bell_three_turns(Ui::new());
    ui.update(Action::Press(Button::Resign));
    assert_eq!(outcome(&ui), None, "one press resigns nothing");
    let view = game_view(&ui);
    assert!(view.engine_tools, "a game on this device has the tools");
    assert!(view.resign_asked);
    assert_eq!(view.resign_label, "Resign? Press again");
    // Another control forgets it.
    ui.update(Action::Press(Button::Flip));
    assert!(!game_view(&ui).resign_asked);
    assert_eq!(game_view(&ui).resign_label, "Resign");
    ui.update(Action::Press(Button::Resign));
    assert_eq!(outcome(&ui), None);
    // So does a press on the board.
    ui.update(Action::Board(BoardMsg::PointerDown {
        at: (1.0, 1.0),
        size: (400.0, 400.0),
        button: 0,
        pointer: 1,
        time_ms: 1.0,
    }));
    assert!(!game_view(&ui).resign_asked);
    ui.update(Action::Press(Button::Resign));
    ui.update(Action::Press(Button::Resign));
    assert_eq!(outcome(&ui), resigned_by_white());
    assert!(!game_view(&ui).resign_asked);
}

#[test]
fn a_resigned_game_comes_back_over_and_a_new_game_asks_nothing() {
    let mut ui = bell_three_turns(Ui::new());
    ui.update(Action::Press(Button::Resign));
    let fx = ui.update(Action::Press(Button::Resign));
    let saved = fx
        .iter()
        .find_map(|e| match e {
            Effect::Store { key, value } if key == SAVE_KEY => Some(value.clone()),
            _ => None,
        })
        .expect("the game saved");
    let fx = ui.update(Action::Press(Button::NewGame));
    assert!(
        !fx.iter()
            .any(|e| matches!(e, Effect::Dialog { open: true, .. })),
        "nothing in progress to lose: {fx:?}"
    );
    // Reloaded, it is still over, and still nothing to lose.
    let Action::Boot(boot) = boot::fresh_boot(12) else {
        unreachable!("a boot")
    };
    let mut again = Ui::new();
    again.update(Action::Boot(Box::new(Boot {
        saved: Some(saved),
        ..*boot
    })));
    again.update(Action::Press(Button::Continue));
    assert_eq!(outcome(&again), resigned_by_white());
    assert!(game_view(&again).result.is_some(), "the result panel");
    let fx = again.update(Action::Press(Button::NewGame));
    assert!(!fx
        .iter()
        .any(|e| matches!(e, Effect::Dialog { open: true, .. })));
}

/// What a review must keep of the game `ui` shows: who played, that White
/// resigned, and no control that could change that.
fn keeps_what_happened(ui: &mut Ui) {
    let view = game_view(ui);
    assert_eq!(outcome(ui), resigned_by_white());
    assert!(view.players.contains("You"), "{}", view.players);
    assert!(view.players.contains("Computer"), "{}", view.players);
    assert!(view.status.contains("resignation"), "{}", view.status);
    assert!(view.resign_disabled && view.offer_draw_disabled && view.undo_disabled);
    let (record, _) = ui.record_out().expect("a record");
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    assert!(record.contains("[White \"You\"]"), "{record}");
    // Pressed anyway, they change nothing.
    let ply = ui.shared.session.as_ref().expect("a game").game.ply();
    for button in [
        Button::Resign,
        Button::Resign,
        Button::Undo,
        Button::OfferDraw,
    ] {
        ui.update(Action::Press(button));
    }
    assert_eq!(outcome(ui), resigned_by_white());
    assert_eq!(ui.shared.session.as_ref().expect("a game").game.ply(), ply);
}

#[test]
fn a_review_keeps_the_players_the_result_and_the_ending() {
    // In the whole app, in place.
    let mut ui = bell_three_turns(Ui::new());
    ui.update(Action::Press(Button::Resign));
    ui.update(Action::Press(Button::Resign));
    ui.update(Action::Press(Button::StartReview));
    assert!(ui.view().full.review.is_some(), "under review");
    keeps_what_happened(&mut ui);

    // From the light page, on the whole app's page it leads to.
    let mut light = bell_three_turns(Ui::light());
    light.update(Action::Press(Button::Resign));
    light.update(Action::Press(Button::Resign));
    let fx = light.update(Action::Press(Button::StartReview));
    let query = fx
        .iter()
        .find_map(|e| match e {
            Effect::Navigate(query) => Some(query.clone()),
            _ => None,
        })
        .expect("to the whole app's page");
    assert!(query.starts_with("?record="), "{query}");
    let Action::Boot(boot) = boot::fresh_boot(13) else {
        unreachable!("a boot")
    };
    let mut there = Ui::new();
    there.update(Action::Boot(Box::new(Boot {
        share: Some(query),
        ..*boot
    })));
    assert!(there.view().full.review.is_some(), "under review there");
    keeps_what_happened(&mut there);
}

#[test]
fn the_result_panel_offers_the_record() {
    let mut ui = bell_three_turns(Ui::light());
    ui.update(Action::Press(Button::Resign));
    ui.update(Action::Press(Button::Resign));
    assert!(game_view(&ui).result.is_some());
    let fx = ui.update(Action::Press(Button::DownloadRecord));
    let text = fx
        .iter()
        .find_map(|e| match e {
            Effect::Download { text, .. } => Some(text.clone()),
            _ => None,
        })
        .expect("the record offered");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
}

#[test]
fn zen_mode_is_a_kept_preference_and_shows_in_the_game_view() {
    let mut ui = bell_three_turns(Ui::light());
    assert!(!game_view(&ui).zen);
    let fx = ui.update(Action::Press(Button::Zen));
    assert!(game_view(&ui).zen);
    let stored = fx.iter().any(|e| {
        matches!(e, Effect::Store { key, value } if key == PREFS_KEY && value.contains("\"zen\":true"))
    });
    assert!(stored, "{fx:?}");
    // The preferences' form leaves it as it is.
    let prefs = ui.shared.prefs;
    ui.update(Action::Prefs(crate::save::Prefs {
        zen: false,
        ..prefs
    }));
    assert!(game_view(&ui).zen);
    ui.update(Action::Press(Button::Zen));
    assert!(!game_view(&ui).zen);
}
