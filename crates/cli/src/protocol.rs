//! `alquerque engine`: this program's computer player behind the engine
//! protocol of `docs/protocol.md`, so other programs (or `alquerque match`)
//! can play against it.

use std::io::BufRead;

use engine::chess::ChessGame;
use engine::notation::split_turns;
use engine::search::{Level, Player};
use engine::{with_bits, Game, GameKey, Variant};

use crate::args::Args;
use crate::matches::Table;

/// The answer to `go` for the position text given by `position`.
fn answer(position: &str, level: Level) -> Result<String, String> {
    let rest = position
        .strip_prefix("position ")
        .ok_or("expected `position <game> ...`")?;
    let mut words = rest.split_ascii_whitespace();
    let variant: Variant = words
        .next()
        .ok_or("missing game")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let mut options = Vec::new();
    let mut moves = Vec::new();
    let mut in_moves = false;
    while let Some(word) = words.next() {
        match word {
            "option" if !in_moves => options.push(words.next().ok_or("option without a value")?),
            "moves" => in_moves = true,
            _ if in_moves => moves.push(word),
            other => return Err(format!("unexpected {other:?}")),
        }
    }
    match variant {
        Variant::Chesquerque => {
            let mut game = ChessGame::new();
            for text in moves {
                let mv = game.parse(text)?;
                game.play(mv).map_err(|e| e.to_string())?;
            }
            let mut player = Player::new(level, 1);
            player.set_time_limit(crate::clock, crate::MOVE_SECONDS);
            let mv = player.choose(game.positions()).ok_or("no legal move")?;
            Ok(game.position().move_text(mv))
        }
        Variant::Draughts(key) => reply_draughts(key, &options, &moves.join(" "), level),
    }
}

fn reply_draughts(
    key: GameKey,
    options: &[&str],
    moves: &str,
    level: Level,
) -> Result<String, String> {
    let mut rules = key.rules();
    for option in options {
        let (name, value) = option.split_once('=').ok_or("options are name=value")?;
        rules = rules.with_option(name, value).map_err(|e| e.to_string())?;
    }
    with_bits!(rules, B => {
        let mut game = Game::<B>::new(rules);
        for text in split_turns(moves) {
            let turn = Table::parse(&game, &text)?;
            game.play(turn).map_err(|e| e.to_string())?;
        }
        let mut player = Player::new(level, 1);
        player.set_time_limit(crate::clock, crate::MOVE_SECONDS);
        let turn = player.choose(game.positions()).ok_or("no legal turn")?;
        Ok(game.position().turn_text(turn))
    })
}

pub fn run(args: &mut Args) -> Result<(), String> {
    let level: Level = args
        .value("level")
        .unwrap_or_else(|| "medium".to_string())
        .parse()
        .map_err(|e| format!("--level: {e}"))?;
    args.finish().map_err(|e| e.to_string())?;
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
