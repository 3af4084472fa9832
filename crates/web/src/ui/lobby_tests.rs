//! The lobby, the Watch screen and the home screen's lists, through
//! [`Ui::update`] and [`Ui::view`]: the server's answers are fed back as
//! [`LobbyMsg::Api`], read as the page reads them, so whole flows (a quick pairing found while playing
//! the computer, an account signed in, a seek refused or withdrawn) are
//! played without a server.

use online_play::api::{self, LobbyFollow, LobbyNews, Refusal};
use online_play::{Role, ServerMessage};

use super::online_tests::{hear, snapshot};
use super::*;
use crate::online_state::Seat;

/// The call of `fx` to `path`: the call, its method and its body.
pub(super) fn asked(
    fx: &[Effect],
    path: &str,
) -> Option<(crate::api::ApiCall, &'static str, Option<String>)> {
    fx.iter().find_map(|e| match e {
        Effect::Full(FullEffect::Api(call)) if call.path() == path => {
            Some((call.clone(), call.method(), call.body()))
        }
        _ => None,
    })
}

pub(super) fn answer(
    ui: &mut Ui,
    fx: &[Effect],
    path: &str,
    status: u16,
    text: &str,
) -> Vec<Effect> {
    let (call, _, _) = asked(fx, path).unwrap_or_else(|| panic!("no request for {path}: {fx:?}"));
    let reply = crate::api::decode(&call, status, text);
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(call, reply))))
}

/// What the lobby's socket was told to follow among `fx` (the last word,
/// `None` to close it), if anything.
pub(super) fn follows(fx: &[Effect]) -> Option<Option<LobbyFollow>> {
    fx.iter().rev().find_map(|e| match e {
        Effect::Full(FullEffect::Follow(follow)) => Some(follow.clone()),
        _ => None,
    })
}

/// A version newer than any pushed before.
fn version() -> u64 {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    LAST.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1
}

/// The lobby's socket pushes the seeks `json` lists (as `GET /api/lobby`
/// has them).
pub(super) fn push_seeks(ui: &mut Ui, json: &str) -> Vec<Effect> {
    let seeks: api::Seeks = serde_json::from_str(json).expect("seeks");
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Seeks {
            version: version(),
            seeks: seeks.seeks,
        },
    ))))
}

/// The lobby's socket pushes the games in play `json` lists.
pub(super) fn push_live(ui: &mut Ui, json: &str) -> Vec<Effect> {
    let live: api::Live = serde_json::from_str(json).expect("games in play");
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Live {
            version: version(),
            games: live.games,
        },
    ))))
}

/// The lobby's socket pushes the person's games `json` lists.
pub(super) fn push_mine(ui: &mut Ui, json: &str) -> Vec<Effect> {
    let mine: api::MyGames = serde_json::from_str(json).expect("games");
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Mine { games: mine.games },
    ))))
}

/// Whether `fx` asks the server anything.
fn calls(fx: &[Effect]) -> bool {
    fx.iter()
        .any(|e| matches!(e, Effect::Full(FullEffect::Api(_))))
}

pub(super) fn booted() -> Ui {
    let mut ui = Ui::new();
    ui.update(boot::fresh_boot(3));
    ui
}

pub(super) fn lobby(ui: &Ui) -> LobbyView {
    ui.view().full.lobby.expect("the lobby's view")
}

pub(super) const SEEKS: &str = r#"{"seeks":[
  {"id":"s1","game":"turkish","clock":"3+2","rated":true,"side":"white","range":[1300,1700],
   "name":"ana","guest":false,"rating":{"value":1500,"provisional":true},
   "unrated_for_you":false},
  {"id":"s2","game":"classic","clock":null,"rated":false,"side":"random","range":null,
   "name":"Guest-0003","guest":true,"rating":null,"unrated_for_you":false}]}"#;

