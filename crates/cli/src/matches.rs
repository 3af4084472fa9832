//! `alquerque match`: two players — computer levels or outside programs
//! speaking the engine protocol (`docs/protocol.md`) — play a series of games
//! with alternating sides and varied openings; the score is printed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use engine::chess::{ChessGame, ChessMove, ChessPosition};
use engine::search::{Level, LevelSettings, Player, Searchable};
use engine::{with_bits, Bits, Game, Outcome, Rules, Side, Turn, Variant};

use crate::args::Args;

/// Plies after which an unfinished game is scored as a draw.
const PLY_CAP: usize = 400;
/// Random plies at the start of each game, so games differ.
const OPENING_PLIES: usize = 2;

/// What a match needs from a game of either family.
pub trait Table {
    type P: Searchable;
    fn positions(&self) -> &[Self::P];
    fn legal(&self) -> Vec<<Self::P as Searchable>::Turn>;
    fn play(&mut self, turn: <Self::P as Searchable>::Turn) -> Result<(), String>;
    fn outcome(&self) -> Option<Outcome>;
    fn side_to_move(&self) -> Side;
    /// Reads a turn in the game's notation.
    fn parse(&self, text: &str) -> Result<<Self::P as Searchable>::Turn, String>;
    /// Writes a turn of the current position in the game's notation.
    fn text(&self, turn: <Self::P as Searchable>::Turn) -> String;
    /// The turns played so far, in the protocol's notation.
    fn history(&self) -> Vec<String>;
    /// The board as rows of text.
    fn board(&self) -> String;
    /// The position in the game's one-line text form.
    fn position_text(&self) -> String;
}

impl<B: Bits> Table for Game<B> {
    type P = engine::Position<B>;
    fn positions(&self) -> &[engine::Position<B>] {
        Game::positions(self)
    }
    fn legal(&self) -> Vec<Turn<B>> {
        self.position().legal_turns()
    }
    fn play(&mut self, turn: Turn<B>) -> Result<(), String> {
        Game::play(self, turn).map_err(|e| e.to_string())
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }
    fn parse(&self, text: &str) -> Result<Turn<B>, String> {
        self.position().parse_turn(text).map_err(|e| e.to_string())
    }
    fn text(&self, turn: Turn<B>) -> String {
        self.position().turn_text(turn)
    }
    fn history(&self) -> Vec<String> {
        self.turns()
            .iter()
            .zip(Game::positions(self))
            .map(|(&turn, position)| position.turn_text(turn))
            .collect()
    }
    fn board(&self) -> String {
        let text = self.position().to_text();
        crate::play::draw(text.split(' ').next().unwrap_or_default())
    }
    fn position_text(&self) -> String {
        self.position().to_text()
    }
}

impl Table for ChessGame {
    type P = ChessPosition;
    fn positions(&self) -> &[ChessPosition] {
        ChessGame::positions(self)
    }
    fn legal(&self) -> Vec<ChessMove> {
        self.position().legal_moves()
    }
    fn play(&mut self, mv: ChessMove) -> Result<(), String> {
        ChessGame::play(self, mv).map_err(|e| e.to_string())
    }
    fn outcome(&self) -> Option<Outcome> {
        ChessGame::outcome(self)
    }
    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }
    fn parse(&self, text: &str) -> Result<ChessMove, String> {
        let p = self.position();
        p.parse_move(text)
            .or_else(|_| p.parse_san(text))
            .map_err(|e| e.to_string())
    }
    fn text(&self, mv: ChessMove) -> String {
        self.position().san(mv)
    }
    fn history(&self) -> Vec<String> {
        self.turns()
            .iter()
            .zip(ChessGame::positions(self))
            .map(|(&mv, position)| position.move_text(mv))
            .collect()
    }
    fn board(&self) -> String {
        let text = self.position().to_fen();
        crate::play::draw(text.split(' ').next().unwrap_or_default())
    }
    fn position_text(&self) -> String {
        self.position().to_fen()
    }
}

/// A player in a match: a computer level (possibly with changed settings,
/// `hard,noise=20`), or an outside program.
#[derive(Clone, Debug)]
pub enum Contestant {
    Level(String, LevelSettings),
    Program(String),
}

