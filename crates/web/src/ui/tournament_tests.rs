//! Tournaments on the page, through [`Ui::update`] and [`Ui::view`], the
//! server's answers and the lobby socket's pushes fed back as the page
//! reads them: the lobby's list and form, a tournament's page, joining,
//! the next game sat at without a press, and Berserk in the game.

use online_play::api::{Me, TournamentPage};
use online_play::{ClientMessage, EventBody, Role, ServerMessage};

use super::lobby_tests::{answer, asked, booted, follows};
use super::online_tests::{hear, seated, snapshot};
use super::*;
use crate::api::{ApiCall, ApiReply};

fn signed_in(ui: &mut Ui, name: &str) {
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(
        ApiCall::Me,
        Ok(ApiReply::Me(Me {
            name: Some(name.into()),
            ..Me::default()
        })),
    ))));
}

fn press(ui: &mut Ui, button: TournamentButton) -> Vec<Effect> {
    ui.update(Action::Press(Button::Tournament(button)))
}

/// The page of arena `t1` with Ana (on fire, playing `game`) and Bob.
fn page(version: u64, game: Option<&str>, status: &str) -> String {
    let game = game.map_or("null".to_string(), |g| format!("\"{g}\""));
    format!(
        r#"{{"summary":{{"id":"t1","kind":"arena","name":"Evening arena","game":"classic",
          "clock":"3+2","rated":true,"minutes":30,"starts":1800000000,"ends":1800001800,
          "status":"{status}","players":2,"private":false}},
          "version":{version},
          "standings":[
            {{"rank":1,"name":"ana","points":8,"on_fire":true,"first_tiebreak":1900,
              "sheet":[{{"mark":"win","points":2}},{{"mark":"win","points":2}},
                       {{"mark":"win","points":4,"on_fire":true}}],"playing":{game}}},
            {{"rank":2,"name":"bob","points":0,"sheet":[{{"mark":"loss","points":0,"forfeit":true}}],
              "paused":true}}],
          "games":[],
          "me":{{"rank":1,"points":8,"paused":false,"withdrawn":false,"game":{game}}}}}"#
    )
}

fn push(ui: &mut Ui, text: &str) -> Vec<Effect> {
    let page: TournamentPage = serde_json::from_str(text).expect("a page");
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        online_play::api::LobbyNews::Tournament {
            page: Box::new(page),
        },
    ))))
}

#[test]
fn the_lobby_lists_tournaments_and_makes_one_from_its_form() {
    let mut ui = booted();
    signed_in(&mut ui, "ana");
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    let list = r#"{"starting":[{"id":"t2","kind":"swiss","name":"Sunday Swiss","game":"bell",
        "clock":"10+5","rated":true,"rounds":5,"starts":1800003600,"status":"starting",
        "players":7,"private":false}],
      "running":[{"id":"t1","kind":"arena","name":"Hourly blitz","game":"classic",
        "clock":"3+2","rated":true,"minutes":30,"starts":1800000000,"ends":1800001800,
        "status":"running","players":12,"private":false}],"finished":[]}"#;
    answer(&mut ui, &fx, "api/tournaments", 200, list);
    let view = ui.view().full.tournaments.expect("the list");
    assert_eq!(view.rows.len(), 2);
    assert_eq!(view.rows[0].1, "Hourly blitz");
    assert!(
        view.rows[0]
            .2
            .contains("Arena · Classic · 3+2 · rated · 30 min"),
        "{:?}",
        view.rows[0]
    );
    assert!(view.rows[1].2.contains("7 players"), "{:?}", view.rows[1]);
    assert!(view.can_make);
    // A form with no length says what to fix and asks nothing.
    let mut form = MakeForm {
        kind: "swiss".into(),
        name: "Club night".into(),
        game: "qirkat".into(),
        clock: "5+3".into(),
        length: "".into(),
        starts_in: "10".into(),
        password: " ".into(),
        rated: true,
    };
    let fx = press(&mut ui, TournamentButton::Make(form.clone()));
    assert!(asked(&fx, "api/tournaments").is_none());
    let said = ui.view().full.tournaments.expect("the list").said;
    assert_eq!(
        said.as_deref(),
        Some("The tournament cannot be made like this: check its number of rounds.")
    );
    form.length = "5".into();
    let fx = press(&mut ui, TournamentButton::Make(form));
    let (_, method, body) = asked(&fx, "api/tournaments").expect("made");
    assert_eq!(method, "POST");
    let body: serde_json::Value = serde_json::from_str(&body.expect("a body")).expect("JSON");
    assert_eq!(body["kind"], "swiss");
    assert_eq!(body["rounds"], 5);
    assert_eq!(body["starts_in"], 600);
    assert_eq!(body["password"], serde_json::Value::Null);
    // Made: its page opens.
    let fx = answer(&mut ui, &fx, "api/tournaments", 200, r#"{"id":"t9"}"#);
    assert!(asked(&fx, "api/tournaments/t9").is_some());
    assert_eq!(ui.view().screen, "tournament");
}

