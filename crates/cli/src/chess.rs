//! The Chesquerque side of `perft` and `moves`: positions in FEN-like text,
//! moves in coordinate form (`e2e4`, `e8e9a`, castling as `e1b1`).

use std::time::Instant;

use engine::chess::{chess_perft, ChessPosition};
use engine::search::Search;

use crate::args::Args;

fn position(args: &mut Args) -> Result<ChessPosition, String> {
    if !args.values("option").is_empty() {
        return Err("chesquerque has no rule options".to_string());
    }
    let mut position = match args.value("position") {
        Some(text) => ChessPosition::from_fen(&text).map_err(|e| format!("--position: {e}"))?,
        None => ChessPosition::start(),
    };
    if let Some(moves) = args.value("moves") {
        for (i, text) in moves.split_ascii_whitespace().enumerate() {
            let mv = position
                .parse_move(text)
                .map_err(|e| format!("--moves: move {} ({text}): {e}", i + 1))?;
            position = position.play(mv);
        }
    }
    Ok(position)
}

pub fn perft(args: &mut Args) -> Result<(), String> {
    let divide = args.flag("divide");
    // Chesquerque has no capture chains: every path is one move.
    args.flag("paths");
    let position = position(args)?;
    let depth: u32 = args
        .positional()
        .ok_or("missing <depth>")?
        .parse()
        .map_err(|_| "<depth> must be a whole number")?;
    args.finish().map_err(|e| e.to_string())?;
    if divide && depth > 0 {
        let mut lines: Vec<(String, u64)> = position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                (
                    position.move_text(mv),
                    chess_perft(&position.play(mv), depth - 1),
                )
            })
            .collect();
        lines.sort();
        for (text, n) in &lines {
            say!("{text}: {n}");
        }
        say!();
    }
    for d in 1..=depth {
        say!("perft {d} {}", chess_perft(&position, d));
    }
    Ok(())
}

pub fn moves(args: &mut Args) -> Result<(), String> {
    let san = args.flag("san");
    let position = position(args)?;
    args.finish().map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            if san {
                position.san(mv)
            } else {
                position.move_text(mv)
            }
        })
        .collect();
    lines.sort();
    for line in lines {
        say!("{line}");
    }
    Ok(())
}

pub fn show(args: &mut Args) -> Result<(), String> {
    let position = position(args)?;
    args.finish().map_err(|e| e.to_string())?;
    say!("{}", position.to_fen());
    Ok(())
}

pub fn search(args: &mut Args) -> Result<(), String> {
    let san = args.flag("san");
    let limits = crate::limits(args)?;
    let position = position(args)?;
    args.finish().map_err(|e| e.to_string())?;
    let started = Instant::now();
    let report = Search::new().run(&[position], limits);
    crate::print_report(
        position,
        &report,
        started.elapsed().as_secs_f64(),
        |p, mv| {
            if san {
                p.san(mv)
            } else {
                p.move_text(mv)
            }
        },
    )
}
