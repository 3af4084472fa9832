//! What an outside test of the server found, each fixed and shown here:
//! hostile frames get their documented errors, pings are limited like any
//! message, and a player whose network vanished without a word is closed
//! after a silence, so the opponent may claim.

mod common;

use std::time::Duration;

use common::*;
use futures_util::SinkExt;
use online_play::{ClientMessage, EndReason, ErrorCode, EventBody, GameResult, ServerMessage};
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// A text frame whose bytes are not UTF-8.
fn not_utf8() -> Message {
    Message::Frame(Frame::message(
        vec![b'{', 0xff, 0xfe, b'}'],
        OpCode::Data(Data::Text),
        true,
    ))
}

#[tokio::test]
async fn oversized_and_undecodable_frames_get_their_errors() {
    let addr = start().await;
    let game = create(addr, "classic", false).await;
    let huge = Message::Text("x".repeat(70 * 1024).into());

    // Over 64 KiB, before and after the hello: `too_large`, closed 1009.
    for after_hello in [false, true] {
        let mut ws = open(addr).await;
        if after_hello {
            hello(&mut ws, &game.id, Some(&game.token), None, None).await;
            assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
        }
        ws.send(huge.clone()).await.expect("sent");
        let (error, close) = refusal(&mut ws).await;
        assert_eq!(error, Some(ErrorCode::TooLarge), "{after_hello}");
        // Closed with 1009, unless the unread rest of the frame made the
        // server's side reset the connection first.
        assert!(matches!(close, Some(CloseCode::Size) | None), "{close:?}");
    }

    // Not UTF-8, before and after the hello: `malformed`.
    for after_hello in [false, true] {
        let mut ws = open(addr).await;
        if after_hello {
            hello(&mut ws, &game.id, Some(&game.token), None, None).await;
            assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
        }
        ws.send(not_utf8()).await.expect("sent");
        let (error, _) = refusal(&mut ws).await;
        assert_eq!(error, Some(ErrorCode::Malformed), "{after_hello}");
    }
}

#[tokio::test]
async fn pings_are_limited_like_any_message() {
    let addr = start().await;
    let game = create(addr, "classic", false).await;
    // The page's pace, one every 3 s and more, is fine.
    let mut ws = open(addr).await;
    hello(&mut ws, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut ws).await, ServerMessage::Snapshot(_)));
    for _ in 0..3 {
        send(&mut ws, &ClientMessage::Ping).await;
        assert_eq!(
            next_where(&mut ws, |m| *m == ServerMessage::Pong).await,
            ServerMessage::Pong
        );
    }
    // A flood of the protocol's pings, or of websocket pings, is closed.
    for websocket in [false, true] {
        let mut ws = open(addr).await;
        hello(&mut ws, &game.id, Some(&game.token), None, None).await;
        for _ in 0..20 {
            let ping = if websocket {
                Message::Ping(vec![1].into())
            } else {
                Message::Text(ClientMessage::Ping.to_text().into())
            };
            if ws.send(ping).await.is_err() {
                break;
            }
        }
        let (error, close) = refusal(&mut ws).await;
        assert_eq!(error, Some(ErrorCode::Flooding), "{websocket}");
        assert!(matches!(close, Some(CloseCode::Policy) | None), "{close:?}");
    }
}

/// The error and close code a refused socket ends with, reading what it
/// can (the server may reset a connection that still had unread frames).
async fn refusal(ws: &mut Socket) -> (Option<ErrorCode>, Option<CloseCode>) {
    use futures_util::StreamExt;
    let mut error = None;
    while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        match frame {
            Message::Text(text) => {
                if let Ok(message) = online_play::decode_server(&text) {
                    error = error.or(error_code(&message));
                }
            }
            Message::Close(close) => return (error, close.map(|c| c.code)),
            _ => {}
        }
    }
    (error, None)
}

#[tokio::test]
async fn a_silent_player_is_closed_and_the_opponent_may_claim() {
    let addr = start_adjusted(&fresh_database(), |config| {
        config.silent_after = Duration::from_secs(1);
    })
    .await;
    let game = create(addr, "classic", false).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(addr).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    let both = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && p.black);
    next_where(&mut white, both).await;

    // White keeps pinging, as the page does; Black's network is gone
    // (nothing is read or sent, and no close ever comes). Once Black shows
    // away and the claim delay has passed, White claims.
    let mut away_at = None;
    let mut ended = None;
    for _ in 0..40 {
        send(&mut white, &ClientMessage::Ping).await;
        let until = tokio::time::Instant::now() + Duration::from_millis(250);
        while let Some(message) = try_next(&mut white, until - tokio::time::Instant::now()).await {
            match &message {
                ServerMessage::Presence(p) if p.white && !p.black => {
                    away_at.get_or_insert(tokio::time::Instant::now());
                }
                ServerMessage::Event(e) if matches!(e.body, EventBody::Ended { .. }) => {
                    ended = Some(message.clone());
                }
                _ => {}
            }
        }
        if ended.is_some() {
            break;
        }
        if away_at.is_some_and(|at| at.elapsed() > Duration::from_millis(1200)) {
            send(&mut white, &ClientMessage::Claim { draw: false }).await;
        }
    }
    assert!(away_at.is_some(), "White hears that Black is away");
    assert!(
        matches!(&ended, Some(ServerMessage::Event(e)) if matches!(&e.body, EventBody::Ended { result: GameResult::WhiteWins, reason: EndReason::OpponentLeft })),
        "{ended:?}"
    );
    assert_eq!(closed_with(&mut black).await, Some(CloseCode::Away));
}

