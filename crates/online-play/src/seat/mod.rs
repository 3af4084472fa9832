//! A program's seat at a game: what a bot (the site's own, or an outside
//! engine through the bridge) knows of its game from what the server says
//! over the game socket, when it is to move and how long it may think. It
//! speaks the same protocol as the page, replaying the server's events
//! through the same referee ([`Room`]); the thinking is the caller's.

use crate::{side_of, ClientMessage, ErrorCode, EventBody, MoveText, Role, Room, ServerMessage};

/// The most a bot thinks over a move, in seconds: as the page's computer.
pub const MOST_SECONDS: f64 = 0.95;
/// The least it is given, however short its clock.
pub const LEAST_SECONDS: f64 = 0.05;

/// A position to think about: the game as played so far, the ply the
/// move is for, and the seconds the thinking may take.
#[derive(Clone, Debug)]
pub struct Think {
    pub game: engine::AnyGame,
    pub ply: u32,
    pub seconds: f64,
}

/// What a bot knows of its game.
#[derive(Clone, Debug, Default)]
pub struct Seat {
    role: Option<Role>,
    room: Option<Room>,
    /// The ply last thought about (so each position is thought about once).
    asked: Option<u32>,
    /// A refusal that means the bot cannot play on here.
    stuck: bool,
}

impl Seat {
    pub fn new() -> Seat {
        Seat::default()
    }

    /// The side the server seated it on, once welcomed.
    pub fn role(&self) -> Option<Role> {
        self.role
    }

    /// Takes in what the server said; what to answer at once (a draw
    /// offer or a rematch offer is declined: a bot plays each game out).
    pub fn hear(&mut self, message: &ServerMessage) -> Vec<ClientMessage> {
        match message {
            ServerMessage::Welcome { role, .. } => self.role = Some(*role),
            ServerMessage::Snapshot(snapshot) => {
                self.room = Room::from_snapshot(snapshot).ok();
                // The position may be one already thought about: the answer
                // was lost, or refused. Think again.
                self.asked = None;
            }
            ServerMessage::Event(event) => {
                let Some(room) = &mut self.room else {
                    return Vec::new();
                };
                if event.v != room.v + 1 || room.apply(&event.body).is_err() {
                    // Out of step with the server: better to connect again
                    // (and be sent the game whole) than to play on guessing.
                    self.stuck = true;
                    return Vec::new();
                }
                let mine = |by: &Role| Some(*by) == self.role;
                match &event.body {
                    EventBody::DrawOffered { by } if !mine(by) => {
                        return vec![ClientMessage::DeclineDraw]
                    }
                    EventBody::RematchOffered { by } if !mine(by) => {
                        return vec![ClientMessage::DeclineRematch]
                    }
                    _ => {}
                }
            }
            ServerMessage::Error { code, .. } => match code {
                // The move came for another position: think again about
                // the one the next events show.
                ErrorCode::StalePly | ErrorCode::NotYourTurn => self.asked = None,
                ErrorCode::IllegalMove => self.stuck = true,
                ErrorCode::UnknownGame | ErrorCode::WrongToken | ErrorCode::Spectator => {
                    self.stuck = true
                }
                _ => {}
            },
            _ => {}
        }
        Vec::new()
    }

    /// Whether the bot has nothing more to do here: the game is over, it
    /// holds no seat, or the server refused what it cannot mend (or it
    /// fell out of step, and should connect again).
    pub fn done(&self) -> bool {
        self.stuck
            || self.role == Some(Role::Spectator)
            || self.room.as_ref().is_some_and(Room::is_over)
    }

    /// The position to think about, once per position: when the bot holds
    /// the side to move in a game under way.
    pub fn think(&mut self) -> Option<Think> {
        let side = side_of(self.role?)?;
        let room = self.room.as_ref()?;
        // A position the game ended in (its end is told just after).
        let ended = room.game.outcome().is_some();
        if self.done()
            || ended
            || !room.seated.iter().all(|s| *s)
            || room.game.side_to_move() != side
        {
            return None;
        }
        let ply = u32::try_from(room.game.ply()).ok()?;
        if self.asked == Some(ply) {
            return None;
        }
        self.asked = Some(ply);
        let seconds = match &room.clock {
            Some(clock) if !clock.control.per_move() => {
                let left = clock.remaining()[side.index()];
                seconds_for(left, clock.control.increment_ms())
            }
            _ => MOST_SECONDS,
        };
        Some(Think {
            game: room.game.clone(),
            ply,
            seconds,
        })
    }

    /// The move to send for `turn`, chosen for `ply`.
    pub fn play(ply: u32, turn: String) -> ClientMessage {
        ClientMessage::Move(MoveText {
            ply,
            turn,
            lag: None,
        })
    }
}

/// Seconds to think with `left_ms` on the clock and `increment_ms` a move:
/// a fortieth of the time left and most of the increment, between
/// [`LEAST_SECONDS`] and [`MOST_SECONDS`].
pub fn seconds_for(left_ms: u64, increment_ms: u64) -> f64 {
    let budget = left_ms as f64 / 40_000.0 + increment_ms as f64 * 0.0007;
    budget.clamp(LEAST_SECONDS, MOST_SECONDS)
}

#[cfg(test)]
mod tests;
