//! Whole flows driven through [`Ui::update`] and read through [`Ui::view`],
//! with no page: the worker's replies, timers and frames are actions like
//! any press.

use engine::search::Level;
use engine::{AnyGame, DraughtsKind, Entry, GameKind, Point, Side};

use super::*;
use crate::session::Mode;
use crate::worker::Reply;

/// The canvas size the flow tests draw the board at.
pub(super) const SIZE: (f64, f64) = (600.0, 600.0);

/// A page booted with nothing stored.
pub(super) fn booted() -> Ui {
    let mut ui = Ui::new();
    ui.update(boot::fresh_boot(7));
    ui
}

/// A page showing `game` between two people.
fn showing(game: AnyGame, mode: Mode) -> Ui {
    let mut ui = booted();
    ui.shared.session = Some(Session::resume(game, mode, 1));
    ui.screen = ScreenState::fresh(Screen::Game);
    ui
}

pub(super) fn session(ui: &Ui) -> &Session {
    ui.shared.session.as_ref().expect("a game on screen")
}

/// Presses the board at point `p` at time `ms`.
pub(super) fn tap(ui: &mut Ui, p: Point, ms: f64) -> Vec<Effect> {
    let at = ui.layout(SIZE).expect("a board").centre(p);
    ui.update(Action::Board(BoardMsg::PointerDown {
        at,
        size: SIZE,
        button: 0,
        pointer: 1,
        time_ms: ms,
    }))
}

/// Enters a turn by pressing each of its points, a second apart.
pub(super) fn enter(ui: &mut Ui, path: &[Point]) -> Vec<Effect> {
    let mut fx = Vec::new();
    for (i, &p) in path.iter().enumerate() {
        fx = tap(ui, p, 10_000.0 * (i + 1) as f64);
    }
    fx
}

/// The person's turn: a quiet one where there is one, to leave captures
/// untaken.
pub(super) fn quiet_turn(ui: &mut Ui) -> Vec<Effect> {
    let entries = session(ui).entries().to_vec();
    let next = entries
        .iter()
        .find(|e| e.captured.is_empty() && e.huff.is_none())
        .or_else(|| entries.first())
        .expect("a turn")
        .clone();
    enter(ui, &next.path)
}

/// A Special game between two people on this device, played by quiet
/// turns (at most `turns`) until a huff can be entered: the page, and that
/// turn with its huff.
pub(super) fn special_until_huff(turns: usize) -> (Ui, Entry) {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Special,
    ))));
    ui.update(Action::Press(Button::StartFriend));
    for _ in 0..turns {
        let huff = session(&ui)
            .entries()
            .iter()
            .find(|e| e.huff.is_some() && !e.path.is_empty())
            .cloned();
        if let Some(huff) = huff {
            return (ui, huff);
        }
        quiet_turn(&mut ui);
    }
    panic!("no huff came up in {turns} turns");
}

/// The request the page was told to post to the worker.
pub(super) fn asked(fx: &[Effect]) -> Option<&crate::worker::Request> {
    fx.iter().find_map(|e| match e {
        Effect::Ask(request) => Some(request),
        _ => None,
    })
}

/// The worker's reply to `request`: the first legal turn of its game.
pub(super) fn first_turn_reply(request: &crate::worker::Request) -> Action {
    let game = AnyGame::from_record_line(&request.record).expect("a record");
    let turn = game.entries()[0].turn;
    Action::Reply(Reply {
        id: request.id,
        turn: Some(game.turn_coordinates(turn)),
        score: Some(0),
        ..Reply::default()
    })
}

/// Plays turns chosen by a small random walk until `found` holds for the
/// position, from many openings; the game found.
fn find_position(variant: GameKind, found: impl Fn(&AnyGame) -> bool) -> AnyGame {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..200 {
        let mut game = AnyGame::new(variant);
        for _ in 0..160 {
            if found(&game) {
                return game;
            }
            let entries = game.entries();
            if entries.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let turn = entries[(state % entries.len() as u64) as usize].turn;
            game.play(turn).expect("a legal turn");
        }
    }
    panic!("no such position found for {variant:?}");
}

