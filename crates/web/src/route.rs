//! Every screen an address: [`Route`] turns the page's address into the
//! screen it names and back. The addresses, all on the page's one path:
//!
//! | address               | screen                                        |
//! |-----------------------|-----------------------------------------------|
//! | (none)                | home, or the game in progress on a first visit |
//! | `?play=<game>`        | who plays the game chosen                     |
//! | `?rules=<game>`       | the rules, at that game's                     |
//! | `?game`               | the game on this device                       |
//! | `?watch=<id>`         | an online game: a seat held here, else watched |
//! | `?lobby`, `?live`     | the lobby, and the games in play              |
//! | `?player=<name>`      | a player's page                               |
//! | `?tournament=<id>`    | a tournament's page                           |
//! | a share link          | a tool or a game to go over ([`Link`])        |
//!
//! `?lang=` may go with any of them. Moving to another screen adds an
//! entry to the browser's history; a change within a screen (a step on the
//! analysis board) replaces the entry, so Back returns to the screen
//! before.

use engine::GameKind;

use crate::embed::{clean, query_pairs};
#[cfg(feature = "full")]
use crate::links::{encode, Link, LINK_KEYS};

/// A screen, as an address names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    /// Who plays: the computer, a friend, online.
    Opponent(GameKind),
    /// The rules, at one game's if named.
    Rules(Option<GameKind>),
    /// The game on this device.
    Game,
    /// An online game, by id.
    #[cfg(feature = "full")]
    Online(String),
    #[cfg(feature = "full")]
    Lobby,
    #[cfg(feature = "full")]
    Watch,
    /// A player's page, by name.
    #[cfg(feature = "full")]
    Player(String),
    /// The person's mutes, blocks and reports.
    #[cfg(feature = "full")]
    Safety,
    /// The moderators' queue.
    #[cfg(feature = "full")]
    Moderation,
    /// A tournament's page, by id.
    #[cfg(feature = "full")]
    Tournament(String),
    /// A tool or a game opened from a share link.
    #[cfg(feature = "full")]
    Link(Link),
    /// An address of the whole app's, unread: the light module leaves its
    /// screens (and reading links, their records and positions) to the
    /// whole app's page.
    #[cfg(not(feature = "full"))]
    Unread,
}

impl Route {
    /// The route a query (`?a=b&c`, or nothing) names. A share link that
    /// cannot be opened names the home screen: the link's own reading says
    /// why ([`Link::from_query`]).
    pub fn from_query(query: &str) -> Route {
        #[cfg(not(feature = "full"))]
        if query_pairs(query).any(|(key, _)| crate::ui::FULL_KEYS.contains(&key)) {
            return Route::Unread;
        }
        #[cfg(feature = "full")]
        if query_pairs(query).any(|(key, _)| LINK_KEYS.contains(&key)) {
            if let Some(link) = Link::from_query(query) {
                return link.map_or(Route::Home, |(link, _)| Route::Link(link));
            }
        }
        // Games, ids and names are plain letters, digits, `-` and `_`: what
        // else a value holds is dropped, not decoded.
        let kind = |value: &str| clean(value).parse::<GameKind>().ok();
        for (key, value) in query_pairs(query) {
            let route = match key {
                "play" => kind(value).map(Route::Opponent),
                "rules" => Some(Route::Rules(kind(value))),
                "game" => Some(Route::Game),
                #[cfg(feature = "full")]
                "watch" => {
                    let id = clean(value);
                    (!id.is_empty()).then_some(Route::Online(id))
                }
                #[cfg(feature = "full")]
                "lobby" => Some(Route::Lobby),
                #[cfg(feature = "full")]
                "live" => Some(Route::Watch),
                #[cfg(feature = "full")]
                "player" => {
                    let name = clean(value);
                    (!name.is_empty()).then_some(Route::Player(name))
                }
                #[cfg(feature = "full")]
                "safety" => Some(Route::Safety),
                #[cfg(feature = "full")]
                "moderation" => Some(Route::Moderation),
                #[cfg(feature = "full")]
                "tournament" => {
                    let id = clean(value);
                    (!id.is_empty()).then_some(Route::Tournament(id))
                }
                _ => None,
            };
            if let Some(route) = route {
                return route;
            }
        }
        Route::Home
    }

