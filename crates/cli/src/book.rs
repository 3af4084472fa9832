//! `alquerque book`: searches every position of a game's first plies
//! deeply, each legal turn on its own, and writes the opening book
//! (`engine::book` reads it; docs/book.md).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::rc::Rc;
use std::time::Instant;

use engine::search::Limits;
use engine::{Analyser, AnyGame, DraughtsKind, GameKind, Playable};

use crate::command::BookArgs;

pub fn build(args: &BookArgs) -> Result<(), String> {
    let GameKind::Draughts(kind) = args.game.0 else {
        return Err("books are made for the games of the 5×5 board".to_string());
    };
    if kind == DraughtsKind::Turkish {
        return Err(format!(
            "books are made for the games of the 5×5 board, not {kind}"
        ));
    }
    let mut analyser = Analyser::new();
    // The tables, where there are any, settle what the search reaches of
    // them.
    let mut table_men = 0;
    if let Ok(tables) = crate::tables::load_all(kind, &args.tables) {
        table_men = tables.max_men();
        analyser.set_oracle(Rc::new(move |position| tables.known(position)));
    }
    let limits = Limits {
        depth: engine::search::Depth(64),
        nodes: args.nodes,
    };
    let start = Instant::now();
    let mut text = format!(
        "# alquerque book {kind} --plies {} --nodes {} (endgame tables up to {table_men} men)\n# position\tturn score (hundredths of a man for the side to move; beyond 900000 a forced result), best first\n",
        args.plies, args.nodes
    );
    let mut seen = BTreeSet::new();
    let mut frontier = vec![AnyGame::new(args.game.0)];
    let mut positions = 0;
    for _ in 0..args.plies {
        let mut next = Vec::new();
        for game in frontier {
            let legal = game.legal_turns();
            if !seen.insert(game.position_text()) || game.outcome().is_some() {
                continue;
            }
            for &turn in &legal {
                let mut child = game.clone();
                child.play(turn).map_err(|e| e.to_string())?;
                next.push(child);
            }
            if legal.len() < 2 {
                continue;
            }
            let analysis = analyser.analyse(&game, game.ply(), limits, legal.len());
            let mut line = game.position_text();
            for candidate in &analysis.candidates {
                let _ = write!(
                    line,
                    "\t{} {}",
                    game.turn_coordinates(candidate.turn),
                    candidate.score.0
                );
            }
            text.push_str(&line);
            text.push('\n');
            positions += 1;
            eprintln!(
                "{positions}: ply {}, {} turns, depth {}, {:.0} s so far",
                game.ply(),
                legal.len(),
                analysis.depth,
                start.elapsed().as_secs_f64()
            );
        }
        frontier = next;
    }
    std::fs::write(&args.out, text)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    say!(
        "{kind}: {positions} positions in {:.0} s, written to {}",
        start.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}
