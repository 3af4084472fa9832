//! Several server processes on one PostgreSQL database (here two servers
//! in this process, each with its own games in memory and its own
//! notifications connection): a game played with each player on a
//! different server, every event reaching both; and two servers racing
//! moves for the same ply, of which exactly one is stored; presence,
//! claims and spectators' suggestions counted across servers.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::postgres::Postgres;
use common::*;
use online_play::{ClientMessage, ErrorCode, EventBody, MoveText, Role, ServerMessage, Suggestion};

/// A PostgreSQL, two servers on one database of it, and a Classic game
/// created on the first.
async fn two_servers() -> (Postgres, SocketAddr, SocketAddr, Created) {
    let postgres = Postgres::start();
    let url = postgres.database("games").await;
    let (one, two) = (start_on(&url, 30).await, start_on(&url, 30).await);
    let game = create(one, "classic", false).await;
    (postgres, one, two, game)
}

/// The next event, skipping everything else.
async fn event(ws: &mut Socket) -> online_play::Event {
    match next_where(ws, |m| matches!(m, ServerMessage::Event(_))).await {
        ServerMessage::Event(e) => e,
        _ => unreachable!("an event"),
    }
}

/// The event numbered `v`, skipping everything before it.
async fn event_at(ws: &mut Socket, v: u64) -> online_play::Event {
    match next_where(ws, |m| matches!(m, ServerMessage::Event(e) if e.v == v)).await {
        ServerMessage::Event(e) => e,
        _ => unreachable!("an event"),
    }
}

#[tokio::test]
async fn players_on_two_servers_play_one_game() {
    let (_postgres, one, two, game) = two_servers().await;
    let mut white = open(one).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    // Black joins through the other server.
    let mut black = open(two).await;
    let welcome = hello(&mut black, "", None, Some(&game.code), None).await;
    assert_eq!(welcomed_as(&welcome), Some(Role::Black), "{welcome:?}");
    let joined = event(&mut white).await;
    assert_eq!(
        (joined.v, joined.body),
        (2, EventBody::Joined { side: Role::Black })
    );

    // Moves cross from one server to the other and back.
    send(&mut white, &mv(0, "c2-c3")).await;
    let moved = event(&mut black).await;
    assert_eq!(moved.v, 3);
    send(&mut black, &mv(1, "c4xc2")).await;
    let moved = event_at(&mut white, 4).await;
    assert_eq!(
        (moved.v, moved.body),
        (
            4,
            EventBody::Moved {
                ply: 1,
                turn: "c4xc2".to_string()
            }
        )
    );
    // A spectator on either server sees the same game.
    for addr in [one, two] {
        let mut watcher = open(addr).await;
        hello(&mut watcher, &game.id, None, None, None).await;
        let snapshot = next_where(&mut watcher, |m| matches!(m, ServerMessage::Snapshot(_))).await;
        assert!(
            matches!(&snapshot, ServerMessage::Snapshot(s) if s.v == 4 && s.record == "classic moves c2-c3 c4xc2"),
            "{snapshot:?}"
        );
    }
}

