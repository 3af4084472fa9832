//! The lobby's lists as one feed per process: the open seeks, the games in
//! play and the site's figures, worked out once for every page that
//! follows them ([`crate::lobby::socket`]) rather than once per page and
//! request. They are worked out again when something changes here (a seek
//! posted, withdrawn or paired), when another process on the database says
//! so, and each second while anyone follows; each list's version grows
//! only when its content changed, so a quiet lobby sends nothing.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use online_play::api;
use tokio::sync::{watch, Notify};

use crate::http::App;
use crate::lobby::fair_play::Origin;

/// How often the lists are looked at again while pages follow them.
const EVERY: Duration = Duration::from_secs(1);
/// A change's news waits this long for others to come with it.
const GATHER: Duration = Duration::from_millis(50);

/// A list and its version.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Versioned<T> {
    pub version: u64,
    pub list: T,
}

/// The lists as last worked out.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lists {
    /// The open seeks, each with where its seeker came from.
    pub seeks: Versioned<Vec<(api::Seek, Origin)>>,
    pub live: Versioned<Vec<api::LiveGame>>,
    pub stats: Versioned<std::collections::BTreeMap<String, api::GameStats>>,
    /// The quick-pairing pools with players waiting.
    pub pools: Versioned<Vec<api::Pool>>,
    /// For each player (a key) in a game in play here, that game's id and
    /// turn count: their own list changes when this does.
    pub playing: HashMap<String, Vec<(String, usize)>>,
    /// For each player (a key) with open challenges, made by them or to
    /// them, those challenges' ids: their list changes when this does.
    pub challenged: HashMap<String, Vec<String>>,
}

/// The feed: pokes in, lists out.
#[derive(Debug)]
pub(crate) struct LobbyFeed {
    poked: Notify,
    lists: watch::Sender<Arc<Lists>>,
}

impl Default for LobbyFeed {
    fn default() -> LobbyFeed {
        LobbyFeed {
            poked: Notify::new(),
            lists: watch::Sender::new(Arc::new(Lists::default())),
        }
    }
}

impl LobbyFeed {
    /// Something the lists show may have changed.
    pub fn poke(&self) {
        self.poked.notify_one();
    }

    /// The lists, and their news from now on.
    pub fn follow(&self) -> watch::Receiver<Arc<Lists>> {
        self.lists.subscribe()
    }
}

/// Keeps `app`'s feed up to date, for as long as the process runs.
pub(crate) async fn run(app: Arc<App>) {
    let feed = &app.lobby;
    loop {
        tokio::select! {
            () = feed.poked.notified() => tokio::time::sleep(GATHER).await,
            () = tokio::time::sleep(EVERY) => {}
        }
        if feed.lists.receiver_count() == 0 {
            continue;
        }
        let last = feed.lists.borrow().clone();
        let next = work_out(&app, &last).await;
        if let Some(next) = next {
            feed.lists.send_replace(Arc::new(next));
        }
    }
}

