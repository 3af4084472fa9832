//! The site's recurring tournaments, as the operator writes them in one
//! TOML file, and when each next starts (all times UTC):
//!
//! ```toml
//! [[arena]]
//! name = "Hourly Classic blitz"
//! game = "classic"
//! clock = "3+2"
//! minutes = 30
//! every = "hour"      # hour, day or week
//! at = ":00"          # ":MM" hourly, "HH:MM" daily, "mon HH:MM" weekly
//! rated = true        # the default
//!
//! [[swiss]]
//! name = "Weekly Bell Swiss"
//! game = "bell"
//! clock = "10+5"
//! rounds = 5
//! every = "week"
//! at = "sun 18:00"
//! ```
//!
//! A file that cannot be read is refused whole, with every reason, each
//! naming the tournament it is about.

use engine::GameKind;
use online_play::TimeControl;
use serde::Deserialize;

/// How often a tournament recurs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Every {
    Hour,
    Day,
    Week,
}

/// The kind of a scheduled tournament, with what only that kind has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An arena lasting this many minutes.
    Arena { minutes: u32 },
    /// A Swiss of this many rounds.
    Swiss { rounds: u32 },
}

/// A recurring tournament, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recurring {
    pub name: String,
    pub game: GameKind,
    pub clock: TimeControl,
    pub format: Format,
    pub every: Every,
    /// Seconds into the hour, day or week (weeks start on Monday).
    pub offset: i64,
    pub rated: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    arena: Vec<Entry>,
    #[serde(default)]
    swiss: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    game: String,
    clock: String,
    #[serde(default)]
    minutes: Option<u32>,
    #[serde(default)]
    rounds: Option<u32>,
    every: Every,
    at: String,
    #[serde(default = "yes")]
    rated: bool,
}

fn yes() -> bool {
    true
}

/// The longest arena, and the most rounds of a Swiss.
pub const MAX_MINUTES: u32 = 24 * 60;
pub const MAX_ROUNDS: u32 = 15;

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;
const WEEK: i64 = 7 * DAY;
const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// Reads the schedule; every reason it cannot be used, if any.
pub fn read(text: &str) -> Result<Vec<Recurring>, Vec<String>> {
    let file: File = toml::from_str(text).map_err(|e| vec![e.message().to_string()])?;
    let mut read = Vec::new();
    let mut wrong = Vec::new();
    let entries = file
        .arena
        .into_iter()
        .map(|e| (true, e))
        .chain(file.swiss.into_iter().map(|e| (false, e)));
    for (arena, entry) in entries {
        match check(arena, entry) {
            Ok(r) => read.push(r),
            Err(why) => wrong.extend(why),
        }
    }
    if wrong.is_empty() {
        Ok(read)
    } else {
        Err(wrong)
    }
}

fn check(arena: bool, e: Entry) -> Result<Recurring, Vec<String>> {
    let mut why = Vec::new();
    let name = e.name.trim().to_string();
    let mut say = |what: String| why.push(format!("{name:?}: {what}"));
    if name.is_empty() || name.chars().count() > 60 {
        say("a name has 1 to 60 characters".to_string());
    }
    let game = e.game.parse::<GameKind>();
    if game.is_err() {
        say(format!("{:?} is no game of the site", e.game));
    }
    let clock = e.clock.parse::<TimeControl>();
    if let Err(bad) = &clock {
        say(bad.clone());
    }
    let format = match (arena, e.minutes, e.rounds) {
        (true, Some(m), None) if (1..=MAX_MINUTES).contains(&m) => {
            Some(Format::Arena { minutes: m })
        }
        (true, _, _) => {
            say(format!(
                "an arena gives minutes (1 to {MAX_MINUTES}) and no rounds"
            ));
            None
        }
        (false, None, Some(r)) if (1..=MAX_ROUNDS).contains(&r) => {
            Some(Format::Swiss { rounds: r })
        }
        (false, _, _) => {
            say(format!(
                "a Swiss gives rounds (1 to {MAX_ROUNDS}) and no minutes"
            ));
            None
        }
    };
    let offset = offset_of(e.every, &e.at);
    if offset.is_none() {
        say(format!(
            "{:?} is no start for every {:?}: \":MM\" for an hour, \"HH:MM\" for a day, \"mon HH:MM\" for a week",
            e.at, e.every
        ));
    }
    match (game, clock, format, offset) {
        (Ok(game), Ok(clock), Some(format), Some(offset)) if why.is_empty() => Ok(Recurring {
            name,
            game,
            clock,
            format,
            every: e.every,
            offset,
            rated: e.rated,
        }),
        _ => Err(why),
    }
}

