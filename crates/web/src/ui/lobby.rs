//! Meeting other players: the lobby (the account box, quick pairing, the
//! open seeks and posting one), waiting for a pairing (playing the
//! computer meanwhile, if the person likes), the Watch screen of games in
//! play, and the site's figures and the person's own games. Every exchange
//! with the server is a [`FullEffect::Api`] answered by [`LobbyMsg::Api`],
//! except the lists on screen and the person's waiting seek, which the
//! lobby's socket pushes ([`FullEffect::Follow`], [`LobbyMsg::News`]). In the
//! light module none of it runs: its controls open the whole app's page.

use engine::GameKind;

use super::{Effect, LobbyButton, Screen, Ui};
use crate::api::{ApiCall, ApiFailure, ApiReply};
use crate::community;
use crate::online_state::Seat;
use crate::sound::Sound;
use crate::t;
use crate::ui::FullEffect;
use online_play::api::{
    self, Credentials, GameStats, LiveGame, MyGame, NewPassword, Password, QuickRequest, Seek,
    SeekRequest, SeekSide, TokenRequest,
};

/// Where the guest's name is kept.
pub const GUEST_KEY: &str = "alquerque.guest";
/// Where the seat tokens of the games this browser was paired into are
/// kept (game id, token), to sit down at them again from the lists.
pub const SEATS_KEY: &str = "alquerque.seats";
/// Where the signed-in account's name is kept: the page loads the whole
/// app while it is there, so its home screen lists the person's games.
pub const ACCOUNT_KEY: &str = "alquerque.account";
/// How many seats are remembered (the oldest go first).
const SEATS_KEPT: usize = 40;

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
    /// A challenge's challenged player.
    pub(super) to: Option<String>,
    /// A place in a quick-pairing pool, and whether a bot may take it.
    pub(super) quick: bool,
    pub(super) bots: bool,
}

/// The lobby's and the Watch screen's state.
#[derive(Clone, Debug, Default)]
pub struct Community {
    /// The account's name, once the server said who is signed in.
    pub(super) me: Option<String>,
    pub(super) guest: String,
    pub(super) seeks: Vec<Seek>,
    pub(super) live: Vec<LiveGame>,
    pub(super) stats: Vec<(String, GameStats)>,
    pub(super) mine: Vec<MyGame>,
    pub(super) waiting: Option<Waiting>,
    /// What the lobby's socket was last told to follow, and for whom (a
    /// sign-in or out opens it again, as the other person).
    pub(super) following: Option<(api::LobbyFollow, Option<String>)>,
    /// The quick-pairing pools with players waiting.
    pub(super) pools: Vec<api::Pool>,
    /// The versions of the lists last pushed on this connection.
    versions: [u64; 4],
    /// What went wrong last, in words (shown on the lobby).
    pub(super) error: Option<String>,
    /// The browser has no network: said on the lobby in place of the error.
    pub(super) offline: bool,
    /// The seats of games this browser was paired into: (game, token).
    pub(super) seats: Vec<(String, String)>,
    /// The game server has been used on this page, or an account is kept:
    /// the home screen shows the person's games and the site's figures.
    pub(super) home_lists: bool,
    /// The player's page shown, and the leaderboard in the lobby.
    pub(super) player: Option<api::PlayerPage>,
    pub(super) leaders: Option<(GameKind, Vec<api::Leader>)>,
    /// The notice a pairing gave, until the game's first move.
    pub(super) paired_notice: Option<String>,
    /// The signed-in person's open challenges, both ways.
    pub(super) challenges: api::Challenges,
    /// Bots are welcome in quick pairing (the person's choice, kept).
    pub(super) bots_welcome: bool,
    /// The players the signed-in person follows, once asked.
    pub(super) follows: Option<api::Follows>,
    /// Where this browser stands with notifications.
    pub(super) notify: super::NotifyState,
}

