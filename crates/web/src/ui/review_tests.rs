//! Reviewing a finished game: every position asked for in turn, the graph
//! and marks filling in, the better move's arrow on a marked move.

use engine::{AnyGame, DraughtsKind, GameKind};

use super::tests::{asked, booted, session};
use super::*;
use crate::session::{Mode, Session};
use crate::worker::{answer, AnalysisReply, LineReply, Reply, Request};

/// A finished Classic game of four turns between two people.
fn finished() -> Ui {
    let mut ui = booted();
    let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
    for _ in 0..4 {
        let turn = game.entries()[0].turn;
        game.play(turn).expect("legal");
    }
    ui.shared.session = Some(Session::resume(game, Mode::Friend, 1));
    ui.screen = ScreenState::fresh(Screen::Game);
    ui.update(Action::Press(Button::Resign)); // asked once more first
    ui.update(Action::Press(Button::Resign));
    assert!(session(&ui).is_over());
    ui
}

/// A made-up analysis of position `ply`: White's score, and as best turn
/// one other than the turn played there, when there is one.
fn made_up(ui: &Ui, request: &Request, white: i32) -> Action {
    let ply = request.ply.expect("a position") as usize;
    let mut game = session(ui).game.clone();
    while game.ply() > ply {
        game.undo();
    }
    let played = session(ui).game.history().get(ply).cloned();
    let lines = game
        .entries()
        .into_iter()
        .find(|e| Some(game.turn_text(e.turn)) != played)
        .map(|e| LineReply {
            turn: game.turn_coordinates(e.turn),
            text: game.turn_text(e.turn),
            white,
            line: vec![game.turn_text(e.turn)],
        })
        .into_iter()
        .collect();
    Action::Reply(Reply {
        id: request.id,
        analysis: Some(AnalysisReply {
            ply: ply as u32,
            depth: 5,
            white,
            lines,
            table: None,
        }),
        ..Reply::default()
    })
}

#[test]
fn a_review_asks_for_each_position_and_marks_the_moves_that_threw_chances_away() {
    let mut ui = finished();
    let fx = ui.update(Action::Press(Button::StartReview));
    // White's first turn throws away two men; the rest keep the balance.
    let scores = [0, -300, -300, -300, -300];
    let mut request = asked(&fx).expect("the start asked for").clone();
    let mut seen = Vec::new();
    loop {
        assert_eq!(request.kind, "analyse");
        seen.push(request.ply.expect("a ply"));
        let white = scores[request.ply.expect("a ply") as usize];
        let fx = ui.update(made_up(&ui, &request, white));
        let view = ui.view().full.review.expect("a review panel");
        assert_eq!(
            view.reviewed,
            seen.len(),
            "the graph fills in as answers come"
        );
        match asked(&fx) {
            Some(next) => request = next.clone(),
            None => break,
        }
    }
    assert_eq!(seen, [0, 1, 2, 3, 4], "each position once, in order");
    let view = ui.view().full.review.expect("a review panel");
    assert_eq!((view.reviewed, view.total), (5, 5));
    assert_eq!(view.marks.len(), 1, "{:?}", view.marks);
    let marked = &view.marks[0];
    assert_eq!(
        (marked.ply, marked.mark),
        (1, engine::review::Mark::Blunder)
    );
    assert_ne!(marked.played, marked.better);
    let [white, black] = view.summary.expect("a summary once done");
    assert_eq!((white.blunders, black.blunders), (1, 0));

    // The marked move's position shows the better move as an arrow; the
    // others none.
    ui.update(Action::Press(Button::Review(0)));
    let arrow = ui.scene().expect("a board").arrow.expect("an arrow");
    assert_ne!(arrow.0, arrow.1);
    ui.update(Action::Press(Button::Review(2)));
    assert_eq!(ui.scene().expect("a board").arrow, None);
    // A new game forgets the review.
    ui.update(Action::Press(Button::Rematch));
    assert_eq!(ui.view().full.review, None);
}

#[test]
fn a_review_runs_to_its_end_on_the_real_worker_and_a_stale_answer_is_ignored() {
    let mut ui = finished();
    let fx = ui.update(Action::Press(Button::StartReview));
    let mut request = asked(&fx).expect("asked").clone();
    // An answer to another request changes nothing.
    let mut stale = answer(Ok(request.clone()), || 0.0);
    stale.id += 100;
    ui.update(Action::Reply(stale));
    assert_eq!(ui.view().full.review.expect("a panel").reviewed, 0);
    for _ in 0..10 {
        let reply = answer(Ok(request.clone()), || 0.0);
        assert!(reply.analysis.is_some(), "{:?}", reply.error);
        let fx = ui.update(Action::Reply(reply));
        match asked(&fx) {
            Some(next) => request = next.clone(),
            None => break,
        }
    }
    let view = ui.view().full.review.expect("a panel");
    assert_eq!(view.reviewed, view.total);
    assert_eq!(view.chances.len(), 5);
    assert!(view.chances.iter().all(|c| (0..=1000).contains(c)));
}

