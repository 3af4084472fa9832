//! What the site tells a signed-in player when they come (with
//! [`super::Me`]): a mute in force, with its reason and end; a moderator's
//! warning; a report of theirs that a moderator handled. The last two are
//! told until the player has read them ([`NOTICES_READ`]).

use serde::{Deserialize, Serialize};

use super::Endpoint;

/// The player has read their notices: the warnings and handled reports
/// told so far are not told again.
pub const NOTICES_READ: Endpoint = Endpoint::post("/api/notices/read");

/// One thing to tell the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// Their chat is muted until `until` (seconds since the epoch).
    Muted { reason: String, until: i64 },
    /// A moderator warned them, at `at`.
    Warned { reason: String, at: i64 },
    /// Their report on `player` was handled, at `at`.
    ReportHandled { player: String, at: i64 },
    /// A moderator found that they cheated: they play casual games only.
    Marked { reason: String },
    /// A moderator changed their username (to the name they now have).
    Renamed { reason: String, at: i64 },
}