impl Community {
    /// The state the page starts with: the guest's name and the seats kept.
    pub(super) fn from_storage(
        guest: Option<&str>,
        seats: Option<&str>,
        account: Option<&str>,
        bots: Option<&str>,
        random: u64,
    ) -> Self {
        Community {
            me: account.map(str::to_string),
            bots_welcome: bots == Some("true"),
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
    pub(super) fn seat(&self, game: &str) -> Option<&str> {
        self.seats
            .iter()
            .find(|(g, _)| g == game)
            .map(|(_, t)| t.as_str())
    }
}

/// What the lobby hears: its controls, its socket's news, and the game
/// server's answers to its calls (the account box, seeks, players' pages).
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyMsg {
    /// A control of the lobby or the Watch screen.
    Press(LobbyButton),
    /// The lobby's socket opened (again): its lists come anew.
    Open,
    /// News pushed by the lobby's socket.
    News(api::LobbyNews),
    /// The game server answered [`FullEffect::Api`]'s call, as read by
    /// [`crate::api::decode`].
    Api(ApiCall, Result<ApiReply, ApiFailure>),
    /// The browser has no network: the lobby's socket waits for it.
    Offline,
    /// The network is back, and the socket with it.
    Online,
}

/// Takes what the lobby heard.
pub(super) fn update(ui: &mut Ui, msg: LobbyMsg, fx: &mut Vec<Effect>) {
    match msg {
        LobbyMsg::Press(button) => ui.lobby_button(button, fx),
        LobbyMsg::Open => ui.shared.whole.community.versions = [0; 4],
        LobbyMsg::News(news) => ui.lobby_news(news, fx),
        LobbyMsg::Api(call, reply) => ui.api_reply(call, reply, fx),
        LobbyMsg::Offline => ui.shared.whole.community.offline = true,
        LobbyMsg::Online => ui.shared.whole.community.offline = false,
    }
}

pub(super) use super::lobby_view::view;

impl Ui {
    /// A control of the lobby or the Watch screen.
    fn lobby_button(&mut self, button: LobbyButton, fx: &mut Vec<Effect>) {
        self.shared.whole.community.home_lists = true;
        match button {
            LobbyButton::Open => {
                self.shared.notice = None;
                self.show(Screen::Lobby);
                self.call(ApiCall::Me, fx);
                self.call(ApiCall::Tournaments, fx);
                if self.shared.whole.community.me.is_some() {
                    self.call(ApiCall::Follows, fx);
                }
                let game = self
                    .shared
                    .whole
                    .community
                    .leaders
                    .as_ref()
                    .map(|(kind, _)| *kind);
                self.open_leaders(game.unwrap_or(self.shared.choice).as_str(), fx);
            }
            LobbyButton::Watch => {
                self.shared.notice = None;
                self.show(Screen::Watch);
            }
            LobbyButton::Account {
                register,
                name,
                password,
            } => {
                let name = name.trim();
                if let Err(why) = community::account_shape(name, &password, register) {
                    self.shared.whole.community.error = Some(why);
                    return;
                }
                let credentials = Credentials {
                    name: name.to_string(),
                    password,
                };
                self.shared.whole.community.error = None;
                self.call(
                    if register {
                        ApiCall::Register(credentials)
                    } else {
                        ApiCall::Login(credentials)
                    },
                    fx,
                );
            }
            LobbyButton::Password { old, new } => {
                let me = self.shared.whole.community.me.clone().unwrap_or_default();
                if let Err(why) = community::account_shape(&me, &new, true) {
                    self.shared.whole.community.error = Some(why);
                    return;
                }
                self.shared.whole.community.error = None;
                let change = NewPassword {
                    password: old,
                    new_password: new,
                };
                self.call(ApiCall::Password(change), fx);
            }
            LobbyButton::Delete(password) => {
                self.shared.whole.community.error = None;
                self.call(ApiCall::Delete(Password { password }), fx);
            }
            LobbyButton::SignOut => self.call(ApiCall::Logout, fx),
            LobbyButton::Quick { game, clock } => {
                let Ok(control) = clock.parse() else {
                    self.shared.whole.community.error = Some(t!("clock-shape"));
                    return;
                };
                let what = format!("{}, {clock}", community::game_name(&game));
                let bots = self.shared.whole.community.bots_welcome;
                self.seek(
                    |token, name| {
                        ApiCall::Quick(QuickRequest {
                            game: game.clone(),
                            clock: control,
                            token,
                            name,
                            bots,
                        })
                    },
                    what,
                    &game,
                    fx,
                );
                if let Some(waiting) = self.shared.whole.community.waiting.as_mut() {
                    waiting.quick = true;
                    waiting.bots = bots;
                }
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
                        self.shared.whole.community.error = Some(why);
                        return;
                    }
                };
                let range = match community::rating_range(&range) {
                    Ok(range) => range,
                    Err(why) => {
                        self.shared.whole.community.error = Some(why);
                        return;
                    }
                };
                let clock = (!clock.is_empty()).then_some(clock);
                let control = match clock.as_deref().map(str::parse).transpose() {
                    Ok(control) => control,
                    Err(_) => {
                        self.shared.whole.community.error = Some(t!("clock-shape"));
                        return;
                    }
                };
                let side = match side.as_str() {
                    "white" => SeekSide::White,
                    "black" => SeekSide::Black,
                    _ => SeekSide::Random,
                };
                let what = match &clock {
                    Some(c) => format!("{}, {c}", community::game_name(&game)),
                    None => community::game_name(&game),
                };
                let header = game.clone();
                self.seek(
                    |token, name| {
                        ApiCall::Seek(SeekRequest {
                            game: header,
                            clock: control,
                            rated,
                            side,
                            range,
                            token,
                            name,
                        })
                    },
                    what,
                    &game,
                    fx,
                );
            }
            LobbyButton::Accept(id) => {
                let Some(seek) = self
                    .shared
                    .whole
                    .community
                    .seeks
                    .iter()
                    .find(|s| s.id == id)
                else {
                    return;
                };
                let what = community::game_name(&seek.game);
                let game = seek.game.clone();
                self.seek(
                    |token, name| ApiCall::Accept {
                        seek: id,
                        body: TokenRequest { token, name },
                    },
                    what,
                    &game,
                    fx,
                );
            }
            LobbyButton::Withdraw => self.withdraw(fx),
            LobbyButton::Computer => {
                let Some(kind) = self
                    .shared
                    .whole
                    .community
                    .waiting
                    .as_ref()
                    .and_then(|w| w.game)
                else {
                    return;
                };
                self.shared.choice = kind;
                self.show(Screen::Opponent);
            }
            LobbyButton::WatchGame(id) => {
                self.go_online(Seat::watching(id), fx);
            }
            LobbyButton::Resume(id) => {
                let signed_in = self.shared.whole.community.me.is_some();
                let seat = match self.shared.whole.community.seat(&id) {
                    Some(token) => paired_seat(id, token.to_string()),
                    // An account's seat is its own on any browser: the
                    // server seats it by the sign-in.
                    None if signed_in => Seat::watching(id),
                    None => {
                        self.shared.notice = Some(t!("seat-elsewhere"));
                        Seat::watching(id)
                    }
                };
                self.go_online(seat, fx);
            }
            LobbyButton::Player(name) => self.open_player(&name, fx),
            LobbyButton::Leaders(game) => self.open_leaders(&game, fx),
            LobbyButton::ReviewGame(id) => {
                self.call(ApiCall::Game(id), fx);
            }
            LobbyButton::Guest(name) => {
                if let Some(name) = community::guest_name(&name) {
                    self.shared.whole.community.guest = name.clone();
                    fx.push(Effect::Store {
                        key: GUEST_KEY.to_string(),
                        value: name,
                    });
                } else {
                    self.shared.whole.community.error = Some(t!("guest-shape"));
                }
            }
        }
    }

