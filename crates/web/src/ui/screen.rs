//! The screen on show and the state that belongs to it alone. A screen's
//! state lives in its arm of [`ScreenState`], so leaving the screen drops
//! it: nothing has to remember to reset it.

use engine::chesquerque::Role as ChessRole;
use engine::{AnyTurn, GameKind, Point};

use super::full::{Analysing, Editor, PuzzleState, Review};
use crate::triple::TripleDetector;

/// The page's screens, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Opponent,
    Game,
    Rules,
    /// Online: waiting for the friend to join.
    Waiting,
    /// Players, seeks and quick pairing.
    Lobby,
    /// The games in play.
    Watch,
    /// A player's page.
    Player,
    /// The person's mutes, blocks and reports.
    Safety,
    /// The moderators' queue.
    Moderation,
    /// A tournament's page.
    Tournament,
}

impl Screen {
    /// The name in the page's `data-screen`.
    pub fn name(self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Opponent => "opponent",
            Screen::Game => "game",
            Screen::Rules => "rules",
            Screen::Waiting => "waiting",
            Screen::Lobby => "lobby",
            Screen::Watch => "live",
            Screen::Player => "player",
            Screen::Safety => "safety",
            Screen::Moderation => "moderation",
            Screen::Tournament => "tournament",
        }
    }
}

/// The screen on show, each arm holding that screen's own state.
#[derive(Clone, Debug)]
pub enum ScreenState {
    Home,
    Opponent,
    Game(Box<GameScreen>),
    /// The rules, at one game's.
    Rules(Option<GameKind>),
    Waiting,
    Lobby,
    Watch,
    /// A player's page, by name.
    Player(String),
    Safety,
    Moderation,
    /// A tournament's page, by id.
    Tournament(String),
}

impl ScreenState {
    /// A screen with a fresh state.
    pub fn fresh(screen: Screen) -> ScreenState {
        match screen {
            Screen::Home => ScreenState::Home,
            Screen::Opponent => ScreenState::Opponent,
            Screen::Game => ScreenState::Game(Box::default()),
            Screen::Rules => ScreenState::Rules(None),
            Screen::Waiting => ScreenState::Waiting,
            Screen::Lobby => ScreenState::Lobby,
            Screen::Watch => ScreenState::Watch,
            Screen::Player => ScreenState::Player(String::new()),
            Screen::Safety => ScreenState::Safety,
            Screen::Moderation => ScreenState::Moderation,
            Screen::Tournament => ScreenState::Tournament(String::new()),
        }
    }

    /// Which screen this is.
    pub fn screen(&self) -> Screen {
        match self {
            ScreenState::Home => Screen::Home,
            ScreenState::Opponent => Screen::Opponent,
            ScreenState::Game(_) => Screen::Game,
            ScreenState::Rules(_) => Screen::Rules,
            ScreenState::Waiting => Screen::Waiting,
            ScreenState::Lobby => Screen::Lobby,
            ScreenState::Watch => Screen::Watch,
            ScreenState::Player(_) => Screen::Player,
            ScreenState::Safety => Screen::Safety,
            ScreenState::Moderation => Screen::Moderation,
            ScreenState::Tournament(_) => Screen::Tournament,
        }
    }

    /// The game screen's state, when it is on show.
    pub(super) fn game(&self) -> Option<&GameScreen> {
        match self {
            ScreenState::Game(game) => Some(game),
            _ => None,
        }
    }

    pub(super) fn game_mut(&mut self) -> Option<&mut GameScreen> {
        match self {
            ScreenState::Game(game) => Some(game),
            _ => None,
        }
    }

    /// The board's input, on the game screen.
    pub(super) fn input(&self) -> Option<&BoardInput> {
        self.game().map(|g| &g.input)
    }

    /// The keyboard's cursor, while the board has the focus.
    pub(super) fn cursor(&self) -> Option<Point> {
        self.input().and_then(|i| i.cursor.filter(|_| i.focused))
    }

    /// The finished game's result panel was closed to go over the moves.
    pub(super) fn looking_back(&self) -> bool {
        self.game().is_some_and(|g| g.looking_back)
    }

    /// The tool open over the board, if any.
    pub(super) fn tool(&self) -> &Tool {
        self.game().map_or(&Tool::None, |g| &g.tool)
    }
}

