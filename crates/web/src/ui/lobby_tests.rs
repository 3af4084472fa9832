//! The lobby, the Watch screen and what surrounds an online game, through
//! [`Ui::update`] and [`Ui::view`]: the server's answers are fed back as
//! [`Action::Http`], so whole flows (a quick pairing found while playing
//! the computer, an account signed in, a seek refused, a rematch, chat)
//! are played without a server.

use online_play::{
    ClientMessage, EndReason, GameResult, RatingChange, Role, ServerMessage, Snapshot,
};

use super::online_tests::{hear, online_page};
use super::*;
use crate::online_state::Seat;

/// The request of `fx` for `path`: its id, method and body.
fn asked(fx: &[Effect], path: &str) -> Option<(u32, &'static str, Option<String>)> {
    fx.iter().find_map(|e| match e {
        Effect::Http {
            id,
            method,
            path: p,
            body,
        } if p == path => Some((*id, *method, body.clone())),
        _ => None,
    })
}

fn answer(ui: &mut Ui, fx: &[Effect], path: &str, status: u16, text: &str) -> Vec<Effect> {
    let (id, _, _) = asked(fx, path).unwrap_or_else(|| panic!("no request for {path}: {fx:?}"));
    ui.update(Action::Http {
        id,
        status,
        text: text.to_string(),
    })
}

/// The poll's timer among `fx`.
fn poll(fx: &[Effect]) -> u32 {
    fx.iter()
        .find_map(|e| match e {
            Effect::StartTimer { id, ms } if *ms == lobby::POLL_MS => Some(*id),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no poll: {fx:?}"))
}

fn booted() -> Ui {
    let mut ui = Ui::new();
    ui.update(flow::fresh_boot(3));
    ui
}

fn lobby(ui: &Ui) -> LobbyView {
    ui.view().lobby.expect("the lobby's view")
}

const SEEKS: &str = r#"{"seeks":[
  {"id":"s1","game":"turkish","clock":"3+2","rated":true,"side":"white","range":[1300,1700],
   "name":"ana","guest":false,"rating":"1500?"},
  {"id":"s2","game":"classic","clock":null,"rated":false,"side":"random","range":null,
   "name":"Guest-0003","guest":true,"rating":null}]}"#;

#[test]
fn the_lobby_lists_seeks_and_keeps_them_fresh() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    assert_eq!(ui.view().screen, "lobby");
    for path in ["api/me", "api/lobby", "api/stats"] {
        assert_eq!(asked(&fx, path).map(|a| a.1), Some("GET"), "{path}");
    }
    answer(&mut ui, &fx, "api/me", 200, r#"{"name":null}"#);
    answer(&mut ui, &fx, "api/lobby", 200, SEEKS);
    answer(
        &mut ui,
        &fx,
        "api/stats",
        200,
        r#"{"games":{"classic":{"played":3,"white_wins":66.7,"black_wins":33.3,"draws":0.0}}}"#,
    );
    let view = lobby(&ui);
    assert_eq!(view.me, None);
    assert_eq!(view.guest, "Guest-0003");
    assert_eq!(view.seeks.len(), 2);
    assert_eq!(view.seeks[0].who, "ana (1500?)");
    assert_eq!(
        view.seeks[0].what,
        "Turkish draughts · 3+2 · rated · White · 1300–1700"
    );
    assert!(!view.seeks[0].own);
    // The guest's own seek has no Accept.
    assert!(view.seeks[1].own);
    assert_eq!(view.stats.len(), 1);
    assert_eq!(
        view.stats[0],
        (
            "Classic".to_string(),
            "3 games · White 66.7% · Black 33.3% · draws 0.0%".to_string()
        )
    );

    // Every two seconds the list is asked for again, while it is shown.
    let fx = ui.update(Action::Timer(poll(&fx)));
    assert!(asked(&fx, "api/lobby").is_some());
    let next = poll(&fx);
    ui.update(Action::Press(Button::Home));
    let fx = ui.update(Action::Timer(next));
    assert!(asked(&fx, "api/lobby").is_none());
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::StartTimer { .. })),
        "no poll off the lobby: {fx:?}"
    );
}

