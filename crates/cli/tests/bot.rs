//! The bot bridge against a real server: an account upgraded to a bot is
//! played by `alquerque bot`, its moves chosen by this program's own engine
//! (`alquerque engine`) over the engine protocol. A person challenges it;
//! the bridge accepts and plays the game to its end through the public
//! protocol. The API's misuse is refused by its code.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use online_play::seat::Seat;
use online_play::{decode_server, ClientMessage, ServerMessage};
use tungstenite::client::IntoClientRequest;
use tungstenite::Message;

/// A server in this process, on a database of its own.
fn server() -> SocketAddr {
    let (sent, addr) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        runtime.block_on(async move {
            let dir = std::env::temp_dir().join(format!("alq-bot-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("a directory");
            let db = dir.join("games.db").to_string_lossy().into_owned();
            let _ = std::fs::remove_file(&db);
            let config = alquerque_server::Config::new(([127, 0, 0, 1], 0).into(), &db);
            let (addr, serving) = alquerque_server::serve(config).await.expect("serves");
            sent.send(addr).expect("told");
            let _ = serving.await;
        });
    });
    addr.recv().expect("the server's address")
}

/// An HTTP answer: status, the session cookie it set, and the body.
struct Reply {
    status: u16,
    session: Option<String>,
    body: serde_json::Value,
}

fn call(addr: SocketAddr, method: &str, path: &str, session: Option<&str>, body: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("connects");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    if let Some(session) = session {
        request.push_str(&format!("Cookie: alq_session={session}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).expect("writes");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("reads");
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let session = head
        .lines()
        .filter_map(|l| l.strip_prefix("set-cookie: alq_session="))
        .map(|v| v.split(';').next().unwrap_or_default().to_string())
        .next();
    Reply {
        status: head[9..12].parse().expect("a status"),
        session,
        body: serde_json::from_str(body).unwrap_or(serde_json::Value::Null),
    }
}

const PASSWORD: &str = "a long password";

/// Registers `name`; its session.
fn account(addr: SocketAddr, name: &str) -> String {
    let body = format!(r#"{{"name":"{name}","password":"{PASSWORD}"}}"#);
    let reply = call(addr, "POST", "/api/account/register", None, &body);
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.session.expect("a session")
}

/// The bridge for the bot with `token`, its engine this program's own.
fn bridge(addr: SocketAddr, token: &str) -> Child {
    let me = env!("CARGO_BIN_EXE_alquerque");
    Command::new(me)
        .args(["bot", "--server", &format!("ws://{addr}"), "--token", token])
        .args(["--engine", &format!("{me} engine --level easy")])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the bridge starts")
}

/// Plays `game` with the seat `token` holds, the first legal move each
/// time, to its end; the plies played.
fn play_out(addr: SocketAddr, game: &str, token: &str) -> usize {
    let request = format!("ws://{addr}/ws")
        .into_client_request()
        .expect("a request");
    let (mut socket, _) = tungstenite::connect(request).expect("a game socket");
    let hello = ClientMessage::Hello {
        game: game.to_string(),
        token: Some(token.to_string()),
        code: None,
        last_v: None,
    };
    let text = serde_json::to_string(&hello).expect("writes");
    socket.send(Message::text(text)).expect("sent");
    let mut seat = Seat::new();
    let mut plies = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        let Ok(Message::Text(text)) = socket.read() else {
            continue;
        };
        let message = decode_server(&text).expect("the server's message");
        if let ServerMessage::Snapshot(s) = &message {
            plies = engine::AnyGame::from_record_line(&s.record).map_or(0, |g| g.ply());
        }
        if let ServerMessage::Event(e) = &message {
            if matches!(e.body, online_play::EventBody::Moved { .. }) {
                plies += 1;
            }
        }
        seat.hear(&message);
        if seat.done() {
            return plies;
        }
        if let Some(think) = seat.think() {
            let turn = think.game.entries()[0].turn;
            let text = think.game.turn_coordinates(turn);
            let play = serde_json::to_string(&Seat::play(think.ply, text)).expect("writes");
            socket.send(Message::text(play)).expect("sent");
        }
    }
    panic!("the game did not end in time");
}

#[test]
fn the_bridge_plays_a_challenge_to_its_end_with_the_engine() {
    let addr = server();
    let robo = account(addr, "Robo");
    // Upgraded for good, with its password: a token.
    let wrong = call(
        addr,
        "POST",
        "/api/account/bot",
        Some(&robo),
        r#"{"password":"no"}"#,
    );
    assert_eq!(wrong.body["refused"], "wrong_password");
    let body = format!(r#"{{"password":"{PASSWORD}"}}"#);
    let upgraded = call(addr, "POST", "/api/account/bot", Some(&robo), &body);
    assert_eq!(upgraded.status, 200, "{}", upgraded.body);
    let token = upgraded.body["token"]
        .as_str()
        .expect("a token")
        .to_string();
    // The token stands for a sign-in.
    let request = format!("ws://{addr}/api/bot/socket")
        .into_client_request()
        .expect("a request");
    assert!(
        tungstenite::connect(request).is_err(),
        "not without a token"
    );
    let mut bridge = bridge(addr, &token);

    // A person challenges it; the bridge accepts.
    let ana = account(addr, "Ana");
    let seat = "ab".repeat(16);
    let challenge =
        format!(r#"{{"to":"Robo","game":"bell","clock":"3d","side":"white","token":"{seat}"}}"#);
    let made = call(addr, "POST", "/api/challenges", Some(&ana), &challenge);
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.body["id"].as_str().expect("an id").to_string();
    let game = (0..100)
        .find_map(|_| {
            let state = call(addr, "GET", &format!("/api/seeks/{id}"), Some(&ana), "");
            let game = state.body["game"].as_str().map(str::to_string);
            if game.is_none() {
                std::thread::sleep(Duration::from_millis(100));
            }
            game
        })
        .expect("the bridge accepts the challenge");
    let plies = play_out(addr, &game, &seat);
    assert!(plies >= 4, "{plies} plies");
    let page = call(addr, "GET", "/api/players/Robo", None, "");
    assert_eq!(page.body["bot"], true);
    assert_eq!(page.body["games"][0]["id"], game.as_str());

    // Misuse, refused by its code: a person at the bot socket, and an
    // account with games made a bot.
    let mut request = format!("ws://{addr}/api/bot/socket")
        .into_client_request()
        .expect("a request");
    let cookie = format!("alq_session={ana}").parse().expect("a header");
    request.headers_mut().insert("Cookie", cookie);
    match tungstenite::connect(request) {
        Err(tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 403),
        other => panic!("a person at the bot socket: {:?}", other.map(|_| ())),
    }
    let has_games = call(addr, "POST", "/api/account/bot", Some(&ana), &body);
    assert_eq!(has_games.body["refused"], "has_games");
    let _ = bridge.kill();
    let _ = bridge.wait();
}

#[test]
fn the_bridge_says_why_it_cannot_connect() {
    let out = common::run(&[
        "bot",
        "--server",
        "ws://127.0.0.1:9",
        "--token",
        &"0".repeat(32),
        "--engine",
        "true",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::text(&out.stderr).contains("cannot connect"),
        "{}",
        common::text(&out.stderr)
    );
}
