//! The client side of online play, as plain state: the seat, the game as the
//! server last said (a [`Room`] fed the same events the server applied), the
//! player's move that the server has not acknowledged yet, and who is here.
//! The page glue owns the socket and forwards what arrives; everything it
//! shows comes from here, so a reconnect simply renders what the server says.

use engine::{AnyGame, AnyTurn, Side};
use protocol::{
    side_of, ClientMessage, EndReason, ErrorCode, EventBody, GameResult, MoveText, Presence, Role,
    Room, ServerMessage, Suggestion,
};
use serde::{Deserialize, Serialize};

/// What the page keeps in storage to find its seat again after a reload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The game id (empty while joining by code alone).
    pub game: String,
    /// The seat token: the creator's from the server; a friend joining by
    /// code makes one up and sends it with the code until welcomed.
    #[serde(default)]
    pub token: Option<String>,
    /// The join code: to join with (until welcomed), or (the creator) to
    /// show the friend.
    #[serde(default)]
    pub code: Option<String>,
    /// Whether this browser created the game (and so shows the code).
    #[serde(default)]
    pub creator: bool,
}

impl Seat {
    /// The seat a friend's join code will claim.
    pub fn joining(code: String) -> Seat {
        Seat {
            game: String::new(),
            token: None,
            code: Some(code),
            creator: false,
        }
    }

    /// A spectator's place in game `game`.
    pub fn watching(game: String) -> Seat {
        Seat {
            game,
            token: None,
            code: None,
            creator: false,
        }
    }

    /// Gives a friend joining by code a seat token of their own, made from
    /// `random` (128 bits), unless they have one: the token goes with the
    /// code on every connection until the server welcomes it, so a join
    /// whose answer was lost is repeated and gets the same seat.
    pub fn with_joiner_token(mut self, random: [u32; 4]) -> Seat {
        if self.joins_by_code() && self.token.is_none() {
            self.token = Some(random.iter().map(|w| format!("{w:08x}")).collect());
        }
        self
    }

    /// Whether this seat is still to be claimed with its join code.
    pub fn joins_by_code(&self) -> bool {
        !self.creator && self.code.is_some()
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_text(text: &str) -> Option<Seat> {
        serde_json::from_str(text).ok()
    }
}

/// The state of the socket, as the player should know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Open,
    Reconnecting,
}

/// What a server message changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    Nothing,
    /// The game, the seat or the people present changed: redraw.
    Changed,
    /// A gap in the events: connect again with the last event seen.
    Resync,
    /// The server refused something: say so (the game is redrawn as the
    /// server has it).
    Refused(String),
    /// The seat cannot be had (wrong token, spent code, unknown game).
    Lost(String),
}

/// One online game as this browser takes part in it.
#[derive(Clone, Debug)]
pub struct Online {
    pub seat: Seat,
    pub role: Option<Role>,
    pub room: Option<Room>,
    /// The player's move sent and not yet acknowledged.
    pub pending: Option<MoveText>,
    pub presence: Presence,
    /// Seconds until the opponent's absence lets this player claim, as the
    /// server last said (the page counts down from it).
    pub opponent_gone: Option<u32>,
    pub suggestions: Vec<Suggestion>,
    pub link: Link,
}

impl Online {
    pub fn new(seat: Seat) -> Online {
        Online {
            seat,
            role: None,
            room: None,
            pending: None,
            presence: Presence {
                white: false,
                black: false,
                watchers: 0,
            },
            opponent_gone: None,
            suggestions: Vec::new(),
            link: Link::Connecting,
        }
    }

    /// The side this browser plays, if it plays.
    pub fn side(&self) -> Option<Side> {
        self.role.and_then(side_of)
    }

    /// The first message on every connection: the seat (with the join code
    /// until the friend is welcomed) and the last event seen, so the server
    /// sends exactly what is missing.
    pub fn hello(&self) -> ClientMessage {
        ClientMessage::Hello {
            game: self.seat.game.clone(),
            token: self.seat.token.clone(),
            code: if self.seat.joins_by_code() {
                self.seat.code.clone()
            } else {
                None
            },
            last_v: self.room.as_ref().map(|r| r.v),
        }
    }

    /// Whether both seats are taken.
    pub fn started(&self) -> bool {
        self.room
            .as_ref()
            .is_some_and(|r| r.seated.iter().all(|&s| s))
    }

    pub fn is_over(&self) -> bool {
        self.room.as_ref().is_some_and(Room::is_over)
    }