#[test]
fn a_quick_pairing_found_while_playing_the_computer_seats_the_person() {
    let mut ui = booted();
    let open = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Quick {
        game: "qirkat".into(),
        clock: "1+0".into(),
    })));
    let (_, method, body) = asked(&fx, "api/quick").expect("a quick pairing");
    assert_eq!(method, "POST");
    let body: serde_json::Value =
        serde_json::from_str(&body.expect("as the test set it up")).expect("as the test set it up");
    let token = body["token"]
        .as_str()
        .expect("as the test set it up")
        .to_string();
    assert_eq!(token.len(), 32);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(body["name"], "Guest-0003");
    assert_eq!(body["clock"], "1+0");
    assert_eq!(
        lobby(&ui).waiting.as_deref(),
        Some("Sending your seek: Qirkat, 1+0…")
    );
    answer(&mut ui, &fx, "api/quick", 200, r#"{"seek":"q1"}"#);
    assert_eq!(
        lobby(&ui).waiting.as_deref(),
        Some("Looking for an opponent: Qirkat, 1+0…")
    );

    // Meanwhile, the computer: the seek's game is chosen.
    ui.update(Action::Press(Button::Lobby(LobbyButton::Computer)));
    assert_eq!(ui.view().screen, "opponent");
    ui.update(Action::Press(Button::StartComputer {
        level: engine::search::Level::Easy,
        human: engine::Side::White,
    }));
    assert_eq!(ui.view().screen, "game");
    assert_eq!(
        ui.session.as_ref().map(|s| s.game.kind().as_str()),
        Some("qirkat")
    );

    // The poll asks after the seek, off the lobby too.
    let fx = ui.update(Action::Timer(poll(&open)));
    let fx2 = answer(&mut ui, &fx, "api/seeks/q1", 200, r#"{"state":"open"}"#);
    assert!(fx2.is_empty() || !fx2.contains(&Effect::Connect));
    let fx = ui.update(Action::Timer(poll(&fx)));
    let fx = answer(
        &mut ui,
        &fx,
        "api/seeks/q1",
        200,
        r#"{"state":"paired","game":"g9"}"#,
    );
    assert!(fx.contains(&Effect::Connect), "{fx:?}");
    let seat = ui.online_mirror().map(|m| m.seat.clone());
    assert_eq!(
        seat,
        Some(Seat {
            game: "g9".into(),
            token: Some(token.clone()),
            code: None,
            creator: false,
        })
    );
    let kept = fx.iter().find_map(|e| match e {
        Effect::Store { key, value } if key == SEATS_KEY => Some(value.clone()),
        _ => None,
    });
    assert_eq!(kept, Some(format!("[[\"g9\",\"{token}\"]]")));
    assert!(ui
        .notice
        .as_deref()
        .is_some_and(|n| n.starts_with("Opponent found: Qirkat, 1+0.")));
    assert_eq!(lobby(&ui).waiting, None);
}

#[test]
fn an_account_signs_in_and_its_games_are_listed() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Account {
        register: false,
        name: " ana ".into(),
        password: "correct horse".into(),
    })));
    let (_, _, body) = asked(&fx, "api/account/login").expect("a login");
    assert_eq!(
        body.as_deref(),
        Some(r#"{"name":"ana","password":"correct horse"}"#)
    );
    let refused = answer(
        &mut ui,
        &fx,
        "api/account/login",
        401,
        "wrong name or password",
    );
    assert!(refused.is_empty());
    assert_eq!(lobby(&ui).error.as_deref(), Some("Wrong name or password."));
    // A name that cannot be one is refused before it is sent.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Account {
        register: true,
        name: "1st".into(),
        password: "correct horse".into(),
    })));
    assert!(fx.is_empty());
    assert!(lobby(&ui)
        .error
        .expect("words")
        .starts_with("A name has 3 to 20"));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Account {
        register: true,
        name: "ana".into(),
        password: "correct horse".into(),
    })));
    let fx = answer(
        &mut ui,
        &fx,
        "api/account/register",
        200,
        r#"{"name":"ana"}"#,
    );
    assert_eq!(lobby(&ui).me.as_deref(), Some("ana"));
    assert_eq!(lobby(&ui).error, None);
    answer(
        &mut ui,
        &fx,
        "api/me/games",
        200,
        r#"{"games":[{"id":"g2","game":"bell","side":"black","opponent":"bo",
            "your_turn":true,"left":90061000,"clock":"3d"}]}"#,
    );
    let mine = lobby(&ui).mine;
    assert_eq!(mine[0].text, "Bell against bo · your turn · 1d 1h");
    // A game whose seat is in another browser is watched instead.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Resume(
        "g2".into(),
    ))));
    assert!(fx.contains(&Effect::Connect));
    assert_eq!(
        ui.online_mirror().expect("as the test set it up").seat,
        Seat::watching("g2".into())
    );
    assert!(ui
        .notice
        .as_deref()
        .expect("as the test set it up")
        .contains("another browser"));
}