#[tokio::test]
async fn sigterm_closes_sockets_properly_and_stops_in_bounded_time() {
    use tokio::io::AsyncWriteExt;

    let (mut server, addr, log) = spawn_server_with(&fresh_database(), &[]).await;
    let game = create(addr, "classic", false).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert!(matches!(next(&mut white).await, ServerMessage::Snapshot(_)));
    // A request that stalls: its body never comes.
    let mut stalled = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    stalled
        .write_all(
            format!(
                "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 100\r\n\r\n{{\"ga"
            )
            .as_bytes(),
        )
        .await
        .expect("writes");

    let asked = std::time::Instant::now();
    let pid = server.id().expect("running").to_string();
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // The player's socket gets a close frame: the server is going away.
    assert_eq!(closed_with(&mut white).await, Some(CloseCode::Away));
    assert!(
        logged(&log, &["disconnected", &game.id]).await.is_some(),
        "the disconnection is logged"
    );
    // The stalled request does not hold the server up for long.
    let status = tokio::time::timeout(Duration::from_secs(15), server.wait())
        .await
        .expect("the server stops within the grace time")
        .expect("an exit status");
    assert!(status.success(), "{status:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(8),
        "stopped in {:?}",
        asked.elapsed()
    );
    drop(stalled);
}

/// Whether the server closes `stream` within `within` (reading until it
/// does; what it sends first, say a 408, is returned).
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> Option<String> {
    use tokio::io::AsyncReadExt;
    let mut seen = Vec::new();
    let mut buffer = [0u8; 1024];
    let end = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(end, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&seen).into_owned()),
            Ok(Ok(n)) => seen.extend_from_slice(&buffer[..n]),
            Err(_) => return None,
        }
    }
}

