//! Players in public: a player's page (ratings per game, provisional ones
//! marked; results with White and with Black; the finished games, each
//! opened in review from its record) and each game's leaderboard, shown in
//! the lobby. The requests go as the lobby's do (`ui/lobby`).

use engine::Side;
use online_play::api::{self, Leader, PlayerPage};
use online_play::api::{GameRecord, Leaderboard};

use super::Button;
use super::{Effect, ScreenState, Ui};
use crate::api::ApiCall;
use crate::community;
use crate::online_state::result_text;
use crate::t;

impl Ui {
    /// Opens `name`'s page.
    pub(super) fn open_player(&mut self, name: &str, fx: &mut Vec<Effect>) {
        self.shared.whole.community.player = None;
        self.screen = ScreenState::Player(name.to_string());
        self.call(ApiCall::Player(name.to_string()), fx);
        self.shared.whole.tournaments.played = None;
        self.call(ApiCall::PlayerTournaments(name.to_string()), fx);
        // Whether the person mutes, blocks or follows them, for the page's
        // buttons.
        if self.shared.whole.community.me.is_some() {
            self.call(ApiCall::Relations, fx);
            self.call(ApiCall::Follows, fx);
        }
    }

    /// Shows `game`'s leaderboard.
    pub(super) fn open_leaders(&mut self, game: &str, fx: &mut Vec<Effect>) {
        let Ok(kind) = game.parse::<engine::GameKind>() else {
            return;
        };
        self.shared.whole.community.leaders = Some((kind, Vec::new()));
        self.call(ApiCall::Leaderboard(kind.as_str().to_string()), fx);
    }

    /// A player's page came: shown if it is still the one asked for.
    pub(super) fn player_came(&mut self, page: PlayerPage) {
        if matches!(&self.screen, ScreenState::Player(name) if name.eq_ignore_ascii_case(&page.name))
        {
            self.shared.whole.community.player = Some(page);
        }
    }

    /// A leaderboard came: shown if it is the game's on show.
    pub(super) fn leaders_came(&mut self, board: Leaderboard) {
        if let Some((kind, list)) = self.shared.whole.community.leaders.as_mut() {
            if kind.as_str() == board.game {
                *list = board.players;
            }
        }
    }

    /// A game's record arrived: it opens in review.
    pub(super) fn record_came(&mut self, game: GameRecord, fx: &mut Vec<Effect>) {
        self.press(Button::ReviewRecord(game.record), fx);
    }
}

/// The leaderboard shown in the lobby.
pub fn leaders_view(ui: &Ui) -> Option<LeadersView> {
    let (kind, list) = ui.shared.whole.community.leaders.as_ref()?;
    Some(LeadersView {
        game: kind.as_str(),
        rows: list.iter().enumerate().map(LeaderRow::of).collect(),
    })
}

/// The player's page as shown, once it came.
pub fn player_view(ui: &Ui) -> Option<PlayerView> {
    let page = ui.shared.whole.community.player.as_ref()?;
    let follows = ui.shared.whole.community.follows.as_ref();
    let challenge = ui.may_challenge(page);
    Some(PlayerView {
        challenge,
        following: follows.filter(|_| challenge).map(|f| {
            f.players
                .iter()
                .any(|p| p.name.eq_ignore_ascii_case(&page.name))
        }),
        ..PlayerView::of(page)
    })
}

/// What a player's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub name: String,
    /// The name as shown: marked when the account is a bot.
    pub title: String,
    /// The person may challenge this player.
    pub challenge: bool,
    /// Whether the person follows this player (none when they cannot).
    pub following: Option<bool>,
    /// "Classic 1662? · 1 game", per game played rated.
    pub ratings: Vec<String>,
    /// With White, then with Black: "With White: 3 won · 1 drawn · 0 lost".
    pub results: [String; 2],
    /// The finished games, newest first: (id, what happened).
    pub games: Vec<(String, String)>,
}

impl PlayerView {
    fn of(p: &PlayerPage) -> PlayerView {
        let ratings = p
            .ratings
            .iter()
            .map(|(game, r)| {
                t!(
                    "rating-line",
                    game = &community::game_name(game),
                    rating = &community::rating_words(&r.rating),
                    n = r.games
                )
            })
            .collect();
        let tally = |side: &str, t: &api::Tally| {
            t!(
                "results-line",
                side = &t!(side),
                wins = &t.wins.to_string(),
                draws = &t.draws.to_string(),
                losses = &t.losses.to_string()
            )
        };
        let games = p
            .games
            .iter()
            .map(|g| {
                let name = |n: &Option<String>| n.clone().unwrap_or_else(|| t!("anonymous"));
                let mut text = vec![
                    community::game_name(&g.game),
                    format!("{} – {}", name(&g.white), name(&g.black)),
                    result_text(g.result, g.reason, None::<Side>),
                ];
                text.extend(g.clock.clone());
                text.push(t!(if g.rated { "rated" } else { "casual" }));
                (g.id.clone(), text.join(" · "))
            })
            .collect();
        PlayerView {
            name: p.name.clone(),
            title: if p.bot {
                t!("bot-named", name = &p.name)
            } else {
                p.name.clone()
            },
            challenge: false,
            following: None,
            ratings,
            results: [
                tally("white", &p.results.white),
                tally("black", &p.results.black),
            ],
            games,
        }
    }
}

/// A game's leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadersView {
    /// The game's name in the controls (`classic`).
    pub game: &'static str,
    pub rows: Vec<LeaderRow>,
}

/// A place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderRow {
    pub place: usize,
    pub name: String,
    /// "1662? · 12 games".
    pub text: String,
}

impl LeaderRow {
    fn of((i, leader): (usize, &Leader)) -> LeaderRow {
        LeaderRow {
            name: leader.name.clone(),
            place: i + 1,
            text: t!(
                "leader-line",
                rating = &community::rating_words(&leader.standing.rating),
                n = leader.standing.games
            ),
        }
    }
}
