//! What the server's integration tests share: a server on a free port,
//! plain HTTP, and websocket clients that speak the protocol.

#![allow(dead_code)] // each test file uses its own part

pub mod bots;
pub mod lobby;
pub mod measure;
pub mod postgres;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use online_play::{decode_server, ClientMessage, ErrorCode, MoveText, ServerMessage};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub async fn start() -> std::net::SocketAddr {
    start_with(30).await
}

pub async fn start_with(per_minute: u32) -> std::net::SocketAddr {
    start_on(&fresh_database(), per_minute).await
}

/// A database path in a new temporary directory.
pub fn fresh_database() -> String {
    let dir = std::env::temp_dir().join(format!(
        "alq-online-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("a directory");
    dir.join("games.db").to_string_lossy().into_owned()
}

/// A server in this process on a free port, keeping games in `database`.
pub async fn start_on(database: &str, per_minute: u32) -> std::net::SocketAddr {
    start_configured(database, per_minute, Duration::from_secs(3600)).await
}

/// A server whose join codes last `code_lifetime`.
pub async fn start_configured(
    database: &str,
    per_minute: u32,
    code_lifetime: Duration,
) -> std::net::SocketAddr {
    start_adjusted(database, |config| {
        config.per_minute = per_minute;
        config.code_lifetime = code_lifetime;
    })
    .await
}

/// A server with the tests' usual settings, then `adjust`ed.
pub async fn start_adjusted(
    database: &str,
    adjust: impl FnOnce(&mut alquerque_server::Config),
) -> std::net::SocketAddr {
    let mut config = alquerque_server::Config::new(([127, 0, 0, 1], 0).into(), database);
    config.code_lifetime = Duration::from_secs(3600);
    config.origins = vec!["https://games.example".to_string()];
    config.claim_after = Duration::from_secs(1);
    config.per_minute = 30;
    // Loopback stands for a proxy, so that each test browser can say which
    // address it comes from ([`Browser::from`]); a request that says
    // nothing counts as loopback's own.
    config.proxies =
        alquerque_server::http::limits::Proxies(vec!["127.0.0.1/32".parse().expect("a net")]);
    adjust(&mut config);
    let (addr, _handle) = alquerque_server::serve(config).await.expect("serves");
    addr
}

/// Where the tests' manual clocks start (ms since the Unix epoch).
pub const T0: u64 = 1_800_000_000_000;

/// A server whose time the test moves (from [`T0`]), with the tests'
/// usual settings, then `adjust`ed; and its time.
pub async fn start_timed(
    database: &str,
    adjust: impl FnOnce(&mut alquerque_server::Config),
) -> (std::net::SocketAddr, alquerque_server::time::Time) {
    let time = alquerque_server::time::Time::manual(T0);
    let clock = time.clone();
    let addr = start_adjusted(database, move |config| {
        config.time = clock;
        adjust(config);
    })
    .await;
    (addr, time)
}

/// A browser at the address `from` (as the test servers' trusted proxy
/// names it).
pub fn browser(addr: std::net::SocketAddr, from: &str) -> Browser {
    let mut browser = Browser::new(addr);
    browser.from = Some(from.to_string());
    browser
}

pub fn rand_suffix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A plain HTTP request; the status code and body.
pub async fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
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

pub struct Created {
    pub id: String,
    pub code: String,
    pub token: String,
}

pub async fn create(addr: std::net::SocketAddr, game: &str, suggestions: bool) -> Created {
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

pub async fn open(addr: std::net::SocketAddr) -> Socket {
    connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("a socket")
        .0
}

pub async fn send(ws: &mut Socket, message: &ClientMessage) {
    ws.send(Message::Text(message.to_text().into()))
        .await
        .expect("sent");
}

/// The next server message other than presence news (failing after a few
/// seconds of silence).
pub async fn next(ws: &mut Socket) -> ServerMessage {
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

/// The body of the next event on `ws` that `pick` takes, skipping other
/// messages.
pub async fn event(
    ws: &mut Socket,
    pick: impl Fn(&online_play::EventBody) -> bool,
) -> online_play::EventBody {
    match next_where(
        ws,
        |m| matches!(m, ServerMessage::Event(e) if pick(&e.body)),
    )
    .await
    {
        ServerMessage::Event(e) => e.body,
        _ => unreachable!("picked an event"),
    }
}

/// The next message that `pick` accepts, skipping others.
pub async fn next_where(ws: &mut Socket, pick: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
    loop {
        let message = next_any(ws).await;
        if pick(&message) {
            return message;
        }
    }
}

/// The next server message within `wait`, or `None` when the socket ends
/// or stays silent.
pub async fn try_next(ws: &mut Socket, wait: Duration) -> Option<ServerMessage> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return decode_server(&text).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// The next server message of any kind.
pub async fn next_any(ws: &mut Socket) -> ServerMessage {
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
pub async fn closed_with(ws: &mut Socket) -> Option<CloseCode> {
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| f.code),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

pub async fn hello(
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

pub fn mv(ply: u32, turn: &str) -> ClientMessage {
    ClientMessage::Move(MoveText {
        ply,
        turn: turn.to_string(),
        lag: None,
    })
}

/// The role a welcome gives (`None` for any other message).
pub fn welcomed_as(message: &ServerMessage) -> Option<online_play::Role> {
    match message {
        ServerMessage::Welcome { role, .. } => Some(*role),
        _ => None,
    }
}

pub fn error_code(message: &ServerMessage) -> Option<ErrorCode> {
    match message {
        ServerMessage::Error { code, .. } => Some(*code),
        _ => None,
    }
}

/// The server as a separate process; its address once it listens.
pub async fn spawn_server(
    database: &str,
    per_minute: u32,
) -> (tokio::process::Child, std::net::SocketAddr) {
    let (child, addr, _log) =
        spawn_server_with(database, &["--per-minute", &per_minute.to_string()]).await;
    (child, addr)
}

/// `count` server processes on one database, each with `options`; their
/// addresses.
pub async fn spawn_servers(
    database: &str,
    count: usize,
    options: &[&str],
) -> (Vec<tokio::process::Child>, Vec<std::net::SocketAddr>) {
    let mut processes = Vec::new();
    let mut addrs = Vec::new();
    for _ in 0..count {
        let (child, addr, _log) = spawn_server_with(database, options).await;
        processes.push(child);
        addrs.push(addr);
    }
    (processes, addrs)
}

/// The lines a server process has logged so far.
pub type Log = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

/// The server as a separate process with more options (the binary
/// `BENCH_SERVER_BIN` names, if set, else this build's); its address once
/// it listens, and its log as it grows.
pub async fn spawn_server_with(
    database: &str,
    options: &[&str],
) -> (tokio::process::Child, std::net::SocketAddr, Log) {
    // A benchmark may measure another build (an older one, to compare).
    let binary = std::env::var("BENCH_SERVER_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_alquerque-server").to_string());
    let mut child = tokio::process::Command::new(binary)
        .args(["--addr", "127.0.0.1:0", "--db", database])
        .args(options)
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("its output");
    let mut lines = tokio::io::BufReader::new(stdout).lines();
    let log = Log::default();
    let addr = loop {
        let line = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
            .await
            .expect("the server says where it listens")
            .expect("a line")
            .expect("not the end");
        log.lock().expect("the log").push(line.clone());
        if let Some(rest) = line.split("\"addr\":\"").nth(1) {
            break rest
                .split('"')
                .next()
                .expect("an address")
                .parse()
                .expect("an address");
        }
    };
    // Keep reading its log so it never blocks on a full pipe.
    let keep = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            keep.lock().expect("the log").push(line);
        }
    });
    (child, addr, log)
}

/// Waits up to a few seconds for a logged line that contains every one of
/// `parts`.
pub async fn logged(log: &Log, parts: &[&str]) -> Option<String> {
    for _ in 0..50 {
        let found = log
            .lock()
            .expect("the log")
            .iter()
            .find(|line| parts.iter().all(|p| line.contains(p)))
            .cloned();
        if found.is_some() {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

/// An HTTP answer: status, header lines and body.
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Reply {
    /// The values of every header called `name`.
    pub fn headers(&self, name: &str) -> Vec<String> {
        self.head
            .lines()
            .filter_map(|line| line.split_once(':'))
            .filter(|(n, _)| n.trim().eq_ignore_ascii_case(name))
            .map(|(_, value)| value.trim().to_string())
            .collect()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("JSON: {}", self.body))
    }

    /// The code of a refusal (`{"refused": code, …}`).
    pub fn refused(&self) -> String {
        self.json()["refused"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

/// `/health` once it says `ok` (a server that has just started is still
/// opening its store), or its last answer after 10 s.
pub async fn healthy(addr: std::net::SocketAddr) -> (u16, String) {
    let mut answer = http(addr, "GET", "/health", "").await;
    for _ in 0..100 {
        if answer.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        answer = http(addr, "GET", "/health", "").await;
    }
    answer
}

/// A plain HTTP request with extra headers.
pub async fn request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Reply {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("reads");
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    Reply {
        status: head[9..12].parse().expect("a status"),
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// A browser, as far as the server can tell: its session cookie, and the
/// address a trusted proxy says it comes from.
#[derive(Clone)]
pub struct Browser {
    pub addr: std::net::SocketAddr,
    pub cookie: Option<String>,
    /// The device cookie, once a sign-in set it.
    pub device: Option<String>,
    pub from: Option<String>,
}

impl Browser {
    /// A browser of its own address (each one made gets another), as
    /// distinct people's browsers are.
    pub fn new(addr: std::net::SocketAddr) -> Browser {
        static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
        let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Browser {
            addr,
            cookie: None,
            device: None,
            from: Some(format!("172.16.{}.{}", n / 250, n % 250 + 1)),
        }
    }

    /// A JSON request with the cookie; keeps the cookie the answer sets
    /// (and drops one it removes).
    pub async fn call(&mut self, method: &str, path: &str, body: &str) -> Reply {
        let cookies: Vec<String> = [("alq_session", &self.cookie), ("alq_device", &self.device)]
            .into_iter()
            .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={v}")))
            .collect();
        let cookie = cookies.join("; ");
        let mut headers = vec![("Content-Type", "application/json")];
        if !cookie.is_empty() {
            headers.push(("Cookie", &cookie));
        }
        if let Some(from) = &self.from {
            headers.push(("X-Forwarded-For", from));
        }
        let reply = request(self.addr, method, path, &headers, body).await;
        for set in reply.headers("set-cookie") {
            if let Some(device) = set.strip_prefix("alq_device=") {
                self.device = Some(device.split(';').next().unwrap_or_default().to_string());
                continue;
            }
            let Some(value) = set.strip_prefix("alq_session=") else {
                continue;
            };
            let value = value.split(';').next().unwrap_or_default();
            let removed = value.is_empty() || set.contains("Max-Age=0");
            self.cookie = (!removed).then(|| value.to_string());
        }
        reply
    }

    /// Registers the account `body` names (`{"name", "password"}`),
    /// which must succeed; its answer.
    pub async fn registers(&mut self, body: &str) -> Reply {
        let reply = self.call("POST", "/api/account/register", body).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply
    }

    /// Who the server takes this browser for (`None`: a guest).
    pub async fn me(&mut self) -> Option<String> {
        let reply = self.call("GET", "/api/me", "").await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.json()["name"].as_str().map(str::to_string)
    }
}

/// A player in the lobby: a browser, and the seat token it made.
pub struct Player {
    pub browser: Browser,
    pub token: String,
    pub name: String,
}

pub fn guest(addr: std::net::SocketAddr, name: &str) -> Player {
    Player {
        browser: Browser::new(addr),
        token: alquerque_server::ids::seat_token(),
        name: name.to_string(),
    }
}

pub async fn account(addr: std::net::SocketAddr, name: &str) -> Player {
    let mut player = guest(addr, name);
    let body = format!(r#"{{"name":"{name}","password":"a long password"}}"#);
    let reply = player
        .browser
        .call("POST", "/api/account/register", &body)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    player
}

impl Player {
    pub async fn post(&mut self, path: &str, fields: &str) -> Reply {
        let body = format!(
            r#"{{{fields}"token":"{}","name":"{}"}}"#,
            self.token, self.name
        );
        self.browser.call("POST", path, &body).await
    }

    /// Connects to `game` with this player's seat token; the role welcomed.
    pub async fn sit(&self, addr: std::net::SocketAddr, game: &str) -> (Socket, online_play::Role) {
        let mut ws = open(addr).await;
        let welcome = hello(&mut ws, game, Some(&self.token), None, None).await;
        let role = welcomed_as(&welcome).unwrap_or_else(|| panic!("{welcome:?}"));
        (ws, role)
    }
}

/// Plays the first `plies` plies of a Classic game between the sockets
/// seated as White and Black, each move heard by the other side; the
/// board as played.
pub async fn play_opening(white: &mut Socket, black: &mut Socket, plies: u32) -> engine::AnyGame {
    use online_play::EventBody;
    let mut board = engine::AnyGame::from_record_line("classic").expect("a game");
    for ply in 0..plies {
        let turn = board.entries()[0].turn;
        let text = board.turn_coordinates(turn);
        board.play(turn).expect("legal");
        let (mover, other) = if ply % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        send(mover, &mv(ply, &text)).await;
        event(other, |b| matches!(b, EventBody::Moved { .. })).await;
    }
    board
}

/// `winner` (White) beats `loser` in a rated Classic game at 1+0, paired
/// through a seek: three plies (fewer would call it off), then Black
/// resigns; the rating event heard.
pub async fn rated_win(winner: &mut Player, loser: &mut Player) -> online_play::EventBody {
    let seek = winner
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"1+0","rated":true,"side":"white","#,
        )
        .await;
    assert_eq!(seek.status, 200, "{}", seek.body);
    let id = seek.json()["id"].as_str().expect("an id").to_string();
    let accepted = loser.post(&format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = accepted.json()["game"]
        .as_str()
        .expect("a game")
        .to_string();
    let (mut white, _) = winner.sit(winner.browser.addr, &game).await;
    let (mut black, _) = loser.sit(loser.browser.addr, &game).await;
    play_opening(&mut white, &mut black, 3).await;
    send(&mut black, &ClientMessage::Resign).await;
    event(&mut white, |b| {
        matches!(b, online_play::EventBody::Rated { .. })
    })
    .await
}
