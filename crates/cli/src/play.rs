//! `alquerque play`: a person against a computer level in the terminal.
//! Type a turn in the game's notation; `moves` lists the legal ones, `quit`
//! ends the game.

use std::io::BufRead;

use engine::chess::ChessGame;
use engine::search::{Level, Player};
use engine::{with_bits, Game, Side, Variant};

use crate::args::Args;
use crate::matches::Table;

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

fn session<T: Table>(
    mut game: T,
    variant: Variant,
    level: Level,
    human: Side,
) -> Result<(), String> {
    let mut computer = Player::<T::P>::new(level, variant, 0x5EED);
    computer.set_time_limit(crate::clock, crate::MOVE_SECONDS);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while game.outcome().is_none() {
        if game.side_to_move() == human {
            say!("\n{}", game.board());
            print_prompt(human);
            let Some(Ok(line)) = lines.next() else {
                return Ok(());
            };
            match line.trim() {
                "quit" => return Ok(()),
                "moves" => {
                    let mut texts: Vec<String> =
                        game.legal().into_iter().map(|t| game.text(t)).collect();
                    texts.sort();
                    say!("{}", texts.join(" "));
                }
                text => match game.parse(text) {
                    Ok(turn) => game.play(turn)?,
                    Err(e) => say!("{e}"),
                },
            }
        } else {
            let Some(turn) = computer.choose(game.positions()) else {
                break;
            };
            say!("computer ({level}): {}", game.text(turn));
            game.play(turn)?;
        }
    }
    say!("\n{}", game.board());
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

pub fn run(args: &mut Args) -> Result<(), String> {
    let variant: Variant = args
        .positional()
        .ok_or("missing <game>")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let level: Level = args
        .value("level")
        .unwrap_or_else(|| "medium".to_string())
        .parse()
        .map_err(|e| format!("--level: {e}"))?;
    let human = match args.value("side").as_deref() {
        None | Some("white") => Side::White,
        Some("black") => Side::Black,
        Some(other) => return Err(format!("--side {other:?}: expected white or black")),
    };
    match variant {
        Variant::Chesquerque => {
            args.finish().map_err(|e| e.to_string())?;
            session(ChessGame::new(), variant, level, human)
        }
        Variant::Draughts(key) => {
            let rules = crate::rules(key, args)?;
            args.finish().map_err(|e| e.to_string())?;
            with_bits!(rules, B => session(Game::<B>::new(rules), variant, level, human))
        }
    }
}
