//! The live games: one lock per game serialises everything that happens to
//! it, so each action is checked, stored, applied and only then announced,
//! in one order for everyone.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use protocol::{
    ClientMessage, EndReason, ErrorCode, Event, EventBody, GameResult, Role, ServerMessage,
};
use tokio::sync::broadcast;

use crate::store::{GameRow, Store, StoreError};
use protocol::{side_of, Context, Room};

/// Events kept in memory for a reconnecting client; one further behind gets
/// a snapshot.
const RECENT: usize = 64;

/// One live game.
#[derive(Debug)]
pub struct Live {
    pub state: Mutex<LiveState>,
    pub events: broadcast::Sender<ServerMessage>,
}

#[derive(Debug)]
pub struct LiveState {
    pub row: GameRow,
    pub room: Room,
    pub recent: VecDeque<Event>,
    /// Each spectator's current suggestion.
    pub suggestions: HashMap<u64, String>,
    pub online: [u32; 2],
    pub watchers: u32,
    /// Since when each seated player has had no connection.
    pub gone_since: [Option<Instant>; 2],
}

impl LiveState {
    /// Counts a connection in (`true`) or out, and returns who is here now.
    pub fn presence(&mut self, role: Role, arriving: bool) -> ServerMessage {
        let count = match side_of(role) {
            Some(side) => &mut self.online[side.index()],
            None => &mut self.watchers,
        };
        *count = if arriving {
            *count + 1
        } else {
            count.saturating_sub(1)
        };
        if let Some(side) = side_of(role) {
            let i = side.index();
            self.gone_since[i] = (self.online[i] == 0).then(Instant::now);
        }
        ServerMessage::Presence(protocol::Presence {
            white: self.online[0] > 0,
            black: self.online[1] > 0,
            watchers: self.watchers,
        })
    }

    /// How long the opponent of `role` has been away, while the game goes
    /// on with both seats taken.
    pub fn opponent_away(&self, role: Role) -> Option<Duration> {
        let me = side_of(role)?;
        let other = me.other().index();
        if self.room.is_over() || !self.room.seated[other] {
            return None;
        }
        self.gone_since[other].map(|since| since.elapsed())
    }
}

