//! An online game through [`Ui::update`], [`Ui::show_online`] and
//! [`Ui::view`]: the person's move waits for the server, the socket drops,
//! and a resync brings the game back.

use engine::{AnyGame, Point, Side};
use protocol::{ClientMessage, Role, ServerMessage, Snapshot};

use super::*;
use crate::online_state::{Link, Online, Seat};
use crate::session::Mode;

const SIZE: (f64, f64) = (600.0, 600.0);

fn snapshot(v: u64, record: &str) -> ServerMessage {
    ServerMessage::Snapshot(Snapshot {
        v,
        record: record.to_string(),
        result: None,
        reason: None,
        draw_offer: None,
        seated: [true, true],
        suggestions: false,
    })
}

fn tap(ui: &mut Ui, p: Point, ms: f64) -> Vec<Effect> {
    let at = ui.layout(SIZE).expect("a board").centre(p);
    ui.update(Action::PointerDown {
        at,
        size: SIZE,
        button: 0,
        pointer: 1,
        time_ms: ms,
    })
}

#[test]
fn an_online_move_waits_for_the_server_through_a_drop_and_a_resync() {
    let mut ui = Ui::new();
    let seat = Seat {
        game: "g1".into(),
        token: Some("t".into()),
        code: Some("K7Q4MZ".into()),
        creator: true,
    };
    ui.enter_online();
    let mut online = Online::new(seat);
    ui.show_online(&online);
    assert_eq!(ui.view().screen, "waiting");
    assert!(ui.view().game.is_none(), "no game before the server's");

    let fx = ui.receive(
        &mut online,
        ServerMessage::Welcome {
            game: "g1".into(),
            role: Role::White,
            token: None,
        },
    );
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, .. } if key == ONLINE_KEY)));
    ui.receive(&mut online, snapshot(2, "classic"));
    let view = ui.view();
    assert_eq!(view.screen, "game");
    let game = view.game.expect("panels");
    assert_eq!(game.status, "Your turn");
    assert!(game.undo_hidden);
    assert_eq!(
        ui.session.as_ref().map(|s| s.mode),
        Some(Mode::Online {
            side: Some(Side::White),
            suggest: false
        })
    );

    // The person's move goes to the server; the page shows it at once.
    let entry = ui.session.as_ref().expect("a game").entries()[0].clone();
    let mut sent = None;
    for (i, &p) in entry.path.iter().enumerate() {
        for effect in tap(&mut ui, p, 10_000.0 * (i + 1) as f64) {
            if let Effect::SendTurn(turn) = effect {
                sent = Some(turn);
            }
        }
    }
    let turn = sent.expect("the turn is sent, not played");
    assert_eq!(turn, entry.turn);
    let fx = ui.send_turn(&mut online, turn);
    let Some(Effect::SendOnline(ClientMessage::Move(message))) = fx.first().cloned() else {
        panic!("a move for the server: {fx:?}");
    };
    assert_eq!(message.ply, 0);
    assert!(fx.contains(&Effect::Animate));
    let panel = OnlineView::of(&online);
    assert!(panel.pending && panel.abort && !panel.resign_disabled);
    assert_eq!(panel.join_query, "?join=K7Q4MZ");
    assert_eq!(ui.view().game.expect("panels").ply, 1, "pending, shown");

    // The socket drops before the server acknowledges: the move stays on
    // screen, and goes again with its ply when the socket is back.
    online.link = Link::Reconnecting;
    ui.show_online(&online);
    assert_eq!(OnlineView::of(&online).link, "reconnecting");
    assert_eq!(ui.view().game.expect("panels").ply, 1);
    let fx = ui.socket_open(&online);
    assert!(matches!(
        fx.first(),
        Some(Effect::SendOnline(ClientMessage::Hello {
            last_v: Some(2),
            ..
        }))
    ));
    assert_eq!(
        fx.get(1),
        Some(&Effect::SendOnline(ClientMessage::Move(message)))
    );
    // An event from past a gap asks for a connection anew (and a resync).
    let gap = ServerMessage::Event(protocol::Event {
        v: 9,
        body: protocol::EventBody::DrawOffered { by: Role::Black },
    });
    assert_eq!(ui.receive(&mut online, gap), vec![Effect::Reconnect]);

    // The server has moved on meanwhile: a snapshot with the move and the
    // reply replaces what the page had, and the move is no longer pending.
    let mut server = AnyGame::from_record_line("classic").expect("a game");
    server.play(turn).expect("legal");
    let reply = server.entries()[0].turn;
    server.play(reply).expect("legal");
    let fx = ui.receive(&mut online, snapshot(4, &server.to_record_line()));
    assert!(online.pending.is_none());
    let panel = OnlineView::of(&online);
    assert!(!panel.pending && !panel.abort, "each side has moved");
    assert!(fx.contains(&Effect::Animate) || ui.animation.is_some());
    let view = ui.view().game.expect("panels");
    assert_eq!((view.ply, view.status.as_str()), (2, "Your turn"));

    // Online, the controls speak to the server; there is no undo.
    let fx = ui.update(Action::Press(Button::Resign));
    assert_eq!(fx, vec![Effect::SendOnline(ClientMessage::Resign)]);
    assert!(ui.update(Action::Press(Button::Undo)).is_empty());
    assert_eq!(ui.session.as_ref().map(|s| s.game.ply()), Some(2));

    // Leaving for a local game asks first, then forgets the online one.
    let fx = ui.update(Action::Press(Button::StartFriend));
    assert!(fx.contains(&Effect::Dialog {
        id: Dialog::ConfirmNew,
        open: true
    }));
    assert!(ui.is_online());
    let fx = ui.update(Action::Press(Button::ConfirmNew(true)));
    assert!(fx.contains(&Effect::LeaveOnline));
    assert!(!ui.is_online());
    assert_eq!(ui.session.as_ref().map(|s| s.game.ply()), Some(0));
}

#[test]
fn a_seat_the_server_no_longer_knows_sends_the_page_home_with_a_notice() {
    let mut ui = Ui::new();
    let mut online = Online::new(Seat::joining("K7Q4MZ".into()));
    ui.enter_online();
    let fx = ui.receive(
        &mut online,
        ServerMessage::Error {
            code: protocol::ErrorCode::BadCode,
            message: "no such code".into(),
        },
    );
    assert_eq!(fx, vec![Effect::LeaveOnline]);
    assert!(!ui.is_online());
    let view = ui.view();
    assert_eq!(view.screen, "home");
    assert_eq!(
        view.notice.as_deref(),
        Some("That code opens no game: it may be mistyped, used or expired.")
    );
}
