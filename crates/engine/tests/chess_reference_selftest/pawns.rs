//! Reference self-checks: pawns, en passant and promotion.

use super::*;

// ---------------------------------------------------------------------------
// Pawns

/// d5 has no diagonals: the pawn captures the rook straight ahead on d6. With
/// d6 empty it just steps there, and it never takes c6 or e6 (no diagonal
/// line leaves d5).
#[test]
fn pawn_without_diagonals_captures_straight_forward() {
    let capture = setup("Kb1 kh9 Pd5 rd6", "w", "-");
    assert_eq!(moves_from(&capture, "d5"), list(&["d5d6"]));
    let after = capture.play("d5d6");
    assert_eq!(after.to_fen(), "7k1/9/9/3P5/9/9/9/9/1K7 b - - 0 1");

    let sideways = setup("Kb1 kh9 Pd5 rc6 re6", "w", "-");
    assert_eq!(moves_from(&sideways, "d5"), list(&["d5d6"]));

    // The straight capture is also an attack: a king straight ahead of such a
    // pawn is in check; straight ahead of a pawn on a diagonal point it is not.
    let check = setup("Kb1 Pd5 kd6", "b", "-");
    assert!(check.in_check());
    assert!(check.moves().contains(&"d6d5".to_string()));
    let no_check = setup("Kb1 Pe5 ke6", "b", "-");
    assert!(!no_check.in_check());
}

/// e5 is a diagonal point: the rook straight ahead on e6 blocks the pawn
/// (no straight capture), but the knights on d6 and f6 can be taken
/// diagonally forward.
#[test]
fn pawn_on_diagonal_point_captures_only_diagonally() {
    let pos = setup("Kb1 kh9 Pe5 re6 nd6 nf6", "w", "-");
    assert_eq!(moves_from(&pos, "e5"), list(&["e5d6", "e5f6"]));
}

/// Double step from rank 2:
/// - c2: c3 and c4 empty -> c2c3, c2c4.
/// - b2 (a diagonal point) likewise -> b2b3, b2b4.
/// - e2: own knight on e3 -> nothing (no step, no double step).
/// - g2: g3 empty, black knight on g4 -> only g2g3 (a double step never
///   captures).
/// - d3 is not on the starting rank -> only d3d4.
///
/// Black's pawn on c8 goes down: c8c7, c8c6.
#[test]
fn pawn_double_step() {
    let pos = setup("Kb1 kh9 Pb2 Pc2 Pe2 Ne3 Pg2 ng4 Pd3", "w", "-");
    assert_eq!(moves_from(&pos, "b2"), list(&["b2b3", "b2b4"]));
    assert_eq!(moves_from(&pos, "c2"), list(&["c2c3", "c2c4"]));
    assert_eq!(moves_from(&pos, "e2"), list(&[]));
    assert_eq!(moves_from(&pos, "g2"), list(&["g2g3"]));
    assert_eq!(moves_from(&pos, "d3"), list(&["d3d4"]));
    let black = setup("Kb1 kh9 pc8", "b", "-");
    assert_eq!(moves_from(&black, "c8"), list(&["c8c6", "c8c7"]));
}

/// Black's e8 pawn double-steps to e6 past e7 (a diagonal point). The white
/// pawn on d6 (a diagonal point) may take it en passant by moving diagonally
/// forward to e7; the black pawn leaves e6. Besides that it can step to d7.
#[test]
fn en_passant_by_pawn_on_diagonal_point() {
    let start = setup("Ka1 ki9 Pd6 pe8", "b", "-");
    let pos = start.play("e8e6");
    assert_eq!(pos.to_fen(), "8k/9/9/3Pp4/9/9/9/9/K8 w - e7 0 2");
    assert_eq!(moves_from(&pos, "d6"), list(&["d6d7", "d6e7"]));
    let taken = pos.play("d6e7");
    assert_eq!(taken.to_fen(), "8k/9/4P4/9/9/9/9/9/K8 b - - 0 2");

    // One move later the chance is gone: d6 can only step to d7.
    let later = pos.play("a1b1").play("i9h9");
    assert_eq!(moves_from(&later, "d6"), list(&["d6d7"]));

    // With no pawn able to capture, the point is not written.
    let alone = setup("Ka1 ki9 pe8", "b", "-").play("e8e6");
    assert_eq!(alone.to_fen(), "8k/9/9/4p4/9/9/9/9/K8 w - - 0 2");
}

/// b8 -> b6 skips b7, a point without diagonals. The white pawn beside it on
/// c6 stands on a point without diagonals, so it captures only straight
/// forward (c7, empty): it just steps there, no en passant.
#[test]
fn en_passant_not_for_pawn_without_diagonals() {
    let pos = setup("Ka1 ki9 Pc6 pb8", "b", "-").play("b8b6");
    assert_eq!(moves_from(&pos, "c6"), list(&["c6c7"]));
    assert_eq!(pos.to_fen(), "8k/9/9/1pP6/9/9/9/9/K8 w - - 0 2");
}

/// After e8-e6, taking en passant from d6 would empty both d6 and e6 and
/// open rank 6 from the rook on i6 to the white king on a6: illegal, and so
/// the en-passant point is not written either.
#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    let pos = setup("Ka6 Pd6 pe8 ri6 ki9", "b", "-").play("e8e6");
    assert_eq!(moves_from(&pos, "d6"), list(&["d6d7"]));
    assert_eq!(pos.to_fen(), "8k/9/9/K2Pp3r/9/9/9/9/9 w - - 0 2");
}

/// Promotion: the d8 pawn (diagonal point) can step to d9 or take the
/// knights on c9 and e9, each with the five choices: 15 moves.
#[test]
fn promotion_to_all_five_pieces() {
    let pos = setup("Ki1 ka5 Pd8 nc9 ne9", "w", "-");
    let mut expected = Vec::new();
    for to in ["c9", "d9", "e9"] {
        for piece in ["q", "r", "b", "n", "a"] {
            expected.push(format!("d8{to}{piece}"));
        }
    }
    expected.sort();
    assert_eq!(moves_from(&pos, "d8"), expected);

    let archbishop = pos.play("d8e9a");
    assert_eq!(archbishop.to_fen(), "2n1A4/9/9/9/k8/9/9/9/8K b - - 0 1");
    // e9 is a diagonal point; the diagonal e9-d8-c7-b6-a5 is empty, so a new
    // queen, bishop or archbishop there gives check; a rook or knight does not.
    assert!(archbishop.in_check());
    assert!(pos.play("d8e9q").in_check());
    assert!(pos.play("d8e9b").in_check());
    assert!(!pos.play("d8e9r").in_check());
    assert!(!pos.play("d8e9n").in_check());

    // c8 has no diagonals: the capture onto c9 is straight forward.
    let straight = setup("Ki1 ka5 Pc8 rc9", "w", "-");
    assert_eq!(
        moves_from(&straight, "c8"),
        list(&["c8c9a", "c8c9b", "c8c9n", "c8c9q", "c8c9r"])
    );
    // Black promotes on rank 1.
    let black = setup("Ki1 ka5 pe2", "b", "-");
    assert_eq!(
        moves_from(&black, "e2"),
        list(&["e2e1a", "e2e1b", "e2e1n", "e2e1q", "e2e1r"])
    );
}
