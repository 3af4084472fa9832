//! The light module: each control that opens a tool or online play goes
//! to the whole app's page at an address, and that page, opened there,
//! shows what the control shows in the whole app.

use engine::{DraughtsKind, GameKind, Point};

use super::tests::{booted, enter};
use super::*;
use crate::links::{Link, LINK_KEYS};

const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);

fn p(name: &str) -> Point {
    engine::DraughtsKind::Classic
        .rules()
        .geometry
        .parse_point(name)
        .expect("a point")
}

/// A page (with or without the tools) showing a Classic game between two
/// people, two turns in, looking back at the first.
fn game_looked_back(mut ui: Ui) -> Ui {
    ui.update(boot::fresh_boot(7));
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    ui.update(Action::Press(Button::StartFriend));
    for _ in 0..2 {
        // The first of the legal turns, entered point by point.
        let game = &ui.shared.session.as_ref().expect("a game").game;
        let text = game.turn_coordinates(game.entries()[0].turn);
        let path: Vec<Point> = text.split(['-', 'x']).map(p).collect();
        enter(&mut ui, &path);
    }
    // The last move's motion over.
    ui.update(Action::Board(BoardMsg::Frame(0.0)));
    ui.update(Action::Board(BoardMsg::Frame(60_000.0)));
    ui.update(Action::Press(Button::Back));
    ui
}

/// The address the light page goes to, if any.
fn navigated(fx: &[Effect]) -> Option<&str> {
    fx.iter().find_map(|e| match e {
        Effect::Navigate(query) => Some(query.as_str()),
        _ => None,
    })
}

/// A page with the tools opened at `query`, with `saved` stored.
fn opened_at(query: &str, saved: Option<String>) -> (Ui, Vec<Effect>) {
    let Action::Boot(boot) = boot::fresh_boot(7) else {
        unreachable!("a boot")
    };
    let mut ui = Ui::new();
    let fx = ui.update(Action::Boot(Box::new(Boot {
        saved,
        share: Some(query.to_string()),
        ..*boot
    })));
    (ui, fx)
}

/// What a tool shows: the screen, the game panel, the tools' panels, the
/// board, and what the worker was asked. The editor stands over the game
/// screen: the game behind it is not part of it.
fn shown(ui: &Ui, fx: &[Effect]) -> String {
    let view = ui.view();
    let behind = view.full.editor.is_none();
    let asked: Vec<_> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Ask(r) => Some((r.kind.clone(), r.record.clone(), r.ply, r.depth)),
            Effect::Full(FullEffect::LoadPuzzles(kind)) => {
                Some((kind.as_str().to_string(), String::new(), None, None))
            }
            _ => None,
        })
        .collect();
    format!(
        "{:?}",
        (
            view.screen,
            view.game
                .filter(|_| behind)
                .map(|g| (g.title, g.status, g.moves)),
            view.full.review,
            view.full.analysis,
            view.full.editor,
            view.full.lines,
            view.full.puzzle,
            ui.scene(),
            ui.shared
                .session
                .as_ref()
                .filter(|_| behind)
                .map(|s| (s.game.to_record_line(), s.review)),
            asked,
        )
    )
}

