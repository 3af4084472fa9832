//! What the tournaments show, in words: the lobby's list, a tournament's
//! page (its rules, countdown, standings, games in play and podium), and
//! the line above a tournament game.

use online_play::api::{
    Mark, RelationKind, TournamentKind, TournamentLine, TournamentPage, TournamentStatus,
    TournamentSummary,
};

use super::{Screen, Ui};
use crate::community::{self, utc_time};
use crate::t;

/// The lobby's tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentListView {
    /// (id, name, what it is and when), starting soon and running.
    pub rows: Vec<(String, String, String)>,
    pub said: Option<String>,
    /// Signed in: the form to make one is shown.
    pub can_make: bool,
    /// On a player's page: their tournaments, (id, "Name · number 2 · 14
    /// points").
    pub played: Vec<(String, String)>,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineView {
    pub rank: u32,
    pub name: String,
    /// "12", or "3½" in a Swiss.
    pub points: String,
    pub on_fire: bool,
    /// Each game's points, "2 2 4 0", a forfeit marked.
    pub sheet: String,
    /// Paused, withdrawn or playing, in words (empty otherwise).
    pub state: String,
    pub me: bool,
}

/// A tournament's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentView {
    pub id: String,
    pub name: String,
    /// "Arena · Classic · 3+2 · rated · 30 minutes".
    pub about: String,
    /// When it starts or ends, and the moment counted down to.
    pub when: String,
    pub until: Option<i64>,
    /// The rules, one line each.
    pub rules: Vec<String>,
    /// The person's place: "You are 3rd with 6 points".
    pub me: Option<String>,
    pub can_join: bool,
    pub can_pause: bool,
    pub can_withdraw: bool,
    pub private: bool,
    pub signed_in: bool,
    pub standings: Vec<LineView>,
    /// (game id, "ana – bob") of the games in play.
    pub games: Vec<(String, String)>,
    /// Once finished: the first three, "1. ana · 14".
    pub podium: Vec<String>,
    /// The chat: none in kid mode; (name, line), without the lines of
    /// players the person muted or blocked.
    pub chat: Option<Vec<(String, String)>>,
    /// Signed in: a line may be said.
    pub can_say: bool,
    pub said: Option<String>,
}

/// The line above a tournament game: its name and the person's place, and
/// whether Berserk may be pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InGameView {
    pub line: String,
    pub berserk: bool,
}

/// The games shown on a line of the standings, the latest.
const SHEET_SHOWN: usize = 10;

/// Points in words: a Swiss counts half-points.
fn points_words(kind: TournamentKind, points: u32) -> String {
    match kind {
        TournamentKind::Arena => points.to_string(),
        TournamentKind::Swiss if points % 2 == 1 && points > 1 => format!("{}½", points / 2),
        TournamentKind::Swiss if points == 1 => "½".to_string(),
        TournamentKind::Swiss => (points / 2).to_string(),
    }
}

/// "Arena · Classic · 3+2 · rated · 30 minutes".
fn about(s: &TournamentSummary) -> String {
    let mut parts = vec![
        t!(match s.kind {
            TournamentKind::Arena => "arena",
            TournamentKind::Swiss => "swiss",
        }),
        community::game_name(&s.game),
        s.clock.to_string(),
        t!(if s.rated { "rated" } else { "casual" }),
    ];
    match (s.minutes, s.rounds) {
        (Some(m), _) => parts.push(t!("tournament-minutes", n = m)),
        (_, Some(r)) => parts.push(t!("tournament-rounds", n = r)),
        _ => {}
    }
    parts.join(" · ")
}

/// When it starts, runs until, or ended; and the moment to count down to.
fn when(page: &TournamentPage) -> (String, Option<i64>) {
    let s = &page.summary;
    match s.status {
        TournamentStatus::Starting => (
            t!("tournament-starts", at = &utc_time(s.starts)),
            Some(s.starts),
        ),
        TournamentStatus::Running => match (s.kind, s.ends) {
            (TournamentKind::Arena, Some(ends)) => {
                (t!("tournament-ends", at = &utc_time(ends)), Some(ends))
            }
            _ => (
                t!("tournament-round", n = s.round, of = s.rounds.unwrap_or(0)),
                None,
            ),
        },
        TournamentStatus::Finished => (t!("tournament-finished"), None),
    }
}

