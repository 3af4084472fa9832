//! The computer player's side of the Web Worker: a request names the game
//! (a record line), the level, a seed and a time limit; the answer is the
//! chosen turn in record notation. [`answer`] is plain Rust, tested
//! natively; [`run`] connects it to the worker's messages, which cross as
//! structured values ([`to_js`], [`from_js`]).

use engine::search::Level;
use engine::AnyGame;
use serde::{Deserialize, Serialize};

/// What the page asks.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct Request {
    pub id: u32,
    pub record: String,
    pub level: String,
    pub seed: u64,
    /// The most time the move may take, in seconds.
    pub seconds: f64,
    /// `draw` to ask whether the computer, playing `side`, accepts a draw;
    /// anything else asks for a turn.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub side: String,
    /// `analyse`: the position after this many turns (default the last),
    /// how many best turns, and the search's depth and nodes.
    #[serde(default)]
    pub ply: Option<u32>,
    #[serde(default)]
    pub multi: Option<u32>,
    #[serde(default)]
    pub depth: Option<u32>,
    #[serde(default)]
    pub nodes: Option<u64>,
}

/// The kind of request that asks for an analysis.
pub const ANALYSE: &str = "analyse";

impl Request {
    /// Asks for the `multi` best turns of the position after `ply` turns of
    /// the game `record`, searched to `depth` and `nodes`.
    pub fn analyse(
        id: u32,
        record: String,
        ply: usize,
        multi: u32,
        depth: u32,
        nodes: u64,
    ) -> Request {
        Request {
            id,
            record,
            kind: ANALYSE.to_string(),
            ply: Some(ply as u32),
            multi: Some(multi),
            depth: Some(depth),
            nodes: Some(nodes),
            ..Request::default()
        }
    }
}

/// One of the best turns of an analysed position.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct LineReply {
    /// The turn in coordinates (as [`Reply::turn`]), and as the move list
    /// writes it.
    pub turn: String,
    pub text: String,
    /// Its score, from White's side (hundredths of a man; beyond 900 000 a
    /// forced result).
    pub white: i32,
    /// The expected line in the move list's notation, this turn first.
    pub line: Vec<String>,
}

/// An analysed position.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct AnalysisReply {
    pub ply: u32,
    pub depth: u32,
    /// The position's score from White's side.
    pub white: i32,
    /// The best turns, best first (none when the game is over there).
    pub lines: Vec<LineReply>,
    /// The endgame tables' value of the position, where they hold it.
    #[serde(default)]
    pub table: Option<TableValue>,
}

/// A value from the endgame tables, for the side to move.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableValue {
    /// `win`, `loss` or `draw`.
    pub result: TableResult,
    /// Plies to the end under perfect play (0 for a draw).
    pub plies: u16,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum TableResult {
    Win,
    Loss,
    Draw,
}

impl From<alquerque_tables::Value> for TableValue {
    fn from(value: alquerque_tables::Value) -> TableValue {
        use alquerque_tables::Value;
        let (result, plies) = match value {
            Value::Win(plies) => (TableResult::Win, plies),
            Value::Loss(plies) => (TableResult::Loss, plies),
            Value::Draw => (TableResult::Draw, 0),
        };
        TableValue { result, plies }
    }
}

/// What the worker answers: a turn, or why there is none.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct Reply {
    pub id: u32,
    #[serde(default)]
    pub turn: Option<String>,
    #[serde(default)]
    pub error: Option<String>,
    /// The computer's view of the position before its turn, in hundredths
    /// of a man for the side that moved.
    #[serde(default)]
    pub score: Option<i32>,
    /// The answer to a draw offer.
    #[serde(default)]
    pub accepts: Option<bool>,
    /// An analysed position.
    #[serde(default)]
    pub analysis: Option<AnalysisReply>,
}

/// Answers one request (or says why it could not be read). `clock` counts
/// seconds from any start.
pub fn answer(request: Result<Request, String>, clock: fn() -> f64) -> Reply {
    let request = match request {
        Ok(request) => request,
        Err(e) => {
            return Reply {
                error: Some(format!("unreadable request: {e}")),
                ..Reply::default()
            }
        }
    };
    let answered = if request.kind == ANALYSE {
        analyse(&request).map(|analysis| Reply {
            analysis: Some(analysis),
            ..Reply::default()
        })
    } else if request.kind == "draw" {
        consider_draw(&request).map(|accepts| Reply {
            accepts: Some(accepts),
            ..Reply::default()
        })
    } else {
        choose(&request, clock).map(|(turn, score)| Reply {
            turn: Some(turn),
            score: Some(score),
            ..Reply::default()
        })
    };
    let reply = answered.unwrap_or_else(|error| Reply {
        error: Some(error),
        ..Reply::default()
    });
    Reply {
        id: request.id,
        ..reply
    }
}

/// A request as a JavaScript value: a plain object, its seed a `BigInt` (a
/// seed uses all 64 bits, more than a JavaScript number holds).
pub fn to_js<T: Serialize>(message: &T) -> Result<wasm_bindgen::JsValue, String> {
    let serializer =
        serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true);
    message.serialize(&serializer).map_err(|e| e.to_string())
}

