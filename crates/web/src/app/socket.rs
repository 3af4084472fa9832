//! The game server, on the page: the socket (opened, written and closed as
//! the [`crate::ui::Ui`]'s effects ask, its events reported as actions),
//! the online game's one-second heartbeat, creating a game over HTTP,
//! copying to the clipboard, and writing the online panel. Every decision
//! is the `Ui`'s.

use gloo_timers::callback::Interval;
use online_play::{decode_server, ClientMessage};
use wasm_bindgen_futures::JsFuture;
use web_sys::WebSocket;

use super::*;
use crate::online_state::Seat;
use crate::ui::OnlineView;
use crate::ui::{ConnectionMsg, FullAction};

/// The open socket and its event handlers.
pub(super) struct Socket {
    socket: WebSocket,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// A socket let go is closed without reporting it as a drop, and reports
/// nothing more: its handlers are dropped with it.
impl Drop for Socket {
    fn drop(&mut self) {
        self.socket.set_onopen(None);
        self.socket.set_onmessage(None);
        self.socket.set_onclose(None);
        let _ = self.socket.close();
    }
}

/// The game server's socket address, beside the page.
fn socket_url(window: &Window) -> String {
    let location = window.location();
    let secure = location.protocol().is_ok_and(|p| p == "https:");
    let host = location.host().unwrap_or_default();
    format!("{}://{host}/ws", if secure { "wss" } else { "ws" })
}

/// What a frame from the server says, or why it cannot be read.
fn read_frame(event: &JsValue) -> Result<online_play::ServerMessage, String> {
    let text = event
        .dyn_ref::<MessageEvent>()
        .and_then(|e| e.data().as_string())
        .ok_or_else(|| "a frame that is not text".to_string())?;
    decode_server(&text).map_err(|e| {
        let start: String = text.chars().take(80).collect();
        format!("{e}: {start}")
    })
}

impl App {
    /// Opens a socket to the game server, letting the old one go.
    pub(super) fn connect(&mut self) {
        self.full.socket = None;
        let Ok(socket) = WebSocket::new(&socket_url(&self.window)) else {
            let hidden = self.document.hidden();
            self.dispatch(Action::Full(FullAction::Connection(
                ConnectionMsg::Closed { hidden },
            )));
            return;
        };
        let on_open = Closure::<dyn FnMut(JsValue)>::new(|_| {
            dispatch(Action::Full(FullAction::Connection(ConnectionMsg::Open {
                now_ms: now_ms(),
            })))
        });
        let on_message = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
            let message = read_frame(&event);
            dispatch(Action::Full(FullAction::Connection(
                ConnectionMsg::Message {
                    now_ms: now_ms(),
                    message,
                },
            )));
        });
        let on_close = Closure::<dyn FnMut(JsValue)>::new(|_| {
            with_app(|app| {
                let hidden = app.document.hidden();
                app.dispatch(Action::Full(FullAction::Connection(
                    ConnectionMsg::Closed { hidden },
                )));
            })
        });
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        self.full.socket = Some(Socket {
            socket,
            _handlers: vec![on_open, on_message, on_close],
        });
    }

    /// Sends `message` if the socket is open.
    pub(super) fn send_online(&self, message: &ClientMessage) {
        if let Some(s) = &self.full.socket {
            if s.socket.ready_state() == WebSocket::OPEN {
                let _ = s.socket.send_with_str(&message.to_text());
            }
        }
    }

    /// Starts or stops the online game's one-second heartbeat.
    pub(super) fn set_heartbeat(&mut self, on: bool) {
        self.full.heartbeat = on.then(|| {
            Interval::new(1000, || {
                with_app(|app| {
                    let hidden = app.document.hidden();
                    app.dispatch(Action::Full(FullAction::Connection(
                        ConnectionMsg::Heartbeat {
                            now_ms: now_ms(),
                            hidden,
                        },
                    )));
                })
            })
        });
    }

    /// Back in view or back online.
    pub(super) fn wake(&mut self) {
        self.lobby_back_online();
        // The browser lets the screen lock go whenever the page is hidden.
        if self.document.hidden() {
            self.full.wake_lock = None;
        }
        self.hold_wake_lock();
        let hidden = self.document.hidden();
        self.dispatch(Action::Full(FullAction::Connection(ConnectionMsg::Wake {
            hidden,
        })));
    }

    /// The waiting screen, the connection line, suggestions and claims.
    pub(super) fn write_online_panel(&self, view: Option<&OnlineView>) {
        self.set_hidden("online-panel", view.is_none());
        let Some(view) = view else {
            return;
        };
        self.set_text("waiting-code", &view.code);
        let origin = self.window.location().origin().unwrap_or_default();
        let path = self.window.location().pathname().unwrap_or_default();
        self.set_text(
            "waiting-link",
            &format!("{origin}{path}{}", view.join_query),
        );
        self.set_text("watch-link", &format!("{origin}{path}{}", view.watch_query));
        self.set_text("connection", &view.connection);
        self.set_hidden("connection", view.connection.is_empty());
        if let Some(body) = self.document.body() {
            let _ = body.set_attribute("data-link", view.link);
            let _ = body.set_attribute("data-pending", if view.pending { "true" } else { "false" });
        }
        self.set_text("presence", &view.presence);
        self.set_text("suggestions", &view.suggestions);
        self.set_hidden("suggestions", view.suggestions.is_empty());
        self.set_hidden("claim", !view.claim);
        self.set_disabled("resign", view.resign_disabled);
        self.set_disabled("offer-draw", view.offer_draw_disabled);
        self.set_hidden("abort", !view.abort);
        self.write_asked("abort", &view.abort_label, view.abort_asked);
        self.set_disabled("undo", true);
    }

    /// Creates a game on the server with the choices of the opponent
    /// screen; the answer comes back as [`ConnectionMsg::Created`].
    pub(super) fn create_online(
        &mut self,
        game: &str,
        side: &str,
        suggestions: bool,
        clock: Option<String>,
    ) {
        let body = online_play::NewGame {
            game: game.to_string(),
            side: Some(side.to_string()),
            suggestions,
            // The choices offered are all time controls.
            clock: clock.and_then(|c| c.parse().ok()),
        };
        let body = serde_json::to_string(&body).unwrap_or_default();
        let window = self.window.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = create_request(&window, &body).await;
            dispatch(Action::Full(FullAction::Connection(
                ConnectionMsg::Created(result),
            )));
        });
    }

    /// Copies the text of element `id` to the clipboard; whether it could
    /// comes back as [`FullAction::Copied`].
    pub(super) fn copy_text(&self, id: &str) {
        let text = self
            .element(id)
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        let promise = self.window.navigator().clipboard().write_text(&text);
        wasm_bindgen_futures::spawn_local(async move {
            let done = JsFuture::from(promise).await.is_ok();
            dispatch(Action::Full(FullAction::Copied(done)));
        });
    }
}

