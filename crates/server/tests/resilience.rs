//! Nothing is lost or doubled when connections fail or a server dies:
//! games played through more than a thousand random socket drops (many
//! between sending a move and its acknowledgement), and a server killed with
//! SIGKILL in the middle of a burst of moves. Each on one server with
//! SQLite, and across three server processes sharing PostgreSQL: there a
//! dropped client comes back through any process, and the clients of the
//! killed one carry on through the others.

mod common;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use alquerque_server::storage::Db;
use common::postgres::Postgres;
use common::*;
use engine::Side;
use futures_util::SinkExt;
use online_play::{ClientMessage, ErrorCode, Event, EventBody, MoveText, Room, ServerMessage};
use tokio::sync::mpsc;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// A small deterministic random source.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A legal move of the room's game, chosen at random, for the ply it is at;
/// `None` when the game has just ended (the event saying so comes next).
fn random_move(room: &Room, rng: &mut Rng) -> Option<MoveText> {
    let entries = room.game.entries();
    if entries.is_empty() {
        return None;
    }
    let entry = &entries[(rng.next() % entries.len() as u64) as usize];
    Some(MoveText {
        ply: room.game.ply() as u32,
        turn: room.game.turn_coordinates(entry.turn),
        lag: None,
    })
}

/// One player's client: the game as the server's events built it, every
/// event in the order applied, and the move waiting for its acknowledgement.
struct Player {
    game: String,
    token: String,
    side: Side,
    room: Option<Room>,
    seen: Vec<Event>,
    pending: Option<MoveText>,
    drops: u32,
    rng: Rng,
}

/// Plies after which the player on move resigns, so every game ends.
const RESIGN_AT: usize = 60;

impl Player {
    fn hello(&self) -> ClientMessage {
        ClientMessage::Hello {
            game: self.game.clone(),
            token: Some(self.token.clone()),
            code: None,
            last_v: self.room.as_ref().map(|r| r.v),
        }
    }

    fn over(&self) -> bool {
        self.room.as_ref().is_some_and(Room::is_over)
    }

    /// The pending move, once the server's game has gone past it.
    fn settle(&mut self) {
        if let (Some(room), Some(p)) = (&self.room, &self.pending) {
            if room.game.ply() as u32 != p.ply || room.is_over() {
                self.pending = None;
            }
        }
    }

    fn take(&mut self, message: ServerMessage) {
        match message {
            ServerMessage::Snapshot(snapshot) => {
                assert!(
                    self.room.is_none(),
                    "a reconnect with the last version gets events, not a snapshot"
                );
                self.room = Some(Room::from_snapshot(&snapshot).expect("a room"));
            }
            ServerMessage::Event(event) => {
                let room = self.room.as_mut().expect("a snapshot first");
                assert_eq!(event.v, room.v + 1, "events arrive without gaps or repeats");
                room.apply(&event.body).expect("the server's events apply");
                self.seen.push(event);
                self.settle();
            }
            // The move's event clears it (it may come after the ack).
            ServerMessage::Ack { .. } => self.settle(),
            ServerMessage::Error { code, .. } => {
                assert!(
                    matches!(code, ErrorCode::StalePly | ErrorCode::GameOver),
                    "only a repeated move may be refused, not {code}"
                );
                self.settle();
            }
            _ => {}
        }
    }

    /// What to send now: a new move (or resignation) when it is this
    /// player's turn and nothing is pending.
    fn decide(&mut self) -> Option<ClientMessage> {
        let room = self.room.as_ref()?;
        if room.is_over() || self.pending.is_some() || room.game.side_to_move() != self.side {
            return None;
        }
        if room.game.ply() >= RESIGN_AT {
            return Some(ClientMessage::Resign);
        }
        let mv = random_move(room, &mut self.rng)?;
        self.pending = Some(mv.clone());
        Some(ClientMessage::Move(mv))
    }

