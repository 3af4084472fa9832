//! The page inside another site's `<iframe>`: the host page's messages in,
//! as [`HostMsg`], and the [`Ui`]'s reports and answers out through
//! `postMessage` (see docs/embedding.md).

use super::*;
use crate::embed::{read_request, HostError, MAX_HOST_MESSAGE};
use crate::ui::{FullAction, HostMsg};

impl App {
    /// A message posted to this page, for the [`Ui`] to judge.
    pub(super) fn host_message(&mut self, event: &MessageEvent) {
        // Embedding is the whole app's: the light module reads no messages.
        if self.ui.embed().is_none() {
            return;
        }
        // An object (read as its JSON text), or JSON text.
        let data = event.data();
        let text = data.as_string().or_else(|| {
            js_sys::JSON::stringify(&data)
                .ok()
                .and_then(|text| text.as_string())
        });
        let request = match text {
            Some(text) => read_request(&text),
            None => Err(malformed()),
        };
        let origin = event.origin();
        // The host's window belongs to another realm, so `instanceof` checks
        // fail on it; it is a window (or a port) all the same.
        self.full.host_source = event
            .source()
            .map(|source| (source.unchecked_into::<Window>(), origin.clone()));
        self.dispatch(Action::Full(FullAction::Host(HostMsg {
            origin,
            own_origin: self.window.location().origin().unwrap_or_default(),
            request,
        })));
        self.full.host_source = None;
    }

    /// Answers the host message being handled.
    pub(super) fn reply_to_host(&self, value: &serde_json::Value) {
        if let (Some((source, origin)), Some(message)) = (&self.full.host_source, message(value)) {
            let _ = source.post_message(&message, origin);
        }
    }

    /// Posts an event to the host page (its configured origin, or this
    /// page's own).
    pub(super) fn post_to_host(&mut self, value: &serde_json::Value) {
        let Some(embed) = self.ui.embed() else {
            return;
        };
        let Ok(Some(parent)) = self.window.parent() else {
            return;
        };
        let own = self.window.location().origin().unwrap_or_default();
        if !self.full.told_host {
            self.full.told_host = true;
            let parent = web_sys::Url::new(&self.document.referrer())
                .ok()
                .map(|url| url.origin());
            if let Some(said) = embed.missing_host(&own, parent.as_deref()) {
                web_sys::console::warn_1(&said.into());
            }
        }
        let target = embed.host.clone().unwrap_or(own);
        if let Some(message) = message(value) {
            let _ = parent.post_message(&message, &target);
        }
    }
}

/// A JSON value as a plain object for `postMessage`.
fn message(value: &serde_json::Value) -> Option<JsValue> {
    js_sys::JSON::parse(&value.to_string()).ok()
}

/// A posted value that has no JSON text (a function, a cyclic object…).
fn malformed() -> HostError {
    HostError {
        code: "malformed",
        message: format!("expected an object with a \"type\", of at most {MAX_HOST_MESSAGE} bytes"),
    }
}
