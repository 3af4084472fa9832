//! The tournaments' controls and how the page's markup names them: in
//! both modules, as every control is (the light one leads to the whole
//! app's page for them).

/// A control of the tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentButton {
    /// A tournament's page, by id.
    Open(String),
    /// Join, or come back from a pause, with the password typed.
    Join {
        password: String,
    },
    Pause,
    Withdraw,
    /// Make a tournament from the lobby's form: its fields as typed.
    Make(MakeForm),
    /// Halve one's own time in the tournament game on screen.
    Berserk,
    /// Say a line in the tournament's chat.
    Say(String),
}

/// The lobby's form to make a tournament, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MakeForm {
    /// `arena` or `swiss`.
    pub kind: String,
    pub name: String,
    pub game: String,
    pub clock: String,
    /// Minutes of an arena, or rounds of a Swiss.
    pub length: String,
    /// Minutes from now to the start.
    pub starts_in: String,
    pub password: String,
    pub rated: bool,
}

/// The tournaments' controls, by their `data-action`: none for another
/// action.
pub(super) fn control(
    name: &str,
    fields: &dyn super::Fields,
    attribute: &dyn Fn(&str) -> Result<String, super::ActionError>,
) -> Result<Option<TournamentButton>, super::ActionError> {
    let value = |id: &str| fields.value(id).unwrap_or_default();
    Ok(Some(match name {
        "tournament" => TournamentButton::Open(attribute("data-id")?),
        "join-tournament" => TournamentButton::Join {
            password: value("tournament-password"),
        },
        "pause-tournament" => TournamentButton::Pause,
        "withdraw-tournament" => TournamentButton::Withdraw,
        "berserk" => TournamentButton::Berserk,
        "tournament-say" => TournamentButton::Say(value("tournament-chat-text")),
        "make-tournament" => TournamentButton::Make(MakeForm {
            kind: value("make-kind"),
            name: value("make-name"),
            game: value("make-game"),
            clock: value("make-clock"),
            length: value("make-length"),
            starts_in: value("make-starts"),
            password: value("make-password"),
            rated: fields.checked("make-rated"),
        }),
        _ => return Ok(None),
    }))
}