    /// Plays until the game is over, dropping the socket at random and
    /// coming back each time through one of `servers` at random.
    async fn play(&mut self, servers: &[SocketAddr]) {
        while !self.over() {
            let addr = servers[(self.rng.next() % servers.len() as u64) as usize];
            let mut ws = open(addr).await;
            send(&mut ws, &self.hello()).await;
            if let Some(mv) = self.pending.clone() {
                // Sent before the last drop: again, with the same ply.
                send(&mut ws, &ClientMessage::Move(mv)).await;
            }
            let mut quiet = 0;
            loop {
                if let Some(action) = self.decide() {
                    send(&mut ws, &action).await;
                    if self.rng.chance(30) {
                        // Gone between sending and the acknowledgement.
                        break;
                    }
                }
                let Some(message) = try_next(&mut ws, Duration::from_millis(300)).await else {
                    // Quiet (or closed) for long: come back on a new socket.
                    quiet += 1;
                    if quiet > 10 {
                        break;
                    }
                    continue;
                };
                quiet = 0;
                self.take(message);
                if self.over() || self.rng.chance(8) {
                    break;
                }
            }
            drop(ws);
            self.drops += 1;
        }
    }
}

async fn seat_players(addr: std::net::SocketAddr, seed: u64) -> (Player, Player) {
    let game = create(addr, "classic", false).await;
    let mut ws = open(addr).await;
    let welcome = hello(&mut ws, &game.id, None, Some(&game.code), None).await;
    let ServerMessage::Welcome {
        token: Some(black_token),
        ..
    } = welcome
    else {
        panic!("{welcome:?}");
    };
    drop(ws);
    let player = |token: String, side: Side, seed: u64| Player {
        game: game.id.clone(),
        token,
        side,
        room: None,
        seen: Vec::new(),
        pending: None,
        drops: 0,
        rng: Rng(seed | 1),
    };
    (
        player(game.token.clone(), Side::White, seed),
        player(black_token, Side::Black, seed.rotate_left(17)),
    )
}

