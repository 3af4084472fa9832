//! Moderation: the open reports, oldest first, each with its game and the
//! chat as the server kept it, for moderators only; and an action taken on
//! a report (dismissed, or its player warned), logged with who took it and
//! why, which marks the report handled for its reporter to see.

use serde::{Deserialize, Serialize};

use super::{Endpoint, ReportReason};

/// The open reports: [`OpenReports`].
pub const MOD_REPORTS: Endpoint = Endpoint::get("/api/moderation/reports");
/// Takes an action on a report ([`ModRequest`]): [`Acted`].
pub const MOD_ACT: Endpoint = Endpoint::post("/api/moderation/actions");

/// A chat line a report took: when (seconds), which side said it
/// (`white`, `black`, `spectator`), and the line (a phrase by its name
/// after the character `\u{1}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportedLine {
    pub at: i64,
    pub side: String,
    pub line: String,
}

/// A report nobody has handled yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenReport {
    pub id: String,
    pub reporter: String,
    pub player: String,
    pub reason: ReportReason,
    pub note: String,
    pub game: Option<String>,
    pub chat: Vec<ReportedLine>,
    pub created: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenReports {
    pub reports: Vec<OpenReport>,
}

/// What a moderator does about a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModAction {
    /// Nothing was wrong.
    Dismiss,
    /// The reported player is warned.
    Warn,
    /// The reported player's chat is muted for [`ModRequest::minutes`].
    Mute,
    /// The reported player's account is closed: signed out everywhere,
    /// and never signed in again.
    Close,
    /// The reported player cheated: their ratings go, their rated play
    /// ends, and what their opponents lost to them is given back.
    Cheat,
    /// The reported player's username is offensive: it becomes
    /// [`ModRequest::name`].
    Rename,
    /// The reported player's chat in the reported game is deleted from
    /// what the server keeps.
    DeleteChat,
}

/// The longest mute a moderator gives, in minutes (30 days).
pub const MUTE_MINUTES: u32 = 30 * 24 * 60;

/// An action on a report, with its reason (for the log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModRequest {
    pub report: String,
    pub action: ModAction,
    pub reason: String,
    /// How long a mute lasts, from 1 to [`MUTE_MINUTES`].
    #[serde(default)]
    pub minutes: Option<u32>,
    /// A rename's new username.
    #[serde(default)]
    pub name: Option<String>,
}

/// An action logged: its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acted {
    pub id: String,
}

/// What moderators know of a player: [`PlayerFile`].
pub const MOD_PLAYER: Endpoint = Endpoint::get("/api/moderation/players/{name}");

/// An action taken on a player, as the log keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    pub moderator: String,
    /// Its code (`warn`, `mute`…).
    pub action: String,
    pub reason: String,
    pub created: i64,
}

/// A report made on a player, handled or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastReport {
    pub reporter: String,
    pub reason: ReportReason,
    pub note: String,
    pub created: i64,
    pub handled: bool,
}

/// A player's history for moderators: the actions taken on them and the
/// reports made on them, newest first (their games are on their public
/// page).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerFile {
    pub player: String,
    pub actions: Vec<LoggedAction>,
    pub reports: Vec<PastReport>,
}

/// The fair-play flags no moderator has dismissed: [`Flags`].
pub const MOD_FLAGS: Endpoint = Endpoint::get("/api/moderation/flags");
/// A moderator dismisses a flag, having looked.
pub const MOD_DISMISS_FLAG: Endpoint = Endpoint::post("/api/moderation/flags/{id}/dismiss");

/// What a flag suspects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagKind {
    /// `player` keeps losing short rated games to `other`: `figures` are
    /// the games and the days they fell in.
    Farming,
    /// `player` plays perfectly where a human seldom does: `figures` are
    /// the perfect turns and the decisive ones.
    EngineUse,
}

/// A fair-play flag, raised by the server for moderators to look at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    pub id: String,
    pub kind: FlagKind,
    pub player: String,
    pub other: Option<String>,
    pub figures: [u32; 2],
    pub created: i64,
}

/// The open flags, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flags {
    pub flags: Vec<Flag>,
}
