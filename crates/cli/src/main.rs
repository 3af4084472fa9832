//! `alquerque`: the engine on the command line.
//!
//! ```text
//! alquerque perft <game> <depth> [--moves "<turn> …"] [--position "<text>"]
//!                 [--option name=value] [--divide] [--paths]
//! alquerque moves <game> [--moves "<turn> …"] [--position "<text>"] [--option name=value]
//! alquerque position <game> [--moves "<turn> …"] [--position "<text>"] [--option name=value]
//! alquerque search <game> [--depth <d>] [--nodes <n>] [--moves "<turn> …"] [--position "<text>"]
//! alquerque play <game> [--level <level>] [--side white|black]
//! alquerque match <game> --a <level or command> --b <level or command> [--games <n>] [--seed <s>] [--records]
//! alquerque engine [--level <level>]
//! alquerque bench [--game <game>] [--depth <d>]
//! ```

/// `println!` that ends the program quietly when the reader has gone away
/// (`alquerque moves … | head`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            eprintln!("alquerque: cannot write the output: {e}");
            std::process::exit(1);
        }
    }};
}

mod args;
mod bench;
mod chess;
mod matches;
mod play;
mod protocol;

use std::process::ExitCode;
use std::time::Instant;

use engine::notation::split_turns;
use engine::search::{Limits, Report, Search, Searchable};
use engine::{with_bits, Bits, Chains, GameKey, Perft, Position, Rules, Variant};

use args::{Args, UsageError};

