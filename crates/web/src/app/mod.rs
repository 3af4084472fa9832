//! The page: thin glue around the [`Ui`]. Each event becomes an [`Action`],
//! [`Ui::update`] says which [`Effect`]s to run, and the [`crate::ui::View`]
//! is written to the page (`app/panels`) and the board drawn. `App` holds
//! the page's handles; the game server's socket is `app/socket`'s.

mod address;
mod board;
mod computer;
mod files;
#[cfg_attr(not(feature = "full"), path = "full_off.rs")]
mod full;
mod listen;
mod markup;
mod panels;
mod records;
mod sound;
mod words;
// The whole app's own parts: none of them is in the light module.
#[cfg(feature = "full")]
mod challenges;
#[cfg(feature = "full")]
mod community;
#[cfg(feature = "full")]
mod editor;
#[cfg(feature = "full")]
mod embed;
#[cfg(feature = "full")]
mod lines;
#[cfg(feature = "full")]
mod lobby_socket;
#[cfg(feature = "full")]
mod notifications;
#[cfg(feature = "full")]
mod puzzles;
#[cfg(feature = "full")]
mod review;
#[cfg(feature = "full")]
mod safety;
#[cfg(feature = "full")]
mod socket;
#[cfg(feature = "full")]
mod tournament;

use std::cell::{Cell, RefCell};

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, Event, HtmlCanvasElement, HtmlDialogElement, HtmlInputElement,
    HtmlSelectElement, MessageEvent, Storage, Window, Worker,
};

use crate::render;
pub use crate::ui::display_name;
use crate::ui::{Action, BoardMsg, Boot, Button, Effect, Fields, Screen, Timer, Ui};

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
                        let _ = body
                            .set_attribute("data-longest-task", &(took.round() as u64).to_string());
                    }
                }
            }
        }
    });
}

/// Turns an event into an action for the page.
fn dispatch(action: Action) {
    with_app(|app| app.dispatch(action));
}

// In the light module the whole app's parts of this are never filled.
#[cfg_attr(not(feature = "full"), allow(dead_code))]
struct App {
    window: Window,
    document: Document,
    canvas: HtmlCanvasElement,
    storage: Option<Storage>,
    /// The computer's worker, once a request has needed it.
    worker: Option<computer::Computer>,
    /// The timers running, by name (at most one of each; a list is smaller
    /// in the module than a map).
    timers: Vec<(Timer, Timeout)>,
    listeners: Vec<Closure<dyn FnMut(Event)>>,
    longest_task: f64,
    /// The whole app's own handles (its sockets, its heartbeat, its host
    /// page).
    full: full::FullApp,
    /// The language the page's fixed words are in.
    shown_lang: Cell<Option<crate::i18n::Lang>>,
    /// Whether the home screen's cards have their boards drawn.
    previews_drawn: Cell<Option<(crate::theme::BoardTheme, crate::theme::PieceStyle)>>,
    /// The sounds' audio, once the person has touched the page.
    speaker: sound::Speaker,
    /// What each list was last written with.
    shown: crate::shown::Shown,
    ui: Ui,
}

/// Starts the page. A page without the board (a test page, say) is left
/// alone.
pub fn start() -> Result<(), JsValue> {
    let Some(window) = web_sys::window() else {
        return Ok(());
    };
    let document = window.document().ok_or("no document")?;
    markup::fill_slots(&document)?;
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
    let search = window.location().search().unwrap_or_default();
    let mut boot = Boot {
        prefs: read(crate::ui::PREFS_KEY),
        stats: read(crate::ui::STATS_KEY),
        saved: read(crate::ui::SAVE_KEY),
        seat: None,
        stored_seat: None,
        embed: None,
        storage: storage.is_some(),
        seed: new_seed(),
        reduced_motion: window
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
        token_words: random_words(),
        lang_query: crate::embed::query_pairs(&search)
            .find(|(key, _)| *key == "lang")
            .map(|(_, value)| crate::embed::clean(value)),
        share: crate::embed::query_pairs(&search)
            .any(|(key, _)| crate::links::LINK_KEYS.contains(&key))
            .then(|| search.clone()),
        lang_stored: read(crate::ui::LANG_KEY),
        guest: None,
        seats: None,
        account: None,
        bots: None,
        query: search.clone(),
        revisit: address::revisit(&window),
        today: records::today(),
        puzzles: None,
        languages: window
            .navigator()
            .languages()
            .iter()
            .filter_map(|l| l.as_string())
            .collect(),
    };
    full::read_boot(&window, &search, &read, &mut boot);
    let mut app = App {
        window,
        document,
        canvas,
        storage,
        worker: None,
        timers: Vec::new(),
        listeners: Vec::new(),
        longest_task: 0.0,
        full: full::FullApp::default(),
        shown_lang: Cell::new(None),
        previews_drawn: Cell::new(None),
        speaker: sound::Speaker::default(),
        shown: crate::shown::Shown::default(),
        ui: Ui::new(),
    };
    app.listen()?;
    APP.with(|cell| cell.replace(Some(app)));
    dispatch(Action::Boot(Box::new(boot)));
    Ok(())
}