#[test]
fn a_game_against_the_computer_with_undo_by_pairs_and_a_draw_offer() {
    let mut ui = booted();
    assert_eq!(ui.view().screen, "home");
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Classic,
    ))));
    assert_eq!(ui.view().screen, "opponent");
    assert_eq!(ui.view().opponent_game, "Game: Classic");
    let fx = ui.update(Action::Press(Button::StartComputer {
        level: Level::Easy,
        human: Side::White,
    }));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, .. } if key == SAVE_KEY)));
    let view = ui.view();
    assert_eq!(view.screen, "game");
    let game = view.game.expect("the game's panels");
    assert_eq!(game.status, "Your turn");
    assert!(game.undo_disabled && !game.thinking);

    // The person's move, then the computer's.
    let path = session(&ui).entries()[0].path.clone();
    let fx = enter(&mut ui, &path);
    assert_eq!(session(&ui).game.ply(), 1);
    assert!(fx.contains(&Effect::Animate), "{fx:?}");
    let request = asked(&fx).expect("the computer is asked").clone();
    assert!(request.kind.is_empty() && request.level == "easy");
    assert!(ui.view().game.expect("panels").thinking);
    ui.update(first_turn_reply(&request));
    assert_eq!(session(&ui).game.ply(), 2);
    assert_eq!(ui.view().game.expect("panels").moves.len(), 2);

    // A reply nobody waits for any more changes nothing.
    ui.update(first_turn_reply(&request));
    assert_eq!(session(&ui).game.ply(), 2);

    // Undo takes back the computer's reply and the person's move.
    ui.update(Action::Press(Button::Undo));
    assert_eq!(session(&ui).game.ply(), 0);
    assert_eq!(ui.view().game.expect("panels").status, "Your turn");

    // A draw offer goes to the computer, which declines, then accepts.
    let fx = ui.update(Action::Press(Button::OfferDraw));
    let offer = asked(&fx).expect("the computer is asked").clone();
    assert_eq!(
        (offer.kind.as_str(), offer.side.as_str()),
        ("draw", "black")
    );
    assert_eq!(
        ui.view().game.expect("panels").prompt,
        "You offered a draw; the computer is considering it."
    );
    let answer = |id, accepts| {
        Action::Reply(Reply {
            id,
            accepts: Some(accepts),
            ..Reply::default()
        })
    };
    ui.update(answer(offer.id, false));
    assert_eq!(
        ui.view().notice.as_deref(),
        Some("The computer declines the draw.")
    );
    assert!(!session(&ui).is_over());
    let fx = ui.update(Action::Press(Button::OfferDraw));
    let offer = asked(&fx).expect("asked again").clone();
    let fx = ui.update(answer(offer.id, true));
    assert_eq!(ui.view().game.expect("panels").status, "Draw: agreement");
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Store { key, value } if key == STATS_KEY && value.contains("[0,1,0]"))),
        "{fx:?}"
    );
    let classic = GameKind::Draughts(engine::DraughtsKind::Classic);
    assert!(ui
        .view()
        .stats
        .contains(&(classic, "0 won, 1 drawn, 0 lost".to_string())));
}

