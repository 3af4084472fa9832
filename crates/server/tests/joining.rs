//! Joining by code over real sockets: guessing codes is limited whatever a
//! hello carries, a failed code is answered one way only, and a join whose
//! welcome was lost is repeated with the joiner's own token.

mod common;

use common::*;
use online_play::{ClientMessage, ErrorCode, EventBody, Role, ServerMessage};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// A joiner's own token: 32 hex digits.
fn token(n: u64) -> String {
    format!("{n:032x}")
}

/// The answer to one hello, and the close code after it.
async fn answer(
    addr: std::net::SocketAddr,
    game: &str,
    token: Option<&str>,
    code: &str,
) -> (ServerMessage, Option<CloseCode>) {
    let mut ws = open(addr).await;
    let reply = hello(&mut ws, game, token, Some(code), None).await;
    (reply, closed_with(&mut ws).await)
}

#[tokio::test]
async fn guessing_codes_is_limited_whatever_the_hello_carries() {
    let addr = start_with(3).await;
    let game = create(addr, "classic", false).await;
    // Three guesses, each with a token (one of them a seat's own).
    for (n, (id, held)) in [
        ("", token(1)),
        ("", token(2)),
        (game.id.as_str(), game.token.clone()),
    ]
    .into_iter()
    .enumerate()
    {
        let (reply, _) = answer(addr, id, Some(&held), "ZZZ-ZZZ").await;
        assert_eq!(error_code(&reply), Some(ErrorCode::BadCode), "guess {n}");
    }
    // The allowance is spent: even the right code is not looked at.
    let (reply, closed) = answer(addr, "", Some(&token(3)), &game.code).await;
    assert_eq!(error_code(&reply), Some(ErrorCode::TooMany));
    assert_eq!(closed, Some(CloseCode::Policy));
    // A hello without a code is not counted.
    let mut white = open(addr).await;
    let welcome = hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::White), "{welcome:?}");
}

#[tokio::test]
async fn a_failed_code_is_answered_the_same_whatever_else_the_hello_says() {
    let addr = start_with(100).await;
    let game = create(addr, "classic", false).await;
    let mut friend = open(addr).await;
    let welcome = hello(&mut friend, "", Some(&token(7)), Some(&game.code), None).await;
    assert!(
        matches!(
            welcome,
            ServerMessage::Welcome {
                role: Role::Black,
                token: None,
                ..
            }
        ),
        "{welcome:?}"
    );
    let stranger = token(8);
    let unknown = "ZZZ-ZZZ";
    let cases = [
        ("", None, unknown),
        ("", Some(stranger.as_str()), unknown),
        (game.id.as_str(), Some(game.token.as_str()), unknown),
        ("nosuchgame", Some(stranger.as_str()), unknown),
        ("", None, game.code.as_str()),
        ("", Some(stranger.as_str()), game.code.as_str()),
        (game.id.as_str(), None, game.code.as_str()),
        ("", Some(stranger.as_str()), "not a code"),
    ];
    let first = answer(addr, cases[0].0, cases[0].1, cases[0].2).await;
    assert_eq!(error_code(&first.0), Some(ErrorCode::BadCode));
    assert_eq!(first.1, Some(CloseCode::Policy));
    for (game, held, code) in cases {
        assert_eq!(
            answer(addr, game, held, code).await,
            first,
            "game {game:?}, token {held:?}, code {code:?}"
        );
    }
}

#[tokio::test]
async fn a_join_whose_welcome_was_lost_is_repeated_with_the_same_token() {
    let addr = start().await;
    let game = create(addr, "qirkat", false).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut white).await, ServerMessage::Snapshot(_)));

    // The friend's hello goes out and the connection drops before the
    // welcome comes back.
    let mine = token(0xfeed);
    let joining = ClientMessage::Hello {
        game: String::new(),
        token: Some(mine.clone()),
        code: Some(game.code.clone()),
        last_v: None,
    };
    let mut lost = open(addr).await;
    send(&mut lost, &joining).await;
    drop(lost);
    let joined = next(&mut white).await;
    assert!(
        matches!(&joined, ServerMessage::Event(e) if e.body == EventBody::Joined { side: Role::Black }),
        "{joined:?}"
    );

    // The same hello again: the same seat.
    let mut again = open(addr).await;
    send(&mut again, &joining).await;
    let welcome = next(&mut again).await;
    assert_eq!(
        welcome,
        ServerMessage::Welcome {
            game: game.id.clone(),
            role: Role::Black,
            token: None
        }
    );
    assert!(matches!(
        next(&mut again).await,
        ServerMessage::Snapshot(s) if s.seated == [true, true] && s.v == 2
    ));
    // Nobody else gets the seat with the code, and the token alone holds it.
    let (refused, _) = answer(addr, "", Some(&token(0xbeef)), &game.code).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::BadCode));
    let mut later = open(addr).await;
    let welcome = hello(&mut later, &game.id, Some(&mine), None, Some(2)).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::Black), "{welcome:?}");
    // A joiner's token has the form of one.
    let (refused, _) = answer(addr, "", Some("short"), &game.code).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::Malformed));
}
