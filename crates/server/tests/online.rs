//! The whole online flow over real sockets on 127.0.0.1: create, join by
//! code, two spectators, moves, suggestions, reconnect with the last event
//! seen, and every rejection with its exact error or close code.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use protocol::{decode_server, ClientMessage, ErrorCode, EventBody, MoveText, Role, ServerMessage};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn start() -> std::net::SocketAddr {
    start_with(30).await
}

async fn start_with(per_minute: u32) -> std::net::SocketAddr {
    let dir = std::env::temp_dir().join(format!(
        "alq-online-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("a directory");
    let mut config = alquerque_server::Config::new(
        ([127, 0, 0, 1], 0).into(),
        &dir.join("games.db").to_string_lossy(),
    );
    config.origins = vec!["https://games.example".to_string()];
    config.claim_after = Duration::from_secs(1);
    config.per_minute = per_minute;
    let (addr, _handle) = alquerque_server::serve(config).await.expect("serves");
    addr
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A plain HTTP request; the status code and body.
async fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("reads");
    let status = response[9..12].parse().expect("a status");
    let body = response
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (status, body)
}

struct Created {
    id: String,
    code: String,
    token: String,
}

async fn create(addr: std::net::SocketAddr, game: &str, suggestions: bool) -> Created {
    let (status, body) = http(
        addr,
        "POST",
        "/api/games",
        &format!(r#"{{"game":"{game}","side":"white","suggestions":{suggestions}}}"#),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    Created {
        id: v["id"].as_str().expect("id").to_string(),
        code: v["code"].as_str().expect("code").to_string(),
        token: v["token"].as_str().expect("token").to_string(),
    }
}

async fn open(addr: std::net::SocketAddr) -> Socket {
    connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("a socket")
        .0
}

async fn send(ws: &mut Socket, message: &ClientMessage) {
    ws.send(Message::Text(message.to_text().into()))
        .await
        .expect("sent");
}

/// The next server message other than presence news (failing after a few
/// seconds of silence).
async fn next(ws: &mut Socket) -> ServerMessage {
    loop {
        let message = next_any(ws).await;
        if !matches!(
            message,
            ServerMessage::Presence(_) | ServerMessage::OpponentGone { .. }
        ) {
            return message;
        }
    }
}

/// The next message that `pick` accepts, skipping others.
async fn next_where(ws: &mut Socket, pick: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
    loop {
        let message = next_any(ws).await;
        if pick(&message) {
            return message;
        }
    }
}

/// The next server message of any kind.
async fn next_any(ws: &mut Socket) -> ServerMessage {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("an answer in time")
            .expect("the socket is open")
            .expect("a frame");
        if let Message::Text(text) = frame {
            return decode_server(&text).expect("a server message");
        }
    }
}

/// The close code the server ends the socket with.
async fn closed_with(ws: &mut Socket) -> Option<CloseCode> {
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| f.code),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

async fn hello(
    ws: &mut Socket,
    game: &str,
    token: Option<&str>,
    code: Option<&str>,
    last_v: Option<u64>,
) -> ServerMessage {
    send(
        ws,
        &ClientMessage::Hello {
            game: game.to_string(),
            token: token.map(str::to_string),
            code: code.map(str::to_string),
            last_v,
        },
    )
    .await;
    next(ws).await
}

fn mv(ply: u32, turn: &str) -> ClientMessage {
    ClientMessage::Move(MoveText {
        ply,
        turn: turn.to_string(),
    })
}

fn error_code(message: &ServerMessage) -> Option<ErrorCode> {
    match message {
        ServerMessage::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[tokio::test]
async fn two_players_and_two_spectators_play_a_game() {
    let addr = start().await;
    assert_eq!(
        http(addr, "GET", "/health", "").await,
        (200, "ok".to_string())
    );
    let game = create(addr, "classic", true).await;

    let mut white = open(addr).await;
    let welcome = hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert!(
        matches!(
            welcome,
            ServerMessage::Welcome {
                role: Role::White,
                ..
            }
        ),
        "{welcome:?}"
    );
    assert!(matches!(
        next(&mut white).await,
        ServerMessage::Snapshot(protocol::Snapshot { v: 1, .. })
    ));

    // The friend types the code in lower case without the dash.
    let mut black = open(addr).await;
    let typed = game.code.replace('-', "").to_lowercase();
    let welcome = hello(&mut black, &game.id, None, Some(&typed), None).await;
    let ServerMessage::Welcome {
        role: Role::Black,
        token: Some(black_token),
        ..
    } = welcome
    else {
        panic!("{welcome:?}");
    };
    assert!(matches!(
        next(&mut black).await,
        ServerMessage::Snapshot(protocol::Snapshot { v: 2, .. })
    ));
    assert!(matches!(
        next(&mut white).await,
        ServerMessage::Event(e) if e.v == 2 && e.body == EventBody::Joined { side: Role::Black }
    ));
    // The code is spent.
    let mut late = open(addr).await;
    let refused = hello(&mut late, &game.id, None, Some(&game.code), None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::BadCode));

    let mut watchers = Vec::new();
    for _ in 0..2 {
        let mut w = open(addr).await;
        let welcome = hello(&mut w, &game.id, None, None, None).await;
        assert!(matches!(
            welcome,
            ServerMessage::Welcome {
                role: Role::Spectator,
                ..
            }
        ));
        assert!(matches!(next(&mut w).await, ServerMessage::Snapshot(_)));
        watchers.push(w);
    }

    // Rejections, each with its code; the socket stays open.
    send(&mut black, &mv(0, "c4-c3")).await;
    assert_eq!(
        error_code(&next(&mut black).await),
        Some(ErrorCode::NotYourTurn)
    );
    send(&mut watchers[0], &mv(0, "c2-c3")).await;
    assert_eq!(
        error_code(&next(&mut watchers[0]).await),
        Some(ErrorCode::Spectator)
    );
    send(&mut white, &mv(0, "c2-c4")).await;
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::IllegalMove)
    );
    send(&mut white, &mv(5, "c2-c3")).await;
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::StalePly)
    );
    white
        .send(Message::Text("{\"type\":".into()))
        .await
        .expect("sent");
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::Malformed)
    );

    // A spectator suggests; White, on move, sees the tally.
    send(
        &mut watchers[1],
        &ClientMessage::Suggest(MoveText {
            ply: 0,
            turn: "d2-c3".into(),
        }),
    )
    .await;
    assert!(
        matches!(next(&mut white).await, ServerMessage::Suggestions { ply: 0, ref list } if list[0].turn == "d2-c3")
    );

    send(&mut white, &mv(0, "c2-c3")).await;
    assert_eq!(next(&mut white).await, ServerMessage::Ack { ply: 0 });
    let [w0, w1] = &mut watchers[..] else {
        panic!("two watchers");
    };
    for ws in [&mut white, &mut black, w0, w1] {
        let event = next(ws).await;
        assert!(
            matches!(&event, ServerMessage::Event(e) if e.v == 3 && matches!(&e.body, EventBody::Moved { ply: 0, turn } if turn == "c2-c3")),
            "{event:?}"
        );
    }

    // Black reconnects with its token and the last event it saw.
    drop(black);
    let mut black = open(addr).await;
    let welcome = hello(&mut black, &game.id, Some(&black_token), None, Some(2)).await;
    assert!(matches!(
        welcome,
        ServerMessage::Welcome {
            role: Role::Black,
            token: None,
            ..
        }
    ));
    assert!(matches!(next(&mut black).await, ServerMessage::Event(e) if e.v == 3));

    // A wrong token is refused and the socket closed.
    let mut thief = open(addr).await;
    let refused = hello(&mut thief, &game.id, Some("0123"), None, None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::WrongToken));
    assert_eq!(closed_with(&mut thief).await, Some(CloseCode::Policy));

    send(&mut black, &ClientMessage::Resign).await;
    for ws in [&mut white, &mut black] {
        let event = next(ws).await;
        assert!(
            matches!(&event, ServerMessage::Event(e) if matches!(&e.body, EventBody::Ended { result, reason } if result == "1-0" && reason == "resignation")),
            "{event:?}"
        );
    }
    send(&mut white, &mv(1, "c4xc2")).await;
    assert_eq!(
        error_code(&next(&mut white).await),
        Some(ErrorCode::GameOver)
    );
}