#[test]
fn a_new_game_asks_before_a_game_in_progress_is_left() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Bell,
    ))));
    ui.update(Action::Press(Button::StartFriend));
    // Nothing played yet: no question.
    ui.update(Action::Press(Button::NewGame));
    assert_eq!(ui.view().screen, "home");
    ui.update(Action::Press(Button::StartFriend));
    let path = session(&ui).entries()[0].path.clone();
    enter(&mut ui, &path);
    assert_eq!(session(&ui).game.ply(), 1);

    let open = Effect::Dialog {
        id: Dialog::ConfirmNew,
        open: true,
    };
    let fx = ui.update(Action::Press(Button::NewGame));
    assert!(fx.contains(&open));
    ui.update(Action::Press(Button::ConfirmNew(false)));
    assert_eq!(ui.view().screen, "game");
    assert_eq!(session(&ui).game.ply(), 1, "the game stays");

    // Starting another game from the home screen asks too, then replaces it.
    ui.update(Action::Press(Button::Home));
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Qirkat,
    ))));
    let fx = ui.update(Action::Press(Button::StartComputer {
        level: Level::Hard,
        human: Side::Black,
    }));
    assert!(fx.contains(&open));
    assert_eq!(
        session(&ui).game.kind(),
        GameKind::Draughts(DraughtsKind::Bell)
    );
    let fx = ui.update(Action::Press(Button::ConfirmNew(true)));
    assert_eq!(
        session(&ui).game.kind(),
        GameKind::Draughts(DraughtsKind::Qirkat)
    );
    assert_eq!(ui.view().screen, "game");
    assert!(ui.flipped(), "Black is drawn below");
    // White is the computer's: it is asked at once.
    assert_eq!(asked(&fx).map(|r| r.level.as_str()), Some("hard"));

    // Yes with no game waiting forgets the game and goes home.
    let fx = ui.update(Action::Press(Button::ConfirmNew(true)));
    assert!(fx.contains(&Effect::Remove {
        key: SAVE_KEY.to_string()
    }));
    assert!(ui.shared.session.is_none());
    assert_eq!(ui.view().screen, "home");
}

#[test]
fn watching_is_paused_stepped_reviewed_and_taken_over() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Classic,
    ))));
    let fx = ui.update(Action::Press(Button::StartWatch { delay_ms: 500 }));
    let Some(&Effect::StartTimer { timer, ms }) =
        fx.iter().find(|e| matches!(e, Effect::StartTimer { .. }))
    else {
        panic!("a pause before the first move: {fx:?}");
    };
    assert_eq!((timer, ms), (Timer::WatchPause, 500));
    let view = ui.view().game.expect("panels");
    assert_eq!(view.watch_delay, Some(500));
    assert!(view.resign_disabled && view.offer_draw_disabled);
    // Another timer's end is not this one.
    assert!(asked(&ui.update(Action::Timer(Timer::Reconnect))).is_none());
    let fx = ui.update(Action::Timer(timer));
    let request = asked(&fx).expect("asked after the pause").clone();
    let fx = ui.update(first_turn_reply(&request));
    assert_eq!(session(&ui).game.ply(), 1);
    let Some(&Effect::StartTimer { timer, .. }) =
        fx.iter().find(|e| matches!(e, Effect::StartTimer { .. }))
    else {
        panic!("a pause before the next move: {fx:?}");
    };
    // Waiting out the pause is not thinking.
    assert!(!ui.view().game.expect("panels").thinking);

    // Paused: the pause under way ends with no move (its timer stopped); a
    // step plays one move, and no pause follows it.
    let fx = ui.update(Action::Press(Button::Pause));
    assert!(fx.contains(&Effect::StopTimer(timer)), "{fx:?}");
    let view = ui.view().game.expect("panels");
    assert_eq!(
        (view.pause_label.as_str(), view.status.as_str()),
        ("Resume", "Paused")
    );
    assert!(asked(&ui.update(Action::Timer(timer))).is_none());
    assert_eq!(session(&ui).game.ply(), 1);
    let fx = ui.update(Action::Press(Button::Step));
    let request = asked(&fx).expect("a step asks at once").clone();
    let fx = ui.update(first_turn_reply(&request));
    assert_eq!(session(&ui).game.ply(), 2);
    assert!(!fx.iter().any(|e| matches!(e, Effect::StartTimer { .. })));
    assert_eq!(ui.view().game.expect("panels").status, "Paused");

    // Stepping through the move list and back to the game.
    ui.update(Action::Press(Button::Back));
    assert_eq!(session(&ui).review, Some(1));
    let moves = ui.view().game.expect("panels").moves;
    assert!(moves[0].current && !moves[1].current);
    ui.update(Action::Press(Button::Back));
    ui.update(Action::Press(Button::Back));
    assert_eq!(session(&ui).review, Some(0));
    ui.update(Action::Press(Button::Forward));
    assert_eq!(session(&ui).review, Some(1));
    ui.update(Action::Press(Button::Forward));
    assert_eq!(session(&ui).review, None);
    ui.update(Action::Press(Button::Review(1)));
    assert_eq!(session(&ui).review, Some(1));
    ui.update(Action::Press(Button::Review(2)));
    assert_eq!(session(&ui).review, None, "the latest is the game itself");

    // Taking over: the side to move is the person's, against the computer.
    ui.update(Action::Press(Button::TakeOver));
    assert_eq!(
        session(&ui).mode,
        Mode::Computer {
            level: Level::Medium,
            human: Side::White
        }
    );
    let view = ui.view().game.expect("panels");
    assert_eq!(view.status, "Your turn");
    assert!(view.watch_delay.is_none() && !view.resign_disabled);
}

