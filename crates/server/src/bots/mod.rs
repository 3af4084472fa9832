//! The house bots: accounts the server runs, one per computer level that
//! makes sense online, marked as bots wherever their names are shown, with
//! ratings that move like anyone's.
//!
//! A bot plays through the same game socket as a person, over a connection
//! the server opens to itself in memory ([`pipe`]), so that every move of
//! its goes through the referee as anyone's does; it thinks with the same
//! engine and the same time rule as the page's computer
//! ([`online_play::seat`]), on the server's own cores within a budget
//! ([`think`]). One process on a database runs them at a time ([`lease`]);
//! it answers the challenges made to them, takes the quick-pairing places
//! of players who accept a bot once they have waited, and plays their games
//! to the end ([`desk`], [`play`]), taking up those another process left.
//!
//! Outside programs play as bots too, through the bot API ([`api`]).

pub(crate) mod accounts;
pub(crate) mod api;
pub(crate) mod desk;
pub mod lease;
pub(crate) mod pipe;
pub(crate) mod play;
pub mod store;
pub(crate) mod think;

use std::time::Duration;

use engine::search::Level;

/// How the house bots run.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// Searches run at once: the cores the bots may use.
    pub threads: usize,
    /// Games the bots play at once; a challenge beyond is declined
    /// (`later`), and no quick pairing is taken.
    pub most_games: usize,
    /// How long a player waits in a quick-pairing pool before a bot may
    /// take their place.
    pub pool_wait: Duration,
}

impl Default for BotConfig {
    fn default() -> BotConfig {
        BotConfig {
            threads: 1,
            most_games: 50,
            pool_wait: Duration::from_secs(20),
        }
    }
}

/// A house bot: its level, its name, and the rating it is expected to
/// play at (used to find a player's band while its own is provisional).
#[derive(Clone, Copy, Debug)]
pub struct HouseBot {
    pub level: Level,
    pub name: &'static str,
    pub nominal: i32,
}

/// The house bots, weakest first. Beginner is left out: online, it only
/// gives rating away.
pub const HOUSE: [HouseBot; 4] = [
    HouseBot {
        level: Level::Easy,
        name: "EasyBot",
        nominal: 1100,
    },
    HouseBot {
        level: Level::Medium,
        name: "MediumBot",
        nominal: 1400,
    },
    HouseBot {
        level: Level::Hard,
        name: "HardBot",
        nominal: 1700,
    },
    HouseBot {
        level: Level::Expert,
        name: "ExpertBot",
        nominal: 2000,
    },
];

/// Marks a request that came through a house bot's own connection (a
/// request extension, which nothing from outside can set): it is not
/// counted against an address's allowance of sockets.
#[derive(Clone, Copy, Debug)]
pub struct Inside;
