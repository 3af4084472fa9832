//! The review panel on the page: the graph of White's chances, drawn on its
//! canvas, the marked moves as buttons that show their position, and each
//! side's tally. `data-reviewed` and `data-marks` on the panel say how far
//! it has got, for tools and tests.

use web_sys::{CanvasRenderingContext2d, HtmlElement};

use super::panels::escape;
use super::*;
use crate::t;
use crate::ui::ReviewView;

impl App {
    pub(super) fn write_review(&self, view: Option<&ReviewView>) {
        self.set_hidden("review-panel", view.is_none());
        let Some(view) = view else {
            return;
        };
        if let Some(panel) = self.element("review-panel") {
            let _ = panel.set_attribute("data-reviewed", &view.reviewed.to_string());
            let _ = panel.set_attribute("data-marks", &view.marks.len().to_string());
        }
        self.set_text(
            "review-progress",
            &t!(
                "review-progress",
                n = view.reviewed,
                total = &view.total.to_string()
            ),
        );
        let summary = view
            .summary
            .map(|[white, black]| {
                let counts = |s: engine::review::Summary| {
                    [
                        t!("count-inaccuracies", n = s.inaccuracies),
                        t!("count-mistakes", n = s.mistakes),
                        t!("count-blunders", n = s.blunders),
                    ]
                    .join(&t!("list-separator"))
                };
                format!(
                    "{} · {}",
                    t!("summary-white", counts = &counts(white)),
                    t!("summary-black", counts = &counts(black))
                )
            })
            .unwrap_or_default();
        self.set_text("review-summary", &summary);
        if let Some(list) = self.element("review-marks") {
            let items: String = view
                .marks
                .iter()
                .map(|m| {
                    let mark = t!(match m.mark {
                        engine::review::Mark::Inaccuracy => "mark-inaccuracy",
                        engine::review::Mark::Mistake => "mark-mistake",
                        engine::review::Mark::Blunder => "mark-blunder",
                    });
                    let text = t!(
                        "marked-move",
                        move = &m.played,
                        mark = &mark,
                        better = &m.better
                    );
                    format!(
                        "<li><button type=\"button\" data-action=\"review\" data-ply=\"{}\" data-mark=\"{}\">{}</button></li>",
                        m.ply - 1,
                        m.mark.name(),
                        escape(&text)
                    )
                })
                .chain(view.skips.iter().map(|s| {
                    let text = t!(
                        if s.huffed { "skip-huffed" } else { "skip-huffable" },
                        move = &s.played
                    );
                    format!(
                        "<li><button type=\"button\" data-action=\"review\" data-ply=\"{}\" data-mark=\"{}\">{}</button></li>",
                        s.ply - 1,
                        if s.huffed { "huffed" } else { "huffable" },
                        escape(&text)
                    )
                }))
                .collect();
            if list.inner_html() != items {
                list.set_inner_html(&items);
            }
        }
        if let Err(e) = self.draw_graph(view) {
            web_sys::console::error_2(&"drawing the review's graph failed:".into(), &e);
        }
    }