#[tokio::test]
async fn abuse_closes_the_socket_with_its_code() {
    let addr = start().await;
    let game = create(addr, "qirkat", false).await;

    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    ws.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .expect("sent");
    assert_eq!(
        error_code(&next(&mut ws).await),
        Some(ErrorCode::BinaryFrame)
    );
    assert_eq!(closed_with(&mut ws).await, Some(CloseCode::Unsupported));

    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    let big = format!(r#"{{"type":"move","ply":0,"turn":"{}"}}"#, "x".repeat(3000));
    ws.send(Message::Text(big.into())).await.expect("sent");
    assert_eq!(error_code(&next(&mut ws).await), Some(ErrorCode::TooLarge));
    assert_eq!(closed_with(&mut ws).await, Some(CloseCode::Size));

    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    for _ in 0..40 {
        if ws
            .send(Message::Text(ClientMessage::OfferDraw.to_text().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut flooded = false;
    while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        if let Message::Close(Some(close)) = frame {
            flooded = close.code == CloseCode::Policy;
            break;
        }
    }
    assert!(flooded, "flooding closes with 1008");

    // Something other than hello first.
    let mut ws = open(addr).await;
    send(&mut ws, &ClientMessage::Ping).await;
    assert_eq!(
        error_code(&next(&mut ws).await),
        Some(ErrorCode::HelloFirst)
    );
    assert_eq!(closed_with(&mut ws).await, Some(CloseCode::Policy));

    // An unknown game.
    let mut ws = open(addr).await;
    let refused = hello(&mut ws, "nosuchgame", None, None, None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::UnknownGame));

    // A foreign origin may not open a socket; a configured one may.
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("origin", "https://evil.example".parse().expect("a header"));
    assert!(
        connect_async(request).await.is_err(),
        "a foreign origin is refused"
    );
    let mut request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("origin", "https://games.example".parse().expect("a header"));
    assert!(
        connect_async(request).await.is_ok(),
        "a configured origin is let in"
    );

    // Bad requests to create a game.
    assert_eq!(http(addr, "POST", "/api/games", "{").await.0, 400);
    assert_eq!(
        http(addr, "POST", "/api/games", r#"{"game":"chess"}"#)
            .await
            .0,
        400
    );
}

#[tokio::test]
async fn presence_claims_and_joining_by_the_code_alone() {
    let addr = start().await;
    let game = create(addr, "bell", false).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;

    // The friend has only the code.
    let mut black = open(addr).await;
    let welcome = hello(&mut black, "", None, Some(&game.code), None).await;
    assert!(
        matches!(&welcome, ServerMessage::Welcome { game: id, role: Role::Black, token: Some(_) } if *id == game.id),
        "{welcome:?}"
    );
    let both = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && p.black);
    next_where(&mut white, both).await;

    // Black leaves: White hears it, and may claim once the time is up.
    drop(black);
    let gone = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && !p.black);
    next_where(&mut white, gone).await;
    let countdown = next_where(&mut white, |m| {
        matches!(m, ServerMessage::OpponentGone { .. })
    })
    .await;
    assert!(
        matches!(countdown, ServerMessage::OpponentGone { seconds } if seconds <= 1),
        "{countdown:?}"
    );
    send(&mut white, &ClientMessage::Claim { draw: false }).await;
    assert_eq!(error_code(&next(&mut white).await), Some(ErrorCode::NotNow));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut white, &ClientMessage::Claim { draw: false }).await;
    let ended = next(&mut white).await;
    assert!(
        matches!(&ended, ServerMessage::Event(e) if matches!(&e.body, EventBody::Ended { result, reason } if result == "1-0" && reason == "opponent left")),
        "{ended:?}"
    );

    // An unknown code alone is refused.
    let mut ws = open(addr).await;
    let refused = hello(&mut ws, "", None, Some("ZZZ-ZZZ"), None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::BadCode));
}

#[tokio::test]
async fn one_address_may_create_and_join_only_so_often() {
    let addr = start_with(3).await;
    for _ in 0..3 {
        create(addr, "classic", false).await;
    }
    let (status, _) = http(addr, "POST", "/api/games", r#"{"game":"classic"}"#).await;
    assert_eq!(status, 429);
    for attempt in 0..4 {
        let mut ws = open(addr).await;
        let refused = hello(&mut ws, "", None, Some("ZZZ-ZZZ"), None).await;
        let expected = if attempt < 3 {
            ErrorCode::BadCode
        } else {
            ErrorCode::TooMany
        };
        assert_eq!(error_code(&refused), Some(expected));
    }
}
