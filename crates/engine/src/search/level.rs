//! Difficulty levels: how deep the computer looks, how many positions it may
//! visit, how much it misjudges on purpose, and how often it overlooks a
//! huff. Even the lowest level searches every capture at its horizon, so it
//! never leaves a piece to be taken for nothing.

use core::fmt;
use core::str::FromStr;

use super::{Limits, Search, Searchable};

/// A difficulty level.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    Beginner,
    Easy,
    Medium,
    Hard,
    Expert,
}

/// What a level does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LevelSettings {
    /// Full-width depth.
    pub depth: u32,
    /// Nodes per move for a draughts-family game (scaled for dearer games).
    pub nodes: u64,
    /// Deliberate misjudgement of every position, in hundredths of a man.
    pub noise: i32,
    /// Percent of the turns on which an available huff goes unnoticed.
    pub overlook_huff: u64,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub const fn settings(self) -> LevelSettings {
        let (depth, nodes, noise, overlook_huff) = match self {
            // The misjudgement stays below a man's worth, so no level gives
            // material away for nothing.
            Level::Beginner => (1, 50_000, 60, 70),
            Level::Easy => (2, 100_000, 40, 40),
            Level::Medium => (4, 200_000, 20, 15),
            Level::Hard => (9, 600_000, 8, 0),
            Level::Expert => (64, 2_000_000, 0, 0),
        };
        LevelSettings {
            depth,
            nodes,
            noise,
            overlook_huff,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UnknownLevel;

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown level (expected beginner, easy, medium, hard or expert)")
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or(UnknownLevel)
    }
}

/// A computer player of one level. Its choices depend only on the positions
/// and its seed.
pub struct Player<P: Searchable> {
    level: Level,
    search: Search<P>,
    rng: u64,
    /// A clock (seconds) and the most time a move may take.
    clock: Option<(fn() -> f64, f64)>,
}

impl<P: Searchable> fmt::Debug for Player<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Player")
            .field("level", &self.level)
            .finish_non_exhaustive()
    }
}

impl<P: Searchable> Player<P> {
    pub fn new(level: Level, seed: u64) -> Player<P> {
        let mut search = Search::new();
        search.set_noise(level.settings().noise, seed);
        Player {
            level,
            search,
            rng: seed | 1,
            clock: None,
        }
    }

    /// Stops each search after `seconds` by `clock` (which counts seconds
    /// from any start); the move then comes from the deepest search that
    /// finished. Without a clock only depth and nodes limit the search, and
    /// the choice depends on nothing but the positions and the seed.
    pub fn set_time_limit(&mut self, clock: fn() -> f64, seconds: f64) {
        self.clock = Some((clock, seconds));
    }

    pub fn level(&self) -> Level {
        self.level
    }

    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// The turn this player makes in the last of `positions` (the game so
    /// far), or `None` when there is no legal turn.
    pub fn choose(&mut self, positions: &[P]) -> Option<P::Turn> {
        let settings = self.level.settings();
        let limits = Limits {
            depth: settings.depth,
            nodes: (settings.nodes / P::NODE_COST).max(1_000),
        };
        let overlook = self.next_random() % 100 < settings.overlook_huff;
        if let Some((clock, seconds)) = self.clock {
            let start = clock();
            self.search.set_stop(move || clock() - start > seconds);
        }
        let report = self
            .search
            .run_among(positions, limits, |t| !(overlook && P::is_huff(t)));
        report.best
    }
}