/// A seed for the page's randomness (new games' seeds, and so the
/// computer's variety), from the browser's random source; the clock where
/// that fails.
fn new_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| (js_sys::Date::now() as u64) ^ 0x5DEE_CE66_D1CE_4E5B)
}

/// 128 random bits, for a seat token: the browser's random source
/// (getrandom), or `Math.random` where it fails.
fn random_words() -> [u32; 4] {
    std::array::from_fn(|_| {
        getrandom::u32().unwrap_or_else(|_| (js_sys::Math::random() * 4_294_967_296.0) as u32)
    })
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// A pressed control and the page's form, as [`Button::parse`] reads them.
struct PageFields<'a> {
    target: &'a Element,
    document: &'a Document,
    window: &'a Window,
}

impl Fields for PageFields<'_> {
    fn attribute(&self, name: &str) -> Option<String> {
        self.target.get_attribute(name)
    }

    fn value(&self, id: &str) -> Option<String> {
        let element = self.document.get_element_by_id(id)?;
        if let Some(select) = element.dyn_ref::<HtmlSelectElement>() {
            return Some(select.value());
        }
        if let Some(text) = element.dyn_ref::<web_sys::HtmlTextAreaElement>() {
            return Some(text.value());
        }
        element.dyn_ref::<HtmlInputElement>().map(|i| i.value())
    }

    fn checked(&self, id: &str) -> bool {
        self.document
            .get_element_by_id(id)
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            .is_some_and(|i| i.checked())
    }

    fn on_line(&self) -> bool {
        self.window.navigator().on_line()
    }
}

impl App {
    /// Drops `timer`, which cancels it if it has not fired.
    fn stop_timer(&mut self, timer: Timer) {
        self.timers.retain(|(running, _)| *running != timer);
    }

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

    /// Takes one action: updates the [`Ui`], runs the effects, and shows the
    /// result (only the board, after a pointer's move or a frame; only the
    /// online panel, after the heartbeat).
    fn dispatch(&mut self, action: Action) {
        let light = matches!(
            action,
            Action::Board(
                BoardMsg::PointerMove { .. }
                    | BoardMsg::PointerCancel
                    | BoardMsg::Frame(_)
                    | BoardMsg::Focus(_)
            )
        );
        let heartbeat = matches!(&action, Action::Full(action) if full::is_heartbeat(action));
        let effects = self.ui.update(action);
        let redraw = self.run(effects);
        if heartbeat {
            self.write_heartbeat();
        } else if !light {
            self.refresh();
        } else if redraw {
            self.draw();
        }
    }

    /// Runs effects; whether one asked for the board to be drawn again.
    fn run(&mut self, effects: Vec<Effect>) -> bool {
        let mut redraw = false;
        for effect in effects {
            match effect {
                Effect::Store { key, value } => self.store(&key, &value),
                Effect::Remove { key } => self.remove(&key),
                Effect::Ask(request) => self.ask(request),
                Effect::StartTimer { timer, ms } => {
                    let timeout = Timeout::new(ms, move || {
                        with_app(|app| {
                            app.stop_timer(timer);
                            app.dispatch(Action::Timer(timer));
                        })
                    });
                    self.stop_timer(timer);
                    self.timers.push((timer, timeout));
                }
                Effect::StopTimer(timer) => self.stop_timer(timer),
                Effect::Animate => self.request_frame(),
                Effect::Redraw => redraw = true,
                Effect::CapturePointer(id) => {
                    let _ = self.canvas.set_pointer_capture(id);
                }
                Effect::Dialog { id, open } => {
                    if let Some(dialog) = self
                        .element(id.id())
                        .and_then(|e| e.dyn_into::<HtmlDialogElement>().ok())
                    {
                        if open {
                            let _ = dialog.show_modal();
                        } else {
                            dialog.close();
                        }
                    }
                }
                Effect::ShowRules { article } => self.open_rules(article),
                Effect::Address { query, push } => self.show_address(&query, push),
                Effect::Log(text) => web_sys::console::error_1(&text.into()),
                Effect::LoadLanguage(lang) => self.load_language(lang),
                Effect::Sound(sound) => self.speaker.play(sound, self.document.body()),
                Effect::Vibrate(pattern) => {
                    // Where the browser can, and once the person has touched
                    // the page (browsers ignore it before).
                    let pattern: js_sys::Array =
                        pattern.iter().map(|&ms| JsValue::from(ms)).collect();
                    let _ = self.window.navigator().vibrate_with_pattern(&pattern);
                }
                Effect::Full(effect) => self.run_full(effect),
                Effect::Download { name, text } => self.download(&name, &text),
                Effect::Navigate(query) => {
                    let _ = self.window.location().assign(&query);
                }
            }
        }
        redraw
    }

