//! Challenges and bots on the page, through [`Ui::update`] and
//! [`Ui::view`], the server's answers fed back as the page reads them: a
//! challenge made from a player's page and declined, challenges received,
//! accepted and declined, bots welcomed in quick pairing or let in while
//! waiting, and bots marked as such.

use online_play::api::{self, DeclineReason, LobbyNews};

use super::lobby_tests::{answer, asked, booted, follows, lobby};
use super::online_tests::hear;
use super::*;

fn news(ui: &mut Ui, news: LobbyNews) -> Vec<Effect> {
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(news))))
}

/// A page signed in as ana, in the lobby.
fn signed_in() -> Ui {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(&mut ui, &fx, "api/me", 200, r#"{"name":"ana"}"#);
    ui
}

const FROM_BOB: &str = r#"{"incoming":[{"id":"c1","from":"bob","from_bot":false,"to":"ana",
  "game":"bell","clock":"3+0","rated":true,"side":"white",
  "rating":{"value":1620,"provisional":false}}],"outgoing":[]}"#;

fn challenges(json: &str) -> LobbyNews {
    LobbyNews::Challenges {
        challenges: serde_json::from_str(json).expect("challenges"),
    }
}

#[test]
fn a_signed_in_page_hears_challenges_and_answers_them() {
    let mut ui = signed_in();
    // Signed in, the socket follows the person's challenges.
    let fx = ui.update(Action::Press(Button::Home));
    let followed = follows(&fx).flatten().expect("still followed");
    assert!(followed.challenges);
    // One arrives off the lobby: said, with a sound.
    let fx = news(&mut ui, challenges(FROM_BOB));
    assert!(fx.iter().any(|e| matches!(e, Effect::Sound(_))), "{fx:?}");
    assert_eq!(
        ui.view().notice.as_deref(),
        Some(
            "bob (1620) challenges you: Bell · 3+0 · rated · you play Black. Answer in the lobby."
        )
    );
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    let row = &lobby(&ui).challenges[0];
    assert_eq!((row.id.as_str(), row.from.as_str()), ("c1", "bob"));
    // The same list again is no news.
    let fx = news(&mut ui, challenges(FROM_BOB));
    assert!(!fx.iter().any(|e| matches!(e, Effect::Sound(_))));

    // Accepted: with a seat token of the page's making; paired, it plays.
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::Accept(
        "c1".into(),
    ))));
    let (_, method, body) = asked(&fx, "api/challenges/c1/accept").expect("an accept");
    assert_eq!(method, "POST");
    let token: api::TokenRequest = serde_json::from_str(&body.expect("a body")).expect("a token");
    assert!(online_play::is_seat_token(&token.token));
    answer(
        &mut ui,
        &fx,
        "api/challenges/c1/accept",
        200,
        r#"{"game":"g7"}"#,
    );
    assert_eq!(ui.view().screen, "game");

    // Another, declined for a reason: gone from the list.
    news(&mut ui, challenges(&FROM_BOB.replace("c1", "c2")));
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::Decline {
        id: "c2".into(),
        reason: "too_slow".into(),
    })));
    let (_, _, body) = asked(&fx, "api/challenges/c2/decline").expect("a decline");
    assert_eq!(body.as_deref(), Some(r#"{"reason":"too_slow"}"#));
    assert!(lobby(&ui).challenges.is_empty());
}

#[test]
fn a_challenge_made_from_a_players_page_is_waited_for_and_may_be_declined() {
    let mut ui = signed_in();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "bob".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/players/bob",
        200,
        r#"{"name":"bob","bot":false,"ratings":{},"results":{"white":{"wins":0,"draws":0,"losses":0},
           "black":{"wins":0,"draws":0,"losses":0}},"games":[]}"#,
    );
    let page = lobby(&ui).player.expect("bob's page");
    assert!(page.challenge, "another's page may be challenged");
    assert_eq!(page.title, "bob");
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::Make {
        to: "bob".into(),
        game: "qirkat".into(),
        clock: "5+3".into(),
        rated: true,
        side: "black".into(),
    })));
    let (_, _, body) = asked(&fx, "api/challenges").expect("a challenge");
    let sent: api::ChallengeRequest = serde_json::from_str(&body.expect("a body")).expect("reads");
    assert_eq!((sent.to.as_str(), sent.game.as_str()), ("bob", "qirkat"));
    assert_eq!(sent.side, api::SeekSide::Black);
    assert!(sent.rated && sent.clock.is_some());
    // Said on the page where it was made.
    assert_eq!(
        ui.view().notice.as_deref(),
        Some("Challenging bob: Qirkat, 5+3…")
    );
    answer(&mut ui, &fx, "api/challenges", 200, r#"{"id":"c9"}"#);
    assert_eq!(
        lobby(&ui).waiting.as_deref(),
        Some("Challenging bob: Qirkat, 5+3…")
    );
    // The waiting challenge is followed, as a seek is.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    let followed = follows(&fx).flatten().expect("followed");
    assert_eq!(followed.seek.as_deref(), Some("c9"));
    // Accepted, it would say what was found; declined, it says why.
    {
        let mut accepted = ui.clone();
        news(
            &mut accepted,
            LobbyNews::Paired {
                seek: "c9".into(),
                game: "g3".into(),
            },
        );
        assert_eq!(
            accepted.view().notice.as_deref(),
            Some("Opponent found: Qirkat, 5+3.")
        );
    }
    // Declined: no longer waiting, and the reason is told.
    news(
        &mut ui,
        LobbyNews::Declined {
            seek: "c9".into(),
            reason: DeclineReason::TooFast,
        },
    );
    let view = lobby(&ui);
    assert_eq!(view.waiting, None);
    assert_eq!(
        view.error.as_deref(),
        Some("Your challenge was declined: too fast.")
    );
    // One's own page offers no challenge; a bot's page says it is one.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "ana".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/players/ana",
        200,
        r#"{"name":"ana","ratings":{},"results":{"white":{"wins":0,"draws":0,"losses":0},
           "black":{"wins":0,"draws":0,"losses":0}},"games":[]}"#,
    );
    assert!(!lobby(&ui).player.expect("her page").challenge);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "HardBot".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/players/HardBot",
        200,
        r#"{"name":"HardBot","bot":true,"ratings":{},"results":{"white":{"wins":0,"draws":0,"losses":0},
           "black":{"wins":0,"draws":0,"losses":0}},"games":[]}"#,
    );
    assert_eq!(lobby(&ui).player.expect("its page").title, "HardBot (BOT)");
}

