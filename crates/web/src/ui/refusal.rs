//! The server's refusals in the page's words: the server names why by a
//! code ([`Refusal`]) and the page says it in the language in use, never in
//! the English the server sends along for other clients.

use online_play::api::Refusal;

use crate::t;

/// What to tell the player of a refusal; `None` when the answer named no
/// refusal this page knows (a newer server, a proxy's error page).
pub fn words(refusal: Option<&Refusal>) -> String {
    use Refusal::*;
    let Some(refusal) = refusal else {
        return t!("refused-request");
    };
    match refusal {
        NotJson | Malformed { .. } | TooLarge | TooSlow | BadSide | BadSeatToken => {
            t!("refused-request")
        }
        TooManyAttempts => t!("too-many-tries"),
        TooManyGames => t!("too-many-games"),
        TooManySeeks => t!("too-many-seeks"),
        LogInFirst => t!("log-in-first"),
        WrongLogin => t!("login-wrong"),
        WrongPassword => t!("password-wrong"),
        NameTaken => t!("name-taken"),
        AccountChanged => t!("account-changed"),
        BadUsername => t!("name-rule"),
        BadNewPassword => t!("password-rule"),
        BadGuestName => t!("guest-name-rule"),
        BadGame { .. } => t!("game-refused"),
        BadRatingRange => t!("range-shape"),
        RatedNeedsAccount => t!("rated-needs-account"),
        RatedWithoutOptions => t!("rated-without-options"),
        RatedNeedsClock => t!("rated-needs-clock"),
        Abandoned { wait_seconds } => t!("abandon-wait", n = wait_seconds.div_ceil(60)),
        NoSuchGame => t!("game-unknown"),
        NoSuchPlayer => t!("player-unknown"),
        NoSuchSeek | SeekClosed => t!("seek-gone"),
        OwnSeek => t!("own-seek"),
        OutsideRange => t!("outside-range"),
        CannotReportSelf => t!("report-self"),
        Yourself => t!("relate-self"),
        Blocked => t!("blocked-player"),
        NotModerator => t!("not-moderator"),
        NoReason => t!("no-reason"),
        AlreadyHandled => t!("already-handled"),
        BadDuration => t!("bad-duration"),
        AccountClosed { reason } => t!("account-closed", why = reason),
        MarkedCheater { reason } => t!("marked-cheater", why = reason),
        InPlay => t!("in-play"),
        BadNote => t!("report-note-long"),
        TooManyReports => t!("too-many-reports"),
        NoSuchTournament => t!("no-such-tournament"),
        BadTournament { field } => t!("bad-tournament", field = &field_words(field)),
        TooManyTournaments => t!("too-many-tournaments"),
        AlreadyJoined => t!("already-joined"),
        TournamentFull => t!("tournament-full"),
        TournamentOver => t!("tournament-over"),
        WrongTournamentPassword => t!("tournament-password-wrong"),
        TooFewRatedGames { needed } => t!("too-few-rated-games", n = *needed),
        NotInTournament => t!("not-in-tournament"),
        Muted => t!("muted-by-moderator"),
        BadChat => t!("bad-chat-line"),
        NoSuchChallenge => t!("no-such-challenge"),
        ChallengeSelf => t!("challenge-self"),
        TooManyChallenges => t!("too-many-challenges"),
        NotABot => t!("not-a-bot"),
        HasGames => t!("has-games"),
        BadSubscription { .. } => t!("bad-subscription"),
        Unavailable { .. } => t!("unavailable"),
    }
}

/// A tournament's field, as a refused one is named (`minutes`, `rounds`…).
fn field_words(field: &str) -> String {
    match field {
        "name" => t!("tf-name"),
        "game" => t!("tf-game"),
        "clock" => t!("tf-clock"),
        "minutes" => t!("tf-minutes"),
        "rounds" => t!("tf-rounds"),
        "starts_in" => t!("tf-starts_in"),
        "password" => t!("tf-password"),
        "min_rated_games" => t!("tf-min_rated_games"),
        "rating_range" => t!("tf-rating_range"),
        _ => t!("tf-max_players"),
    }
}
