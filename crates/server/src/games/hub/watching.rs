//! The games in play, for the Watch screen: those with a player connected
//! through this process or, as their presence sayings tell, through any
//! other, and not over.

use std::sync::Arc;

use online_play::Room;

use super::{lock, Hub, PRESENCE_BELIEVED};
use crate::storage::sqlite::GameRow;

/// A game in play as the Watch screen lists it.
#[derive(Clone, Debug)]
pub struct InPlay {
    pub row: GameRow,
    pub room: Room,
    /// Players connected (White, Black) and spectators, through any process.
    pub online: [u32; 2],
    pub watchers: u32,
}

/// Games the list takes at most.
const LISTED: usize = 100;

impl Hub {
    /// The games in play, as known here and as other processes said.
    pub async fn in_play(&self) -> Vec<InPlay> {
        let mut games = Vec::new();
        let held: Vec<Arc<crate::games::live::Live>> = lock(&self.live).values().cloned().collect();
        for live in held {
            let state = live.state.lock().await;
            let (online, watchers) = state.present();
            if !state.room.is_over() && online != [0, 0] {
                games.push(InPlay {
                    row: state.row.clone(),
                    room: state.room.clone(),
                    online,
                    watchers,
                });
            }
        }
        let heard: Vec<(String, [u32; 2], u32)> = lock(&self.heard)
            .iter()
            .filter(|(id, _)| !games.iter().any(|g| &g.row.id == *id))
            .map(|(id, by)| {
                let fresh = by.values().filter(|e| e.said.elapsed() < PRESENCE_BELIEVED);
                let (mut online, mut watchers) = ([0, 0], 0);
                for e in fresh {
                    online[0] += e.saying.online[0];
                    online[1] += e.saying.online[1];
                    watchers += e.saying.watchers;
                }
                (id.clone(), online, watchers)
            })
            .filter(|(_, online, _)| *online != [0, 0])
            .collect();
        for (id, online, watchers) in heard {
            if games.len() >= LISTED {
                break;
            }
            // Read from the store, not taken up here.
            if let Ok(Some((row, room))) = self.db.load(&id).await {
                if !room.is_over() {
                    games.push(InPlay {
                        row,
                        room,
                        online,
                        watchers,
                    });
                }
            }
        }
        games.truncate(LISTED);
        games
    }
}
