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
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};

/// Where the guest's name is kept.
pub const GUEST_KEY: &str = "alquerque.guest";
/// Where the seat tokens of the games this browser was paired into are
/// kept (game id, token), to sit down at them again from the lists.
pub const SEATS_KEY: &str = "alquerque.seats";
/// Where the signed-in account's name is kept: the page loads the whole
/// app while it is there, so its home screen lists the person's games.
pub const ACCOUNT_KEY: &str = "alquerque.account";
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
    /// Change the password (the old one, then the new).
    Password {
        old: String,
        new: String,
    },
    /// Delete the account and its data (its password confirms).
    Delete(String),
    /// Wait in the pool of this game and time control.
    Quick {
        game: String,
        clock: String,
    },
    /// Post a seek: its game, time control (empty for none), whether
    /// rated, the side, and the rating range as typed.
    Seek {
        game: String,
        /// A rule option (`option queen_lands=any`), or empty.
        options: String,
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
    /// Open a player's page.
    Player(String),
    /// Show a game's leaderboard.
    Leaders(String),
    /// Open a finished game in review (its id).
    ReviewGame(String),
    /// The guest's name was changed.
    Guest(String),
}

/// What a request was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ask {
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
    Player,
    Leaders,
    Record,
    Password,
    Delete,
}

/// A seek of the person's, waiting for an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Waiting {
    /// Its id, once the server took it.
    pub(super) seek: Option<String>,
    /// The seat token the pairing will seat the person with.
    pub(super) token: String,
    /// What it seeks, in words ("Classic, 3+2").
    pub(super) what: String,
    pub(super) game: Option<GameKind>,
}

/// The lobby's and the Watch screen's state.
#[derive(Clone, Debug, Default)]
pub(super) struct Community {
    /// The account's name, once the server said who is signed in.
    pub(super) me: Option<String>,
    pub(super) guest: String,
    pub(super) seeks: Vec<Seek>,
    pub(super) live: Vec<LiveGame>,
    pub(super) stats: Vec<(String, GameStats)>,
    pub(super) mine: Vec<MyGame>,
    pub(super) waiting: Option<Waiting>,
    pub(super) asked: Vec<(u32, Ask)>,
    /// The running poll's timer.
    poll: Option<u32>,
    /// What went wrong last, in words (shown on the lobby).
    pub(super) error: Option<String>,
    /// The seats of games this browser was paired into: (game, token).
    pub(super) seats: Vec<(String, String)>,
    /// The game server has been used on this page, or an account is kept:
    /// the home screen shows the person's games and the site's figures.
    pub(super) home_lists: bool,
    /// The player's page shown, and the leaderboard in the lobby.
    pub(super) player: Option<crate::community::Player>,
    pub(super) leaders: Option<(GameKind, Vec<crate::community::Leader>)>,
    /// The notice a pairing gave, until the game's first move.
    pub(super) paired_notice: Option<String>,
}

