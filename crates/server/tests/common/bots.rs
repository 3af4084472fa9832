//! Tournament players for the tests: accounts that join a tournament and
//! play every game it pairs them in with random legal moves, through the
//! public protocol, and note each game as they saw it end.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use online_play::{EventBody, GameResult, Role, ServerMessage};

use super::{mv, send, try_next, welcomed_as, Player};

/// A game as one of its players saw it end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub game: String,
    /// The player who saw it, and their side.
    pub player: String,
    pub role: Role,
    pub result: GameResult,
    pub plies: usize,
    /// The player went berserk in it.
    pub berserk: bool,
}

/// A small random source of the test's own (no two bots alike).
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// How a bot plays: whether it goes berserk, how long it waits before
/// each move, and how long it gives a game.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub berserk: bool,
    pub pace: Duration,
    pub within: Duration,
}

/// Plays `game` as the seat `token` holds, with random legal moves, until
/// it ends (or `within` passes: `None`); the game as seen.
pub async fn play_out(
    addr: std::net::SocketAddr,
    token: &str,
    game: &str,
    player: &str,
    dice: &mut Dice,
    style: Style,
) -> Option<Seen> {
    let Style {
        berserk: go_berserk,
        pace,
        within,
    } = style;
    let mut ws = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .ok()?
        .0;
    send(
        &mut ws,
        &online_play::ClientMessage::Hello {
            game: game.to_string(),
            token: Some(token.to_string()),
            code: None,
            last_v: None,
        },
    )
    .await;
    let role = welcomed_as(&try_next(&mut ws, Duration::from_secs(10)).await?)?;
    let mine = match role {
        Role::White => engine::Side::White,
        Role::Black => engine::Side::Black,
        Role::Spectator => return None,
    };
    let mut board: Option<engine::AnyGame> = None;
    let mut sent_at: Option<usize> = None;
    let mut berserk = false;
    let mut asked_berserk = false;
    let deadline = tokio::time::Instant::now() + within;
    loop {
        // A process gone (killed) or a silent one: the caller sits again.
        let message = tokio::time::timeout_at(deadline, try_next(&mut ws, Duration::from_secs(10)))
            .await
            .ok()??;
        let mut ended = None;
        match message {
            ServerMessage::Snapshot(s) => {
                board = engine::AnyGame::from_record_line(&s.record).ok();
                ended = s.result;
                berserk |= s.berserk[usize::from(mine == engine::Side::Black)];
            }
            ServerMessage::Event(e) => match e.body {
                EventBody::Moved { ply, turn } => {
                    let b = board.as_mut()?;
                    if ply as usize == b.ply() {
                        let parsed = b.parse(&turn).ok()?;
                        b.play(parsed).ok()?;
                    }
                }
                EventBody::Ended { result, .. } => ended = Some(result),
                EventBody::Berserked { by } if by == role => berserk = true,
                _ => {}
            },
            _ => {}
        }
        let b = board.as_mut()?;
        if let Some(result) = ended {
            return Some(Seen {
                game: game.to_string(),
                player: player.to_string(),
                role,
                result,
                plies: b.ply(),
                berserk,
            });
        }
        if go_berserk && !asked_berserk && b.ply() <= 1 {
            asked_berserk = true;
            send(&mut ws, &online_play::ClientMessage::Berserk).await;
            continue;
        }
        if b.side_to_move() == mine && b.outcome().is_none() && sent_at != Some(b.ply()) {
            let entries = b.entries();
            if entries.is_empty() {
                continue;
            }
            let turn = entries[dice.below(entries.len())].turn;
            let text = b.turn_coordinates(turn);
            sent_at = Some(b.ply());
            tokio::time::sleep(pace).await;
            send(&mut ws, &mv(b.ply() as u32, &text)).await;
        }
    }
}

/// A tournament player: joins `tournament`, then plays each game it is
/// paired in until the tournament is over (or `stop` is set); every game
/// seen goes to `seen`. `pause_after` games, it pauses instead.
pub async fn compete(
    mut player: Player,
    tournament: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    seed: u64,
    addrs: Arc<Mutex<Vec<std::net::SocketAddr>>>,
) -> Player {
    let mut dice = Dice::new(seed);
    let joined = player
        .browser
        .call(
            "POST",
            &format!("/api/tournaments/{tournament}/join"),
            &format!(r#"{{"token":"{}"}}"#, player.token),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let mut played: HashSet<String> = HashSet::new();
    // A game whose socket was lost: sat at again (over, it tells its end).
    let mut unfinished: Option<(String, u32)> = None;
    let mut turn = 0usize;
    loop {
        // Any of the processes answers (a killed one is passed over).
        turn += 1;
        let addr = {
            let addrs = addrs.lock().expect("addresses");
            addrs[(seed as usize + turn) % addrs.len()]
        };
        player.browser.addr = addr;
        let page = player
            .browser
            .call("GET", &format!("/api/tournaments/{tournament}"), "")
            .await;
        if page.status != 200 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let page = page.json();
        if page["summary"]["status"] == "finished" {
            return player;
        }
        let game = page["me"]["game"].as_str().map(str::to_string);
        let again = unfinished.take().filter(|(_, tries)| *tries < 5);
        let tries = again.as_ref().map_or(0, |(_, t)| *t);
        let game = again.map(|(g, _)| g).or(game);
        match game.filter(|g| !played.contains(g)) {
            Some(game) => {
                let name = player.name.clone();
                let within = Duration::from_secs(60);
                // Every other player goes berserk in each game.
                let berserk = seed % 2 == 0;
                let style = Style {
                    berserk,
                    // Within the socket's allowance of messages a second.
                    pace: Duration::from_millis(60),
                    within,
                };
                let seen_game = play_out(addr, &player.token, &game, &name, &mut dice, style).await;
                match seen_game {
                    Some(s) => {
                        played.insert(game);
                        seen.lock().expect("a list").push(s);
                    }
                    None => unfinished = Some((game, tries + 1)),
                }
            }
            None => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}
