//! Reports, mutes and blocks, notices, kid mode and moderation, through
//! [`Ui::update`] and [`Ui::view`], the server's answers fed back as the
//! page reads them.

use online_play::api::{Me, ModAction, Notice, RelationKind, ReportReason};
use online_play::{ClientMessage, Role, ServerMessage};

use super::lobby_tests::{answer, asked, booted};
use super::online_tests::{hear, seated, snapshot};
use super::*;
use crate::api::{ApiCall, ApiReply};

/// `/api/me` answered `me`.
fn told(ui: &mut Ui, me: Me) -> Vec<Effect> {
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(
        ApiCall::Me,
        Ok(ApiReply::Me(me)),
    ))))
}

fn signed_in(ui: &mut Ui, name: &str) {
    told(
        ui,
        Me {
            name: Some(name.into()),
            ..Me::default()
        },
    );
}

fn press(ui: &mut Ui, button: SafetyButton) -> Vec<Effect> {
    ui.update(Action::Press(Button::Safety(button)))
}

fn safety(ui: &Ui) -> SafetyView {
    ui.view().full.safety.expect("the safety view")
}

/// White's seat at an online game against the account `bob`, signed in as
/// `ana`, with a line of Bob's and one of Ana's in the chat.
fn playing_bob() -> Ui {
    let mut ui = seated(Role::White);
    signed_in(&mut ui, "ana");
    hear(&mut ui, 1.5, snapshot(1, "classic"));
    hear(
        &mut ui,
        2.0,
        ServerMessage::Players {
            white: Some("ana".into()),
            black: Some("bob".into()),
            bots: [false; 2],
        },
    );
    for (from, text) in [(Role::Black, "you are an idiot"), (Role::White, "hi")] {
        hear(
            &mut ui,
            3.0,
            ServerMessage::Chat {
                from,
                text: text.into(),
                phrase: None,
            },
        );
    }
    ui
}

#[test]
fn a_chat_line_is_reported_with_its_game_and_quoted() {
    let mut ui = playing_bob();
    let chat = ui.view().full.chat.expect("a chat");
    // Only the opponent's line can be reported.
    let flags: Vec<bool> = chat.lines.iter().map(|l| l.2).collect();
    assert_eq!(flags, [true, false]);
    assert!(chat.report && safety(&ui).report_opponent);
    press(&mut ui, SafetyButton::ReportOpponent { line: Some(0) });
    let form = safety(&ui).form.expect("the form");
    assert_eq!(form.title, "Report bob");
    assert_eq!(form.quote, "«you are an idiot» ");
    assert_eq!(form.reasons.len(), 5);
    // No reason chosen: said, and nothing sent.
    let fx = press(
        &mut ui,
        SafetyButton::SendReport {
            reason: String::new(),
            note: "x".into(),
        },
    );
    assert!(asked(&fx, "api/reports").is_none());
    assert_eq!(safety(&ui).said.as_deref(), Some("Choose a reason."));
    let fx = press(
        &mut ui,
        SafetyButton::SendReport {
            reason: "insult".into(),
            note: "  «you are an idiot» and worse ".into(),
        },
    );
    let (call, method, _) = asked(&fx, "api/reports").expect("a report sent");
    assert_eq!(method, "POST");
    let ApiCall::Report(request) = call else {
        panic!("{call:?}")
    };
    assert_eq!(request.player, "bob");
    assert_eq!(request.reason, ReportReason::Insult);
    assert_eq!(request.game.as_deref(), Some("g1"));
    assert_eq!(request.note, "«you are an idiot» and worse");
    // Refused: said in the form, which stays open with what was typed.
    answer(
        &mut ui,
        &fx,
        "api/reports",
        429,
        r#"{"refused":"too_many_reports","message":"…"}"#,
    );
    let view = safety(&ui);
    assert!(view.form.is_some());
    assert!(view.said.is_some_and(|s| !s.is_empty()));
    // Received: the form closes and the person is thanked.
    answer(&mut ui, &fx, "api/reports", 200, r#"{"id":"r1"}"#);
    assert!(safety(&ui).form.is_none());
    assert!(ui
        .view()
        .notice
        .is_some_and(|n| n.contains("report was received")));
}

#[test]
fn a_guest_opponent_or_a_signed_out_person_cannot_report_from_the_chat() {
    let mut ui = seated(Role::White);
    hear(
        &mut ui,
        2.0,
        ServerMessage::Players {
            white: None,
            black: Some("bob".into()),
            bots: [false; 2],
        },
    );
    assert!(!safety(&ui).report_opponent, "signed out");
    signed_in(&mut ui, "ana");
    assert!(safety(&ui).report_opponent);
    hear(
        &mut ui,
        2.5,
        ServerMessage::Players {
            white: Some("ana".into()),
            black: Some(online_play::guest_shown("bob")),
            bots: [false; 2],
        },
    );
    assert!(!safety(&ui).report_opponent, "a guest has no account");
    press(&mut ui, SafetyButton::ReportOpponent { line: None });
    assert!(safety(&ui).form.is_none());
}

#[test]
fn muting_the_opponent_is_one_press_kept_on_the_account() {
    let mut ui = playing_bob();
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Mute(true))));
    assert!(
        fx.contains(&Effect::Full(FullEffect::SendOnline(ClientMessage::Mute {
            muted: true
        })))
    );
    let (call, _, body) = asked(&fx, "api/relations").expect("kept on the account");
    assert!(matches!(call, ApiCall::Relate(ref r) if r.kind == RelationKind::Mute && r.on));
    assert!(body.is_some_and(|b| b.contains("\"bob\"")));
    answer(
        &mut ui,
        &fx,
        "api/relations",
        200,
        r#"{"muted":["bob"],"blocked":[]}"#,
    );
    assert_eq!(safety(&ui).muted, ["bob"]);
}

