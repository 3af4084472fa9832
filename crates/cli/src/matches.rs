//! `alquerque match`: two players — computer levels or outside programs
//! speaking the engine protocol (`docs/protocol.md`) — play a series of games
//! with alternating sides and varied openings; the score is printed.

use std::time::Instant;

use std::collections::BTreeMap;
use std::sync::Arc;

use alquerque_tables::Tables;
use engine::search::{Level, LevelSettings, Player};
use engine::{AnyGame, GameKind, GamePosition, History, Outcome, Playable, Rules, Side};

use crate::command::MatchArgs;
use crate::program::Program;
use crate::tables::TablePlayer;

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
/// `hard,noise=20`, and with the endgame tables, `expert,tables`), or an
/// outside program.
#[derive(Clone, Debug)]
pub enum Contestant {
    Level {
        name: String,
        settings: LevelSettings,
        tables: bool,
    },
    Program(String),
}

impl Contestant {
    fn parse(text: &str, game: GameKind) -> Result<Contestant, String> {
        let base = text.split(',').next().unwrap_or_default();
        if base.parse::<Level>().is_err() {
            return Ok(Contestant::Program(text.to_string()));
        }
        let tables = text.split(',').any(|part| part == "tables");
        let settings_text: Vec<&str> = text.split(',').filter(|&part| part != "tables").collect();
        let settings = LevelSettings::parse(&settings_text.join(","), game)
            .map_err(|e| format!("{text}: {e}"))?;
        Ok(Contestant::Level {
            name: text.to_string(),
            settings,
            tables,
        })
    }

    fn name(&self) -> String {
        match self {
            Contestant::Level { name, .. } => name.clone(),
            Contestant::Program(command) => format!("{command:?}"),
        }
    }

    fn uses_tables(&self) -> bool {
        matches!(self, Contestant::Level { tables: true, .. })
    }
}

/// Who sits at one side of the board.
enum Seat<P: GamePosition> {
    Computer(Box<Player<P>>),
    Program(Program),
}

impl<P: GamePosition + TablePlayer> Seat<P> {
    fn new(
        contestant: &Contestant,
        seed: u64,
        tables: Option<&Arc<Tables>>,
        seconds: f64,
    ) -> Result<Seat<P>, String> {
        Ok(match contestant {
            Contestant::Level {
                settings,
                tables: wanted,
                ..
            } => {
                let mut player = Player::with_settings(*settings, seed);
                player.set_time_limit(crate::clock, seconds);
                if let Some(oracle) = tables.filter(|_| *wanted).and_then(P::oracle) {
                    player.set_oracle(oracle);
                }
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

/// What a game needs besides its players: the endgame tables for those
/// that use them, the most a computer's move may take, where the time
/// goes, and whether to print the record.
pub struct Table<'a> {
    pub tables: Option<&'a Arc<Tables>>,
    pub seconds: f64,
    pub times: &'a mut Times,
    pub records: bool,
}

/// Plays one game; the result for `a` and the opening's turns.
pub fn play_one<P: GamePosition + TablePlayer>(
    game: History<P>,
    seats: [&Contestant; 2],
    a_is_white: bool,
    seed: u64,
    table: &mut Table,
) -> Result<(u32, String), String> {
    let (times, records) = (&mut *table.times, table.records);
    let mut players = [
        Seat::<P>::new(seats[0], seed, table.tables, table.seconds)?,
        Seat::<P>::new(seats[1], seed ^ 0x5555, table.tables, table.seconds)?,
    ];
    let mut game = opening(game, seed)?;
    let opening = coordinates(&game).join(" ");
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
    let result = match game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == a_side => 2,
        Some(Outcome::Win { .. }) => 0,
        _ => 1,
    };
    Ok((result, opening))
}

/// What a match came to: half points of player `a`, the tally of a's wins,
/// draws and b's wins, how many games White and Black won, and per
/// opening a's half points, the games and the decisive ones.
pub struct Score {
    pub points: u32,
    pub tally: [u32; 3],
    pub by_colour: [u32; 2],
    pub openings: BTreeMap<String, [u32; 3]>,
}

/// Plays `games` games, sides alternating.
pub fn play_match(
    variant: GameKind,
    rules: Option<&'static Rules>,
    seats: [&Contestant; 2],
    games: u32,
    seed: u64,
    table: &mut Table,
) -> Result<Score, String> {
    let mut points = 0;
    let mut tally = [0u32; 3];
    let mut by_colour = [0u32; 2];
    let mut openings = BTreeMap::new();
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
        let (result, opening) = match game {
            AnyGame::Alquerque(g) => play_one(g, seats, a_is_white, game_seed, table)?,
            AnyGame::Turkish(g) => play_one(g, seats, a_is_white, game_seed, table)?,
            AnyGame::Chesquerque(g) => play_one(g, seats, a_is_white, game_seed, table)?,
        };
        let entry: &mut [u32; 3] = openings.entry(opening).or_default();
        entry[0] += result;
        entry[1] += 1;
        entry[2] += u32::from(result != 1);
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
        openings,
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
    let tables = match variant {
        GameKind::Draughts(kind) if a.uses_tables() || b.uses_tables() => {
            Some(crate::tables::load_all(kind, &args.tables)?)
        }
        _ if a.uses_tables() || b.uses_tables() => {
            return Err(format!("there are no endgame tables of {variant}"))
        }
        _ => None,
    };
    let mut table = Table {
        tables: tables.as_ref(),
        seconds: args.seconds,
        times: &mut times,
        records,
    };
    let score = play_match(variant, rules, [&a, &b], games, seed, &mut table)?;
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
    if args.openings {
        say!("  opening         games  decisive  {} scores", a.name());
        for (opening, [points, played, decisive]) in &score.openings {
            say!(
                "  {opening:<15} {played:>5} {decisive:>9}  {:.1}%",
                f64::from(*points) * 50.0 / f64::from((*played).max(1))
            );
        }
    }
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
