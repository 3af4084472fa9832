//! The lobby pushed over its socket: a page that follows the seeks hears
//! one posted and withdrawn without asking; a seeker that follows its seek
//! hears it paired; a signed-in page hears its own games; across two
//! processes on PostgreSQL as on one; and a page that floods or speaks
//! nonsense is closed.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use futures_util::{SinkExt, StreamExt};
use online_play::api::{LobbyFollow, LobbyNews};
use tokio_tungstenite::tungstenite::Message;

/// A page's lobby socket, following `follow`.
async fn follower(addr: SocketAddr, follow: &LobbyFollow) -> Socket {
    let mut ws = tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/socket"))
        .await
        .expect("a socket")
        .0;
    say(&mut ws, follow).await;
    ws
}

async fn say(ws: &mut Socket, follow: &LobbyFollow) {
    let text = serde_json::to_string(follow).expect("writes");
    ws.send(Message::Text(text.into())).await.expect("sent");
}

/// The next news `pick` accepts, within a few seconds.
async fn news_where(ws: &mut Socket, pick: impl Fn(&LobbyNews) -> bool) -> LobbyNews {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("news in time")
            .expect("the socket is open")
            .expect("a frame");
        let Message::Text(text) = frame else {
            continue;
        };
        let news: LobbyNews = serde_json::from_str(&text).expect("news reads");
        if pick(&news) {
            return news;
        }
    }
}

/// The seeks of the next list that `pick` accepts.
async fn seeks_where(
    ws: &mut Socket,
    pick: impl Fn(&[online_play::api::Seek]) -> bool,
) -> Vec<online_play::api::Seek> {
    match news_where(
        ws,
        |n| matches!(n, LobbyNews::Seeks { seeks, .. } if pick(seeks)),
    )
    .await
    {
        LobbyNews::Seeks { seeks, .. } => seeks,
        _ => unreachable!("picked"),
    }
}

/// Nothing but pings within `wait`.
async fn quiet(ws: &mut Socket, wait: Duration) -> bool {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Err(_) => return true,
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            Ok(_) => return false,
        }
    }
}

