//! Canvas drawing. Thin on purpose: where things go is decided by
//! [`Layout`], what to show by [`Scene`], in which colours by
//! [`crate::theme`]; this module only paints it.

use crate::figures::Step;
use crate::layout::Layout;
use crate::theme::{BoardTheme, Inks, Palette, PieceStyle};
use engine::chesquerque::Role as ChessRole;
use engine::{Geometry, PieceKind, PieceView, Point, Side};
use js_sys::{Object, Reflect, JSON};
use std::f64::consts::TAU;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, Window};

/// What the board shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The piece on each point, by point index.
    pub board: Vec<Option<PieceView>>,
    /// Turkish draughts: draw squares rather than points and lines.
    pub squares: bool,
    pub flipped: bool,
    /// Pieces that can move (hints).
    pub movable: Vec<Point>,
    /// Where the selected piece can go next (hints).
    pub targets: Vec<Point>,
    /// The turn being entered: the piece and the landing points so far.
    pub path: Vec<Point>,
    /// The last turn's points, for a faint trail.
    pub last: Vec<Point>,
    pub check: Option<Point>,
    /// A piece in motion: drawn at this canvas position instead of on its
    /// point (dragged, or animated).
    pub floating: Option<(Point, f64, f64)>,
    /// A piece gliding along its path (animated): the piece (by its point
    /// after the move), the two points of the step it is on, and how far
    /// along that step it is, from 0 to 1. A dragged piece comes first.
    pub gliding: Option<(Point, Point, Point, f64)>,
    /// Pieces just captured, fading out: where, what, and how opaque.
    pub fading: Vec<(Point, PieceView, f64)>,
    /// The keyboard's cursor, while the board has the focus.
    pub cursor: Option<Point>,
    /// A better move, drawn as an arrow from its piece to where it ends.
    pub arrow: Option<(Point, Point)>,
    /// Turns entered ahead while the opponent thinks (premoves): each one's
    /// path, drawn as arrows.
    pub premoves: Vec<Vec<Point>>,
    /// The point of a piece the last turn huffed: a ring with a cross.
    pub huffed: Option<Point>,
    /// The board's colours.
    pub theme: BoardTheme,
    /// How the pieces are drawn.
    pub pieces: PieceStyle,
}

/// Sizes the canvas's pixel buffer to its displayed size times the device
/// pixel ratio and paints `scene`. Marks the canvas `data-drawn="true"` and
/// records the layout in `data-layout` (canvas pixels) for tests and tools.
pub fn draw(
    window: &Window,
    canvas: &HtmlCanvasElement,
    geometry: &Geometry,
    scene: &Scene,
) -> Result<(), JsValue> {
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
    let layout = Layout::new(geometry, f64::from(width), f64::from(height)).flipped(scene.flipped);
    let palette = scene.theme.palette();
    paint_board(&ctx, &layout, palette, scene.squares)?;
    paint_marks(&ctx, &layout, palette, scene)?;
    paint_pieces(&ctx, &layout, scene)?;
    if let Some(p) = scene.cursor {
        let r = layout.piece_radius();
        let w = (layout.spacing() * 0.05).max(2.0);
        let (outer, inner) = (palette.cursor_outer.css(), palette.cursor_inner.css());
        ring(&ctx, &layout, p, r + 2.6 * w, &outer, w * 1.8)?;
        ring(&ctx, &layout, p, r + 2.6 * w, &inner, w)?;
    }
    if let Some((from, to)) = scene.arrow {
        let (halo, ink) = (palette.cursor_outer.css(), palette.cursor_inner.css());
        let w = (layout.spacing() * 0.09).max(3.0);
        arrow(&ctx, &layout, from, to, &halo, w * 1.8)?;
        arrow(&ctx, &layout, from, to, &ink, w)?;
        canvas.set_attribute(
            "data-arrow",
            &format!("{}-{}", geometry.name(from), geometry.name(to)),
        )?;
    } else {
        canvas.remove_attribute("data-arrow")?;
    }
    if crate::FULL {
        paint_premoves(&ctx, &layout, palette, &scene.premoves)?;
        let named: Vec<String> = scene
            .premoves
            .iter()
            .map(|path| {
                let names: Vec<String> =
                    path.iter().map(|&p| geometry.name(p).to_string()).collect();
                names.join("-")
            })
            .collect();
        match named.is_empty() {
            true => canvas.remove_attribute("data-premoves")?,
            false => canvas.set_attribute("data-premoves", &named.join(" "))?,
        }
    }
    match scene.huffed {
        Some(p) => canvas.set_attribute("data-huffed", &geometry.name(p).to_string())?,
        None => canvas.remove_attribute("data-huffed")?,
    }
    canvas.set_attribute("data-layout", &describe(&layout)?)?;
    canvas.set_attribute("data-drawn", "true")
}

