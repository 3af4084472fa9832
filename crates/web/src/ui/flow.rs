//! The flow of screens and dialogs: choosing a game, the
//! confirmation before a game in progress is left, and the controls beside
//! the board.

use engine::search::Level;

use super::screen::Ending;
use super::{Button, Dialog, Effect, Screen, ScreenState, Thinking, Ui};
use crate::embed::Embed;
use crate::session::{Mode, Session, Update};
use crate::t;

impl Ui {
    /// A control was pressed.
    pub(super) fn press(&mut self, button: Button, fx: &mut Vec<Effect>) {
        if !self.confirmed(&button) {
            return;
        }
        match button {
            Button::Home => {
                self.shared.notice = None;
                self.show(Screen::Home);
                self.home_shown(fx);
            }
            Button::Rules => {
                let kind = self.shared.session.as_ref().map(|s| s.game.kind());
                self.show_rules(kind, fx);
            }
            Button::CloseRules => self.show(if self.shared.session.is_some() {
                Screen::Game
            } else {
                Screen::Home
            }),
            Button::Pick(variant) => {
                self.shared.choice = variant;
                self.show(Screen::Opponent);
            }
            Button::StartComputer { level, human } => {
                self.begin(Mode::Computer { level, human }, fx)
            }
            Button::StartFriend => self.begin(Mode::Friend, fx),
            Button::StartWatch { delay_ms } => self.begin(
                Mode::Watch {
                    level: Level::Medium,
                    delay_ms,
                },
                fx,
            ),
            Button::NewGame => self.new_game(fx),
            Button::Zen => {
                self.shared.prefs.zen = !self.shared.prefs.zen;
                fx.push(self.store_prefs());
            }
            Button::Rematch => self.rematch(fx),
            Button::Hint => self.ask_hint(fx),
            Button::Continue => {
                if self.shared.session.is_some() {
                    self.shared.notice = None;
                    self.show(Screen::Game);
                }
            }
            Button::ConfirmNew(yes) => self.confirm_new(yes, fx),
            // Offline, neither page can reach the server.
            Button::StartOnline { on_line: false, .. }
            | Button::JoinOnline { on_line: false, .. } => {
                self.shared.notice = Some(t!("offline"));
            }
            Button::DownloadRecord => self.download_record(fx),
            Button::StartReview
            | Button::Analyse
            | Button::Editor(_)
            | Button::Lines(_)
            | Button::Puzzle(_)
            | Button::ReviewRecord(_)
            | Button::Picture
            | Button::StartOnline { .. }
            | Button::JoinOnline { .. }
            | Button::Copy(_)
            | Button::Lobby(_)
            | Button::Safety(_)
            | Button::Tournament(_)
            | Button::Challenge(_)
            | Button::Chat(_)
            | Button::AnswerRematch(_)
            | Button::CancelOnline => self.press_full(button, fx),
            game => self.game_button(game, fx),
        }
    }

    /// Resigning and aborting take a second press on the same control;
    /// any other press forgets the first. Whether `button` goes ahead.
    fn confirmed(&mut self, button: &Button) -> bool {
        let ending = Ending::of(button);
        let live = self.shared.session.as_ref().is_some_and(|s| !s.is_over());
        let Some(game) = self.screen.game_mut() else {
            return true;
        };
        match ending {
            Some(ending) if live && game.confirming != Some(ending) => {
                game.confirming = Some(ending);
                false
            }
            _ => {
                game.confirming = None;
                true
            }
        }
    }

    /// Whether taking a turn back would rewrite a finished game: one being
    /// reviewed, or one a link or a record opened.
    pub(super) fn undo_locked(&self) -> bool {
        let over = self.shared.session.as_ref().is_some_and(Session::is_over);
        self.screen.tool().review().is_some() || (over && self.shared.from_link)
    }

    /// A join code as typed, read; one that cannot be a code is refused in
    /// words.
    pub(super) fn join_code(&mut self, typed: &str) -> Option<online_play::JoinCode> {
        let code = typed.trim().parse().ok();
        if code.is_none() {
            self.shared.notice = Some(t!("code-shape"));
        }
        code
    }

    /// Shows the rules, at `kind`'s if named.
    pub(super) fn show_rules(&mut self, kind: Option<engine::GameKind>, fx: &mut Vec<Effect>) {
        self.screen = ScreenState::Rules(kind);
        fx.push(Effect::ShowRules {
            article: kind.map(engine::GameKind::as_str),
        });
    }

