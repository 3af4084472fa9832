//! Every body of the API goes to JSON and back unchanged, and reads as the
//! wire has it.

use serde::de::DeserializeOwned;

use super::*;

/// `value` written and read back, equal; and its JSON.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: T) -> String {
    let text = serde_json::to_string(&value).expect("writes");
    let back: T = serde_json::from_str(&text).expect("reads back");
    assert_eq!(back, value, "{text}");
    text
}

fn standing() -> Standing {
    Standing {
        rating: Rating {
            value: 1662,
            provisional: true,
        },
        deviation: 290,
        games: 1,
    }
}

#[test]
fn requests_round_trip() {
    round_trip(Credentials {
        name: "ana".into(),
        password: "a long secret".into(),
    });
    round_trip(Password {
        password: "x".into(),
    });
    round_trip(NewPassword {
        password: "x".into(),
        new_password: "y".into(),
    });
    let seek = round_trip(SeekRequest {
        game: "bell option no_return=off".into(),
        clock: Some("3+2".parse().expect("a control")),
        rated: false,
        side: SeekSide::Black,
        range: Some((1200, 1800)),
        token: "0".repeat(32),
        name: Some("Ana".into()),
    });
    assert!(seek.contains(r#""side":"black""#), "{seek}");
    assert!(seek.contains(r#""clock":"3+2""#), "{seek}");
    round_trip(TokenRequest {
        token: "f".repeat(32),
        name: None,
    });
    round_trip(QuickRequest {
        game: "classic".into(),
        clock: "1+0".parse().expect("a control"),
        token: "a".repeat(32),
        name: None,
        bots: true,
    });
    let quick: QuickRequest =
        serde_json::from_str(r#"{"game":"bell","clock":"3+0","token":"t"}"#).expect("reads");
    assert!(!quick.bots, "bots are not welcome unless said");
}

#[test]
fn a_seek_request_takes_its_defaults_and_refuses_an_unknown_side() {
    let read: SeekRequest =
        serde_json::from_str(r#"{"game":"classic","token":"t"}"#).expect("reads");
    assert_eq!(read.side, SeekSide::Random);
    assert_eq!((read.clock, read.rated, read.range), (None, false, None));
    assert!(serde_json::from_str::<SeekRequest>(
        r#"{"game":"classic","token":"t","side":"purple"}"#
    )
    .is_err());
}

#[test]
fn answers_round_trip() {
    round_trip(Me {
        name: Some("Ana".into()),
        moderator: true,
        notices: vec![
            Notice::Muted {
                reason: "insults".into(),
                until: 1_800_000_600,
            },
            Notice::Warned {
                reason: "be kind".into(),
                at: 1_800_000_000,
            },
            Notice::ReportHandled {
                player: "Bob".into(),
                at: 1_800_000_100,
            },
        ],
    });
    // An answer of an older server, without the newer fields, still reads.
    assert_eq!(
        serde_json::from_str::<Me>(r#"{"name":null}"#).ok(),
        Some(Me::default())
    );
    assert!(round_trip(Me::default()).contains(r#""name":null"#));
    assert_eq!(round_trip(Pairing::default()), "{}");
    assert_eq!(
        round_trip(Pairing {
            seek: Some("s1".into()),
            game: Some("g1".into()),
        }),
        r#"{"seek":"s1","game":"g1"}"#
    );
    assert_eq!(round_trip(SeekState::Open), r#"{"state":"open"}"#);
    assert_eq!(
        round_trip(SeekState::Paired { game: "g".into() }),
        r#"{"state":"paired","game":"g"}"#
    );
    round_trip(Withdrawn { withdrawn: true });
    assert_eq!(round_trip(Posted { id: "s".into() }), r#"{"id":"s"}"#);
    let seeks = round_trip(Seeks {
        seeks: vec![Seek {
            id: "abc".into(),
            game: "classic".into(),
            clock: Some("3+2".into()),
            rated: true,
            side: SeekSide::Random,
            range: Some((1400, 1600)),
            name: "ana".into(),
            guest: false,
            rating: Some(Rating {
                value: 1500,
                provisional: true,
            }),
            unrated_for_you: false,
        }],
    });
    assert!(
        seeks.contains(r#""rating":{"value":1500,"provisional":true}"#),
        "{seeks}"
    );
    round_trip(Live {
        games: vec![LiveGame {
            id: "g".into(),
            game: "turkish".into(),
            rated: false,
            white: LivePlayer {
                name: Some("a".into()),
                rating: None,
                online: true,
            },
            black: LivePlayer {
                name: None,
                rating: None,
                online: false,
            },
            clock: Some(LiveClock {
                control: "1+0".into(),
                left: [60_000, 59_000],
                running: Some(Role::White),
            }),
            ply: 3,
            spectators: 2,
            featured: true,
        }],
    });
    round_trip(MyGames {
        games: vec![MyGame {
            id: "g".into(),
            game: "qirkat".into(),
            side: Role::Black,
            opponent: Some("bo".into()),
            your_turn: true,
            left: Some(5_000),
            clock: Some("3+2".into()),
        }],
    });
    round_trip(Stats {
        games: [(
            "bell".to_string(),
            GameStats {
                played: 4,
                white_wins: 50.0,
                black_wins: 25.0,
                draws: 25.0,
            },
        )]
        .into(),
    });
    let page = round_trip(PlayerPage {
        name: "Ana".into(),
        bot: false,
        ratings: [("classic".to_string(), standing())].into(),
        results: ByColour {
            white: Tally {
                wins: 1,
                draws: 0,
                losses: 2,
            },
            black: Tally::default(),
        },
        games: vec![PlayedGame {
            id: "g1".into(),
            game: "classic".into(),
            white: Some("Ana".into()),
            black: None,
            result: GameResult::WhiteWins,
            reason: EndReason::OutOfTime,
            rated: true,
            clock: Some("1+0".into()),
        }],
    });
    assert!(
        page.contains(r#""result":"white_wins","reason":"out_of_time""#),
        "{page}"
    );
    round_trip(Leaderboard {
        game: "classic".into(),
        players: vec![Leader {
            name: "Ana".into(),
            standing: standing(),
        }],
    });
    round_trip(GameRecord {
        id: "g".into(),
        record: "classic moves c2-c3".into(),
        over: false,
    });
    round_trip(Created {
        id: "g".into(),
        code: "K7Q-4MZ".into(),
        token: "t".into(),
        side: Role::White,
    });
    round_trip(LobbyFollow {
        lobby: true,
        live: false,
        stats: true,
        seek: Some("s1".into()),
        tournament: Some("t1".into()),
        challenges: true,
    });
    let follow: LobbyFollow = serde_json::from_str("{}").expect("reads");
    assert_eq!(follow, LobbyFollow::default());
    for news in [
        LobbyNews::Seeks {
            version: 3,
            seeks: Vec::new(),
        },
        LobbyNews::Live {
            version: 4,
            games: Vec::new(),
        },
        LobbyNews::Stats {
            version: 1,
            games: BTreeMap::new(),
        },
        LobbyNews::Mine { games: Vec::new() },
        LobbyNews::Paired {
            seek: "s".into(),
            game: "g".into(),
        },
        LobbyNews::SeekGone { seek: "s".into() },
    ] {
        let text = round_trip(news);
        assert!(text.starts_with(r#"{"type":""#), "{text}");
    }
    assert_eq!(
        round_trip(Refusal::Abandoned { wait_seconds: 60 }),
        r#"{"refused":"abandoned","wait_seconds":60}"#
    );
}

#[test]
fn paths_fill_their_holes_encoded_and_each_route_is_one_of_a_kind() {
    assert_eq!(PLAYER.path(&["Ana_b-7"]), "/api/players/Ana_b-7");
    assert_eq!(
        PLAYER.path(&["a/../b c"]),
        "/api/players/a%2F%2E%2E%2Fb%20c"
    );
    assert_eq!(ACCEPT.path(&["s1"]), "/api/seeks/s1/accept");
    assert_eq!(LOBBY.path(&[]), "/api/lobby");
    for (i, a) in ENDPOINTS.iter().enumerate() {
        assert!(a.route.starts_with("/api/"), "{a:?}");
        let filled = a.path(&vec!["x"; a.holes()]);
        assert!(!filled.contains('{') && !filled.contains('}'), "{filled}");
        for b in &ENDPOINTS[i + 1..] {
            assert!(a.route != b.route || a.method != b.method, "{a:?} twice");
        }
    }
}

#[test]
fn a_refusal_goes_as_its_code_and_fields_with_english_words_and_reads_back() {
    let all = [
        Refusal::NotJson,
        Refusal::Malformed {
            expected: "{\"name\"}".into(),
        },
        Refusal::TooSlow,
        Refusal::NameTaken,
        Refusal::BadGame {
            why: "no such game kind".into(),
        },
        Refusal::Abandoned { wait_seconds: 60 },
        Refusal::Unavailable {
            area: Unavailable::MyGames,
        },
    ];
    for refusal in all {
        let body = refusal.body();
        let value: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(value["message"], refusal.message().as_str(), "{body}");
        assert!(!refusal.message().is_empty());
        // The page reads the code back, its words left aside.
        assert_eq!(Refusal::read(&body), Some(refusal), "{body}");
    }
    assert_eq!(
        Refusal::Unavailable {
            area: Unavailable::MyGames
        }
        .body(),
        r#"{"area":"my_games","message":"your games cannot be read just now; try again","refused":"unavailable"}"#
    );
    assert_eq!(Refusal::NameTaken.status(), 409);
    assert_eq!(Refusal::Abandoned { wait_seconds: 1 }.status(), 429);
    // Plain text, or a code this page does not know, is no refusal.
    assert_eq!(Refusal::read("too large"), None);
    assert_eq!(Refusal::read(r#"{"refused":"from_the_future"}"#), None);
}

#[test]
fn every_decline_reason_has_its_code_as_the_wire_writes_it() {
    for reason in DeclineReason::ALL {
        let code = reason.code();
        assert!(code.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
        assert_eq!(
            serde_json::to_value(reason).expect("writes"),
            serde_json::Value::String(code.to_string())
        );
        assert_eq!(DeclineReason::from_code(code), reason);
    }
    assert_eq!(
        DeclineReason::from_code("a reason from a newer server"),
        DeclineReason::Generic
    );
}