/// Premoves: an arrow along each, thinner than a hint's, numbered by the
/// order they will be played in through their colour's strength.
fn paint_premoves(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    palette: &Palette,
    premoves: &[Vec<Point>],
) -> Result<(), JsValue> {
    let w = (layout.spacing() * 0.06).max(2.0);
    let halo = palette.cursor_outer.css();
    for (i, path) in premoves.iter().enumerate() {
        let ink = palette.selected.css_alpha(1.0 - 0.15 * (i.min(4) as f64));
        for step in path.windows(2) {
            arrow(ctx, layout, step[0], step[1], &halo, w * 1.8)?;
            arrow(ctx, layout, step[0], step[1], &ink, w)?;
        }
    }
    Ok(())
}

/// An arrow from one point's centre to another's, its head at the end.
fn arrow(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    from: Point,
    to: Point,
    colour: &str,
    width: f64,
) -> Result<(), JsValue> {
    let ((x0, y0), (x1, y1)) = (layout.centre(from), layout.centre(to));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = dx.hypot(dy);
    if length < 1.0 {
        return Ok(());
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = layout.spacing() * 0.32;
    let (bx, by) = (x1 - ux * head, y1 - uy * head);
    ctx.set_stroke_style_str(colour);
    ctx.set_fill_style_str(colour);
    ctx.set_line_width(width);
    ctx.set_line_cap("round");
    ctx.begin_path();
    ctx.move_to(x0, y0);
    ctx.line_to(bx, by);
    ctx.stroke();
    ctx.begin_path();
    ctx.move_to(x1, y1);
    ctx.line_to(bx - uy * head * 0.6, by + ux * head * 0.6);
    ctx.line_to(bx + uy * head * 0.6, by - ux * head * 0.6);
    ctx.close_path();
    ctx.fill();
    Ok(())
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
    Reflect::set(&summary, &"flipped".into(), &layout.is_flipped().into())?;
    Ok(JSON::stringify(&summary)?.into())
}

fn paint_board(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    palette: &Palette,
    squares: bool,
) -> Result<(), JsValue> {
    let g = layout.geometry();
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)?;
    ctx.set_fill_style_str(&palette.surface.css());
    ctx.fill_rect(0.0, 0.0, layout.width(), layout.height());
    let s = layout.spacing();
    if squares {
        // Squares centred on the points, dark where file + rank is even.
        ctx.set_fill_style_str(&palette.square_dark.css());
        for p in g.points() {
            let (f, r) = g.coords(p);
            if (f + r) % 2 == 0 {
                let (x, y) = layout.centre(p);
                ctx.fill_rect(x - s / 2.0, y - s / 2.0, s, s);
            }
        }
        ctx.set_stroke_style_str(&palette.line.css());
        ctx.set_line_width(layout.line_width());
        let (left, top) = layout.top_left();
        ctx.stroke_rect(
            left - s / 2.0,
            top - s / 2.0,
            s * f64::from(g.files()),
            s * f64::from(g.ranks()),
        );
    } else {
        ctx.set_stroke_style_str(&palette.line.css());
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
        ctx.set_fill_style_str(&palette.dot.css());
        ctx.begin_path();
        for p in g.points() {
            let (x, y) = layout.centre(p);
            ctx.move_to(x + layout.dot_radius(), y);
            ctx.arc(x, y, layout.dot_radius(), 0.0, TAU)?;
        }
        ctx.fill();
    }
    ctx.set_fill_style_str(&palette.label.css());
    // The label size is a whole number of pixels (and the cast saturates).
    let size = layout.label_size() as u32;
    ctx.set_font(&format!(
        "600 {size}px system-ui, -apple-system, \"Segoe UI\", sans-serif"
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    // Squares reach half a spacing out from their centres: move the labels
    // clear of the board's edge.
    let shift = if squares { 0.16 * s } else { 0.0 };
    for (text, x, y) in layout.labels() {
        let is_file = text.chars().all(|c| c.is_ascii_alphabetic());
        let (x, y) = if is_file {
            (x, y + shift)
        } else {
            (x - shift, y)
        };
        ctx.fill_text(&text, x, y)?;
    }
    Ok(())
}

fn ring(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    p: Point,
    radius: f64,
    colour: &str,
    width: f64,
) -> Result<(), JsValue> {
    let (x, y) = layout.centre(p);
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(width);
    ctx.begin_path();
    ctx.arc(x, y, radius, 0.0, TAU)?;
    ctx.stroke();
    Ok(())
}

fn paint_marks(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    palette: &Palette,
    scene: &Scene,
) -> Result<(), JsValue> {
    let r = layout.piece_radius();
    let w = (layout.spacing() * 0.06).max(2.0);
    // The last turn: a faint trail through its points.
    if scene.last.len() > 1 {
        let last = palette.last_move;
        ctx.set_stroke_style_str(&last.colour.css_alpha(last.alpha));
        ctx.set_line_width(w * 1.6);
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        ctx.begin_path();
        for (i, &p) in scene.last.iter().enumerate() {
            let (x, y) = layout.centre(p);
            if i == 0 {
                ctx.move_to(x, y);
            } else {
                ctx.line_to(x, y);
            }
        }
        ctx.stroke();
    }
    if let Some(p) = scene.huffed {
        let (x, y) = layout.centre(p);
        let ink = palette.check.colour.css();
        ring(ctx, layout, p, r * 0.8, &ink, w)?;
        let d = r * 0.45;
        ctx.set_stroke_style_str(&ink);
        ctx.set_line_width(w);
        ctx.set_line_cap("round");
        ctx.begin_path();
        ctx.move_to(x - d, y - d);
        ctx.line_to(x + d, y + d);
        ctx.move_to(x + d, y - d);
        ctx.line_to(x - d, y + d);
        ctx.stroke();
    }
    if let Some(king) = scene.check {
        let (x, y) = layout.centre(king);
        let check = palette.check;
        ctx.set_fill_style_str(&check.colour.css_alpha(check.alpha));
        ctx.begin_path();
        ctx.arc(x, y, r * 1.3, 0.0, TAU)?;
        ctx.fill();
    }
    let hint = palette.hint.css();
    for &p in &scene.movable {
        ring(ctx, layout, p, r + w, &hint, w)?;
    }
    let selected = palette.selected.css();
    for &p in &scene.path {
        ring(ctx, layout, p, r + w, &selected, w * 1.4)?;
    }
    ctx.set_fill_style_str(&palette.target.css());
    for &p in &scene.targets {
        let (x, y) = layout.centre(p);
        ctx.begin_path();
        ctx.arc(x, y, r * 0.32, 0.0, TAU)?;
        ctx.fill();
    }
    Ok(())
}

fn paint_pieces(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    scene: &Scene,
) -> Result<(), JsValue> {
    for &(p, piece, alpha) in &scene.fading {
        let (x, y) = layout.centre(p);
        ctx.set_global_alpha(alpha.clamp(0.0, 1.0));
        paint_piece(ctx, layout, scene.pieces, piece, x, y)?;
    }
    ctx.set_global_alpha(1.0);
    let floating = scene.floating.or_else(|| {
        scene.gliding.map(|(p, a, b, f)| {
            let (x0, y0) = layout.centre(a);
            let (x1, y1) = layout.centre(b);
            (p, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
        })
    });
    for p in layout.geometry().points() {
        if floating.map(|(p, ..)| p) == Some(p) {
            continue;
        }
        if let Some(Some(piece)) = scene.board.get(p.index()) {
            let (x, y) = layout.centre(p);
            paint_piece(ctx, layout, scene.pieces, *piece, x, y)?;
        }
    }
    if let Some((p, x, y)) = floating {
        if let Some(Some(piece)) = scene.board.get(p.index()) {
            paint_piece(ctx, layout, scene.pieces, *piece, x, y)?;
        }
    }
    Ok(())
}

/// One piece centred on `(x, y)`, drawn in `style`.
pub fn paint_piece(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout<'_>,
    style: PieceStyle,
    piece: PieceView,
    x: f64,
    y: f64,
) -> Result<(), JsValue> {
    let look = style.look();
    let inks = look.inks(piece.side == Side::White);
    let radius = layout.piece_radius();
    let outline = if look.outline > 0.0 {
        (radius * look.outline).max(2.0)
    } else {
        layout.line_width().max(1.5)
    };
    if let (PieceStyle::Outlined, PieceKind::Chess(role)) = (style, piece.kind) {
        // A flat figure standing on its point, without a disc.
        return paint_outlined_figure(ctx, x, y, radius * look.figure_scale, role, inks, outline);
    }
    let (fill, rim, mark) = (inks.fill.css(), inks.rim.css(), inks.mark.css());
    if let (PieceKind::King, Some(crown)) = (piece.kind, look.crown) {
        // The crown glow.
        ctx.set_shadow_color(&crown.css());
        ctx.set_shadow_blur(radius * 0.6);
    }
    ctx.set_fill_style_str(&fill);
    ctx.set_stroke_style_str(&rim);
    ctx.set_line_width(outline);
    ctx.begin_path();
    // An outline is drawn on the disc's edge: keep it all within the radius.
    let disc = if style == PieceStyle::Outlined {
        radius - outline / 2.0
    } else {
        radius
    };
    ctx.arc(x, y, disc, 0.0, TAU)?;
    ctx.fill();
    ctx.set_shadow_blur(0.0);
    ctx.set_shadow_color("transparent");
    ctx.stroke();
    match (piece.kind, look.crown) {
        (PieceKind::Man, _) if style == PieceStyle::Solid => {
            ctx.set_stroke_style_str(&mark);
            ctx.set_line_width(layout.line_width().max(1.0));
            ctx.begin_path();
            ctx.arc(x, y, radius * 0.62, 0.0, TAU)?;
            ctx.stroke();
        }
        (PieceKind::Man, _) => {}
        (PieceKind::King, Some(crown)) => paint_crown(ctx, x, y, radius, &crown.css(), &rim),
        (PieceKind::King, None) => {
            ctx.set_line_width(1.0);
            paint_crown(ctx, x, y, radius, &mark, &mark);
        }
        (PieceKind::Chess(role), _) => paint_chess(ctx, x, y, radius, role, &mark, &fill)?,
    }
    Ok(())
}

/// A three-pointed crown across the middle of a piece.
fn paint_crown(ctx: &CanvasRenderingContext2d, x: f64, y: f64, r: f64, fill: &str, rim: &str) {
    let w = r * 0.62;
    let h = r * 0.5;
    let base = y + h * 0.5;
    ctx.set_fill_style_str(fill);
    ctx.set_stroke_style_str(rim);
    ctx.begin_path();
    ctx.move_to(x - w, base);
    ctx.line_to(x - w, base - h * 0.55);
    ctx.line_to(x - w * 0.5, base - h * 0.2);
    ctx.line_to(x, base - h);
    ctx.line_to(x + w * 0.5, base - h * 0.2);
    ctx.line_to(x + w, base - h * 0.55);
    ctx.line_to(x + w, base);
    ctx.close_path();
    ctx.fill();
    ctx.stroke();
}

/// A chess piece: its figure ([`crate::figures`]) drawn on the disc in
/// `colour`, its details in the disc's `fill`.
fn paint_chess(
    ctx: &CanvasRenderingContext2d,
    x: f64,
    y: f64,
    r: f64,
    role: ChessRole,
    colour: &str,
    fill: &str,
) -> Result<(), JsValue> {
    let figure = crate::figures::figure(role);
    ctx.set_fill_style_str(colour);
    for steps in figure.body {
        trace(ctx, x, y, r, steps)?;
        ctx.fill();
    }
    ctx.set_fill_style_str(fill);
    trace(ctx, x, y, r, figure.details)?;
    ctx.fill();
    Ok(())
}

/// A chess piece's figure on its own, `r` being the radius of the disc it
/// would stand on: its parts' outlines stroked wide, so that `outline`
/// shows outside the silhouette, then each part filled in the side's colour
/// and stroked thin, which parts them inside the silhouette (the foot from
/// the body, the mitre from the head); the details in the outline's colour.
fn paint_outlined_figure(
    ctx: &CanvasRenderingContext2d,
    x: f64,
    y: f64,
    r: f64,
    role: ChessRole,
    inks: Inks,
    outline: f64,
) -> Result<(), JsValue> {
    let figure = crate::figures::figure(role);
    // The figures reach higher above the centre than below it.
    let y = y + 0.09 * r;
    ctx.set_stroke_style_str(&inks.rim.css());
    ctx.set_fill_style_str(&inks.fill.css());
    ctx.set_line_join("round");
    ctx.set_line_width(outline * 2.0);
    for steps in figure.body {
        trace(ctx, x, y, r, steps)?;
        ctx.stroke();
    }
    // Each part covers the thin lines of those before it.
    ctx.set_line_width(outline * 0.45);
    for steps in figure.body {
        trace(ctx, x, y, r, steps)?;
        ctx.fill();
        ctx.stroke();
    }
    ctx.set_fill_style_str(&inks.mark.css());
    trace(ctx, x, y, r, figure.details)?;
    ctx.fill();
    Ok(())
}

/// Traces the outlines and dots of `steps` as the context's path, in units
/// of `r` about `(x, y)`.
fn trace(
    ctx: &CanvasRenderingContext2d,
    x: f64,
    y: f64,
    r: f64,
    steps: &[Step],
) -> Result<(), JsValue> {
    let at = |u: f64, v: f64| (x + u * r, y + v * r);
    ctx.begin_path();
    for step in steps {
        match *step {
            Step::Move(u, v) => {
                let (px, py) = at(u, v);
                ctx.move_to(px, py);
            }
            Step::Line(u, v) => {
                let (px, py) = at(u, v);
                ctx.line_to(px, py);
            }
            Step::Quad(cu, cv, u, v) => {
                let ((cx, cy), (px, py)) = (at(cu, cv), at(u, v));
                ctx.quadratic_curve_to(cx, cy, px, py);
            }
            Step::Close => ctx.close_path(),
            Step::Dot(u, v, radius) => {
                let (px, py) = at(u, v);
                ctx.move_to(px + radius * r, py);
                ctx.arc(px, py, radius * r, 0.0, TAU)?;
            }
        }
    }
    Ok(())
}
