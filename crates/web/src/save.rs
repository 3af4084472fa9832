//! Saving the session and the player's preferences and results: plain
//! JSON for `localStorage`, read back with a specific error for anything
//! damaged or from another version (formats in docs/web.md).

use crate::theme::{BoardTheme, PieceStyle};
use engine::search::Level;
use engine::{AnyGame, GameKind, Point, Side};
use serde::{Deserialize, Serialize};

use crate::input::Selection;
use crate::session::{DrawOffer, Mode, Session};

/// Level names in saved data.
fn level_from(name: &str) -> Result<Level, SaveError> {
    name.parse()
        .map_err(|_| SaveError::Corrupt(format!("unknown level {name:?}")))
}

fn side_from(name: &str) -> Result<Side, SaveError> {
    match name {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(SaveError::Corrupt(format!("unknown side {name:?}"))),
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// The saved form of a session (version [`SAVE_VERSION`]).
#[derive(Serialize, Deserialize, Debug)]
struct Saved {
    version: u32,
    /// The game as a record line (`classic moves c2-c3 …`).
    record: String,
    /// `computer`, `friend` or `watch`.
    mode: String,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    human: Option<String>,
    #[serde(default)]
    delay_ms: Option<u32>,
    seed: u64,
    /// The turn being entered: a huffed point and the points chosen.
    #[serde(default)]
    huff: Option<String>,
    #[serde(default)]
    path: Vec<String>,
    #[serde(default)]
    draw_offer: Option<String>,
    /// How the game ended when its turns did not end it: `white-resigned`,
    /// `black-resigned` or `agreed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ending: Option<String>,
}

/// The ending a save names for a game its turns did not end.
fn ending_name(outcome: Option<engine::Outcome>) -> Option<String> {
    use engine::{DrawReason, Outcome, WinReason};
    match outcome? {
        Outcome::Win {
            winner,
            reason: WinReason::Resignation,
        } => Some(format!("{}-resigned", side_name(winner.other()))),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => Some("agreed".to_string()),
        _ => None,
    }
}

pub const SAVE_VERSION: u32 = 1;

/// Why a saved game could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not the shape of a save.
    Corrupt(String),
    /// Written by another version of the game.
    Version(u32),
    /// The moves do not replay.
    Record(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Corrupt(why) => write!(f, "the saved game is damaged ({why})"),
            SaveError::Version(v) => write!(f, "the saved game is from another version ({v})"),
            SaveError::Record(why) => write!(f, "the saved moves do not replay ({why})"),
        }
    }
}

