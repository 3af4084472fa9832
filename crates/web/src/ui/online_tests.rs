//! An online game through [`Ui::update`] and [`Ui::view`]: the person's
//! move waits for the server, the socket drops, and a resync brings the
//! game back; a seat the server no longer knows.

use engine::{AnyGame, Side};
use online_play::{ClientMessage, Role, ServerMessage, Snapshot};

use super::tests::tap;
use super::*;
use crate::online_state::Seat;
use crate::session::Mode;

/// The server's whole game: `record`, at version `v`, both seated.
pub(super) fn snapshot(v: u64, record: &str) -> ServerMessage {
    ServerMessage::Snapshot(Snapshot {
        v,
        record: record.to_string(),
        result: None,
        reason: None,
        draw_offer: None,
        seated: [true, true],
        suggestions: false,
        clock: None,
        rated: None,
        rematch_offer: None,
        rematch: None,
        tournament: None,
        berserk: [false, false],
    })
}

/// The back-off timer a closing started, if any.
pub(super) fn back_off(fx: &[Effect]) -> Option<(Timer, u32)> {
    fx.iter().find_map(|e| match e {
        Effect::StartTimer {
            timer: timer @ Timer::Reconnect,
            ms,
        } => Some((*timer, *ms)),
        _ => None,
    })
}

/// A page that booted into the online game `seat` names; what it asked
/// for.
pub(super) fn online_page(seat: Seat) -> (Ui, Vec<Effect>) {
    let Action::Boot(boot) = boot::fresh_boot(5) else {
        unreachable!("a boot")
    };
    let mut ui = Ui::new();
    let fx = ui.update(Action::Boot(Box::new(Boot {
        seat: Some(seat),
        ..*boot
    })));
    (ui, fx)
}

/// A page seated at game `g1` as `role`, its socket open and welcomed.
pub(super) fn seated(role: Role) -> Ui {
    let seat = Seat {
        game: "g1".into(),
        token: Some("ab".repeat(16)),
        code: None,
        creator: false,
    };
    let (mut ui, _) = online_page(seat);
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    hear(
        &mut ui,
        1.0,
        ServerMessage::Welcome {
            game: "g1".into(),
            role,
            token: None,
        },
    );
    ui
}

/// A message from the server, at `now_ms`.
pub(super) fn hear(ui: &mut Ui, now_ms: f64, message: ServerMessage) -> Vec<Effect> {
    ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Message {
            now_ms,
            message: Ok(message),
        },
    )))
}

/// The panel of the online game.
pub(super) fn online_panel(ui: &Ui) -> OnlineView {
    ui.view().full.online.expect("an online panel")
}

