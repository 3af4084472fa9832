//! Meeting other players: the lobby (the account box, quick pairing, the
//! open seeks and posting one), waiting for a pairing (playing the
//! computer meanwhile, if the person likes), the Watch screen of games in
//! play, and the site's figures and the person's own games. Every exchange
//! with the server is an [`Effect::Http`] answered by [`Action::Http`];
//! what is on screen is asked for again every two seconds. In the light
//! module none of it runs: its controls open the whole app's page.
//!
//! [`Action::Http`]: super::Action::Http

use engine::GameKind;

use super::{Effect, Screen, Ui};
use crate::community::{self, GameStats, LiveGame, MyGame, Seek};
use crate::online_state::Seat;
use crate::sound::Sound;
use crate::t;

/// Where the guest's name is kept.
pub const GUEST_KEY: &str = "alquerque.guest";
/// Where the seat tokens of the games this browser was paired into are
/// kept (game id, token), to sit down at them again from the lists.
pub const SEATS_KEY: &str = "alquerque.seats";
/// How often the lists on screen, and a waiting seek, are asked again.
pub const POLL_MS: u32 = 2000;
/// How many seats are remembered (the oldest go first).
const SEATS_KEPT: usize = 40;

/// A control of the lobby or the Watch screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyButton {
    /// Show the lobby.
    Open,
    /// Show the games in play.
    Watch,
    /// Make an account (`register`) or sign in.
    Account {
        register: bool,
        name: String,
        password: String,
    },
    SignOut,
    /// Wait in the pool of this game and time control.
    Quick {
        game: String,
        clock: String,
    },
    /// Post a seek: its game, time control (empty for none), whether
    /// rated, the side, and the rating range as typed.
    Seek {
        game: String,
        clock: String,
        rated: bool,
        side: String,
        range: String,
    },
    /// Accept the seek with this id.
    Accept(String),
    /// Withdraw the waiting seek.
    Withdraw,
    /// Play the computer while the seek waits.
    Computer,
    /// Watch the game in play with this id.
    WatchGame(String),
    /// Sit down again at one of the person's own games.
    Resume(String),
    /// The guest's name was changed.
    Guest(String),
}

/// What a request was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    Me,
    Lobby,
    Live,
    Stats,
    Mine,
    Account,
    SignOut,
    /// A quick pairing, a seek posted or accepted.
    Pair,
    SeekState,
    Withdraw,
}

/// A seek of the person's, waiting for an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Waiting {
    /// Its id, once the server took it.
    seek: Option<String>,
    /// The seat token the pairing will seat the person with.
    token: String,
    /// What it seeks, in words ("Classic, 3+2").
    what: String,
    game: Option<GameKind>,
}

/// The lobby's and the Watch screen's state.
#[derive(Clone, Debug, Default)]
pub(super) struct Community {
    /// The account's name, once the server said who is signed in.
    me: Option<String>,
    guest: String,
    seeks: Vec<Seek>,
    live: Vec<LiveGame>,
    stats: Vec<(String, GameStats)>,
    mine: Vec<MyGame>,
    waiting: Option<Waiting>,
    asked: Vec<(u32, Ask)>,
    /// The running poll's timer.
    poll: Option<u32>,
    /// What went wrong last, in words (shown on the lobby).
    error: Option<String>,
    /// The seats of games this browser was paired into: (game, token).
    seats: Vec<(String, String)>,
}

impl Community {
    /// The state the page starts with: the guest's name and the seats kept.
    pub(super) fn from_storage(guest: Option<&str>, seats: Option<&str>, random: u64) -> Self {
        Community {
            guest: guest
                .and_then(community::guest_name)
                .unwrap_or_else(|| format!("Guest-{:04}", random % 10_000)),
            seats: seats
                .and_then(|s| serde_json::from_str(s).ok())
                .unwrap_or_default(),
            ..Community::default()
        }
    }

    /// The token of the seat this browser has at `game`.
    fn seat(&self, game: &str) -> Option<&str> {
        self.seats
            .iter()
            .find(|(g, _)| g == game)
            .map(|(_, t)| t.as_str())
    }
}

