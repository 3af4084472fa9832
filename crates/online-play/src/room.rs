//! A live game on the server: what each participant may do, checked against
//! the engine, and the numbered events that record it.
//!
//! The server first asks [`Room::check`] what an action would cause, stores
//! those events, and only then applies them ([`Room::apply`]) and tells
//! everyone. Replaying the stored events with `apply` rebuilds the room
//! after a restart.

use crate::{
    ending_of, ClientMessage, Clock, ClockView, EndReason, ErrorCode, EventBody, GameResult,
    MoveText, Role, Snapshot, TimeControl,
};
use engine::{AnyGame, GameKind, Outcome, Side};

/// Plies a side must wait between two draw offers.
const OFFER_GAP: usize = 20;

/// How long White has for the first move of a game with clocks, once both
/// seats are taken, before the game is called off.
pub const FIRST_MOVE_MS: u64 = 30_000;

/// What the room cannot know by itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    /// The actor's opponent has been away long enough to claim the game.
    pub opponent_gone: bool,
    /// The server's time (ms since the Unix epoch) as the action arrived.
    pub now: u64,
    /// The game is rated: ended before both sides have moved, it is called
    /// off instead of won, lost or drawn ([`Room::ends_as_abort`]).
    pub rated: bool,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Room {
    pub game: AnyGame,
    /// The number of events so far (the last event's `v`).
    pub v: u64,
    /// Which seats have been taken.
    pub seated: [bool; 2],
    /// The result once the game is over, and why.
    pub result: Option<(GameResult, EndReason)>,
    /// A pending draw offer's side.
    pub draw_offer: Option<Side>,
    /// The ply of each side's last draw offer.
    last_offer: [Option<usize>; 2],
    /// Whether spectators may suggest moves.
    pub suggestions: bool,
    /// The clocks, in a game with clocks.
    pub clock: Option<Clock>,
    /// When the clocks were last set (both seats taken, or a move).
    clock_at: Option<u64>,
    /// How a rated game changed the players' ratings (White's, Black's).
    pub rated: Option<[crate::RatingChange; 2]>,
    /// After the game: the side whose rematch offer waits for an answer,
    /// and the rematch once accepted.
    pub rematch_offer: Option<Side>,
    pub rematch: Option<String>,
    /// The tournament the game is one of.
    pub tournament: Option<String>,
    /// Which sides went berserk.
    pub berserk: [bool; 2],
}

/// The side a role plays, if it plays one.
pub fn side_of(role: Role) -> Option<Side> {
    match role {
        Role::White => Some(Side::White),
        Role::Black => Some(Side::Black),
        Role::Spectator => None,
    }
}

fn role_of(side: Side) -> Role {
    match side {
        Side::White => Role::White,
        Side::Black => Role::Black,
    }
}

fn ended(outcome: Outcome) -> EventBody {
    let (result, reason) = ending_of(outcome);
    EventBody::Ended { result, reason }
}

impl Room {
    /// A new game from a record line without moves (`classic`,
    /// `turkish option queen_lands=any`).
    pub fn new(header: &str, suggestions: bool) -> Result<Room, String> {
        let game = AnyGame::from_record_line(header).map_err(|e| e.to_string())?;
        if game.ply() > 0 {
            return Err("a new game has no moves".to_string());
        }
        Ok(Room {
            game,
            v: 0,
            seated: [false; 2],
            result: None,
            draw_offer: None,
            last_offer: [None; 2],
            suggestions,
            clock: None,
            clock_at: None,
            rated: None,
            rematch_offer: None,
            rematch: None,
            tournament: None,
            berserk: [false; 2],
        })
    }

