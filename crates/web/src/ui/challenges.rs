//! Challenges, and the house bots as opponents. A signed-in player
//! challenges another from that player's page (game, clock, side, rated)
//! and waits as for a seek; the challenges made to them come over the
//! lobby's socket, are listed in the lobby, and are told on any screen as
//! they arrive; they accept one (it becomes their game) or decline it with
//! a reason, which the challenger is told. A quick-pairing player may
//! welcome bots (remembered), or let a bot take their place while they
//! wait.

use online_play::api::{
    self, Challenge, ChallengeRequest, Challenges, Decline, DeclineReason, SeekSide, TokenRequest,
};

use super::{ChallengeButton, Effect, Screen, Ui};
use crate::api::ApiCall;
use crate::community;
use crate::sound::Sound;
use crate::t;

/// Where the person's "bots welcome" choice is kept.
pub const BOTS_KEY: &str = "alquerque.bots";

/// A reason, in words.
pub fn reason_words(reason: DeclineReason) -> String {
    t!(match reason {
        DeclineReason::Generic => "decline-generic",
        DeclineReason::Later => "decline-later",
        DeclineReason::TooFast => "decline-too-fast",
        DeclineReason::TooSlow => "decline-too-slow",
        DeclineReason::Casual => "decline-casual",
        DeclineReason::Rated => "decline-rated",
        DeclineReason::Variant => "decline-variant",
        DeclineReason::NoBot => "decline-no-bot",
        DeclineReason::Unsupported => "decline-unsupported",
    })
}

/// A challenge's game, clock and terms, in words, for the one challenged:
/// "Bell · 3+0 · rated · you play Black".
fn terms(c: &Challenge) -> String {
    let mut what = vec![community::game_name(&c.game)];
    what.push(c.clock.clone().unwrap_or_else(|| t!("no-clock")));
    what.push(t!(if c.rated { "rated" } else { "casual" }));
    what.push(t!(match c.side {
        SeekSide::White => "you-play-black",
        SeekSide::Black => "you-play-white",
        SeekSide::Random => "seek-random",
    }));
    what.join(" · ")
}

/// A challenge made to the person, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: String,
    /// The challenger's name, for a link to their page.
    pub from: String,
    /// "ana (1500?)", "HardBot (BOT)".
    pub who: String,
    /// "Bell · 3+0 · rated · you play Black".
    pub what: String,
}

impl ChallengeRow {
    pub(super) fn of(c: &Challenge) -> ChallengeRow {
        let name = if c.from_bot {
            t!("bot-named", name = &c.from)
        } else {
            c.from.clone()
        };
        ChallengeRow {
            id: c.id.clone(),
            from: c.from.clone(),
            who: match &c.rating {
                Some(r) => format!("{name} ({})", community::rating_words(r)),
                None => name,
            },
            what: terms(c),
        }
    }
}

/// A player the person follows, as the lobby lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowRow {
    pub name: String,
    /// "HardBot (BOT)".
    pub title: String,
    /// "playing", "online", "away".
    pub status: String,
    /// Their game in play, to watch.
    pub playing: Option<String>,
}

impl FollowRow {
    pub(super) fn of(f: &api::Followed) -> FollowRow {
        FollowRow {
            name: f.name.clone(),
            title: if f.bot {
                t!("bot-named", name = &f.name)
            } else {
                f.name.clone()
            },
            status: t!(match (&f.playing, f.online) {
                (Some(_), _) => "follow-playing",
                (None, true) => "follow-online",
                (None, false) => "follow-away",
            }),
            playing: f.playing.clone(),
        }
    }
}

