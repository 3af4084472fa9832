//! A room with clocks, driven by the times passed in: moves charged between
//! receipts with the increment and the lag given back, the first move's
//! time, the flag (a loss, or a draw against a bare king), and the stored
//! clock events rebuilding the same clocks.

use alquerque_online_play::room::FIRST_MOVE_MS;
use alquerque_online_play::{
    ClientMessage, Context, EndReason, EventBody, GameResult, MoveText, Role, Room, TimeControl,
};
use engine::Side;

const T0: u64 = 1_800_000_000_000;

fn control(text: &str) -> TimeControl {
    text.parse().expect("a time control")
}

/// Applies events as the server does after storing them.
fn apply(room: &mut Room, events: &[EventBody]) {
    for event in events {
        room.apply(event).expect("a checked event applies");
    }
}

/// A timed game with both seats taken at `T0`.
fn seated(header: &str, clock: &str) -> Room {
    let mut room = Room::new(header, false)
        .expect("a game")
        .timed(control(clock));
    let white = room.joined(Side::White, T0 - 5_000);
    assert_eq!(white.len(), 1, "no clocks until both are seated");
    apply(&mut room, &white);
    let black = room.joined(Side::Black, T0);
    assert_eq!(
        black[1],
        EventBody::Clock {
            at: T0,
            left: [control(clock).base_ms(); 2]
        }
    );
    apply(&mut room, &black);
    room
}

/// The events of `role` moving `turn` at `now` with `lag` (checked, then
/// applied).
fn play(room: &mut Room, role: Role, turn: &str, now: u64, lag: u32) -> Vec<EventBody> {
    let mv = ClientMessage::Move(MoveText {
        ply: room.game.ply() as u32,
        turn: turn.to_string(),
        lag: Some(lag),
    });
    let context = Context {
        now,
        ..Context::default()
    };
    let events = room.check(role, &mv, context).expect("accepted");
    apply(room, &events);
    events
}

fn left(room: &Room, now: u64) -> [u64; 2] {
    room.clock.as_ref().expect("clocks").remaining_at(now)
}

#[test]
fn moves_are_charged_with_the_increment_and_the_lag_given_back() {
    let mut room = seated("chesquerque", "1+2");
    assert_eq!(room.due(), Some(T0 + FIRST_MOVE_MS), "White's first move");
    // White's first move costs nothing and starts Black's clock.
    let events = play(&mut room, Role::White, "e2e4", T0 + 10_000, 0);
    assert!(matches!(events[0], EventBody::Moved { .. }));
    assert_eq!(
        events[1],
        EventBody::Clock {
            at: T0 + 10_000,
            left: [60_000, 60_000]
        }
    );
    // Black thinks 5 s, with 200 ms of measured lag: 4.8 s spent, 2 s back.
    play(&mut room, Role::Black, "e8e6", T0 + 15_000, 200);
    assert_eq!(left(&room, T0 + 15_000), [60_000, 57_200]);
    // White's clock runs now.
    assert_eq!(left(&room, T0 + 25_000), [50_000, 57_200]);
    // A claimed lag of 3 s is given back only up to the cap of 500 ms.
    play(&mut room, Role::White, "d2d4", T0 + 25_000, 3_000);
    assert_eq!(left(&room, T0 + 25_000), [52_500, 57_200]);
    // Black's deadline, with a late move's allowance.
    assert_eq!(room.due(), Some(T0 + 25_000 + 57_200 + 500));
}

#[test]
fn the_flag_falls_on_the_side_to_move() {
    let mut room = seated("classic", "1+0");
    play(&mut room, Role::White, "c2-c3", T0 + 1_000, 0);
    let due = room.due().expect("Black's clock runs");
    assert_eq!(due, T0 + 1_000 + 60_000 + 500);
    assert!(room.check_time(due - 1, false).is_empty(), "not yet");
    let ended = room.check_time(due, false);
    assert_eq!(
        ended,
        vec![EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime,
        }]
    );
    apply(&mut room, &ended);
    assert_eq!(left(&room, due + 10_000), [60_000, 0]);
    assert_eq!(room.due(), None, "over: no more looks");
}

#[test]
fn a_move_after_the_flag_loses_and_lag_can_save_one_just_before() {
    let mut room = seated("turkish", "1+0");
    let first = room.game.turn_coordinates(room.game.entries()[0].turn);
    play(&mut room, Role::White, &first, T0, 0);
    let reply = room.game.turn_coordinates(room.game.entries()[0].turn);
    // 60.3 s after, with 400 ms of lag: 59.9 s charged, in time.
    let mut saved = room.clone();
    let events = play(&mut saved, Role::Black, &reply, T0 + 60_300, 400);
    assert!(matches!(events[0], EventBody::Moved { .. }), "{events:?}");
    // 61 s after: too late, whatever the lag.
    let events = play(&mut room, Role::Black, &reply, T0 + 61_000, 500);
    assert_eq!(
        events,
        vec![EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime,
        }]
    );
}

#[test]
fn a_first_move_never_made_calls_the_game_off() {
    let room = seated("bell", "3+2");
    assert!(room.check_time(T0 + FIRST_MOVE_MS - 1, false).is_empty());
    assert_eq!(
        room.check_time(T0 + FIRST_MOVE_MS, false),
        vec![EventBody::Ended {
            result: GameResult::NoResult,
            reason: EndReason::Aborted,
        }]
    );
    // A game without clocks has no deadlines.
    let untimed = Room::new("bell", false).expect("a game");
    assert_eq!(untimed.due(), None);
    assert!(untimed.check_time(u64::MAX, false).is_empty());
}