/// The lists now, if any changed since `last` (whose versions they carry
/// on from).
async fn work_out(app: &App, last: &Lists) -> Option<Lists> {
    let since = app.hub.time.now() - crate::lobby::seeks::STALE_AFTER;
    let open = app.hub.db().open_seeks(since).await;
    let pools = match &open {
        Ok(open) => pools_of(open),
        Err(_) => last.pools.list.clone(),
    };
    let mut challenged: HashMap<String, Vec<String>> = HashMap::new();
    for seek in open.iter().flatten() {
        let Some(target) = &seek.target else { continue };
        for user in seek.user.iter().chain([target]) {
            challenged
                .entry(user.clone())
                .or_default()
                .push(seek.id.clone());
        }
    }
    let listed = match open {
        Ok(open) => crate::lobby::routes::listed_of(app, open).await.ok(),
        Err(e) => {
            tracing::warn!(error = %e, "the lobby's seeks could not be read");
            None
        }
    };
    // The pages keep the last lists when the store failed.
    let (seeks, challenged) = match listed {
        Some(seeks) => (seeks, challenged),
        None => (last.seeks.list.clone(), last.challenged.clone()),
    };
    let live = crate::games::in_play::live_now(app).await.games;
    let stats = match crate::ratings::routes::site_stats(app).await {
        Ok(stats) => stats.games,
        Err(_) => last.stats.list.clone(),
    };
    let mut playing: HashMap<String, Vec<(String, usize)>> = HashMap::new();
    for game in app.hub.in_play().await {
        for user in game.row.players.iter().flatten() {
            playing
                .entry(user.clone())
                .or_default()
                .push((game.row.id.clone(), game.room.game.ply()));
        }
    }
    let next = Lists {
        seeks: bumped(&last.seeks, seeks),
        live: bumped(&last.live, live),
        stats: bumped(&last.stats, stats),
        pools: bumped(&last.pools, pools),
        playing,
        challenged,
    };
    let changed = next.seeks.version != last.seeks.version
        || next.challenged != last.challenged
        || next.live.version != last.live.version
        || next.stats.version != last.stats.version
        || next.pools.version != last.pools.version
        || next.playing != last.playing;
    changed.then_some(next)
}

/// How many wait in each quick-pairing pool among the `open` seeks: the
/// busiest first, then by game and clock.
fn pools_of(open: &[crate::lobby::seeks::Seek]) -> Vec<api::Pool> {
    let mut counts: std::collections::BTreeMap<(String, String), u32> = Default::default();
    for seek in open.iter().filter(|s| s.quick && s.target.is_none()) {
        let clock = seek.clock.clone().unwrap_or_default();
        *counts.entry((seek.header.clone(), clock)).or_default() += 1;
    }
    let mut pools: Vec<api::Pool> = counts
        .into_iter()
        .map(|((game, clock), waiting)| api::Pool {
            game,
            clock,
            waiting,
        })
        .collect();
    pools.sort_by_key(|p| std::cmp::Reverse(p.waiting));
    pools
}

/// `list` with `last`'s version, or the next one if it differs.
fn bumped<T: PartialEq>(last: &Versioned<T>, list: T) -> Versioned<T> {
    let version = if last.list == list && last.version > 0 {
        last.version
    } else {
        last.version + 1
    };
    Versioned { version, list }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pools_count_quick_places_only_busiest_first() {
        let seek = |id: &str, header: &str, clock: &str, quick: bool, target: Option<&str>| {
            crate::lobby::seeks::Seek {
                id: id.to_string(),
                header: header.to_string(),
                clock: Some(clock.to_string()),
                rated: false,
                side: "random".to_string(),
                range: None,
                user: None,
                name: "guest".to_string(),
                token: id.to_string(),
                quick,
                created: 0,
                seen: 0,
                game: None,
                origin: Default::default(),
                target: target.map(str::to_string),
                declined: None,
                bots: false,
            }
        };
        let open = [
            seek("a", "bell", "1+0", true, None),
            seek("b", "classic", "3+2", true, None),
            seek("c", "classic", "3+2", true, None),
            seek("d", "classic", "3+2", false, None),
            seek("e", "classic", "3+2", false, Some("ana")),
            seek("f", "classic", "1+0", true, None),
        ];
        let pools = pools_of(&open);
        let shown: Vec<(&str, &str, u32)> = pools
            .iter()
            .map(|p| (p.game.as_str(), p.clock.as_str(), p.waiting))
            .collect();
        assert_eq!(
            shown,
            [
                ("classic", "3+2", 2),
                ("bell", "1+0", 1),
                ("classic", "1+0", 1)
            ]
        );
    }

    #[test]
    fn a_version_grows_only_with_a_change() {
        let first = bumped(&Versioned::default(), vec![1]);
        assert_eq!(first.version, 1);
        let same = bumped(&first, vec![1]);
        assert_eq!(same.version, 1);
        let changed = bumped(&same, vec![1, 2]);
        assert_eq!(changed.version, 2);
        // An empty list is news the first time too.
        assert_eq!(bumped(&Versioned::<Vec<u8>>::default(), vec![]).version, 1);
    }
}
