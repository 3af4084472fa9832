//! Checks of the reference move generator against facts worked out by hand
//! from docs/rules.md and docs/formats.md. Every expected move list below was
//! derived on paper from the board drawn in the comment, not copied from the
//! generator's output.

#[path = "../reference/mod.rs"]
mod reference;
mod special;

use reference::{perft, RefGame, RefPosition, RefTurn};

const START: &str = "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0";

fn pos(game: RefGame, text: &str) -> RefPosition {
    RefPosition::from_text(game, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn sorted(keys: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    keys.sort();
    keys
}

fn keys_of(turns: &[RefTurn]) -> Vec<String> {
    let mut keys: Vec<String> = turns.iter().map(RefTurn::key).collect();
    keys.sort();
    keys
}

/// Sorted keys of the de-duplicated turns.
fn keys(p: &RefPosition) -> Vec<String> {
    keys_of(&p.turns())
}

/// The turn with the given key; panics if there is none.
fn turn(p: &RefPosition, key: &str) -> RefTurn {
    p.turns()
        .into_iter()
        .find(|t| t.key() == key)
        .unwrap_or_else(|| panic!("no turn `{key}` in {}: {:?}", p.to_text(), keys(p)))
}

fn after(p: &RefPosition, key: &str) -> RefPosition {
    p.play(&turn(p, key))
}

// ---------------------------------------------------------------------------
// Start positions and first moves
// ---------------------------------------------------------------------------

/// Start (rank 5 at the top):
///
/// ```text
/// 5  b b b b b
/// 4  b b b b b
/// 3  b b . w w
/// 2  w w w w w
/// 1  w w w w w
///    a b c d e
/// ```
///
/// c3 is the only empty point and a diagonal point (3+3 even). Its white
/// neighbours are b2 and d2 (diagonally forward, both diagonal points), c2
/// (forward) and d3 (sideways): four steps. No white capture exists, since
/// every point next to c3 on the white side holds a white piece.
///
/// Black's replies (captures are mandatory):
/// - after b2-c3 (b2 empty): d4 jumps c3 to b2 diagonally; from b2 the only
///   enemy with an empty point behind would need c3 (gone) - nothing else. One.
/// - after c2-c3 (c2 empty): c4 jumps c3 to c2; from c2 (not a diagonal
///   point) b2 and d2 have a2 and e2 occupied behind them. One.
/// - after d2-c3 (d2 empty): b4 jumps c3 to d2 diagonally, and d4 jumps d3 to
///   d2 straight down; neither can continue. Two.
/// - after d3-c3 (d3 empty): b3 jumps c3 to d3; d3 is not a diagonal point
///   and d2 has d1 occupied behind it. One.
///
/// So perft(1) = 4 and perft(2) = 5 for Qirkat ("Light has exactly four first
/// moves; Dark has one or two replies to each").
fn check_diagonal_first_moves(game: RefGame) {
    let start = RefPosition::start(game);
    assert_eq!(start.to_text(), START);
    assert_eq!(
        keys(&start),
        sorted(&["b2-c3", "c2-c3", "d2-c3", "d3-c3"]),
        "{game:?}"
    );
    let replies = [
        ("b2-c3", vec!["d4xb2:c3"]),
        ("c2-c3", vec!["c4xc2:c3"]),
        ("d2-c3", vec!["b4xd2:c3", "d4xd2:d3"]),
        ("d3-c3", vec!["b3xd3:c3"]),
    ];
    for (first, expected) in replies {
        let next = after(&start, first);
        assert_eq!(keys(&next), sorted(&expected), "{game:?} after {first}");
    }
    assert_eq!(perft(&start, 1, false), 4);
    assert_eq!(perft(&start, 2, false), 5);
    assert_eq!(perft(&start, 2, true), 5);
}

#[test]
fn qirkat_light_has_four_first_moves_and_dark_one_or_two_replies() {
    check_diagonal_first_moves(RefGame::Qirkat);
}

#[test]
fn classic_first_moves_are_forward_diagonal_forward_or_sideways_steps() {
    check_diagonal_first_moves(RefGame::Classic);
}

/// Bell's first jumps above all go forward, diagonally forward (for Black:
/// downwards) or sideways, so its replies are the same as Qirkat's.
#[test]
fn bell_first_moves_match_the_other_diagonal_games() {
    check_diagonal_first_moves(RefGame::Bell);
}

/// Special has no diagonals: of c3's neighbours only c2 (forward) and d3
/// (sideways) can step there. Black's replies:
/// - after c2-c3: c4 jumps c3 down to c2 (then b2/d2 have a2/e2 occupied
///   behind them, and c1 has the edge behind it); no black man touches c2 by
///   a step. One reply.
/// - after d3-c3: b3 jumps c3 sideways to d3 (then d2 has d1 occupied, e3 has
///   the edge), or d4 steps down to d3 (capturing is optional). Two replies.
#[test]
fn special_first_moves_use_orthogonal_lines_only() {
    let start = RefPosition::start(RefGame::Special);
    assert_eq!(keys(&start), sorted(&["c2-c3", "d3-c3"]));
    assert_eq!(keys(&after(&start, "c2-c3")), sorted(&["c4xc2:c3"]));
    assert_eq!(
        keys(&after(&start, "d3-c3")),
        sorted(&["b3xd3:c3", "d4-d3"])
    );
    assert_eq!(perft(&start, 2, false), 3);
}

// ---------------------------------------------------------------------------
// Classic
// ---------------------------------------------------------------------------

/// ```text
/// 5  . . . . .
/// 4  . . . b .
/// 3  . b . . .
/// 2  . b b . .
/// 1  w . . . w
///    a b c d e
/// ```
///
/// White a1 jumps b2 diagonally to c3 (the only first jump). From c3 it must
/// go on: over d4 to e5, over b3 to a3, or backward over c2 to c1. None of the
/// three landings offers another jump (e5: d5/e4 empty; a3: a2/a4/b4 empty,
/// b2 and b3 gone; c1: b1/d1/d2 empty, b2 and c2 gone). Stopping on c3 is not
/// allowed. The e1 man could step to d1, d2 or e2, but capture is mandatory,
/// so no step is legal.
#[test]
fn classic_chain_must_continue_and_may_capture_backward() {
    let p = pos(RefGame::Classic, "5/3b1/1b3/1bb2/w3w w - - 0");
    assert_eq!(
        keys(&p),
        sorted(&["a1xe5:b2,d4", "a1xa3:b2,b3", "a1xc1:b2,c2"])
    );
    let t = turn(&p, "a1xe5:b2,d4");
    assert_eq!(t.path, vec!["a1", "c3", "e5"]);
    assert_eq!(t.text(), "a1xc3xe5");
    assert_eq!(
        p.play(&t).to_text(),
        "4w/5/1b3/2b2/4w b - - 0",
        "captured pieces leave the board, the counter resets"
    );
}

/// ```text
/// 3  . b . . .
/// 2  b . b . .
/// 1  w b . . .
/// ```
/// White a1 can go round the square both ways: a1xc1 (b1), c1xc3 (c2),
/// c3xa3 (b3), a3xa1 (a2) back onto its own vacated origin, or the same in
/// reverse. Both chains have origin a1, destination a1 and captured set
/// {b1, a2, c2, b3}: one move, two paths.
#[test]
fn classic_same_origin_destination_and_captures_is_one_move() {
    let p = pos(RefGame::Classic, "5/5/1b3/b1b2/wb3 w");
    assert_eq!(keys(&p), sorted(&["a1xa1:b1,a2,c2,b3"]));
    let mut paths: Vec<Vec<String>> = p.turn_paths().into_iter().map(|t| t.path).collect();
    paths.sort();
    let expect = |v: [&str; 5]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        paths,
        vec![
            expect(["a1", "a3", "c3", "c1", "a1"]),
            expect(["a1", "c1", "c3", "a3", "a1"]),
        ]
    );
    assert_eq!(perft(&p, 1, false), 1);
    assert_eq!(perft(&p, 1, true), 2);
    assert_eq!(
        p.play(&p.turns()[0]).to_text(),
        "5/5/5/5/w4 b - - 0",
        "Black has lost every piece"
    );
    assert!(p.play(&p.turns()[0]).turns().is_empty());
}

/// Classic counter: a sideways step adds one, a forward or diagonally forward
/// step or a capture resets it. From the start d3-c3 is sideways (1); then
/// Black must capture b3xd3 (0). c2-c3 is forward (0).
#[test]
fn classic_no_progress_counter_counts_sideways_steps_only() {
    let start = RefPosition::start(RefGame::Classic);
    let sideways = after(&start, "d3-c3");
    assert_eq!(sideways.to_text(), "bbbbb/bbbbb/bbw1w/wwwww/wwwww b - - 1");
    assert_eq!(
        after(&sideways, "b3xd3:c3").to_text(),
        "bbbbb/bbbbb/b2bw/wwwww/wwwww w - - 0"
    );
    let p = pos(RefGame::Classic, "5/5/5/5/w3b w - - 7");
    assert_eq!(keys(&p), sorted(&["a1-a2", "a1-b1", "a1-b2"]));
    assert_eq!(after(&p, "a1-b1").counter(), 8);
    assert_eq!(after(&p, "a1-a2").counter(), 0);
    assert_eq!(after(&p, "a1-b2").counter(), 0);
    // Black e1 stands on its far rank: forward is off the board, only the
    // sideways step d1 remains (no freeze in Classic).
    let black = after(&p, "a1-b1");
    assert_eq!(keys(&black), sorted(&["e1-d1"]));
    assert_eq!(after(&black, "e1-d1").counter(), 9);
}

// ---------------------------------------------------------------------------
// Bell
// ---------------------------------------------------------------------------

/// ```text
/// 5  . . w . .
/// 4  . . . . .
/// 3  . . . . b
/// 2  . . . . .
/// 1  w . . . .
/// ```
/// White c5 stands on Black's back rank. In Bell it may make no regular move,
/// so only a1 moves: a2 (forward), b2 (diagonally forward, a1 is a diagonal
/// point) and b1 (sideways). In Classic and Qirkat c5 may also step sideways
/// to b5 or d5.
#[test]
fn bell_far_rank_freeze_forbids_regular_moves_on_the_far_rank() {
    let text = "2w2/5/4b/5/w4 w - - 0";
    let bell = pos(RefGame::Bell, text);
    assert_eq!(keys(&bell), sorted(&["a1-a2", "a1-b1", "a1-b2"]));
    for game in [RefGame::Classic, RefGame::Qirkat] {
        assert_eq!(
            keys(&pos(game, text)),
            sorted(&["a1-a2", "a1-b1", "a1-b2", "c5-b5", "c5-d5"]),
            "{game:?}"
        );
    }
}

/// ```text
/// 5  . . w b .
/// 4  . . b . b
/// ```
/// White c5 (far rank) may still capture, but its first jump must be in a
/// moving direction: from the far rank only sideways, over d5 to e5. From e5
/// the second jump may go backward: over e4 to e3. Jumping c4 down to c3
/// would be a backward first jump. Classic allows both first jumps: c5xe5xe3
/// and c5xc3 (from c3 nothing more: b4/d4/b3/d3/b2/c2/d2 empty).
#[test]
fn bell_far_rank_man_may_capture_sideways_then_any_direction() {
    let text = "2wb1/2b1b/5/5/5 w - - 0";
    assert_eq!(keys(&pos(RefGame::Bell, text)), sorted(&["c5xe3:e4,d5"]));
    assert_eq!(
        keys(&pos(RefGame::Classic, text)),
        sorted(&["c5xe3:e4,d5", "c5xc3:c4"])
    );
}

/// ```text
/// 5  . . . . .
/// 4  . . b b .
/// 3  . b w . .
/// 2  . b b . .
/// 1  . . . . .
/// ```
/// White c3 (a diagonal point) is surrounded by black b3, c4, d4 (moving
/// directions) and b2, c2 (backward). All five jumps have an empty landing
/// (a3, c5, e5, a1, c1).
///
/// Whole chains (any direction after the first jump):
/// - A: c3-c5 (c4), then c5 over d4 to e3 (d4) - end.      e3 {c4,d4}
/// - B: c3-c1 (c2), c1 over b2 to a3, a3 over b3 to c3 (the vacated origin),
///   then c3 over c4 to c5 and c5 over d4 to e3            e3 {all five}
///   or c3 over d4 to e5 (c4 stays)                        e5 {b2,c2,b3,d4}
/// - C: c3-a3 (b3), a3 over b2 to c1, c1 over c2 to c3, then as in B:
///   the same two identities as B reached the other way round.
/// - D: c3-e5 (d4) - end.                                  e5 {d4}
/// - E: c3-a1 (b2) - end.                                  a1 {b2}
///
/// Classic/Qirkat: paths A, B1, B2, C1, C2, D, E = 7; identities 5.
/// Bell: the first jump may not go to c1 or a1 (backward), leaving A, C1, C2,
/// D: 4 paths and 4 identities, and C's second jump a3-c1 goes diagonally
/// backward, which a later jump may.
#[test]
fn bell_first_jump_only_in_moving_directions() {
    let text = "5/2bb1/1bw2/1bb2/5 w - - 0";
    let five = "c3xe3:b2,c2,b3,c4,d4";
    let four = "c3xe5:b2,c2,b3,d4";
    let bell = pos(RefGame::Bell, text);
    assert_eq!(
        keys(&bell),
        sorted(&["c3xe3:c4,d4", five, four, "c3xe5:d4"])
    );
    assert_eq!(bell.turn_paths().len(), 4);
    for game in [RefGame::Classic, RefGame::Qirkat] {
        let p = pos(game, text);
        assert_eq!(
            keys(&p),
            sorted(&["c3xe3:c4,d4", five, four, "c3xe5:d4", "c3xa1:b2"]),
            "{game:?}"
        );
        assert_eq!(p.turn_paths().len(), 7, "{game:?}");
        assert_eq!(perft(&p, 1, true), 7);
    }
    // In Bell the five-capture chain must start sideways (via a3).
    assert_eq!(turn(&bell, five).text(), "c3xa3xc1xc3xc5xe3");
}

// ---------------------------------------------------------------------------
// Qirkat / Bell no-return
// ---------------------------------------------------------------------------

/// ```text
/// 5  b . . . .
/// 3  . . w . .     c3 came from d3 (c3<d3)
/// 1  . . . . w     e1 came from d1 (e1<d1)
/// ```
/// c3 (diagonal point): b3, d3 sideways, c4 forward, b4/d4 diagonally
/// forward; d3 is forbidden by no-return. e1 (diagonal point): e2, d2; d1 is
/// forbidden. Six moves. After c3-b3 the piece on b3 remembers c3 and e1
/// keeps its memory (untouched by another piece's move). Black a5 then steps
/// (a4; b4 diagonally, a5 being a diagonal point; b5 sideways), and White's b3
/// (not a diagonal point) may go to a3 or b4 but not back to c3. A forward
/// step leaves no memory to write.
#[test]
fn qirkat_no_return_forbids_stepping_straight_back() {
    for game in [RefGame::Qirkat, RefGame::Bell] {
        let p = pos(game, "b4/5/2w2/5/4w w e1<d1,c3<d3 - 0");
        assert_eq!(
            keys(&p),
            sorted(&["c3-b3", "c3-b4", "c3-c4", "c3-d4", "e1-d2", "e1-e2"]),
            "{game:?}"
        );
        let moved = after(&p, "c3-b3");
        assert_eq!(moved.to_text(), "b4/5/1w3/5/4w b e1<d1,b3<c3 - 0");
        assert_eq!(keys(&moved), sorted(&["a5-a4", "a5-b4", "a5-b5"]));
        let back = after(&moved, "a5-a4");
        assert_eq!(back.to_text(), "5/b4/1w3/5/4w w e1<d1,b3<c3 - 0");
        assert_eq!(
            keys(&back),
            sorted(&["b3-a3", "b3-b4", "e1-d2", "e1-e2"]),
            "{game:?}"
        );
        assert_eq!(
            after(&p, "c3-c4").to_text(),
            "b4/2w2/5/5/4w b e1<d1 - 0",
            "a forward step leaves nothing to remember"
        );
    }
    // Classic has no no-return rule: both sideways steps are open.
    let classic = pos(RefGame::Classic, "b4/5/2w2/5/4w w");
    assert!(keys(&classic).contains(&"c3-d3".to_string()));
    assert!(keys(&classic).contains(&"e1-d1".to_string()));
}

/// White c3 (memory from b3) must jump black d4 diagonally to e5. The jump
/// clears c3's memory and d4's memory leaves with the captured piece. Black
/// has no pieces left, so no turns.
#[test]
fn qirkat_jump_clears_memory_and_captured_memory_is_dropped() {
    let p = pos(RefGame::Qirkat, "5/3b1/2w2/5/5 w c3<b3,d4<e4 - 0");
    assert_eq!(keys(&p), sorted(&["c3xe5:d4"]));
    let next = after(&p, "c3xe5:d4");
    assert_eq!(next.to_text(), "4w/5/5/5/5 b - - 0");
    assert!(next.turns().is_empty());
    assert_eq!(perft(&p, 2, false), 0);
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

#[test]
fn position_text_round_trips() {
    let cases = [
        (RefGame::Classic, START),
        (RefGame::Special, START),
        (RefGame::Qirkat, START),
        (RefGame::Bell, START),
        (RefGame::Qirkat, "b4/5/2w2/5/4w w e1<d1,c3<d3 - 0"),
        (RefGame::Bell, "5/b4/1w3/5/4w w e1<d1,b3<c3 - 0"),
        (RefGame::Special, "bbbbb/bbb1b/bbwbw/wwwww/wwwww w - b3 0"),
        (RefGame::Special, "5/1b3/b4/2b2/2WB1 w - - 50"),
        (RefGame::Classic, "5/5/5/5/w3b b - - 17"),
    ];
    for (game, text) in cases {
        assert_eq!(pos(game, text).to_text(), text, "{game:?}");
    }
    for game in [
        RefGame::Classic,
        RefGame::Special,
        RefGame::Qirkat,
        RefGame::Bell,
    ] {
        // The last three fields may be left out when they are `- - 0`.
        assert_eq!(
            pos(game, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w"),
            RefPosition::start(game)
        );
        assert_eq!(
            RefGame::from_key(&format!("{game:?}").to_lowercase()),
            Some(game)
        );
    }
    assert_eq!(RefGame::from_key("turkish"), None);
    // Memories are written in point order whatever order they were read in.
    assert_eq!(
        pos(RefGame::Qirkat, "b4/5/2w2/5/4w w e1<d1,c3<d3 - 0"),
        pos(RefGame::Qirkat, "b4/5/2w2/5/4w w c3<d3,e1<d1 - 0")
    );
}

#[test]
fn position_text_rejects_garbage_without_panicking() {
    let bad = [
        (RefGame::Classic, ""),
        (RefGame::Classic, "   "),
        (RefGame::Classic, "garbage"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbbb/bbbbb/bb1ww/wwwww/wwwww w"),
        (RefGame::Classic, "bbbb/bbbbb/bb1ww/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/b11ww/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/bb0ww/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/bb9/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1wx/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1wé/wwwww/wwwww w"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww x"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w -"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 0 0"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - x"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - -1"),
        (RefGame::Classic, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 51"),
        (
            RefGame::Classic,
            "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 99999999999999999999",
        ),
        (RefGame::Classic, "bbbbb/bbbbb/bb1Ww/wwwww/wwwww w"),
        (
            RefGame::Classic,
            "bbbbb/bbbbb/bb1ww/wwwww/wwwww w d3<c3 - 0",
        ),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - b3 0"),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - 3"),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w d3<d2 - 0"),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w c3<d3 - 0"),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w d3< - 0"),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w d3 - 0"),
        (
            RefGame::Qirkat,
            "bbbbb/bbbbb/bb1ww/wwwww/wwwww w d3<c3, - 0",
        ),
        (
            RefGame::Qirkat,
            "bbbbb/bbbbb/bb1ww/wwwww/wwwww w d3<c3,d3<c3 - 0",
        ),
        (RefGame::Qirkat, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w z9<c3 - 0"),
        (RefGame::Special, "bbbbw/bbbbb/bb1ww/wwwww/wwwww w"),
        (RefGame::Special, "bbbbb/bbbbb/bb1ww/wwwww/bwwww w"),
        (RefGame::Special, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - d3 0"),
        (RefGame::Special, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - c3 0"),
        (
            RefGame::Special,
            "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - b3,b3 0",
        ),
        (RefGame::Special, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - b3, 0"),
    ];
    for (game, text) in bad {
        let result = std::panic::catch_unwind(|| RefPosition::from_text(game, text));
        match result {
            Ok(Err(_)) => {}
            Ok(Ok(p)) => panic!("accepted `{text}` as {}", p.to_text()),
            Err(_) => panic!("panicked on `{text}`"),
        }
    }
}

#[test]
fn turn_keys_follow_the_documented_form() {
    let huff_step = RefTurn {
        huff: Some("b3".to_string()),
        path: vec!["c2".to_string(), "c3".to_string()],
        captured: vec![],
    };
    assert_eq!(huff_step.key(), "h:b3 c2-c3");
    let capture = RefTurn {
        huff: None,
        path: vec!["c1".to_string(), "c3".to_string(), "e3".to_string()],
        // Given out of point order: the key sorts them.
        captured: vec!["d3".to_string(), "c2".to_string()],
    };
    assert_eq!(capture.key(), "c1xe3:c2,d3");
    assert_eq!(capture.text(), "c1xc3xe3");
    let huff_only = RefTurn {
        huff: Some("e5".to_string()),
        path: vec![],
        captured: vec![],
    };
    assert_eq!(huff_only.key(), "h:e5");
}

/// Not a check: prints the reference perft table from the start of every
/// rule set (`cargo test --test reference_selftest -- --ignored --nocapture`;
/// `REF_PERFT_DEPTH` sets the deepest level, 7 by default; `REF_PERFT_GAMES`
/// may name the rule sets, e.g. `qirkat,bell`).
#[test]
#[ignore]
fn print_perft_from_start() {
    let deepest = std::env::var("REF_PERFT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(7);
    for game in [
        RefGame::Classic,
        RefGame::Special,
        RefGame::Qirkat,
        RefGame::Bell,
    ] {
        if let Ok(only) = std::env::var("REF_PERFT_GAMES") {
            if !only.split(',').any(|key| key == game.key()) {
                continue;
            }
        }
        let start = RefPosition::start(game);
        for depth in 1..=deepest {
            let time = std::time::Instant::now();
            let dedup = perft(&start, depth, false);
            let paths = perft(&start, depth, true);
            println!(
                "{} depth {depth}: {dedup} (paths {paths}) in {:.2?}",
                game.key(),
                time.elapsed()
            );
        }
    }
}
