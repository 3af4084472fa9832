//! The page's calls to the game server's HTTP API: each [`ApiCall`] alone
//! knows its method, path and body (from [`online_play::api`], where the
//! server's routes are defined too), and [`decode`] reads the answer into
//! an [`ApiReply`] or an [`ApiFailure`], once, at the page's edge.

use std::collections::BTreeMap;

use online_play::api::{
    self, Credentials, Endpoint, Flag, GameRecord, GameStats, Leaderboard, LiveGame, Me,
    ModRequest, MyGame, MyReport, NewPassword, OpenReport, Pairing, Password, PlayerFile,
    PlayerPage, Posted, QuickRequest, Refusal, RelationChange, Relations, ReportRequest, Seek,
    SeekRequest, SeekState, TokenRequest,
};
use online_play::api::{
    ChallengeRequest, Challenges, Decline, FollowChange, Follows, JoinTournament, NewTournament,
    PlayedTournament, TournamentList, TournamentPage,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A call the page makes.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiCall {
    Me,
    Lobby,
    Live,
    Stats,
    MyGames,
    Register(Credentials),
    Login(Credentials),
    Logout,
    Password(NewPassword),
    Delete(Password),
    Quick(QuickRequest),
    Seek(SeekRequest),
    Accept {
        seek: String,
        body: TokenRequest,
    },
    SeekState(String),
    Withdraw {
        seek: String,
        body: TokenRequest,
    },
    Player(String),
    Leaderboard(String),
    Game(String),
    /// Reports, mutes and blocks, notices, and moderation (`ui/safety`).
    Report(ReportRequest),
    MyReports,
    Relations,
    Relate(RelationChange),
    NoticesRead,
    ModReports,
    ModAct(ModRequest),
    ModPlayer(String),
    ModFlags,
    DismissFlag(String),
    /// Tournaments (`ui/tournament`).
    Tournaments,
    NewTournament(NewTournament),
    Tournament(String),
    JoinTournament {
        id: String,
        body: JoinTournament,
    },
    PauseTournament(String),
    WithdrawTournament(String),
    PlayerTournaments(String),
    TournamentSay {
        id: String,
        body: api::TournamentSay,
    },
    /// Challenges (`ui/challenges`).
    Challenges,
    Challenge(ChallengeRequest),
    AcceptChallenge {
        id: String,
        body: TokenRequest,
    },
    DeclineChallenge {
        id: String,
        body: Decline,
    },
    /// The players one follows (`ui/challenges`).
    Follows,
    Follow(FollowChange),
    /// A quick pairing's seeker lets a bot take their place.
    TakeBot {
        seek: String,
        body: TokenRequest,
    },
}

/// A call's answer, read.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiReply {
    Me(Me),
    Seeks(Vec<Seek>),
    Live(Vec<LiveGame>),
    Stats(BTreeMap<String, GameStats>),
    MyGames(Vec<MyGame>),
    /// A seek posted, waiting.
    Posted(Posted),
    /// A quick pairing or an acceptance: the seek waiting, or the game.
    Pairing(Pairing),
    SeekState(SeekState),
    /// Done, with nothing to say (a withdrawal).
    Done,
    Player(PlayerPage),
    Leaderboard(Leaderboard),
    Game(GameRecord),
    /// A report filed, or a moderator's action taken.
    Filed,
    MyReports(Vec<MyReport>),
    Relations(Relations),
    ModReports(Vec<OpenReport>),
    PlayerFile(PlayerFile),
    Flags(Vec<Flag>),
    Tournaments(TournamentList),
    /// A tournament made: its id.
    TournamentMade(String),
    Tournament(Box<TournamentPage>),
    PlayedTournaments(Vec<PlayedTournament>),
    Challenges(Challenges),
    Follows(Follows),
}

