//! Endgame tables in the computer's worker. They are computed in memory
//! the first time a game comes near an ending they cover (Classic up to four
//! men; Special, Qirkat and Bell up to three: about a second each at most, a
//! few megabytes), then Expert plays those endings perfectly and the
//! analysis tells their value.

use std::cell::RefCell;
use std::rc::Rc;

use alquerque_tables::{Tables, Value};
use engine::search::{Oracle, Verdict};
use engine::{AnyGame, Bits, DraughtsKind, GameKind, Position, SmallOracle};

/// The most men of the tables the worker computes for `game`.
pub const fn table_men(game: DraughtsKind) -> Option<u32> {
    match game {
        DraughtsKind::Classic => Some(4),
        DraughtsKind::Special | DraughtsKind::Qirkat | DraughtsKind::Bell => Some(3),
        _ => None,
    }
}

/// How many men above the tables' a position may have for them to be
/// computed: a couple of captures bring the game into them.
const AHEAD: u32 = 2;

thread_local! {
    static TABLES: RefCell<Vec<Rc<Tables>>> = const { RefCell::new(Vec::new()) };
}

/// Computes the tables of `game`'s kind if the position at `ply` is close
/// enough to them and they are not there yet.
pub fn prepare(game: &AnyGame, ply: usize) {
    let AnyGame::Alquerque(history) = game else {
        return;
    };
    let GameKind::Draughts(kind) = game.kind() else {
        return;
    };
    let Some(men) = table_men(kind) else {
        return;
    };
    let position = &history.positions()[ply.min(history.positions().len() - 1)];
    let on_board = position.occupied().count();
    if on_board > men + AHEAD || tables_of(kind).is_some() {
        return;
    }
    if let Ok(tables) = Tables::generate(kind, men) {
        TABLES.with(|t| t.borrow_mut().push(Rc::new(tables)));
    }
}

fn tables_of(kind: DraughtsKind) -> Option<Rc<Tables>> {
    TABLES.with(|t| t.borrow().iter().find(|t| t.game() == kind).cloned())
}

/// The tables' value of `position`, for its side to move, if they are
/// computed and hold it.
pub fn value(position: &Position<engine::Small>) -> Option<Value> {
    tables_of(position.rules().key)?.value(position)
}

fn known(position: &Position<engine::Small>) -> Option<(Verdict, u32)> {
    tables_of(position.rules().key)?.known(position)
}

/// The tables as a computer player's oracle.
pub fn oracle() -> Oracle<Position<engine::Small>> {
    Box::new(known)
}

/// The tables as the analyser's oracle.
pub fn shared_oracle() -> SmallOracle {
    Rc::new(known)
}
