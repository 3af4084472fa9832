//! The board's input and motion: presses, drags and triple presses from a
//! pointer, the keyboard's cursor, and the animation of the last move.

use engine::{Point, Side};

use super::screen::BoardInput;
use super::{Animation, Drag, Effect, Ui};
use crate::keyboard::{self, Key};
use crate::layout::Layout;
use crate::session::{Mode, Update};

/// Milliseconds a move takes on screen, per step of its path.
pub const STEP_MS: f64 = 160.0;
/// How far (CSS pixels) a press must travel to be a drag.
pub const DRAG_START: f64 = 6.0;

/// What the board hears: its pointer, its keys, its focus, and the frames
/// of a move in motion.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardMsg {
    /// A pointer went down on the board: where (canvas pixels), the
    /// canvas's size, which button, the pointer's id and when (ms).
    PointerDown {
        at: (f64, f64),
        size: (f64, f64),
        button: i16,
        pointer: i32,
        time_ms: f64,
    },
    /// A pointer moved: where, and canvas pixels per CSS pixel.
    PointerMove {
        at: (f64, f64),
        scale: f64,
    },
    /// A pointer went up.
    PointerUp {
        at: (f64, f64),
        size: (f64, f64),
    },
    PointerCancel,
    /// A key of the board's, pressed while it has the focus.
    Key(Key),
    /// The board gained (true) or lost the focus.
    Focus(bool),
    /// An animation frame, at this time (ms).
    Frame(f64),
}

/// Takes what the board heard.
pub(super) fn update(ui: &mut Ui, msg: BoardMsg, fx: &mut Vec<Effect>) {
    match msg {
        BoardMsg::PointerDown {
            at,
            size,
            button,
            pointer,
            time_ms,
        } => {
            // A press on the board forgets a resignation asked once.
            if let Some(game) = ui.screen.game_mut() {
                game.confirming = None;
            }
            ui.pointer_down(at, size, button, pointer, time_ms, fx)
        }
        BoardMsg::PointerMove { at, scale } => ui.pointer_move(at, scale, fx),
        BoardMsg::PointerUp { at, size } => ui.pointer_up(at, size, fx),
        BoardMsg::PointerCancel => {
            if let Some(input) = ui.input_mut() {
                input.drag = None;
            }
            fx.push(Effect::Redraw);
        }
        BoardMsg::Key(key) => ui.key(key, fx),
        BoardMsg::Focus(focused) => {
            if let Some(input) = ui.input_mut() {
                input.focused = focused;
            }
            fx.push(Effect::Redraw);
        }
        BoardMsg::Frame(now) => ui.frame(now, fx),
    }
}

impl Ui {
    /// The board's input, on the game screen.
    pub(super) fn input_mut(&mut self) -> Option<&mut BoardInput> {
        self.screen.game_mut().map(|g| &mut g.input)
    }

