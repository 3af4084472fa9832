//! Notifications on the page, through [`Ui::update`] and [`Ui::view`], the
//! glue's reports fed back as it makes them: the button a signed-in person
//! turns them on and off with, never pressed for them; the browser's
//! refusal said; the page's own notification of a paired game; and the
//! browser's subscription let go on signing out.

use online_play::api::{self, LobbyNews};

use super::lobby_tests::{answer, booted, lobby};
use super::*;

/// What the glue was asked about notifications among `fx`.
fn notify_asked(fx: &[Effect]) -> Vec<NotifyAsk> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Full(FullEffect::Notify(ask)) => Some(ask.clone()),
            _ => None,
        })
        .collect()
}

fn glue_says(ui: &mut Ui, state: NotifyState) {
    ui.update(Action::Full(FullAction::Notify(state)));
}

fn press(ui: &mut Ui, on: bool) -> Vec<Effect> {
    ui.update(Action::Press(Button::Challenge(
        ChallengeButton::Notifications(on),
    )))
}

#[test]
fn a_signed_in_person_turns_notifications_on_and_off_with_a_press() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    // A guest: no button, and the browser is not asked anything.
    let guest = fx.clone();
    let mut as_guest = ui.clone();
    answer(&mut as_guest, &guest, "api/me", 200, r#"{"name":null}"#);
    assert!(!lobby(&as_guest).notify.shown);
    assert_eq!(press(&mut as_guest, true), Vec::new());

    // Signed in: the glue is asked where the browser stands, never to ask
    // the person's permission.
    let fx = answer(&mut ui, &fx, "api/me", 200, r#"{"name":"ana"}"#);
    assert_eq!(notify_asked(&fx), vec![NotifyAsk::Check]);
    assert!(!lobby(&ui).notify.shown, "not before the browser answers");
    glue_says(&mut ui, NotifyState::Off);
    let view = lobby(&ui).notify;
    assert!(view.shown && view.turn_on && !view.busy);
    assert_eq!(view.label, "Turn on notifications");

    // Pressed: turned on in the page's language, once however often.
    let fx = press(&mut ui, true);
    assert_eq!(notify_asked(&fx), vec![NotifyAsk::On { lang: "en" }]);
    assert!(lobby(&ui).notify.busy);
    assert!(notify_asked(&press(&mut ui, true)).is_empty());
    glue_says(&mut ui, NotifyState::On);
    let view = lobby(&ui).notify;
    assert_eq!(
        (view.turn_on, view.label.as_str()),
        (false, "Turn off notifications")
    );
    assert_eq!(notify_asked(&press(&mut ui, false)), vec![NotifyAsk::Off]);

    // The browser refused: said, in words; a failure too.
    glue_says(&mut ui, NotifyState::Denied);
    assert_eq!(
        lobby(&ui).notify.note.as_deref(),
        Some("Notifications are blocked for this site in your browser's settings.")
    );
    glue_says(&mut ui, NotifyState::Failed);
    assert_eq!(
        lobby(&ui).notify.note.as_deref(),
        Some("Notifications could not be changed just now; try again.")
    );
    // A browser without push shows no button.
    glue_says(&mut ui, NotifyState::Unsupported);
    assert!(!lobby(&ui).notify.shown);

    // Signed out: the browser's subscription is let go.
    glue_says(&mut ui, NotifyState::On);
    let fx = ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(
        crate::api::ApiCall::Logout,
        Ok(crate::api::ApiReply::Me(api::Me::default())),
    ))));
    assert_eq!(notify_asked(&fx), vec![NotifyAsk::Forget]);
    assert!(!lobby(&ui).notify.shown);
}

#[test]
fn a_paired_game_is_notified_when_notifications_are_on() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(&mut ui, &fx, "api/me", 200, r#"{"name":"ana"}"#);
    let fx = ui.update(Action::Press(Button::Challenge(ChallengeButton::Make {
        to: "bob".into(),
        game: "qirkat".into(),
        clock: "5+3".into(),
        rated: false,
        side: "white".into(),
    })));
    answer(&mut ui, &fx, "api/challenges", 200, r#"{"id":"c9"}"#);
    let paired = LobbyNews::Paired {
        seek: "c9".into(),
        game: "g3".into(),
    };
    // Off: the page says so on itself alone.
    let mut off = ui.clone();
    glue_says(&mut off, NotifyState::Off);
    let fx = off.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        paired.clone(),
    ))));
    assert!(notify_asked(&fx).is_empty());
    // On: a notification too (the glue shows it only if the page is
    // hidden), opening the game.
    glue_says(&mut ui, NotifyState::On);
    let fx = ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(paired))));
    assert_eq!(
        notify_asked(&fx),
        vec![NotifyAsk::Show {
            title: "Your game has started".into(),
            body: "Opponent found: Qirkat, 5+3.".into(),
            url: "./?watch=g3".into(),
        }]
    );
}