    /// The game to show: the server's, with the pending move played.
    pub fn display_game(&self) -> Option<AnyGame> {
        let room = self.room.as_ref()?;
        let mut game = room.game.clone();
        if let Some(pending) = &self.pending {
            if let Ok(turn) = game.parse(&pending.turn) {
                let _ = game.play(turn);
            }
        }
        Some(game)
    }

    /// The player's turn, to send; `None` when it is not theirs to play
    /// (then nothing changes).
    pub fn play(&mut self, turn: AnyTurn) -> Option<ClientMessage> {
        let room = self.room.as_ref()?;
        let me = self.side()?;
        if self.pending.is_some()
            || room.is_over()
            || !self.started()
            || room.game.side_to_move() != me
        {
            return None;
        }
        let mut after = room.game.clone();
        after.play(turn).ok()?;
        let mv = MoveText {
            ply: room.game.ply() as u32,
            turn: room.game.turn_coordinates(turn),
        };
        self.pending = Some(mv.clone());
        Some(ClientMessage::Move(mv))
    }

    /// The move not yet acknowledged, to send again after a reconnect (its
    /// ply keeps it from being applied twice).
    pub fn resend(&self) -> Option<ClientMessage> {
        self.pending.clone().map(ClientMessage::Move)
    }

    /// A spectator's suggestion, when suggestions are on.
    pub fn suggest(&self, turn: AnyTurn) -> Option<ClientMessage> {
        let room = self.room.as_ref()?;
        if self.role != Some(Role::Spectator) || !room.suggestions || room.is_over() {
            return None;
        }
        Some(ClientMessage::Suggest(MoveText {
            ply: room.game.ply() as u32,
            turn: room.game.turn_coordinates(turn),
        }))
    }

    /// Takes in one message from the server.
    pub fn receive(&mut self, message: ServerMessage) -> Received {
        match message {
            ServerMessage::Welcome { game, role, token } => {
                self.seat.game = game;
                if token.is_some() {
                    self.seat.token = token;
                }
                if self.seat.joins_by_code() && role != Role::Spectator {
                    // The seat is ours: the code is spent.
                    self.seat.code = None;
                }
                self.role = Some(role);
                self.link = Link::Open;
                Received::Changed
            }
            ServerMessage::Snapshot(snapshot) => match Room::from_snapshot(&snapshot) {
                Ok(room) => {
                    self.room = Some(room);
                    self.settle_pending();
                    Received::Changed
                }
                Err(e) => {
                    Received::Refused(format!("The server sent a game that does not replay: {e}"))
                }
            },
            ServerMessage::Event(event) => {
                let Some(room) = self.room.as_mut() else {
                    return Received::Resync;
                };
                if event.v <= room.v {
                    // Seen already (a reconnect can repeat what arrived).
                    return Received::Nothing;
                }
                if event.v != room.v + 1 || room.apply(&event.body).is_err() {
                    return Received::Resync;
                }
                if matches!(event.body, EventBody::Moved { .. }) {
                    self.suggestions.clear();
                }
                self.settle_pending();
                Received::Changed
            }
            ServerMessage::Ack { ply } => {
                if self.pending.as_ref().is_some_and(|p| p.ply == ply) {
                    // The event that carries the move follows (or came first).
                    self.settle_pending();
                }
                Received::Changed
            }
            ServerMessage::Presence(presence) => {
                let opponent_here = match self.side() {
                    Some(Side::White) => presence.black,
                    Some(Side::Black) => presence.white,
                    None => true,
                };
                if opponent_here {
                    self.opponent_gone = None;
                }
                self.presence = presence;
                Received::Changed
            }
            ServerMessage::OpponentGone { seconds } => {
                self.opponent_gone = Some(seconds);
                Received::Changed
            }
            ServerMessage::Suggestions { ply, list } => {
                let current = self.room.as_ref().map(|r| r.game.ply() as u32);
                self.suggestions = if current == Some(ply) {
                    list
                } else {
                    Vec::new()
                };
                Received::Changed
            }
            ServerMessage::Error { code, message } => self.refused(code, &message),
            ServerMessage::Pong => Received::Nothing,
        }
    }

    /// Drops the pending move once the server's game has moved past it, or
    /// when it can no longer apply.
    fn settle_pending(&mut self) {
        let (Some(room), Some(pending)) = (&self.room, &self.pending) else {
            return;
        };
        let still_ours = self.side() == Some(room.game.side_to_move())
            && room.game.ply() as u32 == pending.ply
            && !room.is_over();
        if !still_ours {
            self.pending = None;
        }
    }

