//! Games with clocks over real sockets, on either store, on a server whose
//! time the test moves: the clocks set when both seats are taken, each move
//! charged with the increment and only the lag the server measured given
//! back (never what the client claims), a reconnect
//! shown the clocks as they stand, the flag falling with nobody moving, and
//! a first move never made calling the game off.

mod common;

use std::time::Duration;

use alquerque_server::time::Time;
use common::*;
use online_play::{ClientMessage, EndReason, EventBody, GameResult, MoveText, ServerMessage};

const T0: u64 = 1_800_000_000_000;

async fn server(database: &str) -> (std::net::SocketAddr, Time) {
    let time = Time::manual(T0);
    let clock = time.clone();
    // No pings of the server's own: no lag is measured, so none is given.
    let addr = start_adjusted(database, move |config| {
        config.time = clock;
        config.ping_every = Duration::from_secs(3600);
    })
    .await;
    (addr, time)
}

/// A game with clocks: its id, and White's socket and Black's, both
/// welcomed.
async fn timed_game(
    addr: std::net::SocketAddr,
    game: &str,
    clock: &str,
) -> (String, Socket, Socket) {
    let body = format!(r#"{{"game":"{game}","side":"white","clock":"{clock}"}}"#);
    let (status, reply) = http(addr, "POST", "/api/games", &body).await;
    assert_eq!(status, 200, "{reply}");
    let created: serde_json::Value = serde_json::from_str(&reply).expect("JSON");
    let (id, token, code) = (
        created["id"].as_str().expect("an id"),
        created["token"].as_str().expect("a token"),
        created["code"].as_str().expect("a code"),
    );
    let mut white = open(addr).await;
    hello(&mut white, id, Some(token), None, None).await;
    let mut black = open(addr).await;
    let welcome = hello(&mut black, "", None, Some(code), None).await;
    assert!(welcomed_as(&welcome).is_some(), "{welcome:?}");
    (id.to_string(), white, black)
}

/// A legal turn in `game` (its first), played there too.
fn some_turn(game: &mut engine::AnyGame) -> String {
    let turn = game.entries()[0].turn;
    let text = game.turn_coordinates(turn);
    game.play(turn).expect("legal");
    text
}

/// The next clock event, as White and Black both hear it.
async fn clocks_heard(white: &mut Socket, black: &mut Socket) -> EventBody {
    let heard = event(white, clock_event).await;
    assert_eq!(event(black, clock_event).await, heard);
    heard
}

fn clock_event(body: &EventBody) -> bool {
    matches!(body, EventBody::Clock { .. })
}

fn timed_move(ply: u32, turn: &str, lag: u32) -> ClientMessage {
    ClientMessage::Move(MoveText {
        ply,
        turn: turn.to_string(),
        lag: Some(lag),
    })
}

#[tokio::test]
async fn clocks_in_sqlite() {
    clocks(&fresh_database()).await;
}

#[tokio::test]
async fn clocks_in_postgresql() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("clocks").await;
    clocks(&url).await;
}

async fn clocks(database: &str) {
    let (addr, time) = server(database).await;
    let (id, mut white, mut black) = timed_game(addr, "classic", "1+2").await;
    let mut game = engine::AnyGame::from_record_line("classic").expect("a game");
    // Both seated: both clocks full, none running yet (Black, who has
    // just joined, sees them in its snapshot).
    let ServerMessage::Snapshot(joined) = next(&mut black).await else {
        panic!("a snapshot for the one who joined");
    };
    let view = joined.clock.expect("clocks");
    assert_eq!((view.left, view.running), ([60_000, 60_000], None));
    let set = event(&mut white, clock_event).await;
    assert_eq!(
        set,
        EventBody::Clock {
            at: T0,
            left: [60_000, 60_000]
        }
    );

    // White's first move is free and starts Black's clock.
    time.advance(4_000);
    send(&mut white, &timed_move(0, &some_turn(&mut game), 0)).await;
    let first = clocks_heard(&mut white, &mut black).await;
    assert_eq!(
        first,
        EventBody::Clock {
            at: T0 + 4_000,
            left: [60_000, 60_000]
        }
    );

    // Black answers 10 s later claiming 300 ms of lag the server never
    // measured: charged 10 s, given 2 s.
    time.advance(10_000);
    send(&mut black, &timed_move(1, &some_turn(&mut game), 300)).await;
    let second = clocks_heard(&mut white, &mut black).await;
    assert_eq!(
        second,
        EventBody::Clock {
            at: T0 + 14_000,
            left: [60_000, 52_000]
        }
    );

    // White takes 2 s and claims 9 s of lag: none of it counts.
    time.advance(2_000);
    send(&mut white, &timed_move(2, &some_turn(&mut game), 9_000)).await;
    let third = clocks_heard(&mut white, &mut black).await;
    assert_eq!(
        third,
        EventBody::Clock {
            at: T0 + 16_000,
            left: [60_000, 52_000]
        },
        "2 s charged, 2 s given"
    );

    // A spectator arriving a second later sees the clocks as they stand.
    time.advance(1_000);
    let mut watcher = open(addr).await;
    hello(&mut watcher, &id, None, None, None).await;
    let ServerMessage::Snapshot(snapshot) = next(&mut watcher).await else {
        panic!("a snapshot first");
    };
    let view = snapshot.clock.expect("clocks");
    assert_eq!(view.control.to_string(), "1+2");
    assert_eq!(view.left, [60_000, 51_000]);
    assert_eq!(view.running, Some(online_play::Role::Black));

    // Black never moves again: once its 51 s and a late move's allowance
    // have passed, the game ends without anyone saying a word.
    time.advance(51_000 + 499);
    while let Some(message) = try_next(&mut white, Duration::from_millis(300)).await {
        let over = matches!(&message, ServerMessage::Event(e) if matches!(e.body, EventBody::Ended { .. }));
        assert!(!over, "not before its time");
    }
    time.advance(1);
    let ended = event(&mut white, |b| matches!(b, EventBody::Ended { .. })).await;
    assert_eq!(
        ended,
        EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime
        }
    );
    let heard = event(&mut black, |b| matches!(b, EventBody::Ended { .. })).await;
    assert_eq!(heard, ended);
    let seen = event(&mut watcher, |b| matches!(b, EventBody::Ended { .. })).await;
    assert_eq!(seen, ended);

    // A timed game whose first move never comes is called off.
    let (_, mut white, _black) = timed_game(addr, "qirkat", "3+0").await;
    event(&mut white, clock_event).await;
    time.advance(online_play::room::FIRST_MOVE_MS);
    let called_off = event(&mut white, |b| matches!(b, EventBody::Ended { .. })).await;
    assert_eq!(
        called_off,
        EventBody::Ended {
            result: GameResult::NoResult,
            reason: EndReason::Aborted
        }
    );
}

