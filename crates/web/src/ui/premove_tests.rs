//! Premoves in an online game on a clock: entered while the opponent
//! thinks, several in a row, shown on the board, sent one per turn when
//! legal, dropped when not or at a press elsewhere; none without a clock.

use engine::{AnyGame, DraughtsKind, Entry, GameKind, Point};
use online_play::{ClientMessage, Role, ServerMessage};

use super::online_tests::{hear, seated, snapshot};
use super::tests::tap;
use super::*;

/// The server's game `record` at version `v`, on a 3+2 clock, White's
/// running.
fn clocked(v: u64, record: &str) -> ServerMessage {
    let ServerMessage::Snapshot(plain) = snapshot(v, record) else {
        unreachable!("a snapshot")
    };
    ServerMessage::Snapshot(online_play::Snapshot {
        clock: Some(online_play::ClockView {
            control: "3+2".parse().expect("a time control"),
            left: [180_000, 180_000],
            running: Some(Role::White),
            at: 0,
        }),
        ..plain
    })
}

fn sent_move(fx: &[Effect]) -> Option<String> {
    fx.iter().find_map(|e| match e {
        Effect::Full(FullEffect::SendOnline(ClientMessage::Move(m))) => Some(m.turn.clone()),
        _ => None,
    })
}

fn enter(ui: &mut Ui, path: &[Point], from_ms: f64) -> Vec<Effect> {
    let mut fx = Vec::new();
    for (i, &p) in path.iter().enumerate() {
        fx = tap(ui, p, from_ms + 10_000.0 * i as f64);
    }
    fx
}

fn premoves(ui: &Ui) -> Vec<Vec<Point>> {
    ui.shared.session.as_ref().expect("a game").premoves.clone()
}

/// A quiet turn of Black's in `game` as if White passed.
fn black_quiet(game: &AnyGame) -> Entry {
    let passed = game.passed().expect("a game on");
    passed
        .entries()
        .into_iter()
        .find(|e| e.captured.is_empty())
        .expect("a quiet turn")
}

#[test]
fn premoves_are_entered_while_the_opponent_thinks_and_played_when_legal() {
    let mut ui = seated(Role::Black);
    hear(&mut ui, 20.0, clocked(2, "turkish"));
    let start = AnyGame::new(GameKind::Draughts(DraughtsKind::Turkish));
    // Two premoves, the second entered on the board after the first.
    let first = black_quiet(&start);
    let fx = enter(&mut ui, &first.path, 100_000.0);
    assert_eq!(sent_move(&fx), None, "nothing goes before Black's turn");
    let mut after_first = start.passed().expect("passed");
    after_first.play(first.turn).expect("legal");
    let second = black_quiet(&after_first);
    enter(&mut ui, &second.path, 200_000.0);
    assert_eq!(premoves(&ui), vec![first.path.clone(), second.path.clone()]);
    let scene = ui.scene().expect("a board");
    assert_eq!(scene.premoves, premoves(&ui), "shown on the board");
    assert!(!scene.movable.is_empty(), "Black's pieces hinted meanwhile");

    // White moves, leaving Black's first premove legal: it goes at once.
    let white = start
        .entries()
        .into_iter()
        .find(|w| {
            let mut g = start.clone();
            g.play(w.turn).expect("legal");
            g.entries().iter().any(|e| e.path == first.path)
        })
        .expect("a White move that leaves the premove legal");
    let mut game = start.clone();
    game.play(white.turn).expect("legal");
    let record = format!("turkish moves {}", start.turn_coordinates(white.turn));
    let fx = hear(&mut ui, 30.0, clocked(3, &record));
    let sent = sent_move(&fx).expect("the premove sent");
    assert_eq!(sent, game.turn_coordinates(black_turn(&game, &first.path)));
    assert_eq!(premoves(&ui), vec![second.path.clone()], "one left");

    // A press where no premove starts drops the rest.
    let session = ui.shared.session.as_ref().expect("a game");
    let empty = (0..64)
        .map(Point::from_index_unchecked)
        .find(|p| session.game.board()[p.index()].is_none())
        .expect("an empty point");
    tap(&mut ui, empty, 900_000.0);
    assert!(premoves(&ui).is_empty());
}

fn black_turn(game: &AnyGame, path: &[Point]) -> engine::AnyTurn {
    game.entries()
        .into_iter()
        .find(|e| e.path == path)
        .expect("legal")
        .turn
}

#[test]
fn a_premove_no_longer_legal_is_dropped_with_the_rest_and_none_without_a_clock() {
    let mut ui = seated(Role::Black);
    hear(&mut ui, 20.0, clocked(2, "classic"));
    let start = AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
    let first = black_quiet(&start);
    enter(&mut ui, &first.path, 100_000.0);
    // White's move makes the premove illegal (a capture is now forced, or
    // its point is taken): nothing is sent and every premove goes.
    let spoiler = start
        .entries()
        .into_iter()
        .find(|w| {
            let mut g = start.clone();
            g.play(w.turn).expect("legal");
            !g.entries().iter().any(|e| e.path == first.path)
        })
        .expect("a White move that spoils the premove");
    let record = format!("classic moves {}", start.turn_coordinates(spoiler.turn));
    let fx = hear(&mut ui, 30.0, clocked(3, &record));
    assert_eq!(sent_move(&fx), None);
    assert!(premoves(&ui).is_empty());

    // Without a clock, a press in the opponent's turn enters nothing.
    let mut plain = seated(Role::Black);
    hear(&mut plain, 20.0, snapshot(2, "classic"));
    enter(&mut plain, &first.path, 100_000.0);
    assert!(premoves(&plain).is_empty());
    assert!(plain.scene().expect("a board").movable.is_empty());
}
