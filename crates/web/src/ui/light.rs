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
use crate::t;

/// The query keys for which the page loads the whole app's module: the
/// links ([`crate::links::LINK_KEYS`]), a friend's game to join or watch,
/// and an embedding. index.html's loader lists the same.
pub const FULL_KEYS: [&str; 12] = [
    "review", "record", "analysis", "editor", "puzzles", "online", "join", "watch", "embed",
    "lobby", "live", "player",
];

impl Ui {
    /// The link that shows what `button` opens, for the controls that open
    /// a tool: none for the others, or when the tool is not available here.
    pub fn tools_link(&self, button: &Button) -> Option<Link> {
        let link = match button {
            Button::StartReview => {
                let session = self
                    .shared
                    .session
                    .as_ref()
                    .filter(|_| self.review_available())?;
                Link::Review(session.game.to_record_line())
            }
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

    /// In the light module: leaves for the whole app's page when `button`
    /// needs it (a code that cannot be one is refused in words instead);
    /// whether it did either.
    pub(super) fn leave_for_full(&mut self, button: &Button, fx: &mut Vec<Effect>) -> bool {
        if let Button::StartOnline { on_line: false, .. }
        | Button::JoinOnline { on_line: false, .. } = button
        {
            self.shared.notice = Some(t!("offline"));
            return true;
        }
        if let Button::StartOnline {
            side,
            suggestions,
            clock,
            on_line: true,
        } = button
        {
            let link = Link::Online {
                game: self.shared.choice,
                side: side.clone(),
                suggestions: *suggestions,
                clock: clock.clone(),
            };
            self.navigate(link.to_query(), fx);
            return true;
        }
        if let Button::JoinOnline {
            code,
            on_line: true,
        } = button
        {
            match code.trim().parse::<online_play::JoinCode>() {
                Ok(code) => {
                    let code = code.to_string().replace('-', "");
                    self.navigate(format!("?join={code}"), fx);
                }
                Err(_) => self.shared.notice = Some(t!("code-shape")),
            }
            return true;
        }
        match button {
            Button::Lobby(LobbyButton::Open) => return self.navigate("?lobby".into(), fx),
            Button::Lobby(LobbyButton::Watch) => return self.navigate("?live".into(), fx),
            _ => {}
        }
        match self.tools_link(button) {
            Some(link) => {
                self.navigate(link.to_query(), fx);
            }
            None => return false,
        }
        true
    }

    /// Goes to `query` on this page, with the language the address chose;
    /// true, for [`Ui::leave_for_full`].
    fn navigate(&self, mut query: String, fx: &mut Vec<Effect>) -> bool {
        if self.shared.lang_in_address {
            let lang = self.shared.loading_lang.unwrap_or(self.shared.lang);
            query = format!("{query}&lang={}", lang.code());
        }
        fx.push(Effect::Navigate(query));
        true
    }
}