#[test]
fn bots_are_welcomed_in_quick_pairing_or_let_in_while_waiting() {
    let mut ui = signed_in();
    // Without bots: the pool's request says so, and a bot may be let in.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Quick {
        game: "bell".into(),
        clock: "3+2".into(),
    })));
    let (_, _, body) = asked(&fx, "api/quick").expect("a quick pairing");
    let sent: api::QuickRequest = serde_json::from_str(&body.expect("a body")).expect("reads");
    assert!(!sent.bots);
    assert!(
        !lobby(&ui).bot_offer,
        "not before the server took the place"
    );
    answer(&mut ui, &fx, "api/quick", 200, r#"{"seek":"s5"}"#);
    assert!(lobby(&ui).bot_offer);
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::TakeBot)));
    let (_, _, body) = asked(&fx, "api/seeks/s5/bot").expect("a bot let in");
    let token: api::TokenRequest = serde_json::from_str(&body.expect("a body")).expect("reads");
    assert_eq!(token.token, sent.token);
    assert!(!lobby(&ui).bot_offer, "asked once");
    ui.update(Action::Press(Button::Lobby(LobbyButton::Withdraw)));

    // Welcomed: kept, and every pool's request says so.
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::Bots(
        true,
    ))));
    assert!(fx.iter().any(|e| matches!(e,
        Effect::Store { key, value } if key == BOTS_KEY && value == "true")));
    assert!(lobby(&ui).bots_welcome);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Quick {
        game: "bell".into(),
        clock: "3+2".into(),
    })));
    let (_, _, body) = asked(&fx, "api/quick").expect("a quick pairing");
    let sent: api::QuickRequest = serde_json::from_str(&body.expect("a body")).expect("reads");
    assert!(sent.bots);
    answer(&mut ui, &fx, "api/quick", 200, r#"{"seek":"s6"}"#);
    assert!(!lobby(&ui).bot_offer, "welcome already");
}

#[test]
fn a_bot_opponent_is_named_as_one() {
    let mut ui = super::online_tests::seated(online_play::Role::White);
    hear(&mut ui, 1.5, super::online_tests::snapshot(2, "bell"));
    hear(
        &mut ui,
        2.0,
        online_play::ServerMessage::Players {
            white: Some("ana".into()),
            black: Some("HardBot".into()),
            bots: [false, true],
        },
    );
    assert_eq!(
        ui.view().game.expect("a game").players,
        "You – HardBot (BOT)"
    );
}

#[test]
fn followed_players_are_listed_with_what_they_do_and_followed_from_their_page() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(&mut ui, &fx, "api/me", 200, r#"{"name":"ana"}"#);
    // Signed in, the lobby asks who the person follows.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(
        &mut ui,
        &fx,
        "api/follows",
        200,
        r#"{"players":[{"name":"bob","online":true,"playing":"g4"},
          {"name":"HardBot","bot":true,"online":false,"playing":null},
          {"name":"cem","online":true}]}"#,
    );
    let rows = lobby(&ui).follows;
    let shown: Vec<(&str, &str, Option<&str>)> = rows
        .iter()
        .map(|r| (r.title.as_str(), r.status.as_str(), r.playing.as_deref()))
        .collect();
    assert_eq!(
        shown,
        [
            ("bob", "playing now", Some("g4")),
            ("HardBot (BOT)", "away", None),
            ("cem", "online", None)
        ]
    );
    // On a player's page: whether they are followed, and the button.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "dan".into(),
    ))));
    assert!(asked(&fx, "api/follows").is_some());
    answer(
        &mut ui,
        &fx,
        "api/players/dan",
        200,
        r#"{"name":"dan","ratings":{},"results":{"white":{"wins":0,"draws":0,"losses":0},
           "black":{"wins":0,"draws":0,"losses":0}},"games":[]}"#,
    );
    assert_eq!(
        lobby(&ui).player.expect("dan's page").following,
        Some(false)
    );
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::Follow {
        player: "dan".into(),
        on: true,
    })));
    let (_, method, body) = asked(&fx, "api/follows").expect("a follow");
    assert_eq!(method, "POST");
    assert_eq!(body.as_deref(), Some(r#"{"player":"dan","on":true}"#));
    answer(
        &mut ui,
        &fx,
        "api/follows",
        200,
        r#"{"players":[{"name":"dan","online":false}]}"#,
    );
    assert_eq!(lobby(&ui).player.expect("dan's page").following, Some(true));
}
