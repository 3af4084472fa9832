//! Online play on the page: creating and joining games, the socket with its
//! heartbeat and reconnection, and showing what [`Online`] says. Every
//! decision about the game is the server's, mirrored by [`Online`].

use gloo_timers::callback::Interval;
use protocol::{decode_server, ClientMessage, ServerMessage};
use wasm_bindgen_futures::JsFuture;
use web_sys::{RequestInit, Response, WebSocket};

use super::*;
use crate::online_state::{Link, Online, Seat};
use crate::ui::{OnlineView, ONLINE_KEY};
use engine::AnyTurn;

/// Milliseconds of silence after which the socket counts as dead.
const SILENCE_MS: f64 = 8000.0;
/// Milliseconds between pings while the socket is quiet.
const PING_MS: f64 = 3000.0;
/// The longest wait before trying to reconnect, in milliseconds.
const MAX_RETRY_MS: f64 = 15_000.0;

/// The socket and what keeps it alive.
pub(super) struct Connection {
    socket: WebSocket,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// Everything of online play the page holds.
pub(super) struct OnlinePage {
    pub online: Online,
    connection: Option<Connection>,
    /// Failed attempts in a row (for the back-off).
    retries: u32,
    last_heard: f64,
    last_ping: f64,
    /// When the opponent's absence lets this player claim (page clock, ms).
    claim_at: Option<f64>,
    _ticker: Option<Interval>,
    retry: Option<Timeout>,
}

/// A connection let go is closed without reporting it as a drop.
impl Drop for Connection {
    fn drop(&mut self) {
        self.socket.set_onclose(None);
        let _ = self.socket.close();
    }
}

/// 128 random bits, for a seat token: the browser's random source
/// (getrandom), or `Math.random` where it fails.
fn random_words() -> [u32; 4] {
    std::array::from_fn(|_| {
        getrandom::u32().unwrap_or_else(|_| (js_sys::Math::random() * 4_294_967_296.0) as u32)
    })
}

/// The game server's socket address, beside the page.
fn socket_url(window: &Window) -> String {
    let location = window.location();
    let secure = location.protocol().is_ok_and(|p| p == "https:");
    let host = location.host().unwrap_or_default();
    format!("{}://{host}/ws", if secure { "wss" } else { "ws" })
}

impl App {
    /// Takes part in the online game `seat` names: connects and shows it.
    pub(super) fn enter_online(&mut self, seat: Seat) {
        // A friend joining by code sends a token of its own with the code.
        let seat = seat.with_joiner_token(random_words());
        self.ui.enter_online();
        self.store(ONLINE_KEY, &seat.to_text());
        let ticker = Interval::new(1000, || with_app(|app| app.online_tick()));
        self.online = Some(OnlinePage {
            online: Online::new(seat),
            connection: None,
            retries: 0,
            last_heard: now_ms(),
            last_ping: now_ms(),
            claim_at: None,
            _ticker: Some(ticker),
            retry: None,
        });
        self.show("waiting");
        self.sync_online();
        self.connect();
    }