    fn refused(&mut self, code: ErrorCode, message: &str) -> Received {
        match code {
            ErrorCode::WrongToken | ErrorCode::BadCode | ErrorCode::UnknownGame => {
                let why = match code {
                    ErrorCode::WrongToken => "This browser no longer holds a seat in that game.",
                    ErrorCode::BadCode => {
                        "That code opens no game: it may be mistyped, used or expired."
                    }
                    _ => "That game does not exist.",
                };
                Received::Lost(why.to_string())
            }
            ErrorCode::StalePly | ErrorCode::IllegalMove | ErrorCode::NotYourTurn => {
                // The server's game is the truth: show it again.
                self.pending = None;
                Received::Refused("The server did not accept that move.".to_string())
            }
            ErrorCode::TooMany => Received::Lost(
                "Too many games from this address just now; try again in a minute.".to_string(),
            ),
            ErrorCode::Damaged => Received::Lost(
                "This game's record on the server is damaged, so it cannot go on.".to_string(),
            ),
            ErrorCode::Unavailable => {
                // Nothing was stored: a move sent is not played.
                self.pending = None;
                Received::Refused(
                    "The server could not store that just now; try again.".to_string(),
                )
            }
            _ => Received::Refused(format!("Refused: {message} ({code})")),
        }
    }

    /// The status line.
    pub fn status(&self) -> String {
        let Some(room) = &self.room else {
            return "Connecting…".to_string();
        };
        if let Some((result, reason)) = room.result {
            return result_text(result, reason, self.side());
        }
        if !self.started() {
            return "Waiting for the opponent…".to_string();
        }
        let mover = room.game.side_to_move();
        match self.side() {
            Some(me) if me == mover && self.pending.is_some() => "Sending your move…".to_string(),
            Some(me) if me == mover => "Your turn".to_string(),
            Some(_) => format!("Waiting for {}…", mover.name()),
            None => format!("{} to move", mover.name()),
        }
    }

    /// A line about the connection and who is here, empty when all is well.
    pub fn link_text(&self) -> String {
        match self.link {
            Link::Connecting => "Connecting…".to_string(),
            Link::Reconnecting => "Reconnecting…".to_string(),
            Link::Open => match self.opponent_gone {
                Some(0) => "Your opponent has left. You may claim the game.".to_string(),
                Some(s) => format!("Your opponent has left. You may claim the game in {s} s."),
                None => String::new(),
            },
        }
    }

    /// The side whose draw offer waits for this player's answer.
    pub fn offer_to_answer(&self) -> Option<Side> {
        let offer = self.room.as_ref()?.draw_offer?;
        (Some(offer) != self.side() && self.side().is_some()).then_some(offer)
    }
}

/// Why a game ended, in words: the engine's own for the rules' endings (as
/// a game on this device shows them), and online play's.
pub fn reason_text(result: GameResult, reason: EndReason) -> &'static str {
    if let Some(outcome) = reason.to_outcome(result) {
        return outcome.reason_text();
    }
    match reason {
        EndReason::OpponentLeft => "opponent left",
        EndReason::Aborted => "aborted",
        EndReason::NobodyJoined => "nobody joined",
        // A rules ending with a result that does not fit it.
        _ => "game over",
    }
}

