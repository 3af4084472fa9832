//! The board editor: pieces placed with presses on the board, the engine's
//! verdict in words, and a valid position analysed, played or shared.

use engine::board_setup::{BoardSetup, SetupError};
use engine::search::Level;
use engine::{AnyGame, DraughtsKind, GameKind, PieceKind, PieceView, Playable, Side};

use super::editor::setup_words;
use super::tests::{booted, session, tap};
use super::*;
use crate::session::Mode;

const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);

fn press(ui: &mut Ui, button: EditorButton) -> Vec<Effect> {
    ui.update(Action::Press(Button::Editor(button)))
}

/// The editor opened from the opponent screen of `kind`.
fn editing(kind: GameKind) -> Ui {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(kind)));
    press(&mut ui, EditorButton::Open);
    assert_eq!(ui.screen.screen(), Screen::Game);
    ui
}

fn editor(ui: &Ui) -> EditorView {
    ui.view().full.editor.expect("the editor is open")
}

fn point(ui: &Ui, name: &str) -> engine::Point {
    ui.board_geometry()
        .and_then(|g| g.parse_point(name))
        .expect("a point")
}

#[test]
fn presses_place_the_brush_and_the_verdict_follows_the_board() {
    let mut ui = editing(CLASSIC);
    let view = editor(&ui);
    assert_eq!(view.error, None, "the start is valid");
    assert!(
        view.position.starts_with("bbbbb/bbbbb/bb1ww/"),
        "{}",
        view.position
    );
    // A thirteenth white man in the middle.
    let c3 = point(&ui, "c3");
    tap(&mut ui, c3, 1000.0);
    let error = editor(&ui).error.expect("refused");
    assert_eq!(error, "White has 13 pieces; a side has at most 12.");
    assert!(ui.view().game.is_none() || ui.view().full.editor.is_some());
    // Pressed again, it comes off; the position is valid again.
    tap(&mut ui, c3, 3000.0);
    assert_eq!(editor(&ui).error, None);
    // The eraser takes Black's men off one by one; with none left, Black
    // has no pieces.
    press(&mut ui, EditorButton::Brush("erase".into()));
    assert!(editor(&ui)
        .palette
        .iter()
        .any(|b| b.code == "erase" && b.pressed));
    let points: Vec<engine::Point> = ui
        .screen
        .tool()
        .editor()
        .expect("editing")
        .setup
        .board
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_some_and(|p| p.side == Side::Black))
        .map(|(i, _)| engine::Point::from_index_unchecked(i as u8))
        .collect();
    for (i, &p) in points.iter().enumerate() {
        tap(&mut ui, p, 10_000.0 * (i + 2) as f64);
    }
    assert_eq!(editor(&ui).error.as_deref(), Some("Black has no pieces."));
    // Nothing can be played from it.
    let fx = press(&mut ui, EditorButton::Analyse);
    assert!(ui.screen.tool().editor().is_some(), "still editing");
    assert!(fx.iter().all(|e| !matches!(e, Effect::Ask(_))));
}

#[test]
fn the_palette_offers_the_games_pieces() {
    let ui = editing(CLASSIC);
    let codes: Vec<String> = editor(&ui).palette.into_iter().map(|b| b.code).collect();
    assert_eq!(codes, ["w-man", "b-man", "erase"]);
    let ui = editing(GameKind::Draughts(DraughtsKind::Turkish));
    let labels: Vec<String> = editor(&ui).palette.into_iter().map(|b| b.label).collect();
    assert!(labels.contains(&"white queen".to_string()), "{labels:?}");
    let ui = editing(GameKind::Chesquerque);
    let view = editor(&ui);
    assert_eq!(view.palette.len(), 15);
    assert!(view.castling.is_some() && view.en_passant.is_some());
}

#[test]
fn a_valid_position_is_analysed_on_a_board_of_its_own() {
    let mut ui = editing(CLASSIC);
    press(&mut ui, EditorButton::Side);
    assert_eq!(editor(&ui).side, "Black to move");
    let position = editor(&ui).position;
    assert!(position.contains(" b "), "{position}");
    assert!(editor(&ui).link.starts_with("?analysis=classic&position="));
    let fx = press(&mut ui, EditorButton::Analyse);
    assert!(ui.screen.tool().editor().is_none());
    assert_eq!(session(&ui).game.position_text(), position);
    assert_eq!(session(&ui).mode, Mode::Friend);
    assert!(
        ui.view().full.analysis.is_some(),
        "the analysis panel is on"
    );
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Ask(r) if r.kind == "analyse")),
        "{fx:?}"
    );
    // The analysis board is not the person's saved game.
    assert!(!fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, .. } if key == SAVE_KEY)));
}