    pub(super) fn connect(&mut self) {
        let Some(page) = self.online.as_mut() else {
            return;
        };
        page.connection = None;
        page.retry = None;
        let Ok(socket) = WebSocket::new(&socket_url(&self.window)) else {
            self.socket_closed();
            return;
        };
        let on_open = Closure::<dyn FnMut(JsValue)>::new(|_| with_app(|app| app.socket_open()));
        let on_message = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
            let text = event
                .dyn_ref::<MessageEvent>()
                .and_then(|e| e.data().as_string())
                .unwrap_or_default();
            with_app(|app| app.socket_message(&text));
        });
        // Closed by the network or by the server (even for misbehaving: the
        // seat may still be good): try again after the back-off.
        let on_close = Closure::<dyn FnMut(JsValue)>::new(|_| with_app(|app| app.socket_closed()));
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        page.last_heard = now_ms();
        page.connection = Some(Connection {
            socket,
            _handlers: vec![on_open, on_message, on_close],
        });
    }

    pub(super) fn send_online(&self, message: &ClientMessage) {
        if let Some(c) = self.online.as_ref().and_then(|p| p.connection.as_ref()) {
            if c.socket.ready_state() == WebSocket::OPEN {
                let _ = c.socket.send_with_str(&message.to_text());
            }
        }
    }

    fn socket_open(&mut self) {
        let Some(page) = self.online.as_mut() else {
            return;
        };
        page.retries = 0;
        page.last_heard = now_ms();
        let effects = self.ui.socket_open(&page.online);
        self.run(effects);
    }

    fn socket_message(&mut self, text: &str) {
        let Some(page) = self.online.as_mut() else {
            return;
        };
        page.last_heard = now_ms();
        let Ok(message) = decode_server(text) else {
            return;
        };
        if let ServerMessage::OpponentGone { seconds } = message {
            page.claim_at = Some(now_ms() + f64::from(seconds) * 1000.0);
        }
        let effects = self.ui.receive(&mut page.online, message);
        self.run(effects);
        self.refresh();
    }

    fn socket_closed(&mut self) {
        let hidden = self.document.hidden();
        let Some(page) = self.online.as_mut() else {
            return;
        };
        page.connection = None;
        page.online.link = Link::Reconnecting;
        if !hidden {
            // Capped, jittered back-off: 0.5 s, 1 s, 2 s… up to 15 s.
            let base = (500.0 * 2f64.powi(page.retries.min(5) as i32)).min(MAX_RETRY_MS);
            let wait = base * (0.75 + 0.5 * js_sys::Math::random());
            page.retries += 1;
            page.retry = Some(Timeout::new(wait as u32, || with_app(|app| app.connect())));
        }
        self.sync_online();
    }

    /// Back in view or back online: reconnect at once if the socket is gone.
    pub(super) fn wake_online(&mut self) {
        let alive = self
            .online
            .as_ref()
            .and_then(|p| p.connection.as_ref())
            .is_some_and(|c| c.socket.ready_state() <= WebSocket::OPEN);
        if self.online.is_some() && !alive && !self.document.hidden() {
            self.connect();
        }
    }

    /// Once a second: the heartbeat, the check for a silent socket, and the
    /// opponent-away countdown.
    fn online_tick(&mut self) {
        let now = now_ms();
        let Some(page) = self.online.as_mut() else {
            return;
        };
        if let Some(at) = page.claim_at {
            let left = ((at - now) / 1000.0).ceil().max(0.0) as u32;
            if page.online.opponent_gone.is_some() {
                page.online.opponent_gone = Some(left);
            }
        }
        let open = page
            .connection
            .as_ref()
            .is_some_and(|c| c.socket.ready_state() == WebSocket::OPEN);
        if open && now - page.last_heard > SILENCE_MS {
            // A dead socket that never said so (a phone changing networks).
            page.connection = None;
            self.socket_closed();
            return;
        }
        if open && now - page.last_ping > PING_MS {
            page.last_ping = now;
            self.send_online(&ClientMessage::Ping);
        }
        self.refresh_online_panel();
    }

    /// Shows the online game as [`Online`] has it.
    pub(super) fn sync_online(&mut self) {
        let Some(page) = self.online.as_ref() else {
            return;
        };
        let effects = self.ui.show_online(&page.online);
        self.run(effects);
        // Refreshing the panels refreshes the online panel too.
        self.refresh();
    }

    /// The waiting screen, the connection line, suggestions and claims.
    pub(super) fn refresh_online_panel(&self) {
        let page = self.online.as_ref();
        self.set_hidden("online-panel", page.is_none());
        let Some(page) = page else {
            return;
        };
        let view = OnlineView::of(&page.online);
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
        self.set_disabled("undo", true);
    }

    /// A turn entered on the board: the player's move, or a spectator's
    /// suggestion.
    pub(super) fn send_turn(&mut self, turn: AnyTurn) {
        let Some(page) = self.online.as_mut() else {
            return;
        };
        let effects = self.ui.send_turn(&mut page.online, turn);
        self.run(effects);
    }

    /// Creates a game on the server with the choices of the opponent screen.
    pub(super) fn create_online(&mut self, game: &str, side: &str, suggestions: bool) {
        let body = serde_json::json!({ "game": game, "side": side, "suggestions": suggestions });
        let window = self.window.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = create_request(&window, &body.to_string()).await;
            with_app(|app| {
                match result {
                    Ok(seat) => {
                        app.set_notice(None);
                        app.enter_online(seat);
                    }
                    Err(why) => app.set_notice(Some(&why)),
                }
                app.refresh();
            });
        });
    }

    /// Copies the text of element `id` to the clipboard.
    pub(super) fn copy_text(&self, id: &str) {
        let text = self
            .element(id)
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        let promise = self.window.navigator().clipboard().write_text(&text);
        wasm_bindgen_futures::spawn_local(async move {
            let done = JsFuture::from(promise).await.is_ok();
            with_app(|app| {
                app.set_notice(Some(if done {
                    "Copied."
                } else {
                    "Copying is not allowed here; select the text instead."
                }));
                app.refresh();
            });
        });
    }
}

/// POSTs a new game; the seat of its creator.
async fn create_request(window: &Window, body: &str) -> Result<Seat, String> {
    let init = RequestInit::new();
    init.set_method("POST");
    init.set_body(&JsValue::from_str(body));
    let offline =
        || "The game server cannot be reached: online play needs the network.".to_string();
    let response = JsFuture::from(window.fetch_with_str_and_init("api/games", &init))
        .await
        .map_err(|_| offline())?;
    let response: Response = response.dyn_into().map_err(|_| offline())?;
    let text = JsFuture::from(response.text().map_err(|_| offline())?)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_default();
    if !response.ok() {
        return Err(format!("The server could not create the game: {text}"));
    }
    #[derive(serde::Deserialize)]
    struct Created {
        id: String,
        code: String,
        token: String,
    }
    let created: Created = serde_json::from_str(&text)
        .map_err(|_| "The server's answer was unreadable.".to_string())?;
    Ok(Seat {
        game: created.id,
        token: Some(created.token),
        code: Some(created.code),
        creator: true,
    })
}
