//! The puzzles on the page: a game's set fetched when first opened, and
//! the puzzle panel (`data-verdict` says `right` or `wrong` once a turn is
//! played).

use super::*;
use crate::ui::PuzzleView;
use crate::ui::{FullAction, PuzzleMsg};

impl App {
    pub(super) fn load_puzzles(&self, kind: engine::GameKind) {
        let window = self.window.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = fetch_file(&window, &format!("puzzles/{}.txt", kind.as_str())).await;
            dispatch(Action::Full(FullAction::Puzzle(PuzzleMsg::Loaded {
                kind,
                text,
            })));
        });
    }

    pub(super) fn write_puzzle(&self, view: Option<&PuzzleView>) {
        self.set_hidden("puzzle-panel", view.is_none());
        let Some(view) = view else {
            return;
        };
        self.set_text("puzzle-title", &view.title);
        self.set_text("puzzle-theme", &view.theme);
        self.set_text("puzzle-task", &view.task);
        self.set_text("puzzle-verdict", &view.verdict_text);
        self.set_text("puzzle-progress", &view.progress);
        if let Some(panel) = self.element("puzzle-panel") {
            if panel.get_attribute("data-verdict").as_deref() != Some(view.verdict) {
                let _ = panel.set_attribute("data-verdict", view.verdict);
            }
        }
    }
}