#[test]
fn each_tool_opens_on_the_whole_apps_page_as_it_opens_in_place() {
    let board = Button::Lines(LinesButton::Open);
    let record = Button::ReviewRecord("[Game \"classic\"]\n1. c2-c3 c4xc2 *".to_string());
    // The control pressed in the light page, and the one it stands for
    // where the tools are built in: there the analysis panel opens over
    // the game, here the analysis board, where the panel is on.
    let buttons = [
        (Button::StartReview, Button::StartReview),
        (Button::Analyse, board.clone()),
        (board.clone(), board),
        (
            Button::Editor(EditorButton::Open),
            Button::Editor(EditorButton::Open),
        ),
        (
            Button::Puzzle(PuzzleButton::Open),
            Button::Puzzle(PuzzleButton::Open),
        ),
        (record.clone(), record),
    ];
    for (button, in_place) in buttons {
        let mut light = game_looked_back(Ui::light());
        let fx = light.update(Action::Press(button.clone()));
        let query = navigated(&fx).unwrap_or_else(|| panic!("{button:?} goes to the whole app"));
        assert!(
            light.view().full.review.is_none()
                && light.view().full.editor.is_none()
                && light.view().full.lines.is_none()
                && light.view().full.analysis.is_none()
                && light.view().full.puzzle.is_none(),
            "{button:?}: no tool opens in the light page"
        );
        let saved = light.shared.session.as_ref().map(Session::to_save);
        let (mut there, mut there_fx) = opened_at(query, saved);

        let mut here = game_looked_back(Ui::new());
        let mut here_fx = here.update(Action::Press(in_place));
        // The puzzles show once their set has come.
        for (ui, fx) in [(&mut there, &mut there_fx), (&mut here, &mut here_fx)] {
            if fx.contains(&Effect::Full(FullEffect::LoadPuzzles(CLASSIC))) {
                *fx = ui.update(Action::Full(FullAction::Puzzle(PuzzleMsg::Loaded {
                    kind: CLASSIC,
                    text: Ok(include_str!("../../../../www/puzzles/classic.txt").to_string()),
                })));
            }
        }
        assert_eq!(
            shown(&there, &there_fx),
            shown(&here, &here_fx),
            "{button:?} at {query}"
        );
        assert!(navigated(&here_fx).is_none(), "{button:?}: opened in place");
        assert!(
            there.shared.notice.is_none(),
            "{button:?}: {:?}",
            there.shared.notice
        );
    }
}

#[test]
fn the_light_page_keeps_its_other_controls_and_saves_the_record_itself() {
    let mut light = game_looked_back(Ui::light());
    // The record panel is the whole app's; the record file is saved here
    // too, from the game screen or its result panel.
    assert_eq!(light.view().full.record, None);
    assert!(game_looked_back(Ui::new()).view().full.record.is_some());
    let fx = light.update(Action::Press(Button::DownloadRecord));
    let saved = fx.iter().find_map(|e| match e {
        Effect::Download { name, text } => Some((name.clone(), text.clone())),
        _ => None,
    });
    let (name, text) = saved.expect("the record offered as a file");
    assert!(name.ends_with(".txt"), "{name}");
    assert_eq!(Some(text), light.record_out().map(|(text, _)| text));
    assert!(navigated(&fx).is_none(), "saved in place");
    let fx = light.update(Action::Press(Button::Picture));
    assert!(
        !fx.iter()
            .any(|e| matches!(e, Effect::Full(FullEffect::Picture { .. }))),
        "the picture is the whole app's"
    );
    for button in [Button::Forward, Button::Flip, Button::Undo, Button::Home] {
        let fx = light.update(Action::Press(button.clone()));
        assert!(navigated(&fx).is_none(), "{button:?} stays");
    }
    // A pasted record is read on the whole app's page, which refuses a bad
    // one in words; an empty one goes nowhere.
    let fx = light.update(Action::Press(Button::ReviewRecord(
        "chess moves e2-e4".into(),
    )));
    let query = navigated(&fx).expect("to the whole app");
    let (there, _) = opened_at(query, None);
    assert!(there
        .shared
        .notice
        .as_deref()
        .is_some_and(|n| n.starts_with("This record cannot be read")));
    assert_eq!(there.screen.screen(), Screen::Home);
    let fx = light.update(Action::Press(Button::ReviewRecord(" \n".into())));
    assert!(navigated(&fx).is_none());
    // A link given to the light page is left to the whole app's page: it
    // opens nothing here.
    let Action::Boot(boot) = boot::fresh_boot(7) else {
        unreachable!("a boot")
    };
    let mut light = Ui::light();
    light.update(Action::Boot(Box::new(Boot {
        share: Some("?review=classic+moves+c2-c3".to_string()),
        ..*boot
    })));
    assert_eq!(light.screen.screen(), Screen::Home);
}

