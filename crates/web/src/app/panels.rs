//! The panels beside the board: status, prompt, counts, the move list, the
//! controls' states, and the results table on the home screen.

use super::*;

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
            el.set_hidden(hidden);
        }
    }

    pub(super) fn set_disabled(&self, action: &str, disabled: bool) {
        if let Ok(Some(el)) = self
            .document
            .query_selector(&format!("[data-action=\"{action}\"]"))
        {
            let _ = if disabled {
                el.set_attribute("disabled", "")
            } else {
                el.remove_attribute("disabled")
            };
        }
    }

    pub(super) fn refresh_stats(&self) {
        let rows: Vec<String> = Variant::ALL
            .into_iter()
            .filter_map(|v| {
                let [w, d, l] = self.stats.of(v);
                (w + d + l > 0)
                    .then(|| format!("{}: {w} won, {d} drawn, {l} lost", display_name(v)))
            })
            .collect();
        let text = if rows.is_empty() {
            String::new()
        } else {
            format!("Your results against the computer — {}", rows.join(" · "))
        };
        self.set_text("stats", &text);
    }

    /// Brings every panel up to date and redraws the board.
    pub(super) fn refresh(&self) {
        self.refresh_stats();
        let Some(session) = &self.session else {
            // Online, waiting for the game to arrive.
            self.refresh_online_panel();
            return;
        };
        let game = &session.game;
        let mut status = session.status();
        if session.computer_to_move().is_some() && self.thinking.is_none() && self.paused {
            status = "Paused".to_string();
        }
        self.set_text("status", &status);
        let prompt = if self.prefs.prompts {
            session.prompt()
        } else {
            String::new()
        };
        self.set_text("prompt", &prompt);
        let start = game.board_at(0);
        let count = |side: Side| {
            let now = game.piece_count(side);
            let at_start = start.iter().flatten().filter(|p| p.side == side).count() as u32;
            let lost = at_start.saturating_sub(now);
            if lost > 0 {
                format!("{} {now} ({lost} captured)", side.name())
            } else {
                format!("{} {now}", side.name())
            }
        };
        self.set_text(
            "counts",
            &format!("Pieces: {} · {}", count(Side::White), count(Side::Black)),
        );
        let history = game.history();
        self.refresh_moves(session, &history);
        let watching = matches!(session.mode, Mode::Watch { .. });
        self.set_hidden("pause", !watching);
        self.set_hidden("step", !watching);
        self.set_hidden("take-over", !watching);
        self.set_hidden("watch-speed", !watching);
        if let Mode::Watch { delay_ms, .. } = session.mode {
            if let Some(select) = self
                .element("watch-delay")
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
            {
                let value = delay_ms.to_string();
                if select.value() != value {
                    select.set_value(&value);
                }
            }
        }
        self.set_text("pause", if self.paused { "Resume" } else { "Pause" });
        self.set_disabled("undo", game.ply() == 0 && !session.is_over());
        self.set_disabled("resign", session.is_over() || watching);
        self.set_disabled("offer-draw", session.is_over() || watching);
        let promotion: Vec<String> = self
            .promotion
            .iter()
            .flatten()
            .map(|(r, _)| role_name(*r).to_string())
            .collect();
        self.set_hidden("promotion", promotion.is_empty());
        if let Ok(buttons) = self.document.query_selector_all("[data-action=promote]") {
            for i in 0..buttons.length() {
                if let Some(b) = buttons
                    .item(i)
                    .and_then(|n| n.dyn_into::<HtmlElement>().ok())
                {
                    let role = b.get_attribute("data-role").unwrap_or_default();
                    b.set_hidden(!promotion.contains(&role));
                }
            }
        }
        self.set_hidden("draw-answer", !session.person_must_answer());
        self.set_hidden("undo", self.online.is_some());
        self.refresh_online_panel();
        self.report_to_host();
        if self.announced_ply.get() != Some(game.ply()) {
            self.announced_ply.set(Some(game.ply()));
            let last = crate::keyboard::last_turn_words(game, history.last().map(String::as_str))
                .unwrap_or_default();
            self.announce(format!("{last} {status}.").trim());
        }
        let mut label = format!("{} board. {status}.", display_name(game.variant()));
        if let Some(last) = history.last() {
            label.push_str(&format!(" Last move {last}."));
        }
        let _ = self.canvas.set_attribute("aria-label", &label);
        // The ways to enter the legal turns (huffs left out, as from the
        // hints), for tools and tests: `c2 c3,c1 c3 e3`.
        let geometry = game.geometry();
        let moves: Vec<String> = if session.human_to_move() {
            session
                .entries()
                .iter()
                .filter(|e| e.huff == session.selection.huff && !e.path.is_empty())
                .map(|e| {
                    let names: Vec<String> = e
                        .path
                        .iter()
                        .map(|&p| geometry.name(p).to_string())
                        .collect();
                    names.join(" ")
                })
                .collect()
        } else {
            Vec::new()
        };
        let _ = self.canvas.set_attribute("data-moves", &moves.join(","));
        self.mark_cursor();
        if let Some(body) = self.document.body() {
            let _ = body.set_attribute("data-ply", &game.ply().to_string());
            let _ = body.set_attribute(
                "data-thinking",
                if self.thinking.is_some() {
                    "true"
                } else {
                    "false"
                },
            );
        }
        self.draw();
    }

    /// The move list, from the game's notation of every turn played.
    pub(super) fn refresh_moves(&self, session: &Session, history: &[String]) {
        let Some(list) = self.element("moves") else {
            return;
        };
        let current = session.review.unwrap_or(history.len());
        let mut html = String::new();
        for (i, text) in history.iter().enumerate() {
            let number = if i % 2 == 0 {
                format!("{}. ", i / 2 + 1)
            } else {
                String::new()
            };
            let here = if i + 1 == current {
                " aria-current=\"step\""
            } else {
                ""
            };
            html.push_str(&format!(
                "<li><button type=\"button\" data-action=\"review\" data-ply=\"{}\"{here}>{number}{}</button></li>",
                i + 1,
                escape(text)
            ));
        }
        if list.inner_html() != html {
            list.set_inner_html(&html);
            if let Some(last) = list.last_element_child() {
                last.scroll_into_view_with_bool(false);
            }
        }
    }
}

/// The name shown for a game.
pub fn display_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Draughts(engine::GameKey::Classic) => "Classic",
        Variant::Draughts(engine::GameKey::Special) => "Special",
        Variant::Draughts(engine::GameKey::Qirkat) => "Qirkat",
        Variant::Draughts(engine::GameKey::Bell) => "Bell",
        Variant::Draughts(engine::GameKey::Turkish) => "Turkish draughts",
        Variant::Chesquerque => "Chesquerque",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
