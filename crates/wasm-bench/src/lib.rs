//! Perft and search of each game's start position, exported from a bare wasm
//! module (no JavaScript glue), so `scripts/bench.sh` can time the same run
//! as the native `alquerque bench`; and a game's review, as the page's
//! worker does it.

use std::cell::RefCell;

use engine::review::REVIEW_LIMITS;
use engine::search::{Level, Limits};
use engine::{Analyser, AnyGame, Chains, GameKind, Playable};

thread_local! {
    /// The game [`prepare`] played, for [`review`].
    static PREPARED: RefCell<Option<AnyGame>> = const { RefCell::new(None) };
}

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
        depth: engine::search::Depth(depth),
        ..Limits::default()
    };
    start(game).map_or(0, |g| g.search(limits).nodes)
}

/// Plays game `game` (see [`start`]) for up to `plies` turns, the computer
/// at Easy against itself with fixed seeds, and keeps it for [`review`];
/// the turns played (fewer if the game ended).
#[no_mangle]
pub extern "C" fn prepare(game: u32, plies: u32) -> u32 {
    let Some(mut played) = start(game) else {
        return 0;
    };
    let settings = Level::Easy.settings(played.kind());
    for ply in 0..u64::from(plies) {
        match played.computer_turn(settings, 0x5EED ^ ply, None) {
            Some(turn) if played.play(turn).is_ok() => {}
            _ => break,
        }
    }
    let turns = played.ply() as u32;
    PREPARED.with(|p| p.replace(Some(played)));
    turns
}

/// Reviews the prepared game as the page's worker does: every position,
/// one analyser kept throughout, at [`REVIEW_LIMITS`]; the nodes searched.
#[no_mangle]
pub extern "C" fn review() -> u64 {
    PREPARED.with(|p| {
        let Some(game) = p.borrow().clone() else {
            return 0;
        };
        let mut analyser = Analyser::new();
        (0..=game.ply())
            .map(|ply| analyser.analyse(&game, ply, REVIEW_LIMITS, 1).nodes)
            .sum()
    })
}
