//! The live games: which games are in memory, who may take which seat, and
//! the order of work for every action (check, store, apply, announce), all
//! under the game's lock so everyone sees one order.
//!
//! Storage failures end here: they are logged with their detail, and the
//! client is told only an [`ErrorCode`] (`damaged` for a game whose stored
//! events do not replay, `unavailable` otherwise).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use engine::Side;
use online_play::{
    is_seat_token, side_of, ClientMessage, Context, EndReason, ErrorCode, EventBody, GameResult,
    JoinCode, Role, Room, ServerMessage,
};
use tokio::sync::broadcast;

pub(crate) mod calls;
mod chat;
pub use chat::Said;
pub mod clocks;
pub(crate) mod pairing;
mod processes;
mod rating;
mod watching;

pub use watching::InPlay;

pub use pairing::Accepter;

use crate::games::live::{catch_up, Live, Outgoing};
use crate::storage::sqlite::{GameRow, StoreError};
use crate::storage::Db;

/// All games the server knows, loaded on first use.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    live: Mutex<HashMap<String, Arc<Live>>>,
    /// How long a player must be away before the opponent may claim.
    pub claim_after: Duration,
    /// How long a join code lasts (and a game may wait for its second player).
    pub code_lifetime: Duration,
    /// This process's name among those sharing the database.
    process: String,
    /// The time every expiry and clock is reckoned by.
    pub time: crate::time::Time,
    /// Where live games tell their clocks' deadlines ([`clocks`]).
    due: clocks::DueSender,
    /// Who other processes said is connected to games not held here (for
    /// the list of games in play), by game and process.
    heard: Mutex<HashMap<String, HashMap<String, crate::games::live::Elsewhere>>>,
    /// The process's figures for the operator.
    pub metrics: Arc<crate::metrics::Metrics>,
    /// Told whenever a game this process stored the end of ends (the
    /// tournaments' director looks at once).
    pub game_ended: tokio::sync::Notify,
    /// Calls players back in their browsers ([`crate::push`]).
    pub push: Arc<crate::push::Pusher>,
}

/// Sockets one seat may hold at once on one process.
pub const SEAT_SOCKETS: u32 = 4;

/// How often a process says again who is connected through it, and how
/// long others believe it without hearing again.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(5);
pub const PRESENCE_BELIEVED: Duration = Duration::from_secs(15);
/// Events a reconnecting client may have missed and still be sent them
/// from storage, one by one, rather than a snapshot.
const FROM_STORAGE: u64 = 256;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // The map of live games stays consistent whatever panicked.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a client is told about a storage failure; the detail goes to the
/// log only.
fn reported(game: &str, e: &StoreError) -> ErrorCode {
    match e {
        StoreError::Corrupt(why) => {
            tracing::error!(game, error = %why, "damaged game");
            ErrorCode::Damaged
        }
        StoreError::Sqlite(_)
        | StoreError::Postgres(_)
        | StoreError::Pool(_)
        | StoreError::Foreign(_)
        | StoreError::Closed => {
            tracing::error!(game, error = %e, "storage failed");
            ErrorCode::Unavailable
        }
    }
}

/// A new game as created over HTTP.
#[derive(Debug)]
pub struct Created {
    pub id: String,
    pub code: String,
    pub token: String,
    pub role: Role,
}

/// Why a game was not created.
#[derive(Debug)]
pub enum CreateError {
    /// The game asked for is not one (the engine's reason, about the
    /// request itself).
    BadGame(String),
    /// It could not be stored (logged).
    Storage,
}

/// A `hello` as received.
#[derive(Clone, Debug, Default)]
pub struct Hello {
    pub game: String,
    pub token: Option<String>,
    pub code: Option<String>,
    pub last_v: Option<u64>,
    /// The account signed in on the browser that says it (its key).
    pub user: Option<String>,
}