#[test]
fn bad_answers_and_refusals_are_told_and_lose_nothing() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(&mut ui, &fx, "api/lobby", 200, SEEKS);
    // An unreadable answer leaves the list as it was.
    let fx = ui.update(Action::Timer(poll(&fx)));
    answer(&mut ui, &fx, "api/lobby", 200, "<html>oops</html>");
    assert_eq!(lobby(&ui).seeks.len(), 2);
    assert_eq!(
        lobby(&ui).error.as_deref(),
        Some("The server's answer was unreadable.")
    );
    // A seek refused: no longer waiting.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Seek {
        game: "classic".into(),
        options: String::new(),
        clock: String::new(),
        rated: true,
        side: "white".into(),
        range: String::new(),
    })));
    answer(
        &mut ui,
        &fx,
        "api/seeks",
        403,
        "rated games are for players with an account",
    );
    let view = lobby(&ui);
    assert_eq!(view.waiting, None);
    assert!(view
        .error
        .expect("as the test set it up")
        .contains("rated games are for players"));
    // A rule option of another game is refused before asking anything.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Seek {
        game: "classic".into(),
        options: "option queen_lands=any".into(),
        clock: "3+2".into(),
        rated: false,
        side: "random".into(),
        range: String::new(),
    })));
    assert!(asked(&fx, "api/seeks").is_none());
    assert_eq!(
        lobby(&ui).error.as_deref(),
        Some("That rule option is not one of this game's.")
    );
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Seek {
        game: "turkish".into(),
        options: "option queen_lands=any".into(),
        clock: "3+2".into(),
        rated: false,
        side: "random".into(),
        range: String::new(),
    })));
    let (_, _, body) = asked(&fx, "api/seeks").expect("a seek");
    assert!(body
        .expect("a body")
        .contains(r#""game":"turkish option queen_lands=any""#));
    // A range that is not one is refused before asking anything.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Seek {
        game: "classic".into(),
        options: String::new(),
        clock: "3+2".into(),
        rated: false,
        side: "random".into(),
        range: "1700-1300".into(),
    })));
    assert!(asked(&fx, "api/seeks").is_none());
    assert!(lobby(&ui)
        .error
        .expect("as the test set it up")
        .contains("low first"));
    // The server out of reach.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    answer(&mut ui, &fx, "api/seeks/s1/accept", 0, "");
    assert_eq!(
        lobby(&ui).error.as_deref(),
        Some("The game server cannot be reached: online play needs the network.")
    );
    assert!(!ui.is_online());
    // An answer nobody asked for is ignored.
    assert!(ui
        .update(Action::Http {
            id: 999,
            status: 200,
            text: r#"{"game":"x"}"#.into()
        })
        .is_empty());
    // A guest name that cannot be one is refused, and the old one kept.
    ui.update(Action::Press(Button::Lobby(LobbyButton::Guest(
        "<b>".into(),
    ))));
    assert_eq!(lobby(&ui).guest, "Guest-0003");
}

#[test]
fn accepting_a_seek_and_withdrawing_one_ask_the_server() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(&mut ui, &fx, "api/lobby", 200, SEEKS);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    let (_, method, body) = asked(&fx, "api/seeks/s1/accept").expect("an acceptance");
    assert_eq!(method, "POST");
    assert!(body.expect("as the test set it up").contains("\"token\""));
    let fx = answer(&mut ui, &fx, "api/seeks/s1/accept", 200, r#"{"game":"g5"}"#);
    assert!(fx.contains(&Effect::Connect));
    assert_eq!(
        ui.online_mirror().expect("as the test set it up").seat.game,
        "g5"
    );

    let mut ui = booted();
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Quick {
        game: "bell".into(),
        clock: "3+2".into(),
    })));
    let (_, _, body) = asked(&fx, "api/quick").expect("as the test set it up");
    answer(&mut ui, &fx, "api/quick", 200, r#"{"seek":"q7"}"#);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Withdraw)));
    let (_, _, withdrawn) = asked(&fx, "api/seeks/q7/withdraw").expect("a withdrawal");
    let token = |b: &str| {
        serde_json::from_str::<serde_json::Value>(b).expect("as the test set it up")["token"]
            .clone()
    };
    assert_eq!(
        token(&withdrawn.expect("as the test set it up")),
        token(&body.expect("as the test set it up"))
    );
    assert_eq!(lobby(&ui).waiting, None);
}

