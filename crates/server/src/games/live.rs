//! One live game in memory: its room, the recent events for resync, who is
//! connected, and what goes out to whom. Every message leaves addressed to
//! an [`Audience`]; a socket passes on what is addressed to its role and
//! decides nothing.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::Side;
use online_play::{side_of, Event, EventBody, Presence, Role, Room, ServerMessage, Suggestion};
use tokio::sync::{broadcast, Mutex};

use crate::storage::sqlite::GameRow;

/// Events kept in memory for a reconnecting client; one further behind gets
/// a snapshot.
const RECENT: usize = 64;
/// Messages a slow socket may fall behind before it is sent a snapshot.
const BACKLOG: usize = 64;
/// The player on move hears the spectators' tally at most this often (and
/// only when its top three change): a crowd suggesting at once must not
/// queue the player's own answers behind a flood of tallies.
pub const TALLY_EVERY: Duration = Duration::from_millis(250);

/// Who a message is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Audience {
    Everyone,
    /// The player of one side only.
    Player(Side),
    /// Both players (their chat).
    Players,
    /// The spectators (their chat).
    Spectators,
}

impl Audience {
    pub fn includes(self, role: Role) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Player(side) => side_of(role) == Some(side),
            Audience::Players => role != Role::Spectator,
            Audience::Spectators => role == Role::Spectator,
        }
    }
}

/// A message on its way to the game's sockets.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub to: Audience,
    pub message: ServerMessage,
}

/// What a server process tells the others sharing its database about one
/// game: who is connected to it there, and the suggestions its spectators
/// there have made for the ply `ply`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Saying {
    pub online: [u32; 2],
    pub watchers: u32,
    pub ply: u32,
    /// Each suggested turn and how many spectators suggest it.
    pub suggestions: Vec<(String, u32)>,
}

/// Turns a process tells others at most (a notification's payload is
/// limited; more distinct suggestions than this hardly matter to the top
/// three).
const SAID_SUGGESTIONS: usize = 48;

/// What another server process said of a game, and when.
#[derive(Clone, Debug)]
pub struct Elsewhere {
    pub saying: Saying,
    pub said: Instant,
}

/// Chat messages one speaker may send at once, and then one per period.
const CHAT_BURST: std::num::NonZeroU32 = std::num::NonZeroU32::new(3).expect("not zero");
const CHAT_EVERY: Duration = Duration::from_secs(2);

/// Who a chat allowance belongs to: a player (however many sockets it
/// holds), or the spectators of one address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Speaker {
    Player(Side),
    Watching(std::net::IpAddr),
}

/// One live game. Its state's lock serialises everything that happens to
/// it; the lock is async, so a game waiting for the database holds up only
/// its own sockets, and only while they wait for it.
pub struct Live {
    pub state: Mutex<LiveState>,
    pub outgoing: broadcast::Sender<Outgoing>,
    /// Where the game's next clock deadline is told, to be kept.
    due: crate::games::hub::clocks::DueSender,
    /// Each speaker's chat allowance in this game.
    chat_pace: governor::DefaultKeyedRateLimiter<Speaker>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").finish_non_exhaustive()
    }
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
    /// Who is connected to this game through other server processes (by
    /// process), as they last said.
    pub elsewhere: HashMap<String, Elsewhere>,
    /// The last tally sent and when, and whether a newer one waits for
    /// its turn.
    tally_sent: Option<(Tally, Instant)>,
    tally_waiting: bool,
    /// Whether this process's suggestions changed since it last told the
    /// other processes.
    pub suggestions_unsaid: bool,
}

impl Live {
    /// The game as loaded from storage, with nobody connected yet.
    pub fn new(row: GameRow, room: Room, due: crate::games::hub::clocks::DueSender) -> Live {
        let live = Live {
            state: Mutex::new(LiveState {
                row,
                room,
                recent: VecDeque::new(),
                suggestions: HashMap::new(),
                online: [0; 2],
                watchers: 0,
                // Nobody is here yet: away since the game was loaded.
                gone_since: [Some(Instant::now()); 2],
                elsewhere: HashMap::new(),
                tally_sent: None,
                tally_waiting: false,
                suggestions_unsaid: false,
            }),
            outgoing: broadcast::channel(BACKLOG).0,
            due,
            chat_pace: governor::RateLimiter::keyed(
                governor::Quota::with_period(CHAT_EVERY)
                    .expect("a period")
                    .allow_burst(CHAT_BURST),
            ),
        };
        if let Ok(state) = live.state.try_lock() {
            live.tell_due(&state);
        }
        live
    }

