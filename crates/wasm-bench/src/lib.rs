//! Perft and search of each game's start position, exported from a bare wasm
//! module (no JavaScript glue), so `scripts/bench.sh` can time the same run
//! as the native `alquerque bench`.

use engine::search::Limits;
use engine::{AnyGame, Chains, GameKind, Playable};

/// The game numbered `game`: an index into `GameKind::ALL` (the draughts
/// games in `DraughtsKind::ALL` order, then Chesquerque).
fn start(game: u32) -> Option<AnyGame> {
    GameKind::ALL.get(game as usize).map(|&v| AnyGame::new(v))
}

/// Leaf count of perft from the start of game `game` (see [`start`]) to
/// `depth`; 0 for an unknown game.
#[no_mangle]
pub extern "C" fn perft(game: u32, depth: u32) -> u64 {
    start(game).map_or(0, |g| g.perft(depth, Chains::Distinct))
}

/// Nodes of a search from the start of game `game` (see [`start`]) to
/// `depth`; 0 for an unknown game.
#[no_mangle]
pub extern "C" fn search(game: u32, depth: u32) -> u64 {
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    start(game).map_or(0, |g| g.search(limits).nodes)
}