#[test]
fn a_capture_chain_is_entered_by_presses_and_by_a_drag() {
    // A chain of two jumps or more, the only way to reach its end from its
    // start, so a drag from one to the other names it.
    let lone_chain = |entries: &[Entry]| -> Option<Entry> {
        entries
            .iter()
            .find(|e| {
                e.path.len() >= 3
                    && e.path.first() != e.path.last()
                    && entries
                        .iter()
                        .filter(|o| {
                            o.path.first() == e.path.first() && o.path.last() == e.path.last()
                        })
                        .count()
                        == 1
            })
            .cloned()
    };
    let game = find_position(GameKind::Draughts(DraughtsKind::Classic), |g| {
        lone_chain(&g.entries()).is_some()
    });
    let entry = lone_chain(&game.entries()).expect("a chain");

    // By presses, one landing point at a time.
    let mut ui = showing(game.clone(), Mode::Friend);
    tap(&mut ui, entry.path[0], 1_000.0);
    tap(&mut ui, entry.path[1], 2_000.0);
    let view = ui.view().game.expect("panels");
    assert_eq!(view.prompt, "Choose where to jump next.");
    assert_eq!(view.scene.path, entry.path[..2].to_vec());
    for (i, &p) in entry.path[2..].iter().enumerate() {
        tap(&mut ui, p, 3_000.0 + 1_000.0 * i as f64);
    }
    assert_eq!(session(&ui).game.ply(), game.ply() + 1);
    assert_eq!(
        session(&ui).game.last_move().map(|(path, _)| path),
        Some(entry.path.clone())
    );

    // By a drag from the piece to the chain's last point.
    let mut ui = showing(game.clone(), Mode::Friend);
    let layout = ui.layout(SIZE).expect("a board");
    let from = layout.centre(entry.path[0]);
    let to = layout.centre(entry.path[entry.path.len() - 1]);
    let fx = tap(&mut ui, entry.path[0], 1_000.0);
    assert!(fx.contains(&Effect::CapturePointer(1)));
    let fx = ui.update(Action::Board(BoardMsg::PointerMove {
        at: (from.0 + 2.0, from.1),
        scale: 1.0,
    }));
    assert!(fx.is_empty(), "a small slip is not a drag");
    let fx = ui.update(Action::Board(BoardMsg::PointerMove { at: to, scale: 1.0 }));
    assert!(fx.contains(&Effect::Redraw));
    let floating = ui.scene().expect("a board").floating;
    assert_eq!(floating, Some((entry.path[0], to.0, to.1)));
    ui.update(Action::Board(BoardMsg::PointerUp { at: to, size: SIZE }));
    assert_eq!(session(&ui).game.ply(), game.ply() + 1);
    assert_eq!(
        session(&ui).game.last_move().map(|(path, _)| path),
        Some(entry.path.clone())
    );
    assert_eq!(ui.scene().expect("a board").floating, None);
}

