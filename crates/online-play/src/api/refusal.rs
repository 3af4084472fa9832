//! Why the server refused a request. A refusal goes as its HTTP status and
//! a JSON object: `{"refused": "<code>", …what more it says, "message":
//! "<English words>"}`. The page words the code in its own language; any
//! other client may show the message.

use serde::{Deserialize, Serialize};

/// The part of the site whose store could not be reached (503).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unavailable {
    Accounts,
    Lobby,
    Players,
    MyGames,
    Games,
    Reports,
    Tournaments,
}

/// A refusal, by its code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "refused", rename_all = "snake_case")]
pub enum Refusal {
    // The request itself.
    /// A changing request that is not JSON.
    NotJson,
    /// A body that is not the JSON the route takes: what it takes.
    Malformed {
        expected: String,
    },
    TooLarge,
    /// The body came too slowly.
    TooSlow,
    /// Too many requests of this kind from one client.
    TooManyAttempts,
    TooManyGames,
    TooManySeeks,
    // Accounts.
    LogInFirst,
    WrongLogin,
    WrongPassword,
    NameTaken,
    /// The account changed (its password, or it was deleted) meanwhile.
    AccountChanged,
    BadUsername,
    BadNewPassword,
    BadGuestName,
    // Games and seeks.
    /// A game the engine will not set up: its reason.
    BadGame {
        why: String,
    },
    BadSide,
    BadSeatToken,
    BadRatingRange,
    RatedNeedsAccount,
    RatedWithoutOptions,
    RatedNeedsClock,
    /// A rated pairing refused for abandoned rated games, with the
    /// seconds still to wait.
    Abandoned {
        wait_seconds: u64,
    },
    NoSuchGame,
    NoSuchPlayer,
    NoSuchSeek,
    SeekClosed,
    OwnSeek,
    OutsideRange,
    // Reports, mutes and blocks.
    CannotReportSelf,
    /// A mute or a block of oneself.
    Yourself,
    /// A seek between two players one of whom blocked the other.
    Blocked,
    // Moderation.
    NotModerator,
    /// A moderator's action without its reason.
    NoReason,
    /// A report another moderator handled first.
    AlreadyHandled,
    /// A mute without its length, or longer than 30 days.
    BadDuration,
    /// A sign-in to an account a moderator closed, and why.
    AccountClosed {
        reason: String,
    },
    /// A rename of a player with a game in play.
    InPlay,
    /// Rated play asked by an account a moderator marked as a cheater.
    MarkedCheater {
        reason: String,
    },
    /// A report's note longer than [`super::NOTE_CHARS`].
    BadNote,
    TooManyReports,
    // Tournaments.
    NoSuchTournament,
    /// A tournament that cannot be made as asked: which part.
    BadTournament {
        field: String,
    },
    /// A player who made too many tournaments lately.
    TooManyTournaments,
    AlreadyJoined,
    TournamentFull,
    TournamentOver,
    WrongTournamentPassword,
    /// Fewer rated games of the tournament's game than it asks.
    TooFewRatedGames {
        needed: u32,
    },
    /// A pause or withdrawal by a player not in the tournament.
    NotInTournament,
    /// A chat line said by a player a moderator muted.
    Muted,
    /// A chat line that is empty, or longer than the chat takes.
    BadChat,
    // Challenges.
    NoSuchChallenge,
    /// A challenge to oneself.
    ChallengeSelf,
    /// More open challenges than [`super::OPEN_CHALLENGES`].
    TooManyChallenges,
    // Bots.
    /// The bot socket, for an account that is not a bot.
    NotABot,
    /// An upgrade to a bot of an account that has played games.
    HasGames,
    // Web Push.
    /// A push subscription that is not one: which part.
    BadSubscription {
        field: String,
    },
    /// A store could not be reached just now.
    Unavailable {
        area: Unavailable,
    },
}

impl Refusal {
    /// The HTTP status it goes with.
    pub fn status(&self) -> u16 {
        use Refusal::*;
        match self {
            NotJson => 415,
            TooLarge => 413,
            TooSlow => 408,
            TooManyAttempts | TooManyGames | TooManySeeks | TooManyReports | Abandoned { .. } => {
                429
            }
            LogInFirst | WrongLogin => 401,
            WrongPassword
            | RatedNeedsAccount
            | OutsideRange
            | Blocked
            | NotModerator
            | AccountClosed { .. }
            | MarkedCheater { .. }
            | WrongTournamentPassword
            | TooFewRatedGames { .. }
            | Muted
            | NotABot => 403,
            TooManyTournaments | TooManyChallenges => 429,
            NameTaken | AccountChanged | SeekClosed | OwnSeek | AlreadyHandled | InPlay
            | AlreadyJoined | TournamentFull | TournamentOver | NotInTournament | HasGames => 409,
            NoSuchGame | NoSuchPlayer | NoSuchSeek | NoSuchTournament | NoSuchChallenge => 404,
            BadTournament { .. } | BadChat | BadSubscription { .. } => 400,
            Unavailable { .. } => 503,
            Malformed { .. }
            | BadUsername
            | BadNewPassword
            | BadGuestName
            | BadGame { .. }
            | BadSide
            | BadSeatToken
            | BadRatingRange
            | RatedWithoutOptions
            | RatedNeedsClock
            | CannotReportSelf
            | Yourself
            | NoReason
            | BadDuration
            | BadNote
            | ChallengeSelf => 400,
        }
    }

