//! The server's refusals worded by their codes in the person's language:
//! every code in all six, and rated play's refusals and notes in the lobby.

use online_play::api::{self, Refusal};

use super::lobby_tests::{answer, booted, lobby, push_seeks};
use super::*;
use crate::i18n::{self, Catalog, Lang};

/// One of each refusal.
fn every_refusal() -> Vec<Refusal> {
    use Refusal::*;
    vec![
        NotJson,
        Malformed {
            expected: "{}".into(),
        },
        TooLarge,
        TooSlow,
        TooManyAttempts,
        TooManyGames,
        TooManySeeks,
        LogInFirst,
        WrongLogin,
        WrongPassword,
        NameTaken,
        AccountChanged,
        BadUsername,
        BadNewPassword,
        BadGuestName,
        BadGame {
            why: "no such game kind".into(),
        },
        BadSide,
        BadSeatToken,
        BadRatingRange,
        RatedNeedsAccount,
        RatedWithoutOptions,
        RatedNeedsClock,
        Abandoned { wait_seconds: 90 },
        NoSuchGame,
        NoSuchPlayer,
        NoSuchSeek,
        SeekClosed,
        OwnSeek,
        OutsideRange,
        CannotReportSelf,
        Yourself,
        Blocked,
        NotModerator,
        NoReason,
        AlreadyHandled,
        BadDuration,
        AccountClosed {
            reason: "spam".into(),
        },
        MarkedCheater {
            reason: "engine".into(),
        },
        InPlay,
        BadNote,
        TooManyReports,
        NoSuchTournament,
        BadTournament {
            field: "minutes".into(),
        },
        TooManyTournaments,
        AlreadyJoined,
        TournamentFull,
        TournamentOver,
        WrongTournamentPassword,
        TooFewRatedGames { needed: 10 },
        NotInTournament,
        Muted,
        BadChat,
        NoSuchChallenge,
        ChallengeSelf,
        TooManyChallenges,
        NotABot,
        HasGames,
        BadSubscription {
            field: "endpoint".into(),
        },
        Unavailable {
            area: api::Unavailable::Players,
        },
    ]
}

#[test]
fn every_refusal_is_worded_in_each_language_never_in_the_servers_english() {
    let english: Vec<String> = every_refusal()
        .iter()
        .map(|r| refusal::words(Some(r)))
        .collect();
    for (refusal, words) in every_refusal().iter().zip(&english) {
        assert!(!words.contains(&refusal.message()), "{refusal:?}: {words}");
        assert!(words.ends_with('.'), "{refusal:?}: {words}");
    }
    let catalogs = [
        (Lang::Es, include_str!("../../../../www/lang/es.json")),
        (Lang::Fr, include_str!("../../../../www/lang/fr.json")),
        (Lang::Tr, include_str!("../../../../www/lang/tr.json")),
        (Lang::Ar, include_str!("../../../../www/lang/ar.json")),
        (Lang::Ru, include_str!("../../../../www/lang/ru.json")),
    ];
    for (lang, text) in catalogs {
        i18n::install(Catalog::parse(lang, text).expect("a catalog"));
        for (refusal, in_english) in every_refusal().iter().zip(&english) {
            let words = refusal::words(Some(refusal));
            assert_ne!(&words, in_english, "{lang:?} {refusal:?}");
        }
        assert_ne!(refusal::words(None), english[0], "{lang:?}");
    }
    i18n::use_english();
}

#[test]
fn rated_play_refusals_and_notes_are_told_in_the_persons_language() {
    let mut ui = booted();
    ui.update(Action::Press(Button::Lobby(LobbyButton::Open)));
    // A rated seek the server would pair unrated with this person says so.
    let seeks = r#"{"seeks":[
      {"id":"s1","game":"classic","clock":"1+0","rated":true,"side":"white","range":null,
       "name":"ana","guest":false,"rating":{"value":1500,"provisional":true},
       "unrated_for_you":true}]}"#;
    push_seeks(&mut ui, seeks);
    assert_eq!(
        lobby(&ui).seeks[0].what,
        "Classic · 1+0 · unrated for you: same network or device · White"
    );
    // A rated pairing refused to one who abandoned games: how long, in
    // minutes, rounded up.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/seeks/s1/accept",
        429,
        r#"{"refused":"abandoned","wait_seconds":241}"#,
    );
    assert_eq!(
        lobby(&ui).error.as_deref(),
        Some("You left too many rated games unfinished today: you may play rated again in 5 minutes.")
    );
    // In French too.
    crate::i18n::install(
        crate::i18n::Catalog::parse(
            crate::i18n::Lang::Fr,
            include_str!("../../../../www/lang/fr.json"),
        )
        .expect("the French catalog"),
    );
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/seeks/s1/accept",
        429,
        r#"{"refused":"abandoned","wait_seconds":30}"#,
    );
    let said = lobby(&ui).error.expect("told");
    crate::i18n::use_english();
    assert_eq!(
        said,
        "Vous avez laissé trop de parties classées inachevées aujourd'hui : vous pourrez rejouer en classé dans 1 minute."
    );
    // Another 429 is worded by its own code; an answer naming no refusal
    // is not shown as it came.
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/seeks/s1/accept",
        429,
        &Refusal::TooManySeeks.body(),
    );
    assert_eq!(
        lobby(&ui).error.as_deref(),
        Some("Too many seeks from here: try again later.")
    );
    let fx = ui.update(Action::Press(Button::Lobby(LobbyButton::Accept(
        "s1".into(),
    ))));
    answer(
        &mut ui,
        &fx,
        "api/seeks/s1/accept",
        502,
        "<h1>Bad gateway</h1>",
    );
    let said = lobby(&ui).error.expect("told");
    assert!(said.starts_with("The server could not take"), "{said}");
}
