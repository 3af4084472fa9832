//! Online play's socket through [`Ui::update`] and [`Ui::view`]: creating a
//! game and waiting, a friend joining by code, a drop with its back-off, a
//! silent socket, the opponent-away countdown, and a frame that cannot be
//! read.

use online_play::{ClientMessage, EventBody, Presence, Role, ServerMessage, Snapshot};

use super::online_tests::{back_off, hear, online_page, online_panel};
use super::*;
use crate::online_state::Seat;

fn snapshot(v: u64, seated: [bool; 2]) -> ServerMessage {
    ServerMessage::Snapshot(Snapshot {
        v,
        record: "classic".to_string(),
        result: None,
        reason: None,
        draw_offer: None,
        seated,
        suggestions: false,
        clock: None,
        rated: None,
        rematch_offer: None,
        rematch: None,
        tournament: None,
        berserk: [false, false],
    })
}

fn welcome(role: Role, token: Option<&str>) -> ServerMessage {
    ServerMessage::Welcome {
        game: "g1".into(),
        role,
        token: token.map(str::to_string),
    }
}

fn creator_seat() -> Seat {
    Seat {
        game: "g1".into(),
        token: Some("t1".into()),
        code: Some("K7Q-4MZ".into()),
        creator: true,
    }
}

fn stored_seat(fx: &[Effect]) -> Option<Seat> {
    fx.iter().find_map(|e| match e {
        Effect::Store { key, value } if key == ONLINE_KEY => Seat::from_text(value),
        _ => None,
    })
}

/// A page playing White against a friend who has joined, its socket open
/// since `0`.
fn playing() -> Ui {
    let (mut ui, _) = online_page(creator_seat());
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    hear(&mut ui, 0.0, welcome(Role::White, None));
    hear(&mut ui, 0.0, snapshot(2, [true, true]));
    ui
}

#[test]
fn a_created_game_waits_on_its_screen_until_the_friend_joins() {
    let mut ui = tests::booted();
    ui.update(Action::Press(Button::Pick(engine::GameKind::Draughts(
        engine::DraughtsKind::Qirkat,
    ))));
    let fx = ui.update(Action::Press(Button::StartOnline {
        side: "white".into(),
        suggestions: true,
        clock: Some("5+3".into()),
        on_line: true,
    }));
    assert_eq!(
        fx,
        vec![Effect::Full(FullEffect::CreateOnline {
            game: "qirkat",
            side: "white".into(),
            suggestions: true,
            clock: Some("5+3".into()),
        })]
    );
    assert_eq!(ui.view().notice.as_deref(), Some("Creating the game…"));

    // The server refuses: the person is told, and stays.
    ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Created(Err("The server could not create the game: full".into())),
    )));
    assert_eq!(ui.view().screen, "opponent");
    assert!(!ui.is_online());

    let json = r#"{"id":"g1","code":"K7Q-4MZ","token":"t1","side":"white"}"#;
    let seat = Seat::from_created(json).expect("a seat");
    assert_eq!(seat, creator_seat());
    assert!(Seat::from_created("<html>").is_err());
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Created(Ok(seat.clone())),
    )));
    assert_eq!(stored_seat(&fx), Some(seat));
    assert!(fx.contains(&Effect::Full(FullEffect::Heartbeat(true))));
    assert_eq!(fx.last(), Some(&Effect::Full(FullEffect::Connect)));
    let view = ui.view();
    assert_eq!((view.screen, view.notice), ("waiting", None));
    let panel = view.full.online.expect("the online panel");
    assert_eq!((panel.code.as_str(), panel.link), ("K7Q-4MZ", "connecting"));
    assert_eq!(panel.join_query, "?join=K7Q4MZ");
    assert_eq!(panel.watch_query, "?watch=g1");

    let fx = ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    assert_eq!(
        fx,
        vec![Effect::Full(FullEffect::SendOnline(ClientMessage::Hello {
            game: "g1".into(),
            token: Some("t1".into()),
            code: None,
            last_v: None,
        }))]
    );
    hear(&mut ui, 10.0, welcome(Role::White, None));
    hear(&mut ui, 20.0, snapshot(1, [true, false]));
    assert_eq!(ui.view().screen, "waiting", "no friend yet");
    assert_eq!(online_panel(&ui).link, "open");
    assert!(online_panel(&ui).resign_disabled);

    let joined = ServerMessage::Event(online_play::Event {
        v: 2,
        body: EventBody::Joined { side: Role::Black },
    });
    hear(&mut ui, 30.0, joined);
    let view = ui.view();
    assert_eq!(view.screen, "game");
    assert_eq!(view.game.expect("panels").status, "Your turn");
    assert!(!online_panel(&ui).resign_disabled);
}

