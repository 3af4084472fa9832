//! Writes the [`crate::ui::View`] to the page: the screen, the notice, the
//! panels beside the board, the move list and the hooks for tools, then
//! draws the board. Each element is touched only when it changes.

use web_sys::HtmlElement;

use super::*;
use crate::ui::{GameView, View};

impl App {
    pub(super) fn set_text(&self, id: &str, text: &str) {
        if let Some(el) = self.element(id) {
            if el.text_content().as_deref() != Some(text) {
                el.set_text_content(Some(text));
            }
        }
    }

    pub(super) fn set_hidden(&self, id: &str, hidden: bool) {
        if let Some(el) = self
            .element(id)
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            if el.hidden() != hidden {
                el.set_hidden(hidden);
            }
        }
    }

    /// Disables (or enables) the control with this `data-action`.
    pub(super) fn set_disabled(&self, action: &str, disabled: bool) {
        if let Ok(Some(el)) = self
            .document
            .query_selector(&format!("[data-action=\"{action}\"]"))
        {
            disable(&el, disabled);
        }
    }

    /// A control that ends the game, with its words, marked while it waits
    /// for its second press (`data-confirm`).
    pub(super) fn write_asked(&self, action: &str, label: &str, asked: bool) {
        let Ok(Some(button)) = self
            .document
            .query_selector(&format!("[data-action=\"{action}\"]"))
        else {
            return;
        };
        if button.text_content().as_deref() != Some(label) {
            button.set_text_content(Some(label));
        }
        if button.has_attribute("data-confirm") != asked {
            let _ = if asked {
                button.set_attribute("data-confirm", "")
            } else {
                button.remove_attribute("data-confirm")
            };
        }
    }

    fn set_body(&self, name: &str, value: &str) {
        if let Some(body) = self.document.body() {
            if body.get_attribute(name).as_deref() != Some(value) {
                let _ = body.set_attribute(name, value);
            }
        }
    }

    pub(super) fn show_screen(&self, screen: &str) {
        if let Ok(list) = self.document.query_selector_all(".screen[data-screen]") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    let name = el.get_attribute("data-screen").unwrap_or_default();
                    if el.hidden() != (name != screen) {
                        el.set_hidden(name != screen);
                    }
                }
            }
        }
        self.set_body("data-screen", screen);
    }

    pub(super) fn set_checked(&self, id: &str, on: bool) {
        if let Some(input) = self
            .element(id)
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        {
            if input.checked() != on {
                input.set_checked(on);
            }
        }
    }

    fn set_value(&self, id: &str, value: &str) {
        if let Some(select) = self
            .element(id)
            .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        {
            if select.value() != value {
                select.set_value(value);
            }
        }
    }

    /// Draws each game's start position on its card, once they show: each
    /// card in a task of its own after the screen is written, so the first
    /// screen waits for none of them.
    fn draw_previews(&self, prefs: &crate::save::Prefs) {
        let look = (prefs.board, prefs.pieces);
        if self.previews_drawn.get() == Some(look) {
            return;
        }
        self.previews_drawn.set(Some(look));
        for kind in engine::GameKind::ALL {
            let prefs = *prefs;
            Timeout::new(0, move || with_app(|app| app.draw_preview(kind, &prefs))).forget();
        }
    }

    fn draw_preview(&self, kind: engine::GameKind, prefs: &crate::save::Prefs) {
        let selector = format!("canvas[data-preview=\"{}\"]", kind.as_str());
        let Some(canvas) = self
            .document
            .query_selector(&selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let game = engine::AnyGame::new(kind);
        let scene = crate::ui::preview(kind, prefs);
        if let Err(e) = render::draw(&self.window, &canvas, game.geometry(), &scene) {
            web_sys::console::error_2(&"drawing a game's card failed:".into(), &e);
        }
    }

    /// Writes the whole view and draws the board.
    pub(super) fn refresh(&mut self) {
        let mut effects = Vec::new();
        self.ui.settle(&mut effects);
        self.run(effects);
        let view = self.ui.view();
        self.write(&view);
        self.draw();
    }

    fn write(&self, view: &View) {
        self.write_language(view.lang, view.lang_loading);
        self.show_screen(view.screen);
        if view.screen == "home" {
            self.draw_previews(&view.prefs);
        }
        if let Some(el) = self
            .element("notice")
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            let text = view.notice.as_deref();
            if el.text_content().as_deref() != Some(text.unwrap_or_default()) {
                el.set_text_content(text);
            }
            el.set_hidden(text.is_none());
        }
        for (kind, text) in &view.stats {
            if let Ok(Some(el)) = self
                .document
                .query_selector(&format!("[data-results=\"{}\"]", kind.as_str()))
            {
                if el.text_content().as_deref() != Some(text) {
                    el.set_text_content(Some(text));
                }
            }
        }
        self.set_hidden("continue", view.continuing.is_none());
        self.set_text(
            "continue-what",
            view.continuing.as_deref().unwrap_or_default(),
        );
        self.set_text("opponent-game", &view.opponent_game);
        let prefs = &view.prefs;
        self.set_checked("pref-hints", prefs.hints);
        self.set_checked("pref-prompts", prefs.prompts);
        self.set_checked("pref-animate", prefs.animate);
        self.set_checked("pref-sound", prefs.sound);
        self.set_checked("pref-confirm", prefs.confirm);
        self.set_checked("pref-vibrate", prefs.vibrate);
        self.set_value("pref-board", prefs.board.name());
        self.set_value("pref-pieces", prefs.pieces.name());
        if let Some((theme, rules, settings)) = view.embed {
            self.set_body("data-embed", "true");
            self.set_body("data-theme", theme);
            self.set_hidden("rules-button", !rules);
            self.set_hidden("prefs", !settings);
        }
        if let Some(game) = &view.game {
            self.write_game(game);
            self.set_text("announce", &view.announcement);
        }
        self.write_full(view);
    }

    fn write_game(&self, game: &GameView) {
        self.set_text("game-title", &game.title);
        self.set_text("players", &game.players);
        self.set_text("status", &game.status);
        self.set_hidden("result", game.result.is_none());
        // The result panel says it all; the status line stays for readers.
        if let Some(el) = self.element("status") {
            let _ = if game.result.is_some() {
                el.class_list().add_1("visually-hidden")
            } else {
                el.class_list().remove_1("visually-hidden")
            };
        }
        if let Some(result) = &game.result {
            self.set_text("result-headline", &result.headline);
            self.set_text("result-reason", &result.reason);
            self.set_hidden("rematch", !result.rematch);
        }
        self.set_hidden("confirm-move", game.confirm.is_none());
        self.set_hidden("hint", game.hint.is_none());
        self.set_hidden("review-button", game.review.is_none());
        // Its action is also the result panel's button's: found by its id.
        if let Some(button) = self.element("review-button") {
            disable(&button, game.review != Some(true));
        }
        self.set_disabled("hint", game.hint != Some(true));
        self.set_text("confirm-text", game.confirm.as_deref().unwrap_or_default());
        self.set_text("prompt", &game.prompt);
        self.set_text(
            "huff-note-text",
            game.huff_note.as_deref().unwrap_or_default(),
        );
        self.set_hidden("huff-note", game.huff_note.is_none());
        self.set_text("counts", &game.counts);
        self.write_moves(game);
        let watching = game.watch_delay.is_some();
        for id in ["pause", "step", "take-over", "watch-speed"] {
            self.set_hidden(id, !watching);
        }
        if let (Some(delay), Some(select)) = (
            game.watch_delay,
            self.element("watch-delay")
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok()),
        ) {
            let value = delay.to_string();
            if select.value() != value {
                select.set_value(&value);
            }
        }
        self.set_text("pause", &game.pause_label);
        self.set_disabled("undo", game.undo_disabled);
        self.set_disabled("resign", game.resign_disabled);
        self.write_asked("resign", &game.resign_label, game.resign_asked);
        self.set_disabled("analyse", game.analyse_disabled);
        for id in ["analyse", "edit"] {
            self.set_hidden(id, !game.engine_tools);
        }
        self.set_disabled("offer-draw", game.offer_draw_disabled);
        self.set_hidden("promotion", game.promotion.is_empty());
        if let Ok(buttons) = self.document.query_selector_all("[data-action=promote]") {
            for i in 0..buttons.length() {
                if let Some(b) = buttons
                    .item(i)
                    .and_then(|n| n.dyn_into::<HtmlElement>().ok())
                {
                    let role = b.get_attribute("data-role").unwrap_or_default();
                    b.set_hidden(!game.promotion.contains(&role.as_str()));
                }
            }
        }
        self.set_hidden("draw-answer", !game.draw_answer);
        self.set_hidden("undo", game.undo_hidden);
        let _ = self.canvas.set_attribute("aria-label", &game.label);
        let _ = self.canvas.set_attribute("data-moves", &game.entries);
        let _ = self.canvas.set_attribute("data-cursor", &game.cursor);
        self.set_body("data-ply", &game.ply.to_string());
        self.set_body("data-zen", if game.zen { "true" } else { "false" });
        self.set_body(
            "data-thinking",
            if game.thinking { "true" } else { "false" },
        );
    }

    /// The move list, a button per turn played.
    fn write_moves(&self, game: &GameView) {
        let Some(list) = self.element("moves") else {
            return;
        };
        let mut html = String::new();
        for item in &game.moves {
            let here = if item.current {
                " aria-current=\"step\""
            } else {
                ""
            };
            html.push_str(&format!(
                "<li><button type=\"button\" data-action=\"review\" data-ply=\"{}\"{here}>{}</button></li>",
                item.ply,
                escape(&item.text)
            ));
        }
        if list.inner_html() != html {
            list.set_inner_html(&html);
            // The latest turn in sight, inside the list only: the page
            // itself stays where the person has it (on a phone, the board).
            list.set_scroll_top(list.scroll_height());
        }
    }
}

fn disable(el: &Element, disabled: bool) {
    let _ = if disabled {
        el.set_attribute("disabled", "")
    } else {
        el.remove_attribute("disabled")
    };
}

/// `text` made safe inside HTML, in text or in a quoted attribute.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
