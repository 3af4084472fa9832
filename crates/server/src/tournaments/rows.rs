//! A tournament, its players and its games as the stores keep them, and
//! the statements both stores share (written with SQLite's `?1`, numbered
//! for PostgreSQL by [`crate::storage::numbered`]).

use online_play::EventBody;

use crate::storage::sqlite::GameRow;

/// A tournament's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    pub name: String,
    pub header: String,
    pub clock: String,
    pub rated: bool,
    pub minutes: Option<i64>,
    pub rounds: Option<i64>,
    /// Seconds since 1970.
    pub starts: i64,
    pub ends: Option<i64>,
    /// `starting`, `running` or `finished`.
    pub status: String,
    /// The password's hash, for a private one.
    pub password: Option<String>,
    pub min_rated_games: Option<i64>,
    pub rating_low: Option<i64>,
    pub rating_high: Option<i64>,
    pub max_players: Option<i64>,
    /// The account that made it; none for the site's schedule.
    pub creator: Option<String>,
    /// The schedule's name for it (`name@start`), unique: two processes
    /// adding it make one.
    pub schedule_key: Option<String>,
    pub version: i64,
    pub created: i64,
}

/// A player in a tournament: `seq` is their place in joining order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRow {
    pub seq: i64,
    pub user: String,
    /// Their name as shown (the account's, which a rename changes).
    pub name: String,
    /// The hash of the seat token their games are played with.
    pub token: String,
    pub rating: i64,
    pub paused: bool,
    pub withdrawn: bool,
}

/// A tournament game: a Swiss bye has no black and no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    pub round: i64,
    pub white: i64,
    pub black: Option<i64>,
    pub game: Option<String>,
    /// `white`, `black` or `draw` (who won), `white_forfeit` or
    /// `black_forfeit` (who did not move, and lost); none while in play.
    pub ending: Option<String>,
    pub plies: i64,
    pub berserk: [bool; 2],
    pub started: i64,
}

/// A pairing to store: its game (none for a bye) with the game's first
/// events, and its row.
#[derive(Clone, Debug)]
pub struct NewPairing {
    pub game: Option<(GameRow, Vec<EventBody>)>,
    pub row: PairingRow,
}

/// What a join did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// A new player.
    Joined,
    /// A paused or withdrawn player came back.
    Back,
    Already,
    Full,
}

pub(crate) const TOURNAMENT_COLUMNS: &str = "id, kind, name, header, clock, rated, minutes, rounds,
     starts, ends, status, password, min_rated_games, rating_low, rating_high, max_players,
     creator, schedule_key, version, created";
pub(crate) const ADD: &str = "INSERT INTO tournaments (id, kind, name, header, clock, rated,
     minutes, rounds, starts, ends, status, password, min_rated_games, rating_low, rating_high,
     max_players, creator, schedule_key, version, created)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
     ?19, ?20) ON CONFLICT DO NOTHING";
pub(crate) const LISTED: &str = "WHERE status <> 'finished' OR ends >= ?1
     ORDER BY starts, id LIMIT 200";
pub(crate) const PLAYER_COUNT: &str =
    "SELECT count(*) FROM tournament_players WHERE tournament = ?1";
pub(crate) const MADE_SINCE: &str =
    "SELECT count(*) FROM tournaments WHERE creator = ?1 AND created >= ?2";
pub(crate) const ENTRIES: &str = "SELECT p.seq, p.user_key, coalesce(u.name, p.user_key),
     p.token, p.rating, p.paused, p.withdrawn
     FROM tournament_players p LEFT JOIN users u ON u.key = p.user_key
     WHERE p.tournament = ?1 ORDER BY p.seq";
pub(crate) const PAIRINGS: &str = "SELECT round, white, black, game, ending, plies,
     berserk_white, berserk_black, started FROM tournament_games
     WHERE tournament = ?1 ORDER BY round, white";
pub(crate) const ENTRY_OF: &str = "SELECT paused, withdrawn FROM tournament_players
     WHERE tournament = ?1 AND user_key = ?2";
