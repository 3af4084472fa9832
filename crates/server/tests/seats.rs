//! A signed-in player's seat is their account's: signing in on another
//! browser lets them play their games there, with no seat token; both
//! devices play at once and a move played twice is refused once. A
//! guest's seat stays with its browser.

mod common;

use online_play::{ErrorCode, EventBody, Role, ServerMessage};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A game socket opened with `browser`'s cookies.
async fn socket_of(browser: &common::Browser) -> common::Socket {
    let mut request = format!("ws://{}/ws", browser.addr)
        .into_client_request()
        .expect("a request");
    let cookies: Vec<String> = [
        ("alq_session", &browser.cookie),
        ("alq_device", &browser.device),
    ]
    .into_iter()
    .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={v}")))
    .collect();
    if !cookies.is_empty() {
        request
            .headers_mut()
            .insert("Cookie", cookies.join("; ").parse().expect("a header"));
    }
    tokio_tungstenite::connect_async(request)
        .await
        .expect("a socket")
        .0
}

/// Says hello to `game` without a seat token; the role welcomed.
async fn enter(ws: &mut common::Socket, game: &str) -> Role {
    let welcome = common::hello(ws, game, None, None, None).await;
    common::welcomed_as(&welcome).unwrap_or_else(|| panic!("{welcome:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_seat_follows_it_to_another_browser() {
    let addr = common::start().await;
    let mut ana = common::account(addr, "ana").await;
    let mut bob = common::account(addr, "bob").await;
    let seek = ana
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"3d","rated":false,"side":"white","#,
        )
        .await;
    assert_eq!(seek.status, 200, "{}", seek.body);
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    let accepted = bob.post(&format!("/api/seeks/{id}/accept"), "").await;
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let (mut first, role) = ana.sit(addr, &game).await;
    assert_eq!(role, Role::White);
    let (mut black, _) = bob.sit(addr, &game).await;
    common::play_opening(&mut first, &mut black, 2).await;

    // Ana signs in on her phone: no token there, her seat all the same.
    let mut phone = common::Browser::new(addr);
    let login = phone
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"ana","password":"a long password"}"#,
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    let mut second = socket_of(&phone).await;
    assert_eq!(enter(&mut second, &game).await, Role::White);
    // She moves from the phone; the first browser and Bob hear it.
    let seen = loop {
        if let ServerMessage::Snapshot(s) = common::next(&mut second).await {
            break engine::AnyGame::from_record_line(&s.record).expect("a record");
        }
    };
    assert_eq!(seen.ply(), 2);
    let turn = seen.entries()[0].turn;
    let text = seen.turn_coordinates(turn);
    common::send(&mut second, &common::mv(2, &text)).await;
    common::event(&mut first, |b| matches!(b, EventBody::Moved { ply: 2, .. })).await;
    common::event(&mut black, |b| matches!(b, EventBody::Moved { ply: 2, .. })).await;
    // The same move again from the first browser: refused, played once.
    common::send(&mut first, &common::mv(2, &text)).await;
    let refused = common::next_where(&mut first, |m| common::error_code(m).is_some()).await;
    assert_eq!(common::error_code(&refused), Some(ErrorCode::StalePly));

    // Someone else signed in watches; so does a browser signed out.
    let cem = common::account(addr, "cem").await;
    let mut theirs = socket_of(&cem.browser).await;
    assert_eq!(enter(&mut theirs, &game).await, Role::Spectator);
    let mut nobody = socket_of(&common::Browser::new(addr)).await;
    assert_eq!(enter(&mut nobody, &game).await, Role::Spectator);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_seat_stays_with_its_browser() {
    let addr = common::start().await;
    let mut guest = common::guest(addr, "Visitor");
    let mut bob = common::account(addr, "bob").await;
    let seek = guest
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"3d","rated":false,"side":"white","#,
        )
        .await;
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    let accepted = bob.post(&format!("/api/seeks/{id}/accept"), "").await;
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let (_, role) = guest.sit(addr, &game).await;
    assert_eq!(role, Role::White);
    // Another browser of the same address, no token: a spectator.
    let mut other = socket_of(&common::Browser::new(addr)).await;
    assert_eq!(enter(&mut other, &game).await, Role::Spectator);
    // Bob's own seat follows his account.
    let mut phone = common::Browser::new(addr);
    let login = phone
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"bob","password":"a long password"}"#,
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    let mut his = socket_of(&phone).await;
    assert_eq!(enter(&mut his, &game).await, Role::Black);
}
