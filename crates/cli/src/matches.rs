//! `alquerque match`: two computer players, of given levels, play a series of
//! games with alternating sides and varied openings; the score is printed.

use engine::chess::{ChessGame, ChessMove, ChessPosition};
use engine::search::{Level, Player, Searchable};
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
}

/// The result of one game for the first player: 2 a win, 1 a draw, 0 a loss
/// (in half points).
pub fn play_one<T: Table>(
    mut table: T,
    a: Level,
    b: Level,
    a_is_white: bool,
    seed: u64,
) -> Result<u32, String> {
    let mut players = [
        Player::<T::P>::new(a, seed),
        Player::<T::P>::new(b, seed ^ 0x5555),
    ];
    let mut rng = seed | 1;
    let mut plies = 0;
    while table.outcome().is_none() && plies < PLY_CAP {
        let turn = if plies < OPENING_PLIES {
            let legal = table.legal();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            legal
                .get((rng % legal.len().max(1) as u64) as usize)
                .copied()
        } else {
            let white = table.side_to_move() == Side::White;
            let player = usize::from(white != a_is_white);
            players[player].choose(table.positions())
        };
        let Some(turn) = turn else {
            break;
        };
        table.play(turn)?;
        plies += 1;
    }
    let a_side = if a_is_white { Side::White } else { Side::Black };
    Ok(match table.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == a_side => 2,
        Some(Outcome::Win { .. }) => 0,
        _ => 1,
    })
}

/// Half points of player `a` over `games` games, sides alternating.
pub fn play_match(
    variant: Variant,
    rules: Option<&'static Rules>,
    a: Level,
    b: Level,
    games: u32,
    seed: u64,
) -> Result<(u32, [u32; 3]), String> {
    let mut points = 0;
    let mut tally = [0u32; 3]; // a wins, draws, b wins
    for game in 0..games {
        let a_is_white = game % 2 == 0;
        // Both colours of a pair of games share the opening.
        let game_seed = seed
            .wrapping_add(u64::from(game / 2))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            | 1;
        let result = match (variant, rules) {
            (Variant::Chesquerque, _) => play_one(ChessGame::new(), a, b, a_is_white, game_seed)?,
            (Variant::Draughts(_), Some(rules)) => {
                with_bits!(rules, B => play_one(Game::<B>::new(rules), a, b, a_is_white, game_seed))?
            }
            (Variant::Draughts(key), None) => {
                let rules = key.rules();
                with_bits!(rules, B => play_one(Game::<B>::new(rules), a, b, a_is_white, game_seed))?
            }
        };
        points += result;
        tally[2 - result as usize] += 1;
    }
    Ok((points, tally))
}

pub fn run(args: &mut Args) -> Result<(), String> {
    let variant: Variant = args
        .positional()
        .ok_or("missing <game>")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let level = |value: Option<String>, name: &str| -> Result<Level, String> {
        value
            .ok_or_else(|| format!("missing --{name} <level>"))?
            .parse()
            .map_err(|e| format!("--{name}: {e}"))
    };
    let a = level(args.value("a"), "a")?;
    let b = level(args.value("b"), "b")?;
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
    args.finish().map_err(|e| e.to_string())?;
    let (points, [wins, draws, losses]) = play_match(variant, rules, a, b, games, seed)?;
    say!(
        "{variant}: {a} {wins} wins, {b} {losses} wins, {draws} draws; {a} scores {:.1}%",
        f64::from(points) * 50.0 / f64::from(games.max(1))
    );
    Ok(())
}
