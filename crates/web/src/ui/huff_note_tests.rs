//! A huff explained: in words under the board and as a mark on its point,
//! for the person's piece as "your piece", for a side's on a shared device,
//! and gone with the next turn.

use engine::search::Level;
use engine::{AnyGame, DraughtsKind, GameKind, Side};

use super::tests::{asked, enter, quiet_turn, session, special_until_huff};
use super::*;
use crate::worker::Reply;

const SPECIAL: GameKind = GameKind::Draughts(DraughtsKind::Special);

/// The worker's reply to `request`: a turn that huffs if there is one.
fn huffing_reply(request: &crate::worker::Request) -> (Action, bool) {
    let game = AnyGame::from_record_line(&request.record).expect("a record");
    let entries = game.entries();
    let huff = entries.iter().find(|e| e.huff.is_some());
    let turn = huff.unwrap_or(&entries[0]).turn;
    let reply = Action::Reply(Reply {
        id: request.id,
        turn: Some(game.turn_coordinates(turn)),
        score: Some(0),
        ..Reply::default()
    });
    (reply, huff.is_some())
}

#[test]
fn the_computers_huff_of_the_persons_piece_is_explained_and_marked() {
    let mut ui = super::tests::booted();
    ui.update(Action::Press(Button::Pick(SPECIAL)));
    ui.update(Action::Press(Button::StartComputer {
        level: Level::Easy,
        human: Side::White,
    }));
    for _ in 0..60 {
        let fx = quiet_turn(&mut ui);
        let Some(request) = asked(&fx) else {
            panic!("the computer asked: {fx:?}")
        };
        let (reply, huffs) = huffing_reply(request);
        ui.update(reply);
        let view = ui.view().game.expect("the game");
        if !huffs {
            assert_eq!(view.huff_note, None);
            continue;
        }
        let point = session(&ui).game.last_huff().expect("a huff played");
        let name = session(&ui).game.geometry().name(point).to_string();
        assert_eq!(
            view.huff_note.as_deref(),
            Some(
                format!(
                    "Your piece on {name} was huffed: it could have captured and did not, so your opponent removed it."
                )
                .as_str()
            )
        );
        assert_eq!(ui.scene().expect("a board").huffed, Some(point));
        // Looking back, the mark is not on the earlier position.
        ui.update(Action::Press(Button::Back));
        assert_eq!(ui.scene().expect("a board").huffed, None);
        ui.update(Action::Press(Button::Forward));
        assert_eq!(ui.scene().expect("a board").huffed, Some(point));
        // The next turn forgets it.
        if session(&ui).is_over() {
            return;
        }
        quiet_turn(&mut ui);
        assert_eq!(ui.view().game.expect("the game").huff_note, None);
        assert_eq!(ui.scene().expect("a board").huffed, None);
        return;
    }
    panic!("the computer never huffed");
}

#[test]
fn on_a_shared_device_the_huffed_side_is_named() {
    let (mut ui, huff) = special_until_huff(80);
    let point = huff.huff.expect("a huff");
    let owner = session(&ui).game.side_to_move().other();
    // A huff is entered by a triple press on the piece, then the move.
    for ms in [100.0, 200.0, 300.0] {
        super::tests::tap(&mut ui, point, ms);
    }
    enter(&mut ui, &huff.path);
    let name = session(&ui).game.geometry().name(point).to_string();
    let note = ui.view().game.expect("the game").huff_note.expect("a note");
    let side = if owner == Side::White {
        "White"
    } else {
        "Black"
    };
    assert!(
        note.starts_with(&format!("{side}'s piece on {name} was huffed")),
        "{note}"
    );
}
