//! Players in public and one's own account, through [`Ui::update`] and
//! [`Ui::view`]: a player's page and a game opened from it in review, the
//! leaderboards, and the password changed and the account deleted.

use super::lobby_tests::{answer, asked, booted, lobby};
use super::*;

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
          {"name":"Ana","standing":{"rating":{"value":1662,"provisional":true},"deviation":290,"games":1}},
          {"name":"Bob","standing":{"rating":{"value":1338,"provisional":false},"deviation":90,"games":12}}]}"#,
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
    let refused = answer(
        &mut ui,
        &fx,
        "api/players/Ana%20B",
        404,
        &online_play::api::Refusal::NoSuchPlayer.body(),
    );
    assert!(refused.is_empty());
    assert_eq!(
        ui.shared.notice.as_deref(),
        Some("No player has that name.")
    );

    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Player(
        "Ana".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/players/Ana",
        200,
        r#"{"name":"Ana","ratings":{"classic":{"rating":{"value":1662,"provisional":true},
          "deviation":290,"games":1}},
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
    assert!(ui.view().full.review.is_some(), "the game is in review");
    assert_eq!(
        ui.shared.session.as_ref().map(|s| s.game.to_record_line()),
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
        Some(r#"{"password":"wrong one","new_password":"battery staple"}"#)
    );
    answer(
        &mut ui,
        &fx,
        "api/account/password",
        403,
        &online_play::api::Refusal::WrongPassword.body(),
    );
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
        .shared
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
        ui.shared.notice.as_deref(),
        Some("The account and its data are deleted.")
    );
}