const USAGE: &str = "usage:
  alquerque perft <game> <depth> [--moves \"<turn> ...\"] [--position \"<text>\"] [--option name=value] [--divide] [--paths]
  alquerque moves <game> [--moves \"<turn> ...\"] [--position \"<text>\"] [--option name=value] [--san]
  alquerque position <game> [--moves \"<turn> ...\"] [--position \"<text>\"] [--option name=value]
  alquerque search <game> [--depth <d>] [--nodes <n>] [--moves \"<turn> ...\"] [--position \"<text>\"] [--option name=value]
  alquerque play <game> [--level <level>] [--side white|black] [--option name=value]
  alquerque match <game> --a <level or command> --b <level or command> [--games <n>] [--seed <s>] [--option name=value] [--records]
  alquerque engine [--level <level>]   (the engine protocol on stdin/stdout)
  alquerque bench [--game <game>] [--depth <d>]
levels: beginner, easy, medium, hard, expert
games: classic, special, qirkat, bell, turkish, chesquerque
options: no_return=on|off (qirkat, bell), queen_lands=behind|any (turkish)";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("alquerque: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(argv: &[String]) -> Result<(), String> {
    let Some((command, rest)) = argv.split_first() else {
        return Err(USAGE.to_string());
    };
    let mut args =
        Args::parse(rest, &["divide", "paths", "san", "records"]).map_err(|e| e.to_string())?;
    match command.as_str() {
        "perft" | "moves" | "position" | "search" => {
            let variant: Variant = args
                .positional()
                .ok_or(UsageError::Missing("game"))
                .map_err(|e| e.to_string())?
                .parse()
                .map_err(|e| format!("{e}"))?;
            match variant {
                Variant::Chesquerque => match command.as_str() {
                    "perft" => chess::perft(&mut args),
                    "moves" => chess::moves(&mut args),
                    "search" => chess::search(&mut args),
                    _ => chess::show(&mut args),
                },
                Variant::Draughts(key) => {
                    let rules = rules(key, &mut args)?;
                    with_bits!(rules, B => match command.as_str() {
                        "perft" => perft::<B>(rules, &mut args),
                        "moves" => moves::<B>(rules, &mut args),
                        "search" => search::<B>(rules, &mut args),
                        _ => show::<B>(rules, &mut args),
                    })
                }
            }
        }
        "bench" => bench::run(&mut args),
        "match" => matches::run(&mut args),
        "play" => play::run(&mut args),
        "engine" => protocol::run(&mut args),
        "help" | "--help" | "-h" => {
            say!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

/// The rule set of `key` with the `--option`s given.
fn rules(key: GameKey, args: &mut Args) -> Result<&'static Rules, String> {
    let mut rules: &'static Rules = key.rules();
    for option in args.values("option") {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| format!("--option {option:?}: expected name=value"))?;
        rules = rules
            .with_option(name, value)
            .map_err(|e| format!("--option {option}: {e}"))?;
    }
    Ok(rules)
}

/// The position given by `--position` and then `--moves`.
fn position<B: Bits>(rules: &'static Rules, args: &mut Args) -> Result<Position<B>, String> {
    let mut position = match args.value("position") {
        Some(text) => Position::from_text(rules, &text).map_err(|e| format!("--position: {e}"))?,
        None => Position::start(rules),
    };
    if let Some(moves) = args.value("moves") {
        for (i, text) in split_turns(&moves).iter().enumerate() {
            let turn = position
                .parse_turn(text)
                .map_err(|e| format!("--moves: turn {} ({text}): {e}", i + 1))?;
            position = position.play_turn(turn);
        }
    }
    Ok(position)
}

fn perft<B: Bits>(rules: &'static Rules, args: &mut Args) -> Result<(), String> {
    let divide = args.flag("divide");
    let chains = if args.flag("paths") {
        Chains::EveryPath
    } else {
        Chains::Distinct
    };
    let position: Position<B> = position(rules, args)?;
    let depth: u32 = args
        .positional()
        .ok_or("missing <depth>")?
        .parse()
        .map_err(|_| "<depth> must be a whole number")?;
    args.finish().map_err(|e| e.to_string())?;
    let mut perft = Perft::new(chains);
    if divide {
        let mut lines: Vec<(String, u64)> = perft
            .divide(&position, depth)
            .into_iter()
            .map(|(turn, n)| (position.turn_text(turn), n))
            .collect();
        lines.sort();
        for (text, n) in &lines {
            say!("{text}: {n}");
        }
        say!();
    }
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = perft.count(&position, d);
        say!("perft {d} {nodes}");
        if std::env::var_os("ALQUERQUE_TIMING").is_some() {
            eprintln!("  {:.3} s", started.elapsed().as_secs_f64());
        }
    }
    Ok(())
}

fn moves<B: Bits>(rules: &'static Rules, args: &mut Args) -> Result<(), String> {
    let position: Position<B> = position(rules, args)?;
    args.finish().map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = position
        .legal_turns()
        .into_iter()
        .map(|turn| position.turn_text(turn))
        .collect();
    lines.sort();
    for line in lines {
        say!("{line}");
    }
    Ok(())
}

/// Prints the position text after `--moves`.
fn show<B: Bits>(rules: &'static Rules, args: &mut Args) -> Result<(), String> {
    let position: Position<B> = position(rules, args)?;
    args.finish().map_err(|e| e.to_string())?;
    say!("{}", position.to_text());
    Ok(())
}

/// The search limits given by `--depth` and `--nodes` (depth 8 if neither).
fn limits(args: &mut Args) -> Result<Limits, String> {
    let number = |value: Option<String>, name: &str| -> Result<Option<u64>, String> {
        value
            .map(|v| {
                v.parse()
                    .map_err(|_| format!("--{name} must be a whole number"))
            })
            .transpose()
    };
    let depth = number(args.value("depth"), "depth")?;
    let nodes = number(args.value("nodes"), "nodes")?;
    let mut limits = Limits::default();
    match (depth, nodes) {
        (None, None) => limits.depth = 8,
        _ => {
            if let Some(depth) = depth {
                limits.depth = u32::try_from(depth).unwrap_or(u32::MAX);
            }
            if let Some(nodes) = nodes {
                limits.nodes = nodes;
            }
        }
    }
    Ok(limits)
}

/// Prints a search report, each turn written by `text` in the position it
/// is played in.
fn print_report<P: Searchable>(
    root: P,
    report: &Report<P::Turn>,
    seconds: f64,
    text: impl Fn(&P, P::Turn) -> String,
) -> Result<(), String> {
    let Some(best) = report.best else {
        return Err("the side to move has no legal turn".to_string());
    };
    let mut line = Vec::new();
    let mut at = root;
    for &turn in &report.line {
        line.push(text(&at, turn));
        at = at.play(turn);
    }
    say!("best {}", text(&root, best));
    say!("score {}", report.score);
    say!("depth {}", report.depth);
    say!("nodes {}", report.nodes);
    say!("line {}", line.join(" "));
    say!("seconds {seconds:.3}");
    Ok(())
}

/// Searches the position and prints the best turn, its score and the line.
fn search<B: Bits>(rules: &'static Rules, args: &mut Args) -> Result<(), String> {
    let limits = limits(args)?;
    let position: Position<B> = position(rules, args)?;
    args.finish().map_err(|e| e.to_string())?;
    let started = Instant::now();
    let report = Search::new().run(&[position], limits);
    print_report(
        position,
        &report,
        started.elapsed().as_secs_f64(),
        |p, t| p.turn_text(t),
    )
}

/// Seconds since the program started: the clock that caps a computer
/// player's thinking time.
fn clock() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// The most a computer move may take.
const MOVE_SECONDS: f64 = 0.9;
