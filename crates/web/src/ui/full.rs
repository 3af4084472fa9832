//! The whole app's part of the page, as the rest of the page meets it:
//! the actions only the whole app hears and the effects only it runs, each
//! group under one variant ([`super::Action::Full`],
//! [`super::Effect::Full`]), and the one place they and the whole app's
//! controls are routed. In the light module this file is replaced by
//! `full_off.rs`, where neither group has a value and each of the whole
//! app's hooks does nothing; so light or full is decided here, at one
//! `mod` line, and nowhere in the code the two share.

use online_play::ClientMessage;

use super::{analysis, around, connection, editor, embed, lines, lobby, online, puzzle, review};
use super::{Boot, Button, Effect, Screen, Ui};
use crate::links::Link;
use crate::online_state::Seat;
use crate::t;

// The whole app's views, controls and storage keys, for the page.
pub use super::analysis::AnalysisView;
pub use super::around::{ChatView, RematchOffer, RematchView, PHRASES};
pub use super::challenges::BOTS_KEY;
pub use super::editor::{BrushView, EditorView};
pub use super::lines::LinesPanel;
pub use super::lobby::{ACCOUNT_KEY, GUEST_KEY, SEATS_KEY};
pub use super::lobby_view::{LiveRow, LobbyView, MineRow, SeekRow};
pub use super::online::{OnlineView, ONLINE_KEY};
pub use super::players::{LeaderRow, LeadersView, PlayerView};
pub use super::puzzle::{PuzzleView, PUZZLES_KEY};
pub use super::review::{graph_ply, Marked, ReviewView, Skip};
pub use super::safety::{FileView, QueueRow, ReportFormView, SafetyView, ACTIONS};
pub use super::safety_view::PlayerButtons;
pub use super::tournament::{countdown, InGameView, TournamentListView, TournamentView};
pub use super::tournament_view::LineView;
// The state the rest of the page holds for the whole app.
pub(super) use super::analysis::Analysing;
pub(super) use super::connection::OnlineGame;
pub(super) use super::editor::Editor;
pub(super) use super::lobby::Community;
pub(super) use super::puzzle::{PuzzleBook, PuzzleState};
pub(super) use super::review::Review;
pub(super) use super::safety::Safety;
pub(super) use super::tournament::Tournaments;
// Each part's message.
pub use super::connection::ConnectionMsg;
pub use super::embed::HostMsg;
pub use super::lobby::LobbyMsg;
pub use super::puzzle::PuzzleMsg;

/// What only the whole app hears, each part's message its own module's:
/// the online game's connection, the lobby, the puzzles, the host page,
/// and the clipboard.
#[derive(Clone, Debug, PartialEq)]
pub enum FullAction {
    Connection(ConnectionMsg),
    Lobby(LobbyMsg),
    Puzzle(PuzzleMsg),
    Host(HostMsg),
    /// Copying to the clipboard worked, or was refused.
    Copied(bool),
    /// Where the browser stands with notifications.
    Notify(super::NotifyState),
}

/// What only the whole app keeps beside the game in progress, in
/// [`super::Shared`].
#[derive(Clone, Debug, Default)]
pub struct FullShared {
    /// The lobby, the Watch screen and the person's seek.
    pub(super) community: Community,
    /// Reports, mutes and blocks, notices, and moderation.
    pub(super) safety: Safety,
    /// The lobby's tournaments, the one on show and the one played in.
    pub(super) tournaments: Tournaments,
    /// The puzzle sets fetched and the progress through them.
    pub(super) puzzles: PuzzleBook,
    /// The state last reported to the host page (turns, over).
    pub(super) reported: Option<(usize, bool)>,
    /// The opponent's chat is muted.
    pub(super) chat_muted: bool,
    /// The screen is asked to stay awake.
    pub(super) awake: bool,
}

