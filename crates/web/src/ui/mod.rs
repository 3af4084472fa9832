//! The page as one state machine, without a DOM: [`Ui`] holds everything
//! the page shows, [`Ui::update`] takes an [`Action`] and returns the
//! [`Effect`]s the page must run, and [`Ui::view`] says what every panel and
//! the board show. The page glue in [`crate::app`] only turns events into
//! actions, runs effects and writes the view, so whole flows are tested
//! natively by driving `update` and reading `view`.

mod action;
mod analysis;
mod around;
mod board;
mod computer;
mod connection;
mod editor;
mod effect;
mod embed;
mod flow;
mod language;
mod light;
mod lines;
mod lobby;
mod lobby_replies;
mod lobby_view;
mod online;
mod players;
mod puzzle;
mod review;
mod sounds;
mod tools;
mod view;

pub use action::{Action, ActionError, Boot, Button, Fields};
pub use analysis::AnalysisView;
pub use around::{ChatButton, ChatView, RematchOffer, RematchView, PHRASES};
pub use editor::{BrushView, EditorView};
pub use effect::{Dialog, Effect};
pub use language::LANG_KEY;
pub use light::FULL_KEYS;
pub use lines::LinesPanel;
pub use lobby::{LobbyButton, ACCOUNT_KEY, GUEST_KEY, SEATS_KEY};
pub use lobby_view::{LiveRow, LobbyView, MineRow, SeekRow};
pub use online::{OnlineView, ONLINE_KEY};
pub use players::{LeaderRow, LeadersView, PlayerView};
pub use puzzle::{PuzzleView, PUZZLES_KEY};
pub use review::{graph_ply, Marked, ReviewView, Skip};
pub use tools::{EditorButton, LinesButton, PuzzleButton};
pub use view::{display_name, preview, GameView, MoveItem, ResultView, View};

use engine::chesquerque::Role as ChessRole;
use engine::{AnyTurn, GameKind, Point};

use crate::embed::Embed;
use crate::i18n::Lang;
use crate::save::{Prefs, Stats};
use crate::session::{Session, Update};
use crate::triple::TripleDetector;

/// Where the game in progress is saved (an embedded one has its own key).
pub const SAVE_KEY: &str = "alquerque.game";
/// Where a save that could not be restored is set aside.
pub const SET_ASIDE_KEY: &str = "alquerque.game.unreadable";
pub const PREFS_KEY: &str = "alquerque.prefs";
pub const STATS_KEY: &str = "alquerque.stats";

/// The key of the game in progress, for the embedding the URL asks for.
pub fn save_key(embed: Option<&Embed>) -> String {
    embed.map_or_else(|| SAVE_KEY.to_string(), Embed::save_key)
}

/// The page's screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Opponent,
    Game,
    Rules,
    /// Online: waiting for the friend to join.
    Waiting,
    /// Players, seeks and quick pairing.
    Lobby,
    /// The games in play.
    Watch,
    /// A player's page.
    Player,
}

impl Screen {
    /// The name in the page's `data-screen`.
    pub fn name(self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Opponent => "opponent",
            Screen::Game => "game",
            Screen::Rules => "rules",
            Screen::Waiting => "waiting",
            Screen::Lobby => "lobby",
            Screen::Watch => "live",
            Screen::Player => "player",
        }
    }
}

/// What the computer is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Thinking {
    Idle,
    /// Waiting out the pause between moves while watching (the timer's id).
    Delay(u32),
    /// Asked its worker (the request's id).
    Asked(u32),
}

/// A piece being dragged.
#[derive(Clone, Debug, PartialEq)]
struct Drag {
    from: Point,
    start: (f64, f64),
    at: (f64, f64),
    moved: bool,
}

/// The last move shown in motion.
#[derive(Clone, Debug, PartialEq)]
struct Animation {
    /// The moving piece's point after the move, and the points its path
    /// passes through.
    piece: Point,
    path: Vec<Point>,
    /// When the first frame was drawn (ms); none before it.
    start_ms: Option<f64>,
    /// The pieces the move took, fading as the mover passes.
    captured: Vec<(Point, engine::PieceView)>,
}

