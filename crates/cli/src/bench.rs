//! `alquerque bench`: perft speed from the start position of each rule set.

use std::time::Instant;

use engine::{with_bits, Chains, GameKey, Perft, Position};

use crate::args::Args;

/// Depths that take about a second each on a small machine.
fn default_depth(key: GameKey) -> u32 {
    match key {
        GameKey::Classic => 14,
        GameKey::Special => 9,
        GameKey::Qirkat => 14,
        GameKey::Bell => 14,
        GameKey::Turkish => 7,
    }
}

pub fn run(args: &mut Args) -> Result<(), String> {
    let games: Vec<GameKey> = match args.value("game") {
        Some(key) => vec![key.parse().map_err(|e| format!("{e}"))?],
        None => GameKey::ALL.to_vec(),
    };
    let depth: Option<u32> = args
        .value("depth")
        .map(|d| d.parse().map_err(|_| "--depth must be a whole number"))
        .transpose()?;
    args.finish().map_err(|e| e.to_string())?;
    say!(
        "{:<10} {:>5} {:>14} {:>9} {:>14}",
        "game",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    let mut total_nodes = 0u64;
    let mut total_seconds = 0f64;
    for key in games {
        let depth = depth.unwrap_or_else(|| default_depth(key));
        let rules = key.rules();
        let started = Instant::now();
        let nodes = with_bits!(rules, B => {
            let position: Position<B> = Position::start(rules);
            Perft::new(Chains::Distinct).count(&position, depth)
        });
        let seconds = started.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_seconds += seconds;
        say!(
            "{:<10} {:>5} {:>14} {:>9.3} {:>14.0}",
            key.as_str(),
            depth,
            nodes,
            seconds,
            nodes as f64 / seconds
        );
    }
    say!(
        "{:<10} {:>5} {:>14} {:>9.3} {:>14.0}",
        "all",
        "",
        total_nodes,
        total_seconds,
        total_nodes as f64 / total_seconds
    );
    Ok(())
}
