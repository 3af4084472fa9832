//! The computer's worker: posting the [`Ui`]'s requests and handing back
//! its replies. Where workers are unavailable the page answers itself.

use super::*;
use crate::worker::{Reply, Request};

/// The computer's worker, or `None` where workers are unavailable (the
/// computer then thinks on the page).
pub(super) fn start_worker() -> Option<Worker> {
    let worker = Worker::new("./ai-worker_loader.js").ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        match serde_json::from_str::<Reply>(&text) {
            Ok(reply) => dispatch(Action::Reply(reply)),
            Err(e) => web_sys::console::error_1(
                &format!("the computer's worker sent an unreadable reply: {e}").into(),
            ),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Some(worker)
}

impl App {
    /// Posts a request to the worker, or answers it here.
    pub(super) fn ask(&mut self, request: Request) {
        let text = serde_json::to_string(&request).unwrap_or_default();
        let posted = self
            .worker
            .as_ref()
            .is_some_and(|w| w.post_message(&JsValue::from_str(&text)).is_ok());
        if !posted {
            fn clock() -> f64 {
                js_sys::Date::now() / 1000.0
            }
            let reply = crate::worker::answer(&text, clock);
            if let Ok(reply) = serde_json::from_str::<Reply>(&reply) {
                self.dispatch(Action::Reply(reply));
            }
        }
    }
}
