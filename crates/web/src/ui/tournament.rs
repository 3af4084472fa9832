//! Tournaments on the page: the lobby's list and the form that makes one,
//! a tournament's page (its standings pushed live over the lobby's socket,
//! join, pause and withdraw), and in a tournament game its name, the
//! person's place, and Berserk. When a game of the tournament ends, the
//! next pairing is sat at without a press (a pause stops it).

use online_play::api::{
    JoinTournament, NewTournament, PlayedTournament, TournamentKind, TournamentList,
    TournamentPage, TournamentStatus,
};
use online_play::ClientMessage;

use super::{Effect, MakeForm, Screen, ScreenState, TournamentButton, Ui};
use crate::api::{ApiCall, ApiReply};
use crate::community;
use crate::online_state::Seat;
use crate::t;
use crate::ui::FullEffect;

/// What the page knows of tournaments.
#[derive(Clone, Debug, Default)]
pub struct Tournaments {
    pub(super) list: Option<TournamentList>,
    /// The tournament whose page is on show, or that the person plays in.
    pub(super) page: Option<TournamentPage>,
    /// The tournament the person joined here and plays in: followed while
    /// they play its games, which they are sat at as they come.
    pub(super) playing: Option<String>,
    /// The last game sat at from it.
    pub(super) sat: Option<String>,
    /// Embedded: the named player's last game the host was told of.
    pub(super) told: Option<String>,
    /// The tournaments of the player whose page is on show.
    pub(super) played: Option<(String, Vec<PlayedTournament>)>,
    /// What was done or refused last, in words.
    pub(super) said: Option<String>,
}

/// The seats list's key for a tournament's seat token.
fn seat_key(id: &str) -> String {
    format!("tournament:{id}")
}

/// Takes a control of the tournaments.
pub(super) fn update(ui: &mut Ui, button: TournamentButton, fx: &mut Vec<Effect>) {
    ui.shared.whole.tournaments.said = None;
    match button {
        TournamentButton::Open(id) => {
            let t = &mut ui.shared.whole.tournaments;
            if t.page.as_ref().is_some_and(|p| p.summary.id != id) {
                t.page = None;
            }
            ui.screen = ScreenState::Tournament(id.clone());
            ui.call(ApiCall::Tournament(id), fx);
        }
        TournamentButton::Join { password } => {
            let Some(id) = ui.tournament_shown() else {
                return;
            };
            let token = match ui.shared.whole.community.seat(&seat_key(&id)) {
                Some(token) => token.to_string(),
                None => community::seat_token([ui.new_seed(), ui.new_seed()]),
            };
            ui.remember_seat(&seat_key(&id), &token, fx);
            let password = Some(password.trim().to_string()).filter(|p| !p.is_empty());
            let body = JoinTournament { token, password };
            ui.call(ApiCall::JoinTournament { id, body }, fx);
        }
        TournamentButton::Pause => {
            if let Some(id) = ui.tournament_shown() {
                ui.call(ApiCall::PauseTournament(id), fx);
            }
        }
        TournamentButton::Withdraw => {
            if let Some(id) = ui.tournament_shown() {
                ui.shared.whole.tournaments.playing = None;
                ui.call(ApiCall::WithdrawTournament(id), fx);
            }
        }
        TournamentButton::Make(form) => match form.checked() {
            Ok(asked) => ui.call(ApiCall::NewTournament(asked), fx),
            Err(why) => ui.shared.whole.tournaments.said = Some(why),
        },
        TournamentButton::Say(text) => {
            let Some(id) = ui.tournament_shown() else {
                return;
            };
            if text.trim().is_empty() {
                return;
            }
            let body = online_play::api::TournamentSay { text };
            ui.call(ApiCall::TournamentSay { id, body }, fx);
            fx.push(Effect::Full(FullEffect::ClearField("tournament-chat-text")));
        }
        TournamentButton::Berserk => {
            fx.push(Effect::Full(FullEffect::SendOnline(ClientMessage::Berserk)));
        }
    }
}

impl MakeForm {
    /// The tournament the form asks for, or what to fix, in words.
    pub fn checked(&self) -> Result<NewTournament, String> {
        let number = |text: &str| text.trim().parse::<u32>().ok();
        let kind = if self.kind == "swiss" {
            TournamentKind::Swiss
        } else {
            TournamentKind::Arena
        };
        let length = number(&self.length).ok_or_else(|| {
            t!(
                "bad-tournament",
                field = &t!(if kind == TournamentKind::Swiss {
                    "tf-rounds"
                } else {
                    "tf-minutes"
                })
            )
        })?;
        let clock = self
            .clock
            .parse()
            .map_err(|_| t!("bad-tournament", field = &t!("tf-clock")))?;
        let starts_in = match self.starts_in.trim() {
            "" => 0,
            text => {
                number(text).ok_or_else(|| t!("bad-tournament", field = &t!("tf-starts_in")))?
            }
        };
        let name = self.name.trim();
        if name.is_empty() {
            return Err(t!("bad-tournament", field = &t!("tf-name")));
        }
        Ok(NewTournament {
            kind,
            name: name.to_string(),
            game: self.game.clone(),
            clock,
            rated: self.rated,
            minutes: (kind == TournamentKind::Arena).then_some(length),
            rounds: (kind == TournamentKind::Swiss).then_some(length),
            starts_in: u64::from(starts_in) * 60,
            password: Some(self.password.trim().to_string()).filter(|p| !p.is_empty()),
            min_rated_games: None,
            rating_range: None,
            max_players: None,
        })
    }
}