#[test]
fn a_press_on_the_graph_picks_the_nearest_position() {
    assert_eq!(graph_ply(0.0, 61), 0);
    assert_eq!(graph_ply(1.0, 61), 60);
    assert_eq!(graph_ply(0.5, 61), 30);
    assert_eq!(graph_ply(-3.0, 61), 0);
    assert_eq!(graph_ply(f64::NAN, 61), 0);
    assert_eq!(graph_ply(0.7, 1), 0);
}

#[test]
fn a_review_link_opens_the_game_in_review_without_touching_the_saved_one() {
    let Action::Boot(boot) = boot::fresh_boot(3) else {
        unreachable!("a boot")
    };
    let mut ui = Ui::new();
    let fx = ui.update(Action::Boot(Box::new(Boot {
        saved: Some(
            "{\"version\":1,\"record\":\"qirkat\",\"mode\":\"friend\",\"seed\":1}".to_string(),
        ),
        share: Some("?review=classic+moves+d3-c3+b3xd3".to_string()),
        ..*boot
    })));
    assert_eq!(ui.screen.screen(), Screen::Game);
    assert_eq!(
        session(&ui).game.to_record_line(),
        "classic moves d3-c3 b3xd3"
    );
    let request = asked(&fx).expect("the review starts");
    assert_eq!((request.kind.as_str(), request.ply), ("analyse", Some(0)));
    assert!(
        !fx.iter()
            .any(|e| matches!(e, Effect::Store { key, .. } if key == SAVE_KEY)),
        "the saved game stays: {fx:?}"
    );
    // A bad link is told in words; the saved game opens as ever.
    let Action::Boot(boot) = boot::fresh_boot(3) else {
        unreachable!("a boot")
    };
    let mut ui = Ui::new();
    ui.update(Action::Boot(Box::new(Boot {
        saved: Some(
            "{\"version\":1,\"record\":\"qirkat\",\"mode\":\"friend\",\"seed\":1}".to_string(),
        ),
        share: Some("?review=classic+moves+c2-c4".to_string()),
        ..*boot
    })));
    assert!(ui
        .view()
        .notice
        .is_some_and(|n| n.starts_with("This record cannot be read")));
    assert_eq!(
        session(&ui).game.kind(),
        GameKind::Draughts(DraughtsKind::Qirkat)
    );
}

#[test]
fn the_analysis_panel_looks_deeper_and_follows_the_position_shown() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Classic,
    ))));
    ui.update(Action::Press(Button::StartFriend));
    let fx = ui.update(Action::Press(Button::Analyse));
    let first = asked(&fx).expect("asked at once").clone();
    assert_eq!(
        (first.ply, first.depth, first.multi),
        (Some(0), Some(1), Some(3))
    );
    assert_eq!(ui.view().full.analysis, Some(None), "on, no figures yet");
    let fx = ui.update(Action::Reply(answer(Ok(first.clone()), || 0.0)));
    let view = ui.view().full.analysis.flatten().expect("figures");
    assert_eq!(view.top.len(), 3);
    assert!(!view.best.is_empty() && view.line.starts_with(&view.best));
    let second = asked(&fx).expect("the next depth").clone();
    assert_eq!((second.ply, second.depth), (Some(0), Some(2)));

    // A move: the new position is asked about at once, and the answer to
    // the old one is let go.
    let path = session(&ui).entries()[0].path.clone();
    let fx = super::tests::enter(&mut ui, &path);
    let moved = asked(&fx).expect("the new position").clone();
    assert_eq!((moved.ply, moved.depth), (Some(1), Some(1)));
    assert_eq!(ui.view().full.analysis, Some(None));
    ui.update(Action::Reply(answer(Ok(second), || 0.0)));
    assert_eq!(
        ui.view().full.analysis,
        Some(None),
        "a stale answer shows nothing"
    );
    ui.update(Action::Reply(answer(Ok(moved), || 0.0)));
    assert!(ui.view().full.analysis.flatten().is_some());

    // Off: nothing more is asked.
    let fx = ui.update(Action::Press(Button::Analyse));
    assert_eq!(ui.view().full.analysis, None);
    assert!(asked(&fx).is_none());
}

/// A Classic game against the computer at Easy, the person White.
fn classic_against_the_computer() -> Ui {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Classic,
    ))));
    ui.update(Action::Press(Button::StartComputer {
        level: engine::search::Level::Easy,
        human: engine::Side::White,
    }));
    ui
}

#[test]
fn the_analysis_waits_while_the_computer_plays() {
    let mut ui = classic_against_the_computer();
    let fx = ui.update(Action::Press(Button::Analyse));
    assert!(asked(&fx).is_none(), "the worker is the computer's: {fx:?}");
    // Once the game is over, it looks.
    ui.update(Action::Press(Button::Resign)); // asked once more first
    let fx = ui.update(Action::Press(Button::Resign));
    let request = asked(&fx).expect("asked once over");
    assert_eq!(request.kind, "analyse");
}

