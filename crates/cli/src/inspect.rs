//! `perft`, `moves`, `position` and `search`: each looks at the game that
//! `--moves` reach from the start (or from `--position`), with the game's
//! rules, so a game the rules have ended has no turns to list or count.

use std::time::Instant;

use engine::notation::split_turns;
use engine::search::Limits;
use engine::{AnyGame, AnyTurn, Chains, Playable};

use crate::command::{GameArgs, MovesArgs, PerftArgs, SearchArgs};

/// The game given by `--option`, `--position` and then `--moves`.
pub(crate) fn game(args: &GameArgs) -> Result<AnyGame, String> {
    let rules = args.options.rules(args.game.0)?;
    let mut game = match (&args.position, rules) {
        (Some(text), _) => {
            AnyGame::from_position_text(rules, text).map_err(|e| format!("--position: {e}"))?
        }
        (None, Some(rules)) => AnyGame::with_rules(rules),
        (None, None) => AnyGame::new(args.game.0),
    };
    for (i, text) in split_turns(args.moves.as_deref().unwrap_or_default())
        .iter()
        .enumerate()
    {
        let bad = |e: &dyn std::fmt::Display| format!("--moves: turn {} ({text}): {e}", i + 1);
        let turn = game.parse(text).map_err(|e| bad(&e))?;
        game.play(turn).map_err(|e| bad(&e))?;
    }
    Ok(game)
}

/// A turn of the current position: coordinates for Chesquerque unless
/// `san`; the draughts games have one notation.
fn text(game: &AnyGame, turn: AnyTurn, san: bool) -> String {
    if san {
        game.turn_text(turn)
    } else {
        game.turn_coordinates(turn)
    }
}

/// The line printed instead of turns once the rules have ended the game.
fn game_over(game: &AnyGame) -> Option<String> {
    game.outcome()
        .map(|outcome| format!("# game over: {}", outcome.reason_text()))
}

pub fn perft(args: &PerftArgs) -> Result<(), String> {
    let chains = if args.paths {
        Chains::EveryPath
    } else {
        Chains::Distinct
    };
    let game = game(&args.game)?;
    if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = game
            .divide(args.depth, chains)
            .into_iter()
            .map(|(turn, n)| (text(&game, turn, false), n))
            .collect();
        lines.sort();
        for (text, n) in &lines {
            say!("{text}: {n}");
        }
        say!();
    }
    for d in 1..=args.depth {
        let started = Instant::now();
        let nodes = game.perft(d, chains);
        say!("perft {d} {nodes}");
        if std::env::var_os("ALQUERQUE_TIMING").is_some() {
            eprintln!("  {:.3} s", started.elapsed().as_secs_f64());
        }
    }
    Ok(())
}

pub fn moves(args: &MovesArgs) -> Result<(), String> {
    let game = game(&args.game)?;
    if let Some(line) = game_over(&game) {
        say!("{line}");
        return Ok(());
    }
    let mut lines: Vec<String> = game
        .legal_turns()
        .into_iter()
        .map(|turn| text(&game, turn, args.san))
        .collect();
    lines.sort();
    for line in lines {
        say!("{line}");
    }
    Ok(())
}

/// Prints the position text of the game reached.
pub fn position(args: &GameArgs) -> Result<(), String> {
    say!("{}", game(args)?.position_text());
    Ok(())
}

/// The search limits given by `--depth` and `--nodes` (depth 8 if neither).
fn limits(args: &SearchArgs) -> Limits {
    let mut limits = Limits::default();
    match (args.depth, args.nodes) {
        (None, None) => limits.depth = engine::search::Depth(8),
        (depth, nodes) => {
            if let Some(depth) = depth {
                limits.depth = engine::search::Depth(depth);
            }
            if let Some(nodes) = nodes {
                limits.nodes = nodes;
            }
        }
    }
    limits
}

/// Searches the game reached (its history counts for the repetition rule)
/// and prints the best turn, its score and the expected line.
pub fn search(args: &SearchArgs) -> Result<(), String> {
    let game = game(&args.game)?;
    if let Some(line) = game_over(&game) {
        say!("{line}");
        return Ok(());
    }
    let started = Instant::now();
    let report = game.search(limits(args));
    let seconds = started.elapsed().as_secs_f64();
    let Some(best) = report.best else {
        return Err("the side to move has no legal turn".to_string());
    };
    let mut line = Vec::new();
    let mut at = game.clone();
    for &turn in &report.line {
        line.push(text(&at, turn, args.san));
        if at.play(turn).is_err() {
            break;
        }
    }
    say!("best {}", text(&game, best, args.san));
    say!("score {}", report.score);
    say!("depth {}", report.depth);
    say!("nodes {}", report.nodes);
    say!("line {}", line.join(" "));
    say!("seconds {seconds:.3}");
    Ok(())
}
