//! Tournaments: arenas (a fixed time, paired again as soon as free) and
//! Swiss events (a fixed number of rounds), made by the site's schedule or
//! by a signed-in player; joined with a seat token, as a seek is; followed
//! live over the lobby's socket ([`super::LobbyFollow::tournament`]).

use serde::{Deserialize, Serialize};

use super::Endpoint;
use crate::TimeControl;

/// Tournaments starting soon, running, and lately finished:
/// [`TournamentList`].
pub const TOURNAMENTS: Endpoint = Endpoint::get("/api/tournaments");
/// Makes a tournament ([`NewTournament`], signed in): [`TournamentMade`].
pub const NEW_TOURNAMENT: Endpoint = Endpoint::post("/api/tournaments");
/// One tournament as its page shows it: [`TournamentPage`].
pub const TOURNAMENT: Endpoint = Endpoint::get("/api/tournaments/{id}");
/// Joins, or comes back from a pause ([`JoinTournament`]):
/// [`TournamentPage`].
pub const JOIN_TOURNAMENT: Endpoint = Endpoint::post("/api/tournaments/{id}/join");
/// Stops being paired for now (an arena): [`TournamentPage`].
pub const PAUSE_TOURNAMENT: Endpoint = Endpoint::post("/api/tournaments/{id}/pause");
/// Leaves for good, keeping the score: [`TournamentPage`].
pub const WITHDRAW_TOURNAMENT: Endpoint = Endpoint::post("/api/tournaments/{id}/withdraw");
/// Says a line in the tournament's chat ([`TournamentSay`], signed in):
/// [`TournamentPage`].
pub const TOURNAMENT_CHAT: Endpoint = Endpoint::post("/api/tournaments/{id}/chat");
/// The tournaments a player played in, newest first: [`PlayedTournaments`].
pub const PLAYER_TOURNAMENTS: Endpoint = Endpoint::get("/api/players/{name}/tournaments");

/// The longest tournament name, in characters.
pub const TOURNAMENT_NAME_CHARS: usize = 40;
/// An arena's shortest and longest lengths, in minutes.
pub const ARENA_MINUTES: std::ops::RangeInclusive<u32> = 10..=180;
/// A Swiss's fewest and most rounds.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 3..=11;
/// How far ahead a player's tournament may start, in seconds.
pub const STARTS_WITHIN: u64 = 24 * 60 * 60;
/// The most players a tournament takes.
pub const MOST_PLAYERS: u32 = 2000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentKind {
    Arena,
    Swiss,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    Starting,
    Running,
    Finished,
}

/// A tournament a player makes. An arena names its `minutes`, a Swiss its
/// `rounds`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewTournament {
    pub kind: TournamentKind,
    pub name: String,
    pub game: String,
    pub clock: TimeControl,
    #[serde(default = "yes")]
    pub rated: bool,
    #[serde(default)]
    pub minutes: Option<u32>,
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Seconds from now to the start (0 to [`STARTS_WITHIN`]).
    #[serde(default)]
    pub starts_in: u64,
    /// Joined only with this password.
    #[serde(default)]
    pub password: Option<String>,
    /// Rated games of this game a player must have played to join.
    #[serde(default)]
    pub min_rated_games: Option<u32>,
    /// The ratings that may join, low and high.
    #[serde(default)]
    pub rating_range: Option<(i32, i32)>,
    #[serde(default)]
    pub max_players: Option<u32>,
}

fn yes() -> bool {
    true
}

/// A tournament made: its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentMade {
    pub id: String,
}

/// A join: the seat token the player's games are played with, and the
/// password of a private tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinTournament {
    pub token: String,
    #[serde(default)]
    pub password: Option<String>,
}

/// A tournament in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSummary {
    pub id: String,
    pub kind: TournamentKind,
    pub name: String,
    /// The game and its options, as a game's header.
    pub game: String,
    pub clock: TimeControl,
    pub rated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// The Swiss round under way (0 before the first).
    #[serde(default)]
    pub round: u32,
    /// When it starts and (an arena, or once over) ends, seconds since
    /// 1970.
    pub starts: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<i64>,
    pub status: TournamentStatus,
    pub players: u32,
    pub private: bool,
    /// The player who made it; none for the site's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rated_games: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<(i32, i32)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_players: Option<u32>,
}

/// The lobby's tournaments.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentList {
    pub starting: Vec<TournamentSummary>,
    pub running: Vec<TournamentSummary>,
    pub finished: Vec<TournamentSummary>,
}

/// A game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Win,
    Draw,
    Loss,
}

/// One game on a player's sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetGame {
    pub mark: Mark,
    /// Arena points, or Swiss half-points.
    pub points: u32,
    #[serde(default)]
    pub on_fire: bool,
    /// Lost or won because a player did not move.
    #[serde(default)]
    pub forfeit: bool,
    #[serde(default)]
    pub bye: bool,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentLine {
    /// 1 for the first.
    pub rank: u32,
    pub name: String,
    /// Arena points, or Swiss half-points.
    pub points: u32,
    #[serde(default)]
    pub on_fire: bool,
    /// Arena: performance rating; Swiss: Buchholz in half-points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_tiebreak: Option<i32>,
    /// Swiss: Sonneborn–Berger in quarter-points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_tiebreak: Option<i32>,
    pub sheet: Vec<SheetGame>,
    #[serde(default)]
    pub paused: bool,
    #[serde(default)]
    pub withdrawn: bool,
    /// The game they are playing now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playing: Option<String>,
}

/// A tournament game in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    pub id: String,
    pub white: String,
    pub black: String,
    #[serde(default)]
    pub round: u32,
}

/// The viewer's own place, when they joined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyEntry {
    pub rank: u32,
    pub points: u32,
    pub paused: bool,
    pub withdrawn: bool,
    /// Their game in play, to sit down at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

/// A line for a tournament's chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSay {
    pub text: String,
}

/// A line of a tournament's chat: who said it, what, and when (seconds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentChatLine {
    pub name: String,
    pub text: String,
    pub at: i64,
}

/// A tournament as its page shows it. `version` grows with every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentPage {
    pub summary: TournamentSummary,
    pub version: u64,
    pub standings: Vec<TournamentLine>,
    pub games: Vec<TournamentGame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub me: Option<MyEntry>,
    /// The chat's latest lines, oldest first.
    #[serde(default)]
    pub chat: Vec<TournamentChatLine>,
}

/// One of a player's tournaments, with where they finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTournament {
    pub summary: TournamentSummary,
    pub rank: u32,
    pub points: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTournaments {
    pub tournaments: Vec<PlayedTournament>,
}
