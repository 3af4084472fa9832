//! Around an online game, through [`Ui::update`] and [`Ui::view`]: the
//! opponent's name, a rated game's rating changes, a rematch offered,
//! answered and followed, and the chat with its limits, mute and off.

use online_play::{
    ClientMessage, EndReason, GameResult, RatingChange, Role, ServerMessage, Snapshot,
};

use super::online_tests::{hear, seated};
use super::*;

fn ended(rated: bool, rematch_offer: Option<Role>, rematch: Option<&str>) -> ServerMessage {
    let change = |before, after| RatingChange {
        before,
        after,
        provisional: after > 1600,
    };
    ServerMessage::Snapshot(Snapshot {
        v: 9,
        record: "classic".to_string(),
        result: Some(GameResult::BlackWins),
        reason: Some(EndReason::OutOfTime),
        draw_offer: None,
        seated: [true, true],
        suggestions: false,
        clock: None,
        rated: rated.then(|| [change(1500, 1338), change(1500, 1662)]),
        rematch_offer,
        rematch: rematch.map(str::to_string),
        tournament: None,
        berserk: [false, false],
    })
}

#[test]
fn a_rated_games_end_shows_the_ratings_and_a_rematch_moves_both_players() {
    let mut ui = seated(Role::White);
    hear(&mut ui, 2.0, ended(true, None, None));
    // The opponent by name, once the server says it.
    let players = |ui: &Ui| ui.view().game.expect("a game").players;
    assert_eq!(players(&ui), "You – Black");
    hear(
        &mut ui,
        2.5,
        ServerMessage::Players {
            white: Some("ana".into()),
            black: Some("bo".into()),
            bots: [false; 2],
        },
    );
    assert_eq!(players(&ui), "You – bo");
    // A guest is marked as one, never passing for an account.
    hear(
        &mut ui,
        2.6,
        ServerMessage::Players {
            white: Some("ana".into()),
            black: Some(online_play::guest_shown("bo")),
            bots: [false; 2],
        },
    );
    assert_eq!(players(&ui), "You – bo (guest)");
    let view = ui.view().full.rematch.expect("a result");
    // Ratings by person: "You" first, the opponent by name, and the
    // question mark explained where it shows.
    assert_eq!(
        view.rating.as_deref(),
        Some(
            "You 1500 → 1338 (-162). bo (guest) 1500 → 1662? (+162). \
             A question mark marks a provisional rating: it settles after a few more rated games."
        )
    );
    assert_eq!(view.offer, RematchOffer::Offer);
    let fx = ui.update(Action::Press(Button::AnswerRematch(true)));
    assert!(fx.contains(&Effect::Full(FullEffect::SendOnline(
        ClientMessage::OfferRematch
    ))));

    hear(&mut ui, 3.0, ended(true, Some(Role::White), None));
    assert_eq!(
        ui.view().full.rematch.expect("as the test set it up").offer,
        RematchOffer::Offered
    );
    hear(&mut ui, 4.0, ended(true, Some(Role::Black), None));
    assert_eq!(
        ui.view().full.rematch.expect("as the test set it up").offer,
        RematchOffer::Answer
    );
    let fx = ui.update(Action::Press(Button::AnswerRematch(false)));
    assert!(fx.contains(&Effect::Full(FullEffect::SendOnline(
        ClientMessage::DeclineRematch
    ))));
    let fx = ui.update(Action::Press(Button::AnswerRematch(true)));
    assert!(fx.contains(&Effect::Full(FullEffect::SendOnline(
        ClientMessage::AcceptRematch
    ))));

    // Agreed: the player sits down at the new game with the same token.
    let fx = hear(&mut ui, 5.0, ended(true, None, Some("g2")));
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)));
    let seat = &ui.online_mirror().expect("as the test set it up").seat;
    assert_eq!(
        (seat.game.as_str(), seat.token.clone()),
        ("g2", Some("ab".repeat(16)))
    );
    assert_eq!(
        ui.shared.notice.as_deref(),
        Some("The rematch has begun, sides swapped.")
    );

    // A spectator has nothing to offer, and stays.
    let mut ui = seated(Role::Spectator);
    hear(&mut ui, 2.0, ended(false, None, Some("g2")));
    let view = ui.view().full.rematch.expect("as the test set it up");
    assert_eq!((view.rating, view.offer), (None, RematchOffer::None));
    assert_eq!(
        ui.online_mirror().expect("as the test set it up").seat.game,
        "g1"
    );
}