#[tokio::test]
async fn two_servers_racing_for_one_ply_store_one_move() {
    let (_postgres, one, two, game) = two_servers().await;
    let mut black = open(one).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    // White holds its seat on both servers at once.
    let mut white_one = open(one).await;
    hello(&mut white_one, &game.id, Some(&game.token), None, None).await;
    let mut white_two = open(two).await;
    hello(&mut white_two, &game.id, Some(&game.token), None, None).await;
    // Both send a first move at the same moment.
    let (first, other) = (mv(0, "c2-c3"), mv(0, "d2-c3"));
    tokio::join!(send(&mut white_one, &first), send(&mut white_two, &other));
    let answer = |m: &ServerMessage| {
        matches!(m, ServerMessage::Ack { .. }) || matches!(m, ServerMessage::Error { .. })
    };
    let (a, b) = tokio::join!(
        next_where(&mut white_one, answer),
        next_where(&mut white_two, answer)
    );
    let acks = [&a, &b]
        .iter()
        .filter(|m| matches!(m, ServerMessage::Ack { .. }))
        .count();
    assert_eq!(acks, 1, "exactly one is taken: {a:?} / {b:?}");
    let refused = if matches!(a, ServerMessage::Ack { .. }) {
        &b
    } else {
        &a
    };
    assert!(
        matches!(
            error_code(refused),
            Some(ErrorCode::StalePly | ErrorCode::NotYourTurn | ErrorCode::Unavailable)
        ),
        "{refused:?}"
    );
    // Black hears one move, and the store holds one.
    let moved = event(&mut black).await;
    assert!(matches!(moved.body, EventBody::Moved { ply: 0, .. }));
    assert!(
        try_next(&mut black, Duration::from_millis(500))
            .await
            .is_none_or(|m| !matches!(m, ServerMessage::Event(_))),
        "no second move"
    );
    let mut watcher = open(two).await;
    hello(&mut watcher, &game.id, None, None, None).await;
    let snapshot = next_where(&mut watcher, |m| matches!(m, ServerMessage::Snapshot(_))).await;
    assert!(
        matches!(&snapshot, ServerMessage::Snapshot(s) if s.v == 3),
        "{snapshot:?}"
    );
}

#[tokio::test]
async fn events_still_arrive_when_the_notifications_connection_is_killed() {
    let (postgres, one, two, game) = two_servers().await;
    let mut white = open(one).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(two).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    event_at(&mut white, 2).await;

    // Every listening connection is ended by the database.
    let (admin, connection) =
        tokio_postgres::connect(&postgres.url("games"), tokio_postgres::NoTls)
            .await
            .expect("connects");
    tokio::spawn(connection);
    let killed = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'",
            &[],
        )
        .await
        .expect("terminated");
    assert_eq!(killed.len(), 2, "both servers were listening");

    // Moves made meanwhile on the other server still reach White.
    send(&mut white, &mv(0, "c2-c3")).await;
    event_at(&mut black, 3).await;
    send(&mut black, &mv(1, "c4xc2")).await;
    let moved = tokio::time::timeout(Duration::from_secs(10), event_at(&mut white, 4))
        .await
        .expect("the move arrives after the listening connection is made again");
    assert!(matches!(moved.body, EventBody::Moved { ply: 1, .. }));
}

#[tokio::test]
async fn presence_and_claims_count_every_server() {
    let (_postgres, one, two, game) = two_servers().await;
    let mut white = open(one).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(two).await;
    hello(&mut black, "", None, Some(&game.code), None).await;
    // Each side sees the other present, though on another server.
    let both = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && p.black);
    next_where(&mut white, both).await;
    next_where(&mut black, both).await;

    // Black stays (pinging, as the page does): past the claim delay,
    // White may still not claim.
    for _ in 0..6 {
        send(&mut black, &online_play::ClientMessage::Ping).await;
        send(&mut white, &online_play::ClientMessage::Ping).await;
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    send(
        &mut white,
        &online_play::ClientMessage::Claim { draw: false },
    )
    .await;
    let refused = next_where(&mut white, |m| error_code(m).is_some()).await;
    assert_eq!(error_code(&refused), Some(ErrorCode::NotNow));

    // Black leaves: White, on the other server, hears it and may claim.
    drop(black);
    let gone = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.white && !p.black);
    next_where(&mut white, gone).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    send(
        &mut white,
        &online_play::ClientMessage::Claim { draw: false },
    )
    .await;
    let ended = next_where(
        &mut white,
        |m| matches!(m, ServerMessage::Event(e) if matches!(e.body, EventBody::Ended { .. })),
    )
    .await;
    assert!(matches!(ended, ServerMessage::Event(_)), "{ended:?}");
}

fn suggest(ply: u32, turn: &str) -> ClientMessage {
    ClientMessage::Suggest(MoveText {
        ply,
        turn: turn.into(),
        lag: None,
    })
}