#[test]
fn a_players_page_reports_mutes_and_blocks_and_the_safety_page_undoes() {
    let mut ui = booted();
    signed_in(&mut ui, "ana");
    ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "Bob".into(),
    ))));
    let buttons = safety(&ui).player.expect("buttons on another's page");
    assert!(!buttons.muted && !buttons.blocked);
    let fx = press(
        &mut ui,
        SafetyButton::Relate {
            player: "Bob".into(),
            kind: "block".into(),
            on: true,
        },
    );
    answer(
        &mut ui,
        &fx,
        "api/relations",
        200,
        r#"{"muted":[],"blocked":["Bob"]}"#,
    );
    assert!(safety(&ui).player.expect("buttons").blocked);
    press(
        &mut ui,
        SafetyButton::Report {
            player: "Bob".into(),
            game: None,
        },
    );
    assert_eq!(safety(&ui).form.expect("a form").title, "Report Bob");
    press(&mut ui, SafetyButton::CancelReport);
    assert!(safety(&ui).form.is_none());
    // One's own page has none.
    ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "ana".into(),
    ))));
    assert!(safety(&ui).player.is_none());

    // The safety page lists both, and the person's reports.
    let fx = press(&mut ui, SafetyButton::Open);
    assert_eq!(ui.view().screen, "safety");
    answer(
        &mut ui,
        &fx,
        "api/reports/mine",
        200,
        r#"{"reports":[{"id":"r1","player":"Bob","reason":"insult","created":1795817459,"handled":true}]}"#,
    );
    let view = safety(&ui);
    assert_eq!(
        view.reports,
        ["Bob · Insults or abuse in chat · 2026-11-27 22:10 UTC · Handled"]
    );
    assert_eq!(view.blocked, ["Bob"]);
}

#[test]
fn what_moderators_did_is_told_until_read() {
    let mut ui = booted();
    told(
        &mut ui,
        Me {
            name: Some("bob".into()),
            moderator: false,
            notices: vec![
                Notice::Muted {
                    reason: "insults".into(),
                    until: 1_795_817_459,
                },
                Notice::ReportHandled {
                    player: "Eve".into(),
                    at: 1,
                },
            ],
        },
    );
    let view = safety(&ui);
    assert_eq!(
        view.notices,
        [
            "A moderator muted your chat until 2026-11-27 22:10 UTC: insults",
            "A moderator handled your report on Eve. Thank you."
        ]
    );
    assert!(!view.moderator);
    let fx = press(&mut ui, SafetyButton::ReadNotices);
    let (_, method, _) = asked(&fx, "api/notices/read").expect("read");
    assert_eq!(method, "POST");
    answer(&mut ui, &fx, "api/notices/read", 200, r#"{"name":"bob"}"#);
    assert!(safety(&ui).notices.is_empty());
    // Signed out: nothing of the account is kept.
    told(&mut ui, Me::default());
    assert!(safety(&ui).notices.is_empty() && !safety(&ui).signed_in);
}

#[test]
fn kid_mode_hides_chat_and_guests_names() {
    let mut ui = playing_bob();
    hear(
        &mut ui,
        4.0,
        ServerMessage::Players {
            white: Some("ana".into()),
            black: Some(online_play::guest_shown("Rude name")),
            bots: [false; 2],
        },
    );
    let players = |ui: &Ui| ui.view().game.expect("a game").players;
    assert!(players(&ui).contains("Rude name"));
    let fx = press(&mut ui, SafetyButton::Kid(true));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { value, .. } if value.contains("\"kid\":true"))));
    assert!(ui.view().full.chat.is_none(), "no chat at all");
    assert!(!players(&ui).contains("Rude"), "{}", players(&ui));
    press(&mut ui, SafetyButton::Kid(false));
    assert!(ui.view().full.chat.is_some());
}