/// A request or a reply from a JavaScript value.
pub fn from_js<T: serde::de::DeserializeOwned>(value: wasm_bindgen::JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// The game and the level a request names.
fn read(request: &Request) -> Result<(AnyGame, Level), String> {
    let game = AnyGame::from_record_line(&request.record).map_err(|e| e.to_string())?;
    let level: Level = request.level.parse().map_err(|e| format!("{e}"))?;
    Ok((game, level))
}

fn consider_draw(request: &Request) -> Result<bool, String> {
    let (game, level) = read(request)?;
    let side = match request.side.as_str() {
        "white" => engine::Side::White,
        "black" => engine::Side::Black,
        other => return Err(format!("unknown side {other:?}")),
    };
    // A position the endgame tables know as drawn is taken as one at any
    // level; otherwise the level judges (`AnyGame::accepts_draw`).
    crate::endgame::prepare(&game, game.ply());
    if let AnyGame::Alquerque(history) = &game {
        if crate::endgame::value(history.position()) == Some(alquerque_tables::Value::Draw)
            && game.outcome().is_none()
        {
            return Ok(true);
        }
    }
    Ok(game.accepts_draw(level, side))
}

thread_local! {
    /// The analyser, kept from one request to the next: a deeper look at
    /// the same position, or the next position of a game, starts from what
    /// it learned.
    static ANALYSER: std::cell::RefCell<engine::Analyser> = std::cell::RefCell::new({
        let mut analyser = engine::Analyser::new();
        analyser.set_oracle(crate::endgame::shared_oracle());
        analyser
    });
}

/// The most nodes one analysis may take (a draughts node's worth).
const MOST_NODES: u64 = 50_000_000;

fn analyse(request: &Request) -> Result<AnalysisReply, String> {
    let mut game = AnyGame::from_record_line(&request.record).map_err(|e| e.to_string())?;
    let ply = request
        .ply
        .map_or(game.ply(), |p| (p as usize).min(game.ply()));
    while game.ply() > ply {
        if !game.undo() {
            break;
        }
    }
    let limits = engine::search::Limits {
        depth: engine::search::Depth(request.depth.unwrap_or(8).clamp(1, 64)),
        nodes: request.nodes.unwrap_or(1_000_000).clamp(1, MOST_NODES),
    };
    let multi = request.multi.unwrap_or(1).clamp(1, 5) as usize;
    crate::endgame::prepare(&game, ply);
    let table = match &game {
        AnyGame::Alquerque(history) => {
            crate::endgame::value(history.position()).map(TableValue::from)
        }
        _ => None,
    };
    let analysis = ANALYSER.with(|a| a.borrow_mut().analyse(&game, ply, limits, multi));
    let white = |score: engine::search::Score| match game.side_to_move() {
        engine::Side::White => score.0,
        engine::Side::Black => -score.0,
    };
    let lines = analysis
        .candidates
        .iter()
        .map(|c| {
            let mut walk = game.clone();
            let mut texts = Vec::new();
            for &turn in &c.line {
                texts.push(walk.turn_text(turn));
                if walk.play(turn).is_err() {
                    break;
                }
            }
            LineReply {
                turn: game.turn_coordinates(c.turn),
                text: game.turn_text(c.turn),
                white: white(c.score),
                line: texts,
            }
        })
        .collect();
    Ok(AnalysisReply {
        ply: ply as u32,
        depth: analysis.depth.plies(),
        white: white(analysis.score),
        lines,
        table,
    })
}

fn choose(request: &Request, clock: fn() -> f64) -> Result<(String, i32), String> {
    let (game, level) = read(request)?;
    let seconds = if request.seconds.is_finite() {
        request.seconds.clamp(0.05, 30.0)
    } else {
        1.0
    };
    if level == Level::Expert {
        if let Some((turn, score)) = engine::book::best_turn(&game) {
            return Ok((game.turn_coordinates(turn), score));
        }
    }
    // Expert plays perfectly where the endgame tables know the position;
    // the lower levels play as they would.
    let oracle = (level == Level::Expert).then(|| {
        crate::endgame::prepare(&game, game.ply());
        crate::endgame::oracle()
    });
    let (turn, score) = game
        .computer_turn_knowing(
            level.settings(game.kind()),
            request.seed,
            Some((clock, seconds)),
            oracle,
        )
        .ok_or("no legal turn")?;
    Ok((game.turn_coordinates(turn), score.0))
}

/// The worker's entry point: answers every message posted to it.
#[cfg(target_arch = "wasm32")]
pub fn run() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    fn now() -> f64 {
        js_sys::Date::now() / 1000.0
    }
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = answer(from_js(event.data()), now);
        let posted = to_js(&reply)
            .and_then(|reply| reply_to.post_message(&reply).map_err(|e| format!("{e:?}")));
        if let Err(e) = posted {
            web_sys::console::error_1(&format!("the worker could not answer: {e}").into());
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    // Id 0 answers no request: the page learns only that the worker is up.
    if let Ok(ready) = to_js(&Reply::default()) {
        let _ = scope.post_message(&ready);
    }
}

#[cfg(test)]
#[path = "worker_tests.rs"]
mod tests;
