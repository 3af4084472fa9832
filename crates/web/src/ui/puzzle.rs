//! The puzzle screen: a position where one turn wins, the person's turn
//! judged right or wrong, the solution on request, and progress kept in
//! storage. Each game's set is fetched the first time it is opened.

use engine::GameKind;

use super::{Effect, PuzzleButton, Tool, Ui};
use crate::i18n::by_side;
use crate::puzzles::{self, Progress, Puzzle};
use crate::session::{Mode, Session};
use crate::t;
use crate::ui::FullEffect;

/// Where the progress is stored.
pub const PUZZLES_KEY: &str = "alquerque.puzzles";

/// The puzzle on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleState {
    pub(super) kind: GameKind,
    index: usize,
    /// Right or wrong, once a turn is played.
    verdict: Option<bool>,
    solution: bool,
}

/// What the puzzle panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleView {
    pub title: String,
    pub theme: String,
    pub task: String,
    /// "right", "wrong" or empty, and the words.
    pub verdict: &'static str,
    pub verdict_text: String,
    pub progress: String,
}

/// The sets fetched so far, and the progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleBook {
    sets: Vec<(GameKind, Vec<Puzzle>)>,
    pub progress: Progress,
}

impl PuzzleBook {
    fn set(&self, kind: GameKind) -> Option<&[Puzzle]> {
        self.sets
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, s)| s.as_slice())
    }

    /// Puzzle `index` of `kind`'s set, once fetched.
    fn get(&self, kind: GameKind, index: usize) -> Option<&Puzzle> {
        self.set(kind)?.get(index)
    }
}

/// What the puzzles hear: their controls, and a game's set fetched.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleMsg {
    Press(PuzzleButton),
    /// A game's puzzles were fetched (the file's text), or could not be.
    Loaded {
        kind: GameKind,
        text: Result<String, String>,
    },
}

/// Takes what the puzzles heard.
pub(super) fn update(ui: &mut Ui, msg: PuzzleMsg, fx: &mut Vec<Effect>) {
    match msg {
        PuzzleMsg::Press(button) => ui.puzzle_button(button, fx),
        PuzzleMsg::Loaded { kind, text } => ui.puzzles_loaded(kind, text, fx),
    }
}

impl Ui {
    fn puzzle_button(&mut self, button: PuzzleButton, fx: &mut Vec<Effect>) {
        match button {
            PuzzleButton::Open => {
                let kind = self.shared.choice;
                if self.shared.whole.puzzles.set(kind).is_some() {
                    let next = self.shared.whole.puzzles.progress.next(
                        kind,
                        None,
                        self.puzzle_count(kind),
                    );
                    self.show_puzzle(kind, next, fx);
                } else {
                    self.shared.notice = Some(t!("puzzles-loading"));
                    fx.push(Effect::Full(FullEffect::LoadPuzzles(kind)));
                }
            }
            PuzzleButton::Next => {
                if let Some(state) = self.screen.tool().puzzle() {
                    let (kind, index) = (state.kind, state.index);
                    let next = self.shared.whole.puzzles.progress.next(
                        kind,
                        Some(index),
                        self.puzzle_count(kind),
                    );
                    self.show_puzzle(kind, next, fx);
                }
            }
            PuzzleButton::Retry => {
                if let Some(state) = self.screen.tool().puzzle() {
                    let (kind, index) = (state.kind, state.index);
                    self.show_puzzle(kind, index, fx);
                }
            }
            PuzzleButton::Solution => self.show_solution(fx),
        }
    }

    fn puzzle_count(&self, kind: GameKind) -> usize {
        self.shared
            .whole
            .puzzles
            .set(kind)
            .map_or(0, <[Puzzle]>::len)
    }

    /// A game's set arrived, or could not be fetched.
    fn puzzles_loaded(
        &mut self,
        kind: GameKind,
        text: Result<String, String>,
        fx: &mut Vec<Effect>,
    ) {
        match text.and_then(|text| puzzles::parse(kind, &text)) {
            Ok(set) => {
                self.shared.notice = None;
                self.shared.whole.puzzles.sets.retain(|(k, _)| *k != kind);
                self.shared.whole.puzzles.sets.push((kind, set));
                let next =
                    self.shared
                        .whole
                        .puzzles
                        .progress
                        .next(kind, None, self.puzzle_count(kind));
                self.show_puzzle(kind, next, fx);
            }
            Err(why) => self.shared.notice = Some(t!("puzzles-unavailable", why = &why)),
        }
    }

