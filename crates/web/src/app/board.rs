//! The board on the page: pointer input, the layout in use, animation, and
//! the scene handed to the renderer.

use super::*;

impl App {
    pub(super) fn layout(&self) -> Option<Layout<'static>> {
        let session = self.session.as_ref()?;
        let geometry = session.game.geometry();
        Some(
            Layout::new(
                geometry,
                f64::from(self.canvas.width()),
                f64::from(self.canvas.height()),
            )
            .flipped(self.flipped()),
        )
    }

    pub(super) fn flipped(&self) -> bool {
        let black_below = matches!(
            self.session.as_ref().map(|s| s.mode),
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
        black_below != self.prefs.flipped
    }

    /// Where a pointer event falls in canvas pixels, and canvas pixels per
    /// CSS pixel.
    pub(super) fn canvas_position(&self, event: &PointerEvent) -> ((f64, f64), f64) {
        let rect = self.canvas.get_bounding_client_rect();
        let scale = if rect.width() > 0.0 {
            f64::from(self.canvas.width()) / rect.width()
        } else {
            1.0
        };
        let x = (f64::from(event.client_x()) - rect.left()) * scale;
        let y = (f64::from(event.client_y()) - rect.top()) * scale;
        ((x, y), scale)
    }

    /// The point under a pointer event, and its canvas position.
    pub(super) fn point_of(&self, event: &PointerEvent) -> Option<(Point, (f64, f64))> {
        let ((x, y), _) = self.canvas_position(event);
        let point = self.layout()?.point_at(x, y)?;
        Some((point, (x, y)))
    }

    pub(super) fn pointer_down(&mut self, event: &PointerEvent) {
        if event.button() > 0 {
            return;
        }
        let Some((point, at)) = self.point_of(event) else {
            return;
        };
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        if self.triple.press(point, now_ms()) {
            let update = session.triple(point);
            if update != Update::Nothing {
                self.after(update, was_over);
                return;
            }
        }
        let update = session.press(point);
        if session.selection.path.last() == Some(&point) {
            let _ = self.canvas.set_pointer_capture(event.pointer_id());
            self.drag = Some(Drag {
                from: point,
                start: at,
                at,
                moved: false,
            });
        }
        self.after(update, was_over);
    }

    pub(super) fn pointer_move(&mut self, event: &PointerEvent) {
        let (at, scale) = self.canvas_position(event);
        let Some(drag) = self.drag.as_mut() else {
            return;
        };
        drag.at = at;
        let travelled = (drag.at.0 - drag.start.0).hypot(drag.at.1 - drag.start.1) / scale;
        drag.moved |= travelled > DRAG_START;
        if drag.moved {
            self.draw();
        }
    }

    pub(super) fn pointer_up(&mut self, event: &PointerEvent) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        if !drag.moved {
            return;
        }
        let target = self.point_of(event).map(|(p, _)| p);
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        let update = match target {
            Some(to) if to != drag.from => session.drop(drag.from, to),
            _ => Update::Selection,
        };
        // A drop is not a press of the triple gesture.
        self.triple.reset();
        self.animation = None;
        self.after(update, was_over);
    }

    /// A key pressed while the board has the focus; true when it was the
    /// board's (so the page does not scroll).
    pub(super) fn key_down(&mut self, name: &str) -> bool {
        let Some(key) = crate::keyboard::Key::from_name(name) else {
            return false;
        };
        let flipped = self.flipped();
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        let geometry = session.game.geometry();
        let cursor = match self.cursor {
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
        let update = match key {
            crate::keyboard::Key::Move(right, up) => {
                let next = if self.cursor.is_none() {
                    cursor
                } else {
                    crate::keyboard::step(geometry, cursor, right, up, flipped)
                };
                self.cursor = Some(next);
                let words = crate::keyboard::point_words(&session.game, next);
                self.announce(&words);
                self.mark_cursor();
                self.draw();
                return true;
            }
            crate::keyboard::Key::Press => session.press(cursor),
            crate::keyboard::Key::Huff => session.triple(cursor),
            crate::keyboard::Key::Cancel => {
                session.selection.clear();
                Update::Selection
            }
        };
        self.cursor = Some(cursor);
        self.after(update, was_over);
        true
    }

    /// Names the cursor's point in the canvas's `data-cursor`.
    pub(super) fn mark_cursor(&self) {
        let Some(session) = &self.session else {
            return;
        };
        let geometry = session.game.geometry();
        let cursor = self
            .cursor
            .filter(|p| p.index() < geometry.len())
            .map(|p| geometry.name(p).to_string())
            .unwrap_or_default();
        let _ = self.canvas.set_attribute("data-cursor", &cursor);
    }

    /// Says `text` through the page's live region.
    pub(super) fn announce(&self, text: &str) {
        self.set_text("announce", text);
    }

    pub(super) fn pointer_cancel(&mut self, _: &PointerEvent) {
        self.drag = None;
        self.draw();
    }

    pub(super) fn start_animation(&mut self) {
        self.animation = None;
        if !self.prefs.animate || self.drag.as_ref().is_some_and(|d| d.moved) {
            return;
        }
        let reduced = self
            .window
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        let (Some(session), Some(layout)) = (&self.session, self.layout()) else {
            return;
        };
        let Some((path, captured)) = session.game.last_move() else {
            return;
        };
        if reduced || path.len() < 2 {
            return;
        }
        let before = session.game.board_at(session.game.ply() - 1);
        let captured = captured
            .into_iter()
            .filter_map(|p| before.get(p.index()).copied().flatten().map(|v| (p, v)))
            .collect();
        let piece = *path.last().unwrap_or(&path[0]);
        self.animation = Some(Animation {
            piece,
            path: path.iter().map(|&p| layout.centre(p)).collect(),
            start_ms: now_ms(),
            captured,
        });
        self.request_frame();
    }

    pub(super) fn request_frame(&self) {
        let frame = Closure::once_into_js(|| with_app(|app| app.on_frame()));
        let _ = self.window.request_animation_frame(frame.unchecked_ref());
    }

    pub(super) fn on_frame(&mut self) {
        let done = self
            .animation
            .as_ref()
            .is_none_or(|a| now_ms() - a.start_ms >= STEP_MS * (a.path.len() - 1) as f64);
        if done {
            self.animation = None;
        }
        self.draw();
        if !done {
            self.request_frame();
        }
    }

    /// Where an animated piece is now.
    pub(super) fn animated(&self) -> Option<(Point, f64, f64)> {
        let a = self.animation.as_ref()?;
        let t = (now_ms() - a.start_ms) / STEP_MS;
        let i = (t.floor().max(0.0) as usize).min(a.path.len() - 2);
        let f = (t - i as f64).clamp(0.0, 1.0);
        let (x0, y0) = a.path[i];
        let (x1, y1) = a.path[i + 1];
        Some((a.piece, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    }

    pub(super) fn scene(&self) -> Option<Scene> {
        let session = self.session.as_ref()?;
        let game = &session.game;
        let live = session.review.is_none();
        let mut board = game.board_at(session.review.unwrap_or(game.ply()));
        if let (true, Some(huffed)) = (live, session.selection.huff) {
            board[huffed.index()] = None;
        }
        let hints = self.prefs.hints && live && session.human_to_move();
        let entries = session.entries();
        let floating = self
            .drag
            .as_ref()
            .filter(|d| d.moved)
            .map(|d| (d.from, d.at.0, d.at.1))
            .or_else(|| self.animated());
        let fading = self
            .animation
            .as_ref()
            .map(|a| {
                let total = STEP_MS * (a.path.len() - 1) as f64;
                let alpha = 1.0 - (now_ms() - a.start_ms) / total.max(1.0);
                a.captured.iter().map(|&(p, v)| (p, v, alpha)).collect()
            })
            .unwrap_or_default();
        Some(Scene {
            board,
            squares: !game.geometry().has_diagonals() && game.geometry().files() == 8,
            flipped: self.flipped(),
            movable: if hints {
                session.selection.movable(entries)
            } else {
                Vec::new()
            },
            targets: if hints {
                session.selection.targets(entries)
            } else {
                Vec::new()
            },
            path: if live {
                session.selection.path.clone()
            } else {
                Vec::new()
            },
            last: if live {
                game.last_move().map(|(p, _)| p).unwrap_or_default()
            } else {
                Vec::new()
            },
            check: game.king_in_check().filter(|_| live),
            floating,
            fading: if live { fading } else { Vec::new() },
            cursor: self.cursor.filter(|_| {
                let canvas: &Element = self.canvas.as_ref();
                self.document.active_element().as_ref() == Some(canvas)
            }),
        })
    }

    pub(super) fn draw(&self) {
        let (Some(session), Some(scene)) = (&self.session, self.scene()) else {
            return;
        };
        if let Err(e) = render::draw(&self.window, &self.canvas, session.game.geometry(), &scene) {
            web_sys::console::error_2(&"drawing the board failed:".into(), &e);
        }
    }
}
