//! `alquerque bench`: perft speed from the start position of each rule set.

use std::time::Instant;

use engine::search::Limits;
use engine::{AnyGame, Chains, DraughtsKind, GameKind, Playable};

use crate::command::BenchArgs;

/// Depths that take about a second each on a small machine (a rule set
/// needs an entry here only when its tree grows unlike the 5 × 5 games').
fn default_depth(variant: GameKind) -> u32 {
    match variant {
        GameKind::Draughts(DraughtsKind::Special) => 9,
        GameKind::Draughts(DraughtsKind::Turkish) => 7,
        GameKind::Draughts(_) => 14,
        GameKind::Chesquerque => 5,
    }
}

/// Search depth from the start for the search figures.
pub fn search_depth(variant: GameKind) -> u32 {
    match variant {
        GameKind::Draughts(DraughtsKind::Turkish) => 10,
        GameKind::Draughts(DraughtsKind::Special) => 16,
        GameKind::Draughts(_) => 18,
        GameKind::Chesquerque => 6,
    }
}

/// Nodes a search from the start of `variant` visits to `depth`.
pub fn start_search(variant: GameKind, depth: u32) -> u64 {
    let limits = Limits {
        depth: engine::search::Depth(depth),
        ..Limits::default()
    };
    AnyGame::new(variant).search(limits).nodes
}

/// Perft from the start of `variant`.
fn start_perft(variant: GameKind, depth: u32) -> u64 {
    AnyGame::new(variant).perft(depth, Chains::Distinct)
}

pub fn run(args: &BenchArgs) -> Result<(), String> {
    let games: Vec<GameKind> = match args.game {
        Some(game) => vec![game.0],
        None => GameKind::ALL.to_vec(),
    };
    let depth = args.depth;
    say!(
        "{:<12} {:>5} {:>14} {:>9} {:>14}",
        "game",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    let mut total_nodes = 0u64;
    let mut total_seconds = 0f64;
    let args_games = games.clone();
    for variant in games {
        let depth = depth.unwrap_or_else(|| default_depth(variant));
        let started = Instant::now();
        let nodes = start_perft(variant, depth);
        let seconds = started.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_seconds += seconds;
        say!(
            "{:<12} {:>5} {:>14} {:>9.3} {:>14.0}",
            variant.as_str(),
            depth,
            nodes,
            seconds,
            nodes as f64 / seconds
        );
    }
    say!(
        "{:<12} {:>5} {:>14} {:>9.3} {:>14.0}",
        "all",
        "",
        total_nodes,
        total_seconds,
        total_nodes as f64 / total_seconds
    );
    say!();
    say!("search from the start: time to depth");
    say!(
        "{:<12} {:>5} {:>14} {:>9} {:>14}",
        "game",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    for variant in args_games {
        let depth = search_depth(variant);
        let started = Instant::now();
        let nodes = start_search(variant, depth);
        let seconds = started.elapsed().as_secs_f64();
        say!(
            "{:<12} {:>5} {:>14} {:>9.3} {:>14.0}",
            variant.as_str(),
            depth,
            nodes,
            seconds,
            nodes as f64 / seconds
        );
    }
    Ok(())
}
