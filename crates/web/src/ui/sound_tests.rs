//! The page's sounds through [`Ui::update`]: a turn on the board by the
//! person, the computer or the online opponent, a huff, the end of a game,
//! the friend joining; none with the preference off, none in an embedded
//! page unless its URL asked.

use engine::search::Level;
use engine::{DraughtsKind, Entry, GameKind, Side};
use online_play::{EndReason, EventBody, GameResult, Role, ServerMessage, Snapshot};

use super::online_tests::{hear, online_page};
use super::tests::{asked, booted, first_turn_reply, session, tap};
use super::*;
use crate::embed::Embed;
use crate::online_state::Seat;
use crate::sound::Sound;

const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);

/// The sounds among `fx`.
fn sounds(fx: &[Effect]) -> Vec<Sound> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Sound(sound) => Some(*sound),
            _ => None,
        })
        .collect()
}

/// Enters `entry` by pressing each of its points, a second apart; the
/// sounds of every press.
fn enter(ui: &mut Ui, entry: &Entry) -> Vec<Sound> {
    let mut heard = Vec::new();
    for (i, &p) in entry.path.iter().enumerate() {
        heard.extend(sounds(&tap(ui, p, 10_000.0 * (i + 1) as f64)));
    }
    heard
}

/// A page with a Classic game between two people on screen.
fn friends() -> Ui {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    ui.update(Action::Press(Button::StartFriend));
    assert_eq!(ui.view().screen, "game");
    ui
}

/// The first entry of the position that captures, or that does not.
fn entry(ui: &Ui, capturing: bool) -> Option<Entry> {
    session(ui)
        .entries()
        .iter()
        .find(|e| e.captured.is_empty() != capturing)
        .cloned()
}

/// Quiet moves until a capture can be made, each heard as a move; the
/// capture then heard as one.
fn quiet_moves_then_a_capture(ui: &mut Ui) -> Vec<Sound> {
    for _ in 0..20 {
        if let Some(capture) = entry(ui, true) {
            return enter(ui, &capture);
        }
        let quiet = entry(ui, false).expect("a quiet move");
        assert_eq!(enter(ui, &quiet), vec![Sound::Move]);
    }
    panic!("no capture came up");
}

#[test]
fn a_quiet_move_is_heard_as_a_move_and_a_capture_as_a_capture() {
    let mut ui = friends();
    // Selecting a piece makes no sound.
    let quiet = entry(&ui, false).expect("a quiet move");
    assert!(sounds(&tap(&mut ui, quiet.path[0], 1000.0)).is_empty());
    assert_eq!(
        sounds(&tap(&mut ui, quiet.path[1], 2000.0)),
        vec![Sound::Move]
    );
    assert_eq!(quiet_moves_then_a_capture(&mut ui), vec![Sound::Capture]);
}

#[test]
fn with_the_sound_preference_off_nothing_is_heard() {
    let mut ui = friends();
    let prefs = crate::save::Prefs {
        sound: false,
        ..ui.shared.prefs
    };
    ui.update(Action::Prefs(prefs));
    assert!(!ui.sound_on());
    for _ in 0..6 {
        let next = entry(&ui, true)
            .or_else(|| entry(&ui, false))
            .expect("a turn");
        assert!(enter(&mut ui, &next).is_empty());
    }
    ui.update(Action::Press(Button::Resign)); // asked once more first
    assert!(sounds(&ui.update(Action::Press(Button::Resign))).is_empty());
}

/// A page embedded by `query`.
fn embedded(query: &str) -> Ui {
    let mut ui = Ui::new();
    let embed: Embed = Embed::from_query(query)
        .expect("an embedding")
        .expect("valid");
    ui.update(Action::Boot(Box::new(Boot {
        embed: Some(Ok(embed)),
        ..match boot::fresh_boot(3) {
            Action::Boot(boot) => *boot,
            _ => unreachable!(),
        }
    })));
    assert_eq!(ui.view().screen, "game");
    ui
}

