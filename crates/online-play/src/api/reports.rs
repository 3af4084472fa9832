//! Reports: a signed-in player reports another to the moderators, for a
//! reason and with an optional note; the game it happened in travels with
//! it, and its chat as the server kept it. The reporter sees each report
//! they made, and whether it was handled.

use serde::{Deserialize, Serialize};

use super::Endpoint;

/// Reports a player ([`ReportRequest`]): [`Reported`].
pub const REPORT: Endpoint = Endpoint::post("/api/reports");
/// The reports the signed-in player made: [`MyReports`].
pub const MY_REPORTS: Endpoint = Endpoint::get("/api/reports/mine");

/// The longest note a report takes, in characters.
pub const NOTE_CHARS: usize = 500;
/// Reports one player may make in an hour.
pub const REPORTS_PER_HOUR: usize = 10;

/// Why a player is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// Insults, in chat or in a name.
    Insult,
    /// Playing with a computer's help, or throwing games.
    Cheating,
    /// Letting the clock run instead of moving or resigning.
    Stalling,
    /// An offensive username.
    Name,
    Other,
}

/// A report, as the reporter sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportRequest {
    /// The reported player's username.
    pub player: String,
    pub reason: ReportReason,
    #[serde(default)]
    pub note: String,
    /// The game it happened in, if any (its id).
    #[serde(default)]
    pub game: Option<String>,
}

/// A report received.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reported {
    pub id: String,
}

/// A report, as its reporter sees it afterwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyReport {
    pub id: String,
    pub player: String,
    pub reason: ReportReason,
    /// When it was made (seconds since the Unix epoch).
    pub created: i64,
    /// Whether a moderator has handled it.
    pub handled: bool,
}

/// The reports the signed-in player made, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyReports {
    pub reports: Vec<MyReport>,
}