#[test]
fn a_friend_joins_by_code_with_a_token_of_their_own_until_welcomed() {
    let mut ui = tests::booted();
    let fx = ui.update(Action::Press(Button::JoinOnline {
        code: "k7q-4mz".into(),
        on_line: false,
    }));
    assert!(fx.is_empty() && !ui.is_online(), "offline: not tried");

    let fx = ui.update(Action::Press(Button::JoinOnline {
        code: " K7Q-4MZ ".into(),
        on_line: true,
    }));
    let seat = stored_seat(&fx).expect("the seat is kept");
    let token = "00000001000000020000000300000004";
    assert_eq!(seat.token.as_deref(), Some(token), "the boot's random bits");
    assert!(seat.joins_by_code());
    assert_eq!(fx.last(), Some(&Effect::Full(FullEffect::Connect)));
    assert_eq!(ui.view().screen, "game");

    let fx = ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    let Some(Effect::Full(FullEffect::SendOnline(ClientMessage::Hello { token: t, code, .. }))) =
        fx.first()
    else {
        panic!("a hello: {fx:?}");
    };
    assert_eq!((t.as_deref(), code.is_some()), (Some(token), true));

    // Welcomed: the code is spent and the seat kept without it.
    let fx = hear(&mut ui, 10.0, welcome(Role::Black, None));
    let seat = stored_seat(&fx).expect("the seat is kept again");
    assert_eq!((seat.game.as_str(), seat.code), ("g1", None));
    hear(&mut ui, 20.0, snapshot(2, [true, true]));
    let view = ui.view();
    assert_eq!(view.screen, "game");
    assert_eq!(view.game.expect("panels").status, "Waiting for White…");
    let fx = ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 30.0,
    })));
    assert!(matches!(
        fx.first(),
        Some(Effect::Full(FullEffect::SendOnline(ClientMessage::Hello {
            code: None,
            last_v: Some(2),
            ..
        })))
    ));
}

#[test]
fn a_dropped_socket_is_reconnected_after_a_growing_jittered_back_off() {
    let mut ui = playing();
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Closed { hidden: false },
    )));
    let (first, ms) = back_off(&fx).expect("a back-off");
    assert!((375..=625).contains(&ms), "half a second, spread: {ms}");
    let panel = online_panel(&ui);
    assert_eq!(
        (panel.link, panel.connection.as_str()),
        ("reconnecting", "Reconnecting…")
    );
    assert_eq!(ui.view().screen, "game", "the game stays on screen");

    // Not before its timer, and not for another timer.
    assert!(ui.update(Action::Timer(Timer::WatchPause)).is_empty());
    assert_eq!(
        ui.update(Action::Timer(first)),
        vec![Effect::Full(FullEffect::Connect)]
    );
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Closed { hidden: false },
    )));
    let (second, ms) = back_off(&fx).expect("a back-off");
    assert!((750..=1250).contains(&ms), "doubled: {ms}");

    // Waking while a back-off runs connects at once and cancels it.
    let fx = ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Wake {
        hidden: false,
    })));
    assert_eq!(
        fx,
        vec![Effect::StopTimer(second), Effect::Full(FullEffect::Connect)]
    );
    assert!(ui.update(Action::Timer(second)).is_empty());
    assert!(
        ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Wake {
            hidden: false
        })))
        .is_empty(),
        "connecting"
    );

    // An open socket starts the back-off over.
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 5000.0,
    })));
    assert_eq!(online_panel(&ui).link, "reconnecting", "until welcomed");
    hear(&mut ui, 5010.0, welcome(Role::White, None));
    assert_eq!(online_panel(&ui).link, "open");
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Closed { hidden: true },
    )));
    assert!(back_off(&fx).is_none(), "a hidden page waits to be woken");
    assert!(ui
        .update(Action::Full(FullAction::Connection(ConnectionMsg::Wake {
            hidden: true
        })))
        .is_empty());
    assert_eq!(
        ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Wake {
            hidden: false
        }))),
        vec![Effect::Full(FullEffect::Connect)]
    );
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Closed { hidden: false },
    )));
    let (last, ms) = back_off(&fx).expect("a back-off");
    assert!((375..=625).contains(&ms), "from the start again: {ms}");

    // Leaving stops all of it, the back-off included, and forgets the seat.
    let fx = ui.update(Action::Press(Button::CancelOnline));
    for effect in [
        Effect::Full(FullEffect::Disconnect),
        Effect::Full(FullEffect::Heartbeat(false)),
        Effect::StopTimer(last),
        Effect::Remove {
            key: ONLINE_KEY.to_string(),
        },
    ] {
        assert!(fx.contains(&effect), "{effect:?} in {fx:?}");
    }
    assert!(!ui.is_online() && ui.view().full.online.is_none());
    assert!(ui.update(Action::Timer(last)).is_empty());
    assert!(ui
        .update(Action::Full(FullAction::Connection(ConnectionMsg::Wake {
            hidden: false
        })))
        .is_empty());
}

