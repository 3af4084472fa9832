//! The game server's answers to the lobby's calls (`ui/lobby`), read at the
//! page's edge ([`crate::api::decode`]): each taken into the lobby's state,
//! a pairing found, or a refusal told in the page's words.

use online_play::api::SeekState;

use super::lobby::ACCOUNT_KEY;
use super::{Effect, Ui};
use crate::api::{ApiCall, ApiFailure, ApiReply};
use crate::t;
use crate::ui::FullEffect;

impl Ui {
    /// The server answered `call`.
    pub(super) fn api_reply(
        &mut self,
        call: ApiCall,
        reply: Result<ApiReply, ApiFailure>,
        fx: &mut Vec<Effect>,
    ) {
        match reply {
            Ok(reply) => self.api_answer(call, reply, fx),
            Err(failure) => self.api_refused(call, failure, fx),
        }
    }

    fn api_answer(&mut self, call: ApiCall, reply: ApiReply, fx: &mut Vec<Effect>) {
        if let ApiReply::Me(me) = &reply {
            self.me_came(me);
        }
        let c = &mut self.shared.whole.community;
        match reply {
            ApiReply::Me(me) => {
                match &me.name {
                    Some(name) => fx.push(Effect::Store {
                        key: ACCOUNT_KEY.to_string(),
                        value: name.clone(),
                    }),
                    None if c.me.is_some()
                        || matches!(call, ApiCall::Logout | ApiCall::Delete(_)) =>
                    {
                        fx.push(Effect::Remove {
                            key: ACCOUNT_KEY.to_string(),
                        })
                    }
                    None => {}
                }
                let signed_out = c.me.is_some() && me.name.is_none();
                c.me = me.name;
                match call {
                    ApiCall::Logout | ApiCall::Delete(_) => c.mine.clear(),
                    _ => {}
                }
                if signed_out {
                    // This browser's subscription was the account's.
                    c.notify = super::NotifyState::Unknown;
                    fx.push(Effect::Full(FullEffect::Notify(super::NotifyAsk::Forget)));
                }
                match call {
                    ApiCall::Delete(_) => self.shared.notice = Some(t!("account-deleted")),
                    ApiCall::Password(_) => self.shared.notice = Some(t!("password-changed")),
                    ApiCall::Me | ApiCall::Login(_) | ApiCall::Register(_)
                        if self.shared.whole.community.me.is_some() =>
                    {
                        self.call(ApiCall::MyGames, fx);
                        if self.shared.embed.is_none() {
                            let ask = super::NotifyAsk::Check;
                            fx.push(Effect::Full(FullEffect::Notify(ask)));
                        }
                    }
                    _ => {}
                }
            }
            ApiReply::Seeks(seeks) => c.seeks = seeks,
            ApiReply::Live(games) => c.live = games,
            ApiReply::Stats(stats) => c.stats = stats.into_iter().collect(),
            ApiReply::MyGames(games) => c.mine = games,
            ApiReply::Posted(posted) => {
                if let Some(w) = c.waiting.as_mut() {
                    w.seek = Some(posted.id);
                }
            }
            ApiReply::Pairing(pairing) => {
                if let Some(w) = c.waiting.as_mut() {
                    w.seek = pairing.seek.or(w.seek.take());
                }
                if let Some(game) = pairing.game {
                    self.paired(game, fx);
                }
            }
            ApiReply::SeekState(SeekState::Paired { game }) => self.paired(game, fx),
            ApiReply::SeekState(SeekState::Declined { reason }) => {
                if let ApiCall::SeekState(seek) = &call {
                    self.declined(seek, reason);
                }
            }
            ApiReply::Challenges(challenges) => self.challenges_came(challenges, fx),
            ApiReply::Follows(follows) => c.follows = Some(follows),
            ApiReply::SeekState(SeekState::Open) | ApiReply::Done => {}
            ApiReply::Player(page) => self.player_came(page),
            ApiReply::Leaderboard(board) => self.leaders_came(board),
            ApiReply::Game(record) => self.record_came(record, fx),
            reply @ (ApiReply::Filed
            | ApiReply::MyReports(_)
            | ApiReply::Relations(_)
            | ApiReply::ModReports(_)
            | ApiReply::PlayerFile(_)
            | ApiReply::Flags(_)) => self.safety_came(&call, reply, fx),
            reply @ (ApiReply::Tournaments(_)
            | ApiReply::TournamentMade(_)
            | ApiReply::Tournament(_)
            | ApiReply::PlayedTournaments(_)) => self.tournament_reply(reply, fx),
        }
    }

