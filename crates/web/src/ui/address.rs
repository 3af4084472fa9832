//! The page's address kept in step with the screen: after every action the
//! route of what is shown is worked out ([`Ui::route`]) and, when it moved,
//! the address follows, a new history entry for a new screen. The
//! browser's Back and Forward come back as [`super::Action::Address`], and
//! the screen follows the address ([`Ui::follow`]).

#[cfg(feature = "full")]
use engine::Playable;

#[cfg(feature = "full")]
use super::Tool;
use super::{Effect, Screen, ScreenState, Ui};
#[cfg(feature = "full")]
use crate::links::Link;
#[cfg(feature = "full")]
use crate::online_state::Seat;
use crate::route::Route;

/// The route the address shows, and whether the next change replaces it
/// (at boot, and after Back or Forward) rather than adding an entry.
#[derive(Clone, Debug, Default)]
pub(super) struct Address {
    shown: Option<Route>,
    replace: bool,
}

impl Address {
    /// The page has just loaded at `query`: its address is read, not a
    /// step to go back to, and left as it is if it names the screen shown.
    pub(super) fn booting(query: &str) -> Address {
        Address {
            shown: Some(Route::from_query(query)),
            replace: true,
        }
    }
}

impl Ui {
    /// The route of the screen on show; none while it has no address of
    /// its own (joining a friend's game by code, before the game is known).
    pub fn route(&self) -> Option<Route> {
        Some(match &self.screen {
            ScreenState::Home => Route::Home,
            ScreenState::Opponent => Route::Opponent(self.shared.choice),
            ScreenState::Rules(kind) => Route::Rules(*kind),
            // The light module has no tools, opens no links and shows none
            // of the whole app's screens.
            ScreenState::Game(_) if !self.is_full() => {
                return self.shared.session.as_ref().map(|_| Route::Game)
            }
            _ if !self.is_full() => return None,
            #[cfg(feature = "full")]
            ScreenState::Lobby => Route::Lobby,
            #[cfg(feature = "full")]
            ScreenState::Watch => Route::Watch,
            #[cfg(feature = "full")]
            ScreenState::Player(name) => Route::Player(name.clone()),
            #[cfg(not(feature = "full"))]
            _ => return None,
            #[cfg(feature = "full")]
            ScreenState::Waiting => self.online_route()?,
            #[cfg(feature = "full")]
            ScreenState::Game(_) if self.shared.online.is_some() => self.online_route()?,
            #[cfg(feature = "full")]
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
        })
    }

    #[cfg(feature = "full")]
    fn online_route(&self) -> Option<Route> {
        let id = &self.shared.online.as_ref()?.mirror.seat.game;
        (!id.is_empty()).then(|| Route::Online(id.clone()))
    }

    /// After every action: the address follows the screen. An embedded
    /// page leaves the host's history alone.
    pub(super) fn keep_address(&mut self, fx: &mut Vec<Effect>) {
        if self.shared.embed.is_some() {
            return;
        }
        let Some(route) = self.route() else {
            return;
        };
        let address = &mut self.shared.address;
        if address.shown.as_ref() == Some(&route) {
            address.replace = false;
            return;
        }
        // A whole record (with its tags) stays as it was linked.
        #[cfg(feature = "full")]
        if let (Some(Route::Link(Link::Record(_))), Route::Link(Link::Review(_))) =
            (&address.shown, &route)
        {
            address.replace = false;
            return;
        }
        let push = !address.replace
            && !address
                .shown
                .as_ref()
                .is_some_and(|shown| shown.same_screen(&route));
        let query = route.to_query();
        address.shown = Some(route);
        address.replace = false;
        let query = self.with_lang(query);
        fx.push(Effect::Address { query, push });
    }

    /// `query` with the language the address chose, if it did.
    pub(super) fn with_lang(&self, query: String) -> String {
        if !self.shared.lang_in_address {
            return query;
        }
        let lang = self.shared.loading_lang.unwrap_or(self.shared.lang);
        let join = if query.is_empty() { '?' } else { '&' };
        format!("{query}{join}lang={}", lang.code())
    }

    /// The browser went Back or Forward to `query`: the screen it names is
    /// shown, or the nearest one that can be (a game no longer in progress
    /// leaves the home screen), and the address is corrected in place.
    pub(super) fn follow(&mut self, query: &str, fx: &mut Vec<Effect>) {
        // Read twice rather than copied: the light module is smaller so.
        let route = Route::from_query(query);
        self.shared.address = Address {
            shown: Some(Route::from_query(query)),
            replace: true,
        };
        if route.needs_full() && !self.is_full() {
            // The light module has no such screen: the page that has it,
            // at the address as it is.
            fx.push(Effect::Navigate(query.to_string()));
            return;
        }
        self.shared.notice = None;
        self.open_route(route, query, fx);
    }

    /// Shows what `route` names (`query` is the address it came from).
    pub(super) fn open_route(&mut self, route: Route, query: &str, fx: &mut Vec<Effect>) {
        #[cfg(not(feature = "full"))]
        let _ = query;
        match route {
            Route::Home => {
                self.show(Screen::Home);
                self.home_shown(fx);
            }
            Route::Opponent(kind) => {
                self.shared.choice = kind;
                self.show(Screen::Opponent);
            }
            Route::Rules(kind) => self.show_rules(kind, fx),
            Route::Game if self.shared.session.is_some() && self.shared.online.is_none() => {
                self.show(Screen::Game)
            }
            Route::Game => {
                self.show(Screen::Home);
                self.home_shown(fx);
            }
            // The rest is the whole app's (and left out of the light module).
            _ if !self.is_full() => {}
            #[cfg(not(feature = "full"))]
            Route::Unread => {}
            #[cfg(feature = "full")]
            Route::Online(id) => self.open_online(id, fx),
            #[cfg(feature = "full")]
            Route::Lobby => self.lobby_button(super::LobbyButton::Open, fx),
            #[cfg(feature = "full")]
            Route::Watch => self.lobby_button(super::LobbyButton::Watch, fx),
            #[cfg(feature = "full")]
            Route::Player(name) => self.open_player(&name, fx),
            #[cfg(feature = "full")]
            Route::Link(_) => {
                let mut notice = None;
                self.open_link(query, &mut notice, fx);
                self.shared.notice = notice;
            }
        }
    }

    /// The online game `id`: its screen if this page takes part in it, else
    /// watched.
    #[cfg(feature = "full")]
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
}
