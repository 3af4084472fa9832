//! The whole app's effects, run. In the light module this file is replaced
//! by `full_off.rs`: there are no such effects there to run.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlInputElement, MessageEvent, Window};

use super::{socket, with_app, App};
use crate::ui::{Boot, ConnectionMsg, FullAction, FullEffect, View};

/// What the whole app reads as the page loads: the embedding its address
/// asks for (and that embedding's saved game), the online seat the address
/// names or the one stored, the lobby's names and seats, and the puzzles'
/// progress.
pub(super) fn read_boot(
    window: &Window,
    search: &str,
    read: &dyn Fn(&str) -> Option<String>,
    boot: &mut Boot,
) {
    let embed = crate::embed::Embed::from_query(search);
    if let Some(Ok(embed)) = &embed {
        boot.saved = read(&embed.save_key());
    }
    let stored_seat =
        read(crate::ui::ONLINE_KEY).and_then(|t| crate::online_state::Seat::from_text(&t));
    // A game's address (`?watch=<id>`) plays from the seat held in it.
    let link = if embed.is_none() {
        socket::online_link(window).map(|seat| match &stored_seat {
            Some(held) if !seat.game.is_empty() && held.game == seat.game => held.clone(),
            _ => seat,
        })
    } else {
        None
    };
    boot.seat = link.or_else(|| stored_seat.clone());
    boot.stored_seat = stored_seat;
    boot.embed = embed;
    boot.guest = read(crate::ui::GUEST_KEY);
    boot.seats = read(crate::ui::SEATS_KEY);
    boot.account = read(crate::ui::ACCOUNT_KEY);
    boot.bots = read(crate::ui::BOTS_KEY);
    boot.puzzles = read(crate::ui::PUZZLES_KEY);
}

/// Whether `action` is the online game's heartbeat, after which only the
/// online panel is written again.
pub(super) fn is_heartbeat(action: &FullAction) -> bool {
    matches!(
        action,
        FullAction::Connection(ConnectionMsg::Heartbeat { .. })
    )
}

