//! The Watch screen and the home screen's lists, through [`Ui::update`]
//! and [`Ui::view`]: the games in play pushed over the lobby's socket, the
//! light page handing these screens to the whole app's, and a kept
//! account's games and the site's figures on the home screen.

use online_play::api::LobbyFollow;

use crate::online_state::Seat;

use super::lobby_tests::{answer, asked, booted, follows, lobby, push_live};
use super::*;

#[test]
fn the_watch_screen_lists_games_in_play_and_opens_one() {
    let mut ui = booted();
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Watch)));
    assert_eq!(ui.view().screen, "live");
    assert_eq!(
        follows(&fx),
        Some(Some(LobbyFollow {
            live: true,
            ..LobbyFollow::default()
        }))
    );
    push_live(
        &mut ui,
        r#"{"games":[{"id":"g1","game":"chesquerque","rated":true,
          "white":{"name":"ana","rating":{"value":1510,"provisional":false},"online":true},
          "black":{"name":"bo","rating":{"value":1490,"provisional":true},"online":true},
          "clock":{"control":"3+2","left":[161000,182000],"running":"white"},
          "ply":12,"spectators":3,"featured":true},
          {"id":"g2","game":"classic","rated":false,
          "white":{"name":"~Gus","rating":null,"online":true},
          "black":{"name":"hal","rating":null,"online":true},
          "clock":null,"ply":2,"spectators":0,"featured":false}]}"#,
    );
    let row = &lobby(&ui).live[0];
    assert!(row.featured);
    assert_eq!(row.players, "ana (1510) – bo (1490?)");
    // A guest never passes for an account.
    assert_eq!(lobby(&ui).live[1].players, "Gus (guest) – hal");
    assert_eq!(row.what, "Chesquerque · 3+2 · rated");
    assert_eq!(row.clock, "2:41 – 3:02");
    assert_eq!(row.more, "12 turns played · 3 watching");
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::WatchGame(
        "g1".into(),
    ))));
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)));
    assert_eq!(
        ui.online_mirror().expect("as the test set it up").seat,
        Seat::watching("g1".into())
    );
}

#[test]
fn the_light_page_opens_the_lobby_and_the_watch_screen_on_the_whole_apps_page() {
    let mut ui = Ui::light();
    ui.update(boot::fresh_boot(3));
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    assert_eq!(fx, vec![Effect::Navigate("?lobby".into())]);
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Watch)));
    assert_eq!(fx, vec![Effect::Navigate("?live".into())]);
    assert!(ui.view().full.lobby.is_none());
}

#[test]
fn a_kept_account_brings_its_games_and_the_sites_figures_to_the_home_screen() {
    let Action::Boot(boot) = boot::fresh_boot(3) else {
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
fn offline_the_lobby_says_so_once_and_forgets_it_when_the_network_returns() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    assert_eq!(lobby(&ui).error, None);
    let offline = Action::Full(FullAction::Lobby(LobbyMsg::Offline));
    let fx = ui.update(offline.clone());
    assert!(
        !fx.iter()
            .any(|e| matches!(e, Effect::Full(FullEffect::Api(_)))),
        "{fx:?}"
    );
    let said = ui.view().full.lobby.expect("the lobby").error;
    assert_eq!(
        said.as_deref(),
        Some("You are offline: online play comes back with the network.")
    );
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Online)));
    assert_eq!(ui.view().full.lobby.expect("the lobby").error, None);
    // Another error stays.
    ui.shared.whole.community.error = Some("The server refused.".into());
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Online)));
    assert!(ui.view().full.lobby.expect("the lobby").error.is_some());
}