    /// A control with a `data-action` was pressed.
    fn press(&mut self, target: &Element) {
        let name = target.get_attribute("data-action").unwrap_or_default();
        let fields = PageFields {
            target,
            document: &self.document,
            window: &self.window,
        };
        match Button::parse(&name, &fields) {
            Ok(button) => self.dispatch(Action::Press(button)),
            Err(e) => web_sys::console::error_1(&format!("a control failed: {e}").into()),
        }
    }

    fn read_prefs(&mut self) {
        let checked = |id: &str, was: bool| {
            self.document
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
                .map_or(was, |i| i.checked())
        };
        let chosen = |id: &str| {
            self.document
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
                .map(|s| s.value())
                .unwrap_or_default()
        };
        let prefs = self.ui.shared.prefs;
        let action = Action::Prefs(crate::save::Prefs {
            hints: checked("pref-hints", prefs.hints),
            prompts: checked("pref-prompts", prefs.prompts),
            animate: checked("pref-animate", prefs.animate),
            sound: checked("pref-sound", prefs.sound),
            confirm: checked("pref-confirm", prefs.confirm),
            vibrate: checked("pref-vibrate", prefs.vibrate),
            board: crate::theme::BoardTheme::from_name(&chosen("pref-board"))
                .unwrap_or(prefs.board),
            pieces: crate::theme::PieceStyle::from_name(&chosen("pref-pieces"))
                .unwrap_or(prefs.pieces),
            flipped: prefs.flipped,
            zen: prefs.zen,
            chat: prefs.chat,
            kid: prefs.kid,
        });
        self.dispatch(action);
    }

    /// A new pause between the computer's moves while watching.
    fn read_delay(&mut self) {
        let fields = PageFields {
            target: self.canvas.as_ref(),
            document: &self.document,
            window: &self.window,
        };
        let ms = fields
            .value("watch-delay")
            .and_then(|v| v.parse().ok())
            .unwrap_or(900);
        self.dispatch(Action::WatchDelay(ms));
    }

    /// Shows the rule book at `article`, in the language in use. The book
    /// is fetched the first time it is opened in a language (the service
    /// worker keeps it for offline play), so the page's module does not
    /// carry it.
    fn open_rules(&self, article: Option<&str>) {
        let Some(book) = self.element("rulebook") else {
            return;
        };
        // The screen must show before its article can be scrolled to.
        self.show_screen(Screen::Rules.name());
        let article = article.map(|k| format!("rules-{k}"));
        let lang = crate::i18n::current().code();
        if book.get_attribute("lang").as_deref() == Some(lang) {
            self.scroll_to(article.as_deref());
            return;
        }
        let window = self.window.clone();
        wasm_bindgen_futures::spawn_local(async move {
            match fetch(&window, &format!("rules/{lang}.html"), None).await {
                Ok((true, html)) => with_app(|app| {
                    book.set_inner_html(&html);
                    let _ = book.set_attribute("lang", lang);
                    app.scroll_to(article.as_deref());
                }),
                failed => {
                    web_sys::console::error_2(
                        &"the rule book did not load:".into(),
                        &match failed {
                            Err(why) => why,
                            Ok((_, body)) => body.into(),
                        },
                    );
                    book.set_text_content(Some(&crate::t!("rulebook-failed")));
                }
            }
        });
    }

    fn scroll_to(&self, id: Option<&str>) {
        if let Some(el) = id.and_then(|id| self.element(id)) {
            el.scroll_into_view();
        }
    }

    fn draw(&self) {
        let (Some(geometry), Some(scene)) = (self.ui.board_geometry(), self.ui.scene()) else {
            return;
        };
        if let Err(e) = render::draw(&self.window, &self.canvas, geometry, &scene) {
            web_sys::console::error_2(&"drawing the board failed:".into(), &e);
        }
    }
}

/// A file of the site's, as text, or why it could not be had.
async fn fetch_file(window: &Window, url: &str) -> Result<String, String> {
    match fetch(window, url, None).await {
        Ok((true, text)) => Ok(text),
        Ok((false, _)) => Err(format!("{url} was not found")),
        Err(e) => Err(format!("{url} could not be fetched: {e:?}")),
    }
}

/// Fetches `url` (with `init`, if any): whether its status was a success,
/// and its body as text; an error when there was no answer.
async fn fetch(
    window: &Window,
    url: &str,
    init: Option<&web_sys::RequestInit>,
) -> Result<(bool, String), JsValue> {
    use wasm_bindgen_futures::JsFuture;
    let request = match init {
        Some(init) => window.fetch_with_str_and_init(url, init),
        None => window.fetch_with_str(url),
    };
    let response: web_sys::Response = JsFuture::from(request).await?.dyn_into()?;
    let text = JsFuture::from(response.text()?).await?;
    Ok((response.ok(), text.as_string().unwrap_or_default()))
}