/// Why a call came to nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiFailure {
    /// The server could not be reached.
    Unreachable,
    /// The server refused, with its status and why, by its code (none
    /// from an answer that names no refusal this page knows).
    Refused {
        status: u16,
        refusal: Option<Refusal>,
    },
    /// The answer could not be read.
    Unreadable,
}

impl ApiCall {
    fn endpoint(&self) -> Endpoint {
        match self {
            ApiCall::Me => api::ME,
            ApiCall::Lobby => api::LOBBY,
            ApiCall::Live => api::LIVE,
            ApiCall::Stats => api::STATS,
            ApiCall::MyGames => api::MY_GAMES,
            ApiCall::Register(_) => api::REGISTER,
            ApiCall::Login(_) => api::LOGIN,
            ApiCall::Logout => api::LOGOUT,
            ApiCall::Password(_) => api::PASSWORD,
            ApiCall::Delete(_) => api::DELETE,
            ApiCall::Quick(_) => api::QUICK,
            ApiCall::Seek(_) => api::SEEKS,
            ApiCall::Accept { .. } => api::ACCEPT,
            ApiCall::SeekState(_) => api::SEEK,
            ApiCall::Withdraw { .. } => api::WITHDRAW,
            ApiCall::Player(_) => api::PLAYER,
            ApiCall::Leaderboard(_) => api::LEADERBOARD,
            ApiCall::Game(_) => api::GAME,
            ApiCall::Report(_) => api::REPORT,
            ApiCall::MyReports => api::MY_REPORTS,
            ApiCall::Relations => api::RELATIONS,
            ApiCall::Relate(_) => api::RELATE,
            ApiCall::NoticesRead => api::NOTICES_READ,
            ApiCall::ModReports => api::MOD_REPORTS,
            ApiCall::ModAct(_) => api::MOD_ACT,
            ApiCall::ModPlayer(_) => api::MOD_PLAYER,
            ApiCall::ModFlags => api::MOD_FLAGS,
            ApiCall::DismissFlag(_) => api::MOD_DISMISS_FLAG,
            ApiCall::Tournaments => api::TOURNAMENTS,
            ApiCall::NewTournament(_) => api::NEW_TOURNAMENT,
            ApiCall::Tournament(_) => api::TOURNAMENT,
            ApiCall::JoinTournament { .. } => api::JOIN_TOURNAMENT,
            ApiCall::PauseTournament(_) => api::PAUSE_TOURNAMENT,
            ApiCall::WithdrawTournament(_) => api::WITHDRAW_TOURNAMENT,
            ApiCall::PlayerTournaments(_) => api::PLAYER_TOURNAMENTS,
            ApiCall::TournamentSay { .. } => api::TOURNAMENT_CHAT,
            ApiCall::Challenges => api::CHALLENGES,
            ApiCall::Challenge(_) => api::NEW_CHALLENGE,
            ApiCall::AcceptChallenge { .. } => api::ACCEPT_CHALLENGE,
            ApiCall::DeclineChallenge { .. } => api::DECLINE_CHALLENGE,
            ApiCall::TakeBot { .. } => api::TAKE_BOT,
            ApiCall::Follows => api::FOLLOWS,
            ApiCall::Follow(_) => api::FOLLOW,
        }
    }

