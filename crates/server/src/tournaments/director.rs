//! Directing tournaments. Every process runs [`run`]: it looks at the
//! tournaments under way and directs those whose lease it holds (or can
//! take, when the last director's ran out: a killed director is replaced
//! within [`LEASE`]). A step records the games that ended, then pairs:
//! an arena's free players as soon as they are free, until its end; a
//! Swiss's next round once the last game of the round ended. What a step
//! decides is worked out from the store alone (`alquerque_tournament`'s
//! rules over its rows), and stored fenced by the lease, so a pairing is
//! never lost or made twice.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use alquerque_tournament::table::{self, Ending, Kind};
use alquerque_tournament::{Outcome, PlayerId};
use engine::Side;
use online_play::GameResult;

use super::rows::{EntryRow, NewPairing, PairingRow, TournamentRow};
use crate::http::App;
use crate::storage::sqlite::{GameRow, StoreError};

/// How long a director's lease lasts without being renewed.
pub const LEASE: Duration = Duration::from_secs(6);
/// How often a process looks at its tournaments, besides whenever one of
/// its games ends.
pub const STEP_EVERY: Duration = Duration::from_millis(500);

/// Directs tournaments for as long as the process runs.
pub(crate) async fn run(app: Arc<App>) {
    let me = app.hub.process().to_string();
    // The leases this process holds, until when (ms).
    let mut held: HashMap<String, u64> = HashMap::new();
    loop {
        tokio::select! {
            () = app.hub.game_ended.notified() => {}
            () = app.tournaments.poked.notified() => {}
            () = tokio::time::sleep(STEP_EVERY) => {}
        }
        let now = app.hub.time.now_ms();
        let ids = match app.hub.db().to_direct(app.hub.time.now()).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "storage failed");
                continue;
            }
        };
        held.retain(|id, _| ids.contains(id));
        for id in ids {
            let lease = LEASE.as_millis() as u64;
            let fresh = held.get(&id).is_some_and(|&until| until > now + lease / 2);
            if !fresh {
                let until = now + lease;
                match app.hub.db().lease(&id, &me, ms(now), ms(until)).await {
                    Ok(true) => {
                        if !held.contains_key(&id) {
                            tracing::info!(tournament = %id, "directing");
                        }
                        held.insert(id.clone(), until);
                    }
                    Ok(false) => {
                        held.remove(&id);
                        continue;
                    }
                    Err(e) => {
                        tracing::error!(error = %e, "storage failed");
                        continue;
                    }
                }
            }
            if let Err(e) = step(&app, &id, &me).await {
                tracing::error!(tournament = %id, error = %e, "storage failed");
            }
        }
    }
}

fn ms(t: u64) -> i64 {
    i64::try_from(t).unwrap_or(i64::MAX)
}

/// The rules' view of the stored players and games.
pub fn table_of(
    entries: &[EntryRow],
    pairings: &[PairingRow],
) -> (Vec<table::Player>, Vec<table::Game>) {
    let players = entries
        .iter()
        .map(|e| table::Player {
            rating: i32::try_from(e.rating).unwrap_or(1500),
            paused: e.paused,
            withdrawn: e.withdrawn,
        })
        .collect();
    let seq = |s: i64| usize::try_from(s).unwrap_or(usize::MAX);
    let games = pairings
        .iter()
        .map(|p| table::Game {
            white: seq(p.white),
            black: p.black.map(seq),
            round: u32::try_from(p.round).unwrap_or(0),
            ending: p.ending.as_deref().and_then(ending_of),
            plies: u32::try_from(p.plies).unwrap_or(0),
            berserk: p.berserk,
        })
        .collect();
    (players, games)
}

/// An ending as stored, as the rules read it (White's outcome).
pub fn ending_of(stored: &str) -> Option<Ending> {
    Some(match stored {
        "white" => Ending::Played(Outcome::Win),
        "black" => Ending::Played(Outcome::Loss),
        "draw" => Ending::Played(Outcome::Draw),
        "white_forfeit" => Ending::Forfeit(Outcome::Loss),
        "black_forfeit" => Ending::Forfeit(Outcome::Win),
        _ => return None,
    })
}

pub fn kind_of(t: &TournamentRow) -> Kind {
    if t.kind == "swiss" {
        Kind::Swiss
    } else {
        Kind::Arena
    }
}

