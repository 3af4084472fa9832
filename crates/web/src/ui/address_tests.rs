//! The address follows the screen, and Back and Forward bring the screen
//! back: driven through [`Ui::update`] as the page's history would.

use engine::search::Level;
use engine::{DraughtsKind, GameKind, Side};

use super::*;
use crate::route::Route;

/// The address effects among `fx`: the query, and whether it was pushed.
fn addresses(fx: &[Effect]) -> Vec<(String, bool)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Address { query, push } => Some((query.clone(), *push)),
            _ => None,
        })
        .collect()
}

/// A page booted at `query`, with `saved` stored as the game in progress.
fn booted_at(query: &str, saved: Option<String>) -> (Ui, Vec<Effect>) {
    let mut ui = Ui::new();
    let Action::Boot(mut boot) = boot::fresh_boot(3) else {
        unreachable!()
    };
    boot.query = query.to_string();
    boot.saved = saved;
    let fx = ui.update(Action::Boot(boot));
    (ui, fx)
}

const QIRKAT: GameKind = GameKind::Draughts(DraughtsKind::Qirkat);

#[test]
fn each_screen_change_adds_an_entry_and_back_brings_each_screen_again() {
    let (mut ui, fx) = booted_at("", None);
    assert_eq!(addresses(&fx), vec![], "the bare address is home's already");
    let mut walk = Vec::new();
    let mut step = |ui: &mut Ui, button: Button| {
        let fx = ui.update(Action::Press(button));
        let screen = ui.view().screen;
        walk.push((addresses(&fx), screen));
    };
    step(&mut ui, Button::Pick(QIRKAT));
    step(
        &mut ui,
        Button::StartComputer {
            level: Level::Easy,
            human: Side::White,
        },
    );
    step(&mut ui, Button::Home);
    step(&mut ui, Button::Lobby(LobbyButton::Open));
    step(&mut ui, Button::Lobby(LobbyButton::Player("Ana".into())));
    let pushed = |q: &str, screen| (vec![(q.to_string(), true)], screen);
    assert_eq!(
        walk,
        vec![
            pushed("?play=qirkat", "opponent"),
            pushed("?game", "game"),
            pushed("", "home"),
            pushed("?lobby", "lobby"),
            pushed("?player=Ana", "player"),
        ]
    );
    // Back, step by step: each screen again, and no new entries.
    for (query, screen) in [
        ("?lobby", "lobby"),
        ("", "home"),
        ("?game", "game"),
        ("?play=qirkat", "opponent"),
        ("", "home"),
    ] {
        let fx = ui.update(Action::Address(query.to_string()));
        assert_eq!(ui.view().screen, screen, "back to {query:?}");
        assert!(addresses(&fx).iter().all(|(_, push)| !push), "{query}");
    }
    // The game in progress was never left: Forward finds it as it was.
    ui.update(Action::Address("?game".into()));
    assert_eq!(ui.view().screen, "game");
    assert_eq!(
        ui.shared.session.as_ref().map(|s| s.game.kind()),
        Some(QIRKAT)
    );
    // Forward to the player's page asks for it again.
    let fx = ui.update(Action::Address("?player=Ana".into()));
    assert_eq!(ui.view().screen, "player");
    assert!(super::lobby_tests::asked(&fx, "api/players/Ana").is_some());
}

