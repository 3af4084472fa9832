//! The HTTP API, defined once for the server that answers it and the page
//! that asks: each route's method and path ([`Endpoint`]), and the bodies
//! it takes and gives, as typed data. The server sends data and the page
//! words it: a rating is a number and whether it is provisional, a side is
//! a [`Role`] or a [`SeekSide`], never a display string.
//!
//! A refusal is a JSON object naming why by a code, with English words
//! for any other client ([`Refusal`]): the page words the code in its own
//! language.

use std::collections::BTreeMap;

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::{Deserialize, Serialize};

use crate::{EndReason, GameResult, Role, TimeControl};

/// A route: its method, and its path with `{name}`-style holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endpoint {
    pub method: Method,
    pub route: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

/// What a path's holes may hold as it is: the rest is percent-encoded.
const KEPT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_');

impl Endpoint {
    const fn get(route: &'static str) -> Endpoint {
        Endpoint {
            method: Method::Get,
            route,
        }
    }

    const fn post(route: &'static str) -> Endpoint {
        Endpoint {
            method: Method::Post,
            route,
        }
    }

    /// The path with its holes filled by `args` in order, each
    /// percent-encoded.
    pub fn path(&self, args: &[&str]) -> String {
        let mut out = String::with_capacity(self.route.len());
        let mut args = args.iter();
        let mut rest = self.route;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
            if let Some(arg) = args.next() {
                out.extend(utf8_percent_encode(arg, KEPT));
            }
            rest = &rest[close..];
        }
        out.push_str(rest);
        out
    }

    /// The number of holes in the path.
    pub fn holes(&self) -> usize {
        self.route.matches('{').count()
    }
}

/// Creates a game to play with a friend: [`Created`].
pub const CREATE: Endpoint = Endpoint::post("/api/games");
/// A game's record: [`GameRecord`].
pub const GAME: Endpoint = Endpoint::get("/api/games/{id}");
/// Who the browser is signed in as: [`Me`].
pub const ME: Endpoint = Endpoint::get("/api/me");
/// The signed-in player's games in progress: [`MyGames`].
pub const MY_GAMES: Endpoint = Endpoint::get("/api/me/games");
pub const REGISTER: Endpoint = Endpoint::post("/api/account/register");
pub const LOGIN: Endpoint = Endpoint::post("/api/account/login");
pub const LOGOUT: Endpoint = Endpoint::post("/api/account/logout");
pub const PASSWORD: Endpoint = Endpoint::post("/api/account/password");
pub const DELETE: Endpoint = Endpoint::post("/api/account/delete");
/// The open seeks: [`Seeks`].
pub const LOBBY: Endpoint = Endpoint::get("/api/lobby");
/// Posts a seek ([`SeekRequest`]): [`Posted`].
pub const SEEKS: Endpoint = Endpoint::post("/api/seeks");
/// A seek's state, for its seeker: [`SeekState`].
pub const SEEK: Endpoint = Endpoint::get("/api/seeks/{id}");
pub const WITHDRAW: Endpoint = Endpoint::post("/api/seeks/{id}/withdraw");
/// Accepts a seek ([`TokenRequest`]): [`Pairing`].
pub const ACCEPT: Endpoint = Endpoint::post("/api/seeks/{id}/accept");
/// Quick pairing ([`QuickRequest`]): [`Pairing`].
pub const QUICK: Endpoint = Endpoint::post("/api/quick");
/// A quick pairing's seeker takes a bot after all ([`TokenRequest`]):
/// [`BotTaken`].
pub const TAKE_BOT: Endpoint = Endpoint::post("/api/seeks/{id}/bot");
/// The games in play: [`Live`].
pub const LIVE: Endpoint = Endpoint::get("/api/live");
/// A player's page: [`PlayerPage`].
pub const PLAYER: Endpoint = Endpoint::get("/api/players/{name}");
/// A game's leaderboard: [`Leaderboard`].
pub const LEADERBOARD: Endpoint = Endpoint::get("/api/leaderboard/{game}");
/// Each game's figures: [`Stats`].
pub const STATS: Endpoint = Endpoint::get("/api/stats");
/// The lists pushed to open pages: a socket that takes [`LobbyFollow`] and
/// sends [`LobbyNews`].
pub const LOBBY_SOCKET: Endpoint = Endpoint::get("/api/lobby/socket");