/// One look at tournament `id` by its director `me`.
async fn step(app: &App, id: &str, me: &str) -> Result<(), StoreError> {
    let db = app.hub.db();
    let Some(t) = db.tournament(id).await? else {
        return Ok(());
    };
    let entries = db.entries(id).await?;
    let mut pairings = db.pairings(id).await?;
    let mut recorded = false;
    for game in db.unrecorded(id).await? {
        recorded |= record(app, &t, &pairings, &game).await?;
    }
    if recorded {
        pairings = db.pairings(id).await?;
    }
    let now = app.hub.time.now();
    let now_ms = ms(app.hub.time.now_ms());
    if t.status == "starting" {
        db.set_status(id, me, now_ms, "running", t.ends).await?;
    }
    let (players, games) = table_of(&entries, &pairings);
    let idle = table::busy(&games).is_empty();
    let round = pairings.iter().map(|p| p.round).max().unwrap_or(0) + 1;
    let new: Vec<NewPairing> = match kind_of(&t) {
        Kind::Arena => {
            if now >= t.ends.unwrap_or(i64::MAX) {
                // No pairing after the end; the games under way finish.
                if idle {
                    db.set_status(id, me, now_ms, "finished", t.ends).await?;
                }
                return Ok(());
            }
            let blocks = blocked_seqs(&db.blocks_in(id).await?, &entries);
            let wave = table::arena_wave(&players, &games, &|a, b| {
                blocks.contains(&(a, b)) || blocks.contains(&(b, a))
            });
            wave.iter()
                .filter_map(|&(w, b)| game_for(app, &t, &entries, w, b, round))
                .collect()
        }
        Kind::Swiss => {
            let rounds = u32::try_from(t.rounds.unwrap_or(0)).unwrap_or(0);
            match table::swiss_round(&players, &games, rounds) {
                Some((round, r)) => {
                    let round = i64::from(round);
                    let mut new: Vec<NewPairing> = r
                        .pairs
                        .iter()
                        .filter_map(|&(w, b)| game_for(app, &t, &entries, w, b, round))
                        .collect();
                    if let Some(bye) = r.bye {
                        new.push(NewPairing {
                            game: None,
                            row: PairingRow {
                                round,
                                white: bye as i64,
                                black: None,
                                game: None,
                                ending: Some("white".to_string()),
                                plies: 0,
                                berserk: [false; 2],
                                started: now,
                            },
                        });
                    }
                    new
                }
                None => {
                    if idle {
                        db.set_status(id, me, now_ms, "finished", Some(now)).await?;
                    }
                    return Ok(());
                }
            }
        }
    };
    if new.is_empty() {
        return Ok(());
    }
    let ids: Vec<String> = new
        .iter()
        .filter_map(|p| p.game.as_ref().map(|(g, _)| g.id.clone()))
        .collect();
    if db.pair_tournament(id, me, now_ms, new).await? {
        tracing::info!(tournament = %id, games = ids.len(), round, "paired");
        // Clocks run from the start, whether or not the players come.
        for game in &ids {
            app.hub.check_clock(game).await;
        }
    }
    Ok(())
}

/// The seqs of players who blocked one another.
fn blocked_seqs(
    blocks: &[(String, String)],
    entries: &[EntryRow],
) -> HashSet<(PlayerId, PlayerId)> {
    let seq_of: HashMap<&str, PlayerId> = entries
        .iter()
        .map(|e| {
            (
                e.user.as_str(),
                usize::try_from(e.seq).unwrap_or(usize::MAX),
            )
        })
        .collect();
    blocks
        .iter()
        .filter_map(|(a, b)| Some((*seq_of.get(a.as_str())?, *seq_of.get(b.as_str())?)))
        .collect()
}

/// A new game between the players at seqs `white` and `black`.
fn game_for(
    app: &App,
    t: &TournamentRow,
    entries: &[EntryRow],
    white: PlayerId,
    black: PlayerId,
    round: i64,
) -> Option<NewPairing> {
    let (w, b) = (entries.get(white)?, entries.get(black)?);
    let (header, mut events) = crate::games::hub::pairing::seated_start(
        &t.header,
        false,
        Some(&t.clock),
        app.hub.time.now_ms(),
    )
    .map_err(|why| tracing::error!(tournament = %t.id, %why, "cannot start its game"))
    .ok()?;
    // The game knows its tournament: its players may go berserk.
    events.insert(0, online_play::EventBody::Tournament { id: t.id.clone() });
    let id = crate::ids::game_id();
    let row = GameRow {
        id: id.clone(),
        header,
        suggestions: false,
        seats: [Some(w.token.clone()), Some(b.token.clone())],
        code: None,
        clock: Some(t.clock.clone()),
        players: [Some(w.user.clone()), Some(b.user.clone())],
        rated: t.rated,
        names: [Some(w.name.clone()), Some(b.name.clone())],
    };
    Some(NewPairing {
        game: Some((row, events)),
        row: PairingRow {
            round,
            white: w.seq,
            black: Some(b.seq),
            game: Some(id),
            ending: None,
            plies: 0,
            berserk: [false; 2],
            started: app.hub.time.now(),
        },
    })
}

/// Records how a game ended (a game called off before both moved is lost
/// by the side who did not move); in an arena, that side is paused.
async fn record(
    app: &App,
    t: &TournamentRow,
    pairings: &[PairingRow],
    game: &str,
) -> Result<bool, StoreError> {
    let db = app.hub.db();
    let Some((_, room)) = db.load(game).await? else {
        return Ok(false);
    };
    let Some((result, _)) = room.result else {
        return Ok(false);
    };
    let Some(pairing) = pairings.iter().find(|p| p.game.as_deref() == Some(game)) else {
        return Ok(false);
    };
    let (ending, missed) = match result {
        GameResult::WhiteWins => ("white", None),
        GameResult::BlackWins => ("black", None),
        GameResult::Draw => ("draw", None),
        GameResult::NoResult => match room.game.side_to_move() {
            Side::White => ("white_forfeit", Some(pairing.white)),
            Side::Black => ("black_forfeit", pairing.black),
        },
    };
    let pause = missed.filter(|_| kind_of(t) == Kind::Arena);
    let plies = i64::try_from(room.game.ply()).unwrap_or(0);
    db.record_ending(&t.id, game, ending, plies, room.berserk, pause)
        .await
}