#[test]
fn joining_follows_the_standings_and_sits_at_each_game_without_a_press() {
    let mut ui = booted();
    signed_in(&mut ui, "ana");
    let fx = ui.update(Action::Address("?tournament=t1".into()));
    assert_eq!(ui.view().screen, "tournament");
    assert_eq!(
        follows(&fx).flatten().and_then(|f| f.tournament).as_deref(),
        Some("t1")
    );
    let fx = press(
        &mut ui,
        TournamentButton::Join {
            password: String::new(),
        },
    );
    let (_, _, body) = asked(&fx, "api/tournaments/t1/join").expect("joined");
    let body: serde_json::Value = serde_json::from_str(&body.expect("a body")).expect("JSON");
    let token = body["token"].as_str().expect("a token").to_string();
    assert_eq!(token.len(), 32);
    answer(
        &mut ui,
        &fx,
        "api/tournaments/t1/join",
        200,
        &page(3, None, "running"),
    );
    let view = ui.view().full.tournament.expect("the page");
    assert_eq!(view.standings[0].points, "8");
    assert!(view.standings[0].on_fire && view.standings[0].me);
    assert_eq!(view.standings[0].sheet, "2 2 4");
    assert_eq!(view.standings[1].sheet, "0!");
    assert_eq!(view.standings[1].state, "paused");
    assert_eq!(view.me.as_deref(), Some("You are number 1, with 8 points."));
    assert!(view.can_pause && view.can_withdraw && !view.can_join);
    assert_eq!(view.rules.len(), 6);
    assert_eq!(view.until, Some(1_800_001_800));
    // A game is paired: the page sits at it with the tournament's token.
    let fx = push(&mut ui, &page(4, Some("g7"), "running"));
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)), "{fx:?}");
    let online = &ui.shared.online.as_ref().expect("online").mirror.seat;
    assert_eq!(
        (online.game.as_str(), online.token.as_deref()),
        ("g7", Some(token.as_str()))
    );
    assert_eq!(ui.view().screen, "game");
    // An older push changes nothing; the same game is not sat at twice.
    let fx = push(&mut ui, &page(2, Some("g8"), "running"));
    assert!(!fx.contains(&Effect::Full(FullEffect::Connect)));
    // In the game, the tournament is still followed.
    let fx = ui.update(Action::Press(Button::Flip));
    assert_ne!(follows(&fx), Some(None));
    // Paused: the button says so and the page stops offering Pause.
    let fx = press(&mut ui, TournamentButton::Open("t1".into()));
    let fx2 = press(&mut ui, TournamentButton::Pause);
    assert!(asked(&fx2, "api/tournaments/t1/pause").is_some());
    let paused = page(5, None, "running").replace(r#""paused":false"#, r#""paused":true"#);
    answer(&mut ui, &fx2, "api/tournaments/t1/pause", 200, &paused);
    let view = ui.view().full.tournament.expect("the page");
    assert!(view.can_join && !view.can_pause);
    let _ = fx;
    // Finished: the podium, and nothing to press.
    push(&mut ui, &page(6, None, "finished"));
    let view = ui.view().full.tournament.expect("the page");
    assert_eq!(view.podium, ["1. ana · 8", "2. bob · 0"]);
    assert!(!view.can_join && !view.can_pause && !view.can_withdraw);
    assert_eq!(view.when, "Finished");
}

#[test]
fn berserk_is_offered_in_a_tournament_game_before_ones_first_move() {
    let mut ui = seated(Role::White);
    hear(&mut ui, 1.0, snapshot(2, "classic"));
    assert!(
        ui.view().full.in_tournament.is_none(),
        "not a tournament game"
    );
    let mut ui = seated(Role::White);
    let ServerMessage::Snapshot(mut s) = snapshot(3, "classic") else {
        unreachable!("a snapshot")
    };
    s.tournament = Some("t1".into());
    hear(&mut ui, 1.0, ServerMessage::Snapshot(s));
    let shown = ui.view().full.in_tournament.expect("a tournament game");
    assert!(shown.berserk);
    let fx = press(&mut ui, TournamentButton::Berserk);
    assert!(fx.contains(&Effect::Full(FullEffect::SendOnline(
        ClientMessage::Berserk
    ))));
    hear(
        &mut ui,
        2.0,
        ServerMessage::Event(online_play::Event {
            v: 4,
            body: EventBody::Berserked { by: Role::White },
        }),
    );
    assert!(
        !ui.view().full.in_tournament.expect("shown").berserk,
        "once"
    );
}