    /// A call refused, the server out of reach, or its answer unreadable.
    fn api_refused(&mut self, call: ApiCall, failure: ApiFailure, fx: &mut Vec<Effect>) {
        let status = match &failure {
            ApiFailure::Refused { status, .. } => *status,
            ApiFailure::Unreachable | ApiFailure::Unreadable => 0,
        };
        let why = match &failure {
            ApiFailure::Unreachable => t!("server-unreachable"),
            ApiFailure::Unreadable => t!("server-unreadable"),
            ApiFailure::Refused { refusal, .. } => super::refusal::words(refusal.as_ref()),
        };
        let c = &mut self.shared.whole.community;
        match call {
            // Signed out meanwhile: the account's games go from the lists.
            ApiCall::MyGames if status == 401 => c.mine.clear(),
            // The seek went (withdrawn elsewhere, or too old): stop waiting.
            ApiCall::SeekState(_) if status == 404 => {
                c.waiting = None;
                c.error = Some(t!("seek-gone"));
            }
            ApiCall::Quick(_)
            | ApiCall::Seek(_)
            | ApiCall::Accept { .. }
            | ApiCall::Challenge(_)
            | ApiCall::AcceptChallenge { .. } => {
                if matches!(call, ApiCall::Challenge(_)) {
                    self.shared.notice = Some(why.clone());
                }
                c.waiting = None;
                if self.shared.embed.is_some() {
                    fx.push(Effect::Full(FullEffect::ToHost(serde_json::json!({
                        "type": "alquerque:error", "code": "refused", "message": why,
                    }))));
                    self.shared.notice = Some(why.clone());
                }
                self.shared.whole.community.error = Some(why);
            }
            // The lists polled: only the server's absence is worth saying.
            ApiCall::Lobby
            | ApiCall::Live
            | ApiCall::Stats
            | ApiCall::SeekState(_)
            | ApiCall::MyGames => {
                if !matches!(failure, ApiFailure::Refused { .. }) {
                    c.error = Some(why);
                }
            }
            // Off the lobby: the page's notice says it.
            ApiCall::Player(_) | ApiCall::Game(_) | ApiCall::Follow(_) => {
                if failure == ApiFailure::Unreadable {
                    c.error = Some(why.clone());
                }
                self.shared.notice = Some(why);
            }
            ApiCall::Me
            | ApiCall::Register(_)
            | ApiCall::Login(_)
            | ApiCall::Logout
            | ApiCall::Withdraw { .. }
            | ApiCall::Leaderboard(_)
            | ApiCall::Password(_)
            | ApiCall::Delete(_)
            | ApiCall::Challenges
            | ApiCall::Follows
            | ApiCall::DeclineChallenge { .. }
            | ApiCall::TakeBot { .. } => c.error = Some(why),
            ApiCall::Report(_)
            | ApiCall::MyReports
            | ApiCall::Relations
            | ApiCall::Relate(_)
            | ApiCall::NoticesRead
            | ApiCall::ModReports
            | ApiCall::ModAct(_)
            | ApiCall::ModPlayer(_)
            | ApiCall::ModFlags
            | ApiCall::DismissFlag(_) => self.safety_refused(why),
            ApiCall::Tournaments
            | ApiCall::NewTournament(_)
            | ApiCall::Tournament(_)
            | ApiCall::JoinTournament { .. }
            | ApiCall::PauseTournament(_)
            | ApiCall::WithdrawTournament(_)
            | ApiCall::PlayerTournaments(_)
            | ApiCall::TournamentSay { .. } => self.tournament_refused(why),
        }
    }
}
