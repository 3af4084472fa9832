//! `alquerque play`: a person against a computer level in the terminal.
//! Type a turn in the game's notation; `moves` lists the legal ones, `quit`
//! ends the game.

use std::io::BufRead;

use engine::search::{Level, Player};
use engine::{AnyGame, GameKind, GamePosition, History, Playable, Side};

use crate::command::PlayArgs;

/// Draws a board from the first field of position text (ranks from the top,
/// digits for empty points).
pub fn draw(placement: &str) -> String {
    let mut out = String::new();
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut files = 0;
    for (i, rank) in ranks.iter().enumerate() {
        let mut row = String::new();
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => (0..n).for_each(|_| row.push_str(" .")),
                None => {
                    row.push(' ');
                    row.push(c);
                }
            }
        }
        files = row.len() / 2;
        out.push_str(&format!("{:>2} {row}\n", ranks.len() - i));
    }
    out.push_str("   ");
    for f in 0..files {
        out.push(' ');
        out.push((b'a' + f as u8) as char);
    }
    out.push('\n');
    out
}

/// The board of the game's current position.
fn board<G: Playable>(game: &G) -> String {
    let text = game.position_text();
    draw(text.split(' ').next().unwrap_or_default())
}

fn session<P: GamePosition>(
    mut game: History<P>,
    variant: GameKind,
    level: Level,
    human: Side,
) -> Result<(), String> {
    let mut computer = Player::<P>::new(level, variant, 0x5EED);
    computer.set_time_limit(crate::clock, crate::MOVE_SECONDS);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while game.outcome().is_none() {
        if Playable::side_to_move(&game) == human {
            say!("\n{}", board(&game));
            print_prompt(human);
            let Some(Ok(line)) = lines.next() else {
                return Ok(());
            };
            match line.trim() {
                "quit" => return Ok(()),
                "moves" => {
                    let mut texts: Vec<String> = game
                        .legal_turns()
                        .into_iter()
                        .map(|t| game.turn_text(t))
                        .collect();
                    texts.sort();
                    say!("{}", texts.join(" "));
                }
                text => match game.parse_turn(text) {
                    Ok(turn) => game.play(turn).map_err(|e| e.to_string())?,
                    Err(e) => say!("{e}"),
                },
            }
        } else {
            let Some(turn) = computer.choose(game.positions()) else {
                break;
            };
            say!("computer ({level}): {}", game.turn_text(turn));
            game.play(turn).map_err(|e| e.to_string())?;
        }
    }
    say!("\n{}", board(&game));
    if let Some(outcome) = game.outcome() {
        say!("{outcome}");
    }
    Ok(())
}

fn print_prompt(side: Side) {
    use std::io::Write as _;
    print!("{} to move (a turn, `moves` or `quit`): ", side.name());
    let _ = std::io::stdout().flush();
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    let (variant, level, human) = (args.game.0, args.level.0, args.side);
    let game = match args.options.rules(variant)? {
        Some(rules) => AnyGame::with_rules(rules),
        None => AnyGame::new(variant),
    };
    match game {
        AnyGame::Alquerque(g) => session(g, variant, level, human),
        AnyGame::Turkish(g) => session(g, variant, level, human),
        AnyGame::Chesquerque(g) => session(g, variant, level, human),
    }
}