/// The time left until `until`, at `now` (seconds since 1970): "4:05",
/// "1:02:03", or nothing once it has come.
pub fn countdown(until: i64, now: i64) -> String {
    let left = until - now;
    if left <= 0 {
        return String::new();
    }
    let (h, m, s) = (left / 3600, left / 60 % 60, left % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The rules shown on the page, from docs/tournaments.md.
fn rules(kind: TournamentKind) -> Vec<String> {
    let keys: &[&str] = match kind {
        TournamentKind::Arena => &[
            "arena-rule-pairing",
            "arena-rule-points",
            "arena-rule-fire",
            "arena-rule-short-draw",
            "arena-rule-berserk",
            "arena-rule-end",
        ],
        TournamentKind::Swiss => &[
            "swiss-rule-rounds",
            "swiss-rule-points",
            "swiss-rule-missed",
            "swiss-rule-ties",
        ],
    };
    keys.iter().map(|key| t!(key)).collect()
}

fn line_view(kind: TournamentKind, line: &TournamentLine, me: Option<&str>) -> LineView {
    // The latest games: a long arena's sheet would not fit a phone.
    let skipped = line.sheet.len().saturating_sub(SHEET_SHOWN);
    let sheet = std::iter::once(String::from("…"))
        .filter(|_| skipped > 0)
        .chain(line.sheet.iter().skip(skipped).map(|g| {
            let points = points_words(kind, g.points);
            match (g.forfeit, g.bye, g.mark) {
                (true, _, _) => format!("{points}!"),
                (_, true, _) => format!("{points}*"),
                (_, _, Mark::Win | Mark::Draw | Mark::Loss) => points,
            }
        }))
        .collect::<Vec<_>>()
        .join(" ");
    let state = if line.withdrawn {
        t!("tournament-withdrawn")
    } else if line.paused {
        t!("tournament-paused")
    } else if line.playing.is_some() {
        t!("tournament-playing")
    } else {
        String::new()
    };
    LineView {
        rank: line.rank,
        name: line.name.clone(),
        points: points_words(kind, line.points),
        on_fire: line.on_fire,
        sheet,
        state,
        me: me.is_some_and(|m| m.eq_ignore_ascii_case(&line.name)),
    }
}

/// What the tournaments show: the lobby's list, the page on show, and the
/// line above a tournament game.
pub fn view(
    ui: &Ui,
) -> (
    Option<TournamentListView>,
    Option<TournamentView>,
    Option<InGameView>,
) {
    let t = &ui.shared.whole.tournaments;
    let me = ui.shared.whole.community.me.as_deref();
    let listed = matches!(ui.screen.screen(), Screen::Lobby | Screen::Player);
    let list = listed.then(|| TournamentListView {
        rows: t
            .list
            .iter()
            .flat_map(|l| l.running.iter().chain(&l.starting))
            .map(|s| {
                let when = match s.status {
                    TournamentStatus::Starting => t!("tournament-starts", at = &utc_time(s.starts)),
                    _ => t!("tournament-running"),
                };
                let what = format!(
                    "{} · {} · {}",
                    about(s),
                    t!("tournament-players", n = s.players),
                    when
                );
                (s.id.clone(), s.name.clone(), what)
            })
            .collect(),
        said: t.said.clone(),
        can_make: me.is_some(),
        played: t
            .played
            .iter()
            .flat_map(|(_, played)| played)
            .map(|p| {
                let s = &p.summary;
                let line = t!(
                    "player-tournament-line",
                    name = &s.name,
                    rank = p.rank,
                    points = &points_words(s.kind, p.points)
                );
                (s.id.clone(), line)
            })
            .collect(),
    });
    let page = ui
        .tournament_shown()
        .and_then(|id| t.page.as_ref().filter(|p| p.summary.id == id))
        .map(|p| {
            let s = &p.summary;
            let open = s.status != TournamentStatus::Finished;
            let joined = p.me.as_ref();
            let active = joined.is_some_and(|m| !m.paused && !m.withdrawn);
            let (when, until) = when(p);
            TournamentView {
                id: s.id.clone(),
                name: s.name.clone(),
                about: about(s),
                when,
                until,
                rules: rules(s.kind),
                me: joined.map(|m| {
                    t!(
                        "tournament-me",
                        rank = m.rank,
                        points = &points_words(s.kind, m.points)
                    )
                }),
                can_join: open && me.is_some() && !active,
                can_pause: open && active && s.kind == TournamentKind::Arena,
                can_withdraw: open && joined.is_some_and(|m| !m.withdrawn),
                private: s.private && joined.is_none(),
                signed_in: me.is_some(),
                standings: p
                    .standings
                    .iter()
                    .map(|l| line_view(s.kind, l, me))
                    .collect(),
                games: p
                    .games
                    .iter()
                    .map(|g| (g.id.clone(), format!("{} – {}", g.white, g.black)))
                    .collect(),
                podium: if open {
                    Vec::new()
                } else {
                    p.standings
                        .iter()
                        .take(3)
                        .map(|l| {
                            format!(
                                "{}. {} · {}",
                                l.rank,
                                l.name,
                                points_words(s.kind, l.points)
                            )
                        })
                        .collect()
                },
                said: t.said.clone(),
                chat: (!ui.shared.prefs.kid).then(|| {
                    p.chat
                        .iter()
                        .filter(|l| {
                            !ui.relation(&l.name, RelationKind::Mute)
                                && !ui.relation(&l.name, RelationKind::Block)
                        })
                        .map(|l| (l.name.clone(), l.text.clone()))
                        .collect()
                }),
                can_say: me.is_some(),
            }
        });
    let in_game = in_game(ui);
    (list, page, in_game)
}

/// The line above a game of the tournament the person plays in.
fn in_game(ui: &Ui) -> Option<InGameView> {
    if ui.screen.screen() != Screen::Game {
        return None;
    }
    let online = &ui.shared.online.as_ref()?.mirror;
    let room = online.room.as_ref()?;
    let id = room.tournament.as_ref()?;
    let page = ui
        .shared
        .whole
        .tournaments
        .page
        .as_ref()
        .filter(|p| &p.summary.id == id);
    let name = page.map_or_else(String::new, |p| p.summary.name.clone());
    let line = match page.and_then(|p| p.me.as_ref().map(|m| (p.summary.kind, m))) {
        Some((kind, m)) => t!(
            "tournament-in-game",
            name = &name,
            rank = m.rank,
            points = &points_words(kind, m.points)
        ),
        None => name,
    };
    let side = online.side()?;
    let ply = room.game.ply();
    let before_first = ply == 0 || (ply == 1 && side == engine::Side::Black);
    let berserk = !room.is_over() && before_first && !room.berserk[side.index()];
    Some(InGameView { line, berserk })
}