#[test]
fn a_moderator_reads_the_queue_and_acts_with_a_reason() {
    let mut ui = booted();
    told(
        &mut ui,
        Me {
            name: Some("mia".into()),
            moderator: true,
            notices: Vec::new(),
        },
    );
    assert!(safety(&ui).moderator);
    let fx = press(&mut ui, SafetyButton::Moderation);
    assert_eq!(ui.view().screen, "moderation");
    answer(
        &mut ui,
        &fx,
        "api/moderation/reports",
        200,
        r#"{"reports":[{"id":"r1","reporter":"ana","player":"bob","reason":"insult","note":"see chat",
        "game":"g1","chat":[{"at":1,"side":"black","line":"you are an idiot"}],"created":1795817459}]}"#,
    );
    answer(
        &mut ui,
        &fx,
        "api/moderation/flags",
        200,
        r#"{"flags":[{"id":"f1","kind":"farming","player":"bob","other":"eve","figures":[3,7],"created":0},
        {"id":"f2","kind":"engine_use","player":"cy","other":null,"figures":[40,41],"created":0}]}"#,
    );
    let flags = safety(&ui).flags.expect("the flags");
    assert_eq!(
        flags[0],
        (
            "f1".to_string(),
            "bob".to_string(),
            "bob lost 3 short rated games to eve within 7 days".to_string()
        )
    );
    assert!(flags[1].2.contains("40 of 41"), "{}", flags[1].2);
    let fx = press(&mut ui, SafetyButton::DismissFlag("f1".into()));
    let (_, method, body) = asked(&fx, "api/moderation/flags/f1/dismiss").expect("dismissed");
    assert_eq!((method, body.as_deref()), ("POST", Some("{}")));
    answer(
        &mut ui,
        &fx,
        "api/moderation/flags/f1/dismiss",
        200,
        r#"{"flags":[]}"#,
    );
    assert_eq!(safety(&ui).flags.map(|f| f.len()), Some(0));
    let queue = safety(&ui).queue.expect("the queue");
    assert_eq!(queue.len(), 1);
    assert_eq!(
        queue[0].title,
        "ana reports bob: Insults or abuse in chat · 2026-11-27 22:10 UTC"
    );
    assert_eq!(queue[0].chat, ["Black: you are an idiot"]);
    assert_eq!(queue[0].game.as_deref(), Some("g1"));
    let act = |reason: &str| SafetyButton::Act {
        report: "r1".into(),
        action: "mute".into(),
        reason: reason.into(),
        minutes: "60".into(),
        name: String::new(),
    };
    let fx = press(&mut ui, act("  "));
    assert!(asked(&fx, "api/moderation/actions").is_none());
    assert!(safety(&ui).said.is_some());
    let fx = press(&mut ui, act("insults in chat"));
    let (call, _, _) = asked(&fx, "api/moderation/actions").expect("acted");
    let ApiCall::ModAct(request) = call else {
        panic!("{call:?}")
    };
    assert_eq!(
        (request.action, request.minutes, request.reason.as_str()),
        (ModAction::Mute, Some(60), "insults in chat")
    );
    // Done: said, and the queue asked again.
    let fx = answer(
        &mut ui,
        &fx,
        "api/moderation/actions",
        200,
        r#"{"id":"a1"}"#,
    );
    assert!(asked(&fx, "api/moderation/reports").is_some());
    assert_eq!(
        safety(&ui).said.as_deref(),
        Some("Done: the reporter is told.")
    );
    // A player's history.
    let fx = press(&mut ui, SafetyButton::History("bob".into()));
    answer(
        &mut ui,
        &fx,
        "api/moderation/players/bob",
        200,
        r#"{"player":"bob","actions":[{"moderator":"mia","action":"mute","reason":"insults","created":0}],"reports":[]}"#,
    );
    let file = safety(&ui).file.expect("the history");
    assert_eq!(file.title, "History of bob");
    assert_eq!(
        file.actions,
        ["1970-01-01 00:00 UTC · Mute chat · mia · insults"]
    );
}

#[test]
fn the_safety_screens_have_addresses() {
    let mut ui = booted();
    ui.update(Action::Address("?safety".into()));
    assert_eq!(ui.view().screen, "safety");
    ui.update(Action::Address("?moderation".into()));
    assert_eq!(ui.view().screen, "moderation");
}
