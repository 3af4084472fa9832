//! Canvas drawing. Thin on purpose: where things go is decided by
//! [`Layout`]; this module only paints it.

use crate::layout::Layout;
use engine::{Bits, Position, Side, Small};
use js_sys::{Object, Reflect, JSON};
use std::f64::consts::TAU;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ResizeObserver, Window};

const SURFACE: &str = "#dcb77f";
const LINE: &str = "#4b3121";
const DOT: &str = "#3a2518";
const LABEL: &str = "#6e4c30";
/// Fill and rim of each side's pieces.
const WHITE_PIECE: (&str, &str) = ("#f6efe0", "#5a4330");
const BLACK_PIECE: (&str, &str) = ("#2a1f1a", "#0f0a08");

/// Draws `position` on `canvas`, first sizing the canvas's pixel buffer to its
/// displayed size times the device pixel ratio so the board is sharp. Marks
/// the canvas `data-drawn="true"` and records the layout in `data-layout`
/// (canvas pixels) for tests and tools.
pub fn draw(
    window: &Window,
    canvas: &HtmlCanvasElement,
    position: &Position<Small>,
) -> Result<(), JsValue> {
    let geometry = position.rules().geometry;
    let ratio = window.device_pixel_ratio();
    let rect = canvas.get_bounding_client_rect();
    // Float-to-int casts saturate; a zero size just draws nothing.
    let width = (rect.width() * ratio).round() as u32;
    let height = (rect.height() * ratio).round() as u32;
    // Resizing clears the canvas, so only do it when needed.
    if canvas.width() != width {
        canvas.set_width(width);
    }
    if canvas.height() != height {
        canvas.set_height(height);
    }
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("the canvas has no 2d context")?
        .dyn_into()?;
    let layout = Layout::new(geometry, f64::from(width), f64::from(height));
    paint(&ctx, &layout)?;
    paint_pieces(&ctx, &layout, position)?;

    canvas.set_attribute("data-layout", &describe(&layout)?)?;
    canvas.set_attribute("data-drawn", "true")
}

/// The layout as JSON. Numbers are formatted by JavaScript, which keeps
/// Rust's float formatting out of the module.
fn describe(layout: &Layout<'_>) -> Result<String, JsValue> {
    let (left, top) = layout.top_left();
    let g = layout.geometry();
    let summary = Object::new();
    for (key, value) in [
        ("left", left),
        ("top", top),
        ("spacing", layout.spacing()),
        ("lineWidth", layout.line_width()),
        ("files", f64::from(g.files())),
        ("ranks", f64::from(g.ranks())),
    ] {
        Reflect::set(&summary, &key.into(), &value.into())?;
    }
    Ok(JSON::stringify(&summary)?.into())
}

fn paint(ctx: &CanvasRenderingContext2d, layout: &Layout<'_>) -> Result<(), JsValue> {
    let g = layout.geometry();
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)?;
    ctx.set_fill_style_str(SURFACE);
    ctx.fill_rect(0.0, 0.0, layout.width(), layout.height());

    ctx.set_stroke_style_str(LINE);
    ctx.set_line_width(layout.line_width());
    ctx.set_line_cap("round");
    ctx.begin_path();
    for (a, b) in g.segments() {
        let (ax, ay) = layout.centre(a);
        let (bx, by) = layout.centre(b);
        ctx.move_to(ax, ay);
        ctx.line_to(bx, by);
    }
    ctx.stroke();

    ctx.set_fill_style_str(DOT);
    ctx.begin_path();
    for p in g.points() {
        let (x, y) = layout.centre(p);
        ctx.move_to(x + layout.dot_radius(), y);
        ctx.arc(x, y, layout.dot_radius(), 0.0, TAU)?;
    }
    ctx.fill();

    ctx.set_fill_style_str(LABEL);
    // The label size is a whole number of pixels (and the cast saturates).
    let size = layout.label_size() as u32;
    ctx.set_font(&format!(
        "600 {size}px system-ui, -apple-system, \"Segoe UI\", sans-serif"
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for (text, x, y) in layout.labels() {
        ctx.fill_text(&text, x, y)?;
    }
    Ok(())
}

fn paint_pieces(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    position: &Position<Small>,
) -> Result<(), JsValue> {
    let radius = layout.piece_radius();
    ctx.set_line_width(layout.line_width());
    for side in Side::BOTH {
        let (fill, rim) = match side {
            Side::White => WHITE_PIECE,
            Side::Black => BLACK_PIECE,
        };
        ctx.set_fill_style_str(fill);
        ctx.set_stroke_style_str(rim);
        for p in position.pieces(side).points() {
            let (x, y) = layout.centre(p);
            ctx.begin_path();
            ctx.arc(x, y, radius, 0.0, TAU)?;
            ctx.fill();
            ctx.stroke();
            if position.kings(side).has(p) {
                ctx.begin_path();
                ctx.arc(x, y, radius * 0.55, 0.0, TAU)?;
                ctx.stroke();
            }
        }
    }
    Ok(())
}

/// A board drawn on a canvas and redrawn whenever the canvas changes size or
/// the device pixel ratio changes. Dropping it stops the redrawing.
#[derive(Debug)]
pub struct BoardView {
    window: Window,
    observer: ResizeObserver,
    on_change: Closure<dyn FnMut()>,
}

impl BoardView {
    /// Draws `position` on `canvas` and keeps it drawn.
    pub fn attach(
        window: Window,
        canvas: HtmlCanvasElement,
        position: Position<Small>,
    ) -> Result<BoardView, JsValue> {
        draw(&window, &canvas, &position)?;
        let on_change = {
            let window = window.clone();
            let canvas = canvas.clone();
            Closure::<dyn FnMut()>::new(move || {
                if let Err(e) = draw(&window, &canvas, &position) {
                    web_sys::console::error_2(&"drawing the board failed:".into(), &e);
                }
            })
        };
        // The canvas's displayed size is set by the style sheet, not by its
        // pixel buffer, so redrawing from here cannot loop.
        let observer = ResizeObserver::new(on_change.as_ref().unchecked_ref())?;
        observer.observe(&canvas);
        // A zoom or a move to another screen may change the pixel ratio alone.
        window.add_event_listener_with_callback("resize", on_change.as_ref().unchecked_ref())?;
        Ok(BoardView {
            window,
            observer,
            on_change,
        })
    }
}

impl Drop for BoardView {
    fn drop(&mut self) {
        self.observer.disconnect();
        // Failing to remove a listener leaves a harmless redraw behind.
        let _ = self
            .window
            .remove_event_listener_with_callback("resize", self.on_change.as_ref().unchecked_ref());
    }
}