    /// `GET` or `POST`.
    pub fn method(&self) -> &'static str {
        self.endpoint().method.as_str()
    }

    /// The path, relative to the page's (`api/lobby`), so that a site
    /// served under a prefix keeps its API beside it.
    pub fn path(&self) -> String {
        let arg = match self {
            ApiCall::Accept { seek, .. } | ApiCall::Withdraw { seek, .. } => Some(seek),
            ApiCall::SeekState(id) | ApiCall::Player(id) | ApiCall::Leaderboard(id) => Some(id),
            ApiCall::Game(id) | ApiCall::ModPlayer(id) | ApiCall::DismissFlag(id) => Some(id),
            ApiCall::Tournament(id)
            | ApiCall::JoinTournament { id, .. }
            | ApiCall::PauseTournament(id)
            | ApiCall::WithdrawTournament(id)
            | ApiCall::PlayerTournaments(id)
            | ApiCall::TournamentSay { id, .. } => Some(id),
            ApiCall::AcceptChallenge { id, .. }
            | ApiCall::DeclineChallenge { id, .. }
            | ApiCall::TakeBot { seek: id, .. } => Some(id),
            _ => None,
        };
        let path = self
            .endpoint()
            .path(&arg.map(String::as_str).into_iter().collect::<Vec<_>>());
        path.trim_start_matches('/').to_string()
    }

    /// The JSON body: every `POST` has one (the server asks for JSON of
    /// every call that changes something).
    pub fn body(&self) -> Option<String> {
        fn json(value: &impl Serialize) -> Option<String> {
            serde_json::to_string(value).ok()
        }
        match self {
            ApiCall::Register(c) | ApiCall::Login(c) => json(c),
            ApiCall::Logout
            | ApiCall::NoticesRead
            | ApiCall::DismissFlag(_)
            | ApiCall::PauseTournament(_)
            | ApiCall::WithdrawTournament(_) => Some("{}".to_string()),
            ApiCall::NewTournament(t) => json(t),
            ApiCall::JoinTournament { body, .. } => json(body),
            ApiCall::TournamentSay { body, .. } => json(body),
            ApiCall::Report(r) => json(r),
            ApiCall::Relate(r) => json(r),
            ApiCall::ModAct(a) => json(a),
            ApiCall::Password(p) => json(p),
            ApiCall::Delete(p) => json(p),
            ApiCall::Quick(q) => json(q),
            ApiCall::Seek(s) => json(s),
            ApiCall::Accept { body, .. } | ApiCall::Withdraw { body, .. } => json(body),
            ApiCall::Challenge(c) => json(c),
            ApiCall::AcceptChallenge { body, .. } | ApiCall::TakeBot { body, .. } => json(body),
            ApiCall::DeclineChallenge { body, .. } => json(body),
            ApiCall::Follow(f) => json(f),
            _ => None,
        }
    }
}