#[test]
fn the_watch_screen_lists_games_in_play_and_opens_one() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Watch)));
    assert_eq!(ui.view().screen, "live");
    answer(
        &mut ui,
        &fx,
        "api/live",
        200,
        r#"{"games":[{"id":"g1","game":"chesquerque","rated":true,
          "white":{"name":"ana","rating":"1510","online":true},
          "black":{"name":"bo","rating":"1490?","online":true},
          "clock":{"control":"3+2","left":[161000,182000],"running":"white"},
          "ply":12,"spectators":3,"featured":true}]}"#,
    );
    let row = &lobby(&ui).live[0];
    assert!(row.featured);
    assert_eq!(row.players, "ana (1510) – bo (1490?)");
    assert_eq!(row.what, "Chesquerque · 3+2 · rated");
    assert_eq!(row.clock, "2:41 – 3:02");
    assert_eq!(row.more, "12 turns played · 3 watching");
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::WatchGame(
        "g1".into(),
    ))));
    assert!(fx.contains(&Effect::Connect));
    assert_eq!(
        ui.online_mirror().expect("as the test set it up").seat,
        Seat::watching("g1".into())
    );
}

#[test]
fn the_light_page_opens_the_lobby_and_the_watch_screen_on_the_whole_apps_page() {
    let mut ui = Ui::light();
    ui.update(flow::fresh_boot(3));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    assert_eq!(fx, vec![Effect::Navigate("?lobby".into())]);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Watch)));
    assert_eq!(fx, vec![Effect::Navigate("?live".into())]);
    assert!(ui.view().lobby.is_none());
}

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
    })
}

fn seated(role: Role) -> Ui {
    let seat = Seat {
        game: "g1".into(),
        token: Some("ab".repeat(16)),
        code: None,
        creator: false,
    };
    let (mut ui, _) = online_page(seat);
    ui.update(Action::SocketOpen { now_ms: 0.0 });
    hear(
        &mut ui,
        1.0,
        ServerMessage::Welcome {
            game: "g1".into(),
            role,
            token: None,
        },
    );
    ui
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
        },
    );
    assert_eq!(players(&ui), "You – bo");
    let view = ui.rematch_view().expect("a result");
    assert_eq!(
        view.rating.as_deref(),
        Some("White 1500 → 1338 (-162). Black 1500 → 1662? (+162).")
    );
    assert_eq!(view.offer, RematchOffer::Offer);
    let fx = ui.update(Action::Press(Button::AnswerRematch(true)));
    assert!(fx.contains(&Effect::SendOnline(ClientMessage::OfferRematch)));

    hear(&mut ui, 3.0, ended(true, Some(Role::White), None));
    assert_eq!(
        ui.rematch_view().expect("as the test set it up").offer,
        RematchOffer::Offered
    );
    hear(&mut ui, 4.0, ended(true, Some(Role::Black), None));
    assert_eq!(
        ui.rematch_view().expect("as the test set it up").offer,
        RematchOffer::Answer
    );
    let fx = ui.update(Action::Press(Button::AnswerRematch(false)));
    assert!(fx.contains(&Effect::SendOnline(ClientMessage::DeclineRematch)));
    let fx = ui.update(Action::Press(Button::AnswerRematch(true)));
    assert!(fx.contains(&Effect::SendOnline(ClientMessage::AcceptRematch)));

    // Agreed: the player sits down at the new game with the same token.
    let fx = hear(&mut ui, 5.0, ended(true, None, Some("g2")));
    assert!(fx.contains(&Effect::Connect));
    let seat = &ui.online_mirror().expect("as the test set it up").seat;
    assert_eq!(
        (seat.game.as_str(), seat.token.clone()),
        ("g2", Some("ab".repeat(16)))
    );
    assert_eq!(
        ui.notice.as_deref(),
        Some("The rematch has begun, sides swapped.")
    );

    // A spectator has nothing to offer, and stays.
    let mut ui = seated(Role::Spectator);
    hear(&mut ui, 2.0, ended(false, None, Some("g2")));
    let view = ui.rematch_view().expect("as the test set it up");
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
    assert!(fx.contains(&Effect::SendOnline(ClientMessage::Chat {
        text: "well played".into()
    })));
    assert!(fx.contains(&Effect::ClearField("chat-text")));
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Send(
        "x".repeat(141),
    ))));
    assert!(!fx.iter().any(|e| matches!(e, Effect::SendOnline(_))));
    assert_eq!(
        ui.notice.as_deref(),
        Some("A chat message has 1 to 140 characters.")
    );
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Phrase(
        "chat-good-game".into(),
    ))));
    assert!(fx.contains(&Effect::SendOnline(ClientMessage::Chat {
        text: "Good game!".into()
    })));
    // Only the phrases are phrases.
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Phrase(
        "rules".into(),
    ))));
    assert!(fx.is_empty());
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Mute(true))));
    assert!(fx.contains(&Effect::SendOnline(ClientMessage::Mute { muted: true })));

    for (from, text) in [(Role::White, "gg"), (Role::Black, "thanks")] {
        hear(
            &mut ui,
            3.0,
            ServerMessage::Chat {
                from,
                text: text.into(),
            },
        );
    }
    let chat = ui.chat_view().expect("a chat panel");
    assert_eq!(chat.title, "Chat with your opponent");
    assert_eq!(
        chat.lines,
        vec![
            ("White".to_string(), "gg".to_string()),
            ("You".to_string(), "thanks".to_string())
        ]
    );
    assert!(chat.muted && chat.mute_shown && !chat.off);

    // Off: nothing shown, nothing sent, and kept with the preferences.
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Off(true))));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, value } if key == PREFS_KEY && value.contains("\"chat\":false"))));
    let chat = ui.chat_view().expect("as the test set it up");
    assert!(chat.off && chat.lines.is_empty());
    let fx = ui.update(Action::Press(Button::Chat(ChatButton::Send("hi".into()))));
    assert!(fx.is_empty());
}