#[test]
fn a_silent_socket_is_pinged_then_closed_as_dead() {
    let mut ui = playing();
    let beat = |ui: &mut Ui, now_ms: f64| {
        ui.update(Action::Full(FullAction::Connection(
            ConnectionMsg::Heartbeat {
                now_ms,
                hidden: false,
            },
        )))
    };
    assert!(beat(&mut ui, 1000.0).is_empty());
    assert_eq!(
        beat(&mut ui, 3500.0),
        vec![Effect::Full(FullEffect::SendOnline(ClientMessage::Ping))]
    );
    assert!(
        beat(&mut ui, 4500.0).is_empty(),
        "one ping per three seconds"
    );
    hear(&mut ui, 4000.0, ServerMessage::Pong);
    let fx = beat(&mut ui, 11_000.0);
    assert!(
        !fx.contains(&Effect::Full(FullEffect::Disconnect)),
        "heard 7 s ago"
    );
    let fx = beat(&mut ui, 12_500.0);
    assert_eq!(
        fx.first(),
        Some(&Effect::Full(FullEffect::Disconnect)),
        "8 s of silence"
    );
    assert!(back_off(&fx).is_some());
    assert_eq!(online_panel(&ui).link, "reconnecting");
    // A closed socket is neither pinged nor closed again.
    assert!(beat(&mut ui, 30_000.0).is_empty());
}

#[test]
fn the_opponent_away_counts_down_to_a_claim() {
    let mut ui = playing();
    hear(&mut ui, 1000.0, ServerMessage::OpponentGone { seconds: 3 });
    let panel = online_panel(&ui);
    assert_eq!(
        panel.connection,
        "Your opponent has left. You may claim the game in 3 s."
    );
    assert!(!panel.claim);
    ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Heartbeat {
            now_ms: 2100.0,
            hidden: false,
        },
    )));
    assert_eq!(
        online_panel(&ui).connection,
        "Your opponent has left. You may claim the game in 2 s."
    );
    hear(&mut ui, 3000.0, ServerMessage::Pong);
    ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Heartbeat {
            now_ms: 4200.0,
            hidden: false,
        },
    )));
    let panel = online_panel(&ui);
    assert!(panel.claim);
    assert_eq!(
        panel.connection,
        "Your opponent has left. You may claim the game."
    );
    let fx = ui.update(Action::Press(Button::Claim { draw: false }));
    assert_eq!(
        fx,
        vec![Effect::Full(FullEffect::SendOnline(ClientMessage::Claim {
            draw: false
        }))]
    );

    // The opponent is back: no claim, no countdown.
    hear(
        &mut ui,
        4300.0,
        ServerMessage::Presence(Presence {
            white: true,
            black: true,
            watchers: 0,
        }),
    );
    ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Heartbeat {
            now_ms: 5000.0,
            hidden: false,
        },
    )));
    let panel = online_panel(&ui);
    assert!(!panel.claim && panel.connection.is_empty());
}

#[test]
fn a_frame_that_cannot_be_read_is_logged_and_changes_nothing() {
    let mut ui = playing();
    let before = ui.view();
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Message {
            now_ms: 7000.0,
            message: Err("malformed: {\"type\":\"boom".into()),
        },
    )));
    let [Effect::Log(text)] = fx.as_slice() else {
        panic!("one line for the console: {fx:?}");
    };
    assert!(text.contains("cannot be read") && text.contains("boom"));
    assert_eq!(ui.view(), before, "the page shows the same");
    // It was heard: the socket is not silent.
    let fx = ui.update(Action::Full(FullAction::Connection(
        ConnectionMsg::Heartbeat {
            now_ms: 14_000.0,
            hidden: false,
        },
    )));
    assert!(!fx.contains(&Effect::Full(FullEffect::Disconnect)));

    // A message that reads but does not replay is refused with a notice.
    let mut bad = snapshot(9, [true, true]);
    if let ServerMessage::Snapshot(s) = &mut bad {
        s.record = "classic moves a1-a1".into();
    }
    hear(&mut ui, 14_500.0, bad);
    let notice = ui.view().notice.expect("a notice");
    assert!(notice.starts_with("The server sent a game that does not replay"));
    assert_eq!(ui.view().game.expect("panels").ply, 0);
}
