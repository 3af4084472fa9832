//! What the lobby, the Watch screen and the home screen's lists show: the
//! seeks, the games in play, the person's own games and the site's
//! figures, in words, from the state `ui/lobby` keeps.

use engine::GameKind;

use super::Ui;
use crate::community;
use crate::t;
use online_play::api::{LiveGame, LivePlayer, MyGame, Seek, SeekSide};

/// The lobby, the Watch screen and the waiting seek, as shown.
pub fn view(ui: &Ui) -> Option<LobbyView> {
    let c = &ui.shared.whole.community;
    let kid = ui.shared.prefs.kid;
    Some(LobbyView {
        home: c.home_lists && ui.shared.embed.is_none(),
        me: c.me.clone(),
        guest: c.guest.clone(),
        error: if c.offline {
            Some(t!("lobby-offline"))
        } else {
            c.error.clone()
        },
        waiting: c.waiting.as_ref().map(|w| {
            if let Some(to) = &w.to {
                t!("challenging", who = to, what = &w.what)
            } else if w.seek.is_some() || w.game.is_none() {
                t!("seeking", what = &w.what)
            } else {
                t!("seeking-sent", what = &w.what)
            }
        }),
        seeks: c
            .seeks
            .iter()
            .map(|s| SeekRow::of(s, c.me.as_deref(), &c.guest, kid))
            .collect(),
        live: c.live.iter().map(|g| LiveRow::of(g, kid)).collect(),
        stats: GameKind::ALL
            .iter()
            .filter_map(|kind| {
                let (_, s) = c.stats.iter().find(|(k, _)| k == kind.as_str())?;
                if s.played == 0 {
                    return Some((crate::words::game_name(*kind), t!("stats-none")));
                }
                Some((
                    crate::words::game_name(*kind),
                    t!(
                        "stats-line",
                        n = s.played,
                        white = &format!("{:.1}", s.white_wins),
                        black = &format!("{:.1}", s.black_wins),
                        draws = &format!("{:.1}", s.draws)
                    ),
                ))
            })
            .collect(),
        mine: c.mine.iter().map(|g| MineRow::of(g, kid)).collect(),
        challenges: c
            .challenges
            .incoming
            .iter()
            .map(super::ChallengeRow::of)
            .collect(),
        bots_welcome: c.bots_welcome,
        notify: super::notifications::view(c.notify, c.me.is_some() && ui.shared.embed.is_none()),
        follows: c
            .follows
            .iter()
            .flat_map(|f| f.players.iter().map(super::FollowRow::of))
            .collect(),
        pools: if c.pools.is_empty() {
            t!("pools-empty")
        } else {
            let list: Vec<String> = c
                .pools
                .iter()
                .map(|p| {
                    t!(
                        "pool-line",
                        game = &community::game_name(&p.game),
                        clock = &p.clock,
                        n = u64::from(p.waiting)
                    )
                })
                .collect();
            t!("pools-waiting", list = &list.join(" · "))
        },
        bot_offer: c
            .waiting
            .as_ref()
            .is_some_and(|w| w.quick && !w.bots && w.seek.is_some()),
        player: super::players::player_view(ui),
        leaders: super::players::leaders_view(ui),
    })
}

/// What the lobby and Watch screens show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyView {
    /// The home screen shows the person's games and the site's figures.
    pub home: bool,
    /// The account's name, if signed in.
    pub me: Option<String>,
    pub guest: String,
    pub error: Option<String>,
    /// The person's seek waiting, in words.
    pub waiting: Option<String>,
    pub seeks: Vec<SeekRow>,
    pub live: Vec<LiveRow>,
    /// Per game: its name and its figures in words.
    pub stats: Vec<(String, String)>,
    pub mine: Vec<MineRow>,
    /// The challenges made to the person.
    pub challenges: Vec<super::ChallengeRow>,
    /// Bots are welcome in quick pairing.
    pub bots_welcome: bool,
    /// The notifications button.
    pub notify: super::NotifyView,
    /// The players the person follows.
    pub follows: Vec<super::FollowRow>,
    /// Who waits in the quick-pairing pools, in words.
    pub pools: String,
    /// Waiting in a quick-pairing pool without bots: a bot may be let in.
    pub bot_offer: bool,
    pub player: Option<super::PlayerView>,
    pub leaders: Option<super::LeadersView>,
}