#[test]
fn the_lobby_lists_seeks_and_keeps_them_fresh() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    assert_eq!(ui.view().screen, "lobby");
    assert_eq!(asked(&fx, "api/me").map(|a| a.1), Some("GET"));
    // The lists come over the lobby's socket, not by asking.
    assert!(asked(&fx, "api/lobby").is_none());
    assert_eq!(
        follows(&fx),
        Some(Some(LobbyFollow {
            lobby: true,
            stats: true,
            ..LobbyFollow::default()
        }))
    );
    answer(&mut ui, &fx, "api/me", 200, r#"{"name":null}"#);
    push_seeks(&mut ui, SEEKS);
    let stats: api::Stats = serde_json::from_str(
        r#"{"games":{"classic":{"played":3,"white_wins":66.7,"black_wins":33.3,"draws":0.0}}}"#,
    )
    .expect("figures");
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Stats {
            version: version(),
            games: stats.games,
        },
    ))));
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

    // A new list replaces it as it is pushed, asking nothing; an older
    // one, late, is stale.
    let fx = push_seeks(&mut ui, r#"{"seeks":[]}"#);
    assert!(lobby(&ui).seeks.is_empty());
    assert!(!calls(&fx) && follows(&fx).is_none(), "{fx:?}");
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Seeks {
            version: 1,
            seeks: serde_json::from_str::<api::Seeks>(SEEKS)
                .expect("seeks")
                .seeks,
        },
    ))));
    assert!(lobby(&ui).seeks.is_empty(), "a stale list is dropped");
    // Reopened, the socket's lists come anew, whatever their versions.
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Open)));
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Seeks {
            version: 1,
            seeks: serde_json::from_str::<api::Seeks>(SEEKS)
                .expect("seeks")
                .seeks,
        },
    ))));
    assert_eq!(lobby(&ui).seeks.len(), 2);
    // Off the lobby, nothing is followed: the socket closes, and no timer
    // runs.
    let fx = ui.update(Action::Press(Button::Home));
    assert_eq!(follows(&fx), Some(None));
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::StartTimer { .. })),
        "no timer off the lobby: {fx:?}"
    );
}

