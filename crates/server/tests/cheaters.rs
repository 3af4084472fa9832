//! The moderators' heavier actions, on SQLite and across two processes on
//! PostgreSQL: a cheater marked (their opponents given back what they lost
//! to them, checked against Glicko-2 computed here independently of the
//! server's crate; their own ratings gone; their rated play refused, told
//! why), an offensive username renamed (the account keeps its games,
//! ratings and sessions; a taken name or a game in play refused), and a
//! player's chat deleted from what the server keeps.

mod common;

use std::f64::consts::PI;
use std::net::SocketAddr;

use common::postgres::Postgres;
use common::*;
use online_play::{ClientMessage, EventBody};

/// A player's rating as Glicko-2 has it: rating, deviation, volatility.
#[derive(Clone, Copy, Debug)]
struct Glicko(f64, f64, f64);

const NEWCOMER: Glicko = Glicko(1500.0, 350.0, 0.06);

/// One rating period of Glicko-2 for `me` against `opponent`, scoring
/// `score` (1, ½ or 0), with τ = 0.5: Glickman's "Example of the Glicko-2
/// system", steps 1 to 8, written out here so that the server's arithmetic
/// is checked against another's.
fn glicko2(me: Glicko, opponent: Glicko, score: f64) -> Glicko {
    const SCALE: f64 = 173.7178;
    const TAU: f64 = 0.5;
    let (mu, phi, sigma) = ((me.0 - 1500.0) / SCALE, me.1 / SCALE, me.2);
    let (mu_j, phi_j) = ((opponent.0 - 1500.0) / SCALE, opponent.1 / SCALE);
    let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g * g * e * (1.0 - e));
    let delta = v * g * (score - e);
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 1e-6 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * g * (score - e);
    Glicko(
        mu_new * SCALE + 1500.0,
        (phi_new * SCALE).min(350.0),
        sigma_new,
    )
}

/// `name`'s Classic rating as the player's page gives it (rounded).
async fn page_rating(addr: SocketAddr, name: &str) -> Option<i64> {
    let page = request(addr, "GET", &format!("/api/players/{name}"), &[], "").await;
    assert_eq!(page.status, 200, "{name}: {}", page.body);
    page.json()["ratings"]["classic"]["rating"]["value"].as_i64()
}