    /// Counts a chat message said in `role` from `ip`: three at once, then
    /// one every two seconds, for each player whatever sockets it speaks
    /// through, and for the spectators of each address together. False
    /// when it comes too fast.
    pub fn may_chat(&self, role: Role, ip: std::net::IpAddr) -> bool {
        let speaker = match side_of(role) {
            Some(side) => Speaker::Player(side),
            None => Speaker::Watching(crate::http::limits::bucket(ip)),
        };
        self.chat_pace.check_key(&speaker).is_ok()
    }

    /// Tells the timers when the game's clocks next need a look.
    fn tell_due(&self, state: &LiveState) {
        if let Some(at) = state.room.due() {
            let _ = self.due.send(crate::games::hub::clocks::Due {
                game: state.row.id.clone(),
                at,
                warn: crate::games::hub::calls::warning_due(state),
            });
        }
    }

    pub(crate) fn send(&self, to: Audience, message: ServerMessage) {
        // Nobody listening is not an error.
        let _ = self.outgoing.send(Outgoing { to, message });
    }

    /// Applies stored events, remembers them for resync and sends them to
    /// everyone.
    pub fn publish(&self, state: &mut LiveState, events: &[EventBody]) {
        for body in events {
            if state.room.apply(body).is_err() {
                // Checked before storing, so this cannot happen; the stored
                // log stays the truth either way.
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
            self.send(Audience::Everyone, ServerMessage::Event(event));
        }
        if events.iter().any(|e| matches!(e, EventBody::Moved { .. })) {
            state.suggestions.clear();
        }
        if events.iter().any(|e| matches!(e, EventBody::Clock { .. })) {
            self.tell_due(state);
        }
    }

    /// Counts a connection in (`true`) or out and tells everyone who is
    /// here, and each player whose opponent is away how long until a claim
    /// is allowed.
    pub fn presence(
        &self,
        state: &mut LiveState,
        role: Role,
        arriving: bool,
        claim_after: Duration,
    ) {
        let count = match side_of(role) {
            Some(side) => &mut state.online[side.index()],
            None => &mut state.watchers,
        };
        *count = if arriving {
            *count + 1
        } else {
            count.saturating_sub(1)
        };
        self.tell_presence(state, claim_after);
    }

    /// What another server process says of the game: told here if that
    /// changes who is present, and to the player on move if it changes the
    /// suggestions' top three.
    pub fn said_elsewhere(
        self: &Arc<Live>,
        state: &mut LiveState,
        process: &str,
        saying: Saying,
        claim_after: Duration,
    ) {
        let before = state.present();
        if saying.online == [0, 0] && saying.watchers == 0 {
            state.elsewhere.remove(process);
        } else {
            let said = Instant::now();
            state
                .elsewhere
                .insert(process.to_string(), Elsewhere { saying, said });
        }
        if state.present() != before {
            self.tell_presence(state, claim_after);
        }
        self.send_tally(state);
    }

    /// Forgets what other processes said longer ago than `after` (a
    /// process that stopped saying anything has gone).
    pub fn forget_elsewhere(&self, state: &mut LiveState, after: Duration, claim_after: Duration) {
        let before = state.present();
        state.elsewhere.retain(|_, e| e.said.elapsed() < after);
        if state.present() != before {
            self.tell_presence(state, claim_after);
        }
    }

    /// Tells everyone who is here (through any process), and each player
    /// whose opponent is away how long until a claim is allowed.
    fn tell_presence(&self, state: &mut LiveState, claim_after: Duration) {
        let (online, watchers) = state.present();
        for (i, gone) in state.gone_since.iter_mut().enumerate() {
            if online[i] > 0 {
                *gone = None;
            } else {
                gone.get_or_insert_with(Instant::now);
            }
        }
        let presence = Presence {
            white: online[0] > 0,
            black: online[1] > 0,
            watchers,
        };
        self.send(Audience::Everyone, ServerMessage::Presence(presence));
        for side in [Side::White, Side::Black] {
            if let Some(away) = state.opponent_away(side) {
                let seconds = claim_after.saturating_sub(away).as_secs_f64().ceil() as u32;
                self.send(
                    Audience::Player(side),
                    ServerMessage::OpponentGone { seconds },
                );
            }
        }
    }

    /// Counts a spectator's suggestion; the player on move hears the
    /// tally.
    pub fn suggest(self: &Arc<Live>, state: &mut LiveState, connection: u64, turn: String) {
        state.suggestions.insert(connection, turn);
        state.suggestions_unsaid = true;
        self.send_tally(state);
    }

    /// Sends the tally to the player on move if its top three changed, at
    /// most once every [`TALLY_EVERY`]: a change meanwhile goes out when
    /// the time comes, as it then stands.
    fn send_tally(self: &Arc<Live>, state: &mut LiveState) {
        let tally = tally(state);
        let sent = state.tally_sent.as_ref();
        let last = sent.map(|(last, _)| last);
        if last == Some(&tally) {
            return;
        }
        // None yet for this ply: nothing to say (the page forgets the last
        // ply's tally when the move comes).
        if tally.list.is_empty() && last.is_none_or(|last| last.ply != tally.ply) {
            return;
        }
        match sent.map(|(_, at)| *at + TALLY_EVERY) {
            Some(due) if due > Instant::now() => {
                if !state.tally_waiting {
                    state.tally_waiting = true;
                    let live = self.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep_until(due.into()).await;
                        let mut state = live.state.lock().await;
                        state.tally_waiting = false;
                        live.send_tally(&mut state);
                    });
                }
            }
            _ => {
                let to_move = state.room.game.side_to_move();
                let message = ServerMessage::Suggestions {
                    ply: tally.ply,
                    list: tally.list.clone(),
                };
                self.send(Audience::Player(to_move), message);
                state.tally_sent = Some((tally, Instant::now()));
            }
        }
    }
}

