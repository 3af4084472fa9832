//! The page: screens, the board, the controls and the computer's worker,
//! wired to the [`Session`]. Thin glue: every decision is made in
//! [`crate::session`] and [`crate::input`]; this module forwards events and
//! shows the result.

mod board;
mod computer;
mod embed;
mod online;
mod panels;

use std::cell::RefCell;

use engine::chess::Role as ChessRole;
use engine::search::Level;
use engine::{AnyTurn, Point, Side, Variant};
use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, Event, HtmlCanvasElement, HtmlDialogElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, MessageEvent, PointerEvent, Storage, Window, Worker,
};

use crate::keyboard::role_name;
use crate::layout::Layout;
use crate::render::{self, Scene};
use crate::save::{Prefs, Stats};
use crate::session::{Mode, Session, Update};
use crate::triple::TripleDetector;
use crate::worker::{Reply, Request};
pub use panels::display_name;

const SAVE_KEY: &str = "alquerque.game";
const SET_ASIDE_KEY: &str = "alquerque.game.unreadable";
const PREFS_KEY: &str = "alquerque.prefs";
const STATS_KEY: &str = "alquerque.stats";
/// Seconds the computer may think, Expert included.
const THINK_SECONDS: f64 = 0.95;
/// Milliseconds a move takes on screen, per step of its path.
const STEP_MS: f64 = 160.0;
/// How far (CSS pixels) a press must travel to be a drag.
const DRAG_START: f64 = 6.0;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the page's state, if it is up (and not already in use), and
/// keeps the longest time one such task took in the body's
/// `data-longest-task` (milliseconds), so the page's own work can be
/// watched.
fn with_app(f: impl FnOnce(&mut App)) {
    let start = now_ms();
    APP.with(|app| {
        if let Ok(mut app) = app.try_borrow_mut() {
            if let Some(app) = app.as_mut() {
                f(app);
                let took = now_ms() - start;
                if took > app.longest_task {
                    app.longest_task = took;
                    if let Some(body) = app.document.body() {
                        let _ = body.set_attribute("data-longest-task", &format!("{took:.0}"));
                    }
                }
            }
        }
    });
}

struct Drag {
    from: Point,
    start: (f64, f64),
    at: (f64, f64),
    moved: bool,
}

struct Animation {
    /// The moving piece's point after the move, and the canvas positions
    /// its path passes through.
    piece: Point,
    path: Vec<(f64, f64)>,
    start_ms: f64,
    /// The pieces the move took, shown fading as the mover passes.
    captured: Vec<(Point, engine::PieceView)>,
}

struct App {
    window: Window,
    document: Document,
    canvas: HtmlCanvasElement,
    storage: Option<Storage>,
    session: Option<Session>,
    /// A new game waiting for the player to confirm that the old one goes.
    pending: Option<Session>,
    choice: Variant,
    prefs: Prefs,
    stats: Stats,
    triple: TripleDetector,
    drag: Option<Drag>,
    animation: Option<Animation>,
    promotion: Option<Vec<(ChessRole, AnyTurn)>>,
    worker: Option<Worker>,
    /// The request the computer is answering, if any.
    thinking: Option<u32>,
    next_request: u32,
    paused: bool,
    timer: Option<Timeout>,
    listeners: Vec<Closure<dyn FnMut(Event)>>,
    longest_task: f64,
    /// The online game this page takes part in, if any.
    online: Option<online::OnlinePage>,
    /// The keyboard's cursor on the board, shown while the board has the
    /// focus.
    cursor: Option<Point>,
    /// The number of turns last announced to screen readers.
    announced_ply: std::cell::Cell<Option<usize>>,
    /// Where the game in progress is saved (each embedded game has its own).
    save_key: String,
    /// Embedded in another site's page: what it asked for.
    embed: Option<crate::embed::Embed>,
    /// The state last reported to the host page (turns, over).
    reported: std::cell::Cell<Option<(usize, bool)>>,
}