/// Everything the page shows, and what it is waiting for.
#[derive(Clone, Debug)]
pub struct Ui {
    pub screen: Screen,
    /// The game on screen (online, as the server has it).
    pub session: Option<Session>,
    /// A new game waiting for the person to confirm that the old one goes.
    pending: Option<Session>,
    /// The game chosen on the home screen.
    choice: GameKind,
    pub prefs: Prefs,
    stats: Stats,
    triple: TripleDetector,
    drag: Option<Drag>,
    animation: Option<Animation>,
    /// The pieces a pawn may become, while the person chooses.
    promotion: Option<Vec<(ChessRole, AnyTurn)>>,
    thinking: Thinking,
    /// The last id given to a request or a timer.
    last_id: u32,
    /// Watching: the computer's moves wait for a step.
    paused: bool,
    /// The keyboard's cursor on the board, and whether the board has the
    /// focus (the cursor shows only then).
    cursor: Option<Point>,
    focused: bool,
    /// What the live region says, and the turn count it last spoke of.
    announcement: String,
    announced_ply: Option<usize>,
    pub notice: Option<String>,
    save_key: String,
    /// Embedded in another site's page: what it asked for.
    embed: Option<Embed>,
    /// The state last reported to the host page (turns, over).
    reported: Option<(usize, bool)>,
    /// The online game this page takes part in: the server's game as
    /// mirrored, and the socket's state.
    online: Option<Box<connection::OnlineGame>>,
    /// Random bits for a joining friend's seat token.
    token_words: [u32; 4],
    /// The page's random state (splitmix64), for new games' seeds.
    random: u64,
    /// The time of the latest frame (ms), and whether the next one is asked
    /// for.
    clock: f64,
    frame_asked: bool,
    reduced_motion: bool,
    /// The finished game's result panel was closed to go over the moves.
    looking_back: bool,
    /// The game being reviewed with the computer.
    review: Option<review::Review>,
    /// The game on screen came from a share link: it is not saved.
    from_link: bool,
    /// The analysis panel, while on.
    analysing: Option<analysis::Analysing>,
    /// The board editor, while open (over the game screen).
    editor: Option<Box<editor::Editor>>,
    /// A hint asked for (the request's id) and, once answered, the best
    /// turn's piece and destination; dropped when the position changes.
    hint: Option<(u32, Option<(engine::Point, engine::Point)>)>,
    /// The language shown, and the one being loaded.
    lang: Lang,
    /// The page's address chose the language (`?lang=`): the whole app's
    /// page, opened from here, is asked for it too.
    lang_in_address: bool,
    loading_lang: Option<Lang>,
    /// The person's huff of the turn being entered was heard already.
    huff_heard: bool,
    /// Today's date, for records.
    today: String,
    /// The puzzle on screen, the sets fetched and the progress.
    puzzle: Option<puzzle::PuzzleState>,
    puzzles: puzzle::PuzzleBook,
    /// Whether this is the whole app: in its module, unless a test plays
    /// the light module ([`Ui::light`]).
    full: bool,
    /// The lobby, the Watch screen and the person's seek.
    community: lobby::Community,
    /// The opponent's chat is muted.
    chat_muted: bool,
}

impl Default for Ui {
    fn default() -> Ui {
        Ui::new()
    }
}

impl Ui {
    pub fn new() -> Ui {
        Ui {
            screen: Screen::Home,
            session: None,
            pending: None,
            choice: GameKind::Draughts(engine::DraughtsKind::Classic),
            prefs: Prefs::default(),
            stats: Stats::default(),
            triple: TripleDetector::new(),
            drag: None,
            animation: None,
            promotion: None,
            thinking: Thinking::Idle,
            last_id: 0,
            paused: false,
            cursor: None,
            focused: false,
            announcement: String::new(),
            announced_ply: None,
            notice: None,
            save_key: SAVE_KEY.to_string(),
            embed: None,
            reported: None,
            online: None,
            token_words: [0; 4],
            random: 0,
            clock: 0.0,
            frame_asked: false,
            reduced_motion: false,
            looking_back: false,
            review: None,
            from_link: false,
            analysing: None,
            editor: None,
            hint: None,
            lang: Lang::En,
            lang_in_address: false,
            loading_lang: None,
            huff_heard: false,
            today: String::new(),
            puzzle: None,
            puzzles: puzzle::PuzzleBook::default(),
            full: crate::FULL,
            community: lobby::Community::default(),
            chat_muted: false,
        }
    }