    /// The home screen, shown: its lists are asked for, once the game
    /// server has been used here.
    pub(super) fn home_shown(&mut self, fx: &mut Vec<Effect>) {
        if !self.shared.whole.community.home_lists || self.shared.embed.is_some() {
            return;
        }
        self.call(ApiCall::Stats, fx);
        self.call(ApiCall::Me, fx);
    }

    /// Posts a seek (a quick pairing, a seek, an acceptance) with a new
    /// seat token and the guest's name, and waits for its answer.
    pub(super) fn seek(
        &mut self,
        call: impl FnOnce(String, Option<String>) -> ApiCall,
        what: String,
        game: &str,
        fx: &mut Vec<Effect>,
    ) {
        if self.shared.whole.community.waiting.is_some() {
            self.withdraw(fx);
        }
        let token = community::seat_token([self.new_seed(), self.new_seed()]);
        let call = call(
            token.clone(),
            Some(self.shared.whole.community.guest.clone()),
        );
        self.shared.whole.community.error = None;
        self.shared.whole.community.waiting = Some(Waiting {
            seek: None,
            token,
            what,
            game: game.split_whitespace().next().and_then(|g| g.parse().ok()),
            to: None,
            quick: false,
            bots: false,
        });
        self.call(call, fx);
        // An embedded page has no lobby: its notice says what it waits for.
        if self.shared.embed.is_some() {
            self.shared.notice = view(self).and_then(|v| v.waiting);
        }
    }

    /// Withdraws the person's waiting seek.
    fn withdraw(&mut self, fx: &mut Vec<Effect>) {
        let Some(waiting) = self.shared.whole.community.waiting.take() else {
            return;
        };
        if let Some(seek) = waiting.seek {
            let body = TokenRequest {
                token: waiting.token,
                name: None,
            };
            self.call(ApiCall::Withdraw { seek, body }, fx);
        }
    }

    /// Calls the game server.
    pub(super) fn call(&mut self, call: ApiCall, fx: &mut Vec<Effect>) {
        fx.push(Effect::Full(FullEffect::Api(call)));
    }

