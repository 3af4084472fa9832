//! Clocks: real time (a base time per player plus an increment per move),
//! or correspondence (a number of days for each move). The server is the
//! authority. It charges a player the time between its
//! own receipt of the opponent's move and of the player's, less the lag
//! the server itself measured on that player's connection (at most
//! [`LAG_CAP_MS`] a move, and never more than the side's lag quota, which
//! starts at [`LAG_QUOTA_START_MS`] and grows by [`LAG_QUOTA_GAIN_MS`] a
//! move up to [`LAG_QUOTA_MAX_MS`]). Every time is passed in as
//! milliseconds from a source the caller chooses, so a test can drive the
//! clock without sleeping.

use core::fmt;
use core::str::FromStr;

use engine::Side;

/// The most lag a single move is compensated for.
pub const LAG_CAP_MS: u64 = 500;
/// The lag each side may be given back in a game before its first move,
/// what each move adds to it, and the most it holds: a connection that
/// really lags on every move is helped on most of them, and no side can
/// draw the cap on every move.
pub const LAG_QUOTA_START_MS: u64 = 1_000;
pub const LAG_QUOTA_GAIN_MS: u64 = 100;
pub const LAG_QUOTA_MAX_MS: u64 = 2_000;

/// The shortest and longest base times offered, in minutes, and the
/// longest increment, in seconds.
const BASE_MINUTES: core::ops::RangeInclusive<u64> = 1..=30;
const MAX_INCREMENT_SECONDS: u64 = 20;

/// The days per move a correspondence game may give.
pub const CORRESPONDENCE_DAYS: [u64; 6] = [1, 2, 3, 5, 7, 14];

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// A time control: real time, `minutes+seconds` from `1+0` to `30+20`; or
/// correspondence, `Nd`, N days for each move (1, 2, 3, 5, 7 or 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TimeControl {
    RealTime {
        base_minutes: u64,
        increment_seconds: u64,
    },
    Correspondence {
        days: u64,
    },
}

impl TimeControl {
    /// Each side's time at the start (for correspondence, for a move).
    pub fn base_ms(self) -> u64 {
        match self {
            TimeControl::RealTime { base_minutes, .. } => base_minutes * 60_000,
            TimeControl::Correspondence { days } => days * DAY_MS,
        }
    }

    pub fn increment_ms(self) -> u64 {
        match self {
            TimeControl::RealTime {
                increment_seconds, ..
            } => increment_seconds * 1000,
            TimeControl::Correspondence { .. } => 0,
        }
    }

    /// Whether each move gets the whole time again (correspondence).
    pub fn per_move(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::RealTime {
                base_minutes,
                increment_seconds,
            } => write!(f, "{base_minutes}+{increment_seconds}"),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "{text:?} is not a time control such as 3+2 (1+0 to 30+20) or 3d (1, 2, 3, 5, 7 or 14 days a move)"
            )
        };
        let number = |t: &str| -> Result<u64, String> {
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        if let Some(days) = text.strip_suffix('d') {
            let days = number(days)?;
            if !CORRESPONDENCE_DAYS.contains(&days) {
                return Err(bad());
            }
            return Ok(TimeControl::Correspondence { days });
        }
        let (base, increment) = text.split_once('+').ok_or_else(bad)?;
        let (base_minutes, increment_seconds) = (number(base)?, number(increment)?);
        if !BASE_MINUTES.contains(&base_minutes) || increment_seconds > MAX_INCREMENT_SECONDS {
            return Err(bad());
        }
        Ok(TimeControl::RealTime {
            base_minutes,
            increment_seconds,
        })
    }
}

impl TryFrom<String> for TimeControl {
    type Error = String;

    fn try_from(text: String) -> Result<TimeControl, String> {
        text.parse()
    }
}

impl From<TimeControl> for String {
    fn from(control: TimeControl) -> String {
        control.to_string()
    }
}

/// Both players' clocks in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Time left to each side (White, Black) when its clock last stopped.
    remaining: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, u64)>,
    /// The lag each side may still be given back.
    lag_quota: [u64; 2],
}

/// A side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime(pub Side);