/// Reads the answer to `call`: its status (0 when the server could not be
/// reached) and body.
pub fn decode(call: &ApiCall, status: u16, text: &str) -> Result<ApiReply, ApiFailure> {
    if status == 0 {
        return Err(ApiFailure::Unreachable);
    }
    if !(200..300).contains(&status) {
        return Err(ApiFailure::Refused {
            status,
            refusal: Refusal::read(text),
        });
    }
    fn read<T: DeserializeOwned>(text: &str) -> Result<T, ApiFailure> {
        serde_json::from_str(text).map_err(|_| ApiFailure::Unreadable)
    }
    Ok(match call {
        ApiCall::Me
        | ApiCall::Register(_)
        | ApiCall::Login(_)
        | ApiCall::Logout
        | ApiCall::Password(_)
        | ApiCall::Delete(_)
        | ApiCall::NoticesRead => ApiReply::Me(read(text)?),
        ApiCall::Lobby => ApiReply::Seeks(read::<api::Seeks>(text)?.seeks),
        ApiCall::Live => ApiReply::Live(read::<api::Live>(text)?.games),
        ApiCall::Stats => ApiReply::Stats(read::<api::Stats>(text)?.games),
        ApiCall::MyGames => ApiReply::MyGames(read::<api::MyGames>(text)?.games),
        ApiCall::Seek(_) | ApiCall::Challenge(_) => ApiReply::Posted(read(text)?),
        ApiCall::Quick(_) | ApiCall::Accept { .. } | ApiCall::AcceptChallenge { .. } => {
            ApiReply::Pairing(read(text)?)
        }
        ApiCall::Challenges => ApiReply::Challenges(read(text)?),
        ApiCall::Follows | ApiCall::Follow(_) => ApiReply::Follows(read(text)?),
        ApiCall::DeclineChallenge { .. } => read::<api::Declined>(text).map(|_| ApiReply::Done)?,
        ApiCall::TakeBot { .. } => read::<api::BotTaken>(text).map(|_| ApiReply::Done)?,
        ApiCall::SeekState(_) => ApiReply::SeekState(read(text)?),
        ApiCall::Withdraw { .. } => ApiReply::Done,
        ApiCall::Player(_) => ApiReply::Player(read(text)?),
        ApiCall::Leaderboard(_) => ApiReply::Leaderboard(read(text)?),
        ApiCall::Game(_) => ApiReply::Game(read(text)?),
        ApiCall::Report(_) => read::<api::Reported>(text).map(|_| ApiReply::Filed)?,
        ApiCall::ModAct(_) => read::<api::Acted>(text).map(|_| ApiReply::Filed)?,
        ApiCall::MyReports => ApiReply::MyReports(read::<api::MyReports>(text)?.reports),
        ApiCall::Relations | ApiCall::Relate(_) => ApiReply::Relations(read(text)?),
        ApiCall::ModReports => ApiReply::ModReports(read::<api::OpenReports>(text)?.reports),
        ApiCall::ModPlayer(_) => ApiReply::PlayerFile(read(text)?),
        ApiCall::ModFlags | ApiCall::DismissFlag(_) => {
            ApiReply::Flags(read::<api::Flags>(text)?.flags)
        }
        ApiCall::Tournaments => ApiReply::Tournaments(read(text)?),
        ApiCall::NewTournament(_) => {
            ApiReply::TournamentMade(read::<api::TournamentMade>(text)?.id)
        }
        ApiCall::Tournament(_)
        | ApiCall::JoinTournament { .. }
        | ApiCall::PauseTournament(_)
        | ApiCall::WithdrawTournament(_)
        | ApiCall::TournamentSay { .. } => ApiReply::Tournament(Box::new(read(text)?)),
        ApiCall::PlayerTournaments(_) => {
            ApiReply::PlayedTournaments(read::<api::PlayedTournaments>(text)?.tournaments)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use online_play::api::{Rating, SeekSide};

    fn token() -> TokenRequest {
        TokenRequest {
            token: "a".repeat(32),
            name: None,
        }
    }

    #[test]
    fn each_call_knows_its_method_path_and_body() {
        let cases = [
            (ApiCall::Me, "GET", "api/me", None),
            (ApiCall::Logout, "POST", "api/account/logout", Some("{}")),
            (
                ApiCall::Player("Ana b".into()),
                "GET",
                "api/players/Ana%20b",
                None,
            ),
            (
                ApiCall::Withdraw {
                    seek: "s4".into(),
                    body: token(),
                },
                "POST",
                "api/seeks/s4/withdraw",
                Some(r#"{"token":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","name":null}"#),
            ),
            (
                ApiCall::Leaderboard("bell".into()),
                "GET",
                "api/leaderboard/bell",
                None,
            ),
            (ApiCall::Game("g/1".into()), "GET", "api/games/g%2F1", None),
            (
                ApiCall::DeclineChallenge {
                    id: "c1".into(),
                    body: Decline {
                        reason: api::DeclineReason::TooFast,
                    },
                },
                "POST",
                "api/challenges/c1/decline",
                Some(r#"{"reason":"too_fast"}"#),
            ),
            (
                ApiCall::TakeBot {
                    seek: "s9".into(),
                    body: token(),
                },
                "POST",
                "api/seeks/s9/bot",
                Some(r#"{"token":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","name":null}"#),
            ),
            (ApiCall::Challenges, "GET", "api/challenges", None),
        ];
        for (call, method, path, body) in cases {
            assert_eq!(call.method(), method, "{call:?}");
            assert_eq!(call.path(), path, "{call:?}");
            assert_eq!(call.body().as_deref(), body, "{call:?}");
        }
        // Every POST carries JSON.
        let posts = [
            ApiCall::Register(Credentials {
                name: "ana".into(),
                password: "p".into(),
            }),
            ApiCall::Logout,
            ApiCall::Accept {
                seek: "s".into(),
                body: token(),
            },
        ];
        for call in posts {
            assert_eq!(call.method(), "POST");
            let body = call.body().expect("a body");
            assert!(
                serde_json::from_str::<serde_json::Value>(&body).is_ok(),
                "{body}"
            );
        }
    }

    #[test]
    fn answers_are_read_by_the_call_they_answer() {
        let seeks = decode(
            &ApiCall::Lobby,
            200,
            r#"{"seeks":[{"id":"abc","game":"classic","clock":"3+2","rated":true,
            "side":"random","range":[1400,1600],"name":"ana","guest":false,
            "rating":{"value":1500,"provisional":true},"unrated_for_you":false}]}"#,
        );
        let Ok(ApiReply::Seeks(seeks)) = seeks else {
            panic!("{seeks:?}")
        };
        assert_eq!(seeks[0].side, SeekSide::Random);
        assert_eq!(
            seeks[0].rating,
            Some(Rating {
                value: 1500,
                provisional: true
            })
        );
        let posted = decode(&ApiCall::Seek(seek()), 200, r#"{"id":"s1"}"#);
        assert_eq!(posted, Ok(ApiReply::Posted(Posted { id: "s1".into() })));
        let paired = decode(
            &ApiCall::Quick(quick()),
            200,
            r#"{"seek":"s1","game":"g1"}"#,
        );
        assert_eq!(
            paired,
            Ok(ApiReply::Pairing(Pairing {
                seek: Some("s1".into()),
                game: Some("g1".into())
            }))
        );
        assert_eq!(
            decode(&ApiCall::SeekState("s1".into()), 200, r#"{"state":"open"}"#),
            Ok(ApiReply::SeekState(SeekState::Open))
        );
        assert_eq!(
            decode(&ApiCall::Logout, 200, r#"{"name":null}"#),
            Ok(ApiReply::Me(Me::default()))
        );
    }

    #[test]
    fn refusals_and_bad_answers_are_failures_that_say_what_happened() {
        assert_eq!(decode(&ApiCall::Me, 0, ""), Err(ApiFailure::Unreachable));
        assert_eq!(
            decode(
                &ApiCall::Login(credentials()),
                401,
                &Refusal::WrongLogin.body()
            ),
            Err(ApiFailure::Refused {
                status: 401,
                refusal: Some(Refusal::WrongLogin)
            })
        );
        assert_eq!(
            decode(
                &ApiCall::Quick(quick()),
                429,
                r#"{"refused":"abandoned","wait_seconds":90,"message":"…"}"#
            ),
            Err(ApiFailure::Refused {
                status: 429,
                refusal: Some(Refusal::Abandoned { wait_seconds: 90 })
            })
        );
        assert_eq!(
            decode(&ApiCall::Lobby, 200, "<html>"),
            Err(ApiFailure::Unreadable)
        );
        assert_eq!(
            decode(&ApiCall::Live, 200, r#"{"games":[{"id":1}]}"#),
            Err(ApiFailure::Unreadable)
        );
        // A proxy's page in place of a refusal names none.
        assert_eq!(
            decode(&ApiCall::Me, 502, "<html>bad gateway</html>"),
            Err(ApiFailure::Refused {
                status: 502,
                refusal: None
            })
        );
    }

    fn credentials() -> Credentials {
        Credentials {
            name: "ana".into(),
            password: "secret".into(),
        }
    }

    fn seek() -> SeekRequest {
        SeekRequest {
            game: "classic".into(),
            clock: None,
            rated: false,
            side: SeekSide::Random,
            range: None,
            token: "a".repeat(32),
            name: None,
        }
    }

    fn quick() -> QuickRequest {
        QuickRequest {
            game: "classic".into(),
            clock: "1+0".parse().expect("a control"),
            token: "a".repeat(32),
            name: None,
            bots: false,
        }
    }
}