/// Every endpoint, for checks that each is routed once.
pub const ENDPOINTS: [Endpoint; 47] = [
    CREATE,
    GAME,
    ME,
    MY_GAMES,
    REGISTER,
    LOGIN,
    LOGOUT,
    PASSWORD,
    DELETE,
    LOBBY,
    SEEKS,
    SEEK,
    WITHDRAW,
    ACCEPT,
    QUICK,
    LIVE,
    PLAYER,
    LEADERBOARD,
    STATS,
    LOBBY_SOCKET,
    REPORT,
    MY_REPORTS,
    RELATIONS,
    RELATE,
    MOD_REPORTS,
    MOD_ACT,
    MOD_PLAYER,
    MOD_FLAGS,
    MOD_DISMISS_FLAG,
    NOTICES_READ,
    TOURNAMENTS,
    NEW_TOURNAMENT,
    TOURNAMENT,
    JOIN_TOURNAMENT,
    PAUSE_TOURNAMENT,
    WITHDRAW_TOURNAMENT,
    TOURNAMENT_CHAT,
    PLAYER_TOURNAMENTS,
    CHALLENGES,
    NEW_CHALLENGE,
    ACCEPT_CHALLENGE,
    DECLINE_CHALLENGE,
    TAKE_BOT,
    BOT_UPGRADE,
    BOT_SOCKET,
    FOLLOWS,
    FOLLOW,
];

/// A rating: its value, and whether it is still provisional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    pub value: i32,
    pub provisional: bool,
}

/// A rating with the figures behind it, as a player's page and a
/// leaderboard give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub rating: Rating,
    pub deviation: i32,
    /// Rated games played.
    pub games: u32,
}

/// The side a seeker takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeekSide {
    White,
    Black,
    #[default]
    Random,
}

impl SeekSide {
    pub fn as_str(self) -> &'static str {
        match self {
            SeekSide::White => "white",
            SeekSide::Black => "black",
            SeekSide::Random => "random",
        }
    }
}

/// A name and a password, to register or sign in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// A password to confirm an account's deletion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Password {
    pub password: String,
}

/// A password change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPassword {
    pub password: String,
    pub new_password: String,
}

/// Who the browser is signed in as (none for a guest), whether they
/// moderate, and what the site has to tell them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    pub name: Option<String>,
    #[serde(default)]
    pub moderator: bool,
    #[serde(default)]
    pub notices: Vec<Notice>,
}

/// A seek to post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekRequest {
    /// The game's record header (`classic`, or with rule options).
    pub game: String,
    #[serde(default)]
    pub clock: Option<TimeControl>,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub side: SeekSide,
    #[serde(default)]
    pub range: Option<(i32, i32)>,
    /// The seat token the pairing will seat the seeker with.
    pub token: String,
    /// A guest's name.
    #[serde(default)]
    pub name: Option<String>,
}

/// A seek's acceptance, or its withdrawal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenRequest {
    pub token: String,
    #[serde(default)]
    pub name: Option<String>,
}

/// A place in a quick-pairing pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickRequest {
    pub game: String,
    pub clock: TimeControl,
    pub token: String,
    #[serde(default)]
    pub name: Option<String>,
    /// Whether a bot may take the place once the player has waited a while.
    #[serde(default)]
    pub bots: bool,
}

/// The answer to a seek posted, accepted or a quick pairing: the seek
/// waiting, and the game once paired.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seek: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

/// A seek posted: its id, to watch and withdraw it by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Posted {
    pub id: String,
}

/// A waiting seek's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum SeekState {
    Open,
    Paired {
        game: String,
    },
    /// A challenge its challenged player declined, and why.
    Declined {
        reason: DeclineReason,
    },
}

/// The answer to a quick pairing's seeker taking a bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTaken {
    pub bots: bool,
}

/// A withdrawal's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawn {
    pub withdrawn: bool,
}

/// An open seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seek {
    pub id: String,
    /// The game's record header (`classic`, or with rule options).
    pub game: String,
    pub clock: Option<String>,
    pub rated: bool,
    pub side: SeekSide,
    pub range: Option<(i32, i32)>,
    pub name: String,
    pub guest: bool,
    /// The seeker's rating in the game, for a rated seek.
    pub rating: Option<Rating>,
    /// A rated seek that would be played unrated with the one asking
    /// (one network or one browser).
    pub unrated_for_you: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seeks {
    pub seeks: Vec<Seek>,
}

/// One side of a game in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LivePlayer {
    /// None in a game between friends, who have no names.
    pub name: Option<String>,
    pub rating: Option<Rating>,
    /// Connected now.
    pub online: bool,
}

/// A game in play's clocks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveClock {
    pub control: String,
    /// White's and Black's time left now (ms).
    pub left: [u64; 2],
    /// The side whose clock runs.
    pub running: Option<Role>,
}

/// A game in play, as the Watch screen lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    pub id: String,
    pub game: String,
    pub rated: bool,
    pub white: LivePlayer,
    pub black: LivePlayer,
    pub clock: Option<LiveClock>,
    /// Plies played.
    pub ply: usize,
    pub spectators: u32,
    /// The game the Watch screen puts first.
    pub featured: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Live {
    pub games: Vec<LiveGame>,
}