impl Clock {
    /// Both clocks full and stopped.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: [control.base_ms(); 2],
            running: None,
            lag_quota: [LAG_QUOTA_START_MS; 2],
        }
    }

    /// Starts `side`'s clock at `now` (after the game's first move, the
    /// opponent's).
    pub fn start(&mut self, side: Side, now: u64) {
        self.running = Some((side, now));
    }

    /// Stops the clocks for good (the game is over), charging the side on
    /// move up to `now`.
    pub fn stop(&mut self, now: u64) {
        if let Some((side, since)) = self.running.take() {
            let left = &mut self.remaining[side.index()];
            *left = left.saturating_sub(now.saturating_sub(since));
        }
    }

    /// The lag `side` would be given back for a move on which `measured`
    /// ms were measured: at most [`LAG_CAP_MS`] and what its quota holds
    /// (none in correspondence, where a move has days).
    pub fn lag_granted(&self, side: Side, measured: u64) -> u64 {
        if self.control.per_move() {
            return 0;
        }
        measured.min(LAG_CAP_MS).min(self.lag_quota[side.index()])
    }

    /// Takes `granted` ms from `side`'s lag quota and adds a move's gain.
    fn spend_lag(&mut self, side: Side, granted: u64) {
        let quota = &mut self.lag_quota[side.index()];
        *quota = (quota.saturating_sub(granted) + LAG_QUOTA_GAIN_MS).min(LAG_QUOTA_MAX_MS);
    }

    /// What is left of each side's lag quota.
    pub fn lag_quota(&self) -> [u64; 2] {
        self.lag_quota
    }

    /// The side on move moved, received at `now`, the server having
    /// measured `lag` ms on its connection: it is charged the time since
    /// its clock started, less the lag it is granted
    /// ([`Clock::lag_granted`]), and given the increment; the opponent's
    /// clock starts. A side whose time ran out before the move came has
    /// lost, and its clock stays at zero.
    pub fn moved(&mut self, side: Side, now: u64, lag: u64) -> Result<(), OutOfTime> {
        let since = match self.running {
            Some((running, since)) if running == side => since,
            // The first move, before any clock runs: nothing to charge.
            _ => {
                self.running = Some((side.other(), now));
                return Ok(());
            }
        };
        let granted = self.lag_granted(side, lag);
        let spent = now.saturating_sub(since).saturating_sub(granted);
        let left = &mut self.remaining[side.index()];
        if spent >= *left {
            *left = 0;
            self.running = None;
            return Err(OutOfTime(side));
        }
        *left = if self.control.per_move() {
            self.control.base_ms()
        } else {
            *left - spent + self.control.increment_ms()
        };
        self.running = Some((side.other(), now));
        self.spend_lag(side, granted);
        Ok(())
    }

    /// Time left to each side (White, Black) at `now`.
    pub fn remaining_at(&self, now: u64) -> [u64; 2] {
        let mut left = self.remaining;
        if let Some((side, since)) = self.running {
            let running = &mut left[side.index()];
            *running = running.saturating_sub(now.saturating_sub(since));
        }
        left
    }

    /// The side whose time has run out by `now`, if any.
    pub fn out_of_time_at(&self, now: u64) -> Option<Side> {
        let (side, _) = self.running?;
        (self.remaining_at(now)[side.index()] == 0).then_some(side)
    }

    /// When the running side's time runs out, if none of it is given back
    /// (for the server's timer).
    pub fn deadline(&self) -> Option<(Side, u64)> {
        let (side, since) = self.running?;
        Some((side, since + self.remaining[side.index()]))
    }

    /// Sets both clocks as a stored clock event has them: `left` to each
    /// side, and `side`'s clock running from `since` (or none running).
    /// When the event follows a move in real time (the mover's clock ran
    /// until the event's time and the opponent's runs from it), the lag
    /// the mover was given back is read from the times and taken from its
    /// quota, so a room rebuilt from its events has the same quotas.
    pub fn set(&mut self, left: [u64; 2], running: Option<(Side, u64)>) {
        if let (Some((mover, since)), Some((next, at))) = (self.running, running) {
            if next == mover.other() && !self.control.per_move() {
                let elapsed = at.saturating_sub(since);
                let charged = (self.remaining[mover.index()] + self.control.increment_ms())
                    .saturating_sub(left[mover.index()]);
                self.spend_lag(mover, elapsed.saturating_sub(charged));
            }
        }
        self.remaining = left;
        self.running = running;
    }

    /// Time left to each side when its clock last stopped (or, for the
    /// running side, when it started).
    pub fn remaining(&self) -> [u64; 2] {
        self.remaining
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(text: &str) -> TimeControl {
        text.parse().expect("a time control")
    }

    #[test]
    fn time_controls_read_within_their_range() {
        assert_eq!(control("3+2").base_ms(), 180_000);
        assert_eq!(control("3+2").increment_ms(), 2_000);
        assert_eq!(control("1+0").to_string(), "1+0");
        assert_eq!(control("30+20").to_string(), "30+20");
        assert_eq!(control("3d").base_ms(), 3 * 24 * 60 * 60 * 1000);
        assert_eq!(control("14d").to_string(), "14d");
        for bad in [
            "", "3", "0+1", "31+0", "5+21", "+2", "3+", "-1+2", "3+2+1", "a+b", " 3+2", "4d", "0d",
            "d", "15d", "1d+0",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
        let json = serde_json::to_string(&control("5+3")).expect("JSON");
        assert_eq!(json, "\"5+3\"");
        assert!(serde_json::from_str::<TimeControl>("\"60+0\"").is_err());
    }

    #[test]
    fn moves_are_charged_between_receipts_plus_the_increment() {
        let mut clock = Clock::new(control("1+2"));
        // White's first move starts Black's clock; nothing is charged.
        clock.moved(Side::White, 5_000, 0).expect("in time");
        assert_eq!(clock.running(), Some(Side::Black));
        assert_eq!(clock.remaining_at(5_000), [60_000, 60_000]);
        assert_eq!(clock.remaining_at(15_000), [60_000, 50_000]);
        // Black moves after 10 s: 10 s spent, 2 s back.
        clock.moved(Side::Black, 15_000, 0).expect("in time");
        assert_eq!(clock.remaining_at(15_000), [60_000, 52_000]);
        // White moves after 3 s.
        clock.moved(Side::White, 18_000, 0).expect("in time");
        assert_eq!(clock.remaining_at(18_000), [59_000, 52_000]);
        assert_eq!(clock.deadline(), Some((Side::Black, 70_000)));
    }

    #[test]
    fn correspondence_gives_each_move_the_whole_time_again() {
        let day = 24 * 60 * 60 * 1000;
        let mut clock = Clock::new(control("2d"));
        clock.moved(Side::White, 0, 0).expect("in time");
        // Black takes a day and a half: back to two days once moved.
        clock.moved(Side::Black, day * 3 / 2, 0).expect("in time");
        assert_eq!(clock.remaining_at(day * 3 / 2), [2 * day, 2 * day]);
        assert_eq!(clock.deadline(), Some((Side::White, day * 3 / 2 + 2 * day)));
        // White lets the two days pass.
        assert_eq!(clock.out_of_time_at(day * 7 / 2), Some(Side::White));
    }

    #[test]
    fn lag_is_given_back_up_to_the_cap() {
        let mut clock = Clock::new(control("1+0"));
        clock.moved(Side::White, 0, 0).expect("in time");
        clock.moved(Side::Black, 1_000, 300).expect("in time");
        assert_eq!(clock.remaining_at(1_000)[1], 60_000 - 700);
        clock.moved(Side::White, 2_000, 0).expect("in time");
        // A page claiming 5 s of lag gets the cap only.
        clock.moved(Side::Black, 12_000, 5_000).expect("in time");
        assert_eq!(
            clock.remaining_at(12_000)[1],
            60_000 - 700 - (10_000 - LAG_CAP_MS)
        );
    }

    #[test]
    fn free_time_from_the_lag_allowance_is_bounded_by_a_quota() {
        // A side claiming the cap on every move of a 1+0 game, each move
        // really taking 500 ms: the quota runs dry, and what it is given
        // back over five moves is the starting quota and the gains.
        let mut clock = Clock::new(control("1+0"));
        clock.moved(Side::White, 0, 0).expect("in time");
        let mut now = 0;
        for _ in 0..5 {
            now += 500;
            clock.moved(Side::Black, now, LAG_CAP_MS).expect("in time");
            now += 10;
            clock.moved(Side::White, now, 0).expect("in time");
        }
        let given = clock.remaining_at(now)[1] - (60_000 - 2_500);
        assert_eq!(given, LAG_QUOTA_START_MS + 4 * LAG_QUOTA_GAIN_MS);
        assert!(given < 5 * LAG_CAP_MS);
        assert_eq!(clock.lag_quota()[1], LAG_QUOTA_GAIN_MS);
        // A clock rebuilt from the times alone has the same quotas.
        let mut rebuilt = Clock::new(control("1+0"));
        let mut replay = Clock::new(control("1+0"));
        replay.moved(Side::White, 0, 0).expect("in time");
        rebuilt.set(replay.remaining(), Some((Side::Black, 0)));
        let mut now = 0;
        for _ in 0..5 {
            now += 500;
            replay.moved(Side::Black, now, LAG_CAP_MS).expect("in time");
            rebuilt.set(replay.remaining(), Some((Side::White, now)));
            now += 10;
            replay.moved(Side::White, now, 0).expect("in time");
            rebuilt.set(replay.remaining(), Some((Side::Black, now)));
        }
        assert_eq!(rebuilt.lag_quota(), replay.lag_quota());
        // Correspondence gives none back.
        assert_eq!(Clock::new(control("3d")).lag_granted(Side::White, 400), 0);
    }

    #[test]
    fn a_side_runs_out_of_time() {
        let mut clock = Clock::new(control("1+0"));
        clock.moved(Side::White, 0, 0).expect("in time");
        assert_eq!(clock.out_of_time_at(59_999), None);
        assert_eq!(clock.out_of_time_at(60_000), Some(Side::Black));
        // A move received after the flag fell is too late, lag or not.
        let mut late = clock.clone();
        assert_eq!(
            late.moved(Side::Black, 61_000, 0),
            Err(OutOfTime(Side::Black))
        );
        assert_eq!(late.remaining_at(61_000), [60_000, 0]);
        // Lag can save a move that arrived just after the flag.
        assert_eq!(clock.moved(Side::Black, 60_200, 300), Ok(()));
        clock.stop(70_000);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.remaining_at(90_000)[0], 60_000 - 9_800);
    }
}
