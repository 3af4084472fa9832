//! What a tournament refuses, each with its own reason: a player not
//! signed in, a tournament asked for wrongly or too often, joining twice,
//! a full, finished or private one, a block; and whom it stops pairing:
//! a paused player, one who did not move, two who blocked each other.

mod common;

use std::time::Duration;

use common::Player;

async fn make(maker: &mut Player, fields: &str) -> common::Reply {
    maker
        .browser
        .call("POST", "/api/tournaments", &format!("{{{fields}}}"))
        .await
}

async fn made(maker: &mut Player, fields: &str) -> String {
    let reply = make(maker, fields).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["id"].as_str().expect("an id").to_string()
}

async fn join(player: &mut Player, id: &str, extra: &str) -> common::Reply {
    let body = format!(r#"{{"token":"{}"{extra}}}"#, player.token);
    player
        .browser
        .call("POST", &format!("/api/tournaments/{id}/join"), &body)
        .await
}

async fn page(player: &mut Player, id: &str) -> serde_json::Value {
    let reply = player
        .browser
        .call("GET", &format!("/api/tournaments/{id}"), "")
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

const ARENA: &str =
    r#""kind":"arena","name":"Evening arena","game":"classic","clock":"3+2","minutes":30"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_refuse_each_wrong_request_with_its_reason() {
    let (addr, time) = common::start_timed(&common::fresh_database(), |_| {}).await;
    let mut guest = common::guest(addr, "Visitor");
    let refused = make(&mut guest, ARENA).await;
    assert_eq!(
        (refused.status, refused.refused()),
        (401, "log_in_first".into())
    );
    let mut ana = common::account(addr, "ana").await;
    for (fields, field) in [
        (
            r#""kind":"arena","name":"","game":"classic","clock":"3+2","minutes":30"#,
            "name",
        ),
        (
            r#""kind":"arena","name":"A","game":"chess","clock":"3+2","minutes":30"#,
            "game",
        ),
        (
            r#""kind":"arena","name":"A","game":"classic","clock":"3d","minutes":30"#,
            "clock",
        ),
        (
            r#""kind":"arena","name":"A","game":"classic","clock":"3+2","minutes":5"#,
            "minutes",
        ),
        (
            r#""kind":"arena","name":"A","game":"classic","clock":"3+2""#,
            "minutes",
        ),
        (
            r#""kind":"swiss","name":"A","game":"classic","clock":"3+2","rounds":40"#,
            "rounds",
        ),
        (&format!("{ARENA},\"starts_in\":999999"), "starts_in"),
        (
            &format!("{ARENA},\"rating_range\":[1800,1200]"),
            "rating_range",
        ),
        (&format!("{ARENA},\"max_players\":1"), "max_players"),
    ] {
        let reply = make(&mut ana, fields).await;
        assert_eq!(reply.status, 400, "{fields}: {}", reply.body);
        assert_eq!(reply.json()["field"], field, "{fields}: {}", reply.body);
    }
    let reply = make(&mut ana, r#""kind":"arena","name":"A","game":"turkish option queen_lands=any","clock":"3+2","minutes":30"#).await;
    assert_eq!(reply.refused(), "rated_without_options");
    // Five a day, then a specific refusal.
    let mut ids = Vec::new();
    for i in 0..5 {
        ids.push(made(&mut ana, &format!("{ARENA},\"starts_in\":{}", 600 + i)).await);
    }
    let sixth = make(&mut ana, ARENA).await;
    assert_eq!(
        (sixth.status, sixth.refused()),
        (429, "too_many_tournaments".into())
    );
    let listed = ana.browser.call("GET", "/api/tournaments", "").await.json();
    assert_eq!(listed["starting"].as_array().expect("a list").len(), 5);

    // Joining: twice, with a bad token, to no tournament.
    let mut bob = common::account(addr, "bob").await;
    let open = ids[0].clone();
    assert_eq!(join(&mut bob, &open, "").await.status, 200);
    let twice = join(&mut bob, &open, "").await;
    assert_eq!(
        (twice.status, twice.refused()),
        (409, "already_joined".into())
    );
    let bad = bob
        .browser
        .call(
            "POST",
            &format!("/api/tournaments/{open}/join"),
            r#"{"token":"x"}"#,
        )
        .await;
    assert_eq!(bad.refused(), "bad_seat_token");
    let none = join(&mut bob, "nosuchtournament", "").await;
    assert_eq!(
        (none.status, none.refused()),
        (404, "no_such_tournament".into())
    );
    let guest_join = join(&mut guest, &open, "").await;
    assert_eq!(guest_join.refused(), "log_in_first");
    // Pausing and withdrawing from one not joined.
    let not_in = ana
        .browser
        .call("POST", &format!("/api/tournaments/{open}/pause"), "")
        .await;
    assert_eq!(
        (not_in.status, not_in.refused()),
        (409, "not_in_tournament".into())
    );

    // A private one, a full one, one asking for rated games.
    let mut cem = common::account(addr, "cem").await;
    let mut dan = common::account(addr, "dan").await;
    let private = made(&mut cem, &format!("{ARENA},\"password\":\"sesame\"")).await;
    let wrong = join(&mut bob, &private, r#","password":"open""#).await;
    assert_eq!(
        (wrong.status, wrong.refused()),
        (403, "wrong_tournament_password".into())
    );
    assert_eq!(
        join(&mut bob, &private, "").await.refused(),
        "wrong_tournament_password"
    );
    assert_eq!(
        join(&mut bob, &private, r#","password":"sesame""#)
            .await
            .status,
        200
    );
    let full = made(&mut cem, &format!("{ARENA},\"max_players\":2")).await;
    assert_eq!(join(&mut bob, &full, "").await.status, 200);
    assert_eq!(join(&mut cem, &full, "").await.status, 200);
    let third = join(&mut dan, &full, "").await;
    assert_eq!(
        (third.status, third.refused()),
        (409, "tournament_full".into())
    );
    let seasoned = made(&mut cem, &format!("{ARENA},\"min_rated_games\":3")).await;
    let green = join(&mut dan, &seasoned, "").await;
    assert_eq!(green.status, 403);
    assert_eq!(green.json()["needed"], 3);

    // A Swiss that starts with one player is over at once, and refuses
    // joins.
    let lonely = made(
        &mut dan,
        r#""kind":"swiss","name":"Lonely","game":"bell","clock":"3+2","rounds":3"#,
    )
    .await;
    assert_eq!(join(&mut dan, &lonely, "").await.status, 200);
    for _ in 0..50 {
        if page(&mut dan, &lonely).await["summary"]["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let over = join(&mut bob, &lonely, "").await;
    assert_eq!(
        (over.status, over.refused()),
        (409, "tournament_over".into())
    );

    // A Swiss with a player one has blocked: refused.
    let swiss = made(
        &mut cem,
        r#""kind":"swiss","name":"Later","game":"bell","clock":"3+2","rounds":3,"starts_in":3000"#,
    )
    .await;
    assert_eq!(join(&mut bob, &swiss, "").await.status, 200);
    let blocked = cem
        .browser
        .call(
            "POST",
            "/api/relations",
            r#"{"player":"bob","kind":"block","on":true}"#,
        )
        .await;
    assert_eq!(blocked.status, 200, "{}", blocked.body);
    let apart = join(&mut cem, &swiss, "").await;
    assert_eq!((apart.status, apart.refused()), (403, "blocked".into()));
    let _ = time;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_no_paused_player_nor_one_who_did_not_move_nor_two_who_blocked() {
    let (addr, time) = common::start_timed(&common::fresh_database(), |_| {}).await;
    let mut ana = common::account(addr, "ana").await;
    let mut bob = common::account(addr, "bob").await;
    let mut cem = common::account(addr, "cem").await;
    let id = made(&mut ana, ARENA).await;
    // Ana and Bob blocked each other: with only them in, no game.
    let blocked = ana
        .browser
        .call(
            "POST",
            "/api/relations",
            r#"{"player":"bob","kind":"block","on":true}"#,
        )
        .await;
    assert_eq!(blocked.status, 200);
    assert_eq!(join(&mut ana, &id, "").await.status, 200);
    assert_eq!(join(&mut bob, &id, "").await.status, 200);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(page(&mut ana, &id).await["games"]
        .as_array()
        .expect("games")
        .is_empty());
    // Cy comes, and pauses before anyone is free to meet her... she is
    // paired with one of them at once.
    assert_eq!(join(&mut cem, &id, "").await.status, 200);
    let mut game = None;
    for _ in 0..50 {
        let p = page(&mut cem, &id).await;
        if let Some(g) = p["me"]["game"].as_str() {
            game = Some(g.to_string());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let game = game.expect("Cy is paired");
    let p = page(&mut cem, &id).await;
    let in_play = &p["games"][0];
    let pair = [in_play["white"].as_str(), in_play["black"].as_str()];
    assert!(pair.contains(&Some("cem")), "{pair:?}");
    // Nobody moves: the first move's time runs out; whoever had White
    // missed the game, and is paused.
    let white = in_play["white"].as_str().expect("a name").to_string();
    time.advance(31_000);
    let mut paused = false;
    for _ in 0..50 {
        let p = page(&mut cem, &id).await;
        let line = p["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .find(|l| l["name"] == white.as_str())
            .cloned()
            .expect("a line");
        if line["paused"] == true {
            paused = true;
            assert!(
                line["sheet"].as_array().expect("a sheet").is_empty(),
                "not scored"
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(paused, "{white} missed {game} and is paused");
    // For a while, the one who missed is in no game, and Ana and Bob
    // never meet.
    for _ in 0..15 {
        let p = page(&mut cem, &id).await;
        for g in p["games"].as_array().expect("games") {
            let names = [g["white"].as_str(), g["black"].as_str()];
            assert!(!names.contains(&Some(white.as_str())), "{p}");
            assert!(
                !(names.contains(&Some("ana")) && names.contains(&Some("bob"))),
                "{p}"
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Back from the pause by joining again; a pause by one's own press.
    let back = if white == "cem" {
        &mut cem
    } else if white == "ana" {
        &mut ana
    } else {
        &mut bob
    };
    let again = join(back, &id, "").await;
    assert_eq!(again.status, 200, "back from the pause");
    assert_eq!(again.json()["me"]["paused"], false);
    let paused = back
        .browser
        .call("POST", &format!("/api/tournaments/{id}/pause"), "")
        .await;
    assert_eq!(paused.status, 200);
    assert_eq!(paused.json()["me"]["paused"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_chat_takes_lines_from_accounts_not_muted_one_a_second() {
    let (addr, time) = common::start_timed(&common::fresh_database(), |_| {}).await;
    let mut ana = common::account(addr, "ana").await;
    let mut guest = common::guest(addr, "Visitor");
    let id = made(&mut ana, ARENA).await;
    let say = |text: &str| format!(r#"{{"text":{}}}"#, serde_json::json!(text));
    let path = format!("/api/tournaments/{id}/chat");
    let signed_out = guest.browser.call("POST", &path, &say("hello")).await;
    assert_eq!(signed_out.refused(), "log_in_first");
    let said = ana
        .browser
        .call("POST", &path, &say("  good luck all  "))
        .await;
    assert_eq!(said.status, 200, "{}", said.body);
    assert_eq!(said.json()["chat"][0]["text"], "good luck all");
    assert_eq!(said.json()["chat"][0]["name"], "ana");
    let again = ana.browser.call("POST", &path, &say("and again")).await;
    assert_eq!(
        (again.status, again.refused()),
        (429, "too_many_attempts".into())
    );
    time.advance(1_000);
    let blank = ana.browser.call("POST", &path, &say("   ")).await;
    assert_eq!((blank.status, blank.refused()), (400, "bad_chat".into()));
    let long = ana
        .browser
        .call("POST", &path, &say(&"x".repeat(141)))
        .await;
    assert_eq!(long.refused(), "bad_chat");
    let none = ana
        .browser
        .call("POST", "/api/tournaments/nope/chat", &say("hi"))
        .await;
    assert_eq!(none.refused(), "no_such_tournament");
    // Anyone sees it, signed in or not.
    let seen = page(&mut guest, &id).await;
    assert_eq!(seen["chat"].as_array().expect("a chat").len(), 1);
}