    /// A page as the light module runs it: the controls for online play
    /// and the tools open the whole app's page instead
    /// ([`Ui::tools_link`]).
    pub fn light() -> Ui {
        Ui {
            full: false,
            ..Ui::new()
        }
    }

    /// Whether this is the whole app. Constant in the light module, so
    /// that every way into the rest, tested by this, is left out of it.
    pub(super) fn is_full(&self) -> bool {
        crate::FULL && self.full
    }

    /// Takes one action; the effects for the page to run.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let mut fx = Vec::new();
        match action {
            Action::Boot(boot) => self.boot(*boot, &mut fx),
            Action::Press(button) => self.press(button, &mut fx),
            Action::Prefs(prefs) => {
                self.prefs = Prefs {
                    flipped: self.prefs.flipped,
                    chat: self.prefs.chat,
                    ..prefs
                };
                fx.push(self.store_prefs());
                fx.push(Effect::Redraw);
            }
            Action::WatchDelay(ms) => self.set_delay(ms, &mut fx),
            Action::Language(code) => self.choose_language(&code, &mut fx),
            Action::LanguageLoaded { lang, text } => self.language_loaded(lang, text, &mut fx),
            Action::PointerDown {
                at,
                size,
                button,
                pointer,
                time_ms,
            } => self.pointer_down(at, size, button, pointer, time_ms, &mut fx),
            Action::PointerMove { at, scale } => self.pointer_move(at, scale, &mut fx),
            Action::PointerUp { at, size } => self.pointer_up(at, size, &mut fx),
            Action::PointerCancel => {
                self.drag = None;
                fx.push(Effect::Redraw);
            }
            Action::Key(key) => self.key(key, &mut fx),
            Action::BoardFocus(focused) => {
                self.focused = focused;
                fx.push(Effect::Redraw);
            }
            Action::Frame(now) => self.frame(now, &mut fx),
            Action::Timer(id) => {
                if self.lobby_timer(id, &mut fx) {
                } else if !self.retry_timer(id, &mut fx) && self.thinking == Thinking::Delay(id) {
                    self.think_now(&mut fx);
                }
            }
            Action::SocketOpen { now_ms } => self.socket_open(now_ms, &mut fx),
            Action::SocketMessage { now_ms, message } => {
                self.socket_message(now_ms, message, &mut fx)
            }
            Action::SocketClosed { hidden } => self.socket_closed(hidden, &mut fx),
            Action::Wake { hidden } => self.wake(hidden, &mut fx),
            Action::Heartbeat { now_ms, hidden } => self.heartbeat(now_ms, hidden, &mut fx),
            Action::Created(Ok(seat)) => {
                self.notice = None;
                self.go_online(seat, &mut fx);
            }
            Action::Created(Err(why)) => self.notice = Some(why),
            Action::Copied(done) => {
                self.notice = Some(crate::t!(if done { "copied" } else { "copy-refused" }))
            }
            Action::Reply(reply) => self.on_reply(reply, &mut fx),
            Action::Http { id, status, text } => self.http_reply(id, status, &text, &mut fx),
            Action::PuzzlesLoaded { kind, text } => {
                if self.is_full() {
                    self.puzzles_loaded(kind, text, &mut fx)
                }
            }
            Action::Host {
                origin,
                own_origin,
                request,
            } => self.host_message(&origin, &own_origin, request, &mut fx),
        }
        self.settle(&mut fx);
        fx
    }

    /// After any change: what the live region says of a new turn, and what
    /// the host page hears.
    pub fn settle(&mut self, fx: &mut Vec<Effect>) {
        if let Some(session) = &self.session {
            let game = &session.game;
            if self.announced_ply != Some(game.ply()) {
                self.announced_ply = Some(game.ply());
                let history = game.history();
                let last =
                    crate::keyboard::last_turn_words(game, history.last().map(String::as_str))
                        .unwrap_or_default();
                self.announcement = format!("{last} {}.", self.status()).trim().to_string();
            }
        }
        self.report_to_host(fx);
        if self.is_full() {
            self.keep_analysing(fx);
        }
    }

    /// The status line: the session's, or "Paused" while watching paused.
    fn status(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        if session.computer_to_move().is_some() && self.thinking == Thinking::Idle && self.paused {
            return crate::t!("paused");
        }
        session.status()
    }

    /// Whether the computer is thinking (not waiting out the pause between
    /// moves while watching: then it has yet to begin).
    pub fn is_thinking(&self) -> bool {
        matches!(self.thinking, Thinking::Asked(_))
    }

    /// Whether this page takes part in an online game.
    pub fn is_online(&self) -> bool {
        self.online.is_some()
    }

    /// The embedding the page was opened with, if any.
    pub fn embed(&self) -> Option<&Embed> {
        self.embed.as_ref()
    }

    /// The next id for a request or a timer.
    fn next_id(&mut self) -> u32 {
        self.last_id += 1;
        self.last_id
    }

    /// A seed for a new game (splitmix64 over the page's random state).
    fn new_seed(&mut self) -> u64 {
        self.random = self.random.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.random;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn store_prefs(&self) -> Effect {
        Effect::Store {
            key: PREFS_KEY.to_string(),
            value: self.prefs.to_text(),
        }
    }

    /// Saves the game in progress (an online game lives on the server; its
    /// seat is stored instead).
    fn save(&self, fx: &mut Vec<Effect>) {
        // An online game lives on the server; one a link opened is not
        // the person's game in progress, which stays saved.
        if self.online.is_some() || self.from_link {
            return;
        }
        if let Some(session) = &self.session {
            fx.push(Effect::Store {
                key: self.save_key.clone(),
                value: session.to_save(),
            });
        }
    }

    /// After a change to the game: sound it, count a finished game, save,
    /// and let the computer move.
    fn after(&mut self, update: Update, was_over: bool, fx: &mut Vec<Effect>) {
        let played = matches!(update, Update::Played(_));
        match update {
            Update::Promote(options) => self.promotion = Some(options),
            Update::Played(_) => {
                self.start_animation(fx);
                if self.is_full() {
                    self.judge_puzzle(fx);
                }
            }
            Update::Send(turn) => {
                self.send_turn(turn, fx);
                return;
            }
            Update::Nothing | Update::Selection => {}
        }
        // A hint is for the position it was asked in, and a review for the
        // game as it was.
        self.hint = None;
        if played {
            self.review = None;
        }
        let ended = !was_over && self.session.as_ref().is_some_and(Session::is_over);
        if played {
            self.turn_sound(false, fx);
        } else if ended {
            self.sound(crate::sound::Sound::GameEnd, fx);
        }
        if let Some(session) = &self.session {
            if !was_over && session.is_over() {
                if let Some(result) = session.personal_result() {
                    self.stats.count(session.game.kind(), result);
                    fx.push(Effect::Store {
                        key: STATS_KEY.to_string(),
                        value: self.stats.to_text(),
                    });
                }
            }
        }
        fx.push(self.store_prefs());
        self.save(fx);
        self.maybe_think(fx);
    }
}

#[cfg(test)]
mod around_tests;
#[cfg(test)]
mod connection_tests;
#[cfg(test)]
mod editor_tests;
#[cfg(test)]
mod embed_tests;
#[cfg(test)]
mod light_tests;
#[cfg(test)]
mod lines_tests;
#[cfg(test)]
mod lobby_tests;
#[cfg(test)]
mod online_tests;
#[cfg(test)]
mod players_tests;
#[cfg(test)]
mod puzzle_tests;
#[cfg(test)]
mod review_tests;
#[cfg(test)]
mod screens_tests;
#[cfg(test)]
mod sound_tests;
#[cfg(test)]
mod tests;