impl Session {
    /// The session as text for storage.
    pub fn to_save(&self) -> String {
        let geometry = self.game.geometry();
        let (mode, level, human, delay_ms) = match self.mode {
            Mode::Computer { level, human } => (
                "computer",
                Some(level.name().to_string()),
                Some(side_name(human).to_string()),
                None,
            ),
            // Online games are kept by their seat (see `online_state::Seat`).
            Mode::Friend | Mode::Online { .. } => ("friend", None, None, None),
            Mode::Watch { level, delay_ms } => (
                "watch",
                Some(level.name().to_string()),
                None,
                Some(delay_ms),
            ),
        };
        let saved = Saved {
            version: SAVE_VERSION,
            record: self.game.to_record_line(),
            mode: mode.to_string(),
            level,
            human,
            delay_ms,
            seed: self.seed,
            huff: self.selection.huff.map(|p| geometry.name(p).to_string()),
            path: self
                .selection
                .path
                .iter()
                .map(|&p| geometry.name(p).to_string())
                .collect(),
            draw_offer: self.draw_offer.map(|o| side_name(o.by).to_string()),
            ending: ending_name(self.game.outcome()),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Restores a session from [`Session::to_save`] text.
    pub fn from_save(text: &str) -> Result<Session, SaveError> {
        /// The version alone, read first: a save of another version may
        /// have other fields.
        #[derive(Deserialize)]
        struct Versioned {
            version: Option<u64>,
        }
        let corrupt = |e: serde_json::Error| SaveError::Corrupt(e.to_string());
        let Versioned { version } = serde_json::from_str(text).map_err(corrupt)?;
        match version {
            Some(v) if v == u64::from(SAVE_VERSION) => {}
            Some(v) => return Err(SaveError::Version(u32::try_from(v).unwrap_or(u32::MAX))),
            None => return Err(SaveError::Corrupt("no version".to_string())),
        }
        let saved: Saved = serde_json::from_str(text).map_err(corrupt)?;
        let mut game = AnyGame::from_record_line(&saved.record)
            .map_err(|e| SaveError::Record(e.to_string()))?;
        let declared = match saved.ending.as_deref() {
            None => Ok(()),
            Some("agreed") => game.agree_draw(),
            Some(resigned) => {
                let loser = resigned
                    .strip_suffix("-resigned")
                    .ok_or_else(|| SaveError::Corrupt(format!("unknown ending {resigned:?}")))?;
                game.resign(side_from(loser)?)
            }
        };
        declared.map_err(|e| SaveError::Record(e.to_string()))?;
        let level = || level_from(saved.level.as_deref().unwrap_or_default());
        let mode = match saved.mode.as_str() {
            "computer" => Mode::Computer {
                level: level()?,
                human: side_from(saved.human.as_deref().unwrap_or_default())?,
            },
            "friend" => Mode::Friend,
            "watch" => Mode::Watch {
                level: level()?,
                delay_ms: saved.delay_ms.unwrap_or(800).min(60_000),
            },
            other => return Err(SaveError::Corrupt(format!("unknown mode {other:?}"))),
        };
        let mut session = Session::resume(game, mode, saved.seed);
        // The turn being entered comes back only if it still makes sense.
        let geometry = session.game.geometry();
        let huff = saved.huff.as_deref().map(|n| geometry.parse_point(n));
        let path: Option<Vec<Point>> = saved.path.iter().map(|n| geometry.parse_point(n)).collect();
        if let (Some(path), false) = (path, matches!(huff, Some(None))) {
            let selection = Selection {
                huff: huff.flatten(),
                path,
            };
            let fits = selection.path.is_empty() && selection.huff.is_none()
                || selection.candidates(session.entries()).next().is_some();
            if fits && session.human_to_move() {
                session.selection = selection;
            }
        }
        if let Some(by) = saved.draw_offer.as_deref() {
            if !session.is_over() {
                session.draw_offer = Some(DrawOffer { by: side_from(by)? });
                // An offer to the computer is asked again, not kept.
                if session.awaiting_computer_answer() {
                    session.draw_offer = None;
                }
            }
        }
        Ok(session)
    }
}

/// Preferences kept across games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Highlight the pieces that can move and where they can go.
    pub hints: bool,
    /// Explain in words what the player may do.
    pub prompts: bool,
    /// Animate moves.
    pub animate: bool,
    /// Turn the board round (Black at the bottom).
    pub flipped: bool,
    /// Play sounds (once the person has touched the page).
    pub sound: bool,
    /// Ask before a move entered on the board is played.
    pub confirm: bool,
    /// Vibrate on the opponent's move and on a capture of one's piece
    /// (where the device can).
    pub vibrate: bool,
    /// Zen mode: the game screen shows only the board, the clocks and the
    /// names.
    pub zen: bool,
    pub board: BoardTheme,
    pub pieces: PieceStyle,
    /// Show and take part in online games' chat.
    pub chat: bool,
    /// Kid mode: no chat at all, and no guest's typed name.
    pub kid: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            hints: true,
            prompts: true,
            animate: true,
            flipped: false,
            sound: true,
            confirm: false,
            vibrate: true,
            zen: false,
            board: BoardTheme::Wood,
            pieces: PieceStyle::Solid,
            chat: true,
            kid: false,
        }
    }
}

