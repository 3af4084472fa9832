//! The light module's page: the home screen and games on this device. The
//! rest of the app (online play, embedding, and the tools: the review, the
//! analysis panel and board, the editor, the puzzles) is in the whole
//! app's module, which index.html's loader starts instead for an address
//! with one of [`FULL_KEYS`], or while an online game is stored. In the
//! light module a control that needs the rest goes to the address that
//! shows the same thing on that page ([`Effect::Navigate`]).

use engine::Playable;

use super::{Button, EditorButton, Effect, LinesButton, LobbyButton, PuzzleButton, Ui};
use crate::links::Link;

/// The query keys for which the page loads the whole app's module: the
/// links ([`crate::links::LINK_KEYS`]), a friend's game to join or watch,
/// and an embedding. index.html's loader lists the same.
pub const FULL_KEYS: [&str; 15] = [
    "review",
    "record",
    "analysis",
    "editor",
    "puzzles",
    "online",
    "join",
    "watch",
    "embed",
    "lobby",
    "live",
    "player",
    "safety",
    "moderation",
    "tournament",
];

impl Ui {
    /// The link that shows what `button` opens, for the controls that open
    /// a tool: none for the others, or when the tool is not available here.
    pub fn tools_link(&self, button: &Button) -> Option<Link> {
        let link = match button {
            // The whole record, so that the players, the result and how the
            // game ended come along.
            Button::StartReview if self.review_available() => Link::Record(self.record_out()?.0),
            Button::Analyse | Button::Lines(LinesButton::Open) => {
                let session = self
                    .shared
                    .session
                    .as_ref()
                    .filter(|_| self.analysis_board_available())?;
                Link::AnalysisLine {
                    record: session.game.to_record_line(),
                    ply: session.review.unwrap_or(session.game.ply()),
                }
            }
            Button::Editor(EditorButton::Open) => {
                let game = self.editor_start()?;
                Link::Editor {
                    game: game.kind(),
                    position: game.position_text(),
                }
            }
            Button::Puzzle(PuzzleButton::Open) => Link::Puzzles(self.shared.choice),
            // Read, and refused in words if need be, on that page.
            Button::ReviewRecord(text) if !text.trim().is_empty() => Link::Record(text.clone()),
            _ => return None,
        };
        Some(link)
    }

    /// In the light module: leaves for the whole app's page at the address
    /// that shows what `button` asks for (a code that cannot be one is
    /// refused in words instead).
    pub(super) fn leave_for_full(&mut self, button: &Button, fx: &mut Vec<Effect>) {
        let query = match button {
            Button::StartOnline {
                side,
                suggestions,
                clock,
                ..
            } => Link::Online {
                game: self.shared.choice,
                side: side.clone(),
                suggestions: *suggestions,
                clock: clock.clone(),
            }
            .to_query(),
            Button::JoinOnline { code, .. } => match self.join_code(code) {
                Some(code) => format!("?join={}", code.to_string().replace('-', "")),
                None => return,
            },
            Button::Lobby(LobbyButton::Open) => "?lobby".into(),
            Button::Lobby(LobbyButton::Watch) => "?live".into(),
            _ => match self.tools_link(button) {
                Some(link) => link.to_query(),
                None => return,
            },
        };
        // With the language the address chose.
        fx.push(Effect::Navigate(self.with_lang(query)));
    }
}
