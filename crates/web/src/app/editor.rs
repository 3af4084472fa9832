//! The board editor's panel on the page: the palette of pieces, the side to
//! move, Chesquerque's castling rights and en-passant point, the engine's
//! verdict (`data-error` on `#editor-error`, empty when the position can be
//! played) and the share link (`data-position` on `#editor-link`).

use super::panels::escape;
use super::*;
use crate::ui::EditorView;

impl App {
    pub(super) fn write_editor(&self, view: Option<&EditorView>) {
        self.set_hidden("editor-panel", view.is_none());
        if let Some(body) = self.document.body() {
            let editing = body.has_attribute("data-editing");
            if editing != view.is_some() {
                let _ = if view.is_some() {
                    body.set_attribute("data-editing", "")
                } else {
                    body.remove_attribute("data-editing")
                };
            }
        }
        let Some(view) = view else {
            return;
        };
        self.set_text("editor-game", &view.game);
        self.set_text("editor-side", &view.side);
        let palette: String = view
            .palette
            .iter()
            .map(|b| {
                format!(
                    "<button type=\"button\" data-action=\"brush\" data-piece=\"{}\" aria-pressed=\"{}\">{}</button>",
                    b.code,
                    b.pressed,
                    escape(&b.label)
                )
            })
            .collect();
        if let Some(el) = self.element("editor-palette") {
            if el.inner_html() != palette {
                el.set_inner_html(&palette);
            }
        }
        self.set_hidden("editor-chess", view.castling.is_none());
        for (letter, on) in view.castling.iter().flatten() {
            if let Ok(Some(button)) = self.document.query_selector(&format!(
                "[data-action=\"editor-castle\"][data-right=\"{letter}\"]"
            )) {
                let _ = button.set_attribute("aria-pressed", if *on { "true" } else { "false" });
            }
        }
        if let (Some(point), Some(input)) = (
            &view.en_passant,
            self.element("editor-ep-point")
                .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()),
        ) {
            if self.document.active_element().as_ref() != Some(input.as_ref()) {
                input.set_value(point);
            }
        }
        self.set_hidden("editor-forget", !view.forget);
        let error = view.error.as_deref().unwrap_or_default();
        self.set_text("editor-error", error);
        if let Some(el) = self.element("editor-error") {
            let _ = el.set_attribute("data-error", error);
        }
        for action in [
            "editor-analyse",
            "editor-friend",
            "editor-computer",
            "copy-editor-link",
        ] {
            self.set_disabled(action, view.error.is_some());
        }
        let location = self.window.location();
        let link = format!(
            "{}{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default(),
            view.link
        );
        self.set_text("editor-link", &link);
        if let Some(el) = self.element("editor-link") {
            let _ = el.set_attribute("data-position", &view.position);
        }
    }
}