impl App {
    /// The whole app's listeners: a press on the review's graph, the host
    /// page's messages, and the page coming back (into view, from the
    /// back-forward cache, or online).
    pub(super) fn listen_full(&mut self) -> Result<(), JsValue> {
        let graph = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            with_app(|app| app.press_graph(&event));
        });
        if let Some(canvas) = self.element("review-graph") {
            canvas
                .add_event_listener_with_callback("pointerdown", graph.as_ref().unchecked_ref())?;
        }
        self.listeners.push(graph);
        let host = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            if let Some(event) = event.dyn_ref::<MessageEvent>() {
                with_app(|app| app.host_message(event));
            }
        });
        self.window
            .add_event_listener_with_callback("message", host.as_ref().unchecked_ref())?;
        self.listeners.push(host);
        let wake = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.wake()));
        self.document
            .add_event_listener_with_callback("visibilitychange", wake.as_ref().unchecked_ref())?;
        for name in ["online", "pageshow"] {
            self.window
                .add_event_listener_with_callback(name, wake.as_ref().unchecked_ref())?;
        }
        self.listeners.push(wake);
        let offline = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.lobby_offline()));
        self.window
            .add_event_listener_with_callback("offline", offline.as_ref().unchecked_ref())?;
        self.listeners.push(offline);
        Ok(())
    }

    /// Writes the whole app's own panels. Online play's (its waiting
    /// screen, connection line and claims) comes first among them here but
    /// after the game's: it may disable controls the game enabled.
    pub(super) fn write_full(&self, view: &View) {
        let full = &view.full;
        self.write_clocks(view.game.as_ref().and_then(|g| g.clocks.as_ref()));
        self.write_online_panel(full.online.as_ref());
        self.write_review(full.review.as_ref());
        self.write_analysis(full.analysis.as_ref());
        self.write_editor(full.editor.as_ref());
        self.write_lines(full.lines.as_ref(), view.analysis_board);
        self.set_hidden("share", full.record.is_none());
        self.set_text("record-out", full.record.as_deref().unwrap_or_default());
        self.write_puzzle(full.puzzle.as_ref());
        self.write_lobby(full.lobby.as_ref());
        self.write_chat(full.chat.as_ref());
        self.write_rematch(full.rematch.as_ref());
        self.write_safety(full.safety.as_ref());
        self.write_tournaments(
            full.tournaments.as_ref(),
            full.tournament.as_ref(),
            full.in_tournament.as_ref(),
        );
    }

    /// Offers the board, as drawn now, as a PNG picture named `name`.
    pub(super) fn picture(&self, name: &str) {
        if let Ok(url) = self.canvas.to_data_url_with_type("image/png") {
            self.save_url(name, &url);
        }
    }

    /// Asks for the screen wake lock, or lets it go, as `full.awake` says;
    /// where the browser has none, nothing happens.
    pub(super) fn hold_wake_lock(&mut self) {
        if !self.full.awake {
            if let Some(lock) = self.full.wake_lock.take() {
                release(&lock);
            }
            return;
        }
        if self.full.wake_lock.is_some() || self.document.hidden() {
            return;
        }
        let navigator = self.window.navigator();
        let Ok(wake_lock) = js_sys::Reflect::get(&navigator, &"wakeLock".into()) else {
            return;
        };
        let Ok(request) = js_sys::Reflect::get(&wake_lock, &"request".into()) else {
            return;
        };
        let Some(request) = request.dyn_ref::<js_sys::Function>() else {
            return;
        };
        let Ok(promise) = request.call1(&wake_lock, &"screen".into()) else {
            return;
        };
        let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
            return;
        };
        let held = Closure::once(|lock: JsValue| {
            with_app(|app| {
                if app.full.awake {
                    app.full.wake_lock = Some(lock);
                } else {
                    release(&lock);
                }
            })
        });
        // Refused (no permission, a hidden page): tried again when it wakes.
        let refused = Closure::once(|_: JsValue| {});
        let _ = promise.then2(&held, &refused);
        held.forget();
        refused.forget();
    }

    /// After the heartbeat: the online panel alone.
    pub(super) fn write_heartbeat(&self) {
        self.write_online_panel(self.ui.heartbeat_view().as_ref());
    }

    /// Runs one of the whole app's effects.
    pub(super) fn run_full(&mut self, effect: FullEffect) {
        match effect {
            FullEffect::ToHost(message) => self.post_to_host(&message),
            FullEffect::ReplyToHost(message) => self.reply_to_host(&message),
            FullEffect::Connect => self.connect(),
            FullEffect::Disconnect => self.full.socket = None,
            FullEffect::Heartbeat(on) => self.set_heartbeat(on),
            FullEffect::CreateOnline {
                game,
                side,
                suggestions,
                clock,
            } => self.create_online(game, &side, suggestions, clock),
            FullEffect::SendOnline(message) => self.send_online(&message),
            FullEffect::Copy(id) => self.copy_text(id),
            FullEffect::Picture { name } => self.picture(&name),
            FullEffect::LoadPuzzles(kind) => self.load_puzzles(kind),
            FullEffect::Api(call) => self.call(call),
            FullEffect::Follow(follow) => self.follow_lobby(follow),
            FullEffect::Notify(ask) => self.notify(ask),
            FullEffect::KeepAwake(on) => {
                self.full.awake = on;
                self.hold_wake_lock();
            }
            FullEffect::ClearField(id) => {
                if let Some(input) = self
                    .element(id)
                    .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
                {
                    input.set_value("");
                }
            }
        }
    }
}

/// The whole app's own handles.
#[derive(Default)]
pub(super) struct FullApp {
    /// The game server's socket, while the [`crate::ui::Ui`] wants one.
    pub(super) socket: Option<super::socket::Socket>,
    /// The lobby's socket, while lists are followed.
    pub(super) lobby: Option<super::lobby_socket::LobbySocket>,
    /// The online game's one-second heartbeat, while it runs.
    pub(super) heartbeat: Option<gloo_timers::callback::Interval>,
    /// A tournament's countdown ticking each second, and to when.
    pub(super) countdown: std::cell::RefCell<Option<(i64, gloo_timers::callback::Interval)>>,
    /// The host message being answered (its window and origin).
    pub(super) host_source: Option<(web_sys::Window, String)>,
    /// The console was told that the frame's events reach no host.
    pub(super) told_host: bool,
    /// The screen is to stay awake, and the browser's lock that keeps it
    /// so (let go by the browser whenever the page is hidden).
    pub(super) awake: bool,
    pub(super) wake_lock: Option<JsValue>,
}

/// Lets a screen wake lock go.
fn release(lock: &JsValue) {
    if let Ok(release) = js_sys::Reflect::get(lock, &"release".into()) {
        if let Some(release) = release.dyn_ref::<js_sys::Function>() {
            let _ = release.call0(lock);
        }
    }
}

/// A request of `method` carrying `body` as JSON (with its content type,
/// which the game server requires of every request that changes
/// something).
pub(super) fn json_request(method: &str, body: &str) -> web_sys::RequestInit {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    init.set_body(&JsValue::from_str(body));
    let headers = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&headers, &"Content-Type".into(), &"application/json".into());
    init.set_headers(&headers);
    init
}