/// The database's stored events of a game.
async fn stored(database: &str, game: &str) -> Vec<EventBody> {
    let (db, _) = Db::open(database, Duration::from_secs(5));
    db.events_after(game, 0).await.expect("events")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_drops_lose_and_double_nothing() {
    let database = fresh_database();
    let addr = start_on(&database, 1000).await;
    play_through_drops(&database, &[addr]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_drops_coming_back_through_any_of_three_processes() {
    let postgres = Postgres::start();
    let database = postgres.database("games").await;
    let (_processes, addrs) = spawn_servers(&database, 3, &["--per-minute", "1000"]).await;
    play_through_drops(&database, &addrs).await;
}

/// Games, four at a time, until their players' sockets have dropped a
/// thousand times: each player ends with the stored events, in order, and
/// the stored moves are each ply once.
async fn play_through_drops(database: &str, servers: &[SocketAddr]) {
    let addr = servers[0];
    let mut drops = 0;
    let mut games = 0;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    while drops < 1000 {
        // Four games at a time.
        let mut tasks = Vec::new();
        for _ in 0..4 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (mut white, mut black) = seat_players(addr, seed).await;
            let servers = servers.to_vec();
            tasks.push(tokio::spawn(async move {
                let (a, b) = tokio::join!(white.play(&servers), black.play(&servers));
                let _ = (a, b);
                (white, black)
            }));
        }
        for task in tasks {
            let (white, black) = tokio::time::timeout(Duration::from_secs(120), task)
                .await
                .expect("the game ends in time")
                .expect("the players do not panic");
            let stored = stored(database, &white.game).await;
            for player in [&white, &black] {
                for event in &player.seen {
                    assert_eq!(
                        Some(&event.body),
                        stored.get(event.v as usize - 1),
                        "{:?} saw event {} as stored",
                        player.side,
                        event.v
                    );
                }
                let last = player.seen.last().expect("events").v;
                assert_eq!(
                    last as usize,
                    stored.len(),
                    "every event reached the player"
                );
                let moves: Vec<u32> = stored
                    .iter()
                    .filter_map(|e| match e {
                        EventBody::Moved { ply, .. } => Some(*ply),
                        _ => None,
                    })
                    .collect();
                assert!(
                    moves.iter().enumerate().all(|(i, &p)| p as usize == i),
                    "each ply stored once, in order"
                );
            }
            let (w, b) = (white.room.expect("a room"), black.room.expect("a room"));
            assert_eq!(w.record(), b.record());
            assert_eq!(w.result, b.result);
            assert!(w.result.is_some());
            drops += white.drops + black.drops;
            games += 1;
        }
    }
    println!("{games} games, {drops} socket drops, nothing lost or doubled");
}

/// A move acknowledged to its player: game, ply, turn.
type Acked = (String, u32, String);

/// The servers a client may still reach.
type Alive = Arc<Mutex<Vec<SocketAddr>>>;

/// One player's client in a burst of moves: moves at once whenever on move,
/// noting every acknowledged move, until the game ends or reaches
/// `until_ply`. When its
/// socket ends it comes back through one of the servers still `alive`, with
/// its move again if unanswered; with none left, it stops.
async fn burst(
    player: (String, String, Side),
    alive: Alive,
    acked: mpsc::UnboundedSender<Acked>,
    until_ply: usize,
) {
    let (game, token, side) = player;
    let mut rng = Rng(0x1234_5678 ^ game.len() as u64 ^ (side.index() as u64 + 1));
    let mut room: Option<Room> = None;
    let mut sent: Option<MoveText> = None;
    'connections: loop {
        let addr = {
            let alive = alive.lock().expect("the list");
            if alive.is_empty() {
                return;
            }
            alive[(rng.next() % alive.len() as u64) as usize]
        };
        let Ok((mut ws, _)) = connect_async(format!("ws://{addr}/ws")).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let hello = ClientMessage::Hello {
            game: game.clone(),
            token: Some(token.clone()),
            code: None,
            last_v: room.as_ref().map(|r| r.v),
        };
        let mut outbox: Vec<ClientMessage> = vec![hello];
        outbox.extend(sent.clone().map(ClientMessage::Move));
        loop {
            for message in outbox.drain(..) {
                if ws
                    .send(Message::Text(message.to_text().into()))
                    .await
                    .is_err()
                {
                    continue 'connections;
                }
            }
            let Some(message) = try_next(&mut ws, Duration::from_secs(2)).await else {
                continue 'connections;
            };
            match message {
                ServerMessage::Snapshot(s) => room = Room::from_snapshot(&s).ok(),
                ServerMessage::Event(e) => {
                    if let Some(r) = room.as_mut() {
                        assert_eq!(e.v, r.v + 1, "events arrive without gaps or repeats");
                        r.apply(&e.body).expect("the server's events apply");
                    }
                }
                ServerMessage::Ack { ply } => {
                    if let Some(mv) = sent.as_ref().filter(|m| m.ply == ply) {
                        let _ = acked.send((game.clone(), mv.ply, mv.turn.clone()));
                    }
                }
                _ => {}
            }
            let Some(r) = room.as_ref() else { continue };
            if sent
                .as_ref()
                .is_some_and(|m| (m.ply as usize) < r.game.ply())
            {
                sent = None;
            }
            if r.is_over() || r.game.ply() >= until_ply {
                return;
            }
            if sent.is_none() && r.game.side_to_move() == side {
                if let Some(mv) = random_move(r, &mut rng) {
                    sent = Some(mv.clone());
                    outbox.push(ClientMessage::Move(mv));
                }
            }
        }
    }
}

const BURST_GAMES: usize = 12;
/// Plies the games go on to after a process is killed (unless they end).
const CARRY_ON_TO: usize = 100;

/// Seats the players of [`BURST_GAMES`] games and starts their bursts, all
/// on `first`; then, once 150 moves are acknowledged, kills `server`. The
/// games, the moves acknowledged so far, and what keeps noting them.
async fn burst_then_kill(
    first: SocketAddr,
    server: &mut tokio::process::Child,
    alive: &Alive,
    until_ply: usize,
) -> (
    Vec<(Player, Player)>,
    Vec<Acked>,
    mpsc::UnboundedReceiver<Acked>,
    Vec<tokio::task::JoinHandle<()>>,
) {
    let mut games = Vec::new();
    for i in 0..BURST_GAMES {
        games.push(seat_players(first, 77 + i as u64).await);
    }
    let (acked_tx, mut acked_rx) = mpsc::unbounded_channel();
    let mut tasks = Vec::new();
    for (white, black) in games.iter() {
        for player in [white, black] {
            let who = (player.game.clone(), player.token.clone(), player.side);
            tasks.push(tokio::spawn(burst(
                who,
                alive.clone(),
                acked_tx.clone(),
                until_ply,
            )));
        }
    }
    let mut acked = Vec::new();
    while acked.len() < 150 {
        match tokio::time::timeout(Duration::from_secs(20), acked_rx.recv()).await {
            Ok(Some(a)) => acked.push(a),
            _ => panic!("moves stopped being acknowledged after {}", acked.len()),
        }
    }
    alive.lock().expect("the list").retain(|a| *a != first);
    server.start_kill().expect("SIGKILL");
    let _ = server.wait().await;
    (games, acked, acked_rx, tasks)
}

/// Checks that every acknowledged move is stored at its ply.
async fn all_kept(database: &str, games: &[(Player, Player)], acked: &[Acked]) {
    for (white, _) in games {
        let history: Vec<(u32, String)> = stored(database, &white.game)
            .await
            .into_iter()
            .filter_map(|e| match e {
                EventBody::Moved { ply, turn } => Some((ply, turn)),
                _ => None,
            })
            .collect();
        assert!(
            history
                .iter()
                .enumerate()
                .all(|(i, (p, _))| *p as usize == i),
            "each ply stored once, in order"
        );
        for (_, ply, turn) in acked.iter().filter(|(g, _, _)| *g == white.game) {
            assert_eq!(
                history.get(*ply as usize).map(|(_, t)| t),
                Some(turn),
                "acknowledged move {ply} of {} kept",
                white.game
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_keeps_every_acknowledged_move() {
    let database = fresh_database();
    let (mut server, addr) = spawn_server(&database, 10_000).await;
    let alive: Alive = Arc::new(Mutex::new(vec![addr]));
    let (games, mut acked, mut acked_rx, tasks) =
        burst_then_kill(addr, &mut server, &alive, usize::MAX).await;
    // With no server left, the clients stop; acknowledgements already on
    // their way count too.
    for task in tasks {
        task.await.expect("the clients do not panic");
    }
    while let Ok(a) = acked_rx.try_recv() {
        acked.push(a);
    }
    all_kept(&database, &games, &acked).await;

    // Started again, the server plays on: the side to move moves, and it
    // is acknowledged.
    let (_server, addr) = spawn_server(&database, 10_000).await;
    for (white, black) in &games {
        let mut ws = open(addr).await;
        hello(&mut ws, &white.game, Some(&white.token), None, None).await;
        let ServerMessage::Snapshot(snapshot) = next(&mut ws).await else {
            panic!("a snapshot");
        };
        let room = Room::from_snapshot(&snapshot).expect("the game replays");
        if room.is_over() {
            continue;
        }
        if room.game.side_to_move() == Side::Black {
            ws = open(addr).await;
            hello(&mut ws, &black.game, Some(&black.token), None, None).await;
            next(&mut ws).await;
        }
        let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
        let ply = room.game.ply() as u32;
        send(
            &mut ws,
            &ClientMessage::Move(MoveText {
                ply,
                turn,
                lag: None,
            }),
        )
        .await;
        assert_eq!(next(&mut ws).await, ServerMessage::Ack { ply });
    }
    println!(
        "{} acknowledged moves before the kill, all kept",
        acked.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_s_clients_carry_on_through_the_others() {
    let postgres = Postgres::start();
    let database = postgres.database("games").await;
    let (mut processes, addrs) = spawn_servers(&database, 3, &["--per-minute", "10000"]).await;
    let alive: Alive = Arc::new(Mutex::new(addrs.clone()));
    let (games, mut acked, mut acked_rx, tasks) =
        burst_then_kill(addrs[0], &mut processes[0], &alive, CARRY_ON_TO).await;
    let before = acked.len();
    // Every client was on the killed process: they come back through the
    // other two, and every game goes on to its end or to CARRY_ON_TO.
    for task in tasks {
        tokio::time::timeout(Duration::from_secs(60), task)
            .await
            .expect("the games go on")
            .expect("the clients do not panic");
    }
    while let Ok(a) = acked_rx.try_recv() {
        acked.push(a);
    }
    all_kept(&database, &games, &acked).await;
    for (white, _) in &games {
        let events = stored(&database, &white.game).await;
        let moves = events
            .iter()
            .filter(|e| matches!(e, EventBody::Moved { .. }))
            .count();
        let ended = events.iter().any(|e| matches!(e, EventBody::Ended { .. }));
        assert!(
            ended || moves >= CARRY_ON_TO,
            "{} went on: {moves} moves",
            white.game
        );
    }
    println!(
        "{before} acknowledged moves before the kill and {} after, through the other processes, all kept",
        acked.len() - before
    );
}
