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
/// more, double after two wins in a row until a game is not won, and one
/// more for a berserk win of 14 plies or more; each player's games in the
/// order they played them.
fn arena_points(seen: &[Seen], plies: &HashMap<String, usize>) -> HashMap<String, u64> {
    let mut points: HashMap<String, u64> = HashMap::new();
    let mut streak: HashMap<String, u32> = HashMap::new();
    for s in seen {
        // A game called off is neither scored nor part of a streak.
        if s.result == GameResult::NoResult {
            continue;
        }
        let (won, drew) = outcome(s);
        let fire = streak.get(&s.player).copied().unwrap_or(0) >= 2;
        let base = if won {
            2
        } else if drew && plies[&s.game] >= 20 {
            1
        } else {
            0
        };
        let berserk = u64::from(s.berserk && won && plies[&s.game] >= 14);
        *points.entry(s.player.clone()).or_default() +=
            (if fire { 2 * base } else { base }) + berserk;
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
    for (_, white, black, result, plies) in games {
        let (w, b) = match result {
            GameResult::WhiteWins => (2, 0),
            GameResult::BlackWins => (0, 2),
            GameResult::Draw => (1, 1),
            // Called off before both moved: lost by the side to move.
            GameResult::NoResult if plies % 2 == 0 => (0, 2),
            GameResult::NoResult => (2, 0),
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
    let berserk_wins = seen
        .iter()
        .filter(|s| s.berserk && outcome(s).0 && plies[&s.game] >= 14)
        .count();
    assert!(
        berserk_wins > 0,
        "some berserk wins: {} berserk of {}",
        seen.iter().filter(|s| s.berserk).count(),
        seen.len()
    );
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
    // A game called off (its first move's time ran out when the arena's
    // did) is on no sheet.
    let played = games.iter().filter(|g| g.3 != GameResult::NoResult).count();
    assert_eq!(sheets, 2 * played, "every game played on both sheets");
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
    // Play until there are 16 games, then the arena's time runs out: the
    // games in play end on time, and no other starts.
    for _ in 0..1200 {
        if games_count(&seen) >= 16 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(games_count(&seen) >= 16, "the arena pairs again and again");
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

/// The tournament `id`'s stored games, read from the database itself: each
/// game's id, White's and Black's account, and its ending.
async fn stored(database: &str, id: &str) -> Vec<(String, String, String, Option<String>)> {
    let client = common::postgres::Postgres::client(database).await;
    client
        .query(
            "SELECT g.game, w.user_key, b.user_key, g.ending FROM tournament_games g
             JOIN tournament_players w ON w.tournament = g.tournament AND w.seq = g.white
             JOIN tournament_players b ON b.tournament = g.tournament AND b.seq = g.black
             WHERE g.tournament = $1",
            &[&id],
        )
        .await
        .expect("reads")
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_and_a_swiss_outlive_their_killed_director_on_three_processes() {
    let postgres = common::postgres::Postgres::start();
    let database = postgres.database("games").await;
    // The site's arena of this minute (or, late in the minute, of two
    // minutes), from the schedule file.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    let minutes = if now % 60 <= 25 { 1 } else { 2 };
    let schedule = std::env::temp_dir().join(format!("schedule-{}.toml", common::rand_suffix()));
    std::fs::write(
        &schedule,
        format!(
            "[[arena]]\nname = \"Minute arena\"\ngame = \"classic\"\nclock = \"1+0\"\n\
             minutes = {minutes}\nevery = \"hour\"\nat = \":{:02}\"\n",
            now / 60 % 60
        ),
    )
    .expect("writes");
    let options = [
        "--per-minute",
        "1000",
        "--trusted-proxy",
        "127.0.0.1",
        "--tournaments",
        schedule.to_str().expect("a path"),
    ];
    let mut processes = Vec::new();
    let mut logs = Vec::new();
    let mut addrs = Vec::new();
    for _ in 0..3 {
        let (child, addr, log) = common::spawn_server_with(&database, &options).await;
        processes.push(child);
        logs.push(log);
        addrs.push(addr);
    }
    let shared = Arc::new(Mutex::new(addrs.clone()));
    let mut watcher = common::Browser::new(addrs[1]);
    let arena = loop {
        let list = watcher.call("GET", "/api/tournaments", "").await.json();
        if let Some(id) = list["running"][0]["id"].as_str() {
            break id.to_string();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let mut swiss_players = players(addrs[2], "sw").await;
    let swiss = make(
        &mut swiss_players[0],
        r#""kind":"swiss","name":"Swiss","game":"classic","clock":"1+0","rounds":5,"starts_in":3"#,
    )
    .await;
    let (swiss_tasks, swiss_seen) = run_all(swiss_players, &swiss, shared.clone()).await;
    let arena_players = players(addrs[0], "ar").await;
    let (arena_tasks, arena_seen) = run_all(arena_players, &arena, shared.clone()).await;
    // Once games are under way in both, the arena's director is killed.
    for _ in 0..600 {
        if games_count(&arena_seen) >= 8 && games_count(&swiss_seen) >= 8 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut director = None;
    for (i, log) in logs.iter().enumerate() {
        if common::logged(log, &["directing", &arena]).await.is_some() {
            director = Some(i);
            break;
        }
    }
    let director = director.expect("a process directs the arena");
    shared
        .lock()
        .expect("addresses")
        .retain(|a| *a != addrs[director]);
    watcher.addr = addrs[(director + 1) % 3];
    processes[director].start_kill().expect("SIGKILL");
    let killed_at = (games_count(&arena_seen), games_count(&swiss_seen));
    let survivors: Vec<usize> = (0..3).filter(|&i| i != director).collect();
    let taken_over = async {
        loop {
            for &i in &survivors {
                let said = logs[i]
                    .lock()
                    .expect("the log")
                    .iter()
                    .any(|l| l.contains("directing") && l.contains(arena.as_str()));
                if said {
                    return i;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let started = std::time::Instant::now();
    tokio::time::timeout(Duration::from_secs(20), taken_over)
        .await
        .expect("another process directs the arena");
    let takeover = started.elapsed();
    let finished_arena = until_status_within(&mut watcher, &arena, 240).await;
    let finished_swiss = until_status_within(&mut watcher, &swiss, 240).await;
    for task in arena_tasks.into_iter().chain(swiss_tasks) {
        task.await.expect("a player");
    }
    let arena_seen = arena_seen.lock().expect("seen").clone();
    let swiss_seen = swiss_seen.lock().expect("seen").clone();
    assert!(
        games_count_of(&arena_seen) > killed_at.0,
        "the arena went on"
    );
    assert!(
        games_count_of(&swiss_seen) > killed_at.1,
        "the Swiss went on"
    );
    check_arena(&finished_arena, &arena_seen);
    check_swiss(&finished_swiss, &swiss_seen, 5);
    // The store holds each game once: as many as were played, all ended.
    for (id, seen) in [(&arena, &arena_seen), (&swiss, &swiss_seen)] {
        let rows = stored(&database, id).await;
        let games = games_of(seen);
        assert_eq!(rows.len(), games.len(), "{id}");
        // Each stored game is one the players played, between them, with
        // the ending they saw.
        for (game, white, black, ending) in &rows {
            let (_, w, b, result, plies) = games
                .iter()
                .find(|g| &g.0 == game)
                .unwrap_or_else(|| panic!("{game} stored, never played"));
            assert_eq!((white, black), (w, b), "{game}");
            let expected = match result {
                GameResult::WhiteWins => "white",
                GameResult::BlackWins => "black",
                GameResult::Draw => "draw",
                GameResult::NoResult if plies % 2 == 0 => "white_forfeit",
                GameResult::NoResult => "black_forfeit",
            };
            assert_eq!(ending.as_deref(), Some(expected), "{game}");
        }
    }
    eprintln!(
        "arena: {} games, swiss: {} games; the killed director replaced within {:.1} s",
        games_of(&arena_seen).len(),
        games_of(&swiss_seen).len(),
        takeover.as_secs_f64()
    );
    let _ = std::fs::remove_file(schedule);
}

fn games_count_of(seen: &[Seen]) -> usize {
    seen.len() / 2
}

/// As [`until_status`] for "finished", within `seconds`.
async fn until_status_within(
    browser: &mut common::Browser,
    id: &str,
    seconds: u64,
) -> serde_json::Value {
    for _ in 0..seconds * 10 {
        let reply = browser
            .call("GET", &format!("/api/tournaments/{id}"), "")
            .await;
        if reply.status == 200 && reply.json()["summary"]["status"] == "finished" {
            return reply.json();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("tournament {id} never finished");
}
