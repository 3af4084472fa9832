//! Reference self-checks for Special: kings, promotion and huffing.

use super::*;

// ---------------------------------------------------------------------------
// Special
// ---------------------------------------------------------------------------

/// ```text
/// 5  . . . . .
/// 4  . b . . .
/// 3  b . . . .
/// 2  . . b . .
/// 1  . . W B .      W = white king, B = black king
/// ```
/// King c1 jumps:
/// - right over d1 to e1 (the only point beyond); from e1 (no turning back
///   left) nothing: `c1xe1:d1`.
/// - up over c2, landing c3, c4 or c5 (each a separate path):
///   - c3: left finds a3 at the edge with nothing beyond, right/up empty: ends.
///   - c4: left over b4 to a4 (must continue); from a4 down over a3 to a2
///     (ends: right finds only empty points, c2 is gone) or a1; from a1 right
///     past b1 and c1 (the vacated origin) over d1 to e1: ends.
///   - c5: nothing more.
///
/// Slides: b1, a1 (up and right are blocked next door). Seven turns; c1xc4
/// and c1xa4 are not turns because those chains must go on.
#[test]
fn special_king_long_range_capture_lands_on_any_point_beyond() {
    let p = pos(RefGame::Special, "5/1b3/b4/2b2/2WB1 w - - 3");
    assert_eq!(
        keys(&p),
        sorted(&[
            "c1xe1:d1",
            "c1xc3:c2",
            "c1xc5:c2",
            "c1xa2:c2,a3,b4",
            "c1xe1:d1,c2,a3,b4",
            "c1-b1",
            "c1-a1",
        ])
    );
    assert_eq!(
        turn(&p, "c1xe1:d1,c2,a3,b4").text(),
        "c1xc4xa4xa1xe1",
        "the king passes over its own vacated origin"
    );
    assert_eq!(p.turn_paths().len(), 7);
    // A king slide adds to the counter; a capture resets it.
    assert_eq!(after(&p, "c1-a1").counter(), 4);
    assert_eq!(after(&p, "c1xc5:c2").counter(), 0);
}

/// ```text
/// 3  . b W b .
/// ```
/// King c3 jumps d3 to e3 (only landing). Turning back from e3 would cross
/// d3 and c3 (both empty now) and capture b3, but that is the exact reverse
/// of the previous jump: forbidden. Likewise c3xa3 cannot come back for d3.
/// Slides: c4, c5, c2, c1. Six turns.
#[test]
fn special_king_may_not_reverse_180_degrees_within_a_chain() {
    let p = pos(RefGame::Special, "5/5/1bWb1/5/5 w - - 0");
    assert_eq!(
        keys(&p),
        sorted(&["c3xe3:d3", "c3xa3:b3", "c3-c4", "c3-c5", "c3-c2", "c3-c1"])
    );
}

/// ```text
/// 5  . b . . .
/// 4  b . b . .
/// 3  w . . . .
/// ```
/// White man a3 jumps a4 forward to a5 (Black's back rank). Mid-chain it is
/// still a man, so from a5 it may only jump sideways: over b5 to c5. From c5
/// a king could jump c4 backward to c3, a man may not. It is crowned when
/// the move ends: `2W2/2b2/...`. Capturing is optional, so a3-b3 is also a
/// turn; a man step onto the back rank also crowns.
#[test]
fn special_man_reaching_back_rank_mid_chain_captures_on_as_a_man() {
    let p = pos(RefGame::Special, "1b3/b1b2/w4/5/5 w - - 9");
    assert_eq!(keys(&p), sorted(&["a3xc5:a4,b5", "a3-b3"]));
    let next = after(&p, "a3xc5:a4,b5");
    assert_eq!(next.to_text(), "2W2/2b2/5/5/5 b - - 0");

    let step = pos(RefGame::Special, "5/w4/4b/5/5 w - - 9");
    assert_eq!(
        after(&step, "a4-a5").to_text(),
        "W4/5/4b/5/5 b - - 0",
        "a man step resets the counter and crowns on the back rank"
    );
}

