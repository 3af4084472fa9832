//! The page: screens, the board, the controls and the computer's worker,
//! wired to the [`Session`]. Thin glue: every decision is made in
//! [`crate::session`] and [`crate::input`]; this module forwards events and
//! shows the result.

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

use crate::layout::Layout;
use crate::render::{self, Scene};
use crate::session::{Mode, Prefs, Session, Stats, Update};
use crate::triple::TripleDetector;
use crate::worker::{Reply, Request};

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
    let saved = read(SAVE_KEY);
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
    };
    app.listen()?;
    let mut notice = None;
    if app.storage.is_none() {
        notice = Some(
            "This browser keeps no storage for the game here: it plays, but a reload forgets it."
                .to_string(),
        );
    }
    match saved.map(|text| (Session::from_save(&text), text)) {
        Some((Ok(session), _)) => {
            app.session = Some(session);
            app.show("game");
        }
        Some((Err(e), text)) => {
            app.store(SET_ASIDE_KEY, &text);
            app.remove(SAVE_KEY);
            notice = Some(format!(
                "Your saved game could not be restored: {e}. It has been set aside."
            ));
            app.show("home");
        }
        None => app.show("home"),
    }
    app.set_notice(notice.as_deref());
    app.sync_prefs();
    app.refresh();
    APP.with(|cell| cell.replace(Some(app)));
    with_app(|app| app.maybe_think());
    Ok(())
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
            "start-watch" => {
                let delay_ms = self.select_value("delay").parse().unwrap_or(900);
                self.begin(Mode::Watch {
                    level: Level::Medium,
                    delay_ms,
                });
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
        let seed = (js_sys::Date::now() as u64) ^ 0x5DEE_CE66_D1CE_4E5B;
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
        self.session = None;
        self.thinking = None;
        self.remove(SAVE_KEY);
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
                el.set_inner_html(include_str!("../../../www/rulebook.html"));
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
        if let Some(session) = &self.session {
            self.store(SAVE_KEY, &session.to_save());
        }
    }

    fn maybe_think(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        if self.thinking.is_some()
            || session.computer_to_move().is_none()
            || session.review.is_some()
        {
            return;
        }
        if let Mode::Watch { delay_ms, .. } = session.mode {
            if self.paused {
                return;
            }
            // The pause between moves, then the move.
            self.timer = Some(Timeout::new(delay_ms, || with_app(|app| app.think_now())));
            self.thinking = Some(0);
            return;
        }
        self.think_now();
    }

    /// Asks the worker whether the computer accepts the person's draw offer.
    fn ask_about_draw(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let Mode::Computer { level, human } = session.mode else {
            return;
        };
        let id = self.next_request;
        self.next_request += 1;
        let request = Request {
            id,
            record: session.game.to_record_line(),
            level: level.name().to_string(),
            seed: 0,
            seconds: THINK_SECONDS,
            kind: "draw".to_string(),
            side: human.other().name().to_lowercase(),
        };
        self.send(id, &request);
    }

    /// Sends a request to the worker (or answers it here without one).
    fn send(&mut self, id: u32, request: &Request) {
        let text = serde_json::to_string(request).unwrap_or_default();
        self.thinking = Some(id);
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
                self.on_reply(reply);
                return;
            }
        }
        self.refresh();
    }

    /// Asks the worker for the computer's turn now.
    fn think_now(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let Some(level) = session.computer_to_move() else {
            self.thinking = None;
            return;
        };
        let id = self.next_request;
        self.next_request += 1;
        let request = Request {
            id,
            record: session.game.to_record_line(),
            level: level.name().to_string(),
            seed: session.turn_seed(),
            seconds: THINK_SECONDS,
            kind: String::new(),
            side: String::new(),
        };
        self.send(id, &request);
    }

    fn on_reply(&mut self, reply: Reply) {
        if self.thinking != Some(reply.id) || reply.id == 0 {
            return;
        }
        self.thinking = None;
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        if let Some(accepts) = reply.accepts {
            if session.awaiting_computer_answer() {
                session.answer_draw(accepts);
                let text = if accepts {
                    "The computer accepts the draw."
                } else {
                    "The computer declines the draw."
                };
                self.set_notice(Some(text));
                self.after(Update::Selection, was_over);
            } else {
                // The offer lapsed (a move was made meanwhile).
                self.refresh();
                self.maybe_think();
            }
            return;
        }
        match reply.turn.map(|t| session.game.parse(&t)) {
            Some(Ok(turn)) => {
                let update = session.computer_played(turn, reply.score);
                self.after(update, was_over);
            }
            _ => {
                let why = reply
                    .error
                    .unwrap_or_else(|| "an unreadable turn".to_string());
                web_sys::console::error_1(&format!("the computer could not move: {why}").into());
                self.set_notice(Some("The computer could not find a move."));
            }
        }
    }

    fn layout(&self) -> Option<Layout<'static>> {
        let session = self.session.as_ref()?;
        let geometry = session.game.geometry();
        Some(
            Layout::new(
                geometry,
                f64::from(self.canvas.width()),
                f64::from(self.canvas.height()),
            )
            .flipped(self.flipped()),
        )
    }

    fn flipped(&self) -> bool {
        let black_below = matches!(
            self.session.as_ref().map(|s| s.mode),
            Some(Mode::Computer {
                human: Side::Black,
                ..
            })
        );
        black_below != self.prefs.flipped
    }

    /// The point under a pointer event, and its canvas position.
    fn point_of(&self, event: &PointerEvent) -> Option<(Point, (f64, f64))> {
        let rect = self.canvas.get_bounding_client_rect();
        let scale = if rect.width() > 0.0 {
            f64::from(self.canvas.width()) / rect.width()
        } else {
            1.0
        };
        let x = (f64::from(event.client_x()) - rect.left()) * scale;
        let y = (f64::from(event.client_y()) - rect.top()) * scale;
        let point = self.layout()?.point_at(x, y)?;
        Some((point, (x, y)))
    }

    fn pointer_down(&mut self, event: &PointerEvent) {
        if event.button() > 0 {
            return;
        }
        let Some((point, at)) = self.point_of(event) else {
            return;
        };
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        if self.triple.press(point, now_ms()) {
            let update = session.triple(point);
            if update != Update::Nothing {
                self.after(update, was_over);
                return;
            }
        }
        let update = session.press(point);
        if session.selection.path.last() == Some(&point) {
            let _ = self.canvas.set_pointer_capture(event.pointer_id());
            self.drag = Some(Drag {
                from: point,
                start: at,
                at,
                moved: false,
            });
        }
        self.after(update, was_over);
    }

    fn pointer_move(&mut self, event: &PointerEvent) {
        let rect = self.canvas.get_bounding_client_rect();
        let scale = if rect.width() > 0.0 {
            f64::from(self.canvas.width()) / rect.width()
        } else {
            1.0
        };
        let Some(drag) = self.drag.as_mut() else {
            return;
        };
        drag.at = (
            (f64::from(event.client_x()) - rect.left()) * scale,
            (f64::from(event.client_y()) - rect.top()) * scale,
        );
        let travelled = (drag.at.0 - drag.start.0).hypot(drag.at.1 - drag.start.1) / scale;
        drag.moved |= travelled > DRAG_START;
        if drag.moved {
            self.draw();
        }
    }

    fn pointer_up(&mut self, event: &PointerEvent) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        if !drag.moved {
            return;
        }
        let target = self.point_of(event).map(|(p, _)| p);
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        let update = match target {
            Some(to) if to != drag.from => session.drop(drag.from, to),
            _ => Update::Selection,
        };
        // A drop is not a press of the triple gesture.
        self.triple.reset();
        self.animation = None;
        self.after(update, was_over);
    }

    fn pointer_cancel(&mut self, _: &PointerEvent) {
        self.drag = None;
        self.draw();
    }

    fn start_animation(&mut self) {
        self.animation = None;
        if !self.prefs.animate || self.drag.as_ref().is_some_and(|d| d.moved) {
            return;
        }
        let reduced = self
            .window
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        let (Some(session), Some(layout)) = (&self.session, self.layout()) else {
            return;
        };
        let Some((path, captured)) = session.game.last_move() else {
            return;
        };
        if reduced || path.len() < 2 {
            return;
        }
        let before = session.game.board_at(session.game.ply() - 1);
        let captured = captured
            .into_iter()
            .filter_map(|p| before.get(p.index()).copied().flatten().map(|v| (p, v)))
            .collect();
        let piece = *path.last().unwrap_or(&path[0]);
        self.animation = Some(Animation {
            piece,
            path: path.iter().map(|&p| layout.centre(p)).collect(),
            start_ms: now_ms(),
            captured,
        });
        self.request_frame();
    }

    fn request_frame(&self) {
        let frame = Closure::once_into_js(|| with_app(|app| app.on_frame()));
        let _ = self.window.request_animation_frame(frame.unchecked_ref());
    }

    fn on_frame(&mut self) {
        let done = self
            .animation
            .as_ref()
            .is_none_or(|a| now_ms() - a.start_ms >= STEP_MS * (a.path.len() - 1) as f64);
        if done {
            self.animation = None;
        }
        self.draw();
        if !done {
            self.request_frame();
        }
    }

    /// Where an animated piece is now.
    fn animated(&self) -> Option<(Point, f64, f64)> {
        let a = self.animation.as_ref()?;
        let t = (now_ms() - a.start_ms) / STEP_MS;
        let i = (t.floor().max(0.0) as usize).min(a.path.len() - 2);
        let f = (t - i as f64).clamp(0.0, 1.0);
        let (x0, y0) = a.path[i];
        let (x1, y1) = a.path[i + 1];
        Some((a.piece, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    }

    fn scene(&self) -> Option<Scene> {
        let session = self.session.as_ref()?;
        let game = &session.game;
        let live = session.review.is_none();
        let mut board = game.board_at(session.review.unwrap_or(game.ply()));
        if let (true, Some(huffed)) = (live, session.selection.huff) {
            board[huffed.index()] = None;
        }
        let hints = self.prefs.hints && live && session.human_to_move();
        let entries = session.entries();
        let floating = self
            .drag
            .as_ref()
            .filter(|d| d.moved)
            .map(|d| (d.from, d.at.0, d.at.1))
            .or_else(|| self.animated());
        let fading = self
            .animation
            .as_ref()
            .map(|a| {
                let total = STEP_MS * (a.path.len() - 1) as f64;
                let alpha = 1.0 - (now_ms() - a.start_ms) / total.max(1.0);
                a.captured.iter().map(|&(p, v)| (p, v, alpha)).collect()
            })
            .unwrap_or_default();
        Some(Scene {
            board,
            squares: !game.geometry().has_diagonals() && game.geometry().files() == 8,
            flipped: self.flipped(),
            movable: if hints {
                session.selection.movable(entries)
            } else {
                Vec::new()
            },
            targets: if hints {
                session.selection.targets(entries)
            } else {
                Vec::new()
            },
            path: if live {
                session.selection.path.clone()
            } else {
                Vec::new()
            },
            last: if live {
                game.last_move().map(|(p, _)| p).unwrap_or_default()
            } else {
                Vec::new()
            },
            check: game.king_in_check().filter(|_| live),
            floating,
            fading: if live { fading } else { Vec::new() },
        })
    }

    fn draw(&self) {
        let (Some(session), Some(scene)) = (&self.session, self.scene()) else {
            return;
        };
        if let Err(e) = render::draw(&self.window, &self.canvas, session.game.geometry(), &scene) {
            web_sys::console::error_2(&"drawing the board failed:".into(), &e);
        }
    }

    fn set_text(&self, id: &str, text: &str) {
        if let Some(el) = self.element(id) {
            if el.text_content().as_deref() != Some(text) {
                el.set_text_content(Some(text));
            }
        }
    }

    fn set_hidden(&self, id: &str, hidden: bool) {
        if let Some(el) = self
            .element(id)
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            el.set_hidden(hidden);
        }
    }

    fn set_disabled(&self, action: &str, disabled: bool) {
        if let Ok(Some(el)) = self
            .document
            .query_selector(&format!("[data-action=\"{action}\"]"))
        {
            let _ = if disabled {
                el.set_attribute("disabled", "")
            } else {
                el.remove_attribute("disabled")
            };
        }
    }

    fn refresh_stats(&self) {
        let rows: Vec<String> = Variant::ALL
            .into_iter()
            .filter_map(|v| {
                let [w, d, l] = self.stats.of(v);
                (w + d + l > 0)
                    .then(|| format!("{}: {w} won, {d} drawn, {l} lost", display_name(v)))
            })
            .collect();
        let text = if rows.is_empty() {
            String::new()
        } else {
            format!("Your results against the computer — {}", rows.join(" · "))
        };
        self.set_text("stats", &text);
    }

    /// Brings every panel up to date and redraws the board.
    fn refresh(&self) {
        self.refresh_stats();
        let Some(session) = &self.session else {
            return;
        };
        let game = &session.game;
        let mut status = session.status();
        if session.computer_to_move().is_some() && self.thinking.is_none() && self.paused {
            status = "Paused".to_string();
        }
        self.set_text("status", &status);
        let prompt = if self.prefs.prompts {
            session.prompt()
        } else {
            String::new()
        };
        self.set_text("prompt", &prompt);
        let start = game.board_at(0);
        let count = |side: Side| {
            let now = game.piece_count(side);
            let at_start = start.iter().flatten().filter(|p| p.side == side).count() as u32;
            let lost = at_start.saturating_sub(now);
            if lost > 0 {
                format!("{} {now} ({lost} captured)", side.name())
            } else {
                format!("{} {now}", side.name())
            }
        };
        self.set_text(
            "counts",
            &format!("Pieces: {} · {}", count(Side::White), count(Side::Black)),
        );
        self.refresh_moves(session);
        let watching = matches!(session.mode, Mode::Watch { .. });
        self.set_hidden("pause", !watching);
        self.set_hidden("step", !watching);
        self.set_hidden("take-over", !watching);
        self.set_hidden("watch-speed", !watching);
        if let Mode::Watch { delay_ms, .. } = session.mode {
            if let Some(select) = self
                .element("watch-delay")
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
            {
                let value = delay_ms.to_string();
                if select.value() != value {
                    select.set_value(&value);
                }
            }
        }
        self.set_text("pause", if self.paused { "Resume" } else { "Pause" });
        self.set_disabled("undo", game.ply() == 0 && !session.is_over());
        self.set_disabled("resign", session.is_over() || watching);
        self.set_disabled("offer-draw", session.is_over() || watching);
        let promotion: Vec<String> = self
            .promotion
            .iter()
            .flatten()
            .map(|(r, _)| role_name(*r).to_string())
            .collect();
        self.set_hidden("promotion", promotion.is_empty());
        if let Ok(buttons) = self.document.query_selector_all("[data-action=promote]") {
            for i in 0..buttons.length() {
                if let Some(b) = buttons
                    .item(i)
                    .and_then(|n| n.dyn_into::<HtmlElement>().ok())
                {
                    let role = b.get_attribute("data-role").unwrap_or_default();
                    b.set_hidden(!promotion.contains(&role));
                }
            }
        }
        self.set_hidden("draw-answer", !session.person_must_answer());
        let mut label = format!("{} board. {status}.", display_name(game.variant()));
        if let Some(last) = game.history().last() {
            label.push_str(&format!(" Last move {last}."));
        }
        let _ = self.canvas.set_attribute("aria-label", &label);
        // The ways to enter the legal turns (huffs left out, as from the
        // hints), for tools and tests: `c2 c3,c1 c3 e3`.
        let geometry = game.geometry();
        let moves: Vec<String> = if session.human_to_move() {
            session
                .entries()
                .iter()
                .filter(|e| e.huff == session.selection.huff && !e.path.is_empty())
                .map(|e| {
                    let names: Vec<String> = e
                        .path
                        .iter()
                        .map(|&p| geometry.name(p).to_string())
                        .collect();
                    names.join(" ")
                })
                .collect()
        } else {
            Vec::new()
        };
        let _ = self.canvas.set_attribute("data-moves", &moves.join(","));
        if let Some(body) = self.document.body() {
            let _ = body.set_attribute("data-ply", &game.ply().to_string());
            let _ = body.set_attribute(
                "data-thinking",
                if self.thinking.is_some() {
                    "true"
                } else {
                    "false"
                },
            );
        }
        self.draw();
    }

    fn refresh_moves(&self, session: &Session) {
        let Some(list) = self.element("moves") else {
            return;
        };
        let history = session.game.history();
        let current = session.review.unwrap_or(history.len());
        let mut html = String::new();
        for (i, text) in history.iter().enumerate() {
            let number = if i % 2 == 0 {
                format!("{}. ", i / 2 + 1)
            } else {
                String::new()
            };
            let here = if i + 1 == current {
                " aria-current=\"step\""
            } else {
                ""
            };
            html.push_str(&format!(
                "<li><button type=\"button\" data-action=\"review\" data-ply=\"{}\"{here}>{number}{}</button></li>",
                i + 1,
                escape(text)
            ));
        }
        if list.inner_html() != html {
            list.set_inner_html(&html);
            if let Some(last) = list.last_element_child() {
                last.scroll_into_view_with_bool(false);
            }
        }
    }
}

/// The name shown for a game.
pub fn display_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Draughts(engine::GameKey::Classic) => "Classic",
        Variant::Draughts(engine::GameKey::Special) => "Special",
        Variant::Draughts(engine::GameKey::Qirkat) => "Qirkat",
        Variant::Draughts(engine::GameKey::Bell) => "Bell",
        Variant::Draughts(engine::GameKey::Turkish) => "Turkish draughts",
        Variant::Chesquerque => "Chesquerque",
    }
}

fn role_name(role: ChessRole) -> &'static str {
    match role {
        ChessRole::Pawn => "pawn",
        ChessRole::Knight => "knight",
        ChessRole::Bishop => "bishop",
        ChessRole::Rook => "rook",
        ChessRole::Archbishop => "archbishop",
        ChessRole::Queen => "queen",
        ChessRole::King => "king",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