#[test]
fn a_kept_account_brings_its_games_and_the_sites_figures_to_the_home_screen() {
    let Action::Boot(boot) = flow::fresh_boot(3) else {
        unreachable!("a boot")
    };
    // Nobody signed in, the game server unused: the home screen asks nothing.
    let mut ui = Ui::new();
    let fx = ui.update(Action::Boot(boot.clone()));
    assert!(asked(&fx, "api/stats").is_none());
    assert!(!lobby(&ui).home);

    let mut ui = Ui::new();
    let fx = ui.update(Action::Boot(Box::new(Boot {
        account: Some("ana".into()),
        ..*boot
    })));
    assert_eq!(ui.view().screen, "home");
    assert!(lobby(&ui).home);
    assert!(asked(&fx, "api/stats").is_some());
    let fx = answer(&mut ui, &fx, "api/me", 200, r#"{"name":"ana"}"#);
    answer(
        &mut ui,
        &fx,
        "api/me/games",
        200,
        r#"{"games":[{"id":"g3","game":"classic","side":"white","opponent":"bo",
            "your_turn":true,"left":null,"clock":"7d"}]}"#,
    );
    assert_eq!(lobby(&ui).mine[0].text, "Classic against bo · your turn");

    // Signed out elsewhere: the kept name goes, and the page is light again.
    let fx = ui.update(Action::Press(Button::Home));
    let fx = answer(&mut ui, &fx, "api/me", 200, r#"{"name":null}"#);
    assert!(fx.contains(&Effect::Remove {
        key: ACCOUNT_KEY.to_string()
    }));
    assert_eq!(lobby(&ui).me, None);

    // Signing in keeps the name.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Account {
        register: false,
        name: "ana".into(),
        password: "correct horse".into(),
    })));
    let fx = answer(&mut ui, &fx, "api/account/login", 200, r#"{"name":"ana"}"#);
    assert!(fx.contains(&Effect::Store {
        key: ACCOUNT_KEY.to_string(),
        value: "ana".to_string()
    }));
}

