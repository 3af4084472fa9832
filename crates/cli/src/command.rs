//! The command line's grammar: each command and its arguments.

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use engine::search::Level;
use engine::{DraughtsKind, GameKind, Rules, Side};

/// The engine of the Alquerque family of games on the command line.
#[derive(Parser, Debug)]
#[command(name = "alquerque", arg_required_else_help = true)]
#[command(
    after_help = "options: no_return=on|off (qirkat, bell), queen_lands=behind|any (turkish)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Leaf nodes of the legal-turn tree at each depth up to <depth>.
    Perft(PerftArgs),
    /// The legal turns of the game reached, sorted, one per line.
    Moves(MovesArgs),
    /// The position text of the game reached.
    Position(GameArgs),
    /// Searches the game reached and prints the best turn, its score and line.
    Search(SearchArgs),
    /// A person against a computer level in the terminal.
    Play(PlayArgs),
    /// Two players, levels or programs speaking the engine protocol, play a
    /// series of games.
    Match(MatchArgs),
    /// The engine protocol on standard input and output (docs/protocol.md).
    Engine(EngineArgs),
    /// Plays as a bot account on a site, with a program speaking the
    /// engine protocol choosing the moves (docs/bots.md).
    Bot(BotArgs),
    /// Perft and search speed from each start position.
    Bench(BenchArgs),
    /// Finds puzzles (one winning turn) in the computer's games against
    /// itself, one per line (docs/puzzles.md).
    Puzzles(PuzzlesArgs),
    /// Builds the endgame tables of a game up to a number of men and writes
    /// them to files (docs/tables.md).
    Tables(TablesArgs),
    /// The endgame tables' value of the game reached, for the side to move:
    /// `win in N`, `draw` or `loss in N` (plies).
    Probe(ProbeArgs),
    /// Searches every position of a game's first plies, each turn on its
    /// own, and writes the opening book (docs/book.md).
    Book(BookArgs),
    /// Proof-number search for who wins the game reached, over the endgame
    /// tables, with checkpoints and proofs (docs/solving.md).
    Solve(SolveArgs),
}

/// A game, its rule options, its start and the turns played from it.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game.
    pub game: GameArg,
    /// Turns played from the start, in the game's notation.
    #[arg(long, value_name = "turn ...")]
    pub moves: Option<String>,
    /// The start in position text (FEN-like for Chesquerque).
    #[arg(long, value_name = "text")]
    pub position: Option<String>,
    #[command(flatten)]
    pub options: RuleOptions,
}

/// Rule options of a draughts-family game.
#[derive(Args, Debug)]
pub struct RuleOptions {
    /// A rule option, name=value (repeatable).
    #[arg(long = "option", value_name = "name=value")]
    pub option: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The deepest ply counted.
    pub depth: u32,
    /// Also the count below each first turn.
    #[arg(long)]
    pub divide: bool,
    /// Count every capture path, not each distinct move once.
    #[arg(long)]
    pub paths: bool,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Chesquerque moves in SAN instead of coordinates.
    #[arg(long)]
    pub san: bool,
}

#[derive(Args, Debug)]
pub struct SearchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Deepest iteration (8 when neither limit is given).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Most nodes visited.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Chesquerque moves in SAN instead of coordinates.
    #[arg(long)]
    pub san: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    pub game: GameArg,
    #[arg(long, default_value = "medium")]
    pub level: LevelArg,
    /// The side the person plays: white or black.
    #[arg(long, value_parser = side, default_value = "white")]
    pub side: Side,
    #[command(flatten)]
    pub options: RuleOptions,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    pub game: GameArg,
    /// The first player: a level (with changed settings, `hard,noise=20`)
    /// or a command.
    #[arg(long, value_name = "level or command")]
    pub a: String,
    /// The second player.
    #[arg(long, value_name = "level or command")]
    pub b: String,
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print each game's result, final position and turns.
    #[arg(long)]
    pub records: bool,
    /// The most a computer player's move may take, in seconds.
    #[arg(long, default_value_t = crate::MOVE_SECONDS)]
    pub seconds: f64,
    /// Print the score and the decisive games per opening.
    #[arg(long)]
    pub openings: bool,
    /// Where the endgame tables are, for players given the setting
    /// `tables` (`expert,tables`).
    #[arg(long, default_value = "tables")]
    pub tables: std::path::PathBuf,
    #[command(flatten)]
    pub options: RuleOptions,
}

