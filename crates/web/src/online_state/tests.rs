//! The online client's state, fed what a server sends.

use super::*;
use online_play::{EndReason, Event, GameResult, Snapshot};

fn snapshot(v: u64, record: &str) -> ServerMessage {
    ServerMessage::Snapshot(Snapshot {
        v,
        record: record.to_string(),
        result: None,
        reason: None,
        draw_offer: None,
        seated: [true, true],
        suggestions: true,
        clock: None,
        rated: None,
        rematch_offer: None,
        rematch: None,
        tournament: None,
        berserk: [false, false],
    })
}

fn event(v: u64, body: EventBody) -> ServerMessage {
    ServerMessage::Event(Event { v, body })
}

fn moved(ply: u32, turn: &str) -> EventBody {
    EventBody::Moved {
        ply,
        turn: turn.to_string(),
    }
}

fn white() -> Online {
    let mut online = Online::new(Seat {
        game: "g1".into(),
        token: Some("t".into()),
        code: None,
        creator: true,
    });
    online.receive(ServerMessage::Welcome {
        game: "g1".into(),
        role: Role::White,
        token: None,
    });
    online.receive(snapshot(2, "classic"));
    online
}

fn first_turn(online: &Online) -> AnyTurn {
    online.display_game().expect("a game").entries()[0].turn
}

#[test]
fn a_move_is_pending_until_the_server_has_it() {
    let mut online = white();
    assert_eq!(online.status(), "Your turn");
    let turn = first_turn(&online);
    let Some(ClientMessage::Move(sent)) = online.play(turn) else {
        panic!("a move to send");
    };
    assert_eq!(sent.ply, 0);
    assert_eq!(online.display_game().map(|g| g.ply()), Some(1));
    assert_eq!(online.status(), "Sending your move…");
    assert!(online.play(turn).is_none(), "one move at a time");
    // The connection drops before the ack: the hello says what was seen,
    // and the move goes again with the same ply.
    assert!(matches!(
        online.hello(),
        ClientMessage::Hello {
            last_v: Some(2),
            ..
        }
    ));
    assert_eq!(online.resend(), Some(ClientMessage::Move(sent.clone())));
    // The server had stored it: the event arrives, the move settles.
    assert_eq!(
        online.receive(event(3, moved(0, &sent.turn))),
        Received::Changed
    );
    assert_eq!(online.pending, None);
    assert_eq!(online.status(), "Waiting for Black…");
    // The same event again (a repeat after reconnecting) changes nothing.
    assert_eq!(
        online.receive(event(3, moved(0, &sent.turn))),
        Received::Nothing
    );
    assert_eq!(online.room.as_ref().map(|r| r.game.ply()), Some(1));
}

#[test]
fn a_refused_move_goes_back() {
    let mut online = white();
    let turn = first_turn(&online);
    online.play(turn);
    let refused = online.receive(ServerMessage::Error {
        code: ErrorCode::StalePly,
        message: "refused".into(),
    });
    assert!(matches!(refused, Received::Refused(_)));
    assert_eq!(online.pending, None);
    assert_eq!(online.display_game().map(|g| g.ply()), Some(0));
}

#[test]
fn chat_refusals_and_socket_caps_are_told_in_words() {
    let mut online = white();
    for (code, said) in [
        (
            ErrorCode::SlowDown,
            "Messages come too fast: wait a moment.",
        ),
        (
            ErrorCode::BadChat,
            "A chat message has 1 to 140 characters.",
        ),
    ] {
        let refused = online.receive(ServerMessage::Error {
            code,
            message: "the server's own words".into(),
        });
        assert_eq!(refused, Received::Refused(said.to_string()));
    }
    let lost = online.receive(ServerMessage::Error {
        code: ErrorCode::TooMany,
        message: "the server's own words".into(),
    });
    assert_eq!(
        lost,
        Received::Lost(
            "Too many games or connections from this address just now; try again in a minute."
                .into()
        )
    );
}

#[test]
fn a_gap_in_the_events_asks_for_a_resync() {
    let mut online = white();
    assert_eq!(
        online.receive(event(5, moved(0, "c2-c3"))),
        Received::Resync
    );
    assert_eq!(online.room.as_ref().map(|r| r.v), Some(2));
    // A snapshot puts everything right.
    let mut game = online.display_game().expect("a game");
    for _ in 0..2 {
        let turn = game.entries()[0].turn;
        game.play(turn).expect("a legal turn");
    }
    online.receive(snapshot(5, &game.to_record_line()));
    assert_eq!(online.display_game().map(|g| g.ply()), Some(2));
}

#[test]
fn the_opponent_leaving_and_the_end() {
    let mut online = white();
    online.receive(ServerMessage::Presence(Presence {
        white: true,
        black: false,
        watchers: 2,
    }));
    online.receive(ServerMessage::OpponentGone { seconds: 42 });
    assert!(online.link_text().contains("in 42 s"));
    online.receive(ServerMessage::Presence(Presence {
        white: true,
        black: true,
        watchers: 2,
    }));
    assert_eq!(online.link_text(), "");
    online.receive(event(
        3,
        EventBody::Ended {
            result: GameResult::BlackWins,
            reason: EndReason::Resignation,
        },
    ));
    assert_eq!(online.status(), "You lose (resignation)");
    assert!(online.is_over());
    assert!(online.play(first_turn(&online)).is_none());
}