#[test]
fn a_quick_pairing_found_while_playing_the_computer_seats_the_person() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
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
    let fx = answer(&mut ui, &fx, "api/quick", 200, r#"{"seek":"q1"}"#);
    assert_eq!(
        lobby(&ui).waiting.as_deref(),
        Some("Looking for an opponent: Qirkat, 1+0…")
    );
    assert_eq!(
        follows(&fx),
        Some(Some(LobbyFollow {
            lobby: true,
            stats: true,
            seek: Some("q1".into()),
            ..LobbyFollow::default()
        }))
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
        ui.shared.session.as_ref().map(|s| s.game.kind().as_str()),
        Some("qirkat")
    );

    // Off the lobby, the seek is still followed, alone; news of another
    // seek is not this one's.
    assert_eq!(
        ui.shared
            .whole
            .community
            .following
            .as_ref()
            .map(|(f, _)| f.clone()),
        Some(LobbyFollow {
            seek: Some("q1".into()),
            ..LobbyFollow::default()
        })
    );
    let fx = ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Paired {
            seek: "q0".into(),
            game: "g0".into(),
        },
    ))));
    assert!(!fx.contains(&Effect::Full(FullEffect::Connect)));
    let fx = ui.update(Action::Full(FullAction::Lobby(LobbyMsg::News(
        LobbyNews::Paired {
            seek: "q1".into(),
            game: "g9".into(),
        },
    ))));
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)), "{fx:?}");
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
        .shared
        .notice
        .as_deref()
        .is_some_and(|n| n.starts_with("Opponent found: Qirkat, 1+0.")));
    assert_eq!(lobby(&ui).waiting, None);
    // The notice stays until the game's first move.
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    hear(
        &mut ui,
        1.0,
        ServerMessage::Welcome {
            game: "g9".into(),
            role: Role::Black,
            token: None,
        },
    );
    hear(&mut ui, 2.0, snapshot(1, "qirkat"));
    assert!(ui.shared.notice.is_some());
    let first = engine::AnyGame::from_record_line("qirkat").expect("a game");
    let turn = first.entries()[0].turn;
    let mut moved = first.clone();
    moved.play(turn).expect("a legal move");
    hear(&mut ui, 3.0, snapshot(2, &moved.to_record_line()));
    assert_eq!(ui.shared.notice, None);
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
        &Refusal::WrongLogin.body(),
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
    // Signed in, the socket opens again as the account, whose games it
    // pushes as they change.
    assert!(ui
        .shared
        .whole
        .community
        .following
        .as_ref()
        .is_some_and(|(_, me)| me.as_deref() == Some("ana")));
    push_mine(
        &mut ui,
        r#"{"games":[{"id":"g2","game":"bell","side":"black","opponent":"bo",
            "your_turn":false,"left":90061000,"clock":"3d"}]}"#,
    );
    assert_eq!(
        lobby(&ui).mine[0].text,
        "Bell against bo · their turn · 1d 1h"
    );
    // A game begun in another browser: no token here, and none needed,
    // the server seats the account by its sign-in.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Resume(
        "g2".into(),
    ))));
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)));
    assert_eq!(
        ui.online_mirror().expect("as the test set it up").seat,
        Seat::watching("g2".into())
    );
    assert!(ui.shared.notice.is_none(), "{:?}", ui.shared.notice);
    ui.update(Action::Full(FullAction::Connection(ConnectionMsg::Open {
        now_ms: 0.0,
    })));
    hear(
        &mut ui,
        1.0,
        ServerMessage::Welcome {
            game: "g2".into(),
            role: Role::Black,
            token: None,
        },
    );
    let mirror = ui.online_mirror().expect("online");
    assert_eq!(mirror.side(), Some(engine::Side::Black));
    // Signed out, the same press only watches, and says why.
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(
        crate::api::ApiCall::Logout,
        Ok(crate::api::ApiReply::Me(api::Me::default())),
    ))));
    ui.update(Action::Press(Button::Lobby(LobbyButton::Resume(
        "g3".into(),
    ))));
    assert!(ui
        .shared
        .notice
        .as_deref()
        .expect("as the test set it up")
        .contains("another browser"));
}

#[test]
fn bad_answers_and_refusals_are_told_and_lose_nothing() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    push_seeks(&mut ui, SEEKS);
    // An unreadable answer leaves the lists as they were.
    answer(&mut ui, &fx, "api/me", 200, "<html>oops</html>");
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
        &Refusal::RatedNeedsAccount.body(),
    );
    let view = lobby(&ui);
    assert_eq!(view.waiting, None);
    assert_eq!(
        view.error.as_deref(),
        Some("Rated games are for players with an account: log in or register.")
    );
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
    // A pairing's answer with no seek waiting is ignored.
    let stray = crate::api::ApiCall::SeekState("s9".into());
    let reply = crate::api::decode(&stray, 200, r#"{"state":"paired","game":"x"}"#);
    assert!(ui
        .update(Action::Full(FullAction::Lobby(LobbyMsg::Api(stray, reply))))
        .is_empty());
    assert!(!ui.is_online());
    // A guest name that cannot be one is refused, and the old one kept.
    ui.update(Action::Press(Button::Lobby(LobbyButton::Guest(
        "<b>".into(),
    ))));
    assert_eq!(lobby(&ui).guest, "Guest-0003");
}

#[test]
fn accepting_a_seek_and_withdrawing_one_ask_the_server() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    push_seeks(&mut ui, SEEKS);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    let (_, method, body) = asked(&fx, "api/seeks/s1/accept").expect("an acceptance");
    assert_eq!(method, "POST");
    assert!(body.expect("as the test set it up").contains("\"token\""));
    let fx = answer(&mut ui, &fx, "api/seeks/s1/accept", 200, r#"{"game":"g5"}"#);
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)));
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
