//! A live game on the server: what each participant may do, checked against
//! the engine, and the numbered events that record it.
//!
//! The server first asks [`Room::check`] what an action would cause, stores
//! those events, and only then applies them ([`Room::apply`]) and tells
//! everyone. Replaying the stored events with `apply` rebuilds the room
//! after a restart.

use crate::{
    ending_of, ClientMessage, EndReason, ErrorCode, EventBody, GameResult, MoveText, Role, Snapshot,
};
use engine::{AnyGame, Outcome, Side};

/// Plies a side must wait between two draw offers.
const OFFER_GAP: usize = 20;

/// What the room cannot know by itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    /// The actor's opponent has been away long enough to claim the game.
    pub opponent_gone: bool,
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
        })
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
        if matches!(message, C::Hello { .. } | C::Ping) {
            return Ok(Vec::new());
        }
        if let C::Suggest(mv) = message {
            return self.check_suggestion(role, mv).map(|_| Vec::new());
        }
        let Some(me) = side_of(role) else {
            return Err(ErrorCode::Spectator);
        };
        if self.is_over() {
            return Err(ErrorCode::GameOver);
        }
        let ply = self.game.ply();
        match message {
            C::Move(mv) => self.check_move(me, mv),
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
            C::Resign => Ok(vec![EventBody::Ended {
                result: GameResult::win_for(me.other()),
                reason: EndReason::Resignation,
            }]),
            C::Abort => {
                if ply >= 2 {
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
            C::Hello { .. } | C::Ping | C::Suggest(_) => Ok(Vec::new()),
        }
    }

    fn check_move(&self, me: Side, mv: &MoveText) -> Result<Vec<EventBody>, ErrorCode> {
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
        let mut events = Vec::new();
        if self.draw_offer.is_some_and(|by| by != me) {
            // Moving declines the opponent's offer.
            events.push(EventBody::DrawDeclined { by: role_of(me) });
        }
        events.push(EventBody::Moved {
            ply: mv.ply,
            turn: self.game.turn_coordinates(turn),
        });
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
            EventBody::Ended { result, reason } => {
                self.result = Some((*result, *reason));
                self.draw_offer = None;
            }
        }
        self.v += 1;
        Ok(())
    }

    /// The game as a record line, for snapshots.
    pub fn record(&self) -> String {
        self.game.to_record_line()
    }

    /// The whole state, for a client too far behind to be sent the events.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            v: self.v,
            record: self.record(),
            result: self.result.map(|r| r.0),
            reason: self.result.map(|r| r.1),
            draw_offer: self.draw_offer.map(role_of),
            seated: self.seated,
            suggestions: self.suggestions,
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
        Ok(Room {
            game,
            v: snapshot.v,
            seated: snapshot.seated,
            result,
            draw_offer: snapshot.draw_offer.and_then(side_of),
            last_offer: [None; 2],
            suggestions: snapshot.suggestions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(ply: u32, turn: &str) -> ClientMessage {
        ClientMessage::Move(MoveText {
            ply,
            turn: turn.to_string(),
        })
    }

    fn seated(header: &str) -> Room {
        let mut room = Room::new(header, true).expect("a game");
        room.apply(&EventBody::Joined { side: Role::White })
            .expect("joins");
        room.apply(&EventBody::Joined { side: Role::Black })
            .expect("joins");
        room
    }

    /// Checks and applies, as the server does.
    fn act(room: &mut Room, role: Role, message: ClientMessage) -> Result<(), ErrorCode> {
        let events = room.check(role, &message, Context::default())?;
        for e in &events {
            room.apply(e).expect("a checked event applies");
        }
        Ok(())
    }

    #[test]
    fn a_snapshot_rebuilds_the_room() {
        let mut room = seated("chesquerque");
        act(&mut room, Role::White, mv(0, "e2e4")).expect("a move");
        act(&mut room, Role::Black, mv(1, "e8e6")).expect("a move");
        act(&mut room, Role::White, ClientMessage::OfferDraw).expect("an offer");
        let copy = Room::from_snapshot(&room.snapshot()).expect("a room");
        assert_eq!(copy.record(), room.record());
        assert_eq!((copy.v, copy.seated), (room.v, room.seated));
        assert_eq!(copy.draw_offer, Some(Side::White));
        assert!(copy.suggestions);
        act(&mut room, Role::Black, ClientMessage::Resign).expect("resigns");
        let copy = Room::from_snapshot(&room.snapshot()).expect("a room");
        assert_eq!(
            copy.result,
            Some((GameResult::WhiteWins, EndReason::Resignation))
        );
        let mut broken = room.snapshot();
        broken.record = "chesquerque moves e2e5".to_string();
        assert!(Room::from_snapshot(&broken).is_err());
    }

    #[test]
    fn moves_are_refereed() {
        let mut room = Room::new("classic", false).expect("a game");
        room.apply(&EventBody::Joined { side: Role::White })
            .expect("joins");
        assert_eq!(
            act(&mut room, Role::White, mv(0, "c2-c3")),
            Err(ErrorCode::NotNow)
        );
        room.apply(&EventBody::Joined { side: Role::Black })
            .expect("joins");
        assert_eq!(
            act(&mut room, Role::Black, mv(0, "c4-c3")),
            Err(ErrorCode::NotYourTurn)
        );
        assert_eq!(
            act(&mut room, Role::Spectator, mv(0, "c2-c3")),
            Err(ErrorCode::Spectator)
        );
        assert_eq!(
            act(&mut room, Role::White, mv(1, "c2-c3")),
            Err(ErrorCode::StalePly)
        );
        assert_eq!(
            act(&mut room, Role::White, mv(0, "c2-c4")),
            Err(ErrorCode::IllegalMove)
        );
        assert_eq!(
            act(&mut room, Role::White, mv(0, "zz")),
            Err(ErrorCode::IllegalMove)
        );
        assert_eq!(act(&mut room, Role::White, mv(0, "c2-c3")), Ok(()));
        assert_eq!(room.game.ply(), 1);
        // The same move again is stale, not applied twice.
        assert_eq!(
            act(&mut room, Role::White, mv(0, "c2-c3")),
            Err(ErrorCode::StalePly)
        );
        assert_eq!(
            act(&mut room, Role::White, mv(1, "c3-c4")),
            Err(ErrorCode::NotYourTurn)
        );
        assert_eq!(
            act(&mut room, Role::Black, mv(0, "c4xc2")),
            Err(ErrorCode::StalePly)
        );
        assert_eq!(room.v, 3);
    }

    #[test]
    fn draw_offers_follow_the_rules() {
        let mut room = seated("qirkat");
        assert_eq!(
            act(&mut room, Role::White, ClientMessage::OfferDraw),
            Err(ErrorCode::NotNow)
        );
        let first = room.game.entries()[0].turn;
        let text = room.game.turn_coordinates(first);
        act(&mut room, Role::White, mv(0, &text)).expect("a move");
        let reply = room.game.turn_coordinates(room.game.entries()[0].turn);
        act(&mut room, Role::Black, mv(1, &reply)).expect("a move");
        act(&mut room, Role::White, ClientMessage::OfferDraw).expect("an offer from ply 2");
        assert_eq!(
            act(&mut room, Role::White, ClientMessage::AcceptDraw),
            Err(ErrorCode::NotNow),
            "nobody accepts their own offer"
        );
        act(&mut room, Role::Black, ClientMessage::DeclineDraw).expect("declined");
        assert_eq!(
            act(&mut room, Role::White, ClientMessage::OfferDraw),
            Err(ErrorCode::NotNow),
            "not again within 20 plies"
        );
        act(&mut room, Role::Black, ClientMessage::OfferDraw).expect("Black may offer");
        act(&mut room, Role::White, ClientMessage::AcceptDraw).expect("accepted");
        assert_eq!(room.result, Some((GameResult::Draw, EndReason::Agreement)));
        assert_eq!(
            act(&mut room, Role::White, ClientMessage::Resign),
            Err(ErrorCode::GameOver)
        );
    }

    #[test]
    fn moving_declines_the_opponents_offer() {
        let mut room = seated("bell");
        for ply in 0..2 {
            let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
            let role = if ply == 0 { Role::White } else { Role::Black };
            act(&mut room, role, mv(ply, &turn)).expect("a move");
        }
        act(&mut room, Role::Black, ClientMessage::OfferDraw).expect("an offer");
        let turn = room.game.turn_coordinates(room.game.entries()[0].turn);
        let events = room
            .check(Role::White, &mv(2, &turn), Context::default())
            .expect("a move");
        assert_eq!(events[0], EventBody::DrawDeclined { by: Role::White });
    }

    #[test]
    fn resign_abort_and_claim() {
        let mut room = seated("turkish");
        assert_eq!(
            act(&mut room, Role::White, ClientMessage::Claim { draw: false }),
            Err(ErrorCode::NotNow)
        );
        let events = room
            .check(
                Role::White,
                &ClientMessage::Claim { draw: false },
                Context {
                    opponent_gone: true,
                },
            )
            .expect("a claim");
        assert_eq!(
            events,
            vec![EventBody::Ended {
                result: GameResult::WhiteWins,
                reason: EndReason::OpponentLeft,
            }]
        );
        act(&mut room, Role::Black, ClientMessage::Abort).expect("aborted before moves");
        assert_eq!(
            room.result,
            Some((GameResult::NoResult, EndReason::Aborted))
        );
        let mut room = seated("chesquerque");
        act(&mut room, Role::White, mv(0, "e2e4")).expect("a move");
        act(&mut room, Role::Black, mv(1, "e8e6")).expect("a move");
        assert_eq!(
            act(&mut room, Role::White, ClientMessage::Abort),
            Err(ErrorCode::NotNow)
        );
        act(&mut room, Role::Black, ClientMessage::Resign).expect("resigned");
        assert_eq!(
            room.result,
            Some((GameResult::WhiteWins, EndReason::Resignation))
        );
    }

    #[test]
    fn suggestions_are_for_spectators_and_legal_moves() {
        let room = seated("classic");
        let s = |ply, turn: &str| MoveText {
            ply,
            turn: turn.to_string(),
        };
        assert_eq!(
            room.check_suggestion(Role::Spectator, &s(0, "c2-c3")),
            Ok("c2-c3".to_string())
        );
        assert_eq!(
            room.check_suggestion(Role::White, &s(0, "c2-c3")),
            Err(ErrorCode::NotNow)
        );
        assert_eq!(
            room.check_suggestion(Role::Spectator, &s(1, "c2-c3")),
            Err(ErrorCode::StalePly)
        );
        assert_eq!(
            room.check_suggestion(Role::Spectator, &s(0, "a1-a5")),
            Err(ErrorCode::IllegalMove)
        );
        let closed = Room::new("classic", false).expect("a game");
        assert_eq!(
            closed.check_suggestion(Role::Spectator, &s(0, "c2-c3")),
            Err(ErrorCode::SuggestionsOff)
        );
    }

    #[test]
    fn the_end_of_the_game_is_an_event() {
        // Random legal moves until the rules end the game: the last move's
        // events end with the result.
        let mut room = seated("special");
        let mut seed = 7u64;
        while !room.is_over() && room.game.ply() < 400 {
            let entries = room.game.entries();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let turn = entries[(seed % entries.len() as u64) as usize].turn;
            let text = room.game.turn_coordinates(turn);
            let role = role_of(room.game.side_to_move());
            let ply = room.game.ply() as u32;
            act(&mut room, role, mv(ply, &text)).expect("a legal move");
        }
        let outcome = room.game.outcome().expect("the rules ended the game");
        assert_eq!(room.result, Some(ending_of(outcome)));
    }
}