    /// Its words in English, for clients other than the page.
    pub fn message(&self) -> String {
        use Refusal::*;
        let words = match self {
            NotJson => "send JSON, with Content-Type: application/json",
            Malformed { expected } => return format!("expected {expected}"),
            TooLarge => "too large",
            TooSlow => "the request's body did not arrive in time",
            TooManyAttempts => "too many attempts; wait a minute and try again",
            TooManyGames => "too many games; try later",
            TooManySeeks => "too many seeks; try later",
            LogInFirst => "log in first",
            WrongLogin => "wrong username or password",
            WrongPassword => "wrong password",
            NameTaken => "that username is taken",
            AccountChanged => "the account changed meanwhile; log in again",
            BadUsername => {
                "a username has 3 to 20 letters, digits, _ or -, and starts with a letter"
            }
            BadNewPassword => "a password has 8 to 128 characters",
            BadGuestName => "a guest's name has 2 to 20 letters, digits, spaces, _ or -",
            BadGame { why } => return why.clone(),
            BadSide => "side must be white, black or random",
            BadSeatToken => "a seat token is 32 hex digits of the page's making",
            BadRatingRange => "a rating range is [low, high], from 0 to 4000",
            RatedNeedsAccount => "rated games are for players with an account",
            RatedWithoutOptions => "rated games are played without rule options",
            RatedNeedsClock => "rated games have clocks",
            Abandoned { wait_seconds } => {
                return format!(
                    "too many rated games abandoned today; rated play again in {wait_seconds} s"
                )
            }
            NoSuchGame => "no such game",
            NoSuchPlayer => "no such player",
            NoSuchSeek => "no open seek by that id",
            SeekClosed => "that seek is no longer open",
            OwnSeek => "that seek is your own",
            OutsideRange => "your rating is outside the seek's range",
            CannotReportSelf => "you cannot report yourself",
            Yourself => "that is you",
            Blocked => "one of you has blocked the other",
            NotModerator => "for moderators only",
            NoReason => "an action needs its reason (1 to 500 characters)",
            AlreadyHandled => "that report was handled already",
            BadDuration => "a mute lasts 1 minute to 30 days",
            AccountClosed { reason } => {
                return format!("this account was closed by a moderator: {reason}")
            }
            InPlay => "the player has a game in play; rename them once it ends",
            MarkedCheater { reason } => {
                return format!(
                "a moderator found this account cheating, so it plays casual games only: {reason}"
            )
            }
            BadNote => "a report's note has at most 500 characters",
            TooManyReports => "too many reports; wait an hour",
            NoSuchTournament => "no such tournament",
            BadTournament { field } => {
                return format!("the tournament cannot be made so: check its {field}")
            }
            TooManyTournaments => "you made too many tournaments today; try tomorrow",
            AlreadyJoined => "you are in this tournament already",
            TournamentFull => "this tournament is full",
            TournamentOver => "this tournament is over",
            WrongTournamentPassword => "wrong password for this tournament",
            TooFewRatedGames { needed } => {
                return format!("this tournament asks for {needed} rated games of its game first")
            }
            NotInTournament => "you are not in this tournament",
            Muted => "a moderator muted you for now",
            BadChat => "a chat line has 1 to 140 characters",
            NoSuchChallenge => "no open challenge to you by that id",
            ChallengeSelf => "you cannot challenge yourself",
            TooManyChallenges => "you have too many open challenges; wait for an answer",
            NotABot => "for bot accounts only (POST /api/account/bot upgrades one)",
            HasGames => "an account that has played games cannot become a bot",
            BadSubscription { field } => {
                return format!("that is not a push subscription: check its {field}")
            }
            Unavailable { area } => match area {
                self::Unavailable::Accounts => "accounts cannot be reached just now; try again",
                self::Unavailable::Lobby => "the lobby cannot be reached just now; try again",
                self::Unavailable::Players => "players cannot be looked up just now; try again",
                self::Unavailable::MyGames => "your games cannot be read just now; try again",
                self::Unavailable::Games => "the game could not be stored just now; try again",
                self::Unavailable::Reports => "reports cannot be kept just now; try again",
                self::Unavailable::Tournaments => {
                    "tournaments cannot be reached just now; try again"
                }
            },
        };
        words.to_string()
    }

    /// The body it goes as: its code and fields, and its message.
    pub fn body(&self) -> String {
        let mut value = serde_json::to_value(self).expect("a refusal is plain data");
        value["message"] = self.message().into();
        value.to_string()
    }

    /// The refusal a body names, if it is one.
    pub fn read(body: &str) -> Option<Refusal> {
        serde_json::from_str(body).ok()
    }
}