/// What only the whole app does.
#[derive(Clone, Debug, PartialEq)]
pub enum FullEffect {
    /// Post this message to the host page (embedded).
    ToHost(serde_json::Value),
    /// Answer the host message being handled.
    ReplyToHost(serde_json::Value),
    /// Open a socket to the game server, letting any open one go without
    /// reporting its closing; report [`ConnectionMsg::Open`],
    /// [`ConnectionMsg::Message`] and [`ConnectionMsg::Closed`].
    Connect,
    /// Close the game socket without reporting it.
    Disconnect,
    /// Start (true) or stop the online game's one-second
    /// [`ConnectionMsg::Heartbeat`].
    Heartbeat(bool),
    /// Create a game on the server; report [`ConnectionMsg::Created`].
    CreateOnline {
        game: &'static str,
        side: String,
        suggestions: bool,
        clock: Option<String>,
    },
    /// Send a message on the game's socket.
    SendOnline(ClientMessage),
    /// Copy the text of the element with this id; report
    /// [`FullAction::Copied`].
    Copy(&'static str),
    /// Offer the board as a PNG picture, named `name`.
    Picture { name: String },
    /// Fetch a game's puzzles; report [`PuzzleMsg::Loaded`].
    LoadPuzzles(engine::GameKind),
    /// Follow these lists over the lobby's socket (opened as needed, and
    /// again after a drop; its news reported as [`LobbyMsg::News`]),
    /// or close it (`None`).
    Follow(Option<online_play::api::LobbyFollow>),
    /// Call the game server's API; report [`LobbyMsg::Api`].
    Api(crate::api::ApiCall),
    /// Empty the text box with this id (a chat message sent).
    ClearField(&'static str),
    /// Keep the screen awake (a game on a clock), or let it sleep.
    KeepAwake(bool),
    /// Notifications in this browser: report [`FullAction::Notify`].
    Notify(super::NotifyAsk),
}

/// The whole app's own panels, as [`super::View::full`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct FullView {
    /// The game's record with its tags, to copy or save.
    pub record: Option<String>,
    /// Online: the panel with the code, the connection line and claims.
    pub online: Option<OnlineView>,
    /// The review of a finished game.
    pub review: Option<ReviewView>,
    /// The analysis panel: `None` when off; its figures once the first
    /// answer came.
    pub analysis: Option<Option<AnalysisView>>,
    /// The board editor, while open.
    pub editor: Option<EditorView>,
    /// The analysis board's lines.
    pub lines: Option<LinesPanel>,
    /// The puzzle on screen.
    pub puzzle: Option<PuzzleView>,
    /// The lobby and Watch screens.
    pub lobby: Option<LobbyView>,
    /// An online game's chat, and its result's rating change and rematch.
    pub chat: Option<ChatView>,
    pub rematch: Option<RematchView>,
    /// The report form, the safety screens and moderation.
    pub safety: Option<SafetyView>,
    /// The lobby's tournaments, a tournament's page, and the line above a
    /// tournament game.
    pub tournaments: Option<TournamentListView>,
    pub tournament: Option<TournamentView>,
    pub in_tournament: Option<InGameView>,
}

impl Ui {
    /// What the whole app's own panels show.
    pub(super) fn full_view(&self) -> FullView {
        if !self.is_full() {
            return FullView::default();
        }
        let (tournaments, tournament, in_tournament) = super::tournament::view(self);
        FullView {
            tournaments,
            tournament,
            in_tournament,
            record: self.record_out().map(|(text, _)| text),
            online: online::view(self),
            review: review::view(self),
            analysis: analysis::view(self),
            editor: editor::view(self),
            lines: lines::view(self),
            puzzle: puzzle::view(self),
            lobby: lobby::view(self),
            chat: around::chat_view(self),
            rematch: around::rematch_view(self),
            safety: super::safety::view(self),
        }
    }

    /// The online panel alone, which the heartbeat rewrites each second.
    pub fn heartbeat_view(&self) -> Option<OnlineView> {
        online::view(self)
    }