impl Community {
    /// The state the page starts with: the guest's name and the seats kept.
    pub(super) fn from_storage(
        guest: Option<&str>,
        seats: Option<&str>,
        account: Option<&str>,
        random: u64,
    ) -> Self {
        Community {
            me: account.map(str::to_string),
            home_lists: account.is_some(),
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
        self.shared.community.home_lists = true;
        match button {
            LobbyButton::Open => {
                self.shared.notice = None;
                self.show(Screen::Lobby);
                for (ask, path) in [
                    (Ask::Me, "api/me"),
                    (Ask::Lobby, "api/lobby"),
                    (Ask::Stats, "api/stats"),
                ] {
                    self.http(ask, "GET", path.to_string(), None, fx);
                }
                let game = self
                    .shared
                    .community
                    .leaders
                    .as_ref()
                    .map(|(kind, _)| *kind);
                self.open_leaders(game.unwrap_or(self.shared.choice).as_str(), fx);
                self.keep_polling(fx);
            }
            LobbyButton::Watch => {
                self.shared.notice = None;
                self.show(Screen::Watch);
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
                let name = name.trim();
                if let Err(why) = community::account_shape(name, &password, register) {
                    self.shared.community.error = Some(why);
                    return;
                }
                let body = serde_json::json!({ "name": name, "password": password });
                self.shared.community.error = None;
                self.http(Ask::Account, "POST", path.to_string(), Some(body), fx);
            }
            LobbyButton::Password { old, new } => {
                let me = self.shared.community.me.clone().unwrap_or_default();
                if let Err(why) = community::account_shape(&me, &new, true) {
                    self.shared.community.error = Some(why);
                    return;
                }
                let body = serde_json::json!({ "password": old, "new_password": new });
                self.shared.community.error = None;
                let path = "api/account/password".to_string();
                self.http(Ask::Password, "POST", path, Some(body), fx);
            }
            LobbyButton::Delete(password) => {
                let body = serde_json::json!({ "password": password });
                self.shared.community.error = None;
                let path = "api/account/delete".to_string();
                self.http(Ask::Delete, "POST", path, Some(body), fx);
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
                options,
                clock,
                rated,
                side,
                range,
            } => {
                let game = match community::with_options(&game, &options) {
                    Ok(game) => game,
                    Err(why) => {
                        self.shared.community.error = Some(why);
                        return;
                    }
                };
                let range = match community::rating_range(&range) {
                    Ok(range) => range,
                    Err(why) => {
                        self.shared.community.error = Some(why);
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
                let Some(seek) = self.shared.community.seeks.iter().find(|s| s.id == id) else {
                    return;
                };
                let what = community::game_name(&seek.game);
                let game = seek.game.clone();
                let path = format!("api/seeks/{id}/accept");
                self.seek(path, serde_json::json!({}), what, &game, fx);
            }
            LobbyButton::Withdraw => self.withdraw(fx),
            LobbyButton::Computer => {
                let Some(kind) = self.shared.community.waiting.as_ref().and_then(|w| w.game) else {
                    return;
                };
                self.shared.choice = kind;
                self.show(Screen::Opponent);
            }
            LobbyButton::WatchGame(id) => {
                self.stop_polling(fx);
                self.go_online(Seat::watching(id), fx);
            }
            LobbyButton::Resume(id) => {
                let seat = match self.shared.community.seat(&id) {
                    Some(token) => paired_seat(id, token.to_string()),
                    None => {
                        self.shared.notice = Some(t!("seat-elsewhere"));
                        Seat::watching(id)
                    }
                };
                self.stop_polling(fx);
                self.go_online(seat, fx);
            }
            LobbyButton::Player(name) => self.open_player(&name, fx),
            LobbyButton::Leaders(game) => self.open_leaders(&game, fx),
            LobbyButton::ReviewGame(id) => {
                let path = format!("api/games/{}", utf8_percent_encode(&id, NON_ALPHANUMERIC));
                self.http(Ask::Record, "GET", path, None, fx);
            }
            LobbyButton::Guest(name) => {
                if let Some(name) = community::guest_name(&name) {
                    self.shared.community.guest = name.clone();
                    fx.push(Effect::Store {
                        key: GUEST_KEY.to_string(),
                        value: name,
                    });
                } else {
                    self.shared.community.error = Some(t!("guest-shape"));
                }
            }
        }
    }

    /// The home screen, shown: its lists are asked for, once the game
    /// server has been used here.
    pub(super) fn home_shown(&mut self, fx: &mut Vec<Effect>) {
        if !self.is_full() || !self.shared.community.home_lists || self.shared.embed.is_some() {
            return;
        }
        self.http(Ask::Stats, "GET", "api/stats".into(), None, fx);
        self.http(Ask::Me, "GET", "api/me".into(), None, fx);
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
        if self.shared.community.waiting.is_some() {
            self.withdraw(fx);
        }
        let token = community::seat_token([self.new_seed(), self.new_seed()]);
        body["token"] = token.clone().into();
        body["name"] = self.shared.community.guest.clone().into();
        self.shared.community.error = None;
        self.shared.community.waiting = Some(Waiting {
            seek: None,
            token,
            what,
            game: game.split_whitespace().next().and_then(|g| g.parse().ok()),
        });
        self.http(Ask::Pair, "POST", path, Some(body), fx);
        self.keep_polling(fx);
        // An embedded page has no lobby: its notice says what it waits for.
        if self.shared.embed.is_some() {
            self.shared.notice = self.lobby_view().and_then(|v| v.waiting);
        }
    }

    pub(super) fn ask_player(&mut self, path: String, fx: &mut Vec<Effect>) {
        self.http(Ask::Player, "GET", path, None, fx);
    }

    pub(super) fn ask_leaders(&mut self, path: String, fx: &mut Vec<Effect>) {
        self.http(Ask::Leaders, "GET", path, None, fx);
    }

    /// Withdraws the person's waiting seek.
    fn withdraw(&mut self, fx: &mut Vec<Effect>) {
        let Some(waiting) = self.shared.community.waiting.take() else {
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

    pub(super) fn http(
        &mut self,
        ask: Ask,
        method: &'static str,
        path: String,
        body: Option<serde_json::Value>,
        fx: &mut Vec<Effect>,
    ) {
        let id = self.next_id();
        self.shared.community.asked.push((id, ask));
        fx.push(Effect::Http {
            id,
            method,
            path,
            body: body.map(|b| b.to_string()),
        });
    }

    /// Keeps the lists on screen, and a waiting seek, fresh.
    fn keep_polling(&mut self, fx: &mut Vec<Effect>) {
        let wanted = matches!(self.screen.screen(), Screen::Lobby | Screen::Watch)
            || self.shared.community.waiting.is_some();
        if wanted && self.shared.community.poll.is_none() {
            let id = self.next_id();
            self.shared.community.poll = Some(id);
            fx.push(Effect::StartTimer { id, ms: POLL_MS });
        }
    }

    fn stop_polling(&mut self, fx: &mut Vec<Effect>) {
        fx.extend(self.shared.community.poll.take().map(Effect::StopTimer));
    }

    /// A timer went off: whether it was the lobby's poll.
    pub(super) fn lobby_timer(&mut self, id: u32, fx: &mut Vec<Effect>) -> bool {
        if !self.is_full() || self.shared.community.poll != Some(id) {
            return false;
        }
        self.shared.community.poll = None;
        match self.screen.screen() {
            Screen::Lobby => {
                self.http(Ask::Lobby, "GET", "api/lobby".into(), None, fx);
                if self.shared.community.me.is_some() {
                    self.http(Ask::Mine, "GET", "api/me/games".into(), None, fx);
                }
            }
            Screen::Watch => self.http(Ask::Live, "GET", "api/live".into(), None, fx),
            _ => {}
        }
        if let Some(id) = self
            .shared
            .community
            .waiting
            .as_ref()
            .and_then(|w| w.seek.clone())
        {
            self.http(Ask::SeekState, "GET", format!("api/seeks/{id}"), None, fx);
        }
        self.keep_polling(fx);
        true
    }

    /// A pairing was found: sit down at game `game` with the waiting
    /// seek's token, and say so.
    pub(super) fn paired(&mut self, game: String, fx: &mut Vec<Effect>) {
        let Some(waiting) = self.shared.community.waiting.take() else {
            return;
        };
        self.remember_seat(&game, &waiting.token, fx);
        self.stop_polling(fx);
        if self.shared.embed.is_some() {
            fx.push(Effect::ToHost(
                serde_json::json!({ "type": "alquerque:paired", "game": game }),
            ));
        }
        let was_playing = self.screen.screen() == Screen::Game;
        self.sound(Sound::OpponentJoined, fx);
        self.go_online(paired_seat(game, waiting.token), fx);
        let said = if was_playing {
            t!("paired-while-playing", what = &waiting.what)
        } else {
            t!("paired", what = &waiting.what)
        };
        self.shared.community.paired_notice = Some(said.clone());
        self.shared.notice = Some(said);
    }

    /// A move was played in the online game: the pairing's notice has had
    /// its time.
    pub(super) fn moved_online(&mut self) {
        if let Some(said) = self.shared.community.paired_notice.take() {
            if self.shared.notice.as_ref() == Some(&said) {
                self.shared.notice = None;
            }
        }
    }

    /// Keeps the seat at `game`, to come back to it from the lists.
    pub(super) fn remember_seat(&mut self, game: &str, token: &str, fx: &mut Vec<Effect>) {
        let seats = &mut self.shared.community.seats;
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
