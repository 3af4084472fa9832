//! The computer's worker: posting the [`Ui`]'s requests and handing back
//! its replies. Where workers are unavailable the page answers itself.

use super::*;
use crate::worker::{answer, from_js, to_js, Reply, Request};

/// The computer's worker, or `None` where workers are unavailable (the
/// computer then thinks on the page).
pub(super) fn start_worker() -> Option<Worker> {
    let worker = Worker::new("./ai-worker_loader.js").ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        match from_js::<Reply>(event.data()) {
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
        let posted = match (&self.worker, to_js(&request)) {
            (Some(worker), Ok(message)) => worker.post_message(&message).is_ok(),
            (_, Err(e)) => {
                web_sys::console::error_1(&format!("a request could not be sent: {e}").into());
                false
            }
            (None, _) => false,
        };
        if !posted {
            fn clock() -> f64 {
                js_sys::Date::now() / 1000.0
            }
            self.dispatch(Action::Reply(answer(Ok(request), clock)));
        }
    }
}
