//! The room's rules, checked and applied as the server does.

use super::*;

fn mv(ply: u32, turn: &str) -> ClientMessage {
    ClientMessage::Move(MoveText {
        ply,
        turn: turn.to_string(),
        lag: None,
    })
}

fn seated(header: &str) -> Room {
    let mut room = Room::new(header, true).expect("a game");
    room.apply(&EventBody::Joined { side: Role::White })
        .expect("joins");
    room.apply(&EventBody::Joined { side: Role::Black })
        .expect("joins");
    room
}

/// Checks and applies, as the server does.
fn act(room: &mut Room, role: Role, message: ClientMessage) -> Result<(), ErrorCode> {
    let events = room.check(role, &message, Context::default())?;
    for e in &events {
        room.apply(e).expect("a checked event applies");
    }
    Ok(())
}

#[test]
fn a_snapshot_rebuilds_the_room() {
    let mut room = seated("chesquerque");
    act(&mut room, Role::White, mv(0, "e2e4")).expect("a move");
    act(&mut room, Role::Black, mv(1, "e8e6")).expect("a move");
    act(&mut room, Role::White, ClientMessage::OfferDraw).expect("an offer");
    let copy = Room::from_snapshot(&room.snapshot()).expect("a room");
    assert_eq!(copy.record(), room.record());
    assert_eq!((copy.v, copy.seated), (room.v, room.seated));
    assert_eq!(copy.draw_offer, Some(Side::White));
    assert!(copy.suggestions);
    act(&mut room, Role::Black, ClientMessage::Resign).expect("resigns");
    let copy = Room::from_snapshot(&room.snapshot()).expect("a room");
    assert_eq!(
        copy.result,
        Some((GameResult::WhiteWins, EndReason::Resignation))
    );
    let mut broken = room.snapshot();
    broken.record = "chesquerque moves e2e5".to_string();
    assert!(Room::from_snapshot(&broken).is_err());
}

#[test]
fn moves_are_refereed() {
    let mut room = Room::new("classic", false).expect("a game");
    room.apply(&EventBody::Joined { side: Role::White })
        .expect("joins");
    assert_eq!(
        act(&mut room, Role::White, mv(0, "c2-c3")),
        Err(ErrorCode::NotNow)
    );
    room.apply(&EventBody::Joined { side: Role::Black })
        .expect("joins");
    assert_eq!(
        act(&mut room, Role::Black, mv(0, "c4-c3")),
        Err(ErrorCode::NotYourTurn)
    );
    assert_eq!(
        act(&mut room, Role::Spectator, mv(0, "c2-c3")),
        Err(ErrorCode::Spectator)
    );
    assert_eq!(
        act(&mut room, Role::White, mv(1, "c2-c3")),
        Err(ErrorCode::StalePly)
    );
    assert_eq!(
        act(&mut room, Role::White, mv(0, "c2-c4")),
        Err(ErrorCode::IllegalMove)
    );
    assert_eq!(
        act(&mut room, Role::White, mv(0, "zz")),
        Err(ErrorCode::IllegalMove)
    );
    assert_eq!(act(&mut room, Role::White, mv(0, "c2-c3")), Ok(()));
    assert_eq!(room.game.ply(), 1);
    // The same move again is stale, not applied twice.
    assert_eq!(
        act(&mut room, Role::White, mv(0, "c2-c3")),
        Err(ErrorCode::StalePly)
    );
    assert_eq!(
        act(&mut room, Role::White, mv(1, "c3-c4")),
        Err(ErrorCode::NotYourTurn)
    );
    assert_eq!(
        act(&mut room, Role::Black, mv(0, "c4xc2")),
        Err(ErrorCode::StalePly)
    );
    assert_eq!(room.v, 3);
}