#[tokio::test]
async fn a_time_control_out_of_range_is_refused() {
    let (addr, _time) = server(&fresh_database()).await;
    for clock in ["0+5", "31+0", "5+21", "fast"] {
        let body = format!(r#"{{"game":"classic","clock":"{clock}"}}"#);
        let (status, _) = http(addr, "POST", "/api/games", &body).await;
        assert_eq!(status, 400, "{clock}");
    }
}

const DAY: u64 = 24 * 60 * 60 * 1000;

#[tokio::test]
async fn correspondence_deadlines_pass_across_a_restart_in_sqlite() {
    correspondence_across_a_restart(&fresh_database()).await;
}

#[tokio::test]
async fn correspondence_deadlines_pass_across_a_restart_in_postgresql() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database("days").await;
    correspondence_across_a_restart(&url).await;
}

/// A server on `database` whose time stands at `at` until moved; and the
/// task that serves it.
async fn server_at(
    database: &str,
    at: u64,
) -> (std::net::SocketAddr, Time, alquerque_server::http::Serving) {
    let time = Time::manual(at);
    let mut config = alquerque_server::Config::new(([127, 0, 0, 1], 0).into(), database);
    config.time = time.clone();
    let (addr, serving) = alquerque_server::serve(config).await.expect("serves");
    (addr, time, serving)
}

/// Two correspondence games, each with White's first move made: one whose
/// day runs out while no server runs, one whose three days do not; the
/// server that starts afterwards ends the first at once and the second
/// when its time comes.
async fn correspondence_across_a_restart(database: &str) {
    let (addr, _time, serving) = server_at(database, T0).await;
    let mut ids = Vec::new();
    for days in ["1d", "3d"] {
        let (id, mut white, mut black) = timed_game(addr, "classic", days).await;
        let mut game = engine::AnyGame::from_record_line("classic").expect("a game");
        send(&mut white, &timed_move(0, &some_turn(&mut game), 0)).await;
        clocks_heard(&mut white, &mut black).await;
        ids.push(id);
    }
    // The server stops; two days pass.
    serving.abort();
    let (addr, time, _serving) = server_at(database, T0 + 2 * DAY).await;
    // Before anyone asks after it, the new server ends the game whose day
    // ran out (the site's statistics count it).
    let mut counted = false;
    for _ in 0..50 {
        let stats = request(addr, "GET", "/api/stats", &[], "").await.json();
        if stats["games"]["classic"]["played"] == 1 {
            counted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(counted, "ended on the server's own");
    let ended = |snapshot: &online_play::Snapshot| snapshot.result.zip(snapshot.reason);
    let snapshot_of = |id: String| async move {
        let mut ws = open(addr).await;
        hello(&mut ws, &id, None, None, None).await;
        let ServerMessage::Snapshot(snapshot) = next(&mut ws).await else {
            panic!("a snapshot");
        };
        (ws, snapshot)
    };
    let (_, one_day) = snapshot_of(ids[0].clone()).await;
    assert_eq!(
        ended(&one_day),
        Some((GameResult::WhiteWins, EndReason::OutOfTime)),
        "Black's day ran out while no server ran"
    );
    let (mut watcher, three_days) = snapshot_of(ids[1].clone()).await;
    assert_eq!(ended(&three_days), None);
    let left = three_days.clock.expect("clocks").left[1];
    assert_eq!(left, DAY, "a day of Black's three is left");
    time.advance(DAY + 500);
    let over = event(&mut watcher, |b| matches!(b, EventBody::Ended { .. })).await;
    assert_eq!(
        over,
        EventBody::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime
        }
    );
}