#[tokio::test]
async fn suggestions_made_through_every_server_reach_the_player() {
    let postgres = Postgres::start();
    let url = postgres.database("games").await;
    let (one, two) = (start_on(&url, 30).await, start_on(&url, 30).await);
    let game = create(one, "classic", true).await;
    let mut white = open(one).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut black = open(two).await;
    hello(&mut black, "", None, Some(&game.code), None).await;

    // Three spectators on the other server and one on White's.
    let mut crowd = Vec::new();
    for addr in [two, two, two, one] {
        let mut watcher = open(addr).await;
        hello(&mut watcher, &game.id, None, None, None).await;
        crowd.push(watcher);
    }
    for (watcher, turn) in crowd.iter_mut().zip(["c2-c3", "c2-c3", "d2-c3", "c2-c3"]) {
        send(watcher, &suggest(0, turn)).await;
    }
    let counted = [("c2-c3", 3), ("d2-c3", 1)].map(|(turn, count)| Suggestion {
        turn: turn.into(),
        count,
    });
    // Well within the five seconds between presence sayings: suggestions
    // are shared as they come.
    let tally = tokio::time::timeout(
        Duration::from_secs(2),
        next_where(
            &mut white,
            |m| matches!(m, ServerMessage::Suggestions { ply: 0, list } if list[..] == counted[..]),
        ),
    )
    .await;
    assert!(
        tally.is_ok(),
        "White hears every server's suggestions counted together"
    );

    // A spectator over there leaves: its suggestion is no longer counted.
    crowd.remove(2);
    let fewer = [Suggestion {
        turn: "c2-c3".into(),
        count: 3,
    }];
    let tally = tokio::time::timeout(
        Duration::from_secs(5),
        next_where(
            &mut white,
            |m| matches!(m, ServerMessage::Suggestions { ply: 0, list } if list[..] == fewer[..]),
        ),
    )
    .await;
    assert!(tally.is_ok(), "the one who left is not counted");

    // After White's move the last ply's suggestions count no more: Black
    // hears only those for the new ply.
    send(&mut white, &mv(0, "c2-c3")).await;
    event_at(&mut black, 3).await;
    for watcher in &mut crowd {
        event_at(watcher, 3).await;
    }
    send(&mut crowd[2], &suggest(1, "c4xc2")).await;
    let only = [Suggestion {
        turn: "c4xc2".into(),
        count: 1,
    }];
    let tally = tokio::time::timeout(
        Duration::from_secs(5),
        next_where(&mut black, |m| {
            matches!(m, ServerMessage::Suggestions { .. })
        }),
    )
    .await
    .expect("Black hears the tally");
    assert!(
        matches!(&tally, ServerMessage::Suggestions { ply: 1, list } if list[..] == only[..]),
        "{tally:?}"
    );
}

#[tokio::test]
async fn a_killed_server_is_forgotten() {
    let postgres = Postgres::start();
    let url = postgres.database("games").await;
    let one = start_on(&url, 30).await;
    let (mut other, two) = spawn_server(&url, 30).await;
    let game = create(one, "classic", false).await;
    let mut white = open(one).await;
    hello(&mut white, &game.id, Some(&game.token), None, None).await;
    let mut watcher = open(two).await;
    hello(&mut watcher, &game.id, None, None, None).await;
    let watched = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.watchers == 1);
    next_where(&mut white, watched).await;

    // The other server dies without a word: after it has stayed silent
    // long enough, its spectator is no longer counted.
    other.start_kill().expect("killed");
    let forgotten = |m: &ServerMessage| matches!(m, ServerMessage::Presence(p) if p.watchers == 0);
    let limit = alquerque_server::games::hub::PRESENCE_BELIEVED
        + alquerque_server::games::hub::PRESENCE_EVERY * 2;
    let mut pinging = tokio::time::interval(Duration::from_secs(2));
    let heard = tokio::time::timeout(limit, async {
        loop {
            tokio::select! {
                _ = pinging.tick() => send(&mut white, &ClientMessage::Ping).await,
                m = next_any(&mut white) => if forgotten(&m) { break },
            }
        }
    })
    .await;
    assert!(
        heard.is_ok(),
        "the dead server's spectator is forgotten within {limit:?}"
    );
}
