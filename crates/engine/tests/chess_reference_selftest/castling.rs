//! Reference self-checks: castling.

use super::*;

// ---------------------------------------------------------------------------
// Castling

pub(crate) const CASTLING: &str = "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1";

/// King on e1 (diagonal point) steps to d1, f1, d2, e2, f2 (nothing attacks
/// ranks 1-2 but the a- and i-files); and it castles both ways: e1b1 with
/// a1->c1, e1h1 with i1->g1. The black rooks attack a1 and i1, which does not
/// matter: only the king's points are tested.
#[test]
fn castling_both_sides() {
    let pos = pos(CASTLING);
    assert_eq!(
        moves_from(&pos, "e1"),
        from_to("e1", "b1 d1 d2 e2 f1 f2 h1")
    );
    assert_eq!(
        pos.play("e1b1").to_fen(),
        "r3k3r/9/9/9/9/9/9/9/1KR5R b kq - 1 1"
    );
    assert_eq!(
        pos.play("e1h1").to_fen(),
        "r3k3r/9/9/9/9/9/9/9/R5RK1 b kq - 1 1"
    );
    let black = self::pos("r3k3r/9/9/9/9/9/9/9/R3K3R b KQkq - 0 1");
    assert_eq!(
        moves_from(&black, "e9"),
        from_to("e9", "b9 d8 d9 e8 f8 f9 h9")
    );
    assert_eq!(
        black.play("e9b9").to_fen(),
        "1kr5r/9/9/9/9/9/9/9/R3K3R w KQ - 1 2"
    );
    assert_eq!(
        black.play("e9h9").to_fen(),
        "r5rk1/9/9/9/9/9/9/9/R3K3R w KQ - 1 2"
    );
}

fn castles(pos: &RefChess) -> (bool, bool) {
    let moves = pos.moves();
    (
        moves.contains(&"e1h1".to_string()),
        moves.contains(&"e1b1".to_string()),
    )
}

#[test]
fn castling_needs_the_right() {
    let pos = pos("r3k3r/9/9/9/9/9/9/9/R3K3R w Kkq - 0 1");
    assert_eq!(castles(&pos), (true, false));
    let pos = self::pos("r3k3r/9/9/9/9/9/9/9/R3K3R w Qkq - 0 1");
    assert_eq!(castles(&pos), (false, true));
}

/// A knight on b1 (queenside) or g1 (the other side) stands between king and
/// rook.
#[test]
fn castling_needs_empty_points_between() {
    let pos = pos("r3k3r/9/9/9/9/9/9/9/RN2K3R w KQkq - 0 1");
    assert_eq!(castles(&pos), (true, false));
    let pos = self::pos("r3k3r/9/9/9/9/9/9/9/R3K1N1R w KQkq - 0 1");
    assert_eq!(castles(&pos), (false, true));
}

/// A black rook on e5 checks the king along the empty e-file: no castling.
#[test]
fn castling_not_out_of_check() {
    let pos = pos("r3k3r/9/9/9/4r4/9/9/9/R3K3R w KQkq - 0 1");
    assert!(pos.in_check());
    assert_eq!(castles(&pos), (false, false));
}

/// A black rook on rank 5 attacks the whole file below it. On a point without
/// diagonals (b5, d5, f5, h5) it slides orthogonally only; on c5 and g5
/// (diagonal points) it also has one diagonal step to rank 4, which reaches
/// no first-rank point. So an attacked b1, c1 or d1 stops queenside castling,
/// an attacked f1, g1 or h1 the other side, and the other castling stays.
#[test]
fn castling_not_through_or_onto_attacked_points() {
    for (file, short, long) in [
        ("b", true, false),
        ("c", true, false),
        ("d", true, false),
        ("f", false, true),
        ("g", false, true),
        ("h", false, true),
    ] {
        let rank5 = match file {
            "b" => "1r7",
            "c" => "2r6",
            "d" => "3r5",
            "f" => "5r3",
            "g" => "6r2",
            _ => "7r1",
        };
        let fen = format!("r3k3r/9/9/9/{rank5}/9/9/9/R3K3R w KQkq - 0 1");
        let pos = pos(&fen);
        assert!(!pos.in_check(), "{fen}");
        assert_eq!(castles(&pos), (short, long), "{fen}");
    }
}

/// Rights go when the king moves (even if it comes back), when a rook leaves
/// its corner (even if it comes back), and when something lands on the
/// corner.
#[test]
fn castling_rights_lost() {
    let start = pos(CASTLING);
    let rook_back = start.play("a1a2").play("a9a8").play("a2a1").play("a8a9");
    assert_eq!(rook_back.to_fen(), "r3k3r/9/9/9/9/9/9/9/R3K3R w Kk - 4 3");
    assert_eq!(castles(&rook_back), (true, false));

    let king_back = start.play("e1e2").play("e9e8").play("e2e1").play("e8e9");
    assert_eq!(king_back.to_fen(), "r3k3r/9/9/9/9/9/9/9/R3K3R w - - 4 3");
    assert_eq!(castles(&king_back), (false, false));

    // Ra1xa9: leaves a1 (White's Q) and lands on a9 (Black's q). The rook on
    // a9 then checks e9 along rank 9.
    let captured = start.play("a1a9");
    assert_eq!(captured.to_fen(), "R3k3r/9/9/9/9/9/9/9/4K3R b Kk - 0 1");
    assert!(captured.in_check());
}