#[test]
fn each_address_opens_its_screen_when_the_page_loads() {
    let saved = {
        let (mut ui, _) = booted_at("", None);
        ui.update(Action::Press(Button::Pick(QIRKAT)));
        ui.update(Action::Press(Button::StartFriend));
        ui.shared.session.as_ref().expect("a game").to_save()
    };
    let cases = [
        (
            "?play=qirkat",
            None,
            "opponent",
            Some(Route::Opponent(QIRKAT)),
        ),
        ("?rules=bell", None, "rules", None),
        ("?game", Some(saved.clone()), "game", Some(Route::Game)),
        ("?lobby", None, "lobby", Some(Route::Lobby)),
        ("?live", None, "live", Some(Route::Watch)),
        (
            "?player=Ana",
            None,
            "player",
            Some(Route::Player("Ana".into())),
        ),
        // A game's address with no game kept: home, and its address.
        ("?game", None, "home", Some(Route::Home)),
    ];
    for (query, saved, screen, route) in cases {
        let (ui, fx) = booted_at(query, saved);
        assert_eq!(ui.view().screen, screen, "{query}");
        let route = route.unwrap_or_else(|| Route::from_query(query));
        assert_eq!(ui.route(), Some(route.clone()), "{query}");
        // Loading is not a step to go back to: the address is put right
        // in place, if at all.
        for (written, push) in addresses(&fx) {
            assert!(!push, "{query}");
            assert_eq!(written, route.to_query(), "{query}");
        }
    }
    // The bare address: a first visit opens the game in progress; a
    // reload of the home screen's own entry stays home.
    let (ui, _) = booted_at("", Some(saved.clone()));
    assert_eq!(ui.view().screen, "game");
    let mut again = Ui::new();
    let Action::Boot(mut boot) = boot::fresh_boot(3) else {
        unreachable!()
    };
    boot.saved = Some(saved);
    boot.revisit = true;
    again.update(Action::Boot(boot));
    assert_eq!(again.view().screen, "home");
    assert!(
        again.shared.session.is_some(),
        "the game is kept all the same"
    );
    let (ui, _) = booted_at("?rules=bell", None);
    assert_eq!(
        ui.route(),
        Some(Route::Rules(Some(GameKind::Draughts(DraughtsKind::Bell))))
    );
}

#[test]
fn a_step_on_the_analysis_board_replaces_the_entry_instead_of_adding_one() {
    let mut game = engine::AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
    for _ in 0..3 {
        let turn = game.entries()[0].turn;
        game.play(turn).expect("legal");
    }
    let query = format!(
        "?analysis={}&ply=3",
        crate::links::encode(&game.to_record_line())
    );
    let (mut ui, _) = booted_at(&query, None);
    ui.shared.address = address::Address::default();
    ui.update(Action::Address(query.clone()));
    let fx = ui.update(Action::Press(Button::Back));
    let written = addresses(&fx);
    assert_eq!(written.len(), 1, "{written:?}");
    assert!(!written[0].1, "a step is not a new entry");
    assert!(written[0].0.ends_with("&ply=2"), "{written:?}");
    // Leaving the board is.
    let fx = ui.update(Action::Press(Button::Home));
    assert_eq!(addresses(&fx), vec![(String::new(), true)]);
}

#[test]
fn the_chosen_language_rides_along_and_an_embedded_page_leaves_history_alone() {
    let (mut ui, _) = booted_at("?lang=de", None);
    ui.shared.lang_in_address = true;
    let fx = ui.update(Action::Press(Button::Pick(QIRKAT)));
    assert_eq!(
        addresses(&fx),
        vec![(format!("?play=qirkat&lang={}", ui.shared.lang.code()), true)]
    );

    let mut embedded = Ui::new();
    let Action::Boot(mut boot) = boot::fresh_boot(3) else {
        unreachable!()
    };
    boot.embed = Some(
        crate::embed::Embed::from_query("?embed&game=classic&opponent=friend")
            .expect("an embedding"),
    );
    let mut fx = embedded.update(Action::Boot(boot));
    fx.extend(embedded.update(Action::Press(Button::Rules)));
    fx.extend(embedded.update(Action::Press(Button::CloseRules)));
    assert_eq!(addresses(&fx), vec![]);
}

#[test]
fn the_light_page_hands_the_whole_apps_addresses_to_its_page() {
    let mut light = Ui::light();
    light.update(boot::fresh_boot(3));
    let fx = light.update(Action::Address("?player=Ana".into()));
    assert!(
        fx.contains(&Effect::Navigate("?player=Ana".into())),
        "{fx:?}"
    );
    let fx = light.update(Action::Address("?play=bell".into()));
    assert_eq!(light.view().screen, "opponent");
    assert!(!fx.iter().any(|e| matches!(e, Effect::Navigate(_))));
}