/// A connection let into a game.
#[derive(Debug)]
pub struct Entered {
    pub game: String,
    pub live: Arc<Live>,
    pub role: Role,
    /// `welcome`, then what the client missed.
    pub first: Vec<ServerMessage>,
    /// Everything that happens from then on, addressed.
    pub outgoing: broadcast::Receiver<Outgoing>,
}

impl Hub {
    pub fn new(
        db: Db,
        claim_after: Duration,
        code_lifetime: Duration,
        time: crate::time::Time,
    ) -> (Hub, clocks::DueReceiver) {
        let (due, deadlines) = tokio::sync::mpsc::unbounded_channel();
        let push = Arc::new(crate::push::Pusher::new(
            db.clone(),
            crate::push::PushConfig::default(),
        ));
        let hub = Hub {
            time,
            due,
            heard: Mutex::new(HashMap::new()),
            db,
            live: Mutex::new(HashMap::new()),
            claim_after,
            code_lifetime,
            process: crate::ids::game_id(),
            metrics: Arc::new(crate::metrics::Metrics::new()),
            game_ended: tokio::sync::Notify::new(),
            push,
        };
        (hub, deadlines)
    }

    /// The store behind the games.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// How many games this process holds in memory.
    pub fn loaded(&self) -> usize {
        lock(&self.live).len()
    }

    /// Forgets the live games nobody is connected to (they load again from
    /// storage when someone comes back).
    pub fn sweep(&self) {
        lock(&self.live).retain(|_, live| {
            // A game busy right now is kept, and one whose clocks run.
            let idle = live
                .state
                .try_lock()
                .is_ok_and(|state| state.is_empty() && state.room.due().is_none());
            !idle || Arc::strong_count(live) > 1
        });
    }

    /// Frees the join codes that have expired, so that new games may draw
    /// them again (logged when that fails: the next sweep tries again).
    pub async fn free_codes(&self) {
        match self.db.free_codes(self.time.now()).await {
            Ok(0) => {}
            Ok(freed) => tracing::info!(freed, "join codes freed"),
            Err(e) => tracing::error!(error = %e, "storage failed"),
        }
    }

    /// Creates a game: the creator takes `side`, the friend gets a code.
    pub async fn create(
        &self,
        header: &str,
        side: Role,
        suggestions: bool,
        clock: Option<online_play::TimeControl>,
    ) -> Result<Created, CreateError> {
        let mut room = Room::new(header, suggestions).map_err(CreateError::BadGame)?;
        if let Some(control) = clock {
            room = room.timed(control);
        }
        let token = crate::ids::seat_token();
        let index = usize::from(side == Role::Black);
        let mut seats = [None, None];
        seats[index] = Some(crate::ids::token_hash(&token));
        let expires = self.time.now() + self.code_lifetime.as_secs() as i64;
        let header = room.record();
        let joined = [EventBody::Joined { side }];
        // Codes stay with their games until they expire: a new code that
        // is still taken is drawn again.
        let mut attempts = 0;
        let stored = loop {
            let (id, code) = (crate::ids::game_id(), crate::ids::join_code());
            let row = GameRow {
                id: id.clone(),
                header: header.clone(),
                suggestions,
                seats: seats.clone(),
                code: Some((code.as_compact(), expires)),
                clock: clock.map(|c| c.to_string()),
                players: [None, None],
                rated: false,
                names: [None, None],
            };
            match self.db.create(row, joined.to_vec()).await {
                Err(e) if e.is_taken() && attempts < 3 => attempts += 1,
                done => break done.map(|()| (id, code)),
            }
        };
        let (id, code) = stored.map_err(|e| {
            reported("", &e);
            CreateError::Storage
        })?;
        Ok(Created {
            id,
            code: code.to_string(),
            token,
            role: side,
        })
    }

    /// The live game `id`, loading it from storage if needed; `None` when
    /// there is no such game.
    async fn game(&self, id: &str) -> Result<Option<Arc<Live>>, ErrorCode> {
        let Some(live) = self.load(id).await? else {
            return Ok(None);
        };
        self.expire_if_waiting(&live).await?;
        // A game whose time ran out while nobody held it ends before
        // anyone sees it.
        self.end_if_due(id, &live).await;
        Ok(Some(live))
    }