#[test]
fn points_and_countdowns_read_as_players_expect() {
    assert_eq!(countdown(1_000, 1_000), "");
    assert_eq!(countdown(1_245, 1_000), "4:05");
    assert_eq!(countdown(4_723, 1_000), "1:02:03");
    let mut ui = booted();
    ui.update(Action::Address("?tournament=t5".into()));
    let swiss = page(1, None, "running")
        .replace(r#""kind":"arena""#, r#""kind":"swiss""#)
        .replace(r#""points":8,"on_fire""#, r#""points":7,"on_fire""#)
        .replace("\"id\":\"t1\"", "\"id\":\"t5\"");
    let fx = ui.update(Action::Address("?tournament=t5".into()));
    answer(&mut ui, &fx, "api/tournaments/t5", 200, &swiss);
    let view = ui.view().full.tournament.expect("the page");
    assert_eq!(view.standings[0].points, "3½");
    assert_eq!(view.rules.len(), 4);
}

#[test]
fn a_long_sheet_shows_its_latest_games() {
    let mut ui = booted();
    signed_in(&mut ui, "ana");
    let fx = ui.update(Action::Address("?tournament=t1".into()));
    let games: Vec<String> = (0..14)
        .map(|i| format!(r#"{{"mark":"win","points":{}}}"#, if i < 4 { 2 } else { 4 }))
        .collect();
    let long = page(1, None, "running").replace(
        r#""sheet":[{"mark":"win","points":2},{"mark":"win","points":2},
                       {"mark":"win","points":4,"on_fire":true}]"#,
        &format!(r#""sheet":[{}]"#, games.join(",")),
    );
    answer(&mut ui, &fx, "api/tournaments/t1", 200, &long);
    let view = ui.view().full.tournament.expect("the page");
    assert_eq!(view.standings[0].sheet, "… 4 4 4 4 4 4 4 4 4 4");
}

#[test]
fn an_embedding_host_hears_the_standings_and_a_players_next_game() {
    let embed = crate::embed::Embed::from_query(
        "?embed&tournament=t1&player=ANA&host=https%3A%2F%2Fclub.example",
    )
    .expect("an embedding")
    .expect("valid");
    let mut ui = Ui::new();
    let fx = ui.update(Action::Boot(Box::new(Boot {
        embed: Some(Ok(embed)),
        ..match boot::fresh_boot(3) {
            Action::Boot(boot) => *boot,
            _ => unreachable!("a boot"),
        }
    })));
    assert_eq!(ui.view().screen, "tournament");
    assert!(asked(&fx, "api/tournaments/t1").is_some());
    let told = |fx: &[Effect]| -> Vec<serde_json::Value> {
        fx.iter()
            .filter_map(|e| match e {
                Effect::Full(FullEffect::ToHost(v)) => Some(v.clone()),
                _ => None,
            })
            .collect()
    };
    let heard = told(&push(&mut ui, &page(1, None, "running")));
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert_eq!(heard[0]["type"], "alquerque:standings");
    assert_eq!(heard[0]["standings"][0]["name"], "ana");
    assert_eq!(heard[0]["standings"][0]["points"], 8);
    // Ana is paired: the host hears her game, once.
    let heard = told(&push(&mut ui, &page(2, Some("g5"), "running")));
    assert_eq!(heard.len(), 2, "{heard:?}");
    assert_eq!(heard[1]["type"], "alquerque:tournament-game");
    assert_eq!(heard[1]["game"], "g5");
    let heard = told(&push(&mut ui, &page(3, Some("g5"), "running")));
    assert_eq!(heard.len(), 1, "the same game is not told again");
}

#[test]
fn the_tournaments_chat_is_said_and_shown_less_the_muted_and_not_to_kids() {
    let mut ui = booted();
    signed_in(&mut ui, "ana");
    let fx = ui.update(Action::Address("?tournament=t1".into()));
    let with_chat = page(1, None, "running").replace(
        r#""games":[],"#,
        r#""games":[],"chat":[{"name":"bob","text":"gl hf","at":1},{"name":"cem","text":"hi","at":2}],"#,
    );
    answer(&mut ui, &fx, "api/tournaments/t1", 200, &with_chat);
    let chat = ui.view().full.tournament.expect("the page").chat;
    assert_eq!(chat.expect("a chat").len(), 2);
    // Bob is muted: his line goes.
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(
        ApiCall::Relations,
        Ok(ApiReply::Relations(online_play::api::Relations {
            muted: vec!["bob".into()],
            blocked: Vec::new(),
        })),
    ))));
    let chat = ui.view().full.tournament.expect("the page").chat;
    assert_eq!(
        chat.expect("a chat"),
        [("cem".to_string(), "hi".to_string())]
    );
    let fx = press(&mut ui, TournamentButton::Say("good luck".into()));
    let (_, method, body) = asked(&fx, "api/tournaments/t1/chat").expect("said");
    assert_eq!(
        (method, body.as_deref()),
        ("POST", Some(r#"{"text":"good luck"}"#))
    );
    assert!(fx.contains(&Effect::Full(FullEffect::ClearField(
        "tournament-chat-text"
    ))));
    assert!(asked(
        &press(&mut ui, TournamentButton::Say("  ".into())),
        "api/tournaments/t1/chat"
    )
    .is_none());
    // Kid mode: no chat at all.
    ui.update(Action::Press(Button::Safety(SafetyButton::Kid(true))));
    assert!(ui.view().full.tournament.expect("the page").chat.is_none());
}