/// A seek in the lobby's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    pub id: String,
    /// The seeker's account, for a link to its page (none for a guest).
    pub account: Option<String>,
    /// "ana (1500?)", "Guest-12 (guest)".
    pub who: String,
    /// "Classic · 3+2 · rated · White · 1300–1700".
    pub what: String,
    /// The person's own seek (no Accept).
    pub own: bool,
}

impl SeekRow {
    fn of(s: &Seek, me: Option<&str>, guest: &str, kid: bool) -> SeekRow {
        let who = match (&s.rating, s.guest) {
            (Some(r), _) => format!("{} ({})", s.name, community::rating_words(r)),
            (None, true) if kid && s.name != guest => t!("a-guest"),
            (None, true) => format!("{} ({})", s.name, t!("guest")),
            (None, false) => s.name.clone(),
        };
        let mut what = vec![community::game_name(&s.game)];
        what.push(s.clock.clone().unwrap_or_else(|| t!("no-clock")));
        what.push(t!(match (s.rated, s.unrated_for_you) {
            (true, true) => "unrated-for-you",
            (true, false) => "rated",
            (false, _) => "casual",
        }));
        what.push(t!(match s.side {
            SeekSide::White => "seek-white",
            SeekSide::Black => "seek-black",
            SeekSide::Random => "seek-random",
        }));
        if let Some((low, high)) = s.range {
            what.push(format!("{low}–{high}"));
        }
        SeekRow {
            id: s.id.clone(),
            account: (!s.guest).then(|| s.name.clone()),
            who,
            what: what.join(" · "),
            own: if s.guest {
                me.is_none() && s.name == guest
            } else {
                me == Some(s.name.as_str())
            },
        }
    }
}

/// A game in play on the Watch screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRow {
    pub id: String,
    pub featured: bool,
    /// "Turkish draughts · 3+2 · rated".
    pub what: String,
    /// "ana (1500) – bo (1620?)".
    pub players: String,
    /// "2:41 – 3:02", empty without clocks.
    pub clock: String,
    /// "12 moves · 3 watching".
    pub more: String,
}

impl LiveRow {
    fn of(g: &LiveGame, kid: bool) -> LiveRow {
        let player = |p: &LivePlayer| {
            let name = p
                .name
                .as_deref()
                .map_or_else(|| t!("anonymous"), |n| community::shown_name(n, kid));
            match &p.rating {
                Some(r) => format!("{name} ({})", community::rating_words(r)),
                None => name,
            }
        };
        let mut what = vec![community::game_name(&g.game)];
        what.extend(g.clock.as_ref().map(|c| c.control.clone()));
        what.push(t!(if g.rated { "rated" } else { "casual" }));
        LiveRow {
            id: g.id.clone(),
            featured: g.featured,
            what: what.join(" · "),
            players: format!("{} – {}", player(&g.white), player(&g.black)),
            clock: g
                .clock
                .as_ref()
                .map(|c| {
                    format!(
                        "{} – {}",
                        community::time_left(c.left[0]),
                        community::time_left(c.left[1])
                    )
                })
                .unwrap_or_default(),
            more: t!(
                "live-more",
                n = g.ply as u64,
                watching = u64::from(g.spectators)
            ),
        }
    }
}

/// One of the person's games in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineRow {
    pub id: String,
    pub your_turn: bool,
    /// "Classic against bo · your turn · 1d 3h".
    pub text: String,
}

impl MineRow {
    fn of(g: &MyGame, kid: bool) -> MineRow {
        let opponent = g
            .opponent
            .as_deref()
            .map_or_else(|| t!("anonymous"), |n| community::shown_name(n, kid));
        let mut text = vec![t!(
            "mine-against",
            game = &community::game_name(&g.game),
            opponent = &opponent
        )];
        text.push(t!(if g.your_turn {
            "your-turn-short"
        } else {
            "their-turn"
        }));
        text.extend(g.left.map(community::time_left));
        MineRow {
            id: g.id.clone(),
            your_turn: g.your_turn,
            text: text.join(" · "),
        }
    }
}
