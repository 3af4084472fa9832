//! `alquerque tables` builds a game's endgame tables and writes them to
//! files; `alquerque probe` reads them to tell a position's value; and a
//! computer player given the setting `tables` plays by them.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use alquerque_tables::{LoadError, Summary, Tables, Unsupported};
use engine::search::Oracle;
use engine::{AnyGame, Bits, DraughtsKind, GameKind, Position, Small};

use crate::command::{ProbeArgs, TablesArgs};

/// The game of the tables: one of the draughts family that has them.
fn draughts(game: GameKind) -> Result<DraughtsKind, String> {
    let GameKind::Draughts(kind) = game else {
        return Err("there are no endgame tables of chesquerque".to_string());
    };
    Tables::new(kind).map_err(|e: Unsupported| e.to_string())?;
    Ok(kind)
}

pub fn build(args: &TablesArgs) -> Result<(), String> {
    let game = draughts(args.game.0)?;
    let mut tables = Tables::new(game).map_err(|e| e.to_string())?;
    let start = Instant::now();
    for (white, black) in Tables::materials(args.men) {
        let begun = Instant::now();
        tables.solve(white, black);
        eprintln!(
            "{white} white, {black} black: {:.1} s",
            begun.elapsed().as_secs_f64()
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    let summary = tables.summary();
    say!("material   positions       wins     losses      draws  longest win");
    for s in &summary {
        say!("{}", row(&format!("{}v{}", s.white, s.black), &[*s]));
    }
    say!("men");
    for men in 2..=args.men {
        let of: Vec<Summary> = summary
            .iter()
            .filter(|s| s.white + s.black == men)
            .copied()
            .collect();
        say!("{}", row(&men.to_string(), &of));
    }
    let written = tables
        .save(&args.dir)
        .map_err(|e| format!("cannot write the tables to {}: {e}", args.dir.display()))?;
    say!(
        "{game}: {} positions up to {} men in {seconds:.1} s, peak memory {}; {} files in {}",
        summary.iter().map(|s| s.positions).sum::<usize>(),
        args.men,
        peak_memory().unwrap_or_else(|| "unknown".to_string()),
        written.len(),
        args.dir.display()
    );
    Ok(())
}

/// One line of the summary: positions, wins, losses and draws of the side
/// to move, and the longest win, over `of`.
fn row(name: &str, of: &[Summary]) -> String {
    let sum = |f: fn(&Summary) -> usize| of.iter().map(f).sum::<usize>();
    let longest = of.iter().map(|s| s.longest_win).max().unwrap_or(0);
    format!(
        "{name:<8} {:>11} {:>10} {:>10} {:>10}  {longest} plies",
        sum(|s| s.positions),
        sum(|s| s.wins),
        sum(|s| s.losses),
        sum(|s| s.draws)
    )
}

/// The process's peak resident memory, as Linux reports it.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}

/// The number of men on the board.
fn men(position: &Position<Small>) -> u32 {
    position.occupied().count()
}

pub fn probe(args: &ProbeArgs) -> Result<(), String> {
    let kind = draughts(args.game.game.0)?;
    let game = crate::inspect::game(&args.game)?;
    let AnyGame::Alquerque(game) = game else {
        return Err(format!("{kind} is not played on the 5×5 board"));
    };
    let position = game.position();
    let on_board = men(position);
    let tables = match Tables::load(kind, on_board, &args.dir) {
        Ok(tables) => tables,
        Err(LoadError::Missing { men, .. }) if men > 2 => {
            return Err(format!(
                "the position has {on_board} men, more than the {kind} tables in {} hold \
                 (alquerque tables {kind} <men> builds them, up to 8 men)",
                args.dir.display()
            ))
        }
        Err(e) => return Err(format!("{e} (alquerque tables {kind} <men> builds them)")),
    };
    let value = tables.value(position).ok_or_else(|| {
        format!("the tables hold {kind} with its own rules, without other options or kings")
    })?;
    say!("{value}");
    Ok(())
}

/// The tables of `game` up to as many men as `dir` has files for (none is
/// an error: a player asked to use tables should not quietly play without).
pub fn load_all(game: DraughtsKind, dir: &Path) -> Result<Arc<Tables>, String> {
    Tables::load_available(game, dir)
        .map(Arc::new)
        .map_err(|e| format!("{e} (alquerque tables {game} <men> builds them)"))
}

/// The tables as a search's oracle.
pub fn oracle(tables: Arc<Tables>) -> Oracle<Position<Small>> {
    Box::new(move |position| tables.known(position))
}

/// A position a computer player can look up in the tables: only those of
/// the 5×5 board have them.
pub trait TablePlayer: engine::search::Searchable {
    fn oracle(_tables: &Arc<Tables>) -> Option<Oracle<Self>> {
        None
    }
}

impl TablePlayer for Position<Small> {
    fn oracle(tables: &Arc<Tables>) -> Option<Oracle<Self>> {
        Some(oracle(Arc::clone(tables)))
    }
}

impl TablePlayer for Position<u64> {}

impl TablePlayer for engine::chesquerque::ChessPosition {}