/// `alquerque bot`: the bridge between a site's bot API and an engine.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The site, as `ws://host:port` or `http://host:port`.
    #[arg(long)]
    pub server: String,
    /// The bot's token (`POST /api/account/bot` gives one).
    #[arg(long, env = "ALQUERQUE_BOT_TOKEN", hide_env_values = true)]
    pub token: String,
    /// The program that chooses the moves, started with `sh -c` for each
    /// game (for example "alquerque engine --level hard").
    #[arg(long)]
    pub engine: String,
    /// Games played at once; challenges beyond are declined for later.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub games: u32,
}

#[derive(Args, Debug)]
pub struct EngineArgs {
    #[arg(long, default_value = "medium")]
    pub level: LevelArg,
}

#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// The game.
    #[arg(long)]
    pub game: GameArg,
    /// How many puzzles to find.
    #[arg(long, default_value_t = 60)]
    pub count: usize,
    /// Seeds the games' openings and the computer's choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the puzzles to this file instead of standard output.
    #[arg(long)]
    pub out: Option<String>,
}

#[derive(Args, Debug)]
pub struct TablesArgs {
    /// classic, qirkat or bell.
    pub game: GameArg,
    /// The most men on the board, both sides together (2 to 8).
    #[arg(value_parser = clap::value_parser!(u32).range(2..=8))]
    pub men: u32,
    /// Where the table files go.
    #[arg(long, default_value = "tables")]
    pub dir: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Where the table files are.
    #[arg(long, default_value = "tables")]
    pub dir: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct BookArgs {
    /// classic, special, qirkat or bell.
    pub game: GameArg,
    /// Positions up to this many plies from the start.
    #[arg(long, default_value_t = 6)]
    pub plies: u32,
    /// Nodes searched for each turn of each position.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
    /// Where the endgame tables are (used if there are any).
    #[arg(long, default_value = "tables")]
    pub tables: std::path::PathBuf,
    /// The book file written.
    #[arg(long)]
    pub out: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The side whose win is sought; unless told, the side to move, then
    /// the other if that one cannot win.
    #[arg(long, value_parser = side)]
    pub attacker: Option<Side>,
    /// Most positions expanded in this run, per side sought.
    #[arg(long, default_value_t = 10_000_000)]
    pub nodes: u64,
    /// Where the endgame tables are (used if there are any).
    #[arg(long, default_value = "tables")]
    pub tables: std::path::PathBuf,
    /// Resume from this file if it exists, and save the search there.
    #[arg(long)]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Write the proof here when the win is proven.
    #[arg(long)]
    pub proof: Option<std::path::PathBuf>,
}

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game.
    #[arg(long)]
    pub game: Option<GameArg>,
    /// Perft depth for every game (each has its own by default).
    #[arg(long)]
    pub depth: Option<u32>,
}

/// A game key on the command line; the keys come from the engine's list.
#[derive(Clone, Copy, Debug)]
pub struct GameArg(pub GameKind);

impl ValueEnum for GameArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: std::sync::OnceLock<Vec<GameArg>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| GameKind::ALL.into_iter().map(GameArg).collect())
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.as_str()))
    }
}

/// A computer level on the command line; the names come from the engine.
#[derive(Clone, Copy, Debug)]
pub struct LevelArg(pub Level);

impl ValueEnum for LevelArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: std::sync::OnceLock<Vec<LevelArg>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| Level::ALL.into_iter().map(LevelArg).collect())
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

fn side(text: &str) -> Result<Side, String> {
    match text {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err("expected white or black".to_string()),
    }
}

impl RuleOptions {
    /// The rule set of `variant` with these options; `None` for Chesquerque,
    /// which has none.
    pub fn rules(&self, variant: GameKind) -> Result<Option<&'static Rules>, String> {
        match variant {
            GameKind::Chesquerque if self.option.is_empty() => Ok(None),
            GameKind::Chesquerque => Err("chesquerque has no rule options".to_string()),
            GameKind::Draughts(key) => self.draughts_rules(key).map(Some),
        }
    }

    fn draughts_rules(&self, key: DraughtsKind) -> Result<&'static Rules, String> {
        let mut rules: &'static Rules = key.rules();
        for option in &self.option {
            let (name, value) = option
                .split_once('=')
                .ok_or_else(|| format!("--option {option:?}: expected name=value"))?;
            rules = rules
                .with_option(name, value)
                .map_err(|e| format!("--option {option}: {e}"))?;
        }
        Ok(rules)
    }
}
