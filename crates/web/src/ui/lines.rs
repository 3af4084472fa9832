//! The analysis board's controls: the turns tried from the position shown,
//! promoting and deleting the line shown, and playing on from the position
//! against the computer.

use super::{Effect, LinesButton, Ui};
use crate::session::{Mode, Session};
use crate::t;
use crate::tree::NodeId;

/// The lines' part of the analysis panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinesPanel {
    /// "Main line" or "Side line", and how the line ends.
    pub state: String,
    pub end: Option<String>,
    /// The turns tried from the position shown: node, text, whether the
    /// line shown follows it.
    pub tried: Vec<(NodeId, String, bool)>,
    pub promote: bool,
    pub delete: bool,
}

impl Ui {
    pub(super) fn lines_button(&mut self, button: LinesButton, fx: &mut Vec<Effect>) {
        if button == LinesButton::Open {
            if let Some(session) = self
                .shared
                .session
                .as_ref()
                .filter(|_| self.analysis_board_available())
            {
                let game = session.game.clone();
                let shown = session.review.unwrap_or(game.ply());
                self.analyse_game(game, shown, fx);
            }
            return;
        }
        let Some(session) = self
            .shared
            .session
            .as_mut()
            .filter(|s| s.variations.is_some())
        else {
            return;
        };
        match button {
            LinesButton::Open => {}
            LinesButton::Go(node) => session.show_node(node),
            LinesButton::Promote => session.promote_line(),
            LinesButton::Delete => session.delete_line(),
            LinesButton::Continue(level) => {
                let game = session.game_shown();
                if game.outcome().is_some() {
                    return;
                }
                let human = game.side_to_move();
                let seed = self.new_seed();
                self.shared.choice = game.kind();
                self.offer(
                    Session::resume(game, Mode::Computer { level, human }, seed),
                    fx,
                );
                return;
            }
        }
        self.drop_hint();
        fx.push(Effect::Redraw);
    }

    /// The lines' panel, on the analysis board.
    pub fn lines_panel(&self) -> Option<LinesPanel> {
        let session = self.shared.session.as_ref()?;
        let lines = session.lines_view()?;
        Some(LinesPanel {
            state: t!(if lines.main { "line-main" } else { "line-side" }),
            end: lines
                .end
                .map(|outcome| t!("line-ends", result = &session.result_text(outcome))),
            tried: lines
                .tried
                .into_iter()
                .map(|t| (t.node, t.text, t.next))
                .collect(),
            promote: !lines.main,
            delete: lines.deletable,
        })
    }
}