#[test]
fn a_triple_press_huffs_where_a_huff_is_legal_and_only_there() {
    let game = find_position(GameKind::Draughts(DraughtsKind::Special), |g| {
        g.entries().iter().any(|e| e.huff.is_some())
    });
    let entries = game.entries();
    let huffed = entries.iter().find_map(|e| e.huff).expect("a huff");
    let mut ui = showing(game.clone(), Mode::Friend);
    for ms in [1_000.0, 1_200.0, 1_400.0] {
        tap(&mut ui, huffed, ms);
    }
    let huffs_alone = entries
        .iter()
        .any(|e| e.huff == Some(huffed) && e.path.is_empty());
    if huffs_alone {
        // The huff is the whole turn.
        assert_eq!(session(&ui).game.ply(), game.ply() + 1);
    } else {
        assert_eq!(session(&ui).selection.huff, Some(huffed));
        assert_eq!(ui.scene().expect("a board").board[huffed.index()], None);
        assert_eq!(
            ui.view().game.expect("panels").prompt,
            "Piece huffed. Now make your move."
        );
    }

    // Three presses on a piece that cannot be huffed only select it.
    let mut ui = showing(game.clone(), Mode::Friend);
    let mover = entries
        .iter()
        .filter(|e| e.huff.is_none())
        .find_map(|e| e.path.first().copied())
        .filter(|&p| entries.iter().all(|e| e.huff != Some(p)))
        .expect("a piece to move");
    for ms in [1_000.0, 1_200.0, 1_400.0] {
        tap(&mut ui, mover, ms);
    }
    assert_eq!(session(&ui).selection.huff, None);
    assert_eq!(session(&ui).game.ply(), game.ply());
    assert_eq!(
        ui.scene().expect("a board").board,
        game.board_at(game.ply())
    );
}

#[test]
fn a_pawn_reaching_the_last_rank_is_promoted_to_the_piece_chosen() {
    let game = find_position(GameKind::Chesquerque, |g| {
        g.entries().iter().any(|e| e.promotion.is_some())
    });
    let entry = game
        .entries()
        .into_iter()
        .find(|e| e.promotion.is_some())
        .expect("a promotion");
    let mut ui = showing(game.clone(), Mode::Friend);
    enter(&mut ui, &entry.path);
    assert_eq!(session(&ui).game.ply(), game.ply(), "not played yet");
    let choices = ui.view().game.expect("panels").promotion;
    assert!(
        choices.contains(&"queen") && choices.len() > 1,
        "{choices:?}"
    );
    ui.update(Action::Press(Button::Promote(
        engine::chesquerque::Role::Knight,
    )));
    assert_eq!(session(&ui).game.ply(), game.ply() + 1);
    assert!(ui.view().game.expect("panels").promotion.is_empty());
    let to = entry.path[entry.path.len() - 1];
    let piece = session(&ui).game.board_at(game.ply() + 1)[to.index()].expect("a piece");
    assert!(crate::words::piece_words(&session(&ui).game, piece).ends_with("knight"));
}

#[test]
fn a_move_is_animated_frame_by_frame_and_then_rests() {
    let mut ui = booted();
    ui.update(Action::Press(Button::StartFriend));
    let path = session(&ui).entries()[0].path.clone();
    let fx = enter(&mut ui, &path);
    assert!(fx.contains(&Effect::Animate));
    let glide = ui.scene().expect("a board").gliding.expect("in motion");
    assert_eq!((glide.1, glide.2, glide.3), (path[0], path[1], 0.0));
    let fx = ui.update(Action::Board(BoardMsg::Frame(50_000.0)));
    assert!(fx.contains(&Effect::Animate));
    let fx = ui.update(Action::Board(BoardMsg::Frame(50_080.0)));
    assert!(fx.contains(&Effect::Animate));
    let glide = ui.scene().expect("a board").gliding.expect("in motion");
    assert!((glide.3 - 0.5).abs() < 1e-9, "{glide:?}");
    let fx = ui.update(Action::Board(BoardMsg::Frame(50_400.0)));
    assert!(!fx.contains(&Effect::Animate));
    assert_eq!(ui.scene().expect("a board").gliding, None);
    // Motion turned off: no animation at all.
    ui.update(Action::Prefs(crate::save::Prefs {
        animate: false,
        ..ui.shared.prefs
    }));
    let path = session(&ui).entries()[0].path.clone();
    let fx = enter(&mut ui, &path);
    assert!(!fx.contains(&Effect::Animate));
}
