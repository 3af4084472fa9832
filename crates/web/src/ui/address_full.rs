//! The whole app's addresses: the route of each of its screens, tools and
//! links, and the screen each such route opens (an online game, the lobby,
//! Watch, a player's page, a share link).

use engine::Playable;

use super::{Button, Effect, Screen, ScreenState, Tool, Ui};
use crate::links::Link;
use crate::online_state::Seat;
use crate::route::Route;
use crate::session::{Mode, Session};

impl Ui {
    /// The route of a screen, tool or link of the whole app's.
    pub(super) fn full_route(&self) -> Option<Route> {
        Some(match &self.screen {
            ScreenState::Lobby => Route::Lobby,
            ScreenState::Watch => Route::Watch,
            ScreenState::Player(name) => Route::Player(name.clone()),
            ScreenState::Safety => Route::Safety,
            ScreenState::Moderation => Route::Moderation,
            ScreenState::Tournament(id) if !id.is_empty() => Route::Tournament(id.clone()),
            ScreenState::Waiting => self.online_route()?,
            ScreenState::Game(_) if self.shared.online.is_some() => self.online_route()?,
            ScreenState::Game(game) => {
                let session = self.shared.session.as_ref();
                let link = match &game.tool {
                    Tool::Editor(editor) => {
                        let game = editor.check().ok()?;
                        Link::Editor {
                            game: game.kind(),
                            position: game.position_text(),
                        }
                    }
                    Tool::Review(_) => Link::Review(session?.game.to_record_line()),
                    Tool::Puzzle(puzzle) => Link::Puzzles(puzzle.kind),
                    Tool::None if self.shared.from_link => {
                        let session = session?;
                        Link::AnalysisLine {
                            record: session.game.to_record_line(),
                            ply: session.review.unwrap_or(session.game.ply()),
                        }
                    }
                    Tool::None => return session.map(|_| Route::Game),
                };
                Route::Link(link)
            }
            _ => return None,
        })
    }

    fn online_route(&self) -> Option<Route> {
        let id = &self.shared.online.as_ref()?.mirror.seat.game;
        (!id.is_empty()).then(|| Route::Online(id.clone()))
    }

    /// Shows what a route of the whole app's names (`query` is the address
    /// it came from).
    pub(super) fn open_full_route(&mut self, route: Route, query: &str, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            return;
        }
        match route {
            Route::Online(id) => self.open_online(id, fx),
            Route::Lobby => {
                super::lobby::update(self, super::LobbyMsg::Press(super::LobbyButton::Open), fx)
            }
            Route::Watch => {
                super::lobby::update(self, super::LobbyMsg::Press(super::LobbyButton::Watch), fx)
            }
            Route::Player(name) => self.open_player(&name, fx),
            Route::Safety => super::safety::update(self, super::SafetyButton::Open, fx),
            Route::Moderation => super::safety::update(self, super::SafetyButton::Moderation, fx),
            Route::Tournament(id) => {
                super::tournament::update(self, super::TournamentButton::Open(id), fx)
            }
            Route::Link(_) => {
                let mut notice = None;
                self.open_link(query, &mut notice, fx);
                self.shared.notice = notice;
            }
            Route::Home | Route::Opponent(_) | Route::Rules(_) | Route::Game => {}
        }
    }

    /// The online game `id`: its screen if this page takes part in it, else
    /// watched.
    fn open_online(&mut self, id: String, fx: &mut Vec<Effect>) {
        let here = self
            .shared
            .online
            .as_ref()
            .filter(|g| g.mirror.seat.game == id)
            .map(|g| g.mirror.seat.creator && !g.mirror.started() && !g.mirror.is_over());
        match here {
            Some(true) => self.show(Screen::Waiting),
            Some(false) => self.show(Screen::Game),
            None => self.go_online(Seat::watching(id), fx),
        }
    }

    /// Opens what a share link names: a game to review, or a position to
    /// analyse; a bad link is told in words and the page goes on as it was.
    pub(super) fn open_link(
        &mut self,
        query: &str,
        notice: &mut Option<String>,
        fx: &mut Vec<Effect>,
    ) {
        if !self.is_full() {
            return;
        }
        if let Some(link) = Link::from_query(query) {
            self.open(link, notice, fx);
        }
    }

    /// Opens a game to review or a position to analyse, or says why not.
    pub(super) fn open(
        &mut self,
        link: Result<(Link, engine::AnyGame), String>,
        notice: &mut Option<String>,
        fx: &mut Vec<Effect>,
    ) {
        match link {
            Ok((link @ (Link::Review(_) | Link::Record(_)), game)) => {
                let seed = self.new_seed();
                let mut session = Session::resume(game, Mode::Friend, seed);
                if let Link::Record(text) = &link {
                    session.players = crate::records::players(text).map(Box::new);
                }
                self.take_up(session, fx);
                self.shared.from_link = true;
                self.start_review(fx);
            }
            Ok((Link::Analysis { .. }, game)) => {
                let shown = game.ply();
                self.analyse_game(game, shown, fx);
            }
            Ok((Link::AnalysisLine { ply, .. }, game)) => self.analyse_game(game, ply, fx),
            Ok((Link::Editor { .. }, game)) => {
                self.shared.choice = game.kind();
                self.edit(engine::board_setup::BoardSetup::of(&game), fx);
            }
            Ok((
                Link::Online {
                    game,
                    side,
                    suggestions,
                    clock,
                },
                _,
            )) => {
                self.shared.choice = game;
                let create = Button::StartOnline {
                    side,
                    suggestions,
                    clock,
                    on_line: true,
                };
                self.press(create, fx);
                // "Creating the game…", or why not.
                if let Some(said) = self.shared.notice.take() {
                    *notice = Some(said);
                }
            }
            Ok((Link::Puzzles(kind), _)) => {
                self.shared.choice = kind;
                super::puzzle::update(self, super::PuzzleMsg::Press(super::PuzzleButton::Open), fx);
            }
            Err(why) => *notice = Some(why),
        }
    }

    /// Puts `game` on the analysis board, showing the position after
    /// `shown` turns: two people's moves, the analysis panel on, not saved.
    pub(super) fn analyse_game(
        &mut self,
        game: engine::AnyGame,
        shown: usize,
        fx: &mut Vec<Effect>,
    ) {
        let seed = self.new_seed();
        let mut session = Session::resume(game, Mode::Friend, seed);
        session.keep_variations(shown);
        self.take_up(session, fx);
        self.shared.from_link = true;
        if self.screen.game().is_none_or(|g| g.analysing.is_none()) {
            self.toggle_analysis(fx);
        }
    }
}
