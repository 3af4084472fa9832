//! The page as one state machine, without a DOM: [`Ui`] holds everything
//! the page shows, [`Ui::update`] takes an [`Action`] and returns the
//! [`Effect`]s the page must run, and [`Ui::view`] says what every panel and
//! the board show. The page glue in [`crate::app`] only turns events into
//! actions, runs effects and writes the view, so whole flows are tested
//! natively by driving `update` and reading `view`.

mod action;
mod address;
mod board;
mod boot;
mod computer;
mod effect;
mod flow;
#[cfg_attr(not(feature = "full"), path = "full_off.rs")]
mod full;
mod hint;
mod huff_note;
mod language;
mod light;
mod record;
mod screen;
mod sounds;
mod tools;
mod view;
// The whole app's own parts, which the rest reaches only through `full`:
// none of them is in the light module.
#[cfg(feature = "full")]
mod address_full;
#[cfg(feature = "full")]
mod analysis;
#[cfg(feature = "full")]
mod around;
mod challenge_controls;
#[cfg(feature = "full")]
mod challenges;
#[cfg(feature = "full")]
mod connection;
#[cfg(feature = "full")]
mod editor;
#[cfg(feature = "full")]
mod embed;
#[cfg(feature = "full")]
mod lines;
#[cfg(feature = "full")]
mod lobby;
#[cfg(feature = "full")]
mod lobby_replies;
#[cfg(feature = "full")]
mod lobby_view;
#[cfg(feature = "full")]
mod notifications;
#[cfg(feature = "full")]
mod online;
#[cfg(feature = "full")]
mod players;
#[cfg(feature = "full")]
mod puzzle;
#[cfg(feature = "full")]
pub mod refusal;
#[cfg(feature = "full")]
mod review;
#[cfg(feature = "full")]
mod safety;
#[cfg(feature = "full")]
mod safety_view;
#[cfg(feature = "full")]
mod tournament;
mod tournament_controls;
#[cfg(feature = "full")]
mod tournament_view;

pub use action::{Action, ActionError, Boot, Button, Fields};
pub use board::BoardMsg;
pub use challenge_controls::ChallengeButton;
#[cfg(feature = "full")]
pub use challenges::{reason_words, ChallengeRow, FollowRow};
pub use effect::{Dialog, Effect, Timer};
pub use full::*;
pub use language::LANG_KEY;
pub use light::FULL_KEYS;
#[cfg(feature = "full")]
pub use notifications::{NotifyAsk, NotifyState, NotifyView};
use screen::{Animation, Drag, Tool};
pub use screen::{Screen, ScreenState};
pub use tools::{ChatButton, EditorButton, LinesButton, LobbyButton, PuzzleButton, SafetyButton};
pub use tournament_controls::{MakeForm, TournamentButton};
pub use view::{display_name, preview, GameView, MoveItem, ResultView, View};

use engine::GameKind;

use crate::embed::Embed;
use crate::i18n::Lang;
use crate::save::{Prefs, Stats};
use crate::session::{Session, Update};

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

/// What the computer is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Thinking {
    Idle,
    /// Waiting out the pause between moves while watching.
    Delay,
    /// Asked its worker (the request's id).
    Asked(u32),
}

/// Everything the page shows, and what it is waiting for: what outlives a
/// screen, and the screen on show with its own state.
#[derive(Clone, Debug)]
pub struct Ui {
    pub shared: Shared,
    pub screen: ScreenState,
}

/// What outlives a screen: the person's settings and records, the
/// language, the page's ids and randomness, the embedding, the lists of
/// the lobby, and the game in progress with its online connection.
#[derive(Clone, Debug)]
pub struct Shared {
    /// The game in progress (online, as the server has it).
    pub session: Option<Session>,
    /// A new game waiting for the person to confirm that the old one goes.
    pending: Option<Session>,
    /// The game chosen on the home screen.
    choice: GameKind,
    pub prefs: Prefs,
    stats: Stats,
    thinking: Thinking,
    /// The last id given to a request or a timer.
    last_id: u32,
    /// Watching: the computer's moves wait for a step.
    paused: bool,
    /// What the live region says, and the turn count it last spoke of.
    announcement: String,
    announced_ply: Option<usize>,
    pub notice: Option<String>,
    save_key: String,
    /// Embedded in another site's page: what it asked for.
    embed: Option<Embed>,
    /// The online game this page takes part in: the server's game as
    /// mirrored, and the socket's state.
    online: Option<Box<full::OnlineGame>>,
    /// Random bits for a joining friend's seat token.
    token_words: [u32; 4],
    /// The page's random state (splitmix64), for new games' seeds.
    random: u64,
    /// The time of the latest frame (ms), and whether the next one is asked
    /// for.
    clock: f64,
    frame_asked: bool,
    reduced_motion: bool,
    /// The game on screen came from a share link: it is not saved.
    from_link: bool,
    /// The language shown, and the one being loaded.
    lang: Lang,
    /// The page's address chose the language (`?lang=`): the whole app's
    /// page, opened from here, is asked for it too.
    lang_in_address: bool,
    loading_lang: Option<Lang>,
    /// Today's date, for records.
    today: String,
    /// Whether this is the whole app: in its module, unless a test plays
    /// the light module ([`Ui::light`]).
    full: bool,
    /// What only the whole app keeps: the lobby's lists, the puzzles, the
    /// chat's mute, what the host page last heard.
    #[cfg_attr(not(feature = "full"), allow(dead_code))]
    whole: full::FullShared,
    /// The route the page's address shows.
    address: address::Address,
}

