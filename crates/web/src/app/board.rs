//! The board's events: pointers, keys, the focus, resizing and animation
//! frames, each turned into an [`Action`].

use web_sys::{KeyboardEvent, PointerEvent};

use super::*;
use crate::keyboard::Key;

impl App {
    pub(super) fn listen_board(&mut self) -> Result<(), JsValue> {
        for name in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
            let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                if let Some(event) = event.dyn_ref::<PointerEvent>() {
                    event.prevent_default();
                    with_app(|app| {
                        let action = app.pointer_action(name, event);
                        app.dispatch(action);
                    });
                }
            });
            self.canvas
                .add_event_listener_with_callback(name, closure.as_ref().unchecked_ref())?;
            self.listeners.push(closure);
        }
        let keys = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            if let Some(event) = event.dyn_ref::<KeyboardEvent>() {
                if event.ctrl_key() || event.meta_key() || event.alt_key() {
                    return;
                }
                // Only the board's keys are taken (so the page still scrolls).
                if let Some(key) = Key::from_name(&event.key()) {
                    event.prevent_default();
                    dispatch(Action::Board(BoardMsg::Key(key)));
                }
            }
        });
        self.canvas
            .add_event_listener_with_callback("keydown", keys.as_ref().unchecked_ref())?;
        self.listeners.push(keys);
        // The cursor shows while the board has the focus.
        for (name, focused) in [("focus", true), ("blur", false)] {
            let focus = Closure::<dyn FnMut(Event)>::new(move |_| {
                dispatch(Action::Board(BoardMsg::Focus(focused)))
            });
            self.canvas
                .add_event_listener_with_callback(name, focus.as_ref().unchecked_ref())?;
            self.listeners.push(focus);
        }
        let redraw = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.draw()));
        self.window
            .add_event_listener_with_callback("resize", redraw.as_ref().unchecked_ref())?;
        let observer = web_sys::ResizeObserver::new(redraw.as_ref().unchecked_ref())?;
        observer.observe(&self.canvas);
        self.listeners.push(redraw);
        Ok(())
    }

    /// Where a pointer event falls in canvas pixels, and canvas pixels per
    /// CSS pixel.
    fn canvas_position(&self, event: &PointerEvent) -> ((f64, f64), f64) {
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

    fn pointer_action(&self, name: &str, event: &PointerEvent) -> Action {
        let (at, scale) = self.canvas_position(event);
        let size = (
            f64::from(self.canvas.width()),
            f64::from(self.canvas.height()),
        );
        match name {
            "pointerdown" => Action::Board(BoardMsg::PointerDown {
                at,
                size,
                button: event.button(),
                pointer: event.pointer_id(),
                time_ms: now_ms(),
            }),
            "pointermove" => Action::Board(BoardMsg::PointerMove { at, scale }),
            "pointerup" => Action::Board(BoardMsg::PointerUp { at, size }),
            _ => Action::Board(BoardMsg::PointerCancel),
        }
    }

    pub(super) fn request_frame(&self) {
        let frame = Closure::once_into_js(|| dispatch(Action::Board(BoardMsg::Frame(now_ms()))));
        let _ = self.window.request_animation_frame(frame.unchecked_ref());
    }
}