    /// The same game with clocks.
    pub fn timed(mut self, control: TimeControl) -> Room {
        self.clock = Some(Clock::new(control));
        self
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The events `message` from `role` would cause, or why it is refused.
    pub fn check(
        &self,
        role: Role,
        message: &ClientMessage,
        context: Context,
    ) -> Result<Vec<EventBody>, ErrorCode> {
        use ClientMessage as C;
        if matches!(
            message,
            C::Hello { .. } | C::Ping | C::Chat { .. } | C::Phrase { .. } | C::Mute { .. }
        ) {
            return Ok(Vec::new());
        }
        if let C::Suggest(mv) = message {
            return self.check_suggestion(role, mv).map(|_| Vec::new());
        }
        let Some(me) = side_of(role) else {
            return Err(ErrorCode::Spectator);
        };
        if matches!(
            message,
            C::OfferRematch | C::AcceptRematch | C::DeclineRematch
        ) {
            return self.check_rematch(me, message);
        }
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        let ply = self.game.ply();
        match message {
            C::Move(mv) => self.check_move(me, mv, context.now),
            C::OfferDraw => {
                let too_soon = self.last_offer[me.index()].is_some_and(|p| ply < p + OFFER_GAP);
                if ply < 2 || too_soon || self.draw_offer.is_some() {
                    return Err(ErrorCode::NotNow);
                }
                Ok(vec![EventBody::DrawOffered { by: role }])
            }
            C::AcceptDraw => match self.draw_offer {
                Some(by) if by != me => Ok(vec![EventBody::Ended {
                    result: GameResult::Draw,
                    reason: EndReason::Agreement,
                }]),
                _ => Err(ErrorCode::NotNow),
            },
            C::DeclineDraw => match self.draw_offer {
                Some(by) if by != me => Ok(vec![EventBody::DrawDeclined { by: role }]),
                _ => Err(ErrorCode::NotNow),
            },
            // A tournament game is won or lost from the start: called off,
            // it would count against whoever was to move.
            C::Resign if self.ends_as_abort(context.rated) && self.tournament.is_none() => {
                Ok(vec![aborted()])
            }
            C::Resign => Ok(vec![EventBody::Ended {
                result: GameResult::win_for(me.other()),
                reason: EndReason::Resignation,
            }]),
            C::Berserk => self.check_berserk(me, context.now),
            C::Abort => {
                if ply >= 2 || self.tournament.is_some() {
                    return Err(ErrorCode::NotNow);
                }
                Ok(vec![EventBody::Ended {
                    result: GameResult::NoResult,
                    reason: EndReason::Aborted,
                }])
            }
            C::Claim { draw } => {
                if !context.opponent_gone {
                    return Err(ErrorCode::NotNow);
                }
                if self.ends_as_abort(context.rated) {
                    return Ok(vec![aborted()]);
                }
                let result = if *draw {
                    GameResult::Draw
                } else {
                    GameResult::win_for(me)
                };
                Ok(vec![EventBody::Ended {
                    result,
                    reason: EndReason::OpponentLeft,
                }])
            }
            C::Hello { .. }
            | C::Ping
            | C::Suggest(_)
            | C::Chat { .. }
            | C::Phrase { .. }
            | C::Mute { .. }
            | C::OfferRematch
            | C::AcceptRematch
            | C::DeclineRematch => Ok(Vec::new()),
        }
    }

    /// A rematch offer, answer or refusal, once the game is over. Accepting
    /// makes no event here: the server starts the new game and then says
    /// so with [`EventBody::Rematched`] ([`Room::accepts_rematch`]).
    fn check_rematch(
        &self,
        me: Side,
        message: &ClientMessage,
    ) -> Result<Vec<EventBody>, ErrorCode> {
        let finished = matches!(
            self.result,
            Some((_, reason)) if reason != EndReason::NobodyJoined
        );
        if !finished || self.rematch.is_some() {
            return Err(ErrorCode::NotNow);
        }
        let theirs = self.rematch_offer.is_some_and(|by| by != me);
        match message {
            ClientMessage::OfferRematch if self.rematch_offer.is_none() => {
                Ok(vec![EventBody::RematchOffered { by: role_of(me) }])
            }
            ClientMessage::DeclineRematch if theirs => {
                Ok(vec![EventBody::RematchDeclined { by: role_of(me) }])
            }
            _ => Err(ErrorCode::NotNow),
        }
    }

    /// Whether `role` accepting a rematch (or offering one when the
    /// opponent already has) starts it now.
    pub fn accepts_rematch(&self, role: Role, message: &ClientMessage) -> bool {
        let Some(me) = side_of(role) else {
            return false;
        };
        let theirs = self.rematch_offer.is_some_and(|by| by != me);
        self.is_over()
            && self.rematch.is_none()
            && theirs
            && matches!(
                message,
                ClientMessage::AcceptRematch | ClientMessage::OfferRematch
            )
    }

    /// Going berserk: in a tournament game with clocks, once, before
    /// one's first move; the time one has left at `now` is halved.
    fn check_berserk(&self, me: Side, now: u64) -> Result<Vec<EventBody>, ErrorCode> {
        let ply = self.game.ply();
        let before_first = ply == 0 || (ply == 1 && me == Side::Black);
        let Some(clock) = self.clock.as_ref().filter(|c| !c.control.per_move()) else {
            return Err(ErrorCode::NotNow);
        };
        if self.tournament.is_none() || self.berserk[me.index()] || !before_first {
            return Err(ErrorCode::NotNow);
        }
        let mut left = clock.remaining_at(now);
        left[me.index()] /= 2;
        Ok(vec![
            EventBody::Berserked { by: role_of(me) },
            EventBody::Clock { at: now, left },
        ])
    }

    fn check_move(&self, me: Side, mv: &MoveText, now: u64) -> Result<Vec<EventBody>, ErrorCode> {
        if !self.seated.iter().all(|&s| s) {
            return Err(ErrorCode::NotNow);
        }
        // A move for another ply first: a repeat of a stored move is stale,
        // whoever is on move now.
        if usize::try_from(mv.ply).ok() != Some(self.game.ply()) {
            return Err(ErrorCode::StalePly);
        }
        if self.game.side_to_move() != me {
            return Err(ErrorCode::NotYourTurn);
        }
        let turn = self
            .game
            .parse(&mv.turn)
            .map_err(|_| ErrorCode::IllegalMove)?;
        let mut after = self.game.clone();
        after.play(turn).map_err(|_| ErrorCode::IllegalMove)?;
        let mut clock = self.clock.clone();
        if let Some(clock) = &mut clock {
            let lag = u64::from(mv.lag.unwrap_or(0));
            if clock.moved(me, now, lag).is_err() {
                // Too late: the flag fell before the move came.
                return Ok(vec![self.out_of_time(me)]);
            }
        }
        let mut events = Vec::new();
        if self.draw_offer.is_some_and(|by| by != me) {
            // Moving declines the opponent's offer.
            events.push(EventBody::DrawDeclined { by: role_of(me) });
        }
        events.push(EventBody::Moved {
            ply: mv.ply,
            turn: self.game.turn_coordinates(turn),
        });
        if let Some(clock) = clock {
            events.push(EventBody::Clock {
                at: now,
                left: clock.remaining(),
            });
        }
        if let Some(outcome) = after.outcome() {
            events.push(ended(outcome));
        }
        Ok(events)
    }

    /// Whether a spectator's suggestion may be counted.
    pub fn check_suggestion(&self, role: Role, mv: &MoveText) -> Result<String, ErrorCode> {
        if role != Role::Spectator {
            return Err(ErrorCode::NotNow);
        }
        if !self.suggestions {
            return Err(ErrorCode::SuggestionsOff);
        }
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        if usize::try_from(mv.ply).ok() != Some(self.game.ply()) {
            return Err(ErrorCode::StalePly);
        }
        let turn = self
            .game
            .parse(&mv.turn)
            .map_err(|_| ErrorCode::IllegalMove)?;
        Ok(self.game.turn_coordinates(turn))
    }

    /// Applies an event that [`Room::check`] produced (or that was stored),
    /// numbering it. An event that does not fit is refused and changes
    /// nothing.
    pub fn apply(&mut self, body: &EventBody) -> Result<(), String> {
        match body {
            EventBody::Joined { side } => {
                let side = side_of(*side).ok_or("a spectator takes no seat")?;
                self.seated[side.index()] = true;
            }
            EventBody::Moved { ply, turn } => {
                if usize::try_from(*ply).ok() != Some(self.game.ply()) {
                    return Err(format!("move for ply {ply} at ply {}", self.game.ply()));
                }
                let parsed = self.game.parse(turn).map_err(|e| e.to_string())?;
                self.game.play(parsed).map_err(|e| e.to_string())?;
                self.draw_offer = None;
            }
            EventBody::DrawOffered { by } => {
                let side = side_of(*by).ok_or("a spectator offers nothing")?;
                self.draw_offer = Some(side);
                self.last_offer[side.index()] = Some(self.game.ply());
            }
            EventBody::DrawDeclined { .. } => self.draw_offer = None,
            EventBody::Clock { at, left } => {
                let started = self.game.ply() > 0 && !self.is_over();
                let side = self.game.side_to_move();
                let clock = self.clock.as_mut().ok_or("clocks in a game without them")?;
                clock.set(*left, started.then_some((side, *at)));
                self.clock_at = Some(*at);
            }
            EventBody::RematchOffered { by } => {
                let side = side_of(*by).ok_or("a spectator offers nothing")?;
                if !self.is_over() {
                    return Err("a rematch comes after the game".to_string());
                }
                self.rematch_offer = Some(side);
            }
            EventBody::RematchDeclined { .. } => self.rematch_offer = None,
            EventBody::Rematched { game } => {
                self.rematch_offer = None;
                self.rematch = Some(game.clone());
            }
            EventBody::Tournament { id } => self.tournament = Some(id.clone()),
            EventBody::Berserked { by } => {
                let side = side_of(*by).ok_or("a spectator has no clock")?;
                self.berserk[side.index()] = true;
            }
            EventBody::Rated { white, black } => {
                if !self.is_over() {
                    return Err("ratings change only once the game is over".to_string());
                }
                self.rated = Some([*white, *black]);
            }
            EventBody::Ended { result, reason } => {
                self.result = Some((*result, *reason));
                self.draw_offer = None;
                if let Some(clock) = &mut self.clock {
                    let mut left = clock.remaining();
                    if matches!(reason, EndReason::OutOfTime | EndReason::OutOfTimeCannotWin) {
                        left[self.game.side_to_move().index()] = 0;
                    }
                    clock.set(left, None);
                }
            }
        }
        self.v += 1;
        Ok(())
    }

    /// The game as a record line, for snapshots.
    pub fn record(&self) -> String {
        self.game.to_record_line()
    }

    /// The whole state, for a client too far behind to be sent the events,
    /// its clocks as they stand at `now`.
    pub fn snapshot_at(&self, now: u64) -> Snapshot {
        let mut snapshot = self.snapshot();
        if let (Some(view), Some(clock)) = (&mut snapshot.clock, &self.clock) {
            if clock.running().is_some() {
                view.left = clock.remaining_at(now);
                view.at = now;
            }
        }
        snapshot
    }

    /// The whole state, its clocks as they were last set.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            v: self.v,
            record: self.record(),
            result: self.result.map(|r| r.0),
            reason: self.result.map(|r| r.1),
            draw_offer: self.draw_offer.map(role_of),
            seated: self.seated,
            suggestions: self.suggestions,
            clock: self.clock.as_ref().map(|clock| ClockView {
                control: clock.control,
                left: clock.remaining(),
                running: clock.running().map(role_of),
                at: self.clock_at.unwrap_or(0),
            }),
            rated: self.rated,
            rematch_offer: self.rematch_offer.map(role_of),
            rematch: self.rematch.clone(),
            tournament: self.tournament.clone(),
            berserk: self.berserk,
        }
    }

    /// The room a snapshot describes (how a client starts or resyncs). The
    /// ply of each side's last draw offer is not part of it: the server
    /// still refuses an offer that comes too soon.
    pub fn from_snapshot(snapshot: &Snapshot) -> Result<Room, String> {
        let game = AnyGame::from_record_line(&snapshot.record).map_err(|e| e.to_string())?;
        let result = match (snapshot.result, snapshot.reason) {
            (Some(result), Some(reason)) => Some((result, reason)),
            (None, None) => None,
            _ => return Err("a result comes with its reason".to_string()),
        };
        let clock = snapshot.clock.as_ref().map(|view| {
            let mut clock = Clock::new(view.control);
            let running = view.running.and_then(side_of).map(|side| (side, view.at));
            clock.set(view.left, running);
            clock
        });
        Ok(Room {
            game,
            v: snapshot.v,
            seated: snapshot.seated,
            result,
            draw_offer: snapshot.draw_offer.and_then(side_of),
            last_offer: [None; 2],
            suggestions: snapshot.suggestions,
            clock_at: snapshot.clock.as_ref().map(|view| view.at),
            clock,
            rated: snapshot.rated,
            rematch_offer: snapshot.rematch_offer.and_then(side_of),
            rematch: snapshot.rematch.clone(),
            tournament: snapshot.tournament.clone(),
            berserk: snapshot.berserk,
        })
    }

    /// The events of `side` taking its seat at `now`: in a game with
    /// clocks, the clocks are set once both seats are taken (and White's
    /// time for the first move starts).
    pub fn joined(&self, side: Side, now: u64) -> Vec<EventBody> {
        let mut events = vec![EventBody::Joined {
            side: role_of(side),
        }];
        let other_seated = self.seated[side.other().index()];
        if let (Some(clock), true) = (&self.clock, other_seated) {
            events.push(EventBody::Clock {
                at: now,
                left: [clock.control.base_ms(); 2],
            });
        }
        events
    }

    /// When the server should next look at the clocks ([`Room::check_time`]):
    /// the end of White's time for the first move, or the running side's
    /// deadline with the lag a late move could still be given back.
    pub fn due(&self) -> Option<u64> {
        let clock = self.clock.as_ref()?;
        if self.is_over() {
            return None;
        }
        if self.game.ply() == 0 {
            // A correspondence game gives the first move its days too.
            let window = if clock.control.per_move() {
                clock.control.base_ms()
            } else {
                FIRST_MOVE_MS
            };
            return self.clock_at.map(|at| at + window);
        }
        clock
            .deadline()
            .map(|(_, at)| at + crate::clock::LAG_CAP_MS)
    }

    /// Whether a rated game ending now is called off instead: neither a
    /// resignation, a claim nor a flag before both sides have moved rates
    /// anything, so two accounts cannot trade rating in seconds.
    pub fn ends_as_abort(&self, rated: bool) -> bool {
        rated && self.game.ply() < 2
    }

    /// What the clocks decide at `now`: a first move not made in time
    /// calls the game off (in a rated game, the first move of either
    /// side); a side out of time loses (or draws, when the other could
    /// not win). Nothing before [`Room::due`].
    pub fn check_time(&self, now: u64, rated: bool) -> Vec<EventBody> {
        match self.due() {
            Some(due) if now >= due => {}
            _ => return Vec::new(),
        }
        if self.game.ply() == 0 || self.ends_as_abort(rated) {
            return vec![aborted()];
        }
        vec![self.out_of_time(self.game.side_to_move())]
    }

    /// The end of a game whose `loser` ran out of time: a loss, unless the
    /// opponent could not win by any sequence of moves. That is only a bare
    /// king in Chesquerque; in the Alquerque games and Turkish draughts the
    /// opponent has a piece while the game goes on, and any piece can still
    /// win if the other side blunders.
    fn out_of_time(&self, loser: Side) -> EventBody {
        let winner = loser.other();
        let bare_king =
            self.game.kind() == GameKind::Chesquerque && self.game.piece_count(winner) == 1;
        if bare_king {
            EventBody::Ended {
                result: GameResult::Draw,
                reason: EndReason::OutOfTimeCannotWin,
            }
        } else {
            EventBody::Ended {
                result: GameResult::win_for(winner),
                reason: EndReason::OutOfTime,
            }
        }
    }
}

/// The end of a game called off.
fn aborted() -> EventBody {
    EventBody::Ended {
        result: GameResult::NoResult,
        reason: EndReason::Aborted,
    }
}

#[cfg(test)]
mod tests;