impl Ui {
    /// A control of the lobby or the Watch screen.
    pub(super) fn lobby_button(&mut self, button: LobbyButton, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            return;
        }
        match button {
            LobbyButton::Open => {
                self.notice = None;
                self.screen = Screen::Lobby;
                for (ask, path) in [
                    (Ask::Me, "api/me"),
                    (Ask::Lobby, "api/lobby"),
                    (Ask::Stats, "api/stats"),
                ] {
                    self.http(ask, "GET", path.to_string(), None, fx);
                }
                self.keep_polling(fx);
            }
            LobbyButton::Watch => {
                self.notice = None;
                self.screen = Screen::Watch;
                self.http(Ask::Live, "GET", "api/live".to_string(), None, fx);
                self.keep_polling(fx);
            }
            LobbyButton::Account {
                register,
                name,
                password,
            } => {
                let path = if register {
                    "api/account/register"
                } else {
                    "api/account/login"
                };
                let body = serde_json::json!({ "name": name.trim(), "password": password });
                self.community.error = None;
                self.http(Ask::Account, "POST", path.to_string(), Some(body), fx);
            }
            LobbyButton::SignOut => {
                let body = serde_json::json!({});
                self.http(
                    Ask::SignOut,
                    "POST",
                    "api/account/logout".into(),
                    Some(body),
                    fx,
                );
            }
            LobbyButton::Quick { game, clock } => {
                let what = format!("{}, {clock}", community::game_name(&game));
                let body = serde_json::json!({ "game": game, "clock": clock });
                self.seek("api/quick".to_string(), body, what, &game, fx);
            }
            LobbyButton::Seek {
                game,
                clock,
                rated,
                side,
                range,
            } => {
                let range = match community::rating_range(&range) {
                    Ok(range) => range,
                    Err(why) => {
                        self.community.error = Some(why);
                        return;
                    }
                };
                let clock = (!clock.is_empty()).then_some(clock);
                let what = match &clock {
                    Some(c) => format!("{}, {c}", community::game_name(&game)),
                    None => community::game_name(&game),
                };
                let body = serde_json::json!({
                    "game": game, "clock": clock, "rated": rated, "side": side, "range": range,
                });
                self.seek("api/seeks".to_string(), body, what, &game, fx);
            }
            LobbyButton::Accept(id) => {
                let Some(seek) = self.community.seeks.iter().find(|s| s.id == id) else {
                    return;
                };
                let what = community::game_name(&seek.game);
                let game = seek.game.clone();
                let path = format!("api/seeks/{id}/accept");
                self.seek(path, serde_json::json!({}), what, &game, fx);
            }
            LobbyButton::Withdraw => self.withdraw(fx),
            LobbyButton::Computer => {
                let Some(kind) = self.community.waiting.as_ref().and_then(|w| w.game) else {
                    return;
                };
                self.choice = kind;
                self.screen = Screen::Opponent;
            }
            LobbyButton::WatchGame(id) => {
                self.stop_polling(fx);
                self.go_online(Seat::watching(id), fx);
            }
            LobbyButton::Resume(id) => {
                let seat = match self.community.seat(&id) {
                    Some(token) => paired_seat(id, token.to_string()),
                    None => {
                        self.notice = Some(t!("seat-elsewhere"));
                        Seat::watching(id)
                    }
                };
                self.stop_polling(fx);
                self.go_online(seat, fx);
            }
            LobbyButton::Guest(name) => {
                if let Some(name) = community::guest_name(&name) {
                    self.community.guest = name.clone();
                    fx.push(Effect::Store {
                        key: GUEST_KEY.to_string(),
                        value: name,
                    });
                } else {
                    self.community.error = Some(t!("guest-shape"));
                }
            }
        }
    }

    /// Posts a seek (a quick pairing, a seek, an acceptance) with a new
    /// seat token and the guest's name, and waits for its answer.
    fn seek(
        &mut self,
        path: String,
        mut body: serde_json::Value,
        what: String,
        game: &str,
        fx: &mut Vec<Effect>,
    ) {
        if self.community.waiting.is_some() {
            self.withdraw(fx);
        }
        let token = community::seat_token([self.new_seed(), self.new_seed()]);
        body["token"] = token.clone().into();
        body["name"] = self.community.guest.clone().into();
        self.community.error = None;
        self.community.waiting = Some(Waiting {
            seek: None,
            token,
            what,
            game: game.split_whitespace().next().and_then(|g| g.parse().ok()),
        });
        self.http(Ask::Pair, "POST", path, Some(body), fx);
        self.keep_polling(fx);
    }

    /// Withdraws the person's waiting seek.
    fn withdraw(&mut self, fx: &mut Vec<Effect>) {
        let Some(waiting) = self.community.waiting.take() else {
            return;
        };
        if let Some(id) = waiting.seek {
            let body = serde_json::json!({ "token": waiting.token });
            self.http(
                Ask::Withdraw,
                "POST",
                format!("api/seeks/{id}/withdraw"),
                Some(body),
                fx,
            );
        }
    }

    fn http(
        &mut self,
        ask: Ask,
        method: &'static str,
        path: String,
        body: Option<serde_json::Value>,
        fx: &mut Vec<Effect>,
    ) {
        let id = self.next_id();
        self.community.asked.push((id, ask));
        fx.push(Effect::Http {
            id,
            method,
            path,
            body: body.map(|b| b.to_string()),
        });
    }

    /// Keeps the lists on screen, and a waiting seek, fresh.
    fn keep_polling(&mut self, fx: &mut Vec<Effect>) {
        let wanted = matches!(self.screen, Screen::Lobby | Screen::Watch)
            || self.community.waiting.is_some();
        if wanted && self.community.poll.is_none() {
            let id = self.next_id();
            self.community.poll = Some(id);
            fx.push(Effect::StartTimer { id, ms: POLL_MS });
        }
    }

    fn stop_polling(&mut self, fx: &mut Vec<Effect>) {
        fx.extend(self.community.poll.take().map(Effect::StopTimer));
    }

    /// A timer went off: whether it was the lobby's poll.
    pub(super) fn lobby_timer(&mut self, id: u32, fx: &mut Vec<Effect>) -> bool {
        if !self.is_full() || self.community.poll != Some(id) {
            return false;
        }
        self.community.poll = None;
        match self.screen {
            Screen::Lobby => {
                self.http(Ask::Lobby, "GET", "api/lobby".into(), None, fx);
                if self.community.me.is_some() {
                    self.http(Ask::Mine, "GET", "api/me/games".into(), None, fx);
                }
            }
            Screen::Watch => self.http(Ask::Live, "GET", "api/live".into(), None, fx),
            _ => {}
        }
        if let Some(id) = self.community.waiting.as_ref().and_then(|w| w.seek.clone()) {
            self.http(Ask::SeekState, "GET", format!("api/seeks/{id}"), None, fx);
        }
        self.keep_polling(fx);
        true
    }

    /// The server answered request `id`: its status (0 when it could not
    /// be reached) and body.
    pub(super) fn http_reply(&mut self, id: u32, status: u16, text: &str, fx: &mut Vec<Effect>) {
        if !self.is_full() {
            return;
        }
        let Some(at) = self.community.asked.iter().position(|(i, _)| *i == id) else {
            return;
        };
        let (_, ask) = self.community.asked.remove(at);
        if !(200..300).contains(&status) {
            return self.http_refused(ask, status, text, fx);
        }
        let c = &mut self.community;
        // A pairing's game, if the answer brings one.
        let read: Result<Option<String>, String> = match ask {
            Ask::Me | Ask::Account => community::read_me(text).map(|me| {
                c.me = me.name;
                None
            }),
            Ask::Lobby => community::read_seeks(text).map(|s| {
                c.seeks = s;
                None
            }),
            Ask::Live => community::read_live(text).map(|l| {
                c.live = l;
                None
            }),
            Ask::Stats => community::read_stats(text).map(|s| {
                c.stats = s;
                None
            }),
            Ask::Mine => community::read_my_games(text).map(|m| {
                c.mine = m;
                None
            }),
            Ask::SignOut => {
                c.me = None;
                c.mine.clear();
                Ok(None)
            }
            Ask::Pair => community::read_pairing(text).map(|p| {
                if let Some(w) = c.waiting.as_mut() {
                    w.seek = p.seek.clone();
                }
                p.game
            }),
            Ask::SeekState => community::read_seek_state(text).map(|s| s.game),
            Ask::Withdraw => Ok(None),
        };
        match read {
            Ok(Some(game)) => self.paired(game, fx),
            Ok(None) => {
                if ask == Ask::Account {
                    self.http(Ask::Mine, "GET", "api/me/games".into(), None, fx);
                }
            }
            Err(why) => self.community.error = Some(why),
        }
    }

    /// A request refused, or the server out of reach.
    fn http_refused(&mut self, ask: Ask, status: u16, text: &str, fx: &mut Vec<Effect>) {
        let why = if status == 0 {
            t!("server-unreachable")
        } else {
            let words: String = text.chars().take(200).collect();
            t!("server-refused", why = &words)
        };
        match ask {
            // Signed out meanwhile: the lists stay as they were.
            Ask::Mine if status == 401 => self.community.mine.clear(),
            // The seek went (withdrawn elsewhere, or too old): stop waiting.
            Ask::SeekState if status == 404 => {
                self.community.waiting = None;
                self.community.error = Some(t!("seek-gone"));
            }
            Ask::Pair => {
                self.community.waiting = None;
                self.community.error = Some(why);
            }
            Ask::Lobby | Ask::Live | Ask::Stats | Ask::SeekState | Ask::Mine => {
                if status == 0 {
                    self.community.error = Some(why);
                }
            }
            Ask::Me | Ask::Account | Ask::SignOut | Ask::Withdraw => {
                self.community.error = Some(why)
            }
        }
        let _ = fx;
    }

    /// A pairing was found: sit down at game `game` with the waiting
    /// seek's token, and say so.
    fn paired(&mut self, game: String, fx: &mut Vec<Effect>) {
        let Some(waiting) = self.community.waiting.take() else {
            return;
        };
        self.remember_seat(&game, &waiting.token, fx);
        self.stop_polling(fx);
        let was_playing = self.screen == Screen::Game;
        self.sound(Sound::OpponentJoined, fx);
        self.go_online(paired_seat(game, waiting.token), fx);
        self.notice = Some(if was_playing {
            t!("paired-while-playing", what = &waiting.what)
        } else {
            t!("paired", what = &waiting.what)
        });
    }

    /// Keeps the seat at `game`, to come back to it from the lists.
    pub(super) fn remember_seat(&mut self, game: &str, token: &str, fx: &mut Vec<Effect>) {
        let seats = &mut self.community.seats;
        seats.retain(|(g, _)| g != game);
        seats.push((game.to_string(), token.to_string()));
        if seats.len() > SEATS_KEPT {
            seats.remove(0);
        }
        fx.push(Effect::Store {
            key: SEATS_KEY.to_string(),
            value: serde_json::to_string(seats).unwrap_or_default(),
        });
    }

    /// The lobby, the Watch screen and the waiting seek, as shown.
    pub fn lobby_view(&self) -> Option<LobbyView> {
        if !self.is_full() {
            return None;
        }
        let c = &self.community;
        Some(LobbyView {
            me: c.me.clone(),
            guest: c.guest.clone(),
            error: c.error.clone(),
            waiting: c.waiting.as_ref().map(|w| {
                if w.seek.is_some() || w.game.is_none() {
                    t!("seeking", what = &w.what)
                } else {
                    t!("seeking-sent", what = &w.what)
                }
            }),
            seeks: c
                .seeks
                .iter()
                .map(|s| SeekRow::of(s, c.me.as_deref(), &c.guest))
                .collect(),
            live: c.live.iter().map(LiveRow::of).collect(),
            stats: GameKind::ALL
                .iter()
                .filter_map(|kind| {
                    let (_, s) = c.stats.iter().find(|(k, _)| k == kind.as_str())?;
                    if s.played == 0 {
                        return Some((crate::words::game_name(*kind), t!("stats-none")));
                    }
                    Some((
                        crate::words::game_name(*kind),
                        t!(
                            "stats-line",
                            n = s.played,
                            white = &format!("{:.1}", s.white_wins),
                            black = &format!("{:.1}", s.black_wins),
                            draws = &format!("{:.1}", s.draws)
                        ),
                    ))
                })
                .collect(),
            mine: c.mine.iter().map(MineRow::of).collect(),
        })
    }
}