/// All games the server knows, loaded on first use.
#[derive(Debug)]
pub struct Hub {
    store: Mutex<Store>,
    live: Mutex<HashMap<String, Arc<Live>>>,
    /// How long a player must be away before the opponent may claim.
    pub claim_after: Duration,
    /// How long a join code lasts (and a game may wait for its second player).
    pub code_lifetime: Duration,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves consistent data here (every write
    // is stored first), so carry on with it.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A new game as created over HTTP.
#[derive(Debug)]
pub struct Created {
    pub id: String,
    pub code: String,
    pub token: String,
    pub role: Role,
}

impl Hub {
    pub fn new(store: Store, claim_after: Duration, code_lifetime: Duration) -> Hub {
        Hub {
            store: Mutex::new(store),
            live: Mutex::new(HashMap::new()),
            claim_after,
            code_lifetime,
        }
    }

    /// Forgets the live games nobody is connected to (they load again from
    /// storage when someone comes back).
    pub fn sweep(&self) {
        lock(&self.live).retain(|_, live| {
            let state = lock(&live.state);
            state.online != [0, 0] || state.watchers > 0 || Arc::strong_count(live) > 1
        });
    }

    /// Ends a game whose join code expired before the second player came.
    fn expire_if_waiting(&self, live: &Live) {
        let mut state = lock(&live.state);
        let expired = state.row.code.as_ref().is_some_and(|(_, at)| *at <= now());
        if state.room.is_over() || !expired || state.room.seated.iter().all(|&s| s) {
            return;
        }
        let events = [EventBody::Ended {
            result: GameResult::NoResult,
            reason: EndReason::NobodyJoined,
        }];
        let first_v = state.room.v + 1;
        if lock(&self.store)
            .append(&state.row.id, first_v, &events)
            .is_ok()
        {
            publish(live, &mut state, &events);
        }
    }

    /// The game a join code opens, if the code is live.
    pub fn game_by_code(&self, code: &str) -> Option<String> {
        let code: protocol::JoinCode = code.parse().ok()?;
        lock(&self.store)
            .game_by_code(&code.as_compact(), now())
            .ok()
            .flatten()
    }

    /// Creates a game: the creator takes `side`, the friend gets a code.
    pub fn create(&self, header: &str, side: Role, suggestions: bool) -> Result<Created, String> {
        let room = Room::new(header, suggestions)?;
        let id = crate::ids::game_id();
        let token = crate::ids::seat_token();
        let code = crate::ids::join_code();
        let index = usize::from(side == Role::Black);
        let mut seats = [None, None];
        seats[index] = Some(crate::ids::token_hash(&token));
        let row = GameRow {
            id: id.clone(),
            header: room.record(),
            suggestions,
            seats,
            code: Some((
                code.as_compact(),
                now() + self.code_lifetime.as_secs() as i64,
            )),
        };
        let mut store = lock(&self.store);
        store.create(&row).map_err(|e| e.to_string())?;
        store
            .append(&id, 1, &[EventBody::Joined { side }])
            .map_err(|e| e.to_string())?;
        Ok(Created {
            id,
            code: code.to_string(),
            token,
            role: side,
        })
    }

    /// The live game `id`, loading it from storage if needed.
    pub fn game(&self, id: &str) -> Result<Option<Arc<Live>>, StoreError> {
        let live = self.load(id)?;
        if let Some(live) = &live {
            self.expire_if_waiting(live);
        }
        Ok(live)
    }

    fn load(&self, id: &str) -> Result<Option<Arc<Live>>, StoreError> {
        if let Some(live) = lock(&self.live).get(id) {
            return Ok(Some(live.clone()));
        }
        let Some((row, room)) = lock(&self.store).load(id)? else {
            return Ok(None);
        };
        let live = Arc::new(Live {
            state: Mutex::new(LiveState {
                row,
                room,
                recent: VecDeque::new(),
                suggestions: HashMap::new(),
                online: [0; 2],
                watchers: 0,
                // Nobody is here yet: away since the game was loaded.
                gone_since: [Some(Instant::now()); 2],
            }),
            events: broadcast::channel(64).0,
        });
        Ok(Some(
            lock(&self.live)
                .entry(id.to_string())
                .or_insert(live)
                .clone(),
        ))
    }

    /// The seat a hello claims: by token, by join code (which spends it and
    /// hands out a new token), or a spectator's place.
    pub fn seat(
        &self,
        live: &Live,
        token: Option<&str>,
        code: Option<&str>,
    ) -> Result<(Role, Option<String>), ErrorCode> {
        let mut state = lock(&live.state);
        if let Some(token) = token {
            let hash = crate::ids::token_hash(token);
            return match state
                .row
                .seats
                .iter()
                .position(|s| s.as_deref() == Some(&hash))
            {
                Some(0) => Ok((Role::White, None)),
                Some(_) => Ok((Role::Black, None)),
                None => Err(ErrorCode::WrongToken),
            };
        }
        let Some(code) = code else {
            return Ok((Role::Spectator, None));
        };
        let code: protocol::JoinCode = code.parse().map_err(|_| ErrorCode::BadCode)?;
        let valid = state
            .row
            .code
            .as_ref()
            .is_some_and(|(c, expires)| *c == code.as_compact() && *expires > now());
        let Some(index) = state.row.seats.iter().position(Option::is_none) else {
            return Err(ErrorCode::BadCode);
        };
        if !valid {
            return Err(ErrorCode::BadCode);
        }
        let role = if index == 0 { Role::White } else { Role::Black };
        let token = crate::ids::seat_token();
        let hash = crate::ids::token_hash(&token);
        let joined = [EventBody::Joined { side: role }];
        let first_v = state.room.v + 1;
        let seated = lock(&self.store)
            .seat(&state.row.id, index, &hash, first_v, &joined)
            .map_err(|_| ErrorCode::BadCode)?;
        if !seated {
            return Err(ErrorCode::BadCode);
        }
        state.row.seats[index] = Some(hash);
        state.row.code = None;
        publish(live, &mut state, &joined);
        Ok((role, Some(token)))
    }

    /// Checks an action, stores what it causes, applies and announces it.
    pub fn act(
        &self,
        live: &Live,
        role: Role,
        connection: u64,
        message: &ClientMessage,
    ) -> Result<Option<ServerMessage>, ErrorCode> {
        let mut state = lock(&live.state);
        if let ClientMessage::Suggest(mv) = message {
            let turn = state.room.check_suggestion(role, mv)?;
            state.suggestions.insert(connection, turn);
            let tally = tally(&state);
            let _ = live.events.send(tally);
            return Ok(None);
        }
        let context = Context {
            opponent_gone: state
                .opponent_away(role)
                .is_some_and(|away| away >= self.claim_after),
        };
        let events = state.room.check(role, message, context)?;
        if events.is_empty() {
            return Ok(None);
        }
        let first_v = state.room.v + 1;
        lock(&self.store)
            .append(&state.row.id, first_v, &events)
            .map_err(|_| ErrorCode::NotNow)?;
        publish(live, &mut state, &events);
        if events.iter().any(|e| matches!(e, EventBody::Moved { .. })) {
            state.suggestions.clear();
        }
        Ok(match message {
            ClientMessage::Move(mv) => Some(ServerMessage::Ack { ply: mv.ply }),
            _ => None,
        })
    }
}

/// Applies stored events, remembers them for resync and sends them out.
fn publish(live: &Live, state: &mut LiveState, events: &[EventBody]) {
    for body in events {
        if state.room.apply(body).is_err() {
            // Checked before storing, so this cannot happen; the stored log
            // stays the truth either way.
            continue;
        }
        let event = Event {
            v: state.room.v,
            body: body.clone(),
        };
        state.recent.push_back(event.clone());
        if state.recent.len() > RECENT {
            state.recent.pop_front();
        }
        let _ = live.events.send(ServerMessage::Event(event));
    }
}

fn tally(state: &LiveState) -> ServerMessage {
    let mut counts: HashMap<&str, u32> = HashMap::new();
    for turn in state.suggestions.values() {
        *counts.entry(turn.as_str()).or_default() += 1;
    }
    let mut list: Vec<protocol::Suggestion> = counts
        .into_iter()
        .map(|(turn, count)| protocol::Suggestion {
            turn: turn.to_string(),
            count,
        })
        .collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then(a.turn.cmp(&b.turn)));
    list.truncate(3);
    ServerMessage::Suggestions {
        ply: state.room.game.ply() as u32,
        list,
    }
}

/// What a client that has seen events up to `last_v` needs: the missing
/// events, or a snapshot when they are no longer in memory.
pub fn catch_up(state: &LiveState, last_v: Option<u64>) -> Vec<ServerMessage> {
    let v = state.room.v;
    if let Some(last) = last_v {
        if last == v {
            return Vec::new();
        }
        let oldest = state.recent.front().map_or(v + 1, |e| e.v);
        if last < v && last + 1 >= oldest {
            return state
                .recent
                .iter()
                .filter(|e| e.v > last)
                .cloned()
                .map(ServerMessage::Event)
                .collect();
        }
    }
    vec![ServerMessage::Snapshot(state.room.snapshot())]
}
