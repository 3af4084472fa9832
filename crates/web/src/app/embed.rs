//! The page inside another site's `<iframe>`: the host page's messages in,
//! as [`Action::Host`], and the [`Ui`]'s reports and answers out through
//! `postMessage` (see docs/embedding.md).

use serde::Serialize;

use super::*;
use crate::embed::{read_request, read_value, HostError, MAX_HOST_MESSAGE};

impl App {
    /// A message posted to this page, for the [`Ui`] to judge.
    pub(super) fn host_message(&mut self, event: &MessageEvent) {
        if self.ui.embed().is_none() {
            return;
        }
        // An object, or its JSON text.
        let data = event.data();
        let request = match data.as_string() {
            Some(text) => read_request(&text),
            None => serde_wasm_bindgen::from_value::<serde_json::Value>(data)
                .map_err(|_| malformed())
                .and_then(read_value),
        };
        let origin = event.origin();
        // The host's window belongs to another realm, so `instanceof` checks
        // fail on it; it is a window (or a port) all the same.
        self.host_source = event
            .source()
            .map(|source| (source.unchecked_into::<Window>(), origin.clone()));
        self.dispatch(Action::Host {
            origin,
            own_origin: self.window.location().origin().unwrap_or_default(),
            request,
        });
        self.host_source = None;
    }

    /// Answers the host message being handled.
    pub(super) fn reply_to_host(&self, value: &serde_json::Value) {
        if let (Some((source, origin)), Some(message)) = (&self.host_source, message(value)) {
            let _ = source.post_message(&message, origin);
        }
    }

    /// Posts an event to the host page (its configured origin, or this
    /// page's own).
    pub(super) fn post_to_host(&self, value: &serde_json::Value) {
        let Some(embed) = self.ui.embed() else {
            return;
        };
        let Ok(Some(parent)) = self.window.parent() else {
            return;
        };
        let target = embed
            .host
            .clone()
            .unwrap_or_else(|| self.window.location().origin().unwrap_or_default());
        if let Some(message) = message(value) {
            let _ = parent.post_message(&message, &target);
        }
    }
}

/// A JSON value as a plain object for `postMessage`.
fn message(value: &serde_json::Value) -> Option<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .ok()
}

/// A posted value that is no JSON value (a function, a `Map`…).
fn malformed() -> HostError {
    HostError {
        code: "malformed",
        message: format!("expected an object with a \"type\", of at most {MAX_HOST_MESSAGE} bytes"),
    }
}
