//! The server's answers about players and games, as the lobby, the Watch
//! screen and the home screen's lists read them: accounts, open seeks,
//! pairings, games in play, a player's own games and the site's
//! statistics. Plain data, read with serde; every answer that cannot be
//! read is refused in words.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::t;

/// Who the browser is signed in as (`GET /api/me`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Me {
    pub name: Option<String>,
}

/// An open seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Seek {
    pub id: String,
    /// The game's record header (`classic`, or with rule options).
    pub game: String,
    pub clock: Option<String>,
    pub rated: bool,
    /// The side the seeker takes: `white`, `black` or `random`.
    pub side: String,
    pub range: Option<(i32, i32)>,
    pub name: String,
    #[serde(default)]
    pub guest: bool,
    pub rating: Option<String>,
    /// A rated seek that the server would pair unrated with the person
    /// asking (one network or one browser).
    #[serde(default)]
    pub unrated_for_you: bool,
}

#[derive(Deserialize)]
struct Seeks {
    seeks: Vec<Seek>,
}

/// One side of a game in play.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct LivePlayer {
    pub name: Option<String>,
    pub rating: Option<String>,
    #[serde(default)]
    pub online: bool,
}

/// A game in play's clocks: the control, and White's and Black's time
/// left (ms).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct LiveClock {
    pub control: String,
    pub left: [u64; 2],
}

/// A game in play, as the Watch screen lists it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct LiveGame {
    pub id: String,
    pub game: String,
    pub rated: bool,
    pub white: LivePlayer,
    pub black: LivePlayer,
    pub clock: Option<LiveClock>,
    pub ply: usize,
    pub spectators: u32,
    #[serde(default)]
    pub featured: bool,
}

/// The signed-in player's game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct MyGame {
    pub id: String,
    pub game: String,
    /// `white` or `black`.
    pub side: String,
    pub opponent: Option<String>,
    pub your_turn: bool,
    pub left: Option<u64>,
    pub clock: Option<String>,
}

#[derive(Deserialize)]
struct Games<T> {
    games: T,
}

/// One game's figures: games played, and the share of White's wins,
/// Black's wins and draws (percent).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct GameStats {
    pub played: u64,
    pub white_wins: f64,
    pub black_wins: f64,
    pub draws: f64,
}

/// A rating as shown (`1620?` while provisional), and the games behind it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RatingShown {
    pub shown: String,
    pub games: u32,
    pub provisional: bool,
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A player's results with White and with Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ByColour {
    pub white: Tally,
    pub black: Tally,
}

/// One of a player's finished games.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlayedGame {
    pub id: String,
    pub game: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub result: online_play::GameResult,
    pub reason: online_play::EndReason,
    pub rated: bool,
    pub clock: Option<String>,
}

/// A player's page (`GET /api/players/<name>`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Player {
    pub name: String,
    pub ratings: BTreeMap<String, RatingShown>,
    pub results: ByColour,
    pub games: Vec<PlayedGame>,
}

/// A place on a game's leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Leader {
    pub name: String,
    #[serde(flatten)]
    pub rating: RatingShown,
}

#[derive(Deserialize)]
struct Leaders {
    players: Vec<Leader>,
}

/// A game's record, to review it (`GET /api/games/<id>`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct GameRecord {
    pub record: String,
}

/// What the server answers to a seek, a quick pairing or an acceptance:
/// the seek waiting (`seek` or `id`), and the game once paired.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Pairing {
    #[serde(default, alias = "id")]
    pub seek: Option<String>,
    #[serde(default)]
    pub game: Option<String>,
}

/// A waiting seek's state (`GET /api/seeks/<id>`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SeekState {
    pub state: String,
    #[serde(default)]
    pub game: Option<String>,
}

fn read<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|_| t!("server-unreadable"))
}

pub fn read_me(text: &str) -> Result<Me, String> {
    read(text)
}

pub fn read_seeks(text: &str) -> Result<Vec<Seek>, String> {
    read::<Seeks>(text).map(|s| s.seeks)
}

pub fn read_live(text: &str) -> Result<Vec<LiveGame>, String> {
    read::<Games<Vec<LiveGame>>>(text).map(|g| g.games)
}

pub fn read_my_games(text: &str) -> Result<Vec<MyGame>, String> {
    read::<Games<Vec<MyGame>>>(text).map(|g| g.games)
}

/// Each game's figures, by the game's name (`classic`).
pub fn read_stats(text: &str) -> Result<Vec<(String, GameStats)>, String> {
    read::<Games<BTreeMap<String, GameStats>>>(text).map(|g| g.games.into_iter().collect())
}

pub fn read_player(text: &str) -> Result<Player, String> {
    read(text)
}