    async fn load(&self, id: &str) -> Result<Option<Arc<Live>>, ErrorCode> {
        if let Some(live) = lock(&self.live).get(id) {
            return Ok(Some(live.clone()));
        }
        let loaded = self.db.load(id).await.map_err(|e| reported(id, &e))?;
        let Some((row, room)) = loaded else {
            return Ok(None);
        };
        let live = Arc::new(Live::new(row, room, self.due.clone()));
        Ok(Some(
            lock(&self.live)
                .entry(id.to_string())
                .or_insert(live)
                .clone(),
        ))
    }

    /// Stores a game's next events, then applies and announces them:
    /// nothing is told before it is stored; whether they were. When another
    /// process stored that version first (it is taken), what it stored is
    /// caught up with instead.
    async fn try_commit(
        &self,
        live: &Live,
        state: &mut crate::games::live::LiveState,
        events: &[EventBody],
    ) -> Result<bool, ErrorCode> {
        let first_v = state.room.v + 1;
        let started = std::time::Instant::now();
        let stored = self
            .db
            .append(&state.row.id, first_v, events.to_vec())
            .await;
        self.metrics.store_call("append_events", started.elapsed());
        match stored {
            Ok(()) => {
                live.publish(state, events);
                self.call_back(state, events);
                if events.iter().any(|e| matches!(e, EventBody::Ended { .. })) {
                    self.note_abandons(state).await;
                    self.rate_if_ended(live, state).await;
                    self.game_ended.notify_one();
                }
                Ok(true)
            }
            Err(e) if e.is_taken() => {
                self.catch_up(live, state).await?;
                Ok(false)
            }
            Err(e) => Err(reported(&state.row.id, &e)),
        }
    }

    /// As [`Hub::try_commit`]; events not stored because another process
    /// stored first are refused as `unavailable` (try again).
    async fn commit(
        &self,
        live: &Live,
        state: &mut crate::games::live::LiveState,
        events: &[EventBody],
    ) -> Result<(), ErrorCode> {
        match self.try_commit(live, state, events).await? {
            true => Ok(()),
            false => Err(ErrorCode::Unavailable),
        }
    }

    /// Ends a game whose join code expired before the second player came.
    async fn expire_if_waiting(&self, live: &Live) -> Result<(), ErrorCode> {
        let mut state = live.state.lock().await;
        let expired = state
            .row
            .code
            .as_ref()
            .is_some_and(|(_, at)| *at <= self.time.now());
        if state.room.is_over() || !expired || state.room.seated.iter().all(|&s| s) {
            return Ok(());
        }
        let events = vec![EventBody::Ended {
            result: GameResult::NoResult,
            reason: EndReason::NobodyJoined,
        }];
        self.commit(live, &mut state, &events).await?;
        Ok(())
    }

