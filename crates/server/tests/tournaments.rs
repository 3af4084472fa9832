//! Whole tournaments played by 16 clients with random legal moves through
//! the public protocol: an arena and a 5-round Swiss. The final standings
//! the server gives are worked out again here, from the games as the
//! players saw them end, by rules written out anew.

mod common;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::bots::{compete, Seen};
use common::Player;
use online_play::{GameResult, Role};

const PLAYERS: usize = 16;

async fn players(addr: std::net::SocketAddr, prefix: &str) -> Vec<Player> {
    let mut out = Vec::new();
    for i in 0..PLAYERS {
        out.push(common::account(addr, &format!("{prefix}{i:02}")).await);
    }
    out
}

/// Makes a tournament as `maker`; its id.
async fn make(maker: &mut Player, fields: &str) -> String {
    let made = maker
        .browser
        .call("POST", "/api/tournaments", &format!("{{{fields}}}"))
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    made.json()["id"].as_str().expect("an id").to_string()
}

/// The games as seen, once each (both players saw each).
fn games_of(seen: &[Seen]) -> Vec<(String, String, String, GameResult, usize)> {
    let mut by_game: HashMap<String, Vec<&Seen>> = HashMap::new();
    for s in seen {
        by_game.entry(s.game.clone()).or_default().push(s);
    }
    let mut games = Vec::new();
    for (id, views) in by_game {
        let white = views.iter().find(|s| s.role == Role::White);
        let black = views.iter().find(|s| s.role == Role::Black);
        let (Some(w), Some(b)) = (white, black) else {
            panic!("game {id} seen by one side only: {views:?}");
        };
        assert_eq!(w.result, b.result, "both saw one result");
        games.push((
            id,
            w.player.clone(),
            b.player.clone(),
            w.result,
            w.plies.max(b.plies),
        ));
    }
    games.sort_by(|a, b| a.0.cmp(&b.0));
    games
}

/// The page's points for each player.
fn points_on(page: &serde_json::Value) -> HashMap<String, u64> {
    page["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|l| {
            (
                l["name"].as_str().expect("a name").to_string(),
                l["points"].as_u64().expect("points"),
            )
        })
        .collect()
}

/// Whether `s`'s player won, drew or lost.
fn outcome(s: &Seen) -> (bool, bool) {
    let won = matches!(
        (s.role, s.result),
        (Role::White, GameResult::WhiteWins) | (Role::Black, GameResult::BlackWins)
    );
    (won, s.result == GameResult::Draw)
}

/// Arena points as written out here: 2 a win, 1 a draw of 20 plies or
/// more, double after two wins in a row until a game is not won; each
/// player's games in the order they played them.
fn arena_points(seen: &[Seen], plies: &HashMap<String, usize>) -> HashMap<String, u64> {
    let mut points: HashMap<String, u64> = HashMap::new();
    let mut streak: HashMap<String, u32> = HashMap::new();
    for s in seen {
        let (won, drew) = outcome(s);
        let fire = streak.get(&s.player).copied().unwrap_or(0) >= 2;
        let base = if won {
            2
        } else if drew && plies[&s.game] >= 20 {
            1
        } else {
            0
        };
        *points.entry(s.player.clone()).or_default() += if fire { 2 * base } else { base };
        let run = streak.entry(s.player.clone()).or_default();
        *run = if won { *run + 1 } else { 0 };
    }
    points
}

/// Swiss half-points as written out here (2 a win, 1 a draw), and each
/// player's Buchholz: the sum of their opponents' half-points.
fn swiss_points(
    games: &[(String, String, String, GameResult, usize)],
) -> (HashMap<String, u64>, HashMap<String, u64>) {
    let mut points: HashMap<String, u64> = HashMap::new();
    for (_, white, black, result, _) in games {
        let (w, b) = match result {
            GameResult::WhiteWins => (2, 0),
            GameResult::BlackWins => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::NoResult => panic!("a game called off"),
        };
        *points.entry(white.clone()).or_default() += w;
        *points.entry(black.clone()).or_default() += b;
    }
    let mut buchholz: HashMap<String, u64> = HashMap::new();
    for (_, white, black, _, _) in games {
        *buchholz.entry(white.clone()).or_default() += points[black];
        *buchholz.entry(black.clone()).or_default() += points[white];
    }
    (points, buchholz)
}

/// Runs `players` in tournament `id` until it is over; the games seen.
async fn run_all(
    players: Vec<Player>,
    id: &str,
    addrs: Arc<Mutex<Vec<std::net::SocketAddr>>>,
) -> (Vec<tokio::task::JoinHandle<Player>>, Arc<Mutex<Vec<Seen>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let tasks = players
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            tokio::spawn(compete(
                p,
                id.to_string(),
                seen.clone(),
                i as u64 + 1,
                addrs.clone(),
            ))
        })
        .collect();
    (tasks, seen)
}