/// The seat a pairing gives: the game, with the token the page made.
fn paired_seat(game: String, token: String) -> Seat {
    Seat {
        game,
        token: Some(token),
        code: None,
        creator: false,
    }
}

/// What the lobby and Watch screens show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyView {
    /// The account's name, if signed in.
    pub me: Option<String>,
    pub guest: String,
    pub error: Option<String>,
    /// The person's seek waiting, in words.
    pub waiting: Option<String>,
    pub seeks: Vec<SeekRow>,
    pub live: Vec<LiveRow>,
    /// Per game: its name and its figures in words.
    pub stats: Vec<(String, String)>,
    pub mine: Vec<MineRow>,
}

/// A seek in the lobby's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    pub id: String,
    /// "ana (1500?)", "Guest-12 (guest)".
    pub who: String,
    /// "Classic · 3+2 · rated · White · 1300–1700".
    pub what: String,
    /// The person's own seek (no Accept).
    pub own: bool,
}

impl SeekRow {
    fn of(s: &Seek, me: Option<&str>, guest: &str) -> SeekRow {
        let who = match (&s.rating, s.guest) {
            (Some(r), _) => format!("{} ({r})", s.name),
            (None, true) => format!("{} ({})", s.name, t!("guest")),
            (None, false) => s.name.clone(),
        };
        let mut what = vec![community::game_name(&s.game)];
        what.push(s.clock.clone().unwrap_or_else(|| t!("no-clock")));
        what.push(t!(if s.rated { "rated" } else { "casual" }));
        what.push(t!(match s.side.as_str() {
            "white" => "seek-white",
            "black" => "seek-black",
            _ => "seek-random",
        }));
        if let Some((low, high)) = s.range {
            what.push(format!("{low}–{high}"));
        }
        SeekRow {
            id: s.id.clone(),
            who,
            what: what.join(" · "),
            own: if s.guest {
                me.is_none() && s.name == guest
            } else {
                me == Some(s.name.as_str())
            },
        }
    }
}