    /// A control of the whole app's own: in a page playing the light module
    /// ([`Ui::light`]), it leads to the whole app's page as there.
    pub(super) fn press_full(&mut self, button: Button, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            self.leave_for_full(&button, fx);
            return;
        }
        match button {
            Button::ReviewRecord(text) => {
                let mut notice = None;
                let read = crate::records::read(&text).map(|game| (Link::Record(text), game));
                self.open(read, &mut notice, fx);
                self.shared.notice = notice;
            }
            Button::Picture => {
                if let Some((_, name)) = self.record_out() {
                    fx.push(Effect::Full(FullEffect::Picture {
                        name: format!("{name}.png"),
                    }));
                }
            }
            Button::Analyse => self.toggle_analysis(fx),
            Button::Editor(button) => editor::update(self, button, fx),
            Button::Lines(button) => lines::update(self, button, fx),
            Button::Puzzle(button) => puzzle::update(self, PuzzleMsg::Press(button), fx),
            Button::StartReview if self.review_available() => self.start_review(fx),
            Button::StartOnline {
                side,
                suggestions,
                clock,
                ..
            } => {
                self.shared.notice = Some(t!("creating-game"));
                fx.push(Effect::Full(FullEffect::CreateOnline {
                    game: self.shared.choice.as_str(),
                    side,
                    suggestions,
                    clock,
                }));
            }
            Button::JoinOnline { code, .. } => {
                if let Some(code) = self.join_code(&code) {
                    self.shared.notice = None;
                    self.go_online(Seat::joining(code.to_string()), fx);
                }
            }
            Button::Copy(id) => fx.push(Effect::Full(FullEffect::Copy(id))),
            Button::Lobby(button) => lobby::update(self, LobbyMsg::Press(button), fx),
            Button::Safety(button) => super::safety::update(self, button, fx),
            Button::Tournament(button) => super::tournament::update(self, button, fx),
            Button::Challenge(button) => super::challenges::update(self, button, fx),
            Button::Chat(button) => around::update(self, button, fx),
            Button::AnswerRematch(yes) => self.answer_rematch(yes, fx),
            Button::CancelOnline => {
                if self.shared.online.is_some() {
                    fx.push(Effect::Full(FullEffect::SendOnline(
                        online_play::ClientMessage::Abort,
                    )));
                }
                self.leave_online(fx);
                self.show(Screen::Home);
            }
            _ => {}
        }
    }

    /// A control beside the board, in an online game: what the server
    /// hears of it, if anything; whether it was the server's to hear.
    pub(super) fn online_button(&mut self, button: &Button, fx: &mut Vec<Effect>) -> bool {
        if self.shared.online.is_none() {
            return false;
        }
        let message = match *button {
            Button::Resign => Some(ClientMessage::Resign),
            Button::OfferDraw => Some(ClientMessage::OfferDraw),
            Button::AnswerDraw(true) => Some(ClientMessage::AcceptDraw),
            Button::AnswerDraw(false) => Some(ClientMessage::DeclineDraw),
            Button::Claim { draw } => Some(ClientMessage::Claim { draw }),
            Button::Abort => Some(ClientMessage::Abort),
            // Taking a turn back is not for online games.
            Button::Undo => return true,
            _ => None,
        };
        let Some(message) = message else {
            return false;
        };
        fx.push(Effect::Full(FullEffect::SendOnline(message)));
        true
    }

    /// After any action, the whole app's part: what the host page hears,
    /// the lists the lobby's socket follows, and the analysis panel's next
    /// question.
    pub(super) fn settle_full(&mut self, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            return;
        }
        self.report_to_host(fx);
        self.keep_following(fx);
        self.keep_analysing(fx);
        self.keep_awake(fx);
    }

    /// The screen stays awake while an online game on a clock is played
    /// on screen.
    fn keep_awake(&mut self, fx: &mut Vec<Effect>) {
        let wanted = self.screen.screen() == Screen::Game
            && self.online_clocks().is_some()
            && self.shared.session.as_ref().is_some_and(|s| !s.is_over());
        if wanted != self.shared.whole.awake {
            self.shared.whole.awake = wanted;
            fx.push(Effect::Full(FullEffect::KeepAwake(wanted)));
        }
    }

    /// What the whole app keeps in storage: the puzzles' progress, and the
    /// lobby's names and seats.
    pub(super) fn boot_full(&mut self, boot: &Boot) {
        if !self.is_full() {
            return;
        }
        self.shared.whole.puzzles.progress =
            crate::puzzles::Progress::from_text(boot.puzzles.as_deref().unwrap_or_default());
        self.shared.whole.community = Community::from_storage(
            boot.guest.as_deref(),
            boot.seats.as_deref(),
            boot.account.as_deref(),
            boot.bots.as_deref(),
            boot.seed,
        );
    }

    /// Takes one of the whole app's actions. A page playing the light
    /// module ([`Ui::light`]) has none to take.
    pub(super) fn full_action(&mut self, action: FullAction, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            return;
        }
        match action {
            FullAction::Connection(msg) => connection::update(self, msg, fx),
            FullAction::Lobby(msg) => lobby::update(self, msg, fx),
            FullAction::Puzzle(msg) => puzzle::update(self, msg, fx),
            FullAction::Host(msg) => embed::update(self, msg, fx),
            FullAction::Copied(done) => {
                self.shared.notice = Some(t!(if done { "copied" } else { "copy-refused" }))
            }
            FullAction::Notify(state) => self.notify_state(state),
        }
    }
}