impl Ui {
    /// The tournament whose page is on show.
    pub(super) fn tournament_shown(&self) -> Option<String> {
        match &self.screen {
            ScreenState::Tournament(id) if !id.is_empty() => Some(id.clone()),
            _ => None,
        }
    }

    /// The tournament the lobby's socket follows: the one on show, or the
    /// one whose game the person plays.
    pub(super) fn tournament_followed(&self) -> Option<String> {
        match self.screen.screen() {
            Screen::Tournament => self.tournament_shown(),
            Screen::Game => self.shared.whole.tournaments.playing.clone(),
            _ => None,
        }
    }

    /// A tournament's page came (an answer, or pushed): kept if it is the
    /// one followed and no older than the one kept; a game of the person's
    /// that has just been paired is sat at.
    pub(super) fn tournament_came(&mut self, page: TournamentPage, fx: &mut Vec<Effect>) {
        let id = page.summary.id.clone();
        let followed = self.tournament_shown().as_ref() == Some(&id)
            || self.shared.whole.tournaments.playing.as_ref() == Some(&id);
        if !followed {
            return;
        }
        let t = &mut self.shared.whole.tournaments;
        if t.page
            .as_ref()
            .is_some_and(|p| p.summary.id == id && p.version > page.version)
        {
            return;
        }
        let me = page.me.clone();
        let over = page.summary.status == TournamentStatus::Finished;
        t.page = Some(page);
        self.tell_host_standings(fx);
        let t = &mut self.shared.whole.tournaments;
        let Some(me) = me.filter(|m| !m.withdrawn && !over) else {
            if t.playing.as_ref() == Some(&id) {
                t.playing = None;
            }
            return;
        };
        t.playing = Some(id.clone());
        let Some(game) = me.game.filter(|g| t.sat.as_ref() != Some(g)) else {
            return;
        };
        let Some(token) = self
            .shared
            .whole
            .community
            .seat(&seat_key(&id))
            .map(str::to_string)
        else {
            return;
        };
        // Not in the middle of another online game.
        let busy = self
            .shared
            .online
            .as_ref()
            .is_some_and(|g| g.mirror.seat.game != game && !g.mirror.is_over());
        if busy {
            return;
        }
        self.shared.whole.tournaments.sat = Some(game.clone());
        self.remember_seat(&game, &token, fx);
        self.go_online(
            Seat {
                game,
                token: Some(token),
                code: None,
                creator: false,
            },
            fx,
        );
        self.shared.notice = Some(t!("tournament-next-game"));
    }

    /// Embedded on a tournament: the host hears the standings whenever
    /// they change, and the game the named player is sat at, once.
    fn tell_host_standings(&mut self, fx: &mut Vec<Effect>) {
        let Some(embed) = self.shared.embed.as_ref() else {
            return;
        };
        let Some(page) = self.shared.whole.tournaments.page.as_ref() else {
            return;
        };
        if embed.tournament.as_ref() != Some(&page.summary.id) {
            return;
        }
        let standings: Vec<serde_json::Value> = page
            .standings
            .iter()
            .map(|l| {
                serde_json::json!({
                    "rank": l.rank, "name": l.name, "points": l.points,
                    "on_fire": l.on_fire, "playing": l.playing,
                })
            })
            .collect();
        fx.push(Effect::Full(FullEffect::ToHost(serde_json::json!({
            "type": "alquerque:standings",
            "tournament": page.summary.id,
            "status": page.summary.status,
            "standings": standings,
        }))));
        let Some(player) = embed.player.as_ref() else {
            return;
        };
        let game = page
            .standings
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(player))
            .and_then(|l| l.playing.clone());
        let told = serde_json::json!({
            "type": "alquerque:tournament-game",
            "tournament": page.summary.id,
            "player": player,
            "game": game,
        });
        let t = &mut self.shared.whole.tournaments;
        if let Some(game) = game.filter(|g| t.told.as_ref() != Some(g)) {
            t.told = Some(game);
            fx.push(Effect::Full(FullEffect::ToHost(told)));
        }
    }

    /// An answer to one of the tournament calls.
    pub(super) fn tournament_reply(&mut self, reply: ApiReply, fx: &mut Vec<Effect>) {
        match reply {
            ApiReply::Tournaments(list) => self.shared.whole.tournaments.list = Some(list),
            ApiReply::TournamentMade(id) => {
                update(self, TournamentButton::Open(id), fx);
            }
            ApiReply::Tournament(page) => self.tournament_came(*page, fx),
            ApiReply::PlayedTournaments(played) => {
                if let ScreenState::Player(name) = &self.screen {
                    self.shared.whole.tournaments.played = Some((name.clone(), played));
                }
            }
            _ => {}
        }
    }

    /// A tournament call refused: said on the tournament's page or the
    /// lobby.
    pub(super) fn tournament_refused(&mut self, why: String) {
        self.shared.whole.tournaments.said = Some(why);
    }
}

pub use super::tournament_view::{countdown, view, InGameView, TournamentListView, TournamentView};