#[test]
fn a_hint_shows_the_best_moves_piece_and_destination_and_is_counted() {
    let mut ui = classic_against_the_computer();
    assert_eq!(ui.view().game.expect("a game").hint, Some(true));
    let fx = ui.update(Action::Press(Button::Hint));
    let request = asked(&fx).expect("asked").clone();
    let reply = answer(Ok(request), || 0.0);
    let best = reply.analysis.as_ref().expect("an analysis").lines[0]
        .turn
        .clone();
    let fx = ui.update(Action::Reply(reply));
    let (from, to) = ui
        .scene()
        .expect("a board")
        .arrow
        .expect("the hint's arrow");
    let game = &session(&ui).game;
    let entry = game
        .entries()
        .into_iter()
        .find(|e| game.turn_coordinates(e.turn) == best)
        .expect("the best turn is legal");
    assert_eq!(
        (from, to),
        (entry.path[0], *entry.path.last().expect("a path"))
    );
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Store { key, value } if key == STATS_KEY && value.contains("\"hints\":{\"classic\":1}"))),
        "{fx:?}"
    );
    // Playing it takes the arrow away; the home screen counts the hint.
    let path = entry.path.clone();
    super::tests::enter(&mut ui, &path);
    assert_eq!(ui.scene().expect("a board").arrow, None);
    let classic = GameKind::Draughts(DraughtsKind::Classic);
    assert!(ui
        .view()
        .stats
        .iter()
        .any(|(k, text)| *k == classic && text == "1 hint"));
}

#[test]
fn a_game_in_progress_can_be_reviewed_and_a_move_played_ends_the_review() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(GameKind::Draughts(
        DraughtsKind::Classic,
    ))));
    ui.update(Action::Press(Button::StartFriend));
    assert_eq!(
        ui.view().game.expect("a game").review,
        Some(false),
        "no turns yet"
    );
    let path = session(&ui).entries()[0].path.clone();
    super::tests::enter(&mut ui, &path);
    assert_eq!(ui.view().game.expect("a game").review, Some(true));
    let fx = ui.update(Action::Press(Button::StartReview));
    let request = asked(&fx).expect("asked").clone();
    assert_eq!(
        (request.ply, ui.view().full.review.expect("a panel").total),
        (Some(0), 2)
    );
    ui.update(Action::Reply(answer(Ok(request), || 0.0)));
    // Back to the game, and on: the review was of the game as it was.
    ui.update(Action::Press(Button::Review(1)));
    let path = session(&ui).entries()[0].path.clone();
    super::tests::enter(&mut ui, &path);
    assert_eq!(session(&ui).game.ply(), 2);
    assert_eq!(ui.view().full.review, None);
}

/// Special, from the start: the first turns that can take, each declining
/// its capture; the reply huffs for the first skip when `huff` says so.
fn skipping_game(huff: bool) -> (AnyGame, usize) {
    let mut game = AnyGame::new(GameKind::Draughts(DraughtsKind::Special));
    let mut skipped = None;
    for _ in 0..40 {
        let entries = game.entries();
        let quiet = |e: &&engine::Entry| e.captured.is_empty() && e.huff.is_none();
        let can_skip =
            entries.iter().any(|e| !e.captured.is_empty()) && entries.iter().any(|e| quiet(&e));
        let entry = match (skipped, can_skip) {
            // The reply to the skip: with or without its huff.
            (Some(ply), _) if ply == game.ply() => entries
                .iter()
                .find(|e| e.huff.is_some() == huff)
                .expect("a reply"),
            (None, true) => {
                skipped = Some(game.ply() + 1);
                entries.iter().find(quiet).expect("a quiet turn")
            }
            _ => entries
                .iter()
                .find(|e| !e.captured.is_empty())
                .unwrap_or(&entries[0]),
        };
        game.play(entry.turn).expect("legal");
        if skipped.is_some_and(|ply| game.ply() > ply + 1) {
            break;
        }
    }
    (game, skipped.expect("a capture was declined"))
}

#[test]
fn special_captures_left_untaken_are_marked_huffed_or_huffable() {
    use super::review::skipped_captures;
    let (huffed, ply) = skipping_game(true);
    let skips = skipped_captures(&huffed);
    let first = skips.first().expect("a skip");
    assert_eq!(first.ply, ply);
    assert!(first.huffed, "{skips:?} in {}", huffed.to_record_line());
    assert_eq!(first.played, huffed.history()[ply - 1]);
    let (spared, ply) = skipping_game(false);
    let first = skipped_captures(&spared)
        .into_iter()
        .next()
        .expect("a skip");
    assert_eq!((first.ply, first.huffed), (ply, false));
    // Games without huffing have none.
    let mut classic = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
    for _ in 0..6 {
        let turn = classic.entries()[0].turn;
        classic.play(turn).expect("legal");
    }
    assert!(skipped_captures(&classic).is_empty());
    // The review lists them.
    let mut ui = booted();
    ui.shared.session = Some(Session::resume(huffed, Mode::Friend, 1));
    ui.screen = ScreenState::fresh(Screen::Game);
    ui.update(Action::Press(Button::StartReview));
    assert!(!ui.view().full.review.expect("reviewing").skips.is_empty());
}
