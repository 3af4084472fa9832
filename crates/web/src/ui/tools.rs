//! The tools' controls, and where they lead. The tools (the review, the
//! analysis panel and board, the board editor and the puzzles) are built
//! into the page's module only with the feature `tools`. The light module
//! the page starts with has none of them: a control that opens one opens,
//! instead, the page with the tools at the share link that shows the same
//! thing ([`Ui::tools_link`]), and the page loads that module for it.

use engine::search::Level;
use engine::{AnyGame, Playable, Side};

use super::{Button, Screen, Ui};
use crate::links::Link;
use crate::session::Session;
use crate::tree::NodeId;

/// What the editor's controls ask.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorButton {
    /// Open the editor on the position shown (or the chosen game's start).
    Open,
    /// Place this piece with the next presses (its code), or `erase`.
    Brush(String),
    /// The other side to move.
    Side,
    /// Turn a castling right on or off (its index in `KQkq`).
    Castle(usize),
    /// The en-passant point, as typed (empty for none).
    EnPassant(String),
    Clear,
    Reset,
    /// Forget the rule state the position came with.
    Forget,
    Analyse,
    Computer {
        level: Level,
        human: Side,
    },
    Friend,
    Cancel,
}

/// What the lines' controls ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinesButton {
    /// Open the analysis board on the game shown, at the position shown.
    Open,
    /// Show this turn tried.
    Go(NodeId),
    Promote,
    Delete,
    /// Play on from the position shown against the computer at this level,
    /// the person taking the side to move.
    Continue(Level),
}

/// What the puzzle controls ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleButton {
    /// Open the chosen game's puzzles.
    Open,
    Next,
    Retry,
    Solution,
}

impl Ui {
    /// Whether the game on screen can be reviewed: a game on this device
    /// with turns to go over, the computer not thinking.
    pub fn review_available(&self) -> bool {
        self.online.is_none()
            && self.thinking == super::Thinking::Idle
            && self.session.as_ref().is_some_and(|s| s.game.ply() > 0)
    }

    /// Whether the game shown can be taken to the analysis board: a game
    /// on this device, not already there.
    pub fn analysis_board_available(&self) -> bool {
        self.online.is_none()
            && self.embed.is_none()
            && self
                .session
                .as_ref()
                .is_some_and(|s| !s.on_analysis_board())
    }

    /// The link that shows what `button` opens, for the controls that open
    /// a tool: none for the others, or when the tool is not available here;
    /// a pasted record that cannot be read is refused in words.
    pub fn tools_link(&self, button: &Button) -> Option<Result<Link, String>> {
        let shown = |s: &Session| s.review.unwrap_or(s.game.ply());
        let link = match button {
            Button::StartReview => {
                let session = self.session.as_ref().filter(|_| self.review_available())?;
                Link::Review(session.game.to_record_line())
            }
            Button::Analyse | Button::Lines(LinesButton::Open) => {
                let session = self
                    .session
                    .as_ref()
                    .filter(|_| self.analysis_board_available())?;
                Link::AnalysisLine {
                    record: session.game.to_record_line(),
                    ply: shown(session),
                }
            }
            Button::Editor(EditorButton::Open) => {
                if self.online.is_some() || self.embed.is_some() {
                    return None;
                }
                let game = match (&self.session, self.screen) {
                    (Some(session), Screen::Game) => {
                        let mut game = session.game.clone();
                        while game.ply() > shown(session) && game.undo() {}
                        game
                    }
                    _ => AnyGame::new(self.choice),
                };
                Link::Editor {
                    game: game.kind(),
                    position: game.position_text(),
                }
            }
            Button::Puzzle(PuzzleButton::Open) => Link::Puzzles(self.choice),
            Button::ReviewRecord(text) => {
                return Some(
                    crate::records::read(text).map(|game| Link::Review(game.to_record_line())),
                )
            }
            _ => return None,
        };
        Some(Ok(link))
    }
}