#[test]
fn an_online_move_waits_for_the_server_through_a_drop_and_a_resync() {
    let seat = Seat {
        game: "g1".into(),
        token: Some("t".into()),
        code: Some("K7Q4MZ".into()),
        creator: true,
    };
    let (mut ui, fx) = online_page(seat);
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)));
    assert_eq!(ui.view().screen, "waiting");
    assert!(ui.view().game.is_none(), "no game before the server's");
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));

    let fx = hear(
        &mut ui,
        10.0,
        ServerMessage::Welcome {
            game: "g1".into(),
            role: Role::White,
            token: None,
        },
    );
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, .. } if key == ONLINE_KEY)));
    hear(&mut ui, 20.0, snapshot(2, "classic"));
    let view = ui.view();
    assert_eq!(view.screen, "game");
    let game = view.game.expect("panels");
    assert_eq!(game.status, "Your turn");
    assert!(game.undo_hidden);
    // Against a person, the computer's tools are not offered, and asked
    // for anyway they do nothing.
    assert!(!game.engine_tools && game.hint.is_none() && game.review.is_none());
    for button in [Button::Analyse, Button::Editor(EditorButton::Open)] {
        let fx = ui.update(Action::Press(button));
        assert!(!fx.iter().any(|e| matches!(e, Effect::Ask(_))), "{fx:?}");
    }
    assert_eq!(ui.view().full.analysis, None);
    assert_eq!(ui.view().full.editor, None);
    assert_eq!(
        ui.shared.session.as_ref().map(|s| s.mode),
        Some(Mode::Online {
            side: Some(Side::White),
            suggest: false
        })
    );

    // The person's move goes to the server; the page shows it at once.
    let entry = ui.shared.session.as_ref().expect("a game").entries()[0].clone();
    let turn = entry.turn;
    let mut fx = Vec::new();
    for (i, &p) in entry.path.iter().enumerate() {
        fx = tap(&mut ui, p, 10_000.0 * (i + 1) as f64);
    }
    let Some(message) = fx.iter().find_map(|e| match e {
        Effect::Full(FullEffect::SendOnline(ClientMessage::Move(m))) => Some(m.clone()),
        _ => None,
    }) else {
        panic!("a move for the server: {fx:?}");
    };
    assert_eq!(message.ply, 0);
    assert!(fx.contains(&Effect::Animate));
    let panel = online_panel(&ui);
    assert!(panel.pending && panel.abort && !panel.resign_disabled);
    // Aborting asks once more first; another control forgets it.
    let fx = ui.update(Action::Press(Button::Abort));
    assert!(!fx.iter().any(|e| matches!(e, Effect::Full(_))), "{fx:?}");
    let panel = online_panel(&ui);
    assert!(panel.abort_asked);
    assert_eq!(panel.abort_label, "Abort? Press again");
    ui.update(Action::Press(Button::Flip));
    ui.update(Action::Press(Button::Flip));
    let panel = online_panel(&ui);
    assert!(!panel.abort_asked);
    assert_eq!(panel.abort_label, "Abort the game");
    assert_eq!(panel.join_query, "?join=K7Q4MZ");
    assert_eq!(ui.view().game.expect("panels").ply, 1, "pending, shown");
    assert_eq!(
        ui.view().game.expect("panels").hint,
        None,
        "no hints online"
    );

    // The socket drops before the server acknowledges: the move stays on
    // screen, and goes again with its ply when the socket is back.
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Closed { hidden: false },
    )));
    let (retry, _) = back_off(&fx).expect("a back-off");
    assert_eq!(online_panel(&ui).link, "reconnecting");
    assert_eq!(ui.view().game.expect("panels").ply, 1);
    assert_eq!(
        ui.update(Action::Timer(retry)),
        vec![Effect::Full(FullEffect::Connect)]
    );
    let fx = ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 30.0,
    })));
    assert!(matches!(
        fx.first(),
        Some(Effect::Full(FullEffect::SendOnline(ClientMessage::Hello {
            last_v: Some(2),
            ..
        })))
    ));
    assert_eq!(
        fx.get(1),
        Some(&Effect::Full(FullEffect::SendOnline(ClientMessage::Move(
            message
        ))))
    );
    // An event from past a gap asks for a connection anew (and a resync).
    let gap = ServerMessage::Event(online_play::Event {
        v: 9,
        body: online_play::EventBody::DrawOffered { by: Role::Black },
    });
    assert_eq!(
        hear(&mut ui, 40.0, gap),
        vec![Effect::Full(FullEffect::Connect)]
    );

    // The server has moved on meanwhile: a snapshot with the move and the
    // reply replaces what the page had, and the move is no longer pending.
    let mut server = AnyGame::from_record_line("classic").expect("a game");
    server.play(turn).expect("legal");
    let reply = server.entries()[0].turn;
    server.play(reply).expect("legal");
    let fx = hear(&mut ui, 50.0, snapshot(4, &server.to_record_line()));
    assert!(ui.online_mirror().expect("online").pending.is_none());
    let panel = online_panel(&ui);
    assert!(!panel.pending && !panel.abort, "each side has moved");
    assert!(
        fx.contains(&Effect::Animate) || ui.screen.input().is_some_and(|i| i.animation.is_some())
    );
    let view = ui.view().game.expect("panels");
    assert_eq!((view.ply, view.status.as_str()), (2, "Your turn"));

    // Online, the controls speak to the server; there is no undo.
    // Resigning asks once more first; the server hears only the second press.
    let fx = ui.update(Action::Press(Button::Resign));
    assert!(!fx.iter().any(|e| matches!(e, Effect::Full(_))), "{fx:?}");
    let fx = ui.update(Action::Press(Button::Resign));
    assert_eq!(
        fx,
        vec![Effect::Full(FullEffect::SendOnline(ClientMessage::Resign))]
    );
    assert!(ui.update(Action::Press(Button::Undo)).is_empty());
    assert_eq!(ui.shared.session.as_ref().map(|s| s.game.ply()), Some(2));

    // Leaving for a local game asks first, then forgets the online one.
    let fx = ui.update(Action::Press(Button::StartFriend));
    assert!(fx.contains(&Effect::Dialog {
        id: Dialog::ConfirmNew,
        open: true
    }));
    assert!(ui.is_online());
    let fx = ui.update(Action::Press(Button::ConfirmNew(true)));
    assert!(
        fx.contains(&Effect::Full(FullEffect::Disconnect))
            && fx.contains(&Effect::Full(FullEffect::Heartbeat(false)))
    );
    assert!(fx.contains(&Effect::Remove {
        key: ONLINE_KEY.to_string()
    }));
    assert!(!ui.is_online());
    assert_eq!(ui.shared.session.as_ref().map(|s| s.game.ply()), Some(0));
}