#[tokio::test]
async fn slow_and_silent_clients_are_cut_off() {
    use tokio::io::AsyncWriteExt;
    let addr = start_adjusted(&fresh_database(), |config| {
        config.caps.headers_within = Duration::from_secs(1);
        config.body_within = Duration::from_secs(1);
    })
    .await;
    // Connects and sends nothing.
    let mut silent = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    assert!(closed_within(&mut silent, Duration::from_secs(4))
        .await
        .is_some());
    // Trickles its headers, a byte every 200 ms.
    let mut trickle = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let trickling = async {
        for byte in b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaa" {
            if trickle.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let started = std::time::Instant::now();
    trickling.await;
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "the trickle was cut off after {:?}",
        started.elapsed()
    );
    // A body that never finishes is answered so, and closed.
    let mut body = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    body.write_all(
        format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 100\r\n\r\n{{\"ga")
            .as_bytes(),
    )
    .await
    .expect("writes");
    let answer = closed_within(&mut body, Duration::from_secs(4))
        .await
        .expect("answered and closed");
    assert!(answer.contains("did not arrive in time"), "{answer}");
    // A client at a normal pace is served.
    assert_eq!(healthy(addr).await, (200, "ok".to_string()));
}

#[tokio::test]
async fn one_address_holds_only_so_many_connections() {
    let addr = start_adjusted(&fresh_database(), |config| {
        config.caps.per_address = 5;
        // Loopback as a client, not as a trusted proxy (which has no cap).
        config.proxies = alquerque_server::http::limits::Proxies::default();
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(
            tokio::net::TcpStream::connect(addr)
                .await
                .expect("connects"),
        );
    }
    // The sixth is closed at once, before a byte is read.
    let mut sixth = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    assert!(
        closed_within(&mut sixth, Duration::from_secs(2))
            .await
            .is_some(),
        "over the cap"
    );
    // One given back, there is room again.
    held.pop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(healthy(addr).await, (200, "ok".to_string()));
}

/// A create sent as if through a proxy that says it came from `client`.
async fn create_from(addr: std::net::SocketAddr, client: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = r#"{"game":"classic"}"#;
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nX-Forwarded-For: {client}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("reads");
    response[9..12].parse().expect("a status")
}

#[tokio::test]
async fn limits_count_the_client_a_trusted_proxy_names_and_ignore_others() {
    // Behind a trusted proxy (here 127.0.0.1), each client has its own
    // allowance: one game a minute in this test.
    let behind = start_adjusted(&fresh_database(), |config| {
        config.per_minute = 1;
        config.proxies =
            alquerque_server::http::limits::Proxies(vec!["127.0.0.1/32".parse().expect("a net")]);
    })
    .await;
    assert_eq!(create_from(behind, "198.51.100.7").await, 200);
    assert_eq!(create_from(behind, "198.51.100.7").await, 429);
    assert_eq!(create_from(behind, "198.51.100.8").await, 200);
    // IPv6 clients count by their /64.
    assert_eq!(create_from(behind, "2001:db8::1").await, 200);
    assert_eq!(create_from(behind, "2001:db8::2").await, 429);

    // Without it, what a client says of itself changes nothing.
    let direct = start_adjusted(&fresh_database(), |config| {
        config.per_minute = 1;
        config.proxies = alquerque_server::http::limits::Proxies::default();
    })
    .await;
    assert_eq!(create_from(direct, "198.51.100.7").await, 200);
    assert_eq!(create_from(direct, "198.51.100.8").await, 429);
}

#[tokio::test]
async fn a_crowd_of_suggestions_reaches_the_player_as_a_few_tallies() {
    let addr = start_adjusted(&fresh_database(), |config| {
        config.spectators_per_address = 100;
        config.sockets_per_address = 100;
    })
    .await;
    let game = create(addr, "classic", true).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(addr).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    let mut crowd = Vec::new();
    for _ in 0..40 {
        let mut ws = open(addr).await;
        hello(&mut ws, &game.id, None, None, None).await;
        crowd.push(ws);
    }
    // Each spectator changes its mind twenty times, as fast as it can.
    let opening = ["c2-c3", "d2-c3", "b2-c3"];
    let suggesting = tokio::spawn(async move {
        for round in 0..20 {
            for (i, ws) in crowd.iter_mut().enumerate() {
                let turn = opening[(i + round) % 3];
                let suggestion = ClientMessage::Suggest(online_play::MoveText {
                    ply: 0,
                    turn: turn.to_string(),
                    lag: None,
                });
                send(ws, &suggestion).await;
            }
        }
        crowd
    });
    // Meanwhile White counts the tallies heard in two seconds.
    let mut tallies = 0;
    let until = tokio::time::Instant::now() + Duration::from_secs(2);
    while let Some(message) = try_next(&mut white, until - tokio::time::Instant::now()).await {
        if matches!(message, ServerMessage::Suggestions { .. }) {
            tallies += 1;
        }
    }
    let _crowd = suggesting.await.expect("the crowd is done");
    assert!(tallies >= 1, "the player hears the tally");
    assert!(
        tallies <= 10,
        "{tallies} tallies in 2 s: at most one every 250 ms"
    );
    // And the player's own move is answered at once.
    let sent = std::time::Instant::now();
    send(&mut white, &mv(0, "c2-c3")).await;
    next_where(
        &mut white,
        |m| matches!(m, ServerMessage::Event(e) if matches!(e.body, EventBody::Moved { .. })),
    )
    .await;
    assert!(
        sent.elapsed() < Duration::from_millis(500),
        "{:?}",
        sent.elapsed()
    );
}

#[tokio::test]
async fn one_address_watches_with_only_so_many_sockets() {
    let addr = start_adjusted(&fresh_database(), |config| {
        config.spectators_per_address = 3;
    })
    .await;
    let game = create(addr, "classic", true).await;
    let mut watching = Vec::new();
    for _ in 0..3 {
        let mut ws = open(addr).await;
        let welcome = hello(&mut ws, &game.id, None, None, None).await;
        assert!(
            matches!(welcome, ServerMessage::Welcome { .. }),
            "{welcome:?}"
        );
        watching.push(ws);
    }
    let mut fourth = open(addr).await;
    let refused = hello(&mut fourth, &game.id, None, None, None).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::TooMany));
    // The player's seat is not a spectator's: still let in.
    let mut white = open(addr).await;
    let welcome = hello(&mut white, &game.id, Some(&game.token), None, None).await;
    assert!(
        matches!(welcome, ServerMessage::Welcome { .. }),
        "{welcome:?}"
    );
    // One spectator gone, there is room again.
    drop(watching.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut again = open(addr).await;
    let welcome = hello(&mut again, &game.id, None, None, None).await;
    assert!(
        matches!(welcome, ServerMessage::Welcome { .. }),
        "{welcome:?}"
    );
}

/// Every request the API takes is small: a large body is refused (413)
/// whatever the route, and the server goes on answering.
#[tokio::test]
async fn large_request_bodies_are_refused() {
    let addr = start().await;
    let big = format!(r#"{{"name":"ana","password":"{}"}}"#, "x".repeat(100_000));
    for path in [
        "/api/account/login",
        "/api/account/register",
        "/api/seeks",
        "/api/games",
    ] {
        let reply = request(
            addr,
            "POST",
            path,
            &[("Content-Type", "application/json")],
            &big,
        )
        .await;
        assert_eq!(reply.status, 413, "{path}: {}", reply.body);
    }
    assert_eq!(healthy(addr).await.0, 200);
}
