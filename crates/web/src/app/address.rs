//! The page's address and the browser's history: the address the page
//! model asks for is written ([`App::show_address`]), and Back and Forward
//! are heard and handed to it (`popstate`).

use wasm_bindgen::prelude::*;
use web_sys::Event;

use super::{with_app, App};
use crate::ui::Action;

/// The state of the history entries the page writes.
const ENTRY: &str = "alquerque";

/// Whether the history's entry was written by the page: a reload or a
/// return, not a first visit.
pub(super) fn revisit(window: &web_sys::Window) -> bool {
    window
        .history()
        .and_then(|h| h.state())
        .is_ok_and(|state| state.as_string().as_deref() == Some(ENTRY))
}

impl App {
    /// Shows `query` (the bare path when empty) as the page's address: a
    /// new history entry if `push`.
    pub(super) fn show_address(&self, query: &str, push: bool) {
        let Ok(history) = self.window.history() else {
            return;
        };
        let location = self.window.location();
        let url = if query.is_empty() {
            location.pathname().unwrap_or_default()
        } else {
            query.to_string()
        };
        if location.search().is_ok_and(|now| now == query) && !push {
            return;
        }
        // The entry's state marks it as the page's own, for a reload.
        let mine = JsValue::from_str(ENTRY);
        let _ = if push {
            history.push_state_with_url(&mine, "", Some(&url))
        } else {
            history.replace_state_with_url(&mine, "", Some(&url))
        };
    }

    /// Hears Back and Forward.
    pub(super) fn listen_history(&mut self) -> Result<(), JsValue> {
        let moved = Closure::<dyn FnMut(Event)>::new(|_| {
            with_app(|app| {
                let query = app.window.location().search().unwrap_or_default();
                app.dispatch(Action::Address(query));
            })
        });
        self.window
            .add_event_listener_with_callback("popstate", moved.as_ref().unchecked_ref())?;
        self.listeners.push(moved);
        Ok(())
    }
}