#[test]
fn draw_offers_follow_the_rules() {
    let mut room = seated("qirkat");
    assert_eq!(
        act(&mut room, Role::White, ClientMessage::OfferDraw),
        Err(ErrorCode::NotNow)
    );
    let first = room.game.entries()[0].turn;
    let text = room.game.turn_coordinates(first);
    act(&mut room, Role::White, mv(0, &text)).expect("a move");
    let reply = room.game.turn_coordinates(room.game.entries()[0].turn);
    act(&mut room, Role::Black, mv(1, &reply)).expect("a move");
    act(&mut room, Role::White, ClientMessage::OfferDraw).expect("an offer from ply 2");
    assert_eq!(
        act(&mut room, Role::White, ClientMessage::AcceptDraw),
        Err(ErrorCode::NotNow),
        "nobody accepts their own offer"
    );
    act(&mut room, Role::Black, ClientMessage::DeclineDraw).expect("declined");
    assert_eq!(
        act(&mut room, Role::White, ClientMessage::OfferDraw),
        Err(ErrorCode::NotNow),
        "not again within 20 plies"
    );
    act(&mut room, Role::Black, ClientMessage::OfferDraw).expect("Black may offer");
    act(&mut room, Role::White, ClientMessage::AcceptDraw).expect("accepted");
    assert_eq!(room.result, Some((GameResult::Draw, EndReason::Agreement)));
    assert_eq!(
        act(&mut room, Role::White, ClientMessage::Resign),
        Err(ErrorCode::GameOver)
    );
}

#[test]
fn moving_declines_the_opponents_offer() {
    let mut room = seated("bell");
    for ply in 0..2 {
        let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
        let role = if ply == 0 { Role::White } else { Role::Black };
        act(&mut room, role, mv(ply, &turn)).expect("a move");
    }
    act(&mut room, Role::Black, ClientMessage::OfferDraw).expect("an offer");
    let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
    let events = room
        .check(Role::White, &mv(2, &turn), Context::default())
        .expect("a move");
    assert_eq!(events[0], EventBody::DrawDeclined { by: Role::White });
}

#[test]
fn resign_abort_and_claim() {
    let mut room = seated("turkish");
    assert_eq!(
        act(&mut room, Role::White, ClientMessage::Claim { draw: false }),
        Err(ErrorCode::NotNow)
    );
    let events = room
        .check(
            Role::White,
            &ClientMessage::Claim { draw: false },
            Context {
                opponent_gone: true,
                ..Context::default()
            },
        )
        .expect("a claim");
    assert_eq!(
        events,
        vec![EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OpponentLeft,
        }]
    );
    act(&mut room, Role::Black, ClientMessage::Abort).expect("aborted before moves");
    assert_eq!(
        room.result,
        Some((GameResult::NoResult, EndReason::Aborted))
    );
    let mut room = seated("chesquerque");
    act(&mut room, Role::White, mv(0, "e2e4")).expect("a move");
    act(&mut room, Role::Black, mv(1, "e8e6")).expect("a move");
    assert_eq!(
        act(&mut room, Role::White, ClientMessage::Abort),
        Err(ErrorCode::NotNow)
    );
    act(&mut room, Role::Black, ClientMessage::Resign).expect("resigned");
    assert_eq!(
        room.result,
        Some((GameResult::WhiteWins, EndReason::Resignation))
    );
}

#[test]
fn suggestions_are_for_spectators_and_legal_moves() {
    let room = seated("classic");
    let s = |ply, turn: &str| MoveText {
        ply,
        turn: turn.to_string(),
        lag: None,
    };
    assert_eq!(
        room.check_suggestion(Role::Spectator, &s(0, "c2-c3")),
        Ok("c2-c3".to_string())
    );
    assert_eq!(
        room.check_suggestion(Role::White, &s(0, "c2-c3")),
        Err(ErrorCode::NotNow)
    );
    assert_eq!(
        room.check_suggestion(Role::Spectator, &s(1, "c2-c3")),
        Err(ErrorCode::StalePly)
    );
    assert_eq!(
        room.check_suggestion(Role::Spectator, &s(0, "a1-a5")),
        Err(ErrorCode::IllegalMove)
    );
    let closed = Room::new("classic", false).expect("a game");
    assert_eq!(
        closed.check_suggestion(Role::Spectator, &s(0, "c2-c3")),
        Err(ErrorCode::SuggestionsOff)
    );
}