/// A result as a player or spectator reads it.
pub fn result_text(result: GameResult, reason: EndReason, me: Option<Side>) -> String {
    let words = reason_text(result, reason);
    match (result, result.winner(), me) {
        (GameResult::NoResult, _, _) => format!("No result: {words}"),
        (_, None, _) => format!("Draw: {words}"),
        (_, Some(w), Some(me)) if w == me => format!("You win! ({words})"),
        (_, Some(_), Some(_)) => format!("You lose ({words})"),
        (_, Some(w), None) => format!("{} wins ({words})", w.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{Event, Snapshot};

    fn snapshot(v: u64, record: &str) -> ServerMessage {
        ServerMessage::Snapshot(Snapshot {
            v,
            record: record.to_string(),
            result: None,
            reason: None,
            draw_offer: None,
            seated: [true, true],
            suggestions: true,
        })
    }

    fn event(v: u64, body: EventBody) -> ServerMessage {
        ServerMessage::Event(Event { v, body })
    }

    fn moved(ply: u32, turn: &str) -> EventBody {
        EventBody::Moved {
            ply,
            turn: turn.to_string(),
        }
    }

    fn white() -> Online {
        let mut online = Online::new(Seat {
            game: "g1".into(),
            token: Some("t".into()),
            code: None,
            creator: true,
        });
        online.receive(ServerMessage::Welcome {
            game: "g1".into(),
            role: Role::White,
            token: None,
        });
        online.receive(snapshot(2, "classic"));
        online
    }

    fn first_turn(online: &Online) -> AnyTurn {
        online.display_game().expect("a game").entries()[0].turn
    }

    #[test]
    fn a_move_is_pending_until_the_server_has_it() {
        let mut online = white();
        assert_eq!(online.status(), "Your turn");
        let turn = first_turn(&online);
        let Some(ClientMessage::Move(sent)) = online.play(turn) else {
            panic!("a move to send");
        };
        assert_eq!(sent.ply, 0);
        assert_eq!(online.display_game().map(|g| g.ply()), Some(1));
        assert_eq!(online.status(), "Sending your move…");
        assert!(online.play(turn).is_none(), "one move at a time");
        // The connection drops before the ack: the hello says what was seen,
        // and the move goes again with the same ply.
        assert!(matches!(
            online.hello(),
            ClientMessage::Hello {
                last_v: Some(2),
                ..
            }
        ));
        assert_eq!(online.resend(), Some(ClientMessage::Move(sent.clone())));
        // The server had stored it: the event arrives, the move settles.
        assert_eq!(
            online.receive(event(3, moved(0, &sent.turn))),
            Received::Changed
        );
        assert_eq!(online.pending, None);
        assert_eq!(online.status(), "Waiting for Black…");
        // The same event again (a repeat after reconnecting) changes nothing.
        assert_eq!(
            online.receive(event(3, moved(0, &sent.turn))),
            Received::Nothing
        );
        assert_eq!(online.room.as_ref().map(|r| r.game.ply()), Some(1));
    }

    #[test]
    fn a_refused_move_goes_back() {
        let mut online = white();
        let turn = first_turn(&online);
        online.play(turn);
        let refused = online.receive(ServerMessage::Error {
            code: ErrorCode::StalePly,
            message: "refused".into(),
        });
        assert!(matches!(refused, Received::Refused(_)));
        assert_eq!(online.pending, None);
        assert_eq!(online.display_game().map(|g| g.ply()), Some(0));
    }

    #[test]
    fn a_gap_in_the_events_asks_for_a_resync() {
        let mut online = white();
        assert_eq!(
            online.receive(event(5, moved(0, "c2-c3"))),
            Received::Resync
        );
        assert_eq!(online.room.as_ref().map(|r| r.v), Some(2));
        // A snapshot puts everything right.
        let mut game = online.display_game().expect("a game");
        for _ in 0..2 {
            let turn = game.entries()[0].turn;
            game.play(turn).expect("a legal turn");
        }
        online.receive(snapshot(5, &game.to_record_line()));
        assert_eq!(online.display_game().map(|g| g.ply()), Some(2));
    }

    #[test]
    fn the_opponent_leaving_and_the_end() {
        let mut online = white();
        online.receive(ServerMessage::Presence(Presence {
            white: true,
            black: false,
            watchers: 2,
        }));
        online.receive(ServerMessage::OpponentGone { seconds: 42 });
        assert!(online.link_text().contains("in 42 s"));
        online.receive(ServerMessage::Presence(Presence {
            white: true,
            black: true,
            watchers: 2,
        }));
        assert_eq!(online.link_text(), "");
        online.receive(event(
            3,
            EventBody::Ended {
                result: GameResult::BlackWins,
                reason: EndReason::Resignation,
            },
        ));
        assert_eq!(online.status(), "You lose (resignation)");
        assert!(online.is_over());
        assert!(online.play(first_turn(&online)).is_none());
    }

    #[test]
    fn a_friend_joining_by_code_sends_its_own_token_until_welcomed() {
        let seat = Seat::joining("K7Q-4MZ".into()).with_joiner_token([1, 2, 3, 0xdead_beef]);
        let token = "000000010000000200000003deadbeef";
        assert_eq!(seat.token.as_deref(), Some(token));
        assert!(protocol::is_seat_token(token));
        // A stored seat keeps its token: a reload sends the same one.
        let again = Seat::from_text(&seat.to_text()).expect("a seat");
        assert_eq!(
            again.with_joiner_token([9; 4]).token.as_deref(),
            Some(token)
        );
        let mut online = Online::new(seat);
        let joining = ClientMessage::Hello {
            game: String::new(),
            token: Some(token.into()),
            code: Some("K7Q-4MZ".into()),
            last_v: None,
        };
        assert_eq!(online.hello(), joining);
        // The connection drops before the welcome: the same hello again.
        online.link = Link::Reconnecting;
        assert_eq!(online.hello(), joining);
        online.receive(ServerMessage::Welcome {
            game: "g9".into(),
            role: Role::Black,
            token: None,
        });
        assert_eq!(online.seat.game, "g9");
        assert_eq!(online.seat.token.as_deref(), Some(token));
        assert_eq!(online.seat.code, None);
        assert_eq!(
            online.hello(),
            ClientMessage::Hello {
                game: "g9".into(),
                token: Some(token.into()),
                code: None,
                last_v: None,
            }
        );
        let lost = online.receive(ServerMessage::Error {
            code: ErrorCode::WrongToken,
            message: "no".into(),
        });
        assert!(matches!(lost, Received::Lost(_)));
        assert_eq!(
            Seat::from_text(&online.seat.to_text()),
            Some(online.seat.clone())
        );
        assert_eq!(Seat::from_text("{broken"), None);
    }

    #[test]
    fn a_token_the_server_made_is_kept() {
        let mut online = Online::new(Seat::joining("K7Q-4MZ".into()));
        online.receive(ServerMessage::Welcome {
            game: "g9".into(),
            role: Role::White,
            token: Some("secret".into()),
        });
        assert_eq!(online.seat.token.as_deref(), Some("secret"));
        assert_eq!(online.seat.code, None);
        // The creator keeps the code to show and never sends it.
        let creator = Seat {
            game: "g9".into(),
            token: Some("t".into()),
            code: Some("K7Q-4MZ".into()),
            creator: true,
        };
        let creator = Online::new(creator.with_joiner_token([1; 4]));
        assert_eq!(creator.seat.token.as_deref(), Some("t"));
        assert!(matches!(
            creator.hello(),
            ClientMessage::Hello { code: None, .. }
        ));
    }

    #[test]
    fn results_are_worded_on_the_page() {
        use EndReason as R;
        use GameResult as G;
        let cases = [
            (
                G::BlackWins,
                R::Resignation,
                Some(Side::White),
                "You lose (resignation)",
            ),
            (
                G::BlackWins,
                R::Resignation,
                Some(Side::Black),
                "You win! (resignation)",
            ),
            (
                G::WhiteWins,
                R::Resignation,
                None,
                "White wins (resignation)",
            ),
            (
                G::WhiteWins,
                R::OpponentLeft,
                Some(Side::White),
                "You win! (opponent left)",
            ),
            (G::Draw, R::OpponentLeft, None, "Draw: opponent left"),
            (G::Draw, R::Agreement, Some(Side::White), "Draw: agreement"),
            (G::Draw, R::Repetition, None, "Draw: threefold repetition"),
            (
                G::BlackWins,
                R::MenAgainstLoneMan,
                None,
                "Black wins (men against a lone man)",
            ),
            (
                G::NoResult,
                R::Aborted,
                Some(Side::Black),
                "No result: aborted",
            ),
            (
                G::NoResult,
                R::NobodyJoined,
                Some(Side::White),
                "No result: nobody joined",
            ),
        ];
        for (result, reason, me, words) in cases {
            assert_eq!(result_text(result, reason, me), words);
        }
    }

    #[test]
    fn spectators_suggest_and_players_see_the_tally() {
        let mut watcher = Online::new(Seat {
            game: "g1".into(),
            token: None,
            code: None,
            creator: false,
        });
        watcher.receive(ServerMessage::Welcome {
            game: "g1".into(),
            role: Role::Spectator,
            token: None,
        });
        watcher.receive(snapshot(2, "classic"));
        assert_eq!(watcher.status(), "White to move");
        let turn = first_turn(&watcher);
        assert!(matches!(watcher.suggest(turn), Some(ClientMessage::Suggest(m)) if m.ply == 0));
        assert!(watcher.play(turn).is_none(), "a spectator plays nothing");
        let mut player = white();
        player.receive(ServerMessage::Suggestions {
            ply: 0,
            list: vec![Suggestion {
                turn: "c2-c3".into(),
                count: 2,
            }],
        });
        assert_eq!(player.suggestions.len(), 1);
        assert!(player.suggest(turn).is_none(), "a player suggests nothing");
    }
}