#[test]
fn a_seat_the_server_no_longer_knows_sends_the_page_home_with_a_notice() {
    let (mut ui, _) = online_page(Seat::joining("K7Q4MZ".into()));
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    let fx = hear(
        &mut ui,
        5.0,
        ServerMessage::Error {
            code: online_play::ErrorCode::BadCode,
            message: "no such code".into(),
        },
    );
    assert_eq!(
        fx,
        vec![
            Effect::Full(FullEffect::Disconnect),
            Effect::Full(FullEffect::Heartbeat(false)),
            Effect::Remove {
                key: ONLINE_KEY.to_string()
            }
        ]
    );
    assert!(!ui.is_online());
    let view = ui.view();
    assert_eq!(view.screen, "home");
    assert_eq!(
        view.notice.as_deref(),
        Some("That code opens no game: it may be mistyped, used or expired.")
    );
}

#[test]
fn the_screen_stays_awake_through_a_game_on_a_clock_and_sleeps_after() {
    let awake = |fx: &[Effect]| {
        fx.iter().find_map(|e| match e {
            Effect::Full(FullEffect::KeepAwake(on)) => Some(*on),
            _ => None,
        })
    };
    let mut ui = seated(Role::White);
    let clocked = |result: Option<online_play::GameResult>| {
        let ServerMessage::Snapshot(snapshot) = snapshot(2, "classic") else {
            unreachable!("a snapshot")
        };
        ServerMessage::Snapshot(online_play::Snapshot {
            clock: Some(online_play::ClockView {
                control: "3+2".parse().expect("a time control"),
                left: [180_000, 180_000],
                running: Some(Role::White),
                at: 0,
            }),
            result,
            reason: result.map(|_| online_play::EndReason::Resignation),
            ..snapshot
        })
    };
    assert_eq!(awake(&hear(&mut ui, 20.0, clocked(None))), Some(true));
    // Asked once: the next message changes nothing.
    assert_eq!(awake(&hear(&mut ui, 30.0, ServerMessage::Pong)), None);
    let over = Some(online_play::GameResult::BlackWins);
    assert_eq!(awake(&hear(&mut ui, 40.0, clocked(over))), Some(false));

    // A game without a clock never asks.
    let seat = Seat {
        game: "g2".into(),
        token: Some("t".into()),
        code: None,
        creator: true,
    };
    let (mut plain, _) = online_page(seat);
    hear(&mut plain, 20.0, snapshot(2, "classic"));
    assert_eq!(awake(&hear(&mut plain, 30.0, ServerMessage::Pong)), None);
}