impl Default for Ui {
    fn default() -> Ui {
        Ui::new()
    }
}

impl Ui {
    pub fn new() -> Ui {
        Ui {
            shared: Shared {
                session: None,
                pending: None,
                choice: GameKind::Draughts(engine::DraughtsKind::Classic),
                prefs: Prefs::default(),
                stats: Stats::default(),
                thinking: Thinking::Idle,
                last_id: 0,
                paused: false,
                announcement: String::new(),
                announced_ply: None,
                notice: None,
                save_key: SAVE_KEY.to_string(),
                embed: None,
                online: None,
                token_words: [0; 4],
                random: 0,
                clock: 0.0,
                frame_asked: false,
                reduced_motion: false,
                from_link: false,
                lang: Lang::En,
                lang_in_address: false,
                loading_lang: None,
                today: String::new(),
                full: crate::FULL,
                whole: full::FullShared::default(),
                address: address::Address::default(),
            },
            screen: ScreenState::Home,
        }
    }

    /// A page as the light module runs it: the controls for online play
    /// and the tools open the whole app's page instead
    /// ([`Ui::tools_link`]).
    pub fn light() -> Ui {
        let mut ui = Ui::new();
        ui.shared.full = false;
        ui
    }

    /// Shows `screen`: the one on show keeps its state, another starts
    /// afresh.
    fn show(&mut self, screen: Screen) {
        if self.screen.screen() != screen {
            self.screen = ScreenState::fresh(screen);
        }
    }

    /// Forgets the hint: it was for the position it was asked in.
    fn drop_hint(&mut self) {
        if let Some(game) = self.screen.game_mut() {
            game.hint = None;
        }
    }

    /// Closes the tool open over the board.
    fn close_tool(&mut self) {
        if let Some(game) = self.screen.game_mut() {
            game.tool = Tool::None;
        }
    }

    /// Whether this is the whole app. Constant in the light module, so
    /// that every way into the rest, tested by this, is left out of it.
    pub(super) fn is_full(&self) -> bool {
        crate::FULL && self.shared.full
    }