pub fn read_leaders(text: &str) -> Result<Vec<Leader>, String> {
    read::<Leaders>(text).map(|l| l.players)
}

pub fn read_record(text: &str) -> Result<GameRecord, String> {
    read(text)
}

pub fn read_pairing(text: &str) -> Result<Pairing, String> {
    read(text)
}

pub fn read_seek_state(text: &str) -> Result<SeekState, String> {
    read(text)
}

/// The rule options the lobby offers: the record header's words, the games
/// they are for, and their catalog key (docs/rules.md, "Rule options").
pub const RULE_OPTIONS: [(&str, &[&str], &str); 2] = [
    (
        "option queen_lands=any",
        &["turkish"],
        "option-queen-anywhere",
    ),
    (
        "option no_return=off",
        &["qirkat", "bell"],
        "option-men-return",
    ),
];

/// The record header of `game` with the rule option `option` (empty for
/// none): refused in words when the option is not one of that game's.
pub fn with_options(game: &str, option: &str) -> Result<String, String> {
    if option.is_empty() {
        return Ok(game.to_string());
    }
    match RULE_OPTIONS.iter().find(|(words, _, _)| *words == option) {
        Some((_, games, _)) if games.contains(&game) => Ok(format!("{game} {option}")),
        _ => Err(t!("option-not-here")),
    }
}

/// The seconds a refused rated pairing says the person still waits
/// (`{"refused": "abandoned", "wait_seconds": n}`), if that is what it
/// says.
pub fn abandon_wait(text: &str) -> Option<u64> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    if value["refused"] != "abandoned" {
        return None;
    }
    value["wait_seconds"].as_u64()
}

/// A player's name as a game gave it, in words: a guest's marked so
/// ("Ana (guest)"), an account's as it is.
pub fn shown_name(name: &str) -> String {
    match online_play::shown_name(name) {
        (guest, true) => format!("{guest} ({})", crate::t!("guest")),
        (account, false) => account.to_string(),
    }
}

/// A game's name from its record header: the game's own name, and its rule
/// options in words ("+" for one the page has no words for).
pub fn game_name(header: &str) -> String {
    let mut words = header.split_whitespace();
    let first = words.next().unwrap_or_default();
    let Ok(kind) = first.parse::<engine::GameKind>() else {
        return header.to_string();
    };
    let name = crate::words::game_name(kind);
    let rest = words.collect::<Vec<_>>().join(" ");
    if rest.is_empty() {
        return name;
    }
    match RULE_OPTIONS.iter().find(|(words, _, _)| *words == rest) {
        Some((_, _, key)) => format!("{name} ({})", t!(key)),
        None => format!("{name} +"),
    }
}

