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
        depth: request.depth.unwrap_or(8).clamp(1, 64),
        nodes: request.nodes.unwrap_or(1_000_000).clamp(1, MOST_NODES),
    };
    let multi = request.multi.unwrap_or(1).clamp(1, 5) as usize;
    crate::endgame::prepare(&game, ply);
    let table = match &game {
        AnyGame::Small(history) => crate::endgame::value(history.position()).map(TableValue::from),
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
        depth: analysis.depth,
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
mod tests {
    use super::*;

    fn clock() -> f64 {
        0.0
    }

    /// A request as the worker would read it from JSON text.
    fn read(text: &str) -> Result<Request, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn a_request_gets_a_legal_turn() {
        let request = Request {
            id: 7,
            record: "classic moves c2-c3".to_string(),
            level: "easy".to_string(),
            seed: 1,
            seconds: 1.0,
            kind: String::new(),
            side: String::new(),
            ..Request::default()
        };
        let reply = answer(Ok(request), clock);
        assert_eq!(reply.id, 7);
        let turn = reply.turn.expect("a turn");
        let game = AnyGame::from_record_line("classic moves c2-c3").expect("legal");
        assert!(game.parse(&turn).is_ok(), "{turn}");
    }

    #[test]
    fn a_draw_offer_gets_an_answer() {
        let text = "{\"id\":4,\"record\":\"bell\",\"level\":\"easy\",\"seed\":1,\"seconds\":1,\"kind\":\"draw\",\"side\":\"black\"}";
        let reply = answer(read(text), clock);
        assert_eq!(reply.id, 4);
        let game = AnyGame::from_record_line("bell").expect("a game");
        assert_eq!(
            reply.accepts,
            Some(game.accepts_draw(Level::Easy, engine::Side::Black))
        );
        let bad = text.replace("black", "grey");
        let reply = answer(read(&bad), clock);
        assert!(reply.accepts.is_none() && reply.error.is_some());
    }

    #[test]
    fn in_an_ending_the_tables_know_expert_plays_by_them_and_analysis_tells_their_value() {
        use alquerque_tables::{Tables, Value};
        let tables = Tables::generate(engine::DraughtsKind::Qirkat, 3).expect("tables");
        // Black to move loses in 10 plies; White to move wins in 5.
        for (position, value) in [
            ("5/5/2b2/1w3/2w2 b - - 0", Value::Loss(10)),
            ("5/1b3/5/3w1/w4 w - - 0", Value::Win(5)),
        ] {
            let record = format!("qirkat position {position}");
            let game = AnyGame::from_record_line(&record).expect("a game");
            let AnyGame::Small(history) = &game else {
                panic!("a 5×5 game")
            };
            assert_eq!(tables.value(history.position()), Some(value), "{position}");
            let analysis = answer(
                Ok(Request::analyse(1, record.clone(), 0, 1, 4, 10_000)),
                clock,
            )
            .analysis
            .expect("an analysis");
            assert_eq!(analysis.table, Some(TableValue::from(value)), "{position}");
            // Expert's turn leaves the opponent the value one ply nearer
            // the end: the quickest win, or the longest defence.
            let request = Request {
                id: 2,
                record: record.clone(),
                level: "expert".to_string(),
                seed: 1,
                seconds: 1.0,
                ..Request::default()
            };
            let turn = answer(Ok(request), clock).turn.expect("a turn");
            let mut after = game.clone();
            after
                .play(after.parse(&turn).expect("legal"))
                .expect("played");
            let AnyGame::Small(after) = &after else {
                panic!("a 5×5 game")
            };
            let expected = match value {
                Value::Win(n) => Value::Loss(n - 1),
                Value::Loss(n) => Value::Win(n - 1),
                Value::Draw => Value::Draw,
            };
            assert_eq!(
                tables.value(after.position()),
                Some(expected),
                "{position}: {turn}"
            );
        }
        // Far from an ending the tables hold, the analysis says nothing of them.
        let start = answer(
            Ok(Request::analyse(3, "qirkat".to_string(), 0, 1, 2, 1_000)),
            clock,
        );
        assert_eq!(start.analysis.expect("an analysis").table, None);
    }

    #[test]
    fn review_marks_a_move_that_throws_a_won_ending_away() {
        use engine::review::{classify, Mark};
        use engine::search::Score;
        let kind = engine::GameKind::Draughts(engine::DraughtsKind::Classic);
        // White wins in 5 plies (b2-a3 keeps the win); b2-c2 lets Black
        // draw.
        let start = "classic position 5/2b2/5/1w1w1/5 w - - 0";
        let white_score = |record: &str, ply: u32| {
            let reply = answer(
                Ok(Request::analyse(
                    1,
                    record.to_string(),
                    ply as usize,
                    1,
                    6,
                    50_000,
                )),
                clock,
            );
            Score(reply.analysis.expect("an analysis").white)
        };
        for (turn, mark) in [("b2-c2", Some(Mark::Blunder)), ("b2-a3", None)] {
            let record = format!("{start} moves {turn}");
            let (best, played) = (white_score(&record, 0), white_score(&record, 1));
            assert_eq!(best, Score::win_in(5), "{turn}");
            assert_eq!(
                classify(kind, engine::Side::White, best, played),
                mark,
                "{turn}: {best} then {played}"
            );
        }
    }

    #[test]
    fn bad_requests_get_an_error_not_a_panic() {
        for text in [
            "",
            "{}",
            "{\"id\":3,\"record\":\"chess\",\"level\":\"easy\",\"seed\":1,\"seconds\":1}",
            "{\"id\":3,\"record\":\"classic\",\"level\":\"god\",\"seed\":1,\"seconds\":1}",
        ] {
            let reply = answer(read(text), clock);
            assert!(reply.turn.is_none() && reply.error.is_some(), "{text}");
        }
    }

    #[test]
    fn a_position_of_the_game_is_analysed_from_whites_side() {
        let record = "classic moves c2-c3";
        let ask = |ply: Option<u32>, multi: u32| {
            let reply = answer(
                Ok(Request {
                    id: 9,
                    record: record.to_string(),
                    kind: "analyse".to_string(),
                    ply,
                    multi: Some(multi),
                    depth: Some(5),
                    nodes: Some(100_000),
                    ..Request::default()
                }),
                clock,
            );
            assert_eq!(reply.id, 9);
            reply
                .analysis
                .unwrap_or_else(|| panic!("{:?}", reply.error))
        };
        // The start, White to move: its best turns are legal, best first,
        // so White's scores fall.
        let start = ask(Some(0), 3);
        assert_eq!(start.ply, 0);
        let game = AnyGame::new(engine::GameKind::Draughts(engine::DraughtsKind::Classic));
        let legal: Vec<String> = game
            .entries()
            .iter()
            .map(|e| game.turn_coordinates(e.turn))
            .collect();
        assert_eq!(start.lines.len(), 3);
        for line in &start.lines {
            assert!(legal.contains(&line.turn), "{}", line.turn);
            assert_eq!(line.line.first(), Some(&line.text));
        }
        assert!(start.lines.windows(2).all(|w| w[0].white >= w[1].white));
        assert_eq!(start.white, start.lines[0].white);
        // After c2-c3, Black to move: Black's best line is White's lowest.
        let after = ask(None, 3);
        assert_eq!(after.ply, 1);
        assert!(after.lines.windows(2).all(|w| w[0].white <= w[1].white));
        // A ply past the end is the last position.
        assert_eq!(ask(Some(40), 1).ply, 1);
    }
}