#[test]
fn a_valid_position_is_played_against_the_computer_and_saved() {
    let mut ui = editing(CLASSIC);
    press(&mut ui, EditorButton::Side);
    let position = editor(&ui).position;
    let fx = press(
        &mut ui,
        EditorButton::Computer {
            level: Level::Easy,
            human: Side::White,
        },
    );
    assert_eq!(
        session(&ui).mode,
        Mode::Computer {
            level: Level::Easy,
            human: Side::White
        }
    );
    assert_eq!(session(&ui).game.position_text(), position);
    // Black moves first here: the computer is asked at once, and the game
    // is saved with its start position.
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Ask(r) if r.kind != "analyse")));
    let saved = fx.iter().find_map(|e| match e {
        Effect::Store { key, value } if key == SAVE_KEY => Some(value.clone()),
        _ => None,
    });
    let saved = saved.expect("saved");
    let restored = crate::session::Session::from_save(&saved).expect("restored");
    assert_eq!(restored.game.position_text(), position);
}

#[test]
fn the_editor_opens_on_the_position_shown_and_leaving_goes_back_to_the_game() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    ui.update(Action::Press(Button::StartFriend));
    let turn = session(&ui).entries()[0].path.clone();
    super::tests::enter(&mut ui, &turn);
    assert_eq!(session(&ui).game.ply(), 1);
    let after = session(&ui).game.position_text();
    press(&mut ui, EditorButton::Open);
    assert_eq!(editor(&ui).position, after);
    press(&mut ui, EditorButton::Cancel);
    assert!(ui.screen.tool().editor().is_none());
    assert_eq!(ui.screen.screen(), Screen::Game);
    assert_eq!(session(&ui).game.ply(), 1, "the game is as it was");
    // Stepped back, the editor starts from the position shown.
    ui.update(Action::Press(Button::Back));
    press(&mut ui, EditorButton::Open);
    assert_eq!(editor(&ui).position, AnyGame::new(CLASSIC).position_text());
}

#[test]
fn chesquerque_rights_and_a_mistyped_point_are_told_in_words() {
    let mut ui = editing(GameKind::Chesquerque);
    press(&mut ui, EditorButton::EnPassant("z9".into()));
    assert_eq!(
        editor(&ui).error.as_deref(),
        Some("“z9” is not a point of this board.")
    );
    press(&mut ui, EditorButton::EnPassant("e5".into()));
    assert!(editor(&ui)
        .error
        .expect("refused")
        .starts_with("The en-passant point must be"));
    assert!(editor(&ui).forget);
    press(&mut ui, EditorButton::Forget);
    assert_eq!(editor(&ui).error, None);
    // The king's rook taken off with its castling right still on.
    press(&mut ui, EditorButton::Brush("erase".into()));
    let i1 = point(&ui, "i1");
    tap(&mut ui, i1, 1000.0);
    assert_eq!(
        editor(&ui).error.as_deref(),
        Some("Castling right K needs the king and that rook on their first points.")
    );
    press(&mut ui, EditorButton::Castle(0));
    assert_eq!(editor(&ui).error, None);
}

#[test]
fn every_refusal_has_words_of_its_own() {
    use engine::any_game::StartError;
    use engine::chesquerque::FenError;
    use engine::text::PositionError;
    let setup = BoardSetup::start(CLASSIC);
    let name = setup
        .geometry()
        .name(setup.geometry().parse_point("c3").expect("c3"));
    let errors = [
        SetupError::TooManyPieces {
            side: Side::White,
            found: 13,
            limit: 12,
        },
        SetupError::TooManyPieces {
            side: Side::Black,
            found: 13,
            limit: 12,
        },
        SetupError::TooManyPawns {
            side: Side::White,
            found: 10,
        },
        SetupError::TooManyPawns {
            side: Side::Black,
            found: 10,
        },
        SetupError::NoPieces(Side::White),
        SetupError::NoPieces(Side::Black),
        SetupError::WrongPiece(engine::Point::from_index_unchecked(0)),
        SetupError::AlreadyOver,
        SetupError::Rules(StartError::Draughts(PositionError::KingsNotAllowed)),
        SetupError::Rules(StartError::Draughts(PositionError::ManOnPromotionRank(
            name,
        ))),
        SetupError::Rules(StartError::Draughts(PositionError::NoPieceThere(name))),
        SetupError::Rules(StartError::Draughts(PositionError::HuffableOfSideToMove(
            name,
        ))),
        SetupError::Rules(StartError::Chess(FenError::KingCount(Side::White))),
        SetupError::Rules(StartError::Chess(FenError::KingCount(Side::Black))),
        SetupError::Rules(StartError::Chess(FenError::PawnOnBackRank(name))),
        SetupError::Rules(StartError::Chess(FenError::OpponentInCheck)),
        SetupError::Rules(StartError::Chess(FenError::CastlingWithoutPieces('q'))),
        SetupError::Rules(StartError::Chess(FenError::BadEnPassant)),
        SetupError::Rules(StartError::Draughts(PositionError::BadCounter)),
    ];
    let words: Vec<String> = errors.iter().map(|e| setup_words(e, &setup)).collect();
    for (error, text) in errors.iter().zip(&words) {
        assert!(text.ends_with('.'), "{error:?}: {text}");
        assert!(!text.contains('{'), "{error:?}: {text}");
    }
    let mut distinct = words.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), words.len(), "{words:#?}");
    assert!(words[9].contains("c3"));
    let piece = PieceView {
        side: Side::White,
        kind: PieceKind::King,
    };
    assert_eq!(crate::words::piece_words_in(CLASSIC, piece), "white king");
}
