//! `scripts/cluster.sh`, the cluster that `CLUSTER=3 scripts/start.sh`
//! runs: PostgreSQL in a folder, three server processes and nginx in front
//! of them. Requests and game sockets through nginx reach every process,
//! a game is played through it, what a client writes of its own address
//! is not believed, and Ctrl-C stops everything.

mod common;

use std::path::Path;
use std::time::Duration;

use common::*;
use online_play::{EventBody, Role, ServerMessage};
use tokio::io::AsyncBufReadExt;

/// A port nobody listens on just now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.local_addr().expect("its address").port()
}

/// The process serving a request through nginx, as nginx says.
async fn served_by(addr: std::net::SocketAddr) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("nginx");
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    answer
        .lines()
        .find_map(|l| l.strip_prefix("X-Served-By: "))
        .expect("the process named")
        .to_string()
}

/// Sends SIGINT to process group `group`, as Ctrl-C in a terminal does.
fn interrupt(group: u32) -> bool {
    std::process::Command::new("kill")
        .args(["-INT", "--", &format!("-{group}")])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Interrupts the cluster when the test ends however it ends, so that a
/// failing test leaves no process behind.
struct Interrupt(u32);

impl Drop for Interrupt {
    fn drop(&mut self) {
        if interrupt(self.0) {
            // The script's own cleanup stops PostgreSQL.
            std::thread::sleep(Duration::from_secs(3));
        }
    }
}

#[tokio::test]
async fn three_processes_behind_nginx_play_and_stop_on_ctrl_c() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("alq-cluster-{}", rand_suffix()));
    let site = dir.join("site");
    std::fs::create_dir_all(&site).expect("a folder");
    std::fs::write(
        site.join("index.html"),
        "<!doctype html><title>game</title>",
    )
    .expect("a page");
    let port = free_port();
    let mut script = tokio::process::Command::new("bash");
    script
        .arg(root.join("scripts/cluster.sh"))
        .env("CLUSTER", "3")
        .env("PORT", port.to_string())
        .env("SERVER_BIN", env!("CARGO_BIN_EXE_alquerque-server"))
        .env("SITE", &site)
        .env("CLUSTER_DIR", dir.join("cluster"))
        .stdout(std::process::Stdio::piped())
        // Its own process group, as a terminal's foreground job is: Ctrl-C
        // reaches every process in it.
        .process_group(0)
        .kill_on_drop(true);
    let mut cluster = script.spawn().expect("the script starts");
    let _stops = Interrupt(cluster.id().expect("running"));
    let mut lines = tokio::io::BufReader::new(cluster.stdout.take().expect("its output")).lines();
    let mut said = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await.expect("a line") {
            said.push(line.clone());
            if line.contains("serving the game") {
                return;
            }
        }
        panic!("the script ended: {said:#?}");
    })
    .await
    .expect("the cluster starts within a minute");
    let servers: Vec<String> = said
        .iter()
        .filter_map(|l| {
            l.split(" on ")
                .nth(1)?
                .split(' ')
                .next()
                .map(str::to_string)
        })
        .filter(|a| a.starts_with("127.0.0.1:"))
        .collect();
    assert_eq!(servers.len(), 3, "{said:#?}");

    // Requests are balanced over every process.
    let addr: std::net::SocketAddr = ([127, 0, 0, 1], port).into();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..9 {
        seen.insert(served_by(addr).await);
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
    let (status, page) = http(addr, "GET", "/", "").await;
    assert_eq!((status, page.contains("<title>game</title>")), (200, true));

    // A game through nginx: its sockets land on different processes, and
    // every event reaches every one.
    let game = create(addr, "classic", true).await;
    let mut white = open(addr).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(addr).await;
    let welcome = hello(&mut black, "", None, Some(&game.code), None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::Black), "{welcome:?}");
    let mut watcher = open(addr).await;
    hello(&mut watcher, &game.id, None, None, None).await;
    send(&mut white, &mv(0, "c2-c3")).await;
    next_where(
        &mut black,
        |m| matches!(m, ServerMessage::Event(e) if e.v == 3),
    )
    .await;
    send(&mut black, &mv(1, "c4xc2")).await;
    for ws in [&mut white, &mut black, &mut watcher] {
        let moved = next_where(ws, |m| matches!(m, ServerMessage::Event(e) if e.v == 4)).await;
        assert!(
            matches!(&moved, ServerMessage::Event(e) if e.body == EventBody::Moved { ply: 1, turn: "c4xc2".into() }),
            "{moved:?}"
        );
    }

    // Limits void behind the cluster's proxy: a client that writes its own
    // Forwarded and X-Forwarded-For headers is still one address. Each
    // process allows it 10 logins a minute, so of 40 tries (each with
    // another name, and another made-up address) at most 30 get past.
    let mut refused = 0;
    for i in 0..40 {
        let forged = format!("198.51.100.{i}");
        let reply = request(
            addr,
            "POST",
            "/api/account/login",
            &[
                ("Content-Type", "application/json"),
                ("Forwarded", &format!("for={forged}")),
                ("X-Forwarded-For", &forged),
            ],
            &format!(r#"{{"name":"nobody{i}","password":"wrong password"}}"#),
        )
        .await;
        assert!([401, 429].contains(&reply.status), "{}", reply.status);
        refused += usize::from(reply.status == 429);
    }
    assert!(refused >= 10, "only {refused} of 40 forged logins refused");

    // Ctrl-C: every process stops, PostgreSQL too.
    assert!(interrupt(cluster.id().expect("running")), "interrupted");
    let status = tokio::time::timeout(Duration::from_secs(30), cluster.wait())
        .await
        .expect("the script stops within 30 s")
        .expect("its status");
    assert!(!status.success(), "interrupted: {status:?}");
    for server in servers
        .iter()
        .map(String::as_str)
        .chain([addr.to_string().as_str()])
    {
        assert!(
            std::net::TcpStream::connect(server).is_err(),
            "{server} no longer listens"
        );
    }
    assert!(
        !dir.join("cluster/postgres/.s.PGSQL.5432").exists(),
        "PostgreSQL stopped"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
