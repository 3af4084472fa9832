//! `alquerque match`: two players — computer levels or outside programs
//! speaking the engine protocol (`docs/protocol.md`) — play a series of games
//! with alternating sides and varied openings; the score is printed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use engine::search::{Level, LevelSettings, Player};
use engine::{AnyGame, GameKind, GamePosition, History, Outcome, Playable, Rules, Side};

use crate::command::MatchArgs;

/// Plies after which an unfinished game is scored as a draw.
const PLY_CAP: usize = 400;
/// Random plies at the start of each game, so games differ.
const OPENING_PLIES: usize = 2;

/// The turns played in the form records and the engine protocol use
/// (coordinates for Chesquerque).
pub fn coordinates<P: GamePosition>(game: &History<P>) -> Vec<String> {
    game.turns()
        .iter()
        .zip(game.positions())
        .map(|(&turn, position)| position.turn_coordinates(turn))
        .collect()
}

/// A player in a match: a computer level (possibly with changed settings,
/// `hard,noise=20`), or an outside program.
#[derive(Clone, Debug)]
pub enum Contestant {
    Level(String, LevelSettings),
    Program(String),
}

impl Contestant {
    fn parse(text: &str, game: GameKind) -> Result<Contestant, String> {
        let base = text.split(',').next().unwrap_or_default();
        if base.parse::<Level>().is_err() {
            return Ok(Contestant::Program(text.to_string()));
        }
        let settings = LevelSettings::parse(text, game).map_err(|e| format!("{text}: {e}"))?;
        Ok(Contestant::Level(text.to_string(), settings))
    }

    fn name(&self) -> String {
        match self {
            Contestant::Level(name, _) => name.clone(),
            Contestant::Program(command) => format!("{command:?}"),
        }
    }
}

/// An outside program speaking the engine protocol.
struct Program {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Program {
    fn start(command: &str) -> Result<Program, String> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no input to the program")?;
        let output = BufReader::new(child.stdout.take().ok_or("no output from the program")?);
        Ok(Program {
            child,
            input,
            output,
        })
    }

