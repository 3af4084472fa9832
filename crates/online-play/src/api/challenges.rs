//! Challenges: a signed-in player asks one named player (a person or a
//! bot) for a game, with its rules, clock, side and whether it is rated.
//! The challenged player accepts with a seat token of their own making, or
//! declines with a reason; the challenger cancels with the seat token the
//! challenge was made with. A challenge is a seek meant for one player: it
//! is followed, kept open and paired as any seek is
//! ([`super::LobbyFollow::seek`]), and is never listed in the lobby.

use serde::{Deserialize, Serialize};

use super::{Endpoint, Rating, SeekSide};
use crate::TimeControl;

/// The signed-in player's open challenges, both ways: [`Challenges`].
pub const CHALLENGES: Endpoint = Endpoint::get("/api/challenges");
/// Challenges a player ([`ChallengeRequest`], signed in): [`super::Posted`].
pub const NEW_CHALLENGE: Endpoint = Endpoint::post("/api/challenges");
/// Accepts a challenge made to oneself ([`super::TokenRequest`]):
/// [`super::Pairing`].
pub const ACCEPT_CHALLENGE: Endpoint = Endpoint::post("/api/challenges/{id}/accept");
/// Declines a challenge made to oneself ([`Decline`]): [`Declined`].
pub const DECLINE_CHALLENGE: Endpoint = Endpoint::post("/api/challenges/{id}/decline");

/// The most challenges one player may have open at once.
pub const OPEN_CHALLENGES: usize = 5;

/// A challenge to make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeRequest {
    /// The challenged player's name.
    pub to: String,
    /// The game's record header (`classic`, or with rule options).
    pub game: String,
    #[serde(default)]
    pub clock: Option<TimeControl>,
    #[serde(default)]
    pub rated: bool,
    /// The challenger's side.
    #[serde(default)]
    pub side: SeekSide,
    /// The seat token the challenger will play with.
    pub token: String,
}

/// Why a challenge was declined, as the challenger is told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclineReason {
    /// No reason given.
    #[default]
    Generic,
    /// Not now; maybe later.
    Later,
    TooFast,
    TooSlow,
    /// Rather a casual game.
    Casual,
    /// Rather a rated game.
    Rated,
    /// Rather another game or other rules.
    Variant,
    /// No games against bots.
    NoBot,
    /// This bot does not play that.
    Unsupported,
}

impl DeclineReason {
    /// Every reason, in the order a page offers them.
    pub const ALL: [DeclineReason; 9] = [
        DeclineReason::Generic,
        DeclineReason::Later,
        DeclineReason::TooFast,
        DeclineReason::TooSlow,
        DeclineReason::Casual,
        DeclineReason::Rated,
        DeclineReason::Variant,
        DeclineReason::NoBot,
        DeclineReason::Unsupported,
    ];

    /// Its code, as the wire and the store write it.
    pub fn code(self) -> &'static str {
        match self {
            DeclineReason::Generic => "generic",
            DeclineReason::Later => "later",
            DeclineReason::TooFast => "too_fast",
            DeclineReason::TooSlow => "too_slow",
            DeclineReason::Casual => "casual",
            DeclineReason::Rated => "rated",
            DeclineReason::Variant => "variant",
            DeclineReason::NoBot => "no_bot",
            DeclineReason::Unsupported => "unsupported",
        }
    }

    /// The reason a code names; `Generic` for one this side does not know
    /// (a newer server's).
    pub fn from_code(code: &str) -> DeclineReason {
        DeclineReason::ALL
            .into_iter()
            .find(|r| r.code() == code)
            .unwrap_or_default()
    }
}

/// A decline, with its reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decline {
    #[serde(default)]
    pub reason: DeclineReason,
}

/// A decline's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declined {
    pub declined: bool,
}

/// An open challenge, as the two players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    pub id: String,
    /// The challenger's name, and whether the challenger is a bot.
    pub from: String,
    #[serde(default)]
    pub from_bot: bool,
    /// The challenged player's name.
    pub to: String,
    pub game: String,
    pub clock: Option<String>,
    pub rated: bool,
    /// The challenger's side.
    pub side: SeekSide,
    /// The challenger's rating in the game, for a rated challenge.
    #[serde(default)]
    pub rating: Option<Rating>,
}

/// The signed-in player's open challenges.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenges {
    /// Made to them, oldest first.
    pub incoming: Vec<Challenge>,
    /// Made by them, oldest first.
    pub outgoing: Vec<Challenge>,
}
