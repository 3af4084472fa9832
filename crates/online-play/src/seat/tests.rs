use engine::Side;

use super::*;
use crate::{EndReason, Event, GameResult, TimeControl};

/// A game of `header` with both seats taken, as the server holds it.
fn seated(header: &str, clock: Option<&str>) -> Room {
    let mut room = Room::new(header, false).expect("a game");
    if let Some(clock) = clock {
        room = room.timed(clock.parse::<TimeControl>().expect("a clock"));
    }
    for side in [Side::White, Side::Black] {
        for body in room.joined(side, 1_000) {
            room.apply(&body).expect("applies");
        }
    }
    room
}

/// `room`'s first legal move, applied there, as the server sends it.
fn moved(room: &mut Room) -> ServerMessage {
    let body = first_move(room);
    event(room, body)
}

/// The next event of `room`, applied there, as the server sends it.
fn event(room: &mut Room, body: EventBody) -> ServerMessage {
    room.apply(&body).expect("applies");
    ServerMessage::Event(Event { v: room.v, body })
}

/// A bot welcomed as `role` and sent `room` whole.
fn bot(role: Role, room: &Room) -> Seat {
    let mut seat = Seat::new();
    seat.hear(&ServerMessage::Welcome {
        game: "g".into(),
        role,
        token: None,
    });
    seat.hear(&ServerMessage::Snapshot(room.snapshot()));
    seat
}

/// The first legal move of `room`'s position, as a record writes it.
fn first_move(room: &Room) -> EventBody {
    let turn = room.game.entries()[0].turn;
    EventBody::Moved {
        ply: room.game.ply() as u32,
        turn: room.game.turn_coordinates(turn),
    }
}

#[test]
fn it_thinks_once_per_position_and_only_on_its_own_turn() {
    let mut room = seated("classic", None);
    let mut black = bot(Role::Black, &room);
    assert!(black.think().is_none(), "White moves first");
    let first = moved(&mut room);
    assert!(black.hear(&first).is_empty());
    let asked = black.think().expect("its turn");
    assert_eq!(asked.ply, 1);
    assert_eq!(asked.game.ply(), 1);
    assert_eq!(asked.seconds, MOST_SECONDS, "untimed: as the page");
    assert!(black.think().is_none(), "asked once");
    // Its move was refused as stale: it thinks again.
    black.hear(&ServerMessage::Error {
        code: ErrorCode::StalePly,
        message: String::new(),
    });
    assert_eq!(black.think().map(|t| t.ply), Some(1));
    // Its move applied; White's turn.
    let reply = moved(&mut room);
    black.hear(&reply);
    assert!(black.think().is_none());
    assert!(!black.done());
}

#[test]
fn it_declines_the_opponents_offers_and_not_its_own() {
    let mut room = seated("bell", None);
    let mut white = bot(Role::White, &room);
    for _ in 0..4 {
        let next = moved(&mut room);
        white.hear(&next);
    }
    let theirs = event(&mut room, EventBody::DrawOffered { by: Role::Black });
    assert_eq!(white.hear(&theirs), vec![ClientMessage::DeclineDraw]);
    let declined = event(&mut room, EventBody::DrawDeclined { by: Role::White });
    assert!(white.hear(&declined).is_empty());
    let own = event(&mut room, EventBody::DrawOffered { by: Role::White });
    assert!(white.hear(&own).is_empty());
    let ended = event(
        &mut room,
        EventBody::Ended {
            result: GameResult::BlackWins,
            reason: EndReason::Resignation,
        },
    );
    white.hear(&ended);
    assert!(white.done());
    assert!(white.think().is_none());
    let rematch = event(&mut room, EventBody::RematchOffered { by: Role::Black });
    assert_eq!(white.hear(&rematch), vec![ClientMessage::DeclineRematch]);
}

#[test]
fn out_of_step_or_refused_for_good_it_stops() {
    let room = seated("classic", None);
    let mut white = bot(Role::White, &room);
    let mut skipped = room.clone();
    moved(&mut skipped);
    let second = moved(&mut skipped);
    white.hear(&second);
    assert!(white.done(), "an event skipped");

    let mut white = bot(Role::White, &room);
    white.hear(&ServerMessage::Error {
        code: ErrorCode::IllegalMove,
        message: String::new(),
    });
    assert!(white.done());
    let watcher = bot(Role::Spectator, &room);
    assert!(watcher.done());
}

#[test]
fn on_a_clock_it_thinks_within_its_time() {
    assert_eq!(seconds_for(20_000, 0), 0.5);
    assert_eq!(seconds_for(600_000, 5_000), MOST_SECONDS);
    assert_eq!(seconds_for(900, 0), LEAST_SECONDS);
    assert!((seconds_for(10_000, 500) - 0.6).abs() < 1e-9);
    let room = seated("turkish", Some("1+0"));
    let mut white = bot(Role::White, &room);
    let asked = white.think().expect("White's turn");
    assert_eq!(asked.seconds, seconds_for(60_000, 0));
    // Correspondence: as the page.
    let room = seated("qirkat", Some("3d"));
    let mut white = bot(Role::White, &room);
    assert_eq!(white.think().map(|t| t.seconds), Some(MOST_SECONDS));
}