#[test]
fn chat_sends_checked_words_phrases_and_mutes_and_can_be_turned_off() {
    let mut ui = seated(Role::Black);
    hear(&mut ui, 2.0, ended(false, None, None));
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Send(
        "  well\nplayed ".into(),
    ))));
    assert!(
        fx.contains(&Effect::Full(FullEffect::SendOnline(ClientMessage::Chat {
            text: "well played".into()
        })))
    );
    assert!(fx.contains(&Effect::Full(FullEffect::ClearField("chat-text"))));
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Send(
        "x".repeat(141),
    ))));
    assert!(!fx
        .iter()
        .any(|e| matches!(e, Effect::Full(FullEffect::SendOnline(_)))));
    assert_eq!(
        ui.shared.notice.as_deref(),
        Some("A chat message has 1 to 140 characters.")
    );
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Phrase(
        "chat-good-game".into(),
    ))));
    // A phrase goes by name, not in the sender's words.
    assert!(fx.contains(&Effect::Full(FullEffect::SendOnline(
        ClientMessage::Phrase {
            phrase: online_play::Phrase::GoodGame
        }
    ))));
    // Only the phrases are phrases.
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Phrase(
        "rules".into(),
    ))));
    assert!(fx.is_empty());
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Mute(true))));
    assert!(
        fx.contains(&Effect::Full(FullEffect::SendOnline(ClientMessage::Mute {
            muted: true
        })))
    );

    for (from, text) in [(Role::White, "gg"), (Role::Black, "thanks")] {
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
    // A phrase is worded in the reader's language: here, English.
    hear(
        &mut ui,
        3.0,
        ServerMessage::Chat {
            from: Role::White,
            text: String::new(),
            phrase: Some(online_play::Phrase::WellPlayed),
        },
    );
    let chat = ui.view().full.chat.expect("a chat panel");
    assert_eq!(chat.title, "Chat with your opponent");
    assert_eq!(
        chat.lines,
        vec![
            ("White".to_string(), "gg".to_string(), false),
            ("You".to_string(), "thanks".to_string(), false),
            ("White".to_string(), crate::t!("chat-well-played"), false),
        ]
    );
    assert!(chat.muted && chat.mute_shown && !chat.off);

    // Off: nothing shown, nothing sent, and kept with the preferences.
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Off(true))));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, value } if key == PREFS_KEY && value.contains("\"chat\":false"))));
    let chat = ui.view().full.chat.expect("as the test set it up");
    assert!(chat.off && chat.lines.is_empty());
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Send("hi".into()))));
    assert!(fx.is_empty());
}

#[test]
fn the_pages_phrases_and_rule_options_are_the_ones_read() {
    let page = include_str!("../../../../www/full.html");
    let values = |attribute: &str| -> Vec<&str> {
        page.split(attribute)
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect()
    };
    assert_eq!(values("data-phrase=\""), PHRASES);
    let options: Vec<&str> = values("<option value=\"option ")
        .into_iter()
        .map(|o| o.trim_end())
        .collect();
    let known: Vec<&str> = crate::community::RULE_OPTIONS
        .iter()
        .map(|(words, _, _)| words.trim_start_matches("option "))
        .collect();
    assert_eq!(options, known);
    for clock in values("data-clock=\"") {
        assert!(clock.parse::<online_play::TimeControl>().is_ok(), "{clock}");
    }
}

#[test]
fn rating_changes_name_the_person_first_and_spectators_see_both_names() {
    let names = ServerMessage::Players {
        white: Some("ana".into()),
        black: Some("bo".into()),
        bots: [false; 2],
    };
    let mut black = seated(Role::Black);
    hear(&mut black, 2.0, ended(true, None, None));
    hear(&mut black, 2.5, names.clone());
    let rating = black.view().full.rematch.expect("a result").rating;
    assert!(
        rating
            .as_deref()
            .is_some_and(|r| r.starts_with("You 1500 → 1662? (+162). ana 1500 → 1338 (-162).")),
        "{rating:?}"
    );
    let mut watching = seated(Role::Spectator);
    hear(&mut watching, 2.0, ended(true, None, None));
    hear(&mut watching, 2.5, names);
    let rating = watching.view().full.rematch.expect("a result").rating;
    assert!(
        rating
            .as_deref()
            .is_some_and(|r| r.starts_with("ana 1500 → 1338 (-162). bo 1500 → 1662? (+162).")),
        "{rating:?}"
    );
    // No provisional rating, no word of one.
    let steady = ServerMessage::Snapshot(Snapshot {
        rated: Some([
            RatingChange {
                before: 1500,
                after: 1490,
                provisional: false,
            },
            RatingChange {
                before: 1500,
                after: 1510,
                provisional: false,
            },
        ]),
        ..match ended(true, None, None) {
            ServerMessage::Snapshot(s) => s,
            _ => unreachable!("a snapshot"),
        }
    });
    let mut ui = seated(Role::White);
    hear(&mut ui, 2.0, steady);
    let rating = ui.view().full.rematch.expect("a result").rating;
    assert_eq!(
        rating.as_deref(),
        Some("You 1500 → 1490 (-10). Black 1500 → 1510 (+10).")
    );
}