    /// The route's query, from `?`; empty for the home screen.
    pub fn to_query(&self) -> String {
        match self {
            Route::Home => String::new(),
            Route::Opponent(kind) => format!("?play={}", kind.as_str()),
            Route::Rules(None) => "?rules".to_string(),
            Route::Rules(Some(kind)) => format!("?rules={}", kind.as_str()),
            Route::Game => "?game".to_string(),
            #[cfg(feature = "full")]
            Route::Online(id) => format!("?watch={}", encode(id)),
            #[cfg(feature = "full")]
            Route::Lobby => "?lobby".to_string(),
            #[cfg(feature = "full")]
            Route::Watch => "?live".to_string(),
            #[cfg(feature = "full")]
            Route::Player(name) => format!("?player={}", encode(name)),
            #[cfg(feature = "full")]
            Route::Safety => "?safety".to_string(),
            #[cfg(feature = "full")]
            Route::Moderation => "?moderation".to_string(),
            #[cfg(feature = "full")]
            Route::Tournament(id) => format!("?tournament={}", encode(id)),
            #[cfg(feature = "full")]
            Route::Link(link) => link.to_query(),
            // Never asked: the page goes to the address as it was.
            #[cfg(not(feature = "full"))]
            Route::Unread => String::new(),
        }
    }

    /// Whether only the whole app's module shows it: the light one goes
    /// to its address on that page instead.
    pub fn needs_full(&self) -> bool {
        !matches!(
            self,
            Route::Home | Route::Opponent(_) | Route::Rules(_) | Route::Game
        )
    }

    /// Whether `self` and `other` are one screen (so moving between them
    /// replaces the history's entry instead of adding one): the same
    /// online game, or the same tool at another position.
    pub fn same_screen(&self, other: &Route) -> bool {
        use std::mem::discriminant;
        match (self, other) {
            #[cfg(feature = "full")]
            (Route::Link(a), Route::Link(b)) => link_screen(a) == link_screen(b),
            #[cfg(feature = "full")]
            (Route::Online(a), Route::Online(b)) => a == b,
            #[cfg(feature = "full")]
            (Route::Player(a), Route::Player(b)) => a == b,
            #[cfg(feature = "full")]
            (Route::Tournament(a), Route::Tournament(b)) => a == b,
            _ => discriminant(self) == discriminant(other),
        }
    }

    /// Whether the address may stay `self` while the screen shows `next`:
    /// a whole record (with its tags) stays as it was linked while it is
    /// reviewed.
    pub fn covers(&self, next: &Route) -> bool {
        #[cfg(feature = "full")]
        if let (Route::Link(Link::Record(_)), Route::Link(Link::Review(_))) = (self, next) {
            return true;
        }
        self == next
    }
}

