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
        playing,
        challenged,
    };
    let changed = next.seeks.version != last.seeks.version
        || next.challenged != last.challenged
        || next.live.version != last.live.version
        || next.stats.version != last.stats.version
        || next.playing != last.playing;
    changed.then_some(next)
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