#[test]
fn a_players_page_shows_ratings_results_and_games_to_review() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    // The lobby shows the chosen game's leaderboard.
    answer(
        &mut ui,
        &fx,
        "api/leaderboard/classic",
        200,
        r#"{"game":"classic","players":[
          {"name":"Ana","rating":1662,"deviation":290,"games":1,"provisional":true,"shown":"1662?"},
          {"name":"Bob","rating":1338,"deviation":290,"games":12,"provisional":false,"shown":"1338"}]}"#,
    );
    let leaders = lobby(&ui).leaders.expect("a leaderboard");
    assert_eq!(leaders.game, "classic");
    assert_eq!(
        (
            leaders.rows[1].place,
            leaders.rows[1].name.as_str(),
            leaders.rows[1].text.as_str()
        ),
        (2, "Bob", "1338 · 12 games")
    );
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Leaders(
        "bell".into(),
    ))));
    assert!(asked(&fx, "api/leaderboard/bell").is_some());
    assert_eq!(lobby(&ui).leaders.expect("shown").rows, Vec::new());
    // A name that is no game asks nothing.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Leaders(
        "chess".into(),
    ))));
    assert!(fx.is_empty());

    // A name with a space is sent percent-encoded.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "Ana B".into(),
    ))));
    assert_eq!(ui.view().screen, "player");
    let refused = answer(&mut ui, &fx, "api/players/Ana%20B", 404, "no such player");
    assert!(refused.is_empty());
    assert_eq!(
        ui.notice.as_deref(),
        Some("The server refused: no such player")
    );

    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "Ana".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/players/Ana",
        200,
        r#"{"name":"Ana","ratings":{"classic":{"rating":1662,"deviation":290,"games":1,
          "provisional":true,"shown":"1662?"}},
          "results":{"white":{"wins":1,"draws":0,"losses":0},"black":{"wins":0,"draws":2,"losses":1}},
          "games":[{"id":"g1","game":"classic","white":"Ana","black":null,"result":"white_wins",
          "reason":"out_of_time","rated":true,"clock":"1+0"}]}"#,
    );
    let page = lobby(&ui).player.expect("a player's page");
    assert_eq!(page.name, "Ana");
    assert_eq!(page.ratings, ["Classic 1662? · 1 game"]);
    assert_eq!(
        page.results,
        [
            "With White: 1 won · 0 drawn · 0 lost".to_string(),
            "With Black: 0 won · 2 drawn · 1 lost".to_string()
        ]
    );
    assert_eq!(page.games[0].0, "g1");
    assert_eq!(
        page.games[0].1,
        "Classic · Ana – a friend · White wins (out of time) · 1+0 · rated"
    );

    // A game from the list opens in review, from its record.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::ReviewGame(
        "g1".into(),
    ))));
    let record = "classic moves c2-c3 c4xc2";
    answer(
        &mut ui,
        &fx,
        "api/games/g1",
        200,
        &format!(r#"{{"id":"g1","record":"{record}","over":true}}"#),
    );
    assert_eq!(ui.view().screen, "game");
    assert!(ui.view().review.is_some(), "the game is in review");
    assert_eq!(
        ui.session.as_ref().map(|s| s.game.to_record_line()),
        Some(record.to_string())
    );
}

#[test]
fn the_password_is_changed_and_the_account_deleted_from_the_lobby() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    answer(&mut ui, &fx, "api/me", 200, r#"{"name":"ana"}"#);
    // A new password too short is refused before it is sent.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Password {
        old: "correct horse".into(),
        new: "short".into(),
    })));
    assert!(asked(&fx, "api/account/password").is_none());
    assert_eq!(
        lobby(&ui).error.as_deref(),
        Some("A password has 8 to 128 characters.")
    );
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Password {
        old: "wrong one".into(),
        new: "battery staple".into(),
    })));
    let (_, _, body) = asked(&fx, "api/account/password").expect("a change");
    assert_eq!(
        body.as_deref(),
        Some(r#"{"new_password":"battery staple","password":"wrong one"}"#)
    );
    answer(&mut ui, &fx, "api/account/password", 403, "wrong password");
    assert_eq!(lobby(&ui).error.as_deref(), Some("That password is wrong."));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Password {
        old: "correct horse".into(),
        new: "battery staple".into(),
    })));
    answer(
        &mut ui,
        &fx,
        "api/account/password",
        200,
        r#"{"name":"ana"}"#,
    );
    assert!(ui
        .notice
        .as_deref()
        .is_some_and(|n| n.starts_with("The password is changed")));

    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Delete(
        "battery staple".into(),
    ))));
    let fx = answer(&mut ui, &fx, "api/account/delete", 200, r#"{"name":null}"#);
    assert!(fx.contains(&Effect::Remove {
        key: ACCOUNT_KEY.to_string()
    }));
    assert_eq!(lobby(&ui).me, None);
    assert_eq!(
        ui.notice.as_deref(),
        Some("The account and its data are deleted.")
    );
}