    /// After every action: the lobby's socket follows the lists on screen
    /// and the person's waiting seek, and closes when there is nothing to
    /// follow.
    pub(super) fn keep_following(&mut self, fx: &mut Vec<Effect>) {
        let screen = self.screen.screen();
        let c = &self.shared.whole.community;
        let wanted = api::LobbyFollow {
            lobby: screen == Screen::Lobby,
            live: screen == Screen::Watch,
            stats: screen == Screen::Lobby,
            seek: c.waiting.as_ref().and_then(|w| w.seek.clone()),
            tournament: self.tournament_followed(),
            // A signed-in page hears of the challenges made to it anywhere.
            challenges: c.me.is_some() && self.shared.embed.is_none(),
        };
        let wanted = (wanted != api::LobbyFollow::default()).then(|| (wanted, c.me.clone()));
        if wanted == c.following {
            return;
        }
        // Another person now: the socket opens again, as them.
        let reopen = matches!((&c.following, &wanted), (Some((_, a)), Some((_, b))) if a != b);
        self.shared.whole.community.following = wanted.clone();
        self.shared.whole.community.versions = [0; 4];
        if reopen {
            fx.push(Effect::Full(FullEffect::Follow(None)));
        }
        fx.push(Effect::Full(FullEffect::Follow(
            wanted.map(|(follow, _)| follow),
        )));
    }

    /// News from the lobby's socket.
    fn lobby_news(&mut self, news: api::LobbyNews, fx: &mut Vec<Effect>) {
        let c = &mut self.shared.whole.community;
        match news {
            api::LobbyNews::Seeks { version, seeks } => {
                if newer(&mut c.versions[0], version) {
                    c.seeks = seeks;
                }
            }
            api::LobbyNews::Live { version, games } => {
                if newer(&mut c.versions[1], version) {
                    c.live = games;
                }
            }
            api::LobbyNews::Stats { version, games } => {
                if newer(&mut c.versions[2], version) {
                    c.stats = games.into_iter().collect();
                }
            }
            api::LobbyNews::Pools { version, pools } => {
                if newer(&mut c.versions[3], version) {
                    c.pools = pools;
                }
            }
            api::LobbyNews::Mine { games } => c.mine = games,
            api::LobbyNews::Tournament { page } => self.tournament_came(*page, fx),
            api::LobbyNews::Paired { seek, game } => {
                if c.waiting.as_ref().and_then(|w| w.seek.as_ref()) == Some(&seek) {
                    self.paired(game, fx);
                }
            }
            api::LobbyNews::Challenges { challenges } => self.challenges_came(challenges, fx),
            api::LobbyNews::Declined { seek, reason } => self.declined(&seek, reason),
            api::LobbyNews::SeekGone { seek } => {
                if c.waiting.as_ref().and_then(|w| w.seek.as_ref()) == Some(&seek) {
                    c.waiting = None;
                    c.error = Some(t!("seek-gone"));
                }
            }
        }
    }

    /// A pairing was found: sit down at game `game` with the waiting
    /// seek's token, and say so.
    pub(super) fn paired(&mut self, game: String, fx: &mut Vec<Effect>) {
        let Some(waiting) = self.shared.whole.community.waiting.take() else {
            return;
        };
        self.remember_seat(&game, &waiting.token, fx);
        if self.shared.embed.is_some() {
            fx.push(Effect::Full(FullEffect::ToHost(
                serde_json::json!({ "type": "alquerque:paired", "game": game }),
            )));
        }
        let was_playing = self.screen.screen() == Screen::Game;
        let game_id = game.clone();
        self.sound(Sound::OpponentJoined, fx);
        self.go_online(paired_seat(game, waiting.token), fx);
        let said = if was_playing {
            t!("paired-while-playing", what = &waiting.what)
        } else {
            t!("paired", what = &waiting.what)
        };
        self.tell_paired(&game_id, &said, fx);
        self.shared.whole.community.paired_notice = Some(said.clone());
        self.shared.notice = Some(said);
    }

    /// A move was played in the online game: the pairing's notice has had
    /// its time.
    pub(super) fn moved_online(&mut self) {
        if let Some(said) = self.shared.whole.community.paired_notice.take() {
            if self.shared.notice.as_ref() == Some(&said) {
                self.shared.notice = None;
            }
        }
    }

    /// Keeps the seat at `game`, to come back to it from the lists.
    pub(super) fn remember_seat(&mut self, game: &str, token: &str, fx: &mut Vec<Effect>) {
        let seats = &mut self.shared.whole.community.seats;
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

/// Whether `version` is newer than the one `shown` (which it then becomes):
/// a list older than one shown on this connection is stale.
fn newer(shown: &mut u64, version: u64) -> bool {
    let fresh = version > *shown;
    *shown = (*shown).max(version);
    fresh
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