    /// Lets a connection in: finds the game, gives it its seat and counts
    /// it present. Every hello that carries a join code and fails because
    /// of the code is answered `bad_code`, whatever token or game it names.
    pub async fn enter(&self, hello: Hello) -> Result<Entered, ErrorCode> {
        let code = match &hello.code {
            Some(code) => {
                if hello.token.as_deref().is_some_and(|t| !is_seat_token(t)) {
                    // The token a joiner makes has a fixed form.
                    return Err(ErrorCode::Malformed);
                }
                Some(code.parse::<JoinCode>().map_err(|_| ErrorCode::BadCode)?)
            }
            None => None,
        };
        let id = match code {
            Some(code) => {
                let id = self
                    .db
                    .game_by_code(&code.as_compact(), self.time.now())
                    .await
                    .map_err(|e| reported("", &e))?
                    .ok_or(ErrorCode::BadCode)?;
                if !hello.game.is_empty() && hello.game != id {
                    return Err(ErrorCode::BadCode);
                }
                id
            }
            None => hello.game.clone(),
        };
        let live = self.game(&id).await?.ok_or(match code {
            Some(_) => ErrorCode::BadCode,
            None => ErrorCode::UnknownGame,
        })?;
        let mut state = live.state.lock().await;
        // What other processes stored meanwhile, before this one speaks.
        if self.db.is_shared() {
            self.catch_up(&live, &mut state).await?;
        }
        let (role, token) = match code {
            Some(code) => self.join(&live, &mut state, code, hello.token).await?,
            None => (
                seat_for(&state.row, hello.token.as_deref(), hello.user.as_deref())?,
                None,
            ),
        };
        // A player holds a few sockets on its seat (tabs, a reload whose
        // old socket has not closed yet), not thousands.
        if side_of(role).is_some_and(|side| state.online[side.index()] >= SEAT_SOCKETS) {
            return Err(ErrorCode::TooMany);
        }
        // Subscribing under the game's lock, where events are published, so
        // each event comes either in the catch-up or from the
        // subscription, never in both and never in neither.
        let outgoing = live.outgoing.subscribe();
        live.presence(&mut state, role, true, self.claim_after);
        self.announce(&mut state).await;
        let mut first = vec![ServerMessage::Welcome {
            game: id.clone(),
            role,
            token,
        }];
        first.extend(self.missed(&state, hello.last_v).await);
        // The players' names last: what a client knows of the game comes
        // first.
        let [white, black] = state.row.names.clone();
        if white.is_some() || black.is_some() {
            let mut bots = [false; 2];
            for (bot, user) in bots.iter_mut().zip(&state.row.players) {
                if let Some(user) = user {
                    *bot = matches!(self.db.user(user).await, Ok(Some(u)) if u.bot);
                }
            }
            first.push(ServerMessage::Players { white, black, bots });
        }
        drop(state);
        Ok(Entered {
            game: id,
            live,
            role,
            first,
            outgoing,
        })
    }

    /// What a client that has seen events up to `last_v` missed: from
    /// memory, or from storage when the game was loaded (here) after them,
    /// or a snapshot when it is too far behind (or storage fails).
    async fn missed(
        &self,
        state: &crate::games::live::LiveState,
        last_v: Option<u64>,
    ) -> Vec<ServerMessage> {
        let answer = catch_up(state, last_v, self.time.now_ms());
        let (Some(last), [ServerMessage::Snapshot(_)]) = (last_v, &answer[..]) else {
            return answer;
        };
        let behind = state.room.v.saturating_sub(last);
        if behind == 0 || behind > FROM_STORAGE {
            return answer;
        }
        // Storage may already hold more than this process has applied.
        match self.db.events_after(&state.row.id, last).await {
            Ok(events) if events.len() as u64 >= behind => events
                .into_iter()
                .take(behind as usize)
                .zip(last + 1..)
                .map(|(body, v)| ServerMessage::Event(online_play::Event { v, body }))
                .collect(),
            _ => answer,
        }
    }

    /// The seat a join code gives: the empty one, taken for `token` (or for
    /// a token made here, returned to be sent once), or the seat `token`
    /// already took with this code.
    async fn join(
        &self,
        live: &Live,
        state: &mut crate::games::live::LiveState,
        code: JoinCode,
        token: Option<String>,
    ) -> Result<(Role, Option<String>), ErrorCode> {
        let live_code = state
            .row
            .code
            .as_ref()
            .is_some_and(|(c, expires)| *c == code.as_compact() && *expires > self.time.now());
        if !live_code {
            return Err(ErrorCode::BadCode);
        }
        if let Ok(role) = seat_of(&state.row, token.as_deref()) {
            if role != Role::Spectator {
                // The same join again: its welcome was lost.
                return Ok((role, None));
            }
        }
        let index = state
            .row
            .seats
            .iter()
            .position(Option::is_none)
            .ok_or(ErrorCode::BadCode)?;
        let (token, made_here) = match token {
            Some(token) => (token, None),
            None => {
                let token = crate::ids::seat_token();
                (token.clone(), Some(token))
            }
        };
        let side = if index == 0 { Side::White } else { Side::Black };
        let role = if index == 0 { Role::White } else { Role::Black };
        let hash = crate::ids::token_hash(&token);
        let joined = state.room.joined(side, self.time.now_ms());
        let first_v = state.room.v + 1;
        let seated = self
            .db
            .seat(&state.row.id, index, &hash, first_v, joined.clone())
            .await
            .map_err(|e| reported(&state.row.id, &e))?;
        if !seated {
            return Err(ErrorCode::BadCode);
        }
        state.row.seats[index] = Some(hash);
        live.publish(state, &joined);
        Ok((role, made_here))
    }