    /// Takes one action; the effects for the page to run.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let mut fx = Vec::new();
        match action {
            Action::Boot(boot) => self.boot(*boot, &mut fx),
            Action::Press(button) => self.press(button, &mut fx),
            Action::Prefs(prefs) => {
                self.shared.prefs = Prefs {
                    flipped: self.shared.prefs.flipped,
                    zen: self.shared.prefs.zen,
                    chat: self.shared.prefs.chat,
                    ..prefs
                };
                fx.push(self.store_prefs());
                fx.push(Effect::Redraw);
            }
            Action::WatchDelay(ms) => self.set_delay(ms, &mut fx),
            Action::Language(code) => self.choose_language(&code, &mut fx),
            Action::LanguageLoaded { lang, text } => self.language_loaded(lang, text, &mut fx),
            Action::Board(msg) => board::update(self, msg, &mut fx),
            Action::Timer(Timer::Reconnect) => self.reconnect_now(&mut fx),
            Action::Timer(Timer::WatchPause) => {
                if self.shared.thinking == Thinking::Delay {
                    self.think_now(&mut fx);
                }
            }
            Action::Reply(reply) => self.on_reply(reply, &mut fx),
            Action::Address(query) => self.follow(&query, &mut fx),
            Action::Full(action) => self.full_action(action, &mut fx),
        }
        self.settle(&mut fx);
        fx
    }

    /// After any change: what the live region says of a new turn, and what
    /// the host page hears.
    pub fn settle(&mut self, fx: &mut Vec<Effect>) {
        if let Some(session) = &self.shared.session {
            let game = &session.game;
            if self.shared.announced_ply != Some(game.ply()) {
                let before = self.shared.announced_ply.replace(game.ply());
                let history = game.history();
                let last =
                    crate::keyboard::last_turn_words(game, history.last().map(String::as_str))
                        .unwrap_or_default();
                self.shared.announcement = format!("{last} {}.", self.status()).trim().to_string();
                self.note_huff(before);
            }
        }
        self.keep_address(fx);
        self.settle_full(fx);
    }

    /// The status line: the session's, or "Paused" while watching paused.
    fn status(&self) -> String {
        let Some(session) = &self.shared.session else {
            return String::new();
        };
        if session.computer_to_move().is_some()
            && self.shared.thinking == Thinking::Idle
            && self.shared.paused
        {
            return crate::t!("paused");
        }
        session.status()
    }

    /// Whether the computer is thinking (not waiting out the pause between
    /// moves while watching: then it has yet to begin).
    pub fn is_thinking(&self) -> bool {
        matches!(self.shared.thinking, Thinking::Asked(_))
    }

    /// Whether this page takes part in an online game.
    pub fn is_online(&self) -> bool {
        self.shared.online.is_some()
    }

    /// The embedding the page was opened with, if any.
    pub fn embed(&self) -> Option<&Embed> {
        self.shared.embed.as_ref()
    }

    /// The next id for a request or a timer.
    fn next_id(&mut self) -> u32 {
        self.shared.last_id += 1;
        self.shared.last_id
    }

    /// A seed for a new game (splitmix64 over the page's random state).
    fn new_seed(&mut self) -> u64 {
        self.shared.random = self.shared.random.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.shared.random;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn store_prefs(&self) -> Effect {
        Effect::Store {
            key: PREFS_KEY.to_string(),
            value: self.shared.prefs.to_text(),
        }
    }

    /// Saves the game in progress (an online game lives on the server; its
    /// seat is stored instead).
    fn save(&self, fx: &mut Vec<Effect>) {
        // An online game lives on the server; one a link opened is not
        // the person's game in progress, which stays saved.
        if self.shared.online.is_some() || self.shared.from_link {
            return;
        }
        if let Some(session) = &self.shared.session {
            fx.push(Effect::Store {
                key: self.shared.save_key.clone(),
                value: session.to_save(),
            });
        }
    }

    /// After a change to the game: sound it, count a finished game, save,
    /// and let the computer move.
    fn after(&mut self, update: Update, was_over: bool, fx: &mut Vec<Effect>) {
        let played = matches!(update, Update::Played(_));
        match update {
            Update::Promote(options) => {
                if let Some(input) = self.input_mut() {
                    input.promotion = Some(options);
                }
            }
            Update::Played(_) => {
                self.start_animation(fx);
                self.judge_puzzle(fx);
            }
            Update::Send(turn) => {
                self.send_turn(turn, fx);
                return;
            }
            Update::Nothing | Update::Selection => {}
        }
        // A hint is for the position it was asked in, and a review for the
        // game as it was.
        self.drop_hint();
        if played && self.screen.tool().review().is_some() {
            self.close_tool();
        }
        let ended = !was_over && self.shared.session.as_ref().is_some_and(Session::is_over);
        if played {
            self.turn_sound(false, fx);
        } else if ended {
            self.sound(crate::sound::Sound::GameEnd, fx);
        }
        if let Some(session) = &self.shared.session {
            if !was_over && session.is_over() {
                if let Some(result) = session.personal_result() {
                    self.shared.stats.count(session.game.kind(), result);
                    fx.push(Effect::Store {
                        key: STATS_KEY.to_string(),
                        value: self.shared.stats.to_text(),
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
mod address_tests;
#[cfg(test)]
mod around_tests;
#[cfg(test)]
mod challenges_tests;
#[cfg(test)]
mod connection_tests;
#[cfg(test)]
mod editor_tests;
#[cfg(test)]
mod embed_tests;
#[cfg(test)]
mod finished_tests;
#[cfg(test)]
mod huff_note_tests;
#[cfg(test)]
mod light_tests;
#[cfg(test)]
mod lines_tests;
#[cfg(test)]
mod lists_tests;
#[cfg(test)]
mod lobby_tests;
#[cfg(test)]
mod notifications_tests;
#[cfg(test)]
mod online_tests;
#[cfg(test)]
mod players_tests;
#[cfg(test)]
mod premove_tests;
#[cfg(test)]
mod puzzle_tests;
#[cfg(test)]
mod refusal_tests;
#[cfg(test)]
mod review_tests;
#[cfg(test)]
mod safety_tests;
#[cfg(test)]
mod screens_tests;
#[cfg(test)]
mod sound_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tournament_tests;