/// Seconds into the period of `at`, if it is one for `every`.
fn offset_of(every: Every, at: &str) -> Option<i64> {
    let two = |t: &str, max: i64| -> Option<i64> {
        (t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<i64>().ok())
            .flatten()
            .filter(|&n| n < max)
    };
    let clock = |t: &str| -> Option<i64> {
        let (h, m) = t.split_once(':')?;
        Some(two(h, 24)? * HOUR + two(m, 60)? * 60)
    };
    match every {
        Every::Hour => Some(two(at.strip_prefix(':')?, 60)? * 60),
        Every::Day => clock(at),
        Every::Week => {
            let (day, time) = at.split_once(' ')?;
            let index = WEEKDAYS
                .iter()
                .position(|d| *d == day.to_ascii_lowercase())?;
            Some(index as i64 * DAY + clock(time)?)
        }
    }
}

impl Recurring {
    /// Seconds between two starts.
    pub fn period(&self) -> i64 {
        match self.every {
            Every::Hour => HOUR,
            Every::Day => DAY,
            Every::Week => WEEK,
        }
    }

    /// The starts to have made at `now`, given how far `ahead` to make
    /// them: the next start if it is that close, and an arena's latest
    /// start if that arena still runs (a site started in the middle of
    /// one still holds it).
    pub fn starts_due(&self, now: i64, ahead: i64) -> Vec<i64> {
        let next = self.next_start(now);
        let last = next - self.period();
        let mut due = Vec::new();
        if let Format::Arena { minutes } = self.format {
            if last + 60 * i64::from(minutes) > now {
                due.push(last);
            }
        }
        if next - now <= ahead {
            due.push(next);
        }
        due
    }

    /// The first start strictly after `after` (seconds since the epoch).
    pub fn next_start(&self, after: i64) -> i64 {
        let (period, origin) = match self.every {
            Every::Hour => (HOUR, 0),
            Every::Day => (DAY, 0),
            // The epoch fell on a Thursday: Mondays are 4 days later.
            Every::Week => (WEEK, 4 * DAY),
        };
        let start = origin + self.offset;
        let periods = (after - start).div_euclid(period) + 1;
        start + periods * period
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCHEDULE: &str = r#"
[[arena]]
name = "Hourly Classic blitz"
game = "classic"
clock = "3+2"
minutes = 30
every = "hour"
at = ":15"

[[arena]]
name = "Daily Turkish"
game = "turkish"
clock = "5+3"
minutes = 60
every = "day"
at = "19:30"
rated = false

[[swiss]]
name = "Weekly Bell Swiss"
game = "bell"
clock = "10+5"
rounds = 5
every = "week"
at = "sun 18:00"
"#;

    #[test]
    fn a_schedule_is_read_and_each_next_start_found() {
        let read = read(SCHEDULE).expect("reads");
        assert_eq!(read.len(), 3);
        assert_eq!(read[0].format, Format::Arena { minutes: 30 });
        assert!(!read[1].rated && read[0].rated);
        assert_eq!(read[2].format, Format::Swiss { rounds: 5 });
        // Friday 2026-11-27 22:10:59 UTC.
        let now = 1_795_817_459;
        assert_eq!(read[0].next_start(now), 1_795_817_700); // 22:15
        assert_eq!(read[1].next_start(now), 1_795_894_200); // Sat 28 19:30
        assert_eq!(read[2].next_start(now), 1_795_975_200); // Sun 29 18:00
                                                            // A start is never now: the next one after it.
        let at = read[0].next_start(now);
        assert_eq!(read[0].next_start(at), at + 3600);
        assert_eq!(read[0].next_start(at - 1), at);
    }

    #[test]
    fn the_starts_due_are_the_next_soon_and_an_arena_still_running() {
        let read = read(SCHEDULE).expect("reads");
        // 22:10:59: the 21:15 arena of 30 minutes is over; 22:15 is 4 minutes off.
        let now = 1_795_817_459;
        assert_eq!(read[0].starts_due(now, 3600), [1_795_817_700]);
        assert_eq!(read[0].starts_due(now, 60), Vec::<i64>::new());
        // At 22:20 the 22:15 arena runs, and 23:15 is within the hour.
        let later = 1_795_817_700 + 300;
        assert_eq!(
            read[0].starts_due(later, 3600),
            [1_795_817_700, 1_795_821_300]
        );
        // A Swiss is never made once started.
        let sunday = 1_795_975_200 + 60;
        assert_eq!(read[2].starts_due(sunday, 3600), Vec::<i64>::new());
    }

    #[test]
    fn a_wrong_schedule_is_refused_with_every_reason() {
        let wrong = r#"
[[arena]]
name = "Bad"
game = "chess"
clock = "3+99"
rounds = 4
every = "day"
at = "25:00"
"#;
        let why = read(wrong).expect_err("refused");
        assert_eq!(why.len(), 4, "{why:?}");
        assert!(why.iter().all(|w| w.starts_with("\"Bad\": ")), "{why:?}");
        assert!(why[0].contains("chess"));
        let unknown = read("[[arena]]\nname = \"x\"\ncolour = \"red\"\n").expect_err("refused");
        assert!(unknown[0].contains("colour"), "{unknown:?}");
        assert!(read("[[arena]\n").is_err());
        assert_eq!(read("").map(|r| r.len()), Ok(0));
    }
}
