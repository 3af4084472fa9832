//! `alquerque`: the engine on the command line. `alquerque --help` lists the
//! commands, `alquerque <command> --help` their arguments.

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

mod bench;
mod book;
mod bridge;
mod command;
mod inspect;
mod matches;
mod play;
mod program;
mod protocol;
mod puzzles;
mod solve;
mod tables;

use std::process::ExitCode;
use std::time::Instant;

use clap::error::ErrorKind;
use clap::Parser;

use command::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("alquerque: {}", usage_error(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("alquerque: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Perft(args) => inspect::perft(&args),
        Command::Moves(args) => inspect::moves(&args),
        Command::Position(args) => inspect::position(&args),
        Command::Search(args) => inspect::search(&args),
        Command::Play(args) => play::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Engine(args) => protocol::run(&args),
        Command::Bot(args) => bridge::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Tables(args) => tables::build(&args),
        Command::Probe(args) => tables::probe(&args),
        Command::Book(args) => book::build(&args),
        Command::Solve(args) => solve::run(&args),
    }
}

/// A command line that cannot be read, in one line: clap's message up to
/// its first blank line, and where to look for help.
fn usage_error(e: &clap::Error) -> String {
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return "missing command (alquerque --help lists them)".to_string();
    }
    let text = e.to_string();
    let message: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("{message} (see --help)")
}

/// Seconds since the program started: the clock that caps a computer
/// player's thinking time.
fn clock() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// The most a computer move may take.
const MOVE_SECONDS: f64 = 0.9;