/// Time on a clock, as the lists show it: `4:05`, `1:02:03`, or days and
/// hours for a correspondence game (`2d 3h`).
pub fn time_left(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    let (d, h, m, s) = (
        seconds / 86_400,
        seconds / 3600 % 24,
        seconds / 60 % 60,
        seconds % 60,
    );
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A seat token of the page's making (32 hex digits) from 128 random bits.
pub fn seat_token(bits: [u64; 2]) -> String {
    format!("{:016x}{:016x}", bits[0], bits[1])
}

/// A guest's name, as the server takes it: 2 to 20 letters, digits,
/// spaces, `_` or `-`; none otherwise.
pub fn guest_name(name: &str) -> Option<String> {
    let name = name.trim();
    let fits = (2..=20).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-');
    fits.then(|| name.to_string())
}

/// Checks a name and password before they are sent: a username has 3 to
/// 20 letters, digits, `_` or `-` and starts with a letter; a new
/// password has 8 to 128 characters (an old one is the server's to judge).
pub fn account_shape(name: &str, password: &str, register: bool) -> Result<(), String> {
    let mut chars = name.chars();
    let fits = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && (3..=20).contains(&name.len());
    if !fits {
        return Err(t!("account-name-shape"));
    }
    let length = password.chars().count();
    if (register && !(8..=128).contains(&length)) || length == 0 {
        return Err(t!("password-shape"));
    }
    Ok(())
}

/// A rating range as typed (`1300-1700`): none for an empty field, an
/// error for anything else.
pub fn rating_range(text: &str) -> Result<Option<(i32, i32)>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || t!("range-shape");
    let (low, high) = text.split_once('-').ok_or_else(bad)?;
    let low: i32 = low.trim().parse().map_err(|_| bad())?;
    let high: i32 = high.trim().parse().map_err(|_| bad())?;
    if low > high || !(0..=4000).contains(&low) || !(0..=4000).contains(&high) {
        return Err(bad());
    }
    Ok(Some((low, high)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_answers_are_read() {
        let seeks = read_seeks(
            r#"{"seeks":[{"id":"abc","game":"classic","clock":"3+2","rated":true,
            "side":"random","range":[1400,1600],"name":"ana","guest":false,"rating":"1500?"}]}"#,
        )
        .expect("the answer reads");
        assert_eq!(seeks[0].range, Some((1400, 1600)));
        assert_eq!(seeks[0].rating.as_deref(), Some("1500?"));
        let live = read_live(
            r#"{"games":[{"id":"g","game":"turkish","rated":false,
            "white":{"name":"a","rating":null,"online":true},
            "black":{"name":null,"rating":null,"online":false},
            "clock":{"control":"1+0","left":[60000,59000],"running":"white"},
            "ply":3,"spectators":2,"featured":true}]}"#,
        )
        .expect("the answer reads");
        assert_eq!(
            live[0].clock.as_ref().expect("the answer reads").left,
            [60000, 59000]
        );
        let stats = read_stats(
            r#"{"games":{"bell":{"played":4,"white_wins":50.0,"black_wins":25.0,"draws":25.0}}}"#,
        )
        .expect("the answer reads");
        assert_eq!(stats[0].0, "bell");
        assert_eq!(stats[0].1.played, 4);
        assert_eq!(
            read_pairing(r#"{"id":"s1"}"#)
                .expect("the answer reads")
                .seek
                .as_deref(),
            Some("s1")
        );
        assert_eq!(
            read_pairing(r#"{"seek":"s1","game":"g1"}"#)
                .expect("the answer reads")
                .game
                .as_deref(),
            Some("g1")
        );
        let player = read_player(
            r#"{"name":"Ana","ratings":{"classic":{"rating":1662,"deviation":290,"games":1,
            "provisional":true,"shown":"1662?"}},
            "results":{"white":{"wins":1,"draws":0,"losses":0},"black":{"wins":0,"draws":0,"losses":0}},
            "games":[{"id":"g1","game":"classic","white":"Ana","black":null,"result":"white_wins",
            "reason":"out_of_time","rated":true,"clock":"1+0"}]}"#,
        )
        .expect("the answer reads");
        assert_eq!(player.ratings["classic"].shown, "1662?");
        assert_eq!(player.results.white.wins, 1);
        assert_eq!(player.games[0].reason, online_play::EndReason::OutOfTime);
        let leaders = read_leaders(
            r#"{"game":"classic","players":[{"name":"Ana","rating":1662,"deviation":290,
            "games":1,"provisional":true,"shown":"1662?"}]}"#,
        )
        .expect("the answer reads");
        assert_eq!(leaders[0].rating.games, 1);
        assert!(read_seeks("<html>").is_err());
        assert!(read_live(r#"{"games":[{"id":1}]}"#).is_err());
    }

    #[test]
    fn clocks_names_tokens_and_ranges_read_as_players_expect() {
        assert_eq!(time_left(65_000), "1:05");
        assert_eq!(time_left(64_001), "1:05");
        assert_eq!(time_left(3_723_000), "1:02:03");
        assert_eq!(time_left(2 * 86_400_000 + 3 * 3_600_000), "2d 3h");
        assert_eq!(seat_token([1, u64::MAX]).len(), 32);
        assert_eq!(guest_name("  Ana B "), Some("Ana B".to_string()));
        assert_eq!(guest_name("x"), None);
        assert_eq!(guest_name("<script>"), None);
        assert!(account_shape("ana_b", "a long secret", true).is_ok());
        assert!(account_shape("1ana", "a long secret", true).is_err());
        assert!(account_shape("an", "a long secret", true).is_err());
        assert!(account_shape("ana", "short", true).is_err());
        assert!(account_shape("ana", "short", false).is_ok());
        assert!(account_shape("ana", "", false).is_err());
        assert_eq!(rating_range(""), Ok(None));
        assert_eq!(rating_range("1300 - 1700"), Ok(Some((1300, 1700))));
        assert!(rating_range("1700-1300").is_err());
        assert!(rating_range("lots").is_err());
        assert_eq!(game_name("classic"), "Classic");
        assert_eq!(game_name("turkish [Opening \"x\"]"), "Turkish draughts +");
        assert_eq!(
            game_name("turkish option queen_lands=any"),
            "Turkish draughts (a capturing queen lands anywhere)"
        );
        assert_eq!(
            with_options("bell", "option no_return=off").as_deref(),
            Ok("bell option no_return=off")
        );
        assert_eq!(with_options("bell", "").as_deref(), Ok("bell"));
        assert!(with_options("classic", "option no_return=off").is_err());
        assert!(with_options("bell", "option anything=goes").is_err());
    }
}
