//! Games made by pairing two players from the lobby: both seats taken from
//! the start, by the seat tokens each player made, with the seek's clock,
//! and the game stored in the same transaction that closes the seek, so
//! that of two accepts (on any processes) one wins.

use engine::Side;
use online_play::{Room, TimeControl};

use super::{reported, CreateError, Hub};
use crate::lobby::seeks::Seek;
use crate::storage::sqlite::GameRow;

/// Who takes the other seat of a seek.
#[derive(Clone, Debug)]
pub struct Accepter {
    /// Their account, if signed in.
    pub user: Option<String>,
    /// The hash of the seat token they will play with.
    pub token: String,
    /// Their own waiting seek, closed with the pairing (quick pairing).
    pub own_seek: Option<String>,
    /// The name they are shown by.
    pub name: String,
    /// Whether a rated seek may be played rated with them: false when
    /// they and the seeker share a network or a browser
    /// ([`crate::lobby::fair_play`]).
    pub apart: bool,
}

/// A game with both seats taken from the start, at `now`: its header as
/// stored and its first events (both joined, and the clocks set in a game
/// with clocks), or why `header` or `clock` is not one.
pub(crate) fn seated_start(
    header: &str,
    suggestions: bool,
    clock: Option<&str>,
    now: u64,
) -> Result<(String, Vec<online_play::EventBody>), String> {
    let mut room = Room::new(header, suggestions)?;
    if let Some(clock) = clock {
        let control: TimeControl = clock.parse()?;
        room = room.timed(control);
    }
    let mut events = room.joined(Side::White, now);
    for event in &events {
        room.apply(event)?;
    }
    events.extend(room.joined(Side::Black, now));
    Ok((room.record(), events))
}

impl Hub {
    /// Starts the game `seek` asks for against `accepter`: its id, or
    /// `None` when the seek was no longer open.
    pub async fn pair(
        &self,
        seek: &Seek,
        accepter: &Accepter,
    ) -> Result<Option<String>, CreateError> {
        let now = self.time.now_ms();
        let (header, events) = seated_start(&seek.header, false, seek.clock.as_deref(), now)
            .map_err(CreateError::BadGame)?;
        let seeker_side = match seek.side.as_str() {
            "white" => Side::White,
            "black" => Side::Black,
            _ if crate::ids::coin() => Side::White,
            _ => Side::Black,
        };
        let mut seats = [None, None];
        let mut players = [None, None];
        // A guest's name carries its mark, so it never passes for an
        // account's.
        let shown = |name: &str, user: &Option<String>| match user {
            Some(_) => name.to_string(),
            None => online_play::guest_shown(name),
        };
        let mut names = [None, None];
        names[seeker_side.index()] = Some(shown(&seek.name, &seek.user));
        names[seeker_side.other().index()] = Some(shown(&accepter.name, &accepter.user));
        seats[seeker_side.index()] = Some(seek.token.clone());
        players[seeker_side.index()] = seek.user.clone();
        seats[seeker_side.other().index()] = Some(accepter.token.clone());
        players[seeker_side.other().index()] = accepter.user.clone();
        let id = crate::ids::game_id();
        let row = GameRow {
            id: id.clone(),
            header,
            suggestions: false,
            seats,
            code: None,
            clock: seek.clock.clone(),
            players,
            rated: seek.rated && accepter.apart,
            names,
        };
        let mut seeks = vec![seek.id.clone()];
        seeks.extend(accepter.own_seek.clone());
        // Always claimed in one order, so that two pairings claiming the
        // same two seeks wait for each other instead of deadlocking.
        seeks.sort();
        match self.db.create_for_seeks(seeks, row, events).await {
            Ok(true) => Ok(Some(id)),
            Ok(false) => Ok(None),
            Err(e) => {
                reported(&id, &e);
                Err(CreateError::Storage)
            }
        }
    }
}

impl Hub {
    /// Starts the rematch of a finished game: the same game and clock,
    /// each player on the other side with the same seat token, both seated
    /// from the start. The game before is told (`rematched`) in the same
    /// transaction, so of two accepts on two processes one starts it.
    pub(super) async fn rematch(
        &self,
        live: &crate::games::live::Live,
        state: &mut crate::games::live::LiveState,
    ) -> Result<(), online_play::ErrorCode> {
        let before = &state.row;
        let now = self.time.now_ms();
        let (header, events) = seated_start(
            &before.header,
            before.suggestions,
            before.clock.as_deref(),
            now,
        )
        .map_err(|_| online_play::ErrorCode::Damaged)?;
        let [white, black] = before.seats.clone();
        let [white_user, black_user] = before.players.clone();
        let [white_name, black_name] = before.names.clone();
        let id = crate::ids::game_id();
        let row = GameRow {
            id: id.clone(),
            header,
            suggestions: before.suggestions,
            seats: [black, white],
            code: None,
            clock: before.clock.clone(),
            players: [black_user, white_user],
            rated: before.rated,
            names: [black_name, white_name],
        };
        let told = online_play::EventBody::Rematched { game: id.clone() };
        let v = state.room.v + 1;
        match self
            .db
            .create_rematch(row, events, (before.id.clone(), v, told.clone()))
            .await
        {
            Ok(()) => {
                tracing::info!(game = %state.row.id, rematch = %id, "rematch");
                live.publish(state, &[told]);
                Ok(())
            }
            Err(e) if e.is_taken() => self.catch_up(live, state).await,
            Err(e) => Err(reported(&state.row.id, &e)),
        }
    }
}