impl Contestant {
    fn parse(text: &str, game: Variant) -> Result<Contestant, String> {
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
enum Seat<P: Searchable> {
    Computer(Box<Player<P>>),
    Program(Program),
}

impl<P: Searchable> Seat<P> {
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

    fn choose<T: Table<P = P>>(
        &mut self,
        table: &T,
        header: &str,
    ) -> Result<Option<P::Turn>, String> {
        match self {
            Seat::Computer(player) => Ok(player.choose(table.positions())),
            Seat::Program(program) => {
                let history = table.history();
                let position = if history.is_empty() {
                    header.to_string()
                } else {
                    format!("{header} moves {}", history.join(" "))
                };
                let answer = program.ask(&position)?;
                table
                    .parse(&answer)
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
fn opening<T: Table>(mut table: T, seed: u64) -> Result<T, String> {
    let mut rng = seed | 1;
    for _ in 0..OPENING_PLIES {
        let legal = table.legal();
        if table.outcome().is_some() || legal.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        table.play(legal[(rng % legal.len() as u64) as usize])?;
    }
    Ok(table)
}

pub fn play_one<T: Table>(
    table: T,
    seats: [&Contestant; 2],
    header: &str,
    a_is_white: bool,
    seed: u64,
    times: &mut Times,
    records: bool,
) -> Result<u32, String> {
    let mut players = [
        Seat::<T::P>::new(seats[0], seed)?,
        Seat::<T::P>::new(seats[1], seed ^ 0x5555)?,
    ];
    let mut table = opening(table, seed)?;
    let mut plies = table.positions().len() - 1;
    while table.outcome().is_none() && plies < PLY_CAP {
        let started = Instant::now();
        let white = table.side_to_move() == Side::White;
        let seat = usize::from(white != a_is_white);
        let Some(turn) = players[seat].choose(&table, header)? else {
            break;
        };
        let seconds = started.elapsed().as_secs_f64();
        times[seat].0 = times[seat].0.max(seconds);
        times[seat].1 += seconds;
        times[seat].2 += 1;
        table.play(turn)?;
        plies += 1;
    }
    let a_side = if a_is_white { Side::White } else { Side::Black };
    if records {
        let result = match table.outcome() {
            Some(outcome) => format!("{outcome:?}"),
            None => format!("unfinished after {PLY_CAP} plies"),
        };
        say!(
            "  a as {}: {result} in {}: {}",
            if a_is_white { "White" } else { "Black" },
            table.position_text(),
            table.history().join(" ")
        );
    }
    Ok(match table.outcome() {
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
    variant: Variant,
    rules: Option<&'static Rules>,
    seats: [&Contestant; 2],
    games: u32,
    seed: u64,
    times: &mut Times,
    records: bool,
) -> Result<Score, String> {
    let mut header = format!("position {variant}");
    for (name, value) in rules.map(|r| r.changed_options()).unwrap_or_default() {
        header.push_str(&format!(" option {name}={value}"));
    }
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
        let result = match (variant, rules) {
            (Variant::Draughts(_), Some(rules)) => with_bits!(rules, B => play_one(
                Game::<B>::new(rules), seats, &header, a_is_white, game_seed, times, records
            ))?,
            _ => play_one(
                ChessGame::new(),
                seats,
                &header,
                a_is_white,
                game_seed,
                times,
                records,
            )?,
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

pub fn run(args: &mut Args) -> Result<(), String> {
    let variant: Variant = args
        .positional()
        .ok_or("missing <game>")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let a = args.value("a").ok_or("missing --a <level or command>")?;
    let a = Contestant::parse(&a, variant)?;
    let b = args.value("b").ok_or("missing --b <level or command>")?;
    let b = Contestant::parse(&b, variant)?;
    let games: u32 = args
        .value("games")
        .map_or(Ok(10), |g| g.parse())
        .map_err(|_| "--games must be a whole number")?;
    let seed: u64 = args
        .value("seed")
        .map_or(Ok(1), |s| s.parse())
        .map_err(|_| "--seed must be a whole number")?;
    let rules = match variant {
        Variant::Draughts(key) => Some(crate::rules(key, args)?),
        Variant::Chesquerque => None,
    };
    let records = args.flag("records");
    args.finish().map_err(|e| e.to_string())?;
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