pub(crate) const COME_BACK: &str = "UPDATE tournament_players
     SET paused = ?3, withdrawn = ?3, token = ?4 WHERE tournament = ?1 AND user_key = ?2";
pub(crate) const ADD_ENTRY: &str = "INSERT INTO tournament_players
     (tournament, seq, user_key, token, rating, paused, withdrawn, joined)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)";
pub(crate) const SET_PAUSED: &str =
    "UPDATE tournament_players SET paused = ?3 WHERE tournament = ?1 AND user_key = ?2";
pub(crate) const SET_WITHDRAWN: &str =
    "UPDATE tournament_players SET withdrawn = ?3 WHERE tournament = ?1 AND user_key = ?2";
pub(crate) const PAUSE_SEQ: &str =
    "UPDATE tournament_players SET paused = ?3 WHERE tournament = ?1 AND seq = ?2";
pub(crate) const BUMP: &str = "UPDATE tournaments SET version = version + 1 WHERE id = ?1";
pub(crate) const LEASE: &str = "UPDATE tournaments SET director = ?2, lease_until = ?4
     WHERE id = ?1 AND status <> 'finished' AND (director = ?2 OR lease_until < ?3)";
/// Holds only for the director whose lease runs: every change a director
/// makes is fenced by it, in the change's own transaction.
pub(crate) const FENCE: &str = "UPDATE tournaments SET version = version + 1
     WHERE id = ?1 AND director = ?2 AND lease_until > ?3";
pub(crate) const TO_DIRECT: &str = "SELECT id FROM tournaments
     WHERE status <> 'finished' AND starts <= ?1 ORDER BY starts, id";
pub(crate) const BUSY: &str = "SELECT count(*) FROM tournament_games
     WHERE tournament = ?1 AND ending IS NULL AND (white IN (?2, ?3) OR black IN (?2, ?3))";
pub(crate) const ADD_PAIRING: &str = "INSERT INTO tournament_games (tournament, round, white,
     black, game, ending, plies, berserk_white, berserk_black, started)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
pub(crate) const RECORD: &str = "UPDATE tournament_games SET ending = ?3, plies = ?4,
     berserk_white = ?5, berserk_black = ?6
     WHERE tournament = ?1 AND game = ?2 AND ending IS NULL";
pub(crate) const UNRECORDED: &str = "SELECT tg.game FROM tournament_games tg
     JOIN games g ON g.id = tg.game
     WHERE tg.tournament = ?1 AND tg.ending IS NULL AND g.result IS NOT NULL";
pub(crate) const SET_STATUS: &str = "UPDATE tournaments SET status = ?2, ends = ?3 WHERE id = ?1";
pub(crate) const VERSION: &str = "SELECT version FROM tournaments WHERE id = ?1";
pub(crate) const OF_PLAYER: &str = "FROM tournaments t JOIN tournament_players p
     ON p.tournament = t.id WHERE p.user_key = ?1 ORDER BY t.starts DESC, t.id LIMIT 50";
pub(crate) const SAY: &str =
    "INSERT INTO tournament_chat (tournament, at, user_key, line) VALUES (?1, ?2, ?3, ?4)";
/// The latest lines of a tournament's chat, newest first.
pub(crate) const CHAT: &str = "SELECT coalesce(u.name, c.user_key), c.line, c.at
     FROM tournament_chat c LEFT JOIN users u ON u.key = c.user_key
     WHERE c.tournament = ?1 ORDER BY c.id DESC LIMIT 50";
pub(crate) const LAST_SAID: &str = "SELECT max(at) FROM tournament_chat
     WHERE tournament = ?1 AND user_key = ?2";
pub(crate) const BLOCKS_IN: &str = "SELECT r.owner, r.other FROM relations r
     JOIN tournament_players a ON a.user_key = r.owner AND a.tournament = ?1
     JOIN tournament_players b ON b.user_key = r.other AND b.tournament = ?1
     WHERE r.kind = 'block'";