/// POSTs a new game; the seat of its creator.
async fn create_request(window: &Window, body: &str) -> Result<Seat, String> {
    let init = super::full::json_request("POST", body);
    let offline = || crate::t!("server-unreachable");
    let (ok, text) = super::fetch(window, "api/games", Some(&init))
        .await
        .map_err(|_| offline())?;
    if !ok {
        let refusal = online_play::api::Refusal::read(&text);
        let why = crate::ui::refusal::words(refusal.as_ref());
        return Err(crate::t!("server-cannot-create", why = &why));
    }
    Seat::from_created(&text)
}

/// The online game a link opens: `?join=K7Q4MZ` takes the friend's seat,
/// `?watch=<game id>` watches. The link is spent once followed: a reload
/// returns by the stored seat instead.
pub(super) fn online_link(window: &Window) -> Option<Seat> {
    let search = window.location().search().ok()?;
    let pairs = || crate::embed::query_pairs(&search);
    // A game to create is made once: the address forgets it at once too.
    if pairs().any(|(key, _)| key == "online") {
        forget_query(window);
    }
    let seat = pairs().find_map(|(key, value)| {
        let value = crate::embed::clean(value);
        match key {
            "join" => Some(Seat::joining(value)),
            "watch" => Some(Seat::watching(value)),
            _ => None,
        }
    })?;
    forget_query(window);
    Some(seat)
}

/// Takes the query off the page's address, without a new history entry.
fn forget_query(window: &Window) {
    if let Ok(history) = window.history() {
        let path = window.location().pathname().unwrap_or_default();
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
}

impl App {
    /// An online game's clocks, or none.
    pub(super) fn write_clocks(&self, clocks: Option<&[crate::online_state::ClockFace; 2]>) {
        self.set_hidden("clocks", clocks.is_none());
        let Some(faces) = clocks else {
            return;
        };
        for (id, face) in ["clock-white", "clock-black"].into_iter().zip(faces) {
            self.set_text(id, &face.text);
            if let Some(el) = self.element(id) {
                let classes = el.class_list();
                let _ = classes.toggle_with_force("running", face.running);
                let _ = classes.toggle_with_force("low", face.low);
            }
        }
    }
}
