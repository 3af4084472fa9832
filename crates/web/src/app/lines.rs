//! The analysis board's lines on the page: whether the line shown is the
//! main line, how it ends, the turns tried from the position shown as
//! buttons, and the promote, delete and play-on controls.

use super::panels::escape;
use super::*;
use crate::ui::LinesPanel;

impl App {
    pub(super) fn write_lines(&self, panel: Option<&LinesPanel>, board_available: bool) {
        self.set_hidden("analysis-board", !board_available);
        self.set_hidden("lines", panel.is_none());
        let Some(panel) = panel else {
            return;
        };
        self.set_text("lines-state", &panel.state);
        self.set_text("lines-end", panel.end.as_deref().unwrap_or_default());
        let tried: String = panel
            .tried
            .iter()
            .map(|(node, text, next)| {
                format!(
                    "<button type=\"button\" data-action=\"line-go\" data-node=\"{node}\" aria-pressed=\"{next}\">{}</button>",
                    escape(text)
                )
            })
            .collect();
        if let Some(el) = self.element("lines-tried") {
            if el.inner_html() != tried {
                el.set_inner_html(&tried);
            }
        }
        self.set_disabled("line-promote", !panel.promote);
        self.set_disabled("line-delete", !panel.delete);
    }
}