#[test]
fn an_embedded_game_is_silent_unless_its_url_asks_for_sound() {
    let mut quiet = embedded("?embed&game=classic&opponent=friend");
    assert!(!quiet.sound_on());
    let first = entry(&quiet, false).expect("a move");
    assert!(enter(&mut quiet, &first).is_empty());

    let mut loud = embedded("?embed&game=classic&opponent=friend&sound=1");
    assert!(loud.sound_on());
    assert_eq!(enter(&mut loud, &first), vec![Sound::Move]);
    // The person's preference still counts.
    loud.shared.prefs.sound = false;
    assert!(!loud.sound_on());
}

#[test]
fn the_computers_turn_and_a_resignation_are_heard() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    let fx = ui.update(Action::Press(Button::StartComputer {
        level: Level::Easy,
        human: Side::Black,
    }));
    assert!(sounds(&fx).is_empty(), "a new game is silent");
    let request = asked(&fx).expect("the computer asked").clone();
    let fx = ui.update(first_turn_reply(&request));
    assert_eq!(sounds(&fx), vec![Sound::Move]);
    ui.update(Action::Press(Button::Resign)); // asked once more first
    let fx = ui.update(Action::Press(Button::Resign));
    assert_eq!(sounds(&fx), vec![Sound::GameEnd]);
}

#[test]
fn a_huff_is_heard_when_entered_and_not_again_with_its_move() {
    // Special: a skipped capture lets the opponent huff.
    let (mut ui, huff) = super::tests::special_until_huff(40);
    let point = huff.huff.expect("a huff");
    let mut heard = Vec::new();
    for ms in [100.0, 200.0, 300.0] {
        heard.extend(sounds(&tap(&mut ui, point, ms)));
    }
    assert_eq!(heard, vec![Sound::Huff]);
    let then = enter(&mut ui, &huff);
    assert_eq!(then.len(), 1);
    assert_ne!(then, vec![Sound::Huff], "heard once");
}