/// `reporter` reports `player` (about `game`, if any); the report's id.
async fn report(reporter: &mut Player, player: &str, game: Option<&str>) -> String {
    let game = game.map_or(String::new(), |g| format!(r#","game":"{g}""#));
    let filed = reporter
        .browser
        .call(
            "POST",
            "/api/reports",
            &format!(r#"{{"player":"{player}","reason":"cheating"{game}}}"#),
        )
        .await;
    assert_eq!(filed.status, 200, "{}", filed.body);
    filed.json()["id"].as_str().expect("an id").to_string()
}

/// The moderator takes `action` (with `more` fields) on `report`.
async fn act(moderator: &mut Player, report: &str, action: &str, more: &str) -> Reply {
    moderator
        .browser
        .call(
            "POST",
            "/api/moderation/actions",
            &format!(r#"{{"report":"{report}","action":"{action}","reason":"found so"{more}}}"#),
        )
        .await
}

fn grant(name: &str, db: &str) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_alquerque-server"))
        .args(["moderator", "add", name, "--db", db])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Everything on `servers` sharing the database `db`; `exact` reads a
/// player's exact Classic rating from the store, where the test can.
async fn heavier_actions(servers: &[SocketAddr], db: &str, exact: impl Fn(&str) -> Option<f64>) {
    let at = |i: usize| servers[i % servers.len()];
    let mut cheat = account(at(0), "Cheat").await;
    let mut ana = account(at(1), "Ana").await;
    let mut bob = account(at(0), "Bob").await;
    let mut dan = account(at(1), "Dan").await;
    let mut mia = account(at(0), "Mia").await;
    grant("mia", db);

    // The cheater beats Ana, then Bob; Ana then beats Dan.
    rated_win(&mut cheat, &mut ana).await;
    rated_win(&mut cheat, &mut bob).await;
    rated_win(&mut ana, &mut dan).await;
    // The same games, rated here.
    let cheat1 = glicko2(NEWCOMER, NEWCOMER, 1.0);
    let ana1 = glicko2(NEWCOMER, NEWCOMER, 0.0);
    let bob1 = glicko2(NEWCOMER, cheat1, 0.0);
    let ana2 = glicko2(ana1, NEWCOMER, 1.0);
    let dan1 = glicko2(NEWCOMER, ana1, 0.0);
    // The server agrees with them.
    for (name, expected) in [("ana", ana2), ("bob", bob1), ("dan", dan1)] {
        assert_eq!(
            page_rating(at(0), name).await,
            Some(expected.0.round() as i64),
            "{name}"
        );
        if let Some(stored) = exact(name) {
            assert!(
                (stored - expected.0).abs() < 1e-3,
                "{name}: {stored} {expected:?}"
            );
        }
    }

    // Ana reports the cheater; Mia marks them.
    let first = report(&mut ana, "cheat", None).await;
    let marked = act(&mut mia, &first, "cheat", "").await;
    assert_eq!(marked.status, 200, "{}", marked.body);
    // What Ana and Bob lost to the cheater is given back; what Ana won
    // from Dan stays; Dan lost nothing to the cheater.
    let ana_now = ana2.0 + (NEWCOMER.0 - ana1.0);
    let bob_now = bob1.0 + (NEWCOMER.0 - bob1.0);
    assert!((bob_now - 1500.0).abs() < 1e-9);
    for (name, expected) in [("ana", ana_now), ("bob", bob_now), ("dan", dan1.0)] {
        assert_eq!(
            page_rating(at(1), name).await,
            Some(expected.round() as i64),
            "{name}"
        );
        if let Some(stored) = exact(name) {
            assert!(
                (stored - expected).abs() < 1e-3,
                "{name}: {stored} {expected}"
            );
        }
    }
    // The cheater's ratings are gone, from their page and the board.
    assert_eq!(page_rating(at(0), "cheat").await, None);
    let board = request(at(1), "GET", "/api/leaderboard/classic", &[], "")
        .await
        .json();
    assert!(!board.to_string().contains("Cheat"), "{board}");
    // A second mark gives nothing back twice.
    let second = report(&mut bob, "cheat", None).await;
    let again = act(&mut mia, &second, "cheat", "").await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(
        page_rating(at(0), "ana").await,
        Some(ana_now.round() as i64)
    );
    // Rated play is refused, with the reason; casual play is not.
    let refused = cheat
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"1+0","rated":true,"#,
        )
        .await;
    assert_eq!(
        (refused.status, refused.refused().as_str()),
        (403, "marked_cheater")
    );
    assert!(refused.body.contains("found so"), "{}", refused.body);
    let casual = cheat
        .post(
            "/api/seeks",
            r#""game":"classic","clock":"1+0","rated":false,"#,
        )
        .await;
    assert_eq!(casual.status, 200, "{}", casual.body);
    let me = cheat.browser.call("GET", "/api/me", "").await.json();
    assert_eq!(me["notices"][0]["kind"], "marked", "{me}");

    // Dan's name is renamed. Not to a name that is taken, nor while he
    // plays.
    let named = report(&mut bob, "dan", None).await;
    let taken = act(&mut mia, &named, "rename", r#","name":"ANA""#).await;
    assert_eq!(
        (taken.status, taken.refused().as_str()),
        (409, "name_taken")
    );
    let bad = act(&mut mia, &named, "rename", r#","name":"no spaces""#).await;
    assert_eq!((bad.status, bad.refused().as_str()), (400, "bad_username"));
    dan.post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    let paired = bob
        .post("/api/quick", r#""game":"classic","clock":"1+0","#)
        .await;
    let game = paired.json()["game"].as_str().expect("paired").to_string();
    let playing = act(&mut mia, &named, "rename", r#","name":"Dora""#).await;
    assert_eq!(
        (playing.status, playing.refused().as_str()),
        (409, "in_play")
    );
    let (mut bob_ws, _) = bob.sit(at(0), &game).await;
    send(&mut bob_ws, &ClientMessage::Resign).await;
    event(&mut bob_ws, |b| matches!(b, EventBody::Ended { .. })).await;
    // Bob said something in that game, which the server kept.
    let renamed = act(&mut mia, &named, "rename", r#","name":"Dora""#).await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    // Still signed in, under the new name, with the games and the rating.
    assert_eq!(dan.browser.me().await.as_deref(), Some("Dora"));
    assert_eq!(
        page_rating(at(1), "dora").await,
        Some(dan1.0.round() as i64)
    );
    let page = request(at(0), "GET", "/api/players/Dora", &[], "")
        .await
        .json();
    assert!(
        page["games"].as_array().is_some_and(|g| g.len() >= 2),
        "{page}"
    );
    let gone = request(at(0), "GET", "/api/players/dan", &[], "").await;
    assert_eq!(gone.status, 404);
    let back = dan
        .browser
        .call(
            "POST",
            "/api/account/login",
            r#"{"name":"dora","password":"a long password"}"#,
        )
        .await;
    assert_eq!(back.status, 200, "{}", back.body);
    let me = dan.browser.call("GET", "/api/me", "").await.json();
    assert!(me.to_string().contains(r#""kind":"renamed""#), "{me}");

    // Bob insults Ana in a game; Ana reports him; Mia deletes his chat.
    let mut ana2p = account(at(1), "Ana2").await;
    ana2p
        .post("/api/quick", r#""game":"bell","clock":"1+0","#)
        .await;
    let paired = bob
        .post("/api/quick", r#""game":"bell","clock":"1+0","#)
        .await;
    let game = paired.json()["game"].as_str().expect("paired").to_string();
    let (mut bob_ws, _) = bob.sit(at(0), &game).await;
    let (mut ana_ws, _) = ana2p.sit(at(1), &game).await;
    for (ws, text) in [(&mut bob_ws, "rude words"), (&mut ana_ws, "please stop")] {
        send(
            ws,
            &ClientMessage::Chat {
                text: text.to_string(),
            },
        )
        .await;
    }
    // Both lines kept, on whichever process they came through.
    let chat_of = |report: &serde_json::Value| report["chat"].to_string();
    let mut kept = String::new();
    for _ in 0..50 {
        let id = report(&mut ana2p, "bob", Some(&game)).await;
        let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
        let listed = queue.json()["reports"]
            .as_array()
            .and_then(|r| r.iter().find(|r| r["id"] == id.as_str()).cloned())
            .expect("listed");
        kept = chat_of(&listed);
        if kept.contains("rude words") && kept.contains("please stop") {
            let deleted = act(&mut mia, &id, "delete_chat", "").await;
            assert_eq!(deleted.status, 200, "{}", deleted.body);
            break;
        }
        act(&mut mia, &id, "dismiss", "").await;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(kept.contains("rude words"), "{kept}");
    // A new report on that game carries Ana's line and not Bob's.
    let id = report(&mut ana2p, "bob", Some(&game)).await;
    let queue = mia.browser.call("GET", "/api/moderation/reports", "").await;
    let listed = queue.json()["reports"]
        .as_array()
        .and_then(|r| r.iter().find(|r| r["id"] == id.as_str()).cloned())
        .expect("listed");
    let now_kept = chat_of(&listed);
    assert!(now_kept.contains("please stop"), "{now_kept}");
    assert!(!now_kept.contains("rude words"), "{now_kept}");
}

#[tokio::test]
async fn heavier_actions_in_sqlite() {
    let database = fresh_database();
    let addr = start_adjusted(&database, |config| config.per_minute = 500).await;
    let path = database.clone();
    heavier_actions(&[addr], &database, move |name| {
        let db = rusqlite::Connection::open(&path).expect("opens");
        db.query_row(
            "SELECT rating FROM ratings WHERE user_key = ?1 AND game = 'classic'",
            [name],
            |r| r.get(0),
        )
        .ok()
    })
    .await;
}

#[tokio::test]
async fn heavier_actions_across_two_processes_in_postgresql() {
    let postgres = Postgres::start();
    let url = postgres.database("cheaters").await;
    // Loopback stands for a proxy, so that each player's browser comes from
    // a network of its own (two from one network would play unrated).
    let options = ["--per-minute", "500", "--trusted-proxy", "127.0.0.1"];
    let (_processes, addrs) = spawn_servers(&url, 2, &options).await;
    heavier_actions(&addrs, &url, |_| None).await;
}