/// Starts the page. A page without the board (a test page, say) is left
/// alone.
pub fn start() -> Result<(), JsValue> {
    let Some(window) = web_sys::window() else {
        return Ok(());
    };
    let document = window.document().ok_or("no document")?;
    let Some(canvas) = document.get_element_by_id("board") else {
        return Ok(());
    };
    let canvas: HtmlCanvasElement = canvas
        .dyn_into()
        .map_err(|_| JsValue::from_str("#board is not a <canvas>"))?;
    // Storage may be missing or refuse access (a sandboxed frame).
    let storage = window.local_storage().ok().flatten();
    let read = |key: &str| {
        storage
            .as_ref()
            .and_then(|s| s.get_item(key).ok().flatten())
    };
    let prefs = read(PREFS_KEY)
        .map(|t| Prefs::from_text(&t))
        .unwrap_or_default();
    let stats = read(STATS_KEY)
        .map(|t| Stats::from_text(&t))
        .unwrap_or_default();
    let search = window.location().search().unwrap_or_default();
    let embed = crate::embed::Embed::from_query(&search);
    let save_key = match &embed {
        Some(Ok(embed)) => embed.save_key(),
        _ => SAVE_KEY.to_string(),
    };
    let saved = read(&save_key);
    let seat = read(online::ONLINE_KEY);
    let worker = start_worker();
    let mut app = App {
        window,
        document,
        canvas,
        storage,
        session: None,
        pending: None,
        choice: Variant::Draughts(engine::GameKey::Classic),
        prefs,
        stats,
        triple: TripleDetector::new(),
        drag: None,
        animation: None,
        promotion: None,
        worker,
        thinking: None,
        next_request: 1,
        paused: false,
        timer: None,
        listeners: Vec::new(),
        longest_task: 0.0,
        online: None,
        cursor: None,
        announced_ply: std::cell::Cell::new(None),
        save_key,
        embed: None,
        reported: std::cell::Cell::new(None),
    };
    app.listen()?;
    let mut notice = None;
    if app.storage.is_none() {
        notice = Some(
            "This browser keeps no storage for the game here: it plays, but a reload forgets it."
                .to_string(),
        );
    }
    match embed {
        Some(Ok(embed)) => app.start_embedded(embed, saved),
        Some(Err(e)) => {
            notice = Some(format!(
                "This embedded game's settings are not valid: {}.",
                e.0
            ));
            app.start_standalone(saved, seat, &mut notice);
        }
        None => app.start_standalone(saved, seat, &mut notice),
    }
    app.set_notice(notice.as_deref());
    app.sync_prefs();
    app.refresh();
    APP.with(|cell| cell.replace(Some(app)));
    with_app(|app| {
        app.maybe_think();
        app.report_ready();
    });
    Ok(())
}

impl App {
    /// Starts the ordinary page: the online game a link or the stored seat
    /// names, else the saved game, else the home screen.
    fn start_standalone(
        &mut self,
        saved: Option<String>,
        seat: Option<String>,
        notice: &mut Option<String>,
    ) {
        let link = online_link(&self.window);
        if link.is_some() {
            // The link is spent once followed: a reload returns by the stored
            // seat instead.
            if let Ok(history) = self.window.history() {
                let path = self.window.location().pathname().unwrap_or_default();
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
            }
        }
        let seat = link.or_else(|| seat.and_then(|t| crate::online::Seat::from_text(&t)));
        if let Some(seat) = seat {
            self.enter_online(seat);
            return;
        }
        match saved.map(|text| (Session::from_save(&text), text)) {
            Some((Ok(session), _)) => {
                self.session = Some(session);
                self.show("game");
            }
            Some((Err(e), text)) => {
                self.store(SET_ASIDE_KEY, &text);
                self.remove(&self.save_key);
                *notice = Some(format!(
                    "Your saved game could not be restored: {e}. It has been set aside."
                ));
                self.show("home");
            }
            None => self.show("home"),
        }
    }
}

/// The online game a link opens: `?join=K7Q4MZ` takes the friend's seat,
/// `?watch=<game id>` watches.
fn online_link(window: &Window) -> Option<crate::online::Seat> {
    let search = window.location().search().ok()?;
    let seat = crate::embed::query_pairs(&search).find_map(|(key, value)| {
        let value = crate::embed::clean(value);
        match key {
            "join" => Some(crate::online::Seat::joining(value)),
            "watch" => Some(crate::online::Seat::watching(value)),
            _ => None,
        }
    });
    seat
}

