//! The light module's page: the home screen and games on this device. The
//! rest of the app (online play, embedding, and the tools: the review, the
//! analysis panel and board, the editor, the puzzles) is in the whole
//! app's module, which index.html's loader starts instead for an address
//! with one of [`FULL_KEYS`], or while an online game is stored. In the
//! light module a control that needs the rest goes to the address that
//! shows the same thing on that page ([`Effect::Navigate`]).

use engine::{AnyGame, Playable};

use super::{Button, EditorButton, Effect, LinesButton, PuzzleButton, Screen, Ui};
use crate::links::Link;
use crate::online_state::Seat;
use crate::session::Session;
use crate::t;

/// The query keys for which the page loads the whole app's module: the
/// tools' links ([`crate::links::TOOL_KEYS`]), a friend's game to join or
/// watch, and an embedding. index.html's loader lists the same.
pub const FULL_KEYS: [&str; 7] = [
    "review", "analysis", "editor", "puzzles", "join", "watch", "embed",
];

impl Ui {
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

    /// In the light module: leaves for the whole app's page when `button`
    /// needs it; whether it did (or refused in words).
    pub(super) fn leave_for_full(&mut self, button: &Button, fx: &mut Vec<Effect>) -> bool {
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
                Err(_) => self.notice = Some(t!("code-shape")),
            }
            return true;
        }
        match self.tools_link(button) {
            Some(Ok(link)) => self.navigate(link.to_query(), fx),
            Some(Err(why)) => self.notice = Some(why),
            None => return false,
        }
        true
    }

    /// In the light module: an online game created here is stored, and the
    /// page opens again with the whole app, which takes its seat.
    pub(super) fn go_online_elsewhere(&mut self, seat: Seat, fx: &mut Vec<Effect>) {
        fx.push(Effect::Store {
            key: super::ONLINE_KEY.to_string(),
            value: seat.to_text(),
        });
        self.navigate("?".to_string(), fx);
    }

    /// Goes to `query` on this page, with the language the address chose.
    fn navigate(&self, mut query: String, fx: &mut Vec<Effect>) {
        if self.lang_in_address {
            let lang = self.loading_lang.unwrap_or(self.lang);
            let and = if query == "?" { "" } else { "&" };
            query = format!("{query}{and}lang={}", lang.code());
        }
        fx.push(Effect::Navigate(query));
    }
}