impl LiveState {
    /// How long the opponent of `side` has been away, while the game goes
    /// on with both seats taken.
    pub fn opponent_away(&self, side: Side) -> Option<Duration> {
        let other = side.other().index();
        if self.room.is_over() || !self.room.seated[other] {
            return None;
        }
        self.gone_since[other].map(|since| since.elapsed())
    }

    /// The players and spectators connected through any process.
    pub fn present(&self) -> ([u32; 2], u32) {
        let (mut online, mut watchers) = (self.online, self.watchers);
        for e in self.elsewhere.values() {
            online[0] += e.saying.online[0];
            online[1] += e.saying.online[1];
            watchers += e.saying.watchers;
        }
        (online, watchers)
    }

    /// What this process tells the others of the game, with its id; its
    /// suggestions are then said.
    pub fn take_saying(&mut self) -> (String, Saying) {
        self.suggestions_unsaid = false;
        (self.row.id.clone(), self.saying())
    }

    fn saying(&self) -> Saying {
        let mut suggestions: Vec<(String, u32)> = self.local_counts().into_iter().collect();
        suggestions.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        suggestions.truncate(SAID_SUGGESTIONS);
        Saying {
            online: self.online,
            watchers: self.watchers,
            ply: self.room.game.ply() as u32,
            suggestions,
        }
    }

    /// How many spectators connected here suggest each turn.
    fn local_counts(&self) -> HashMap<String, u32> {
        let mut counts: HashMap<String, u32> = HashMap::new();
        for turn in self.suggestions.values() {
            *counts.entry(turn.clone()).or_default() += 1;
        }
        counts
    }

    /// Whether nobody is connected here (the game may be dropped from
    /// memory).
    pub fn is_empty(&self) -> bool {
        self.online == [0, 0] && self.watchers == 0
    }
}

/// The top three suggestions for one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tally {
    ply: u32,
    list: Vec<Suggestion>,
}

/// The top three suggestions for the ply on move, counting those made
/// through every process.
fn tally(state: &LiveState) -> Tally {
    let ply = state.room.game.ply() as u32;
    let mut counts = state.local_counts();
    for e in state.elsewhere.values().filter(|e| e.saying.ply == ply) {
        for (turn, count) in &e.saying.suggestions {
            *counts.entry(turn.clone()).or_default() += count;
        }
    }
    let mut list: Vec<Suggestion> = counts
        .into_iter()
        .map(|(turn, count)| Suggestion { turn, count })
        .collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then(a.turn.cmp(&b.turn)));
    list.truncate(3);
    Tally { ply, list }
}

/// What a client that has seen events up to `last_v` needs: the missing
/// events, or a snapshot when they are no longer in memory.
pub fn catch_up(state: &LiveState, last_v: Option<u64>, now: u64) -> Vec<ServerMessage> {
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
    vec![ServerMessage::Snapshot(state.room.snapshot_at(now))]
}