fn snapshot(v: u64, record: &str, seated: [bool; 2]) -> ServerMessage {
    ServerMessage::Snapshot(Snapshot {
        v,
        record: record.to_string(),
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

/// A quiet move of `game`'s after which the opponent has a quiet move.
fn quiet_with_quiet_reply(game: &engine::AnyGame) -> Option<Entry> {
    game.entries().into_iter().find(|e| {
        let mut after = game.clone();
        after.play(e.turn).expect("legal");
        e.captured.is_empty() && after.entries().iter().any(|r| r.captured.is_empty())
    })
}

fn event(v: u64, body: EventBody) -> ServerMessage {
    ServerMessage::Event(online_play::Event { v, body })
}

#[test]
fn online_the_friend_joining_their_moves_and_the_end_are_heard() {
    let seat = Seat {
        game: "g1".into(),
        token: Some("t1".into()),
        code: Some("K7Q-4MZ".into()),
        creator: true,
    };
    let (mut ui, fx) = online_page(seat);
    assert!(sounds(&fx).is_empty());
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    let welcome = ServerMessage::Welcome {
        game: "g1".into(),
        role: Role::White,
        token: None,
    };
    assert!(sounds(&hear(&mut ui, 0.0, welcome)).is_empty());
    // A game under way where White has a quiet move with a quiet reply.
    let mut start = engine::AnyGame::new(CLASSIC);
    while start.side_to_move() == Side::Black || quiet_with_quiet_reply(&start).is_none() {
        let entries = start.entries();
        let next = entries
            .iter()
            .find(|e| !e.captured.is_empty())
            .unwrap_or(&entries[0]);
        start.play(next.turn).expect("legal");
    }
    let record = start.to_record_line();
    let fx = hear(&mut ui, 0.0, snapshot(1, &record, [true, false]));
    assert!(sounds(&fx).is_empty(), "the game shown is not a turn");
    let fx = hear(
        &mut ui,
        10.0,
        event(2, EventBody::Joined { side: Role::Black }),
    );
    assert_eq!(sounds(&fx), vec![Sound::OpponentJoined]);

    // The person's move is heard as it is entered, not again when the
    // server has it.
    let mine = quiet_with_quiet_reply(&session(&ui).game).expect("a move");
    assert_eq!(enter(&mut ui, &mine), vec![Sound::Move]);
    let mut server = start.clone();
    let ply = server.ply() as u32;
    let turn = server.turn_coordinates(mine.turn);
    server.play(mine.turn).expect("legal");
    let fx = hear(&mut ui, 20.0, event(3, EventBody::Moved { ply, turn }));
    assert!(sounds(&fx).is_empty());

    // The friend's quiet move arrives.
    let reply = server
        .entries()
        .into_iter()
        .find(|e| e.captured.is_empty())
        .expect("a quiet reply");
    let turn = server.turn_coordinates(reply.turn);
    let ply = ply + 1;
    let fx = hear(&mut ui, 30.0, event(4, EventBody::Moved { ply, turn }));
    assert_eq!(sounds(&fx), vec![Sound::MoveArrived]);

    let ended = EventBody::Ended {
        result: GameResult::WhiteWins,
        reason: EndReason::Resignation,
    };
    assert_eq!(
        sounds(&hear(&mut ui, 40.0, event(5, ended))),
        vec![Sound::GameEnd]
    );

    // A page coming back to a game under way hears nothing of it.
    let (mut again, _) = online_page(Seat {
        game: "g1".into(),
        token: Some("t1".into()),
        code: None,
        creator: true,
    });
    again.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    let record = session(&ui).game.to_record_line();
    assert!(sounds(&hear(&mut again, 0.0, snapshot(4, &record, [true, true]))).is_empty());
}

/// The vibration asked for by `fx`, if any.
fn buzz(fx: &[Effect]) -> Option<Vec<u32>> {
    fx.iter().find_map(|e| match e {
        Effect::Vibrate(pattern) => Some(pattern.clone()),
        _ => None,
    })
}

#[test]
fn a_phone_buzzes_at_the_computers_turn_longer_when_it_takes_and_never_at_ones_own() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Pick(CLASSIC)));
    let fx = ui.update(Action::Press(Button::StartComputer {
        level: Level::Easy,
        human: Side::Black,
    }));
    let request = asked(&fx).expect("the computer asked").clone();
    let fx = ui.update(first_turn_reply(&request));
    assert_eq!(buzz(&fx), Some(super::sounds::VIBRATE_MOVE.to_vec()));
    // The person's own turn: no buzz. Then the computer's answer, which in
    // Classic's opening takes a man whenever it can.
    let mut took = false;
    for _ in 0..6 {
        let entries = session(&ui).entries().to_vec();
        let Some(mine) = entries.first().cloned() else {
            break;
        };
        let fx = super::tests::enter(&mut ui, &mine.path);
        assert_eq!(buzz(&fx), None, "the person's own turn");
        let Some(request) = asked(&fx).cloned() else {
            break;
        };
        let fx = ui.update(first_turn_reply(&request));
        let captured = session(&ui)
            .game
            .last_move()
            .is_some_and(|(_, taken)| !taken.is_empty());
        let expected = if captured {
            super::sounds::VIBRATE_CAPTURE.to_vec()
        } else {
            super::sounds::VIBRATE_MOVE.to_vec()
        };
        assert_eq!(buzz(&fx), Some(expected));
        took |= captured;
    }
    assert!(took, "a capture came up");
    // Off: nothing.
    ui.shared.prefs.vibrate = false;
    let mine = session(&ui).entries()[0].clone();
    let fx = super::tests::enter(&mut ui, &mine.path);
    if let Some(request) = asked(&fx).cloned() {
        assert_eq!(buzz(&ui.update(first_turn_reply(&request))), None);
    }
}