/// From the start: White d3-c3. Black could capture b3xd3 but steps d4-d3
/// instead, so b3 (Black's only piece with a capture there) becomes huffable:
///
/// ```text
/// 5  b b b b b
/// 4  b b b . b
/// 3  b b w b w      huffable: b3
/// 2  w w w w w
/// 1  w w w w w
/// ```
/// White without a huff: only d2 jumps d3 up to d4 (no white man is next to
/// the empty d4 otherwise). With the huff of b3: d2xd4 again, or a step into
/// the emptied b3 from c3 (sideways) or b2 (forward). So four turns.
///
/// After `h:b3 b2-b3` White has skipped its own capture d2xd4, so the new set
/// is {d2}. After `h:b3 d2xd4:d3` White captured: the set is empty, and Black
/// has no huff turn.
#[test]
fn special_huff_after_a_skipped_capture() {
    let start = RefPosition::start(RefGame::Special);
    let p = after(&after(&start, "d3-c3"), "d4-d3");
    assert_eq!(p.to_text(), "bbbbb/bbb1b/bbwbw/wwwww/wwwww w - b3 0");
    assert_eq!(
        keys(&p),
        sorted(&["d2xd4:d3", "h:b3 d2xd4:d3", "h:b3 c3-b3", "h:b3 b2-b3"])
    );
    let t = turn(&p, "h:b3 c3-b3");
    assert_eq!(t.huff.as_deref(), Some("b3"));
    assert_eq!(t.text(), "h:b3 c3-b3");

    let stepped = after(&p, "h:b3 b2-b3");
    assert_eq!(stepped.to_text(), "bbbbb/bbb1b/bwwbw/w1www/wwwww b - d2 0");

    let captured = after(&p, "h:b3 d2xd4:d3");
    assert_eq!(captured.to_text(), "bbbbb/bbbwb/b1w1w/www1w/wwwww b - - 0");
    assert!(captured.turns().iter().all(|t| t.huff.is_none()));

    // Without the huff, b3 survives and the set is gone all the same.
    let plain = after(&p, "d2xd4:d3");
    assert_eq!(plain.to_text(), "bbbbb/bbbwb/bbw1w/www1w/wwwww b - - 0");
    assert!(plain.turns().iter().all(|t| t.huff.is_none()));
}

/// Black b2 is huffable and is Black's last piece. White's plain turns: c2
/// jumps b2 sideways to a2 (optional), c2-c3, c2-d2, a1-a2, a1-b1. Huffing b2
/// removes the last black piece, which is a whole turn: `h:b2`. After it
/// Black has no pieces and no turns.
///
/// If White instead plays a1-a2 it skips the capture c2xa2 (c2 is its only
/// capturing piece), so Black may huff c2 next.
#[test]
fn special_huff_of_the_last_piece_is_a_whole_turn() {
    let p = pos(RefGame::Special, "5/5/5/1bw2/w4 w - b2 4");
    assert_eq!(
        keys(&p),
        sorted(&["c2xa2:b2", "c2-c3", "c2-d2", "a1-a2", "a1-b1", "h:b2"])
    );
    let huff = turn(&p, "h:b2");
    assert!(huff.path.is_empty() && huff.captured.is_empty());
    assert_eq!(huff.text(), "h:b2");
    let done = p.play(&huff);
    assert_eq!(done.to_text(), "5/5/5/2w2/w4 b - - 0");
    assert!(done.turns().is_empty());

    let skipped = after(&p, "a1-a2");
    assert_eq!(skipped.to_text(), "5/5/5/wbw2/5 b - c2 0");
    assert!(keys(&skipped).iter().any(|k| k.starts_with("h:c2 ")));
}

/// A piece that had a capture and then moved away is huffable on the point
/// it moved to. White c2 could jump b2; it steps to c3 instead: set {c3}.
#[test]
fn special_huffable_piece_that_moved_is_listed_on_its_destination() {
    let p = pos(RefGame::Special, "5/5/5/1bw2/w4 w - - 0");
    assert_eq!(after(&p, "c2-c3").to_text(), "5/5/2w2/1b3/w4 b - c3 0");
    // a1 had no capture and c2 stays where it was.
    assert_eq!(after(&p, "a1-b1").to_text(), "5/5/5/1bw2/1w3 b - c2 0");
    // No capture was possible for Black's only man on b4: no huff for White.
    let q = pos(RefGame::Special, "5/1b3/5/5/w4 b - - 0");
    assert_eq!(after(&q, "b4-b3").to_text(), "5/5/1b3/5/w4 w - - 0");
}