#[test]
fn the_end_of_the_game_is_an_event() {
    // Random legal moves until the rules end the game: the last move's
    // events end with the result.
    let mut room = seated("special");
    let mut seed = 7u64;
    while !room.is_over() && room.game.ply() < 400 {
        let entries = room.game.entries();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let turn = entries[(seed % entries.len() as u64) as usize].turn;
        let text = room.game.turn_coordinates(turn);
        let role = role_of(room.game.side_to_move());
        let ply = room.game.ply() as u32;
        act(&mut room, role, mv(ply, &text)).expect("a legal move");
    }
    let outcome = room.game.outcome().expect("the rules ended the game");
    assert_eq!(room.result, Some(ending_of(outcome)));
}

/// Acts at `now`, as the server does.
fn act_at(room: &mut Room, role: Role, message: ClientMessage, now: u64) -> Result<(), ErrorCode> {
    let context = Context {
        now,
        ..Context::default()
    };
    let events = room.check(role, &message, context)?;
    for e in &events {
        room.apply(e).expect("a checked event applies");
    }
    Ok(())
}

/// A timed Classic game at 3+2, both seated at 1 000 ms.
fn timed_seated(tournament: bool) -> Room {
    let mut room = Room::new("classic", false)
        .expect("a game")
        .timed("3+2".parse().expect("a clock"));
    let mut events = Vec::new();
    if tournament {
        events.push(EventBody::Tournament { id: "t1".into() });
    }
    events.extend(room.joined(Side::White, 1_000));
    for e in &events {
        room.apply(e).expect("applies");
    }
    for e in room.joined(Side::Black, 1_000) {
        room.apply(&e).expect("applies");
    }
    room
}

#[test]
fn berserk_halves_ones_own_time_once_before_ones_first_move_in_a_tournament() {
    let mut casual = timed_seated(false);
    assert_eq!(
        act_at(&mut casual, Role::White, ClientMessage::Berserk, 2_000),
        Err(ErrorCode::NotNow),
        "only in a tournament"
    );
    let mut room = timed_seated(true);
    assert_eq!(
        act_at(&mut room, Role::Spectator, ClientMessage::Berserk, 2_000),
        Err(ErrorCode::Spectator)
    );
    act_at(&mut room, Role::White, ClientMessage::Berserk, 2_000).expect("berserk");
    assert_eq!(room.berserk, [true, false]);
    let left = room.clock.as_ref().expect("a clock").remaining();
    assert_eq!(left, [90_000, 180_000]);
    assert_eq!(
        act_at(&mut room, Role::White, ClientMessage::Berserk, 2_500),
        Err(ErrorCode::NotNow),
        "once"
    );
    act_at(&mut room, Role::White, mv(0, "c2-c3"), 3_000).expect("a move");
    assert_eq!(
        act_at(&mut room, Role::White, ClientMessage::Berserk, 3_100),
        Err(ErrorCode::NotNow),
        "not after one's first move"
    );
    // Black's clock runs since White moved: what is left at the press is
    // halved.
    act_at(&mut room, Role::Black, ClientMessage::Berserk, 13_000).expect("berserk");
    assert_eq!(room.berserk, [true, true]);
    let left = room.clock.as_ref().expect("a clock").remaining_at(13_000);
    assert_eq!(left[1], (180_000 - 10_000) / 2);
    // Told again to a client that comes back.
    let copy = Room::from_snapshot(&room.snapshot()).expect("a room");
    assert_eq!(
        (copy.berserk, copy.tournament.as_deref()),
        ([true, true], Some("t1"))
    );
}

#[test]
fn a_tournament_game_is_resigned_not_called_off() {
    let room = timed_seated(true);
    let rated = Context {
        now: 2_000,
        rated: true,
        ..Context::default()
    };
    assert_eq!(
        room.check(Role::White, &ClientMessage::Abort, rated),
        Err(ErrorCode::NotNow)
    );
    let events = room
        .check(Role::Black, &ClientMessage::Resign, rated)
        .expect("resigns");
    assert!(matches!(
        events[..],
        [EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::Resignation
        }]
    ));
    // Elsewhere, a rated game resigned before both moved is called off.
    let casual = timed_seated(false);
    let events = casual
        .check(Role::Black, &ClientMessage::Resign, rated)
        .expect("called off");
    assert!(matches!(
        events[..],
        [EventBody::Ended {
            reason: EndReason::Aborted,
            ..
        }]
    ));
}