    /// Checks an action, stores what it causes, applies and announces it;
    /// the reply for the acting connection, if any.
    pub async fn act(
        &self,
        live: &Arc<Live>,
        role: Role,
        connection: u64,
        message: &ClientMessage,
    ) -> Result<Option<ServerMessage>, ErrorCode> {
        let mut state = live.state.lock().await;
        if let ClientMessage::Suggest(mv) = message {
            let turn = state.room.check_suggestion(role, mv)?;
            live.suggest(&mut state, connection, turn);
            return Ok(None);
        }
        if state.room.accepts_rematch(role, message) {
            self.rematch(live, &mut state).await?;
            return Ok(None);
        }
        // Checked against the game as this process has it; when another
        // process stored first, caught up with and checked again.
        let mut attempts = 0;
        loop {
            let context = Context {
                opponent_gone: side_of(role)
                    .and_then(|side| state.opponent_away(side))
                    .is_some_and(|away| away >= self.claim_after),
                now: self.time.now_ms(),
                rated: state.row.rated,
            };
            let events = state.room.check(role, message, context)?;
            if events.is_empty() {
                return Ok(None);
            }
            if self.try_commit(live, &mut state, &events).await? {
                break;
            }
            attempts += 1;
            if attempts > 3 {
                return Err(ErrorCode::Unavailable);
            }
        }
        Ok(match message {
            ClientMessage::Move(mv) => Some(ServerMessage::Ack { ply: mv.ply }),
            _ => None,
        })
    }

    /// The whole game again, for a connection that fell too far behind.
    pub async fn resync(&self, live: &Live) -> Vec<ServerMessage> {
        catch_up(&*live.state.lock().await, None, self.time.now_ms())
    }

    /// Counts a connection out.
    pub async fn leave(&self, live: &Live, role: Role, connection: u64) {
        let mut state = live.state.lock().await;
        if state.suggestions.remove(&connection).is_some() {
            state.suggestions_unsaid = true;
        }
        live.presence(&mut state, role, false, self.claim_after);
        self.announce(&mut state).await;
    }
}

/// The seat `token` holds, else the seat of the account signed in (a
/// player's seat in a game between accounts is theirs on any device), else
/// a spectator's place without a token.
fn seat_for(row: &GameRow, token: Option<&str>, user: Option<&str>) -> Result<Role, ErrorCode> {
    let by_token = seat_of(row, token);
    if matches!(by_token, Ok(Role::White | Role::Black)) {
        return by_token;
    }
    let own = user.and_then(|u| row.players.iter().position(|p| p.as_deref() == Some(u)));
    match own {
        Some(0) => Ok(Role::White),
        Some(_) => Ok(Role::Black),
        None => by_token,
    }
}

/// The seat `token` holds in the game, or a spectator's place without one.
fn seat_of(row: &GameRow, token: Option<&str>) -> Result<Role, ErrorCode> {
    let Some(token) = token else {
        return Ok(Role::Spectator);
    };
    let hash = crate::ids::token_hash(token);
    match row.seats.iter().position(|s| s.as_deref() == Some(&hash)) {
        Some(0) => Ok(Role::White),
        Some(_) => Ok(Role::Black),
        None => Err(ErrorCode::WrongToken),
    }
}
