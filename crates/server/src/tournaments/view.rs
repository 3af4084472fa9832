//! A tournament as its page shows it, worked out from the store once per
//! change (its version) and shared by every page that follows it: a
//! thousand players watching one arena cost one reading per change, not a
//! thousand.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use alquerque_tournament::table::{self, Mark};
use alquerque_tournament::Outcome;
use online_play::api::{
    self, MyEntry, SheetGame, TournamentGame, TournamentKind, TournamentLine, TournamentPage,
    TournamentStatus, TournamentSummary,
};
use tokio::sync::Notify;

use super::director::{kind_of, table_of};
use super::rows::{EntryRow, PairingRow, TournamentRow};
use crate::http::App;
use crate::storage::sqlite::StoreError;

/// The lines of the standings a page is sent (besides the viewer's own),
/// and the games in play.
pub const STANDINGS_SENT: usize = 100;
pub const GAMES_SENT: usize = 50;

/// How long a page worked out is taken as it is before its version is
/// looked at again.
const FRESH_FOR: Duration = Duration::from_millis(300);

/// A tournament worked out: its page without a viewer, and where each
/// account stands in it.
#[derive(Debug)]
pub struct Built {
    pub page: TournamentPage,
    /// Each account's index in `page.standings`.
    pub line_of: HashMap<String, usize>,
}

impl Built {
    /// The page for `viewer` (an account key): with their own place.
    pub fn for_viewer(&self, viewer: Option<&str>) -> TournamentPage {
        let own = viewer.and_then(|user| self.line_of.get(user).copied());
        // The first lines, and the viewer's own: a large arena's page is
        // sent to every follower at each change.
        let mut page = TournamentPage {
            summary: self.page.summary.clone(),
            version: self.page.version,
            me: None,
            standings: self
                .page
                .standings
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < STANDINGS_SENT || Some(*i) == own)
                .map(|(_, line)| line.clone())
                .collect(),
            games: self.page.games.iter().take(GAMES_SENT).cloned().collect(),
            chat: self.page.chat.clone(),
        };
        page.me = viewer.and_then(|user| {
            let line = &self.page.standings[*self.line_of.get(user)?];
            Some(MyEntry {
                rank: line.rank,
                points: line.points,
                paused: line.paused,
                withdrawn: line.withdrawn,
                game: line.playing.clone(),
            })
        });
        page
    }

    /// Where `user` stands: rank and points.
    pub fn place_of(&self, user: &str) -> Option<(u32, u32)> {
        let line = &self.page.standings[*self.line_of.get(user)?];
        Some((line.rank, line.points))
    }
}

/// The pages worked out on this process, and the poke that wakes its
/// director (a join, a pause).
#[derive(Debug, Default)]
pub struct Pages {
    pub poked: Notify,
    cache: Mutex<HashMap<String, Cached>>,
}

