//! The computer's worker: started the first time the [`Ui`] asks it
//! something (a move or an answer to a draw offer), so a page that never
//! plays the computer never loads it; then posting the requests and handing
//! back the replies.

use super::*;
use crate::worker::{from_js, to_js, Reply, Request};

/// Where the worker's script is: the build names it in the page's
/// `<meta name="computer-worker">` (with its content hash, so a page and a
/// worker of different builds never meet); the plain name otherwise.
fn worker_url(document: &Document) -> String {
    document
        .query_selector("meta[name=computer-worker]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "./ai-worker_loader.js".to_string())
}

/// The computer's worker, the requests it is sent once it says it is up
/// (`None` once it has: a message sent before its module has started would
/// be lost), and the id of the last request posted to it.
pub(super) struct Computer {
    worker: Worker,
    waiting: Option<Vec<JsValue>>,
    asked: u32,
}

/// Starts the computer's worker.
fn start_worker(document: &Document) -> Result<Worker, JsValue> {
    let worker = Worker::new(&worker_url(document))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        match from_js::<Reply>(event.data()) {
            // Id 0 answers no request: the worker is up.
            Ok(reply) if reply.id == 0 => with_app(App::worker_ready),
            Ok(reply) => dispatch(Action::Reply(reply)),
            Err(e) => web_sys::console::error_1(
                &format!("the computer's worker sent an unreadable reply: {e}").into(),
            ),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // A worker whose script cannot be loaded (offline before it was ever
    // cached, say) fails here rather than in its constructor.
    let on_error = Closure::<dyn FnMut(Event)>::new(|event: Event| {
        event.prevent_default();
        with_app(|app| app.worker_failed());
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(worker)
}

impl App {
    /// Posts a request to the worker, starting it first if need be. A
    /// request that cannot be posted is answered at once with the reason.
    pub(super) fn ask(&mut self, request: Request) {
        if let Err(error) = self.post(&request) {
            self.fail_request(request.id, error);
        }
    }

    /// The worker stopped with an error: the request it had fails, and the
    /// next request starts a new worker.
    fn worker_failed(&mut self) {
        if let Some(computer) = self.worker.take() {
            computer.worker.terminate();
            self.fail_request(
                computer.asked,
                "the computer's worker failed to load or crashed".to_string(),
            );
        }
    }

    fn fail_request(&mut self, id: u32, error: String) {
        web_sys::console::error_1(&error.clone().into());
        self.dispatch(Action::Reply(Reply {
            id,
            error: Some(error),
            ..Reply::default()
        }));
    }

    /// Posts `request`, starting the worker first if need be, or keeps it
    /// until the worker says it is up.
    fn post(&mut self, request: &Request) -> Result<(), String> {
        let message = to_js(request).map_err(|e| format!("a request could not be sent: {e}"))?;
        let computer = match &mut self.worker {
            Some(computer) => computer,
            None => {
                let worker = start_worker(&self.document).map_err(|e| {
                    format!("the computer cannot play here: its worker did not start ({e:?})")
                })?;
                self.worker.insert(Computer {
                    worker,
                    waiting: Some(Vec::new()),
                    asked: request.id,
                })
            }
        };
        computer.asked = request.id;
        match &mut computer.waiting {
            Some(waiting) => {
                waiting.push(message);
                Ok(())
            }
            None => computer
                .worker
                .post_message(&message)
                .map_err(|e| format!("a request could not be sent to the worker: {e:?}")),
        }
    }

    /// The worker has started: the requests kept for it go now.
    fn worker_ready(&mut self) {
        let Some(computer) = self.worker.as_mut() else {
            return;
        };
        for message in computer.waiting.take().unwrap_or_default() {
            if computer.worker.post_message(&message).is_err() {
                web_sys::console::error_1(&"a request could not be sent to the worker".into());
            }
        }
    }
}