    /// A control beside the board.
    fn game_button(&mut self, button: Button, fx: &mut Vec<Effect>) {
        if self.online_button(&button, fx) {
            return;
        }
        if button == Button::LookBack {
            if let Some(game) = self.screen.game_mut() {
                game.looking_back = true;
            }
        }
        // A finished game under review stays as it ended.
        if button == Button::Undo && self.undo_locked() {
            return;
        }
        let Some(session) = self.shared.session.as_mut() else {
            return;
        };
        let was_over = session.is_over();
        match button {
            Button::Undo => {
                session.undo();
                self.stop_thinking(fx);
                if let Some(input) = self.screen.game_mut().map(|g| &mut g.input) {
                    input.promotion = None;
                }
            }
            Button::Resign => {
                session.resign();
            }
            Button::OfferDraw => {
                if session.offer_draw(session.person_side()) && session.awaiting_computer_answer() {
                    self.ask_about_draw(fx);
                }
            }
            Button::AnswerDraw(yes) => session.answer_draw(yes),
            Button::Flip => self.shared.prefs.flipped = !self.shared.prefs.flipped,
            Button::Back => session.step_back(),
            Button::LookBack => session.review_at(0),
            Button::ConfirmMove(play) => {
                let update = session.settle_proposed(play);
                self.after(update, was_over, fx);
                return;
            }
            Button::Forward => session.step_forward(),
            Button::Review(ply) => session.review_at(ply),
            Button::Promote(role) => {
                let promotion = self.screen.game_mut().map(|g| &mut g.input.promotion);
                let choice = promotion.and_then(Option::take).and_then(|options| {
                    options
                        .into_iter()
                        .find(|&(r, _)| r == role)
                        .map(|(_, turn)| turn)
                });
                if let Some(turn) = choice {
                    let update = session.play(turn);
                    self.after(update, was_over, fx);
                    return;
                }
            }
            Button::Pause => {
                self.shared.paused = !self.shared.paused;
                // The pause before the next move ends with no move.
                if self.shared.paused && self.shared.thinking == Thinking::Delay {
                    self.stop_thinking(fx);
                }
            }
            Button::Step => {
                self.shared.paused = true;
                self.stop_thinking(fx);
                self.think_now(fx);
            }
            Button::TakeOver => {
                if session.take_over() {
                    self.stop_thinking(fx);
                }
            }
            _ => return,
        }
        self.after(Update::Selection, was_over, fx);
    }

    /// A finished game's rematch: the same opponent and level, the person
    /// on the other side (two people on one device and the computer against
    /// itself simply start again).
    fn rematch(&mut self, fx: &mut Vec<Effect>) {
        let Some(session) = self.shared.session.as_ref().filter(|s| s.is_over()) else {
            return;
        };
        let mode = match session.mode {
            Mode::Computer { level, human } => Mode::Computer {
                level,
                human: human.other(),
            },
            Mode::Online { .. } => return,
            mode => mode,
        };
        self.shared.choice = session.game.kind();
        self.begin(mode, fx);
    }

    /// "New game": embedded, a new game of the same kind at once; else the
    /// home screen, after confirming if a game is in progress.
    fn new_game(&mut self, fx: &mut Vec<Effect>) {
        if let Some(embed) = &self.shared.embed {
            if let Some(mode) = local_mode(embed) {
                self.begin(mode, fx);
            }
            return;
        }
        if self
            .shared
            .session
            .as_ref()
            .is_some_and(Session::is_unfinished)
        {
            fx.push(Effect::Dialog {
                id: Dialog::ConfirmNew,
                open: true,
            });
        } else {
            self.show(Screen::Home);
        }
    }

    fn confirm_new(&mut self, yes: bool, fx: &mut Vec<Effect>) {
        fx.push(Effect::Dialog {
            id: Dialog::ConfirmNew,
            open: false,
        });
        let pending = self.shared.pending.take();
        if !yes {
            if self.shared.session.is_some() {
                self.show(Screen::Game);
            }
            return;
        }
        match pending {
            Some(session) => self.adopt(session, fx),
            None => {
                self.leave_online(fx);
                self.shared.session = None;
                self.stop_thinking(fx);
                fx.push(Effect::Remove {
                    key: self.shared.save_key.clone(),
                });
                self.show(Screen::Home);
            }
        }
    }

    /// A new game of the chosen kind, once a game in progress is given up.
    pub(super) fn begin(&mut self, mode: Mode, fx: &mut Vec<Effect>) {
        let seed = self.new_seed();
        self.offer(Session::new(self.shared.choice, mode, seed), fx);
    }

    /// `session` as the new game, once a game in progress is given up.
    pub(super) fn offer(&mut self, session: Session, fx: &mut Vec<Effect>) {
        // A board a link or the editor opened is not a game to give up.
        let giving_up = !self.shared.from_link
            && self
                .shared
                .session
                .as_ref()
                .is_some_and(Session::is_unfinished);
        if giving_up {
            self.shared.pending = Some(session);
            fx.push(Effect::Dialog {
                id: Dialog::ConfirmNew,
                open: true,
            });
        } else {
            self.adopt(session, fx);
        }
    }

    /// Shows `session` as the game in progress.
    pub(super) fn adopt(&mut self, session: Session, fx: &mut Vec<Effect>) {
        self.take_up(session, fx);
        self.save(fx);
        self.maybe_think(fx);
    }

    /// Puts `session` on screen in place of whatever was there, unsaved.
    pub(super) fn take_up(&mut self, session: Session, fx: &mut Vec<Effect>) {
        self.leave_online(fx);
        self.shared.session = Some(session);
        // A new game's turns are not the last one's.
        self.shared.announced_ply = None;
        self.stop_thinking(fx);
        self.shared.paused = false;
        self.shared.from_link = false;
        self.shared.notice = None;
        self.screen = ScreenState::fresh(Screen::Game);
    }

    /// A new pause between the computer's moves while watching.
    pub(super) fn set_delay(&mut self, ms: u32, fx: &mut Vec<Effect>) {
        if let Some(session) = self.shared.session.as_mut() {
            if let Mode::Watch { delay_ms, .. } = &mut session.mode {
                *delay_ms = ms;
            }
        }
        self.save(fx);
    }
}

/// The local mode an embedding asks for (`None` for online play).
pub(super) fn local_mode(embed: &Embed) -> Option<Mode> {
    use crate::embed::Opponent;
    Some(match &embed.opponent {
        Opponent::Computer(level) => Mode::Computer {
            level: *level,
            human: embed.side,
        },
        Opponent::Friend => Mode::Friend,
        Opponent::Watch => Mode::Watch {
            level: Level::Medium,
            delay_ms: 900,
        },
        Opponent::Join(_) | Opponent::Spectate(_) => return None,
    })
}