/// A page worked out: its version, when it was last found current, and
/// the page.
type Cached = (i64, Instant, Arc<Built>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Pages {
    /// Forgets tournament `id`'s page, after a change made here: the next
    /// look works it out again.
    pub fn changed(&self, id: &str) {
        lock(&self.cache).remove(id);
        self.poked.notify_one();
    }

    /// Tournament `id` as it stands (at most [`FRESH_FOR`] old); `None`
    /// when there is no such tournament.
    pub(crate) async fn get(&self, app: &App, id: &str) -> Result<Option<Arc<Built>>, StoreError> {
        let cached = lock(&self.cache).get(id).cloned();
        if let Some((_, at, built)) = &cached {
            if at.elapsed() < FRESH_FOR {
                return Ok(Some(built.clone()));
            }
        }
        let db = app.hub.db();
        let Some(version) = db.tournament_version(id).await? else {
            return Ok(None);
        };
        if let Some((v, _, built)) = cached.filter(|(v, _, _)| *v == version) {
            lock(&self.cache).insert(id.to_string(), (v, Instant::now(), built.clone()));
            return Ok(Some(built));
        }
        let Some(t) = db.tournament(id).await? else {
            return Ok(None);
        };
        let entries = db.entries(id).await?;
        let pairings = db.pairings(id).await?;
        let Some(mut built) = build(&t, &entries, &pairings) else {
            return Ok(None);
        };
        built.page.chat = db
            .tournament_chat(id)
            .await?
            .into_iter()
            .map(|(name, text, at)| online_play::api::TournamentChatLine { name, text, at })
            .collect();
        let built = Arc::new(built);
        let mut cache = lock(&self.cache);
        // Finished tournaments nobody looked at lately are let go.
        if cache.len() > 256 {
            cache.retain(|_, (_, at, _)| at.elapsed() < Duration::from_secs(60));
        }
        cache.insert(id.to_string(), (t.version, Instant::now(), built.clone()));
        Ok(Some(built))
    }
}

/// The summary of tournament `t` with `players` in it; `None` for a
/// stored clock that does not read (never stored so).
pub fn summary_of(t: &TournamentRow, players: i64) -> Option<TournamentSummary> {
    let count = |n: Option<i64>| n.and_then(|n| u32::try_from(n).ok());
    Some(TournamentSummary {
        id: t.id.clone(),
        kind: if t.kind == "swiss" {
            TournamentKind::Swiss
        } else {
            TournamentKind::Arena
        },
        name: t.name.clone(),
        game: t.header.clone(),
        clock: t.clock.parse().ok()?,
        rated: t.rated,
        minutes: count(t.minutes),
        rounds: count(t.rounds),
        round: 0,
        starts: t.starts,
        ends: t.ends,
        status: match t.status.as_str() {
            "starting" => TournamentStatus::Starting,
            "running" => TournamentStatus::Running,
            _ => TournamentStatus::Finished,
        },
        players: u32::try_from(players).unwrap_or(0),
        private: t.password.is_some(),
        by: t.creator.clone(),
        min_rated_games: count(t.min_rated_games),
        rating_range: t
            .rating_low
            .zip(t.rating_high)
            .and_then(|(l, h)| Some((i32::try_from(l).ok()?, i32::try_from(h).ok()?))),
        max_players: count(t.max_players),
    })
}

fn mark_of(m: &Mark) -> SheetGame {
    SheetGame {
        mark: match m.outcome {
            Outcome::Win => api::Mark::Win,
            Outcome::Draw => api::Mark::Draw,
            Outcome::Loss => api::Mark::Loss,
        },
        points: m.points,
        on_fire: m.on_fire,
        forfeit: m.forfeit,
        bye: m.bye,
    }
}

/// Works out a tournament's page from its rows.
pub fn build(t: &TournamentRow, entries: &[EntryRow], pairings: &[PairingRow]) -> Option<Built> {
    let (players, games) = table_of(entries, pairings);
    let mut summary = summary_of(t, entries.len() as i64)?;
    summary.round = pairings
        .iter()
        .map(|p| u32::try_from(p.round).unwrap_or(0))
        .max()
        .filter(|_| summary.kind == TournamentKind::Swiss)
        .unwrap_or(0);
    let name = |seq: i64| {
        usize::try_from(seq)
            .ok()
            .and_then(|s| entries.get(s))
            .map_or_else(String::new, |e| e.name.clone())
    };
    let in_play: Vec<&PairingRow> = pairings
        .iter()
        .filter(|p| p.ending.is_none() && p.game.is_some())
        .collect();
    let playing: HashMap<i64, String> = in_play
        .iter()
        .flat_map(|p| {
            let game = p.game.clone().unwrap_or_default();
            [Some(p.white), p.black]
                .into_iter()
                .flatten()
                .map(move |seq| (seq, game.clone()))
        })
        .collect();
    let mut line_of = HashMap::with_capacity(entries.len());
    let standings: Vec<TournamentLine> = table::standings(kind_of(t), &players, &games)
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let entry = &entries[line.player];
            line_of.insert(entry.user.clone(), i);
            TournamentLine {
                rank: u32::try_from(i + 1).unwrap_or(u32::MAX),
                name: entry.name.clone(),
                points: line.points,
                on_fire: line.on_fire,
                first_tiebreak: line.first_tiebreak,
                second_tiebreak: line.second_tiebreak,
                sheet: line.sheet.iter().map(mark_of).collect(),
                paused: entry.paused,
                withdrawn: entry.withdrawn,
                playing: playing.get(&entry.seq).cloned(),
            }
        })
        .collect();
    let games = in_play
        .iter()
        .map(|p| TournamentGame {
            id: p.game.clone().unwrap_or_default(),
            white: name(p.white),
            black: p.black.map(name).unwrap_or_default(),
            round: u32::try_from(p.round).unwrap_or(0),
        })
        .collect();
    Some(Built {
        page: TournamentPage {
            summary,
            version: u64::try_from(t.version).unwrap_or(0),
            standings,
            games,
            me: None,
            chat: Vec::new(),
        },
        line_of,
    })
}
