//! The page's address kept in step with the screen: after every action the
//! route of what is shown is worked out ([`Ui::route`]) and, when it moved,
//! the address follows, a new history entry for a new screen. The
//! browser's Back and Forward come back as [`super::Action::Address`], and
//! the screen follows the address ([`Ui::follow`]).

use super::{Effect, Screen, ScreenState, Tool, Ui};
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
            // A game on this device with no tool over it.
            ScreenState::Game(game)
                if matches!(game.tool, Tool::None)
                    && !self.shared.from_link
                    && self.shared.online.is_none() =>
            {
                return self.shared.session.as_ref().map(|_| Route::Game)
            }
            // The whole app's screens, tools and links.
            _ => return self.full_route(),
        })
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
        if address
            .shown
            .as_ref()
            .is_some_and(|shown| shown.covers(&route))
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
            // The whole app's screens and links.
            route => self.open_full_route(route, query, fx),
        }
    }
}