/// Takes a control of challenges and bots.
pub(super) fn update(ui: &mut Ui, button: ChallengeButton, fx: &mut Vec<Effect>) {
    match button {
        ChallengeButton::Make {
            to,
            game,
            clock,
            rated,
            side,
        } => {
            let clock = (!clock.is_empty()).then_some(clock);
            let Ok(control) = clock.as_deref().map(str::parse).transpose() else {
                ui.shared.notice = Some(t!("clock-shape"));
                return;
            };
            let side = match side.as_str() {
                "white" => SeekSide::White,
                "black" => SeekSide::Black,
                _ => SeekSide::Random,
            };
            let mut what = vec![community::game_name(&game)];
            what.extend(clock);
            let what = what.join(", ");
            let (header, challenged) = (game.clone(), to.clone());
            ui.seek(
                |token, _| {
                    ApiCall::Challenge(ChallengeRequest {
                        to,
                        game: header,
                        clock: control,
                        rated,
                        side,
                        token,
                    })
                },
                what,
                &game,
                fx,
            );
            if let Some(waiting) = ui.shared.whole.community.waiting.as_mut() {
                waiting.to = Some(challenged);
            }
            // Said on the player's page, where the person pressed.
            ui.shared.notice = super::lobby_view::view(ui).and_then(|v| v.waiting);
        }
        ChallengeButton::Accept(id) => {
            let c = &ui.shared.whole.community;
            let Some(challenge) = c.challenges.incoming.iter().find(|c| c.id == id) else {
                return;
            };
            let what = community::game_name(&challenge.game);
            let game = challenge.game.clone();
            ui.seek(
                |token, _| ApiCall::AcceptChallenge {
                    id,
                    body: TokenRequest { token, name: None },
                },
                what,
                &game,
                fx,
            );
        }
        ChallengeButton::Decline { id, reason } => {
            let reason = DeclineReason::from_code(&reason);
            ui.shared
                .whole
                .community
                .challenges
                .incoming
                .retain(|c| c.id != id);
            ui.call(
                ApiCall::DeclineChallenge {
                    id,
                    body: Decline { reason },
                },
                fx,
            );
        }
        ChallengeButton::TakeBot => {
            let Some(waiting) = ui.shared.whole.community.waiting.as_mut() else {
                return;
            };
            let Some(seek) = waiting.seek.clone() else {
                return;
            };
            waiting.bots = true;
            let body = TokenRequest {
                token: waiting.token.clone(),
                name: None,
            };
            ui.call(ApiCall::TakeBot { seek, body }, fx);
        }
        ChallengeButton::Follow { player, on } => {
            ui.call(ApiCall::Follow(api::FollowChange { player, on }), fx);
        }
        ChallengeButton::Notifications(on) => ui.notifications_pressed(on, fx),
        ChallengeButton::Bots(on) => {
            ui.shared.whole.community.bots_welcome = on;
            fx.push(Effect::Store {
                key: BOTS_KEY.to_string(),
                value: on.to_string(),
            });
        }
    }
}

impl Ui {
    /// The person's challenges came (over the lobby's socket): each new one
    /// made to them is told, with a sound, wherever they are.
    pub(super) fn challenges_came(&mut self, challenges: Challenges, fx: &mut Vec<Effect>) {
        let c = &mut self.shared.whole.community;
        let new: Vec<Challenge> = challenges
            .incoming
            .iter()
            .filter(|n| !c.challenges.incoming.iter().any(|o| o.id == n.id))
            .cloned()
            .collect();
        c.challenges = challenges;
        let Some(newest) = new.last() else {
            return;
        };
        let row = ChallengeRow::of(newest);
        if self.screen.screen() != Screen::Lobby {
            self.shared.notice = Some(t!("challenge-from", who = &row.who, what = &row.what));
        }
        self.sound(Sound::OpponentJoined, fx);
    }

    /// The person's waiting challenge `seek` was declined, for `reason`.
    pub(super) fn declined(&mut self, seek: &str, reason: DeclineReason) {
        let c = &mut self.shared.whole.community;
        if c.waiting.as_ref().and_then(|w| w.seek.as_deref()) != Some(seek) {
            return;
        }
        c.waiting = None;
        let said = t!("challenge-declined", reason = &reason_words(reason));
        c.error = Some(said.clone());
        self.shared.notice = Some(said);
    }

    /// Whether the person may challenge the player whose page is shown:
    /// signed in, and not on their own page.
    pub(super) fn may_challenge(&self, page: &api::PlayerPage) -> bool {
        let me = self.shared.whole.community.me.as_deref();
        me.is_some_and(|me| !me.eq_ignore_ascii_case(&page.name)) && self.shared.embed.is_none()
    }
}