    /// The board's layout on a canvas of `size` (pixels).
    pub fn layout(&self, size: (f64, f64)) -> Option<Layout<'static>> {
        Some(Layout::new(self.board_geometry()?, size.0, size.1).flipped(self.flipped()))
    }

    /// The board on screen: the editor's, else the game's.
    pub fn board_geometry(&self) -> Option<&'static engine::Geometry> {
        match (self.edited_setup(), &self.shared.session) {
            (Some(setup), _) => Some(setup.geometry()),
            (None, Some(session)) => Some(session.game.geometry()),
            (None, None) => None,
        }
    }

    /// Whether Black is drawn at the bottom: the person's side below, turned
    /// round if they asked.
    pub fn flipped(&self) -> bool {
        let black_below = matches!(
            self.shared.session.as_ref().map(|s| s.mode),
            Some(
                Mode::Computer {
                    human: Side::Black,
                    ..
                } | Mode::Online {
                    side: Some(Side::Black),
                    ..
                }
            )
        );
        black_below != self.shared.prefs.flipped
    }

    fn pointer_down(
        &mut self,
        at: (f64, f64),
        size: (f64, f64),
        button: i16,
        pointer: i32,
        time_ms: f64,
        fx: &mut Vec<Effect>,
    ) {
        if button > 0 {
            return;
        }
        let Some(point) = self.layout(size).and_then(|l| l.point_at(at.0, at.1)) else {
            return;
        };
        if self.editor_press(point, fx) {
            return;
        }
        let Some(session) = self.shared.session.as_mut() else {
            return;
        };
        let Some(input) = self.screen.game_mut().map(|g| &mut g.input) else {
            return;
        };
        let was_over = session.is_over();
        if input.triple.press(point, time_ms) {
            let update = session.triple(point);
            if update != Update::Nothing {
                self.heard_huff(&update, fx);
                self.after(update, was_over, fx);
                return;
            }
        }
        session.confirm = self.shared.prefs.confirm;
        let update = session.press(point);
        if session.selection.path.last() == Some(&point) {
            fx.push(Effect::CapturePointer(pointer));
            input.drag = Some(Drag {
                from: point,
                start: at,
                at,
                moved: false,
            });
        }
        self.after(update, was_over, fx);
    }

    fn pointer_move(&mut self, at: (f64, f64), scale: f64, fx: &mut Vec<Effect>) {
        let Some(drag) = self.input_mut().and_then(|i| i.drag.as_mut()) else {
            return;
        };
        drag.at = at;
        let scale = if scale > 0.0 { scale } else { 1.0 };
        let travelled = (drag.at.0 - drag.start.0).hypot(drag.at.1 - drag.start.1) / scale;
        drag.moved |= travelled > DRAG_START;
        if drag.moved {
            fx.push(Effect::Redraw);
        }
    }

    fn pointer_up(&mut self, at: (f64, f64), size: (f64, f64), fx: &mut Vec<Effect>) {
        let Some(drag) = self.input_mut().and_then(|i| i.drag.take()) else {
            return;
        };
        if !drag.moved {
            return;
        }
        let target = self.layout(size).and_then(|l| l.point_at(at.0, at.1));
        let Some(session) = self.shared.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        let update = match target {
            Some(to) if to != drag.from => {
                session.confirm = self.shared.prefs.confirm;
                session.drop(drag.from, to)
            }
            _ => Update::Selection,
        };
        // A drop is not a press of the triple gesture.
        if let Some(input) = self.screen.game_mut().map(|g| &mut g.input) {
            input.triple.reset();
            input.animation = None;
        }
        self.after(update, was_over, fx);
    }

    /// A key of the board's.
    fn key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if self.editor_key(key, fx) {
            return;
        }
        let flipped = self.flipped();
        let Some(game) = self.screen.game_mut() else {
            return;
        };
        let input = &mut game.input;
        let Some(session) = self.shared.session.as_mut() else {
            return;
        };
        let geometry = session.game.geometry();
        let cursor = match input.cursor {
            Some(p) if p.index() < geometry.len() => p,
            // Start on a piece that can move, or in the middle.
            _ => session
                .selection
                .movable(session.entries())
                .first()
                .copied()
                .or_else(|| geometry.point(geometry.files() / 2, geometry.ranks() / 2))
                .unwrap_or(Point::from_index_unchecked(0)),
        };
        let was_over = session.is_over();
        let huff = key == Key::Huff;
        let update = match key {
            Key::Move(right, up) => {
                let next = moved(input.cursor, cursor, geometry, (right, up), flipped);
                input.cursor = Some(next);
                self.shared.announcement = keyboard::point_words(&session.game, next);
                return;
            }
            Key::Press => {
                session.confirm = self.shared.prefs.confirm;
                session.press(cursor)
            }
            Key::Huff => session.triple(cursor),
            Key::Cancel => {
                session.selection.clear();
                session.premoves.clear();
                Update::Selection
            }
        };
        input.cursor = Some(cursor);
        if huff {
            self.heard_huff(&update, fx);
        }
        self.after(update, was_over, fx);
    }

    /// Shows the last move in motion, unless motion is turned off (or the
    /// piece was dragged there).
    pub(super) fn start_animation(&mut self, fx: &mut Vec<Effect>) {
        let Some(input) = self.screen.game_mut().map(|g| &mut g.input) else {
            return;
        };
        input.animation = None;
        if !self.shared.prefs.animate
            || self.shared.reduced_motion
            || input.drag.as_ref().is_some_and(|d| d.moved)
        {
            return;
        }
        let Some(session) = &self.shared.session else {
            return;
        };
        let Some((path, captured)) = session.game.last_move() else {
            return;
        };
        if path.len() < 2 {
            return;
        }
        let before = session.game.board_at(session.game.ply() - 1);
        let captured = captured
            .into_iter()
            .filter_map(|p| before.get(p.index()).copied().flatten().map(|v| (p, v)))
            .collect();
        let piece = path[path.len() - 1];
        input.animation = Some(Animation {
            piece,
            path,
            start_ms: None,
            captured,
        });
        self.ask_frame(fx);
    }

    /// Asks for the next frame, once.
    fn ask_frame(&mut self, fx: &mut Vec<Effect>) {
        if !self.shared.frame_asked {
            self.shared.frame_asked = true;
            fx.push(Effect::Animate);
        }
    }

    fn frame(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.shared.clock = now;
        self.shared.frame_asked = false;
        let input = self.screen.game_mut().map(|g| &mut g.input);
        if let Some(slot) = input.map(|i| &mut i.animation) {
            let Some(a) = slot.as_mut() else {
                fx.push(Effect::Redraw);
                return;
            };
            let start = *a.start_ms.get_or_insert(now);
            if now - start >= STEP_MS * (a.path.len() - 1) as f64 {
                *slot = None;
            } else {
                self.ask_frame(fx);
            }
        }
        fx.push(Effect::Redraw);
    }

    /// Where the animated piece is: its point, the step it is on, and how
    /// far along; and how opaque the pieces it took still are.
    pub(super) fn animated(&self) -> Option<((Point, Point, Point, f64), f64)> {
        let a = self.screen.input()?.animation.as_ref()?;
        let elapsed = a.start_ms.map_or(0.0, |s| (self.shared.clock - s).max(0.0));
        let t = elapsed / STEP_MS;
        let i = (t.floor() as usize).min(a.path.len() - 2);
        let f = (t - i as f64).clamp(0.0, 1.0);
        let total = STEP_MS * (a.path.len() - 1) as f64;
        let alpha = 1.0 - elapsed / total.max(1.0);
        Some(((a.piece, a.path[i], a.path[i + 1], f), alpha))
    }
}

/// Where an arrow key takes the cursor from `at`: the first key only
/// shows it (`shown` is none until then).
pub(super) fn moved(
    shown: Option<Point>,
    at: Point,
    geometry: &engine::Geometry,
    (right, up): (i8, i8),
    flipped: bool,
) -> Point {
    match shown {
        None => at,
        Some(_) => keyboard::step(geometry, at, right, up, flipped),
    }
}