    /// White's chances through the game: a line over a band for each side,
    /// a dot on each marked move.
    fn draw_graph(&self, view: &ReviewView) -> Result<(), JsValue> {
        let Some(canvas) = self
            .element("review-graph")
            .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return Ok(());
        };
        let ratio = self.window.device_pixel_ratio();
        let rect = canvas.get_bounding_client_rect();
        let (w, h) = (
            (rect.width() * ratio).round(),
            (rect.height() * ratio).round(),
        );
        if w < 2.0 || h < 2.0 {
            return Ok(());
        }
        if f64::from(canvas.width()) != w {
            canvas.set_width(w as u32);
        }
        if f64::from(canvas.height()) != h {
            canvas.set_height(h as u32);
        }
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("the canvas has no 2d context")?
            .dyn_into()?;
        // Black's band, then White's share over it.
        ctx.set_fill_style_str("#2a1f1a");
        ctx.fill_rect(0.0, 0.0, w, h);
        let last = view.total.saturating_sub(1).max(1) as f64;
        let x = |i: usize| i as f64 / last * w;
        let y = |chances: i32| h - f64::from(chances) / 1000.0 * h;
        if !view.chances.is_empty() {
            ctx.set_fill_style_str("#f6efe0");
            ctx.begin_path();
            ctx.move_to(0.0, h);
            for (i, &c) in view.chances.iter().enumerate() {
                ctx.line_to(x(i), y(c));
            }
            ctx.line_to(x(view.chances.len() - 1), h);
            ctx.close_path();
            ctx.fill();
        }
        ctx.set_stroke_style_str("#a8957c");
        ctx.set_line_width(ratio);
        ctx.begin_path();
        ctx.move_to(0.0, h / 2.0);
        ctx.line_to(w, h / 2.0);
        ctx.stroke();
        for m in &view.marks {
            let Some(&c) = view.chances.get(m.ply) else {
                continue;
            };
            ctx.set_fill_style_str(match m.mark {
                engine::review::Mark::Blunder => "#d6301f",
                engine::review::Mark::Mistake => "#e08a1e",
                engine::review::Mark::Inaccuracy => "#e8c422",
            });
            ctx.begin_path();
            ctx.arc(x(m.ply), y(c), 4.0 * ratio, 0.0, std::f64::consts::TAU)?;
            ctx.fill();
        }
        let _ = canvas.set_attribute("data-drawn", "true");
        Ok(())
    }

    /// A press on the graph shows the position at that point of the game.
    pub(super) fn press_graph(&mut self, event: &Event) {
        let Some(total) = self.ui.view().full.review.map(|v| v.total) else {
            return;
        };
        let (Some(canvas), Some(pointer)) = (
            self.element("review-graph")
                .and_then(|e| e.dyn_into::<HtmlElement>().ok()),
            event.dyn_ref::<web_sys::PointerEvent>(),
        ) else {
            return;
        };
        let rect = canvas.get_bounding_client_rect();
        let x = (f64::from(pointer.client_x()) - rect.left()) / rect.width();
        let ply = crate::ui::graph_ply(x, total);
        self.dispatch(Action::Press(Button::Review(ply)));
    }
}

impl App {
    /// The analysis panel: hidden when off; a line that the computer is
    /// looking until its first answer; then the evaluation (`data-eval`,
    /// hundredths of a man from White's side), the bar, the depth, the best
    /// turn (`data-best`) and line, and the best three turns.
    pub(super) fn write_analysis(&self, view: Option<&Option<crate::ui::AnalysisView>>) {
        self.set_hidden("analysis-panel", view.is_none());
        if let Some(button) = self.element("analyse") {
            let _ = button.set_attribute(
                "aria-pressed",
                if view.is_some() { "true" } else { "false" },
            );
        }
        let Some(view) = view else {
            return;
        };
        let (eval, white, depth, best, line, top, chances) = match view {
            Some(v) => (
                v.eval.clone(),
                v.white.to_string(),
                t!("analysis-depth", n = v.depth),
                v.best.clone(),
                v.line
                    .strip_prefix(v.best.as_str())
                    .unwrap_or_default()
                    .trim()
                    .to_string(),
                v.top
                    .iter()
                    .map(|(turn, eval)| {
                        format!(
                            "<li>{} <span class=\"muted\" dir=\"{}\">{}</span></li>",
                            escape(turn),
                            number_dir(eval),
                            escape(eval)
                        )
                    })
                    .collect::<String>(),
                v.chances,
            ),
            None => (
                t!("analysis-waiting"),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                500,
            ),
        };
        self.set_text("analysis-eval", &eval);
        self.set_text("analysis-depth", &depth);
        self.set_text("analysis-best", &best);
        self.set_text("analysis-line", &line);
        if let Some(el) = self.element("analysis-eval") {
            let _ = el.set_attribute("data-eval", &white);
            let _ = el.set_attribute("dir", number_dir(&eval));
        }
        if let Some(el) = self.element("analysis-best") {
            let _ = el.set_attribute("data-best", &best);
        }
        if let Some(list) = self.element("analysis-top") {
            if list.inner_html() != top {
                list.set_inner_html(&top);
            }
        }
        if let Some(bar) = self.element("analysis-bar") {
            let width = format!("width: {}.{}%", chances / 10, chances % 10);
            let _ = bar.set_attribute("style", &width);
        }
    }
}

/// A number such as "+1.25" reads left to right even on a right-to-left
/// page; words keep the page's direction.
fn number_dir(text: &str) -> &'static str {
    if text.starts_with(['+', '−', '-']) || text.starts_with(|c: char| c.is_ascii_digit()) {
        "ltr"
    } else {
        "auto"
    }
}
