//! `alquerque engine`: this program's computer player behind the engine
//! protocol of `docs/protocol.md`, so other programs (or `alquerque match`)
//! can play against it.

use std::io::BufRead;

use engine::search::Level;
use engine::AnyGame;

use crate::command::EngineArgs;

/// The answer to `go` for the position text given by `position`.
fn answer(position: &str, level: Level) -> Result<String, String> {
    let line = position
        .strip_prefix("position ")
        .ok_or("expected `position <game> ...`")?;
    let game = AnyGame::from_record_line(line).map_err(|e| e.to_string())?;
    let clock = Some((crate::clock as fn() -> f64, crate::MOVE_SECONDS));
    let turn = game
        .computer_turn(level.settings(game.kind()), 1, clock)
        .ok_or("no legal turn")?;
    Ok(game.turn_coordinates(turn))
}

pub fn run(args: &EngineArgs) -> Result<(), String> {
    let level = args.level.0;
    let mut position = String::from("position classic");
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        match line {
            "quit" => break,
            "go" => match answer(&position, level) {
                Ok(turn) => say!("bestmove {turn}"),
                Err(e) => say!("error {e}"),
            },
            _ if line.starts_with("position ") => position = line.to_string(),
            "" => {}
            other => say!("error unknown command {other:?}"),
        }
    }
    Ok(())
}