async fn page(browser: &mut common::Browser, id: &str) -> serde_json::Value {
    let page = browser
        .call("GET", &format!("/api/tournaments/{id}"), "")
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.json()
}

/// Checks an arena's final page against the games as seen.
fn check_arena(page: &serde_json::Value, seen: &[Seen]) {
    let games = games_of(seen);
    assert!(games.len() >= 16, "{} games", games.len());
    let plies: HashMap<String, usize> = games.iter().map(|g| (g.0.clone(), g.4)).collect();
    let expected = arena_points(seen, &plies);
    let shown = points_on(page);
    for (name, points) in &shown {
        assert_eq!(expected.get(name).copied().unwrap_or(0), *points, "{name}");
    }
    let sheets: usize = page["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|l| l["sheet"].as_array().expect("a sheet").len())
        .sum();
    assert_eq!(sheets, 2 * games.len(), "every game on both sheets");
    // First by points, ties by performance.
    let lines = page["standings"].as_array().expect("standings");
    for pair in lines.windows(2) {
        assert!(pair[0]["points"].as_u64() >= pair[1]["points"].as_u64());
    }
}

/// Checks a Swiss's final page against the games as seen.
fn check_swiss(page: &serde_json::Value, seen: &[Seen], rounds: usize) {
    let games = games_of(seen);
    assert_eq!(games.len(), PLAYERS / 2 * rounds);
    let mut met = HashSet::new();
    let mut played: HashMap<String, usize> = HashMap::new();
    for (_, white, black, _, _) in &games {
        let pair = if white < black {
            (white, black)
        } else {
            (black, white)
        };
        assert!(met.insert(pair), "{white} and {black} met twice");
        *played.entry(white.clone()).or_default() += 1;
        *played.entry(black.clone()).or_default() += 1;
    }
    assert!(played.values().all(|&n| n == rounds), "{played:?}");
    let (points, buchholz) = swiss_points(&games);
    for line in page["standings"].as_array().expect("standings") {
        let name = line["name"].as_str().expect("a name");
        assert_eq!(line["points"].as_u64(), Some(points[name]), "{name}");
        assert_eq!(
            line["first_tiebreak"].as_u64(),
            Some(buchholz[name]),
            "{name}"
        );
    }
    let lines = page["standings"].as_array().expect("standings");
    for pair in lines.windows(2) {
        let key = |l: &serde_json::Value| (l["points"].as_u64(), l["first_tiebreak"].as_u64());
        assert!(key(&pair[0]) >= key(&pair[1]), "{pair:?}");
    }
}

/// The status of tournament `id`, once it is `want` (within a minute).
async fn until_status(browser: &mut common::Browser, id: &str, want: &str) -> serde_json::Value {
    for _ in 0..600 {
        let p = page(browser, id).await;
        if p["summary"]["status"] == want {
            return p;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("tournament {id} never {want}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_players_play_an_arena_and_a_swiss_to_the_end_on_one_process() {
    let (addr, time) = common::start_timed(&common::fresh_database(), |_| {}).await;
    let addrs = Arc::new(Mutex::new(vec![addr]));
    let mut arena_players = players(addr, "ar").await;
    let arena = make(
        &mut arena_players[0],
        r#""kind":"arena","name":"Test arena","game":"classic","clock":"1+0","minutes":10"#,
    )
    .await;
    let mut watcher = common::Browser::new(addr);
    let (tasks, seen) = run_all(arena_players, &arena, addrs.clone()).await;
    // Play until there are 24 games, then the arena's time runs out: the
    // games in play end on time, and no other starts.
    for _ in 0..1200 {
        if games_count(&seen) >= 24 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(games_count(&seen) >= 24, "the arena pairs again and again");
    time.advance(10 * 60 * 1000 + 1000);
    let finished = until_status(&mut watcher, &arena, "finished").await;
    for task in tasks {
        task.await.expect("a player");
    }
    let seen = seen.lock().expect("seen").clone();
    check_arena(&finished, &seen);
    assert!(finished["games"].as_array().expect("games").is_empty());

    let mut swiss_players = players(addr, "sw").await;
    let swiss = make(
        &mut swiss_players[0],
        r#""kind":"swiss","name":"Test Swiss","game":"classic","clock":"1+0","rounds":5,"starts_in":60"#,
    )
    .await;
    let (tasks, seen) = run_all(swiss_players, &swiss, addrs).await;
    // Everyone joins before the start.
    for _ in 0..100 {
        if page(&mut watcher, &swiss).await["summary"]["players"] == PLAYERS {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    time.advance(61_000);
    let finished = until_status(&mut watcher, &swiss, "finished").await;
    for task in tasks {
        task.await.expect("a player");
    }
    check_swiss(&finished, &seen.lock().expect("seen"), 5);
}

fn games_count(seen: &Arc<Mutex<Vec<Seen>>>) -> usize {
    seen.lock().expect("seen").len() / 2
}