/// Posts a seek from a guest's browser; its id.
async fn post_seek(browser: &mut Browser, token: &str, name: &str) -> String {
    let body = format!(
        r#"{{"game":"classic","clock":"3+2","side":"white","token":"{token}","name":"{name}"}}"#
    );
    let reply = browser.call("POST", "/api/seeks", &body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["id"].as_str().expect("an id").to_string()
}

fn lobby() -> LobbyFollow {
    LobbyFollow {
        lobby: true,
        stats: true,
        ..LobbyFollow::default()
    }
}

#[tokio::test]
async fn a_seek_reaches_open_pages_and_its_seeker_hears_it_paired() {
    let addr = start_on(&fresh_database(), 100).await;
    let mut watcher = follower(addr, &lobby()).await;
    assert!(seeks_where(&mut watcher, |s| s.is_empty()).await.is_empty());
    news_where(&mut watcher, |n| matches!(n, LobbyNews::Stats { .. })).await;

    let mut ana = Browser::new(addr);
    let token = alquerque_server::ids::seat_token();
    let id = post_seek(&mut ana, &token, "Ana").await;
    let seeks = seeks_where(&mut watcher, |s| !s.is_empty()).await;
    assert_eq!(
        (seeks[0].id.as_str(), seeks[0].name.as_str()),
        (id.as_str(), "Ana")
    );

    // Ana's page follows her seek; Bob takes it over HTTP.
    let mut seeker = follower(
        addr,
        &LobbyFollow {
            seek: Some(id.clone()),
            ..lobby()
        },
    )
    .await;
    let mut bob = Browser::new(addr);
    let body = format!(
        r#"{{"token":"{}","name":"Bob"}}"#,
        alquerque_server::ids::seat_token()
    );
    let accepted = bob
        .call("POST", &format!("/api/seeks/{id}/accept"), &body)
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let paired = news_where(&mut seeker, |n| matches!(n, LobbyNews::Paired { .. })).await;
    assert_eq!(
        paired,
        LobbyNews::Paired {
            seek: id.clone(),
            game
        }
    );
    // The seek leaves everyone's list.
    assert!(seeks_where(&mut watcher, |s| s.is_empty()).await.is_empty());

    // A quiet lobby sends nothing more.
    assert!(quiet(&mut watcher, Duration::from_millis(2500)).await);

    // A seek that is not there is told gone at once.
    let mut lost = follower(
        addr,
        &LobbyFollow {
            seek: Some("nosuchseek".into()),
            ..LobbyFollow::default()
        },
    )
    .await;
    let gone = news_where(&mut lost, |n| matches!(n, LobbyNews::SeekGone { .. })).await;
    assert_eq!(
        gone,
        LobbyNews::SeekGone {
            seek: "nosuchseek".into()
        }
    );
}

#[tokio::test]
async fn a_withdrawn_seek_leaves_and_a_signed_in_page_hears_its_games() {
    let addr = start_on(&fresh_database(), 100).await;
    let mut ana = Browser::new(addr);
    ana.registers(r#"{"name":"ana","password":"a long password"}"#)
        .await;
    let token = alquerque_server::ids::seat_token();
    let id = post_seek(&mut ana, &token, "ana").await;
    let mut watcher = follower(addr, &lobby()).await;
    assert_eq!(seeks_where(&mut watcher, |s| !s.is_empty()).await.len(), 1);
    let body = format!(r#"{{"token":"{token}"}}"#);
    let withdrawn = ana
        .call("POST", &format!("/api/seeks/{id}/withdraw"), &body)
        .await;
    assert_eq!(withdrawn.status, 200, "{}", withdrawn.body);
    assert!(seeks_where(&mut watcher, |s| s.is_empty()).await.is_empty());

    // Ana's own page, signed in: her games in progress, none yet.
    let cookie = format!("alq_session={}", ana.cookie.clone().expect("signed in"));
    let request = format!("ws://{addr}/api/lobby/socket")
        .into_client_request_with_cookie(&cookie)
        .expect("a request");
    let mut mine = tokio_tungstenite::connect_async(request)
        .await
        .expect("a socket")
        .0;
    say(&mut mine, &lobby()).await;
    let games = news_where(&mut mine, |n| matches!(n, LobbyNews::Mine { .. })).await;
    assert_eq!(games, LobbyNews::Mine { games: Vec::new() });
}

#[tokio::test]
async fn a_page_that_floods_or_speaks_nonsense_is_closed() {
    let addr = start_on(&fresh_database(), 100).await;
    let mut nonsense = follower(addr, &lobby()).await;
    nonsense
        .send(Message::Text("{\"lobby\":\"yes please\"}".into()))
        .await
        .expect("sent");
    assert!(closes(&mut nonsense).await, "nonsense ends the socket");
    let mut flood = follower(addr, &lobby()).await;
    for _ in 0..20 {
        if flood
            .send(Message::Text(
                serde_json::to_string(&lobby()).expect("writes").into(),
            ))
            .await
            .is_err()
        {
            break;
        }
    }
    assert!(closes(&mut flood).await, "a flood ends the socket");
}

/// Whether the socket closes within a few seconds.
async fn closes(ws: &mut Socket) -> bool {
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Err(_) => return false,
            Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return true,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

#[tokio::test]
async fn a_seek_posted_through_one_process_reaches_a_page_on_another() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("lobby_push").await;
    let here = start_on(&url, 100).await;
    let there = start_on(&url, 100).await;
    let mut watcher = follower(here, &lobby()).await;
    assert!(seeks_where(&mut watcher, |s| s.is_empty()).await.is_empty());
    let mut ana = Browser::new(there);
    let id = post_seek(&mut ana, &alquerque_server::ids::seat_token(), "Ana").await;
    let seeks = seeks_where(&mut watcher, |s| !s.is_empty()).await;
    assert_eq!(seeks[0].id, id);
}

/// A websocket request carrying a cookie.
trait WithCookie {
    fn into_client_request_with_cookie(
        self,
        cookie: &str,
    ) -> Option<tokio_tungstenite::tungstenite::handshake::client::Request>;
}

impl WithCookie for String {
    fn into_client_request_with_cookie(
        self,
        cookie: &str,
    ) -> Option<tokio_tungstenite::tungstenite::handshake::client::Request> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = self.into_client_request().ok()?;
        request.headers_mut().insert("Cookie", cookie.parse().ok()?);
        Some(request)
    }
}