/// One of the signed-in player's games in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGame {
    pub id: String,
    pub game: String,
    /// The side this player plays.
    pub side: Role,
    pub opponent: Option<String>,
    pub your_turn: bool,
    /// Time left to move, for the side on move, in a game with clocks.
    pub left: Option<u64>,
    pub clock: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGames {
    pub games: Vec<MyGame>,
}

/// One game's figures: games played, and the share of White's wins, Black's
/// wins and draws (percent, to a tenth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    pub played: u64,
    pub white_wins: f64,
    pub black_wins: f64,
    pub draws: f64,
}

/// A quick-pairing pool with players waiting in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// The game's record header (`classic`).
    pub game: String,
    pub clock: String,
    pub waiting: u32,
}

/// Each game's figures, by the game's name (`classic`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub games: BTreeMap<String, GameStats>,
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A player's results with White and with Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByColour {
    pub white: Tally,
    pub black: Tally,
}

/// One of a player's finished games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub id: String,
    /// The game's record header.
    pub game: String,
    /// The players' names (none for a guest, or a deleted account).
    pub white: Option<String>,
    pub black: Option<String>,
    pub result: GameResult,
    pub reason: EndReason,
    pub rated: bool,
    pub clock: Option<String>,
}

/// A player's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPage {
    pub name: String,
    /// An account that plays by program.
    #[serde(default)]
    pub bot: bool,
    /// Per game (`classic`) played rated.
    pub ratings: BTreeMap<String, Standing>,
    pub results: ByColour,
    /// The last finished games, newest first.
    pub games: Vec<PlayedGame>,
}

/// A place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub name: String,
    pub standing: Standing,
}

/// A game's leaderboard, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub game: String,
    pub players: Vec<Leader>,
}

/// A game's record, to review it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub id: String,
    pub record: String,
    pub over: bool,
}

/// A game made to play with a friend: its id, the friend's join code, the
/// creator's seat token, and the creator's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub id: String,
    pub code: String,
    pub token: String,
    pub side: Role,
}

/// What a page follows over the lobby's socket: the lists on its screen,
/// and its own waiting seek. Each message replaces the last; the lists
/// followed are sent at once, then whenever they change.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyFollow {
    /// The open seeks (and, signed in, the player's own games).
    #[serde(default)]
    pub lobby: bool,
    /// The games in play.
    #[serde(default)]
    pub live: bool,
    /// The site's figures.
    #[serde(default)]
    pub stats: bool,
    /// The page's waiting seek: kept open while followed, and told when
    /// paired or gone.
    #[serde(default)]
    pub seek: Option<String>,
    /// A tournament: its page, sent whenever it changes.
    #[serde(default)]
    pub tournament: Option<String>,
    /// The signed-in player's challenges, both ways, sent whenever they
    /// change.
    #[serde(default)]
    pub challenges: bool,
}

/// What the lobby's socket sends. Each list comes whole, with its version,
/// which only grows: a page keeps the latest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyNews {
    Seeks {
        version: u64,
        seeks: Vec<Seek>,
    },
    Live {
        version: u64,
        games: Vec<LiveGame>,
    },
    Stats {
        version: u64,
        games: BTreeMap<String, GameStats>,
    },
    /// The quick-pairing pools with players waiting, busiest first.
    Pools {
        version: u64,
        pools: Vec<Pool>,
    },
    /// The signed-in player's games in progress.
    Mine {
        games: Vec<MyGame>,
    },
    /// The followed seek was paired: the game to sit down at.
    Paired {
        seek: String,
        game: String,
    },
    /// The followed seek is no longer open (withdrawn, or gone stale).
    SeekGone {
        seek: String,
    },
    /// The followed challenge was declined.
    Declined {
        seek: String,
        reason: DeclineReason,
    },
    /// The signed-in player's open challenges, both ways, whenever they
    /// change.
    Challenges {
        challenges: Challenges,
    },
    /// The followed tournament, whole, whenever it changes.
    Tournament {
        page: Box<TournamentPage>,
    },
}

pub use bots::*;
pub use challenges::*;
pub use follows::*;
pub use moderation::*;
pub use notices::*;
pub use push::*;
pub use refusal::{Refusal, Unavailable};
pub use relations::*;
pub use reports::*;
pub use tournaments::*;

mod bots;
mod challenges;
mod follows;
mod moderation;
mod notices;
mod push;
mod refusal;
mod relations;
mod reports;
#[cfg(test)]
mod tests;
mod tournaments;
