//! A benchmark, not a test (`scripts/bench.sh --lobby`): what 1 000 idle
//! lobby pages cost the server, as the page used to keep its lists (asking
//! `GET /api/lobby` every two seconds, on a kept-alive connection) and as
//! it keeps them now (one socket each, pushed only what changes). Ten
//! seeks wait in the lobby meanwhile, kept open by their seekers' own
//! sockets. Printed: the requests the server answers per second, the
//! messages it pushes per second, and the CPU it spends (its process's
//! user and system time over the window).

mod common;

use common::measure::cpu_seconds;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use futures_util::{SinkExt, StreamExt};
use online_play::api::LobbyFollow;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A page of the old kind: asks for the lobby every two seconds on one
/// kept-alive connection; counts the answers.
async fn polling_page(addr: SocketAddr, answered: Arc<AtomicU64>, start: Duration) {
    tokio::time::sleep(start).await;
    let stream = TcpStream::connect(addr).await.expect("connects");
    let mut stream = BufReader::new(stream);
    let request = format!("GET /api/lobby HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let mut every = tokio::time::interval(Duration::from_secs(2));
    loop {
        every.tick().await;
        if stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .is_err()
        {
            return;
        }
        let mut length = 0;
        loop {
            let mut line = String::new();
            if stream.read_line(&mut line).await.unwrap_or(0) == 0 {
                return;
            }
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().unwrap_or(0);
            }
            if line == "\r\n" {
                break;
            }
        }
        let mut body = vec![0; length];
        if stream.read_exact(&mut body).await.is_err() {
            return;
        }
        answered.fetch_add(1, Ordering::Relaxed);
    }
}

/// A page of the new kind: follows the lobby over its socket; counts the
/// messages pushed.
async fn pushed_page(addr: SocketAddr, pushed: Arc<AtomicU64>, follow: LobbyFollow) {
    let Ok((mut ws, _)) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/socket")).await
    else {
        return;
    };
    let text = serde_json::to_string(&follow).expect("writes");
    if ws.send(Message::Text(text.into())).await.is_err() {
        return;
    }
    while let Some(Ok(message)) = ws.next().await {
        if matches!(message, Message::Text(_)) {
            pushed.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// A server of its own, with limits lifted for one address's thousand
/// pages, and ten seeks waiting (their seekers follow them); its process.
async fn lobby_server() -> (tokio::process::Child, SocketAddr) {
    let options = [
        "--per-minute",
        "1000000",
        "--sockets-per-address",
        "1000000",
        "--connections-per-address",
        "1000000",
        "--connections",
        "1000000",
    ];
    let (child, addr, _log) = spawn_server_with(&fresh_database(), &options).await;
    for i in 0..10 {
        let token = alquerque_server::ids::seat_token();
        let body = format!(
            r#"{{"game":"classic","clock":"3+2","side":"random","token":"{token}","name":"Seeker {i}"}}"#
        );
        let reply = Browser::new(addr).call("POST", "/api/seeks", &body).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let seek = reply.json()["id"].as_str().expect("an id").to_string();
        let follow = LobbyFollow {
            seek: Some(seek),
            ..LobbyFollow::default()
        };
        tokio::spawn(pushed_page(addr, Arc::new(AtomicU64::new(0)), follow));
    }
    (child, addr)
}

/// Runs `pages` pages for `seconds` after a warm-up, and prints the figures.
async fn measure(label: &str, pages: u64, seconds: u64, push: bool) {
    let (child, addr) = lobby_server().await;
    let pid = child.id().expect("a pid");
    let count = Arc::new(AtomicU64::new(0));
    for i in 0..pages {
        let count = count.clone();
        if push {
            let follow = LobbyFollow {
                lobby: true,
                ..LobbyFollow::default()
            };
            tokio::spawn(pushed_page(addr, count, follow));
        } else {
            // Spread over the two seconds, as pages opened at random times.
            let start = Duration::from_millis(i * 2000 / pages);
            tokio::spawn(polling_page(addr, count, start));
        }
    }
    // Every page in, and its first list, before the window opens.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (cpu0, count0, t0) = (
        cpu_seconds(pid),
        count.load(Ordering::Relaxed),
        Instant::now(),
    );
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let elapsed = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu0;
    let counted = count.load(Ordering::Relaxed) - count0;
    let (requests, pushed) = if push {
        (0.0, counted as f64 / elapsed)
    } else {
        (counted as f64 / elapsed, 0.0)
    };
    println!(
        "{label:<28} {pages} pages: {requests:>7.1} requests/s answered, {pushed:>6.1} messages/s pushed, CPU {:>5.2}% of one core",
        cpu / elapsed * 100.0
    );
    drop(child);
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a benchmark: run with --ignored --nocapture"]
async fn idle_lobby_pages() {
    let pages = env_number("LOBBY_PAGES", 1000);
    let seconds = env_number("LOBBY_SECONDS", 20);
    println!("Idle lobby pages over {seconds} s, one server process on SQLite:");
    measure("polled every 2 s (before)", pages, seconds, false).await;
    measure("pushed over a socket (now)", pages, seconds, true).await;
}