#[test]
fn a_friend_joining_by_code_sends_its_own_token_until_welcomed() {
    let seat = Seat::joining("K7Q-4MZ".into()).with_joiner_token([1, 2, 3, 0xdead_beef]);
    let token = "000000010000000200000003deadbeef";
    assert_eq!(seat.token.as_deref(), Some(token));
    assert!(online_play::is_seat_token(token));
    // A stored seat keeps its token: a reload sends the same one.
    let again = Seat::from_text(&seat.to_text()).expect("a seat");
    assert_eq!(
        again.with_joiner_token([9; 4]).token.as_deref(),
        Some(token)
    );
    let mut online = Online::new(seat);
    let joining = ClientMessage::Hello {
        game: String::new(),
        token: Some(token.into()),
        code: Some("K7Q-4MZ".into()),
        last_v: None,
    };
    assert_eq!(online.hello(), joining);
    // The connection drops before the welcome: the same hello again.
    online.link = Link::Reconnecting;
    assert_eq!(online.hello(), joining);
    online.receive(ServerMessage::Welcome {
        game: "g9".into(),
        role: Role::Black,
        token: None,
    });
    assert_eq!(online.seat.game, "g9");
    assert_eq!(online.seat.token.as_deref(), Some(token));
    assert_eq!(online.seat.code, None);
    assert_eq!(
        online.hello(),
        ClientMessage::Hello {
            game: "g9".into(),
            token: Some(token.into()),
            code: None,
            last_v: None,
        }
    );
    let lost = online.receive(ServerMessage::Error {
        code: ErrorCode::WrongToken,
        message: "no".into(),
    });
    assert!(matches!(lost, Received::Lost(_)));
    assert_eq!(
        Seat::from_text(&online.seat.to_text()),
        Some(online.seat.clone())
    );
    assert_eq!(Seat::from_text("{broken"), None);
}

#[test]
fn a_token_the_server_made_is_kept() {
    let mut online = Online::new(Seat::joining("K7Q-4MZ".into()));
    online.receive(ServerMessage::Welcome {
        game: "g9".into(),
        role: Role::White,
        token: Some("secret".into()),
    });
    assert_eq!(online.seat.token.as_deref(), Some("secret"));
    assert_eq!(online.seat.code, None);
    // The creator keeps the code to show and never sends it.
    let creator = Seat {
        game: "g9".into(),
        token: Some("t".into()),
        code: Some("K7Q-4MZ".into()),
        creator: true,
    };
    let creator = Online::new(creator.with_joiner_token([1; 4]));
    assert_eq!(creator.seat.token.as_deref(), Some("t"));
    assert!(matches!(
        creator.hello(),
        ClientMessage::Hello { code: None, .. }
    ));
}

#[test]
fn results_are_worded_on_the_page() {
    use EndReason as R;
    use GameResult as G;
    let cases = [
        (
            G::BlackWins,
            R::Resignation,
            Some(Side::White),
            "You lose (resignation)",
        ),
        (
            G::BlackWins,
            R::Resignation,
            Some(Side::Black),
            "You win! (resignation)",
        ),
        (
            G::WhiteWins,
            R::Resignation,
            None,
            "White wins (resignation)",
        ),
        (
            G::WhiteWins,
            R::OpponentLeft,
            Some(Side::White),
            "You win! (opponent left)",
        ),
        (G::Draw, R::OpponentLeft, None, "Draw: opponent left"),
        (G::Draw, R::Agreement, Some(Side::White), "Draw: agreement"),
        (G::Draw, R::Repetition, None, "Draw: threefold repetition"),
        (
            G::BlackWins,
            R::MenAgainstLoneMan,
            None,
            "Black wins (men against a lone man)",
        ),
        (
            G::NoResult,
            R::Aborted,
            Some(Side::Black),
            "No result: aborted",
        ),
        (
            G::NoResult,
            R::NobodyJoined,
            Some(Side::White),
            "No result: nobody joined",
        ),
        (
            G::WhiteWins,
            R::OutOfTime,
            Some(Side::Black),
            "You lose (out of time)",
        ),
        (
            G::Draw,
            R::OutOfTimeCannotWin,
            None,
            "Draw: out of time, but the opponent could not win",
        ),
    ];
    for (result, reason, me, words) in cases {
        assert_eq!(result_text(result, reason, me), words);
    }
}

#[test]
fn spectators_suggest_and_players_see_the_tally() {
    let mut watcher = Online::new(Seat {
        game: "g1".into(),
        token: None,
        code: None,
        creator: false,
    });
    watcher.receive(ServerMessage::Welcome {
        game: "g1".into(),
        role: Role::Spectator,
        token: None,
    });
    watcher.receive(snapshot(2, "classic"));
    assert_eq!(watcher.status(), "White to move");
    let turn = first_turn(&watcher);
    assert!(matches!(watcher.suggest(turn), Some(ClientMessage::Suggest(m)) if m.ply == 0));
    assert!(watcher.play(turn).is_none(), "a spectator plays nothing");
    let mut player = white();
    player.receive(ServerMessage::Suggestions {
        ply: 0,
        list: vec![Suggestion {
            turn: "c2-c3".into(),
            count: 2,
        }],
    });
    assert_eq!(player.suggestions.len(), 1);
    assert!(player.suggest(turn).is_none(), "a player suggests nothing");
}