#[test]
fn a_language_chosen_by_the_address_goes_along() {
    let Action::Boot(boot) = boot::fresh_boot(7) else {
        unreachable!("a boot")
    };
    let mut light = Ui::light();
    light.update(Action::Boot(Box::new(Boot {
        lang_query: Some("fr".to_string()),
        ..*boot
    })));
    light.update(Action::Press(Button::Pick(CLASSIC)));
    let fx = light.update(Action::Press(Button::Puzzle(PuzzleButton::Open)));
    assert_eq!(navigated(&fx), Some("?puzzles=classic&lang=fr"));
    // Without `?lang=`, the page with the tools finds the language itself.
    let mut light = booted();
    light.shared.full = false;
    light.update(Action::Press(Button::Pick(CLASSIC)));
    let fx = light.update(Action::Press(Button::Puzzle(PuzzleButton::Open)));
    assert_eq!(navigated(&fx), Some("?puzzles=classic"));
}

#[test]
fn an_online_game_is_created_or_joined_on_the_whole_apps_page() {
    // Created: the whole app's page at the link creates the game as if
    // asked on that page.
    let start = Button::StartOnline {
        side: "black".into(),
        suggestions: true,
        clock: Some("1+0".into()),
        on_line: true,
    };
    let mut light = booted();
    light.shared.full = false;
    light.update(Action::Press(Button::Pick(CLASSIC)));
    let fx = light.update(Action::Press(start.clone()));
    let query = navigated(&fx).expect("to the whole app");
    assert_eq!(
        query,
        "?online=classic&side=black&suggestions=1&clock=1%2B0"
    );
    assert!(!fx
        .iter()
        .any(|e| matches!(e, Effect::Full(FullEffect::CreateOnline { .. }))));
    let (there, there_fx) = opened_at(query, None);
    let mut here = booted();
    here.update(Action::Press(Button::Pick(CLASSIC)));
    let here_fx = here.update(Action::Press(start));
    let created = |fx: &[Effect]| {
        fx.iter()
            .find(|e| matches!(e, Effect::Full(FullEffect::CreateOnline { .. })))
            .cloned()
    };
    assert!(created(&here_fx).is_some());
    assert_eq!(created(&there_fx), created(&here_fx));
    assert_eq!(there.shared.notice, here.shared.notice);
    // Offline, the light page says so as the whole app does, and stays.
    let fx = light.update(Action::Press(Button::StartOnline {
        side: "white".into(),
        suggestions: false,
        clock: None,
        on_line: false,
    }));
    assert_eq!(navigated(&fx), None);
    assert!(light.shared.notice.is_some());

    // Joined by code: the whole app's page at the join link.
    let mut light = booted();
    light.shared.full = false;
    let fx = light.update(Action::Press(Button::JoinOnline {
        code: " k7q-4mz ".into(),
        on_line: true,
    }));
    assert_eq!(navigated(&fx), Some("?join=K7Q4MZ"));
    let fx = light.update(Action::Press(Button::JoinOnline {
        code: "K7Q".into(),
        on_line: true,
    }));
    assert_eq!(navigated(&fx), None);
    assert_eq!(
        light.shared.notice.as_deref(),
        Some("A game code has six letters and digits, like K7Q-4MZ.")
    );
    // Offline, the light page says so as the whole app does.
    let fx = light.update(Action::Press(Button::JoinOnline {
        code: "K7Q4MZ".into(),
        on_line: false,
    }));
    assert_eq!(navigated(&fx), None);
    assert!(light
        .shared
        .notice
        .is_some_and(|n| n != "A game code has six letters and digits, like K7Q-4MZ."));
}

#[test]
fn the_page_loads_the_whole_app_for_the_addresses_that_need_it() {
    let page = include_str!("../../../../index.html");
    let attribute = |name: &str| {
        page.split(&format!("{name}=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("the loader's {name}"))
    };
    assert_eq!(
        attribute("data-full-keys").split(' ').collect::<Vec<_>>(),
        FULL_KEYS
    );
    assert_eq!(
        attribute("data-full-stored").split(' ').collect::<Vec<_>>(),
        [ONLINE_KEY, crate::ui::ACCOUNT_KEY]
    );
    for key in LINK_KEYS {
        assert!(FULL_KEYS.contains(&key), "{key}");
        let opened = Link::from_query(&format!("?{key}=classic"));
        assert!(opened.is_some(), "{key} is a link");
    }
}