/// The screen a share link opens: a review, the analysis board, the
/// editor, the puzzles, or a new online game.
#[cfg(feature = "full")]
fn link_screen(link: &Link) -> u8 {
    match link {
        Link::Review(_) | Link::Record(_) => 0,
        Link::Analysis { .. } | Link::AnalysisLine { .. } => 1,
        Link::Editor { .. } => 2,
        Link::Puzzles(_) => 3,
        Link::Online { .. } => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::DraughtsKind;

    /// A record line of `turns` turns of Classic.
    fn record(turns: usize) -> String {
        let mut game = engine::AnyGame::new(GameKind::Draughts(DraughtsKind::Classic));
        for _ in 0..turns {
            let turn = game.entries()[0].turn;
            game.play(turn).expect("legal");
        }
        game.to_record_line()
    }

    fn every_route() -> Vec<Route> {
        vec![
            Route::Home,
            Route::Opponent(GameKind::Draughts(DraughtsKind::Qirkat)),
            Route::Opponent(GameKind::Chesquerque),
            Route::Rules(None),
            Route::Rules(Some(GameKind::Draughts(DraughtsKind::Turkish))),
            Route::Game,
            Route::Online("g8Kd2_x-Q".to_string()),
            Route::Lobby,
            Route::Watch,
            Route::Player("Ana_b-7".to_string()),
            Route::Link(Link::Puzzles(GameKind::Draughts(DraughtsKind::Bell))),
            Route::Link(Link::AnalysisLine {
                record: record(2),
                ply: 1,
            }),
        ]
    }

    #[test]
    fn every_route_reads_back_from_its_own_address() {
        for route in every_route() {
            let query = route.to_query();
            assert_eq!(Route::from_query(&query), route, "{query}");
            // The language may ride along.
            let with_lang = if query.is_empty() {
                "?lang=de".to_string()
            } else {
                format!("{query}&lang=de")
            };
            assert_eq!(Route::from_query(&with_lang), route, "{with_lang}");
        }
    }

    #[test]
    fn addresses_read_as_the_screens_they_name() {
        let cases = [
            ("", Route::Home),
            ("?lang=fr", Route::Home),
            (
                "?play=special",
                Route::Opponent(GameKind::Draughts(DraughtsKind::Special)),
            ),
            (
                "?rules=chesquerque",
                Route::Rules(Some(GameKind::Chesquerque)),
            ),
            ("?game", Route::Game),
            ("?watch=abc123", Route::Online("abc123".to_string())),
            ("?player=Ana", Route::Player("Ana".to_string())),
            ("?lobby", Route::Lobby),
            ("?live", Route::Watch),
        ];
        for (query, route) in cases {
            assert_eq!(Route::from_query(query), route, "{query}");
        }
    }

    #[test]
    fn odd_addresses_fall_back_to_home_or_are_cleaned() {
        assert_eq!(Route::from_query("?play=draughts9"), Route::Home);
        assert_eq!(Route::from_query("?player="), Route::Home);
        assert_eq!(Route::from_query("?nothing=here"), Route::Home);
        // A bad share link is the link's to refuse, in words.
        assert_eq!(Route::from_query("?review=not+a+record"), Route::Home);
        // Only letters, digits, `-` and `_` are kept of a name or an id.
        assert_eq!(
            Route::from_query("?player=<script>ana"),
            Route::Player("scriptana".to_string())
        );
        assert_eq!(
            Route::from_query("?watch=%22%3E%3Cb%3E"),
            Route::Online("223E3Cb3E".to_string())
        );
        assert_eq!(Route::from_query("?watch=%%%"), Route::Home);
    }

    #[test]
    fn moving_within_a_screen_is_not_a_new_screen() {
        let at = |ply| {
            Route::Link(Link::AnalysisLine {
                record: record(2),
                ply,
            })
        };
        assert!(at(1).same_screen(&at(2)));
        assert!(!at(1).same_screen(&Route::Game));
        assert!(!Route::Online("a".into()).same_screen(&Route::Online("b".into())));
        assert!(!Route::Player("a".into()).same_screen(&Route::Player("b".into())));
        let routes = every_route();
        for (i, a) in routes.iter().enumerate() {
            for (j, b) in routes.iter().enumerate() {
                let same_kind = i == j
                    || matches!((a, b), (Route::Opponent(_), Route::Opponent(_)))
                    || matches!((a, b), (Route::Rules(_), Route::Rules(_)));
                assert_eq!(a.same_screen(b), same_kind, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn the_light_module_shows_the_screens_of_games_on_this_device() {
        let light: Vec<Route> = every_route()
            .into_iter()
            .filter(|r| !r.needs_full())
            .collect();
        assert_eq!(light.len(), 6, "{light:?}");
        // index.html's loader picks the module by the address's keys.
        for route in every_route() {
            let query = route.to_query();
            let keys: Vec<&str> = query_pairs(&query).map(|(key, _)| key).collect();
            let full = keys.iter().any(|k| crate::ui::FULL_KEYS.contains(k));
            assert_eq!(full, route.needs_full(), "{query}");
        }
        assert!(light.iter().all(|r| matches!(
            r,
            Route::Home | Route::Opponent(_) | Route::Rules(_) | Route::Game
        )));
    }
}