impl Prefs {
    /// Reads preferences; anything unreadable falls back to the defaults.
    pub fn from_text(text: &str) -> Prefs {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Wins, draws and losses against the computer, per game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub games: std::collections::BTreeMap<String, [u32; 3]>,
    /// Hints taken, per game.
    pub hints: std::collections::BTreeMap<String, u32>,
}

impl Stats {
    pub fn from_text(text: &str) -> Stats {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Counts a result: +1 a win, 0 a draw, -1 a loss.
    pub fn count(&mut self, variant: GameKind, result: i8) {
        let row = self.games.entry(variant.as_str().to_string()).or_default();
        row[usize::from(result <= 0) + usize::from(result < 0)] += 1;
    }

    /// Counts a hint taken in `variant`.
    pub fn count_hint(&mut self, variant: GameKind) {
        *self.hints.entry(variant.as_str().to_string()).or_default() += 1;
    }

    /// Hints taken in `variant`.
    pub fn hints_in(&self, variant: GameKind) -> u32 {
        self.hints
            .get(variant.as_str())
            .copied()
            .unwrap_or_default()
    }

    /// Wins, draws and losses in `variant`.
    pub fn of(&self, variant: GameKind) -> [u32; 3] {
        self.games
            .get(variant.as_str())
            .copied()
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests::{play_first_entries, vs_computer};
    use engine::DraughtsKind;

    #[test]
    fn saves_restore_every_game_exactly() {
        for (i, variant) in GameKind::ALL.into_iter().enumerate() {
            let mut session = Session::new(variant, vs_computer(), 42 + i as u64);
            play_first_entries(&mut session, 7);
            // Leave a piece selected, as if the page closed mid-turn.
            if session.human_to_move() {
                let from = session.entries()[0].path[0];
                session.press(from);
            }
            let text = session.to_save();
            let back = Session::from_save(&text).expect("the save reads back");
            assert_eq!(back.game.to_record_line(), session.game.to_record_line());
            assert_eq!(back.mode, session.mode);
            assert_eq!(back.seed, session.seed);
            assert_eq!(back.selection, session.selection, "{variant}");
            assert_eq!(back.to_save(), text);
        }
    }

    #[test]
    fn a_resigned_or_agreed_game_stays_over_when_restored() {
        for (i, end) in ["resign", "agree"].into_iter().enumerate() {
            let kind = GameKind::Draughts(DraughtsKind::Bell);
            let mut session = Session::new(kind, vs_computer(), 7 + i as u64);
            play_first_entries(&mut session, 3);
            match end {
                "resign" => assert!(session.resign()),
                _ => {
                    session.game.agree_draw().expect("agreed");
                }
            }
            let text = session.to_save();
            let back = Session::from_save(&text).expect("the save reads back");
            assert!(back.is_over(), "{text}");
            assert_eq!(back.game.outcome(), session.game.outcome(), "{text}");
            assert!(!back.is_unfinished(), "no game in progress to lose");
            assert_eq!(back.to_save(), text);
        }
        // A save written before endings were kept reads as before.
        let old = r#"{"version":1,"record":"bell moves d3-c3","mode":"friend","seed":1}"#;
        assert!(!Session::from_save(old).expect("reads").is_over());
        let bad = r#"{"version":1,"record":"bell","mode":"friend","seed":1,"ending":"won"}"#;
        assert!(matches!(
            Session::from_save(bad),
            Err(SaveError::Corrupt(_))
        ));
    }

    #[test]
    fn a_damaged_save_is_refused_with_its_reason() {
        let good = Session::new(GameKind::Draughts(DraughtsKind::Bell), Mode::Friend, 1).to_save();
        assert!(matches!(Session::from_save(""), Err(SaveError::Corrupt(_))));
        assert!(matches!(
            Session::from_save("{"),
            Err(SaveError::Corrupt(_))
        ));
        assert!(matches!(
            Session::from_save("[1,2]"),
            Err(SaveError::Corrupt(_))
        ));
        assert_eq!(
            Session::from_save(&good.replace("\"version\":1", "\"version\":7")).err(),
            Some(SaveError::Version(7))
        );
        assert!(matches!(
            Session::from_save(
                &good.replace("\"record\":\"bell\"", "\"record\":\"bell moves z9-z8\"")
            ),
            Err(SaveError::Record(_))
        ));
        assert!(matches!(
            Session::from_save(&good.replace("friend", "party")),
            Err(SaveError::Corrupt(_))
        ));
        // Every truncation of a good save is refused or restores, never panics.
        for end in 0..good.len() {
            let _ = Session::from_save(&good[..end]);
        }
    }

    #[test]
    fn a_stale_selection_is_dropped() {
        let mut session = Session::new(GameKind::Draughts(DraughtsKind::Classic), Mode::Friend, 1);
        let from = session.entries()[0].path[0];
        session.press(from);
        let text = session
            .to_save()
            .replace("\"path\":[\"", "\"path\":[\"e5\",\"");
        let back = Session::from_save(&text).expect("the rest is fine");
        assert_eq!(back.selection, Selection::default());
    }

    #[test]
    fn stats_and_prefs_survive_bad_text() {
        let mut stats = Stats::default();
        let classic = GameKind::Draughts(DraughtsKind::Classic);
        stats.count(classic, 1);
        stats.count(classic, 0);
        stats.count(classic, -1);
        stats.count(classic, -1);
        assert_eq!(stats.of(classic), [1, 1, 2]);
        assert_eq!(Stats::from_text(&stats.to_text()), stats);
        assert_eq!(Stats::from_text("nonsense"), Stats::default());
        let prefs = Prefs {
            hints: false,
            ..Prefs::default()
        };
        assert_eq!(Prefs::from_text(&prefs.to_text()), prefs);
        assert_eq!(Prefs::from_text("{\"hints\":false}"), prefs);
        assert_eq!(Prefs::from_text("]"), Prefs::default());
    }
}