/// The computer's worker, or `None` where workers are unavailable (the
/// computer then thinks on the page).
fn start_worker() -> Option<Worker> {
    let worker = Worker::new("./ai-worker_loader.js").ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        if let Ok(reply) = serde_json::from_str::<Reply>(&text) {
            with_app(|app| app.on_reply(reply));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Some(worker)
}

/// A seed for a new game's computer players.
fn new_seed() -> u64 {
    (js_sys::Date::now() as u64) ^ 0x5DEE_CE66_D1CE_4E5B
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

impl App {
    fn element(&self, id: &str) -> Option<Element> {
        self.document.get_element_by_id(id)
    }

    fn store(&self, key: &str, value: &str) {
        if let Some(storage) = &self.storage {
            // A full or blocked storage loses only persistence.
            let _ = storage.set_item(key, value);
        }
    }

    fn remove(&self, key: &str) {
        if let Some(storage) = &self.storage {
            let _ = storage.remove_item(key);
        }
    }

    fn listen(&mut self) -> Result<(), JsValue> {
        let click = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            let target = event
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|e| e.closest("[data-action]").ok().flatten());
            if let Some(target) = target {
                with_app(|app| app.action(&target));
            }
        });
        self.document
            .add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
        self.listeners.push(click);
        let change = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.read_prefs()));
        for id in ["pref-hints", "pref-prompts", "pref-animate"] {
            if let Some(input) = self.element(id) {
                input
                    .add_event_listener_with_callback("change", change.as_ref().unchecked_ref())?;
            }
        }
        self.listeners.push(change);
        let delay = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.read_delay()));
        if let Some(select) = self.element("watch-delay") {
            select.add_event_listener_with_callback("change", delay.as_ref().unchecked_ref())?;
        }
        self.listeners.push(delay);
        for (name, handler) in [
            (
                "pointerdown",
                App::pointer_down as fn(&mut App, &PointerEvent),
            ),
            ("pointermove", App::pointer_move),
            ("pointerup", App::pointer_up),
            ("pointercancel", App::pointer_cancel),
        ] {
            let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                if let Some(event) = event.dyn_ref::<PointerEvent>() {
                    event.prevent_default();
                    with_app(|app| handler(app, event));
                }
            });
            self.canvas
                .add_event_listener_with_callback(name, closure.as_ref().unchecked_ref())?;
            self.listeners.push(closure);
        }
        let keys = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            if let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() {
                if event.ctrl_key() || event.meta_key() || event.alt_key() {
                    return;
                }
                let name = event.key();
                let mut handled = false;
                with_app(|app| handled = app.key_down(&name));
                if handled {
                    event.prevent_default();
                }
            }
        });
        self.canvas
            .add_event_listener_with_callback("keydown", keys.as_ref().unchecked_ref())?;
        self.listeners.push(keys);
        // The cursor shows while the board has the focus.
        let focus = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.draw()));
        for name in ["focus", "blur"] {
            self.canvas
                .add_event_listener_with_callback(name, focus.as_ref().unchecked_ref())?;
        }
        self.listeners.push(focus);
        let host = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            if let Some(event) = event.dyn_ref::<MessageEvent>() {
                with_app(|app| app.host_message(event));
            }
        });
        self.window
            .add_event_listener_with_callback("message", host.as_ref().unchecked_ref())?;
        self.listeners.push(host);
        let wake = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.wake_online()));
        self.document
            .add_event_listener_with_callback("visibilitychange", wake.as_ref().unchecked_ref())?;
        for name in ["online", "pageshow"] {
            self.window
                .add_event_listener_with_callback(name, wake.as_ref().unchecked_ref())?;
        }
        self.listeners.push(wake);
        let redraw = Closure::<dyn FnMut(Event)>::new(|_| with_app(|app| app.draw()));
        self.window
            .add_event_listener_with_callback("resize", redraw.as_ref().unchecked_ref())?;
        let observer = web_sys::ResizeObserver::new(redraw.as_ref().unchecked_ref())?;
        observer.observe(&self.canvas);
        self.listeners.push(redraw);
        Ok(())
    }

    fn show(&self, screen: &str) {
        if let Ok(list) = self.document.query_selector_all(".screen[data-screen]") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    let name = el.get_attribute("data-screen").unwrap_or_default();
                    el.set_hidden(name != screen);
                }
            }
        }
        if let Some(body) = self.document.body() {
            let _ = body.set_attribute("data-screen", screen);
        }
    }

    fn set_notice(&self, text: Option<&str>) {
        if let Some(el) = self
            .element("notice")
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            el.set_text_content(text);
            el.set_hidden(text.is_none());
        }
    }

    fn select_value(&self, id: &str) -> String {
        self.element(id)
            .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
            .map(|s| s.value())
            .unwrap_or_default()
    }

    fn action(&mut self, target: &Element) {
        let action = target.get_attribute("data-action").unwrap_or_default();
        match action.as_str() {
            "home" => {
                self.set_notice(None);
                self.show("home");
                self.refresh_stats();
            }
            "rules" => self.open_rules(),
            "close-rules" => self.show(if self.session.is_some() {
                "game"
            } else {
                "home"
            }),
            "pick" => {
                if let Some(variant) = target
                    .get_attribute("data-game")
                    .and_then(|g| g.parse().ok())
                {
                    self.choice = variant;
                    if let Some(el) = self.element("opponent-game") {
                        el.set_text_content(Some(&format!("Game: {}", display_name(variant))));
                    }
                    self.show("opponent");
                }
            }
            "start-computer" => {
                let level = self.select_value("level").parse().unwrap_or(Level::Medium);
                let human = if self.select_value("side") == "black" {
                    Side::Black
                } else {
                    Side::White
                };
                self.begin(Mode::Computer { level, human });
            }
            "start-friend" => self.begin(Mode::Friend),
            "start-online" => self.create_online(),
            "join-online" => self.join_online(),
            "copy-code" => self.copy_text("waiting-code"),
            "copy-link" => self.copy_text("waiting-link"),
            "copy-watch" => self.copy_text("watch-link"),
            "cancel-online" => {
                self.online_action("abort");
                self.leave_online();
                self.show("home");
            }
            "start-watch" => {
                let delay_ms = self.select_value("delay").parse().unwrap_or(900);
                self.begin(Mode::Watch {
                    level: Level::Medium,
                    delay_ms,
                });
            }
            "new-game" if self.embed.is_some() => {
                if let Some(mode) = self.embed.as_ref().and_then(embed::local_mode) {
                    self.begin(mode);
                }
            }
            "new-game" => {
                let unfinished = self
                    .session
                    .as_ref()
                    .is_some_and(|s| !s.is_over() && s.game.ply() > 0);
                if unfinished {
                    self.open_dialog("confirm-new");
                } else {
                    self.show("home");
                }
            }
            "confirm-new-yes" => {
                self.close_dialog("confirm-new");
                match self.pending.take() {
                    Some(session) => self.adopt(session),
                    None => {
                        self.discard();
                        self.show("home");
                    }
                }
            }
            "confirm-new-no" => {
                self.close_dialog("confirm-new");
                self.pending = None;
                if self.session.is_some() {
                    self.show("game");
                }
            }
            _ => self.game_action(&action, target),
        }
    }

    fn game_action(&mut self, action: &str, target: &Element) {
        if self.online_action(action) {
            return;
        }
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        match action {
            "undo" => {
                session.undo();
                self.thinking = None;
                self.promotion = None;
            }
            "resign" => {
                session.resign();
            }
            "offer-draw" => {
                let by = match session.mode {
                    Mode::Computer { human, .. } => human,
                    _ => session.game.side_to_move(),
                };
                if session.offer_draw(by) && session.awaiting_computer_answer() {
                    self.ask_about_draw();
                }
            }
            "draw-yes" => session.answer_draw(true),
            "draw-no" => session.answer_draw(false),
            "flip" => self.prefs.flipped = !self.prefs.flipped,
            "back" => {
                let ply = session.review.unwrap_or(session.game.ply());
                session.review = Some(ply.saturating_sub(1));
            }
            "forward" => {
                if let Some(ply) = session.review {
                    session.review = (ply + 1 < session.game.ply()).then_some(ply + 1);
                }
            }
            "review" => {
                let ply = target
                    .get_attribute("data-ply")
                    .and_then(|p| p.parse().ok())
                    .unwrap_or(0usize);
                session.review = (ply < session.game.ply()).then_some(ply);
            }
            "promote" => {
                let role = target.get_attribute("data-role").unwrap_or_default();
                let choice = self.promotion.take().and_then(|options| {
                    options
                        .into_iter()
                        .find(|(r, _)| role_name(*r) == role)
                        .map(|(_, turn)| turn)
                });
                if let Some(turn) = choice {
                    let update = session.play(turn);
                    self.after(update, was_over);
                    return;
                }
            }
            "pause" => self.paused = !self.paused,
            "step" => {
                self.paused = true;
                self.think_now();
            }
            "take-over" => {
                if let Mode::Watch { level, .. } = session.mode {
                    let human = session.game.side_to_move();
                    session.mode = Mode::Computer { level, human };
                    self.thinking = None;
                }
            }
            _ => return,
        }
        self.after(Update::Selection, was_over);
    }

    fn begin(&mut self, mode: Mode) {
        let seed = new_seed();
        let session = Session::new(self.choice, mode, seed);
        let unfinished = self
            .session
            .as_ref()
            .is_some_and(|s| !s.is_over() && s.game.ply() > 0);
        if unfinished {
            self.pending = Some(session);
            self.open_dialog("confirm-new");
        } else {
            self.adopt(session);
        }
    }

    fn adopt(&mut self, session: Session) {
        self.leave_online();
        self.session = Some(session);
        self.thinking = None;
        self.promotion = None;
        self.paused = false;
        self.animation = None;
        self.set_notice(None);
        self.show("game");
        self.save();
        self.refresh();
        self.maybe_think();
    }

    fn discard(&mut self) {
        self.leave_online();
        self.session = None;
        self.thinking = None;
        self.remove(&self.save_key);
    }

    fn open_dialog(&self, id: &str) {
        if let Some(dialog) = self
            .element(id)
            .and_then(|e| e.dyn_into::<HtmlDialogElement>().ok())
        {
            let _ = dialog.show_modal();
        }
    }

    fn close_dialog(&self, id: &str) {
        if let Some(dialog) = self
            .element(id)
            .and_then(|e| e.dyn_into::<HtmlDialogElement>().ok())
        {
            dialog.close();
        }
    }

    fn open_rules(&self) {
        if let Some(el) = self.element("rulebook") {
            if el.child_element_count() == 0 {
                el.set_inner_html(include_str!("../../../../www/rulebook.html"));
            }
            let key = self.session.as_ref().map(|s| s.game.variant().as_str());
            self.show("rules");
            if let Some(article) = key.and_then(|k| self.element(&format!("rules-{k}"))) {
                article.scroll_into_view();
            }
        }
    }

    fn read_prefs(&mut self) {
        let document = self.document.clone();
        let checked = |id: &str, was: bool| {
            document
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
                .map_or(was, |i| i.checked())
        };
        self.prefs.hints = checked("pref-hints", self.prefs.hints);
        self.prefs.prompts = checked("pref-prompts", self.prefs.prompts);
        self.prefs.animate = checked("pref-animate", self.prefs.animate);
        self.store(PREFS_KEY, &self.prefs.to_text());
        self.refresh();
    }

    /// A new pause between the computer's moves while watching.
    fn read_delay(&mut self) {
        let value = self.select_value("watch-delay").parse().unwrap_or(900);
        if let Some(session) = self.session.as_mut() {
            if let Mode::Watch { delay_ms, .. } = &mut session.mode {
                *delay_ms = value;
            }
        }
        self.save();
    }

    fn sync_prefs(&self) {
        for (id, on) in [
            ("pref-hints", self.prefs.hints),
            ("pref-prompts", self.prefs.prompts),
            ("pref-animate", self.prefs.animate),
        ] {
            if let Some(input) = self
                .element(id)
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                input.set_checked(on);
            }
        }
    }

    /// After a change to the game: count a finished game, save, show, and
    /// let the computer move.
    fn after(&mut self, update: Update, was_over: bool) {
        match update {
            Update::Promote(options) => self.promotion = Some(options),
            Update::Played(_) => self.start_animation(),
            Update::Send(turn) => {
                self.send_turn(turn);
                return;
            }
            _ => {}
        }
        if let Some(session) = &self.session {
            if !was_over && session.is_over() {
                if let Some(result) = session.personal_result() {
                    self.stats.count(session.game.variant(), result);
                    self.store(STATS_KEY, &self.stats.to_text());
                }
            }
        }
        self.store(PREFS_KEY, &self.prefs.to_text());
        self.save();
        self.refresh();
        self.maybe_think();
    }

    fn save(&self) {
        if self.online.is_some() {
            // An online game lives on the server; its seat is stored.
            return;
        }
        if let Some(session) = &self.session {
            self.store(&self.save_key, &session.to_save());
        }
    }
}
