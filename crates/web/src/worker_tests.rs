//! The worker's answers, natively.

use super::*;

fn clock() -> f64 {
    0.0
}

/// Expert's turn in the game of `record`.
fn expert_turn(record: &str) -> String {
    let request = Request {
        id: 2,
        record: record.to_string(),
        level: "expert".to_string(),
        seed: 1,
        seconds: 1.0,
        ..Request::default()
    };
    answer(Ok(request), clock).turn.expect("a turn")
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
fn a_draw_the_tables_know_is_taken_even_by_the_side_ahead() {
    // Two White men against one: b2-c2 let the win go, and the tables know
    // the position for a draw. White's search still sees a man more, so
    // the level alone would play on.
    let record = "classic position 5/2b2/5/1w1w1/5 w - - 0 moves b2-c2";
    let game = AnyGame::from_record_line(record).expect("a game");
    assert!(
        !game.accepts_draw(Level::Easy, engine::Side::White),
        "the level alone plays on"
    );
    let ask = |side: &str| {
        let text = format!(
            "{{\"id\":9,\"record\":\"{record}\",\"level\":\"easy\",\"seed\":1,\"seconds\":1,\"kind\":\"draw\",\"side\":\"{side}\"}}"
        );
        answer(read(&text), clock).accepts
    };
    assert_eq!(ask("white"), Some(true));
    assert_eq!(ask("black"), Some(true));
    // With the win still there, White plays on.
    let won = "classic position 5/2b2/5/1w1w1/5 w - - 0";
    let text = format!(
        "{{\"id\":9,\"record\":\"{won}\",\"level\":\"easy\",\"seed\":1,\"seconds\":1,\"kind\":\"draw\",\"side\":\"white\"}}"
    );
    assert_eq!(answer(read(&text), clock).accepts, Some(false));
}

#[test]
fn in_an_ending_the_tables_know_expert_plays_by_them_and_analysis_tells_their_value() {
    use alquerque_tables::{Tables, Value};
    use engine::DraughtsKind::{Qirkat, Special};
    let qirkat = Tables::generate(Qirkat, 3).expect("tables");
    let special = Tables::generate(Special, 3).expect("tables");
    for (kind, position, value) in [
        // Black to move loses in 10 plies; White to move wins in 5.
        (Qirkat, "5/5/2b2/1w3/2w2 b - - 0", Value::Loss(10)),
        (Qirkat, "5/1b3/5/3w1/w4 w - - 0", Value::Win(5)),
        // A white king with a man, against a man.
        (Special, "5/1b3/5/3W1/w4 w - - 0", Value::Win(7)),
        (Special, "2W2/5/1b3/5/w4 b - - 0", Value::Loss(4)),
    ] {
        let tables = if kind == Qirkat { &qirkat } else { &special };
        let record = format!("{kind} position {position}");
        let game = AnyGame::from_record_line(&record).expect("a game");
        let AnyGame::Alquerque(history) = &game else {
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
        let turn = expert_turn(&record);
        let mut after = game.clone();
        after
            .play(after.parse(&turn).expect("legal"))
            .expect("played");
        let AnyGame::Alquerque(after) = &after else {
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
        assert_eq!(best, Score::win_in(engine::search::Ply(5)), "{turn}");
        assert_eq!(
            classify(kind, engine::Side::White, best, played),
            mark,
            "{turn}: {best} then {played}"
        );
    }
}

#[test]
fn expert_plays_the_books_best_turn_in_a_book_position() {
    use engine::Playable;
    let mut checked = 0;
    for kind in [
        engine::DraughtsKind::Classic,
        engine::DraughtsKind::Special,
        engine::DraughtsKind::Qirkat,
        engine::DraughtsKind::Bell,
    ] {
        let book = engine::book::builtin(kind).expect("a book that reads");
        for entry in book.entries().iter().take(12) {
            let record = format!("{kind} position {}", entry.position);
            let turn = expert_turn(&record);
            let game = AnyGame::from_record_line(&record).expect("a game");
            let best = game
                .parse(entry.best().expect("a best turn").0)
                .expect("legal");
            assert_eq!(turn, game.turn_coordinates(best), "{record}");
            // No listed turn scores above the one played.
            let played = entry
                .turns
                .iter()
                .find(|(t, _)| game.parse(t).ok() == Some(best));
            let top = entry.turns.iter().map(|&(_, s)| s).max();
            assert_eq!(played.map(|&(_, s)| s), top, "{record}");
            assert_eq!(entry.turns.len(), game.legal_turns().len(), "{record}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked}");
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
