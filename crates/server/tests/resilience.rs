//! Nothing is lost or doubled when connections fail or the server dies:
//! games played through more than a thousand random socket drops (many
//! between sending a move and its acknowledgement), and a server killed with
//! SIGKILL in the middle of a burst of moves and started again.

mod common;

use std::time::Duration;

use common::*;
use engine::Side;
use online_play::{
    ClientMessage, ErrorCode, Event, EventBody, MoveText, Role, Room, ServerMessage,
};

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

    /// Plays until the game is over, dropping the socket at random.
    async fn play(&mut self, addr: std::net::SocketAddr) {
        while !self.over() {
            let mut ws = open(addr).await;
            send(&mut ws, &self.hello()).await;
            if let Some(mv) = self.pending.clone() {
                // Sent before the last drop: again, with the same ply.
                send(&mut ws, &ClientMessage::Move(mv)).await;
            }
            loop {
                if let Some(action) = self.decide() {
                    send(&mut ws, &action).await;
                    if self.rng.chance(30) {
                        // Gone between sending and the acknowledgement.
                        break;
                    }
                }
                let Some(message) = try_next(&mut ws, Duration::from_millis(300)).await else {
                    continue;
                };
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_drops_lose_and_double_nothing() {
    let database = fresh_database();
    let addr = start_on(&database, 1000).await;
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
            tasks.push(tokio::spawn(async move {
                let (a, b) = tokio::join!(white.play(addr), black.play(addr));
                let _ = (a, b);
                (white, black)
            }));
        }
        for task in tasks {
            let (white, black) = tokio::time::timeout(Duration::from_secs(120), task)
                .await
                .expect("the game ends in time")
                .expect("the players do not panic");
            let stored = alquerque_server::Store::open(&database, Duration::from_secs(5))
                .expect("the database")
                .events(&white.game)
                .expect("events");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_keeps_every_acknowledged_move() {
    let database = fresh_database();
    let (mut server, addr) = spawn_server(&database, 10_000).await;
    const GAMES: usize = 12;
    let mut games = Vec::new();
    for i in 0..GAMES {
        games.push(seat_players(addr, 77 + i as u64).await);
    }
    // Every game plays a burst of moves; the acknowledged ones are noted.
    let (acked_tx, mut acked_rx) = tokio::sync::mpsc::unbounded_channel::<(String, u32, String)>();
    let mut tasks = Vec::new();
    for (white, black) in games.iter() {
        for player in [white, black] {
            let (game, token, side) = (player.game.clone(), player.token.clone(), player.side);
            let acked = acked_tx.clone();
            tasks.push(tokio::spawn(async move {
                let mut ws = open(addr).await;
                let mut room: Option<Room> = None;
                send(
                    &mut ws,
                    &ClientMessage::Hello {
                        game: game.clone(),
                        token: Some(token),
                        code: None,
                        last_v: None,
                    },
                )
                .await;
                let mut sent: Option<MoveText> = None;
                let mut rng = Rng(0x1234_5678 ^ game.len() as u64 ^ (side.index() as u64 + 1));
                while let Some(message) = try_next(&mut ws, Duration::from_secs(5)).await {
                    match message {
                        ServerMessage::Snapshot(s) => room = Room::from_snapshot(&s).ok(),
                        ServerMessage::Event(e) => {
                            if let Some(r) = room.as_mut() {
                                let _ = r.apply(&e.body);
                                if sent
                                    .as_ref()
                                    .is_some_and(|m| (m.ply as usize) < r.game.ply())
                                {
                                    sent = None;
                                }
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
                    if sent.is_none() && !r.is_over() && r.game.side_to_move() == side {
                        let Some(mv) = random_move(r, &mut rng) else {
                            continue;
                        };
                        sent = Some(mv.clone());
                        send(&mut ws, &ClientMessage::Move(mv)).await;
                    }
                }
            }));
        }
    }
    drop(acked_tx);
    // Kill the server in the middle of the burst.
    let mut acked = Vec::new();
    while acked.len() < 150 {
        match tokio::time::timeout(Duration::from_secs(20), acked_rx.recv()).await {
            Ok(Some(a)) => acked.push(a),
            _ => panic!("moves stopped being acknowledged after {}", acked.len()),
        }
    }
    server.start_kill().expect("SIGKILL");
    let _ = server.wait().await;
    // Acknowledgements already on their way count too.
    while let Ok(Some(a)) = tokio::time::timeout(Duration::from_millis(200), acked_rx.recv()).await
    {
        acked.push(a);
    }
    for task in tasks {
        let _ = task.await;
    }

    let (_server, addr) = spawn_server(&database, 10_000).await;
    for (white, black) in &games {
        let mut ws = open(addr).await;
        let welcome = hello(&mut ws, &white.game, Some(&white.token), None, None).await;
        assert!(matches!(
            welcome,
            ServerMessage::Welcome {
                role: Role::White,
                ..
            }
        ));
        let ServerMessage::Snapshot(snapshot) = next(&mut ws).await else {
            panic!("a snapshot");
        };
        let room = Room::from_snapshot(&snapshot).expect("the game replays");
        let history = room.game.coordinate_history();
        for (_, ply, turn) in acked.iter().filter(|(g, _, _)| *g == white.game) {
            assert_eq!(
                history.get(*ply as usize),
                Some(turn),
                "acknowledged move {ply} of {} survived",
                white.game
            );
        }
        // Play goes on: the side to move moves, and it is acknowledged.
        if room.is_over() {
            continue;
        }
        let mover = if room.game.side_to_move() == Side::White {
            (white.token.clone(), ws)
        } else {
            drop(ws);
            let mut bws = open(addr).await;
            hello(&mut bws, &black.game, Some(&black.token), None, None).await;
            next(&mut bws).await;
            (black.token.clone(), bws)
        };
        let (_, mut ws) = mover;
        let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
        let ply = room.game.ply() as u32;
        send(&mut ws, &ClientMessage::Move(MoveText { ply, turn })).await;
        assert_eq!(next(&mut ws).await, ServerMessage::Ack { ply });
    }
    println!(
        "{} acknowledged moves before the kill, all kept",
        acked.len()
    );
}
