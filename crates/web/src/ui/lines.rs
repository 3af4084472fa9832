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

/// The analysis board's controls.
pub(super) fn update(ui: &mut Ui, button: LinesButton, fx: &mut Vec<Effect>) {
    if button == LinesButton::Open {
        if let Some(session) = ui
            .shared
            .session
            .as_ref()
            .filter(|_| ui.analysis_board_available())
        {
            let game = session.game.clone();
            let shown = session.review.unwrap_or(game.ply());
            ui.analyse_game(game, shown, fx);
        }
        return;
    }
    let Some(session) = ui
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
            let seed = ui.new_seed();
            ui.shared.choice = game.kind();
            ui.offer(
                Session::resume(game, Mode::Computer { level, human }, seed),
                fx,
            );
            return;
        }
    }
    ui.drop_hint();
    fx.push(Effect::Redraw);
}

impl Ui {}

/// The lines' panel, on the analysis board.
pub fn view(ui: &Ui) -> Option<LinesPanel> {
    let session = ui.shared.session.as_ref()?;
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