/// A game in play on the Watch screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRow {
    pub id: String,
    pub featured: bool,
    /// "Turkish draughts · 3+2 · rated".
    pub what: String,
    /// "ana (1500) – bo (1620?)".
    pub players: String,
    /// "2:41 – 3:02", empty without clocks.
    pub clock: String,
    /// "12 moves · 3 watching".
    pub more: String,
}

impl LiveRow {
    fn of(g: &LiveGame) -> LiveRow {
        let player = |p: &community::LivePlayer| {
            let name = p.name.clone().unwrap_or_else(|| t!("anonymous"));
            match &p.rating {
                Some(r) => format!("{name} ({r})"),
                None => name,
            }
        };
        let mut what = vec![community::game_name(&g.game)];
        what.extend(g.clock.as_ref().map(|c| c.control.clone()));
        what.push(t!(if g.rated { "rated" } else { "casual" }));
        LiveRow {
            id: g.id.clone(),
            featured: g.featured,
            what: what.join(" · "),
            players: format!("{} – {}", player(&g.white), player(&g.black)),
            clock: g
                .clock
                .as_ref()
                .map(|c| {
                    format!(
                        "{} – {}",
                        community::time_left(c.left[0]),
                        community::time_left(c.left[1])
                    )
                })
                .unwrap_or_default(),
            more: t!(
                "live-more",
                n = g.ply as u64,
                watching = u64::from(g.spectators)
            ),
        }
    }
}

/// One of the person's games in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineRow {
    pub id: String,
    pub your_turn: bool,
    /// "Classic against bo · your turn · 1d 3h".
    pub text: String,
}

impl MineRow {
    fn of(g: &MyGame) -> MineRow {
        let opponent = g.opponent.clone().unwrap_or_else(|| t!("anonymous"));
        let mut text = vec![t!(
            "mine-against",
            game = &community::game_name(&g.game),
            opponent = &opponent
        )];
        text.push(t!(if g.your_turn {
            "your-turn-short"
        } else {
            "their-turn"
        }));
        text.extend(g.left.map(community::time_left));
        MineRow {
            id: g.id.clone(),
            your_turn: g.your_turn,
            text: text.join(" · "),
        }
    }
}
