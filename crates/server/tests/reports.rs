//! Reports: a signed-in player reports another with a reason, a note and
//! the game, whose chat travels with the report as the server kept it
//! (said through one process, reported through another, on PostgreSQL);
//! the reporter sees the report; every misuse is refused by its code.

mod common;

use std::net::SocketAddr;

use common::postgres::Postgres;
use common::*;
use online_play::{ClientMessage, ServerMessage};

const INSULT: &str = "you play like a potato";

/// Plays out the reports on `servers` (each socket and browser on the next
/// one); the id of the report filed with the game and its chat.
async fn reports(servers: &[SocketAddr]) -> String {
    let at = |i: usize| servers[i % servers.len()];
    let mut ana = Browser::new(at(1));
    ana.registers(r#"{"name":"Ana","password":"correct horse"}"#)
        .await;
    let mut bob = Browser::new(at(0));
    bob.registers(r#"{"name":"Bob","password":"battery staple"}"#)
        .await;

    // Bob insults Ana in a game's chat, through the first process.
    let game = create(at(0), "classic", false).await;
    let mut white = open(at(0)).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(at(1)).await;
    hello(&mut black, &game.id, None, Some(&game.code), None).await;
    send(
        &mut white,
        &ClientMessage::Chat {
            text: INSULT.to_string(),
        },
    )
    .await;
    let heard = next_where(&mut black, |m| matches!(m, ServerMessage::Chat { .. })).await;
    assert!(
        matches!(&heard, ServerMessage::Chat { text, .. } if text == INSULT),
        "{heard:?}"
    );

    // Ana reports it, through the second.
    let body = format!(
        r#"{{"player":"BOB","reason":"insult","note":"in the chat","game":"{}"}}"#,
        game.id
    );
    let filed = ana.call("POST", "/api/reports", &body).await;
    assert_eq!(filed.status, 200, "{}", filed.body);
    let id = filed.json()["id"].as_str().expect("an id").to_string();
    let mine = ana.call("GET", "/api/reports/mine", "").await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    let listed = &mine.json()["reports"];
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["player"], "bob");
    assert_eq!(listed[0]["reason"], "insult");
    assert_eq!(listed[0]["handled"], false);
    // Bob sees none of it.
    let theirs = bob.call("GET", "/api/reports/mine", "").await;
    assert_eq!(theirs.json()["reports"].as_array().map(Vec::len), Some(0));

    // Misuse, each refused by its code.
    let mut guest = Browser::new(at(0));
    let asked = guest
        .call(
            "POST",
            "/api/reports",
            r#"{"player":"bob","reason":"insult"}"#,
        )
        .await;
    assert_eq!(
        (asked.status, asked.refused().as_str()),
        (401, "log_in_first")
    );
    for (body, status, code) in [
        (
            r#"{"player":"nobody_here","reason":"name"}"#.to_string(),
            404,
            "no_such_player",
        ),
        (
            r#"{"player":"ana","reason":"other"}"#.to_string(),
            400,
            "cannot_report_self",
        ),
        (
            format!(
                r#"{{"player":"bob","reason":"other","note":"{}"}}"#,
                "x".repeat(501)
            ),
            400,
            "bad_note",
        ),
        (
            r#"{"player":"bob","reason":"insult","game":"nosuchgame"}"#.to_string(),
            404,
            "no_such_game",
        ),
        (
            r#"{"player":"bob","reason":"spam"}"#.to_string(),
            400,
            "malformed",
        ),
    ] {
        let reply = ana.call("POST", "/api/reports", &body).await;
        assert_eq!(
            (reply.status, reply.refused().as_str()),
            (status, code),
            "{body}"
        );
    }
    // Ten an hour.
    for _ in 1..online_play::api::REPORTS_PER_HOUR {
        let reply = ana
            .call(
                "POST",
                "/api/reports",
                r#"{"player":"bob","reason":"stalling"}"#,
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let over = ana
        .call(
            "POST",
            "/api/reports",
            r#"{"player":"bob","reason":"stalling"}"#,
        )
        .await;
    assert_eq!(
        (over.status, over.refused().as_str()),
        (429, "too_many_reports")
    );
    id
}

/// The chat a report took, as kept.
fn has_the_insult(chat: &str) -> bool {
    let lines: serde_json::Value = serde_json::from_str(chat).expect("JSON");
    lines.as_array().is_some_and(|l| {
        l.iter()
            .any(|line| line["line"] == INSULT && line["side"] == "white")
    })
}

#[tokio::test]
async fn reports_in_sqlite() {
    let database = fresh_database();
    let addr = start_on(&database, 30).await;
    let id = reports(&[addr]).await;
    let db = rusqlite::Connection::open(&database).expect("opens");
    let chat: String = db
        .query_row("SELECT chat FROM reports WHERE id = ?1", [&id], |r| {
            r.get(0)
        })
        .expect("the report");
    assert!(has_the_insult(&chat), "{chat}");
}

#[tokio::test]
async fn reports_across_two_processes_in_postgresql() {
    let postgres = Postgres::start();
    let url = postgres.database("reports").await;
    let (_processes, addrs) = spawn_servers(&url, 2, &[]).await;
    let id = reports(&addrs).await;
    let client = Postgres::client(&url).await;
    let row = client
        .query_one("SELECT chat FROM reports WHERE id = $1", &[&id])
        .await
        .expect("the report");
    let chat: String = row.get(0);
    assert!(has_the_insult(&chat), "{chat}");
}
