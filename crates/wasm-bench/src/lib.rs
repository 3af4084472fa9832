//! Perft of each rule set's start position, exported from a bare wasm module
//! (no JavaScript glue), so `scripts/bench.sh` can time the same run as the
//! native `alquerque bench`.

use engine::chess::ChessPosition;
use engine::search::{Limits, Search};
use engine::{with_bits, Chains, GameKey, Perft, Position};

/// Leaf count of perft from the start of game `game` (index into
/// `GameKey::ALL`) to `depth`; 0 for an unknown game.
#[no_mangle]
pub extern "C" fn perft(game: u32, depth: u32) -> u64 {
    let Some(&key) = GameKey::ALL.get(game as usize) else {
        return 0;
    };
    let rules = key.rules();
    with_bits!(rules, B => {
        let start: Position<B> = Position::start(rules);
        Perft::new(Chains::Distinct).count(&start, depth)
    })
}

/// Nodes of a search from the start of game `game` (index into
/// `GameKey::ALL`, or one past it for Chesquerque) to `depth`.
#[no_mangle]
pub extern "C" fn search(game: u32, depth: u32) -> u64 {
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    match GameKey::ALL.get(game as usize) {
        Some(&key) => {
            let rules = key.rules();
            with_bits!(rules, B => {
                let start: Position<B> = Position::start(rules);
                Search::new().run(&[start], limits).nodes
            })
        }
        None if game as usize == GameKey::ALL.len() => {
            Search::new().run(&[ChessPosition::start()], limits).nodes
        }
        None => 0,
    }
}
