//! Difficulty levels: how deep the computer looks, how many positions it may
//! visit, how much it misjudges on purpose, and how often it overlooks a
//! huff. Even the lowest level searches every capture at its horizon, so it
//! never leaves a piece to be taken for nothing.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::{Depth, Limits, Oracle, Ply, Score, Search, Searchable, Verdict};
use crate::kind::{DraughtsKind, GameKind};

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
    pub depth: Depth,
    /// Nodes per move for a draughts-family game (scaled for dearer games).
    pub nodes: u64,
    /// Deliberate misjudgement of every position, in hundredths of a man.
    pub noise: i32,
    /// Percent of the turns on which an available huff goes unnoticed.
    pub overlook_huff: u64,
    /// Any turn that scores within this much (hundredths of a man) of the
    /// best may be chosen, at random. Below a man's worth, so a turn that
    /// loses a piece the search can see is never among them.
    pub margin: i32,
    /// How much worse than even a draw counts for this player (hundredths
    /// of a man), so that it plays on against a weaker opponent.
    pub contempt: i32,
    /// Percent of the turns on which the margin grows to a man and a half,
    /// so that a piece may be left to be taken: a slip (Classic's levels
    /// below Expert).
    pub blunder: u64,
    /// Whether the search knows a position where no piece can be taken any
    /// more for the draw it is (Classic), instead of judging it by material.
    pub dead_draws: bool,
    /// Whether, given a clock, the time alone limits the search: the node
    /// budget then holds only when no clock is given (Expert, which should
    /// use the time it has).
    pub timed: bool,
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

    /// What this level does in `game`. One ladder serves most games. In
    /// Qirkat and Bell, where the game is a race for the last move and a
    /// small misjudgement decides it, some levels take their own steps so
    /// that each still beats the one below (tuned by self-play the same way);
    /// in Classic, which is drawn as soon as the men have passed each other,
    /// the levels below Expert slip now and then, and Expert knows such a
    /// position for a draw; in Special Hard looks less far ahead.
    pub const fn settings(self, game: GameKind) -> LevelSettings {
        let mut settings = self.common_settings();
        match (game, self) {
            (GameKind::Draughts(DraughtsKind::Qirkat), Level::Easy) => settings.margin = 85,
            (GameKind::Draughts(DraughtsKind::Qirkat), Level::Medium) => settings.margin = 70,
            (GameKind::Draughts(DraughtsKind::Qirkat), Level::Hard) => settings.margin = 45,
            (GameKind::Draughts(DraughtsKind::Bell), Level::Hard) => settings.depth = Depth(8),
            // With kings, Expert draws most games against a Hard that looks
            // nine plies ahead.
            (GameKind::Draughts(DraughtsKind::Special), Level::Hard) => settings.depth = Depth(7),
            // Classic is drawn whenever the men run past each other, which
            // any level can bring about; a level that never slips cannot be
            // beaten by the next. So below Expert each level sometimes picks
            // loosely (a piece may go), and the lower the level, the oftener.
            (GameKind::Draughts(DraughtsKind::Classic), Level::Beginner) => settings.blunder = 60,
            (GameKind::Draughts(DraughtsKind::Classic), Level::Easy) => settings.blunder = 35,
            (GameKind::Draughts(DraughtsKind::Classic), Level::Medium) => settings.blunder = 20,
            (GameKind::Draughts(DraughtsKind::Classic), Level::Hard) => settings.blunder = 10,
            // Expert knows that once the men have run past each other the
            // game is a draw: behind, it heads for such a position; ahead,
            // it keeps the men in touch.
            (GameKind::Draughts(DraughtsKind::Classic), Level::Expert) => {
                settings.dead_draws = true
            }
            // These games are cheap to search: Expert still answers in well
            // under a second with three times the nodes.
            (GameKind::Draughts(DraughtsKind::Qirkat | DraughtsKind::Bell), Level::Expert) => {
                settings.nodes = 6_000_000
            }
            _ => {}
        }
        settings
    }

    /// The ladder most games use.
    const fn common_settings(self) -> LevelSettings {
        let (depth, nodes, noise, overlook_huff, margin) = match self {
            // The misjudgement stays below a man's worth, so no level gives
            // material away for nothing (but see Classic's slips above).
            // Tuned by self-play (`alquerque match` with tuned players,
            // 100 games a pair; the README has the table): depth separates
            // the levels most, the margin makes the lower ones choose
            // loosely among nearly equal moves.
            Level::Beginner => (1, 50_000, 60, 70, 99),
            Level::Easy => (3, 100_000, 40, 40, 70),
            Level::Medium => (5, 200_000, 20, 15, 40),
            Level::Hard => (9, 600_000, 8, 0, 25),
            Level::Expert => (64, 2_000_000, 0, 0, 0),
        };
        LevelSettings {
            depth: Depth(depth),
            nodes,
            noise,
            overlook_huff,
            margin,
            contempt: 0,
            blunder: 0,
            dead_draws: false,
            timed: matches!(self, Level::Expert),
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

impl LevelSettings {
    /// Reads `level[,name=value]...`: a level's settings in `game` with some
    /// of them changed, for example `hard,noise=20,depth=7`. The names are
    /// `depth`, `nodes`, `noise`, `overlook` (the huff percentage), `margin`,
    /// `contempt`, `blunder`, `dead` (0 or 1: knowing a Classic position
    /// where no piece can be taken any more for a draw) and `timed` (0 or 1:
    /// given a clock, searching until the time is up whatever the nodes).
    pub fn parse(text: &str, game: GameKind) -> Result<LevelSettings, String> {
        let mut parts = text.split(',');
        let base: Level = parts
            .next()
            .unwrap_or_default()
            .parse()
            .map_err(|e: UnknownLevel| e.to_string())?;
        let mut settings = base.settings(game);
        for part in parts {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| format!("expected name=value, found {part:?}"))?;
            let number: u64 = value
                .parse()
                .map_err(|_| format!("{name} must be a whole number, found {value:?}"))?;
            let small = || i32::try_from(number).map_err(|_| format!("{name} is too large"));
            match name {
                "depth" => settings.depth = Depth(small()?.clamp(1, 64) as u32),
                "nodes" => settings.nodes = number.max(1),
                "noise" => settings.noise = small()?,
                "overlook" => settings.overlook_huff = number.min(100),
                "margin" => settings.margin = small()?.min(99),
                "contempt" => settings.contempt = small()?.min(500),
                "blunder" => settings.blunder = number.min(100),
                "dead" => settings.dead_draws = number != 0,
                "timed" => settings.timed = number != 0,
                _ => return Err(format!("unknown setting {name:?}")),
            }
        }
        Ok(settings)
    }
}

/// A computer player of one level. Its choices depend only on the positions
/// and its seed.
pub struct Player<P: Searchable> {
    settings: LevelSettings,
    search: Search<P>,
    rng: u64,
    /// A clock (seconds) and the most time a move may take.
    clock: Option<(fn() -> f64, f64)>,
    last_score: Option<Score>,
}

impl<P: Searchable> fmt::Debug for Player<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Player")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl<P: Searchable> Player<P> {
    pub fn new(level: Level, game: GameKind, seed: u64) -> Player<P> {
        Player::with_settings(level.settings(game), seed)
    }

    /// A player with settings of its own (see [`LevelSettings::parse`]).
    pub fn with_settings(settings: LevelSettings, seed: u64) -> Player<P> {
        let mut search = Search::new();
        search.set_noise(settings.noise, seed);
        search.set_contempt(settings.contempt);
        search.set_dead_draws(settings.dead_draws);
        Player {
            settings,
            search,
            rng: seed | 1,
            clock: None,
            last_score: None,
        }
    }

    /// Stops each search after `seconds` by `clock` (which counts seconds
    /// from any start); the move then comes from the deepest search that
    /// finished. Without a clock only depth and nodes limit the search, and
    /// the choice depends on nothing but the positions and the seed.
    pub fn set_time_limit(&mut self, clock: fn() -> f64, seconds: f64) {
        self.clock = Some((clock, seconds));
    }

    pub fn settings(&self) -> LevelSettings {
        self.settings
    }

    /// Plays perfectly wherever `oracle` knows every turn's value, and
    /// takes its values as exact inside the search.
    pub fn set_oracle(&mut self, oracle: Oracle<P>) {
        self.search.set_oracle(oracle);
    }

    /// The turn of perfect play when the oracle knows the position and
    /// where each turn leads: the quickest win, else a draw, else the
    /// longest defence (the first such turn).
    fn perfect_turn(&self, root: &P) -> Option<(P::Turn, Score)> {
        self.search.known(root)?;
        let (mut scratch, mut turns) = (P::Scratch::default(), Vec::new());
        root.turns_into(&mut scratch, &mut turns);
        let mut best: Option<(P::Turn, Score)> = None;
        for turn in turns {
            let (verdict, plies) = self.search.known(&root.play(turn))?;
            let score = match verdict {
                Verdict::Loss => Score::win_in(Ply(plies).next()),
                Verdict::Win => Score::loss_in(Ply(plies).next()),
                Verdict::Draw => Score::DRAW,
            };
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((turn, score));
            }
        }
        best
    }

    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// The turn this player makes in the last of `positions` (the game so
    /// far), or `None` when there is no legal turn.
    /// What the last search thought of the position it was asked about,
    /// from the mover's side (before any deliberate imperfection).
    pub fn last_score(&self) -> Option<Score> {
        self.last_score
    }

    pub fn choose(&mut self, positions: &[P]) -> Option<P::Turn> {
        let settings = self.settings;
        if let Some((turn, score)) = positions.last().and_then(|root| self.perfect_turn(root)) {
            self.last_score = Some(score);
            return Some(turn);
        }
        let nodes = if settings.timed && self.clock.is_some() {
            u64::MAX
        } else {
            (settings.nodes / P::NODE_COST).max(1_000)
        };
        let limits = Limits {
            depth: settings.depth,
            nodes,
        };
        let overlook = self.next_random() % 100 < settings.overlook_huff;
        if let Some((clock, seconds)) = self.clock {
            let start = clock();
            self.search.set_stop(move || clock() - start > seconds);
        }
        let allowed = |t: &P::Turn| !(overlook && P::is_huff(t));
        let report = self.search.run_among(positions, limits, allowed);
        self.last_score = Some(report.score);
        let best = report.best?;
        let margin = if self.next_random() % 100 < settings.blunder {
            150
        } else {
            settings.margin
        };
        if margin <= 0 || report.score.is_decided() {
            return Some(best);
        }
        // Each other turn is checked, to the depth the search reached, for
        // coming within the margin of the best; those that do are as likely
        // to be played as the best.
        let mut close = Vec::from([best]);
        let (mut scratch, mut turns) = (P::Scratch::default(), Vec::new());
        if let Some(root) = positions.last() {
            root.turns_into(&mut scratch, &mut turns);
        }
        let threshold = Score(report.score.0 - margin);
        for turn in turns.into_iter().filter(|t| *t != best && allowed(t)) {
            let depth = report.depth.max(Depth(1));
            if self
                .search
                .reaches(positions, turn, depth, threshold, limits.nodes)
                == Some(true)
            {
                close.push(turn);
            }
        }
        let pick = self.next_random() % close.len() as u64;
        Some(close[pick as usize])
    }
}