#[test]
fn a_flag_against_a_bare_king_is_a_draw() {
    // White has only its king; Black has a king and a rook, and runs out
    // of time.
    let start = "chesquerque position kr7/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let mut room = Room::new(start, false)
        .expect("a game")
        .timed(control("1+0"));
    let seats = room.joined(Side::White, T0);
    apply(&mut room, &seats);
    let seats = room.joined(Side::Black, T0);
    apply(&mut room, &seats);
    assert_eq!(room.game.piece_count(Side::White), 1);
    // Black moves first here; then White, then Black's clock runs out.
    let black = room.game.turn_coordinates(room.game.entries()[0].turn);
    play(&mut room, Role::Black, &black, T0, 0);
    let white = room.game.turn_coordinates(room.game.entries()[0].turn);
    play(&mut room, Role::White, &white, T0 + 1_000, 0);
    let due = room.due().expect("Black's clock runs");
    assert_eq!(
        room.check_time(due, false),
        vec![EventBody::Ended {
            result: GameResult::Draw,
            reason: EndReason::OutOfTimeCannotWin,
        }]
    );
}

#[test]
fn stored_clock_events_rebuild_the_same_clocks() {
    let mut live = seated("chesquerque", "3+2");
    let mut log = Vec::new();
    for (role, turn, at, lag) in [
        (Role::White, "e2e4", T0 + 2_000, 0),
        (Role::Black, "e8e6", T0 + 9_000, 120),
        (Role::White, "d2d4", T0 + 30_000, 80),
    ] {
        log.extend(play(&mut live, role, turn, at, lag));
    }
    let mut replayed = seated("chesquerque", "3+2");
    apply(&mut replayed, &log);
    for now in [T0 + 30_000, T0 + 95_000] {
        assert_eq!(left(&replayed, now), left(&live, now));
    }
    assert_eq!(replayed.due(), live.due());
    // A snapshot carries them too, as they stand when it is taken.
    let snapshot = live.snapshot_at(T0 + 40_000);
    let view = snapshot.clock.clone().expect("clocks");
    assert_eq!(view.running, Some(Role::Black));
    assert_eq!(view.left, left(&live, T0 + 40_000));
    let copy = Room::from_snapshot(&snapshot).expect("a room");
    assert_eq!(
        copy.clock.expect("clocks").remaining_at(T0 + 50_000),
        left(&live, T0 + 50_000)
    );
}

#[test]
fn rating_farmed_in_seconds_a_rated_game_ended_before_both_moved_is_called_off() {
    let called_off = vec![EventBody::Ended {
        result: GameResult::NoResult,
        reason: EndReason::Aborted,
    }];
    let rated = Context {
        now: T0,
        rated: true,
        ..Context::default()
    };
    // Resigned at ply 0 and at ply 1: called off when rated, lost when not.
    let mut room = seated("classic", "1+0");
    assert_eq!(
        room.check(Role::Black, &ClientMessage::Resign, rated),
        Ok(called_off.clone())
    );
    play(&mut room, Role::White, "c2-c3", T0 + 1_000, 0);
    assert_eq!(
        room.check(Role::White, &ClientMessage::Resign, rated),
        Ok(called_off.clone())
    );
    let unrated = room
        .check(Role::White, &ClientMessage::Resign, Context::default())
        .expect("a resignation");
    assert_eq!(
        unrated,
        vec![EventBody::Ended {
            result: GameResult::BlackWins,
            reason: EndReason::Resignation,
        }]
    );
    // Claimed against an opponent gone before its first move: called off.
    let gone = Context {
        opponent_gone: true,
        ..rated
    };
    assert_eq!(
        room.check(Role::White, &ClientMessage::Claim { draw: false }, gone),
        Ok(called_off.clone())
    );
    // Black's flag falls before its first move: called off when rated.
    let due = room.due().expect("Black's clock runs");
    assert_eq!(room.check_time(due, true), called_off);
    assert_eq!(
        room.check_time(due, false),
        vec![EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime,
        }]
    );
    // Once both have moved, a resignation counts.
    let reply = room.game.turn_coordinates(room.game.entries()[0].turn);
    play(&mut room, Role::Black, &reply, T0 + 2_000, 0);
    assert_eq!(
        room.check(Role::White, &ClientMessage::Resign, rated),
        Ok(vec![EventBody::Ended {
            result: GameResult::BlackWins,
            reason: EndReason::Resignation,
        }])
    );
}

#[test]
fn free_time_from_the_lag_allowance_ends_with_the_quota_and_survives_a_reload() {
    // Each side's moves take 500 ms and claim (as measured) 500 ms of lag.
    let mut room = seated("chesquerque", "1+0");
    let mut now = T0;
    for ply in 0..10u32 {
        now += 500;
        let role = if ply % 2 == 0 {
            Role::White
        } else {
            Role::Black
        };
        let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
        play(&mut room, role, &turn, now, 500);
    }
    // White's first move was free; Black's five moves took 2.5 s, of which
    // 1.4 s came back (the quota of 1 s and four moves' gains), not 2.5 s.
    assert_eq!(left(&room, now)[1], 60_000 - 2_500 + 1_400);
    assert_eq!(left(&room, now)[0], 60_000 - 2_000 + 1_300);
    // The room keeps its quotas by applying the stored events, so a room
    // the store rebuilds has them too: the same as a clock told each lag.
    let mut told = alquerque_online_play::Clock::new(control("1+0"));
    let mut at = T0;
    for ply in 0..10u64 {
        at += 500;
        let side = if ply % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        told.moved(side, at, 500).expect("in time");
    }
    assert_eq!(room.clock.expect("clocks").lag_quota(), told.lag_quota());
}