    /// Puts puzzle `index` of `kind` on the board.
    fn show_puzzle(&mut self, kind: GameKind, index: usize, fx: &mut Vec<Effect>) {
        let Some(game) = self
            .shared
            .whole
            .puzzles
            .get(kind, index)
            .and_then(|p| p.game(kind).ok())
        else {
            return;
        };
        let seed = self.new_seed();
        self.take_up(Session::resume(game, Mode::Friend, seed), fx);
        self.shared.from_link = true;
        self.open_puzzle(PuzzleState {
            kind,
            index,
            verdict: None,
            solution: false,
        });
        fx.push(Effect::Redraw);
    }

    /// After a turn on the board: the puzzle's first turn is judged.
    pub(super) fn judge_puzzle(&mut self, fx: &mut Vec<Effect>) {
        if !self.puzzle_unanswered() {
            return;
        }
        let (Some(state), Some(session)) = (
            self.screen.game_mut().and_then(|g| g.tool.puzzle_mut()),
            self.shared.session.as_ref(),
        ) else {
            return;
        };
        let Some(puzzle) = self.shared.whole.puzzles.get(state.kind, state.index) else {
            return;
        };
        if session.game.ply() != 1 {
            return;
        }
        let right = session.game.history().first() == Some(&puzzle.best);
        state.verdict = Some(right);
        self.shared
            .whole
            .puzzles
            .progress
            .answer(state.kind, state.index, right);
        fx.push(Effect::Store {
            key: PUZZLES_KEY.to_string(),
            value: self.shared.whole.puzzles.progress.to_text(),
        });
    }

    /// Plays the winning turn and the line after it from the puzzle's
    /// position, shown from its first turn.
    fn show_solution(&mut self, fx: &mut Vec<Effect>) {
        let Some(state) = self.screen.tool().puzzle().cloned() else {
            return;
        };
        let Some(puzzle) = self
            .shared
            .whole
            .puzzles
            .get(state.kind, state.index)
            .cloned()
        else {
            return;
        };
        let Ok(mut game) = puzzle.game(state.kind) else {
            return;
        };
        for text in std::iter::once(&puzzle.best).chain(&puzzle.line) {
            match game.parse(text).map(|turn| game.play(turn)) {
                Ok(Ok(())) => {}
                _ => break,
            }
        }
        let seed = self.new_seed();
        self.take_up(Session::resume(game, Mode::Friend, seed), fx);
        self.shared.from_link = true;
        if let Some(session) = self.shared.session.as_mut() {
            session.review_at(1);
        }
        self.open_puzzle(PuzzleState {
            solution: true,
            ..state
        });
        fx.push(Effect::Redraw);
    }

    /// Shows the puzzle `state` over the board, the only tool open.
    fn open_puzzle(&mut self, state: PuzzleState) {
        if let Some(game) = self.screen.game_mut() {
            game.tool = Tool::Puzzle(state);
            game.analysing = None;
        }
    }

    /// Whether a puzzle waits for its answer (no hints, no analysis).
    pub(super) fn puzzle_unanswered(&self) -> bool {
        self.screen
            .tool()
            .puzzle()
            .is_some_and(|p| p.verdict.is_none() && !p.solution)
    }
}

/// The puzzle panel, while a puzzle is on screen.
pub fn view(ui: &Ui) -> Option<PuzzleView> {
    let state = ui.screen.tool().puzzle()?;
    let total = ui.puzzle_count(state.kind);
    let puzzle = ui.shared.whole.puzzles.get(state.kind, state.index)?;
    let mover = puzzle.game(state.kind).ok()?.side_to_move();
    let theme = match puzzle.theme.as_str() {
        "capture" => t!("theme-capture"),
        "quiet" => t!("theme-quiet"),
        "endgame" => t!("theme-endgame"),
        "mate" => t!("theme-mate"),
        other => other.to_string(),
    };
    let (verdict, verdict_text) = match (state.solution, state.verdict) {
        (true, _) => (
            "",
            t!(
                "puzzle-solution-is",
                line = &std::iter::once(puzzle.best.as_str())
                    .chain(puzzle.line.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        ),
        (false, Some(true)) => ("right", t!("puzzle-right", move = &puzzle.best)),
        (false, Some(false)) => ("wrong", t!("puzzle-wrong")),
        (false, None) => ("", String::new()),
    };
    Some(PuzzleView {
        title: t!(
            "puzzle-title",
            game = &crate::words::game_name(state.kind),
            n = state.index + 1,
            total = total
        ),
        theme,
        task: t!(by_side(mover, "puzzle-task-white", "puzzle-task-black")),
        verdict,
        verdict_text,
        progress: t!(
            "puzzle-progress",
            n = ui.shared.whole.puzzles.progress.solved_in(state.kind),
            total = total
        ),
    })
}