/// The game screen: the board's input, the tool open over it, and what the
/// person asked to see.
#[derive(Clone, Debug, Default)]
// In the light module the whole app's parts of this are never filled.
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub struct GameScreen {
    pub(super) input: BoardInput,
    pub(super) tool: Tool,
    /// The analysis panel, while on (beside a review or a solved puzzle,
    /// so not one of the tools).
    pub(super) analysing: Option<Analysing>,
    /// A hint asked for (the request's id) and, once answered, the best
    /// turn's piece and destination; dropped when the position changes.
    pub(super) hint: Option<(u32, Option<(Point, Point)>)>,
    /// The finished game's result panel was closed to go over the moves.
    pub(super) looking_back: bool,
    /// A control that ends the game was pressed once: a second press on it
    /// does it, anything else forgets it.
    pub(super) confirming: Option<Ending>,
    /// The point the last turn huffed, explained until the next turn.
    pub(super) huffed: Option<Point>,
}

/// The controls that end a game, each asked twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    Resign,
    Abort,
}

impl Ending {
    pub(super) fn of(button: &super::Button) -> Option<Ending> {
        match button {
            super::Button::Resign => Some(Ending::Resign),
            super::Button::Abort => Some(Ending::Abort),
            _ => None,
        }
    }
}

/// The tool open over the board.
#[derive(Clone, Debug, Default)]
// In the light module the whole app's parts of this are never filled.
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub enum Tool {
    #[default]
    None,
    /// The game being reviewed with the computer.
    Review(Review),
    /// The board editor.
    Editor(Box<Editor>),
    /// The puzzle on the board, and the progress through it.
    Puzzle(PuzzleState),
}

// In the light module the whole app's parts of this are never filled.
#[cfg_attr(not(feature = "full"), allow(dead_code))]
impl Tool {
    pub(super) fn review(&self) -> Option<&Review> {
        match self {
            Tool::Review(review) => Some(review),
            _ => None,
        }
    }

    pub(super) fn review_mut(&mut self) -> Option<&mut Review> {
        match self {
            Tool::Review(review) => Some(review),
            _ => None,
        }
    }

    pub(super) fn editor(&self) -> Option<&Editor> {
        match self {
            Tool::Editor(editor) => Some(editor),
            _ => None,
        }
    }

    pub(super) fn editor_mut(&mut self) -> Option<&mut Editor> {
        match self {
            Tool::Editor(editor) => Some(editor),
            _ => None,
        }
    }

    pub(super) fn puzzle(&self) -> Option<&PuzzleState> {
        match self {
            Tool::Puzzle(puzzle) => Some(puzzle),
            _ => None,
        }
    }

    pub(super) fn puzzle_mut(&mut self) -> Option<&mut PuzzleState> {
        match self {
            Tool::Puzzle(puzzle) => Some(puzzle),
            _ => None,
        }
    }
}

/// Everything the board's pointer and keys are in the middle of.
#[derive(Clone, Debug, Default)]
pub struct BoardInput {
    pub(super) triple: TripleDetector,
    pub(super) drag: Option<Drag>,
    pub(super) animation: Option<Animation>,
    /// The pieces a pawn may become, while the person chooses.
    pub(super) promotion: Option<Vec<(ChessRole, AnyTurn)>>,
    /// The keyboard's cursor on the board, and whether the board has the
    /// focus (the cursor shows only then).
    pub(super) cursor: Option<Point>,
    pub(super) focused: bool,
    /// The person's huff of the turn being entered was heard already.
    pub(super) huff_heard: bool,
}

/// A piece being dragged.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Drag {
    pub(super) from: Point,
    pub(super) start: (f64, f64),
    pub(super) at: (f64, f64),
    pub(super) moved: bool,
}

/// The last move shown in motion.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Animation {
    /// The moving piece's point after the move, and the points its path
    /// passes through.
    pub(super) piece: Point,
    pub(super) path: Vec<Point>,
    /// When the first frame was drawn (ms); none before it.
    pub(super) start_ms: Option<f64>,
    /// The pieces the move took, fading as the mover passes.
    pub(super) captured: Vec<(Point, engine::PieceView)>,
}