    /// Asks for a turn: `position <game> [option <name=value>]... [moves ...]`,
    /// then `go`; the answer is `bestmove <turn>`.
    fn ask(&mut self, position: &str) -> Result<String, String> {
        writeln!(self.input, "{position}\ngo")
            .map_err(|e| format!("the program stopped reading: {e}"))?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            if read == 0 {
                return Err("the program ended without an answer".to_string());
            }
            if let Some(turn) = line.trim().strip_prefix("bestmove ") {
                return Ok(turn.to_string());
            }
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// Who sits at one side of the board.
enum Seat<P: GamePosition> {
    Computer(Box<Player<P>>),
    Program(Program),
}

impl<P: GamePosition> Seat<P> {
    fn new(contestant: &Contestant, seed: u64) -> Result<Seat<P>, String> {
        Ok(match contestant {
            Contestant::Level(_, settings) => {
                let mut player = Player::with_settings(*settings, seed);
                player.set_time_limit(crate::clock, crate::MOVE_SECONDS);
                Seat::Computer(Box::new(player))
            }
            Contestant::Program(command) => Seat::Program(Program::start(command)?),
        })
    }

    fn choose(&mut self, game: &History<P>) -> Result<Option<P::Turn>, String> {
        match self {
            Seat::Computer(player) => Ok(player.choose(game.positions())),
            Seat::Program(program) => {
                let answer = program.ask(&format!("position {}", game.record_line()))?;
                game.parse_turn(&answer)
                    .map(Some)
                    .map_err(|e| format!("the program answered {answer:?}: {e}"))
            }
        }
    }
}

/// The result of one game for the first player: 2 a win, 1 a draw, 0 a loss
/// (in half points).
/// Per seat: the longest answer, the sum of answers (seconds) and their count.
pub type Times = [(f64, f64, u32); 2];

/// The game after [`OPENING_PLIES`] random plies from the start (fewer if
/// it ends sooner), so that games differ.
fn opening<G: Playable>(mut game: G, seed: u64) -> Result<G, String> {
    let mut rng = seed | 1;
    for _ in 0..OPENING_PLIES {
        let legal = game.legal_turns();
        if legal.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        game.play(legal[(rng % legal.len() as u64) as usize])
            .map_err(|e| e.to_string())?;
    }
    Ok(game)
}

pub fn play_one<P: GamePosition>(
    game: History<P>,
    seats: [&Contestant; 2],
    a_is_white: bool,
    seed: u64,
    times: &mut Times,
    records: bool,
) -> Result<u32, String> {
    let mut players = [
        Seat::<P>::new(seats[0], seed)?,
        Seat::<P>::new(seats[1], seed ^ 0x5555)?,
    ];
    let mut game = opening(game, seed)?;
    let mut plies = game.ply();
    while game.outcome().is_none() && plies < PLY_CAP {
        let started = Instant::now();
        let white = Playable::side_to_move(&game) == Side::White;
        let seat = usize::from(white != a_is_white);
        let Some(turn) = players[seat].choose(&game)? else {
            break;
        };
        let seconds = started.elapsed().as_secs_f64();
        times[seat].0 = times[seat].0.max(seconds);
        times[seat].1 += seconds;
        times[seat].2 += 1;
        game.play(turn).map_err(|e| e.to_string())?;
        plies += 1;
    }
    let a_side = if a_is_white { Side::White } else { Side::Black };
    if records {
        let result = match game.outcome() {
            Some(outcome) => format!("{outcome:?}"),
            None => format!("unfinished after {PLY_CAP} plies"),
        };
        say!(
            "  a as {}: {result} in {}: {}",
            if a_is_white { "White" } else { "Black" },
            game.position_text(),
            coordinates(&game).join(" ")
        );
    }
    Ok(match game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == a_side => 2,
        Some(Outcome::Win { .. }) => 0,
        _ => 1,
    })
}

/// What a match came to: half points of player `a`, the tally of a's wins,
/// draws and b's wins, and how many games White and Black won.
pub struct Score {
    pub points: u32,
    pub tally: [u32; 3],
    pub by_colour: [u32; 2],
}

/// Plays `games` games, sides alternating.
pub fn play_match(
    variant: GameKind,
    rules: Option<&'static Rules>,
    seats: [&Contestant; 2],
    games: u32,
    seed: u64,
    times: &mut Times,
    records: bool,
) -> Result<Score, String> {
    let mut points = 0;
    let mut tally = [0u32; 3];
    let mut by_colour = [0u32; 2];
    for game in 0..games {
        let a_is_white = game % 2 == 0;
        // Both colours of a pair of games share the opening.
        let game_seed = seed
            .wrapping_add(u64::from(game / 2))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            | 1;
        let game = match rules {
            Some(rules) => AnyGame::with_rules(rules),
            None => AnyGame::new(variant),
        };
        let result = match game {
            AnyGame::Small(g) => play_one(g, seats, a_is_white, game_seed, times, records)?,
            AnyGame::Wide(g) => play_one(g, seats, a_is_white, game_seed, times, records)?,
            AnyGame::Chess(g) => play_one(g, seats, a_is_white, game_seed, times, records)?,
        };
        points += result;
        tally[2 - result as usize] += 1;
        if result != 1 {
            // a won as White or lost as Black: White won.
            by_colour[usize::from((result == 2) != a_is_white)] += 1;
        }
    }
    Ok(Score {
        points,
        tally,
        by_colour,
    })
}

pub fn run(args: &MatchArgs) -> Result<(), String> {
    let variant = args.game.0;
    let a = Contestant::parse(&args.a, variant)?;
    let b = Contestant::parse(&args.b, variant)?;
    let games = args.games;
    let seed = args.seed;
    let rules = args.options.rules(variant)?;
    let records = args.records;
    let mut times = [(0.0, 0.0, 0); 2];
    let score = play_match(variant, rules, [&a, &b], games, seed, &mut times, records)?;
    let [wins, draws, losses] = score.tally;
    say!(
        "{variant}: {} {wins} wins, {} {losses} wins, {draws} draws; {} scores {:.1}%",
        a.name(),
        b.name(),
        a.name(),
        f64::from(score.points) * 50.0 / f64::from(games.max(1))
    );
    say!(
        "  white won {} games, black {}",
        score.by_colour[0],
        score.by_colour[1]
    );
    for (contestant, (longest, total, count)) in [&a, &b].into_iter().zip(times) {
        say!(
            "  {}: {count} moves, {:.3} s on average, {:.3} s at most",
            contestant.name(),
            total / f64::from(count.max(1)),
            longest
        );
    }
    Ok(())
}
