//! The controls of challenges, of the house bots as opponents, of
//! follows and of notifications, read
//! from the page's markup (`ui/challenges` takes them).

/// A control of challenges and bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeButton {
    /// Challenge the player `to` with the page's form as typed.
    Make {
        to: String,
        game: String,
        clock: String,
        rated: bool,
        side: String,
    },
    /// Accept the challenge with this id.
    Accept(String),
    /// Decline the challenge `id`, for the reason chosen (its code).
    Decline { id: String, reason: String },
    /// Let a bot take the person's place in the quick-pairing pool.
    TakeBot,
    /// Welcome bots in quick pairing, or not.
    Bots(bool),
    /// Follow a player, or stop.
    Follow { player: String, on: bool },
    /// Turn notifications on in this browser (`true`), or off.
    Notifications(bool),
}

/// The controls of challenges, by their `data-action`: none for another.
pub(super) fn control(
    name: &str,
    fields: &dyn super::Fields,
    attribute: &dyn Fn(&str) -> Result<String, super::ActionError>,
) -> Result<Option<ChallengeButton>, super::ActionError> {
    let value = |id: &str| fields.value(id).unwrap_or_default();
    Ok(Some(match name {
        "challenge" => ChallengeButton::Make {
            to: attribute("data-name")?,
            game: value("challenge-game"),
            clock: value("challenge-clock"),
            rated: fields.checked("challenge-rated"),
            side: value("challenge-side"),
        },
        "accept-challenge" => ChallengeButton::Accept(attribute("data-id")?),
        "decline-challenge" => {
            let id = attribute("data-id")?;
            let reason = value(&format!("decline-{id}"));
            ChallengeButton::Decline { id, reason }
        }
        "take-bot" => ChallengeButton::TakeBot,
        "bots-welcome" => ChallengeButton::Bots(fields.checked("bots-welcome")),
        "follow" => ChallengeButton::Follow {
            player: attribute("data-name")?,
            on: attribute("data-on")? == "true",
        },
        "notifications" => ChallengeButton::Notifications(attribute("data-on")? == "true"),
        _ => return Ok(None),
    }))
}
