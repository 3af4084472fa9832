//! Checks of the Chesquerque reference move generator against move lists
//! worked out by hand from docs/rules.md. Each expected list was derived on paper
//! from the position in the comment, not copied from the generator's output.
//!
//! Reminder used throughout: a point is a diagonal point when (file number +
//! rank number) is even, a = 1. So e5 (5+5), d4, c3, e1, d6, f6 are diagonal
//! points; e4 (5+4), d5, b1, e2, c6 are not.

mod castling;
use castling::CASTLING;
#[path = "../chess_reference/mod.rs"]
mod chess_reference;
mod pawns;

use chess_reference::{perft, RefChess, START_FEN};

fn pos(fen: &str) -> RefChess {
    RefChess::from_fen(fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

/// Builds a position from a list such as "Kb1 kh9 Qe5" (piece letter, upper
/// case White, then the point), the side to move and the castling field.
fn setup(pieces: &str, side: &str, castling: &str) -> RefChess {
    let mut grid = [['.'; 9]; 9];
    for item in pieces.split_whitespace() {
        let chars: Vec<char> = item.chars().collect();
        assert_eq!(chars.len(), 3, "bad item `{item}`");
        let file = chars[1] as usize - 'a' as usize;
        let rank = chars[2] as usize - '1' as usize;
        assert_eq!(grid[rank][file], '.', "two pieces on `{item}`");
        grid[rank][file] = chars[0];
    }
    let mut rows = Vec::new();
    for rank in (0..9).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for &c in &grid[rank] {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    pos(&format!("{} {side} {castling} - 0 1", rows.join("/")))
}

fn list(moves: &[&str]) -> Vec<String> {
    let mut moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(pos: &RefChess, from: &str) -> Vec<String> {
    pos.moves()
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// "e5" + ["d4", "f6"] -> ["e5d4", "e5f6"], sorted.
fn from_to(from: &str, targets: &str) -> Vec<String> {
    let mut moves: Vec<String> = targets
        .split_whitespace()
        .map(|t| format!("{from}{t}"))
        .collect();
    moves.sort();
    moves
}

// ---------------------------------------------------------------------------
// Start position

/// Start: rank 1 holds Ra1 Nb1 Bc1 Qd1 Ke1 Af1 Bg1 Nh1 Ri1, rank 2 is full
/// of pawns, rank 3 is empty.
/// - Every pawn steps to rank 3 or double-steps to rank 4: 9 x 2 = 18.
/// - Pieces on diagonal points (Ra1, Bc1, Ke1, Bg1, Ri1): all their steps and
///   slides start into rank 1 or rank 2, which are full.
/// - Pieces on points without diagonals (Nb1, Qd1, Af1, Nh1) move only
///   orthogonally at first; the knights' (and archbishop's) first step must
///   land on an empty point: b1's neighbours a1, c1, b2 are all occupied, as
///   are h1's (g1, i1, h2) and f1's (e1, g1, f2). So no knight move at all.
///
/// Total 18. Black's replies mirror them (nothing White plays reaches rank
/// 5 or higher), so perft 2 = 18 x 18 = 324.
#[test]
fn start_position_only_pawns_move() {
    let start = RefChess::start();
    let mut expected = Vec::new();
    for file in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
        expected.push(format!("{file}2{file}3"));
        expected.push(format!("{file}2{file}4"));
    }
    expected.sort();
    assert_eq!(start.moves(), expected);
    assert!(!start.in_check());

    let mut replies = Vec::new();
    for file in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
        replies.push(format!("{file}8{file}7"));
        replies.push(format!("{file}8{file}6"));
    }
    replies.sort();
    assert_eq!(start.play("e2e4").moves(), replies);
    assert_eq!(perft(&start, 1), 18);
    assert_eq!(perft(&start, 2), 324);
}

/// After b2-b3 the b1 knight (no diagonals) can step up to the now empty b2 (a
/// diagonal point) and go on diagonally outward to a3 or c3.
#[test]
fn start_knight_moves_once_its_middle_point_is_free() {
    let pos = RefChess::start().play("b2b3").play("e8e7");
    assert_eq!(moves_from(&pos, "b1"), list(&["b1a3", "b1c3"]));
}

// ---------------------------------------------------------------------------
// Knights

/// Knight on d4 (diagonal point): diagonal step to c3/e3/c5/e5, then an
/// orthogonal step outward:
///   via e5: f5, e6   via e3: f3, e2   via c5: b5, c6   via c3: b3, c2.
/// White pawn on e5 blocks f5 and e6; black pawn on c3 blocks b3 and c2 (and
/// is not captured); a black knight on f3 is captured normally.
/// Left: b5, c6, e2, f3.
#[test]
fn knight_on_diagonal_point_blocked_by_middle_point() {
    let open = setup("Kb1 kh9 Nd4", "w", "-");
    assert_eq!(
        moves_from(&open, "d4"),
        from_to("d4", "b3 b5 c2 c6 e2 e6 f3 f5")
    );
    let blocked = setup("Kb1 kh9 Nd4 Pe5 pc3 nf3", "w", "-");
    assert_eq!(moves_from(&blocked, "d4"), from_to("d4", "b5 c6 e2 f3"));
}

/// Knight on d5 (no diagonals): orthogonal step to d6/d4/e5/c5, then a
/// diagonal step outward:
///   via d6: c7, e7   via d4: c3, e3   via e5: f6, f4   via c5: b6, b4.
/// Own pawn on d6 blocks c7, e7; black pawn on e5 blocks f6, f4.
/// Left: b4, b6, c3, e3.
#[test]
fn knight_without_diagonals_blocked_by_middle_point() {
    let open = setup("Kb1 kh9 Nd5", "w", "-");
    assert_eq!(
        moves_from(&open, "d5"),
        from_to("d5", "b4 b6 c3 c7 e3 e7 f4 f6")
    );
    let blocked = setup("Kb1 kh9 Nd5 Pd6 pe5", "w", "-");
    assert_eq!(moves_from(&blocked, "d5"), from_to("d5", "b4 b6 c3 e3"));
}

// ---------------------------------------------------------------------------
// Each piece on a diagonal point (e5) and on a point without diagonals (e4).
// Kings on b1 and h9 lie on none of the lines through e5 or e4 and on no
// knight target, so they block nothing.

/// Orthogonal rays from e5: e6-e9, e4-e1, d5-a5, f5-i5 (16 points).
const E5_ORTHOGONAL: &str = "e6 e7 e8 e9 e4 e3 e2 e1 d5 c5 b5 a5 f5 g5 h5 i5";
/// Diagonal rays from e5: f6-i9, d6-a9, f4-i1, d4-a1 (16 points).
const E5_DIAGONAL: &str = "f6 g7 h8 i9 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1";
/// Orthogonal rays from e4: e5-e9, e3-e1, d4-a4, f4-i4 (16 points).
const E4_ORTHOGONAL: &str = "e5 e6 e7 e8 e9 e3 e2 e1 d4 c4 b4 a4 f4 g4 h4 i4";

/// King: on e5 one step along any of the eight lines; on e4 one orthogonal
/// step only.
#[test]
fn king_moves_by_point_type() {
    let on_diagonal = setup("Ke5 ka9", "w", "-");
    assert_eq!(
        moves_from(&on_diagonal, "e5"),
        from_to("e5", "d4 d5 d6 e4 e6 f4 f5 f6")
    );
    let plain = setup("Ke4 ka9", "w", "-");
    assert_eq!(moves_from(&plain, "e4"), from_to("e4", "d4 f4 e3 e5"));
}

/// Queen: slides along all eight lines on e5 (32), only orthogonally on e4
/// (16).
#[test]
fn queen_moves_by_point_type() {
    let on_diagonal = setup("Kb1 kh9 Qe5", "w", "-");
    let expected = from_to("e5", &format!("{E5_ORTHOGONAL} {E5_DIAGONAL}"));
    assert_eq!(expected.len(), 32);
    assert_eq!(moves_from(&on_diagonal, "e5"), expected);
    let plain = setup("Kb1 kh9 Qe4", "w", "-");
    assert_eq!(moves_from(&plain, "e4"), from_to("e4", E4_ORTHOGONAL));
}

/// Rook: orthogonal slides everywhere, plus one diagonal step (d4 d6 f4 f6)
/// on e5: 20 and 16.
#[test]
fn rook_moves_by_point_type() {
    let on_diagonal = setup("Kb1 kh9 Re5", "w", "-");
    let expected = from_to("e5", &format!("{E5_ORTHOGONAL} d4 d6 f4 f6"));
    assert_eq!(expected.len(), 20);
    assert_eq!(moves_from(&on_diagonal, "e5"), expected);
    let plain = setup("Kb1 kh9 Re4", "w", "-");
    assert_eq!(moves_from(&plain, "e4"), from_to("e4", E4_ORTHOGONAL));
}

/// Bishop: diagonal slides plus one orthogonal step (d5 f5 e4 e6) on e5: 20;
/// on e4 only the one orthogonal step: d4 f4 e3 e5.
#[test]
fn bishop_moves_by_point_type() {
    let on_diagonal = setup("Kb1 kh9 Be5", "w", "-");
    let expected = from_to("e5", &format!("{E5_DIAGONAL} d5 f5 e4 e6"));
    assert_eq!(expected.len(), 20);
    assert_eq!(moves_from(&on_diagonal, "e5"), expected);
    let plain = setup("Kb1 kh9 Be4", "w", "-");
    assert_eq!(moves_from(&plain, "e4"), from_to("e4", "d4 f4 e3 e5"));
}

/// Knight on e5: via f6 -> g6, f7; via f4 -> g4, f3; via d6 -> c6, d7;
/// via d4 -> c4, d3. Knight on e4: via e5 -> d6, f6; via e3 -> d2, f2;
/// via f4 -> g5, g3; via d4 -> c5, c3.
#[test]
fn knight_moves_by_point_type() {
    let on_diagonal = setup("Kb1 kh9 Ne5", "w", "-");
    assert_eq!(
        moves_from(&on_diagonal, "e5"),
        from_to("e5", "c4 c6 d3 d7 f3 f7 g4 g6")
    );
    let plain = setup("Kb1 kh9 Ne4", "w", "-");
    assert_eq!(
        moves_from(&plain, "e4"),
        from_to("e4", "c3 c5 d2 d6 f2 f6 g3 g5")
    );
}

/// Archbishop = bishop + knight of the point: 20 + 8 = 28 on e5, 4 + 8 = 12
/// on e4.
#[test]
fn archbishop_moves_by_point_type() {
    let on_diagonal = setup("Kb1 kh9 Ae5", "w", "-");
    let expected = from_to(
        "e5",
        &format!("{E5_DIAGONAL} d5 f5 e4 e6 c4 c6 d3 d7 f3 f7 g4 g6"),
    );
    assert_eq!(expected.len(), 28);
    assert_eq!(moves_from(&on_diagonal, "e5"), expected);
    let plain = setup("Kb1 kh9 Ae4", "w", "-");
    assert_eq!(
        moves_from(&plain, "e4"),
        from_to("e4", "d4 f4 e3 e5 c3 c5 d2 d6 f2 f6 g3 g5")
    );
}

/// Pawn on an empty board: one step straight forward from either kind of
/// point (not on its starting rank, so no double step). Black goes down.
#[test]
fn pawn_moves_by_point_type() {
    let white = setup("Kb1 kh9 Pe5 Pd5", "w", "-");
    assert_eq!(moves_from(&white, "e5"), list(&["e5e6"]));
    assert_eq!(moves_from(&white, "d5"), list(&["d5d6"]));
    let black = setup("Kb1 kh9 pe5 pd5", "b", "-");
    assert_eq!(moves_from(&black, "e5"), list(&["e5e4"]));
    assert_eq!(moves_from(&black, "d5"), list(&["d5d4"]));
}

// ---------------------------------------------------------------------------
// Legality

/// The e2 knight is pinned by the rook on e9 against the king on e1. Without
/// the rook it could go c1, c3, d4, f4, g1, g3 (via d2, e3, f2; not via e1,
/// its own king).
#[test]
fn pinned_piece_cannot_leave_the_line() {
    let free = setup("Ke1 Ne2 ka9", "w", "-");
    assert_eq!(moves_from(&free, "e2"), from_to("e2", "c1 c3 d4 f4 g1 g3"));
    let pinned = setup("Ke1 Ne2 re9 ka9", "w", "-");
    assert_eq!(moves_from(&pinned, "e2"), list(&[]));
    assert_eq!(moves_from(&pinned, "e1"), from_to("e1", "d1 d2 f1 f2"));
}

/// The c3 bishop is pinned on the a1-i9 diagonal by the queen on e5. Free it
/// would have b2, d4, e5, b4, a5, d2, e1 and the steps c2, c4, b3, d3; pinned
/// it keeps only b2, d4 and the capture on e5.
#[test]
fn pinned_piece_may_move_along_the_pin() {
    let pos = setup("Ka1 Bc3 qe5 kh9", "w", "-");
    assert_eq!(moves_from(&pos, "c3"), from_to("c3", "b2 d4 e5"));
}

/// The rook on e5 checks e1 along the e-file. Answers: the king to d1, d2,
/// f1 or f2 (e2 stays on the file); the knight on c4 (no diagonals: via d4
/// it reaches e5 and e3) captures the rook or blocks on e3; the rook on i2
/// blocks on e2. Nothing else.
#[test]
fn check_must_be_answered() {
    let pos = setup("Ke1 Nc4 Ri2 re5 ka9", "w", "-");
    assert!(pos.in_check());
    assert_eq!(
        pos.moves(),
        list(&["c4e3", "c4e5", "e1d1", "e1d2", "e1f1", "e1f2", "i2e2"])
    );
}

/// Black king a9 (diagonal point: a8, b9, b8). The queen on b8 (diagonal
/// point) checks it diagonally, covers a8 and b9, and is guarded by the king
/// on c7 (a diagonal point, so it reaches b8). Mate.
#[test]
fn checkmate_leaves_no_moves() {
    let pos = setup("ka9 Qb8 Kc7", "b", "-");
    assert!(pos.in_check());
    assert_eq!(pos.moves(), list(&[]));
    assert_eq!(perft(&pos, 1), 0);
}

/// Black king a9. The queen on c8 has no diagonals: it covers rank 8 (a8, b8)
/// but not a9; the rook on b1 covers the b-file up to b9. No check, no move.
#[test]
fn stalemate_leaves_no_moves() {
    let pos = setup("ka9 Qc8 Rb1 Ki1", "b", "-");
    assert!(!pos.in_check());
    assert_eq!(pos.moves(), list(&[]));
}

// ---------------------------------------------------------------------------
// Position text

#[test]
fn fen_round_trips() {
    assert_eq!(RefChess::start().to_fen(), START_FEN);
    assert_eq!(pos(START_FEN), RefChess::start());
    for fen in [
        START_FEN,
        CASTLING,
        "r3k3r/9/9/9/9/9/9/9/R3K3R b Qk - 7 31",
        "8k/9/9/3Pp4/9/9/9/9/K8 w - e7 0 2",
        "2n1A4/9/9/9/k8/9/9/9/8K b - - 0 1",
        "9/9/9/9/4k4/9/9/9/4K4 w - - 99 120",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // A consistent en-passant point that no pawn can use is dropped.
    assert_eq!(
        pos("8k/9/9/4p4/9/9/9/9/K8 w - e7 0 2").to_fen(),
        "8k/9/9/4p4/9/9/9/9/K8 w - - 0 2"
    );
    // Clocks: a pawn move resets the halfmove clock, a knight move adds one;
    // the fullmove number goes up after Black's move.
    let played = RefChess::start().play("b2b3").play("h8h7").play("b1c3");
    assert_eq!(
        played.to_fen(),
        "rnbqkabnr/ppppppp1p/7p1/9/9/9/1PN6/P1PPPPPPP/R1BQKABNR b KQkq - 1 2"
    );
    assert_eq!(
        RefChess::start().play("e2e4").to_fen(),
        "rnbqkabnr/ppppppppp/9/9/9/4P4/9/PPPP1PPPP/RNBQKABNR b KQkq - 0 1"
    );
}

#[test]
fn bad_fen_is_rejected() {
    for bad in [
        "",
        " ",
        "rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0",
        "rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1 x",
        "rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR  w KQkq - 0 1",
        // eight ranks, ten ranks, long and short ranks
        "rnbqkabnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNRR w - - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/8/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/91/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/45/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/09/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/x8/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        "rnbqkabnr/ppppppppp/9/9/9/9/é8/PPPPPPPPP/RNBQKABNR w KQkq - 0 1",
        // kings: two white, none black
        "rnbqkabnr/ppppppppp/9/9/9/4K4/9/PPPPPPPPP/RNBQKABNR w - - 0 1",
        "rnbq1abnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKABNR w - - 0 1",
        // pawns on the first or last rank
        "4k3P/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/p3K4 w - - 0 1",
        // side to move
        "4k4/9/9/9/9/9/9/9/4K4 x - - 0 1",
        "4k4/9/9/9/9/9/9/9/4K4 W - - 0 1",
        // castling field
        "r3k3r/9/9/9/9/9/9/9/R3K3R w QK - 0 1",
        "r3k3r/9/9/9/9/9/9/9/R3K3R w KK - 0 1",
        "r3k3r/9/9/9/9/9/9/9/R3K3R w KX - 0 1",
        "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq- - 0 1",
        "r3k4/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1",
        "r3k3r/9/9/9/9/9/9/9/R4K2R w KQ - 0 1",
        // en-passant field: malformed, wrong rank, no pawn beyond, not empty
        "8k/9/9/3Pp4/9/9/9/9/K8 w - e10 0 2",
        "8k/9/9/3Pp4/9/9/9/9/K8 w - j7 0 2",
        "8k/9/9/3Pp4/9/9/9/9/K8 w - e3 0 2",
        "8k/9/9/3Pp4/9/9/9/9/K8 w - d7 0 2",
        "8k/9/9/3Pp4/9/9/9/9/K8 b - e7 0 2",
        "8k/4p4/9/3Pp4/9/9/9/9/K8 w - e7 0 2",
        "8k/9/9/3Pp4/9/9/9/9/K8 w - é7 0 2",
        // clocks
        "4k4/9/9/9/9/9/9/9/4K4 w - - -1 1",
        "4k4/9/9/9/9/9/9/9/4K4 w - - +1 1",
        "4k4/9/9/9/9/9/9/9/4K4 w - - x 1",
        "4k4/9/9/9/9/9/9/9/4K4 w - - 0 0",
        "4k4/9/9/9/9/9/9/9/4K4 w - - 0 ",
        "4k4/9/9/9/9/9/9/9/4K4 w - - 99999999999999999999 1",
        // the side not to move is in check: by a rook on the open e-file, by a
        // pawn on d8 (a diagonal point, so it takes diagonally onto e9)
        "4k4/9/9/9/4R4/9/9/9/4K4 w - - 0 1",
        "4k4/3P5/9/9/9/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4R3K w - - 0 1",
    ] {
        assert!(RefChess::from_fen(bad).is_err(), "accepted `{bad}`");
    }
}

/// Every one-character change (and deletion) of a few valid texts is either
/// refused or read into a position that writes itself back unchanged; none
/// may panic.
#[test]
fn fen_mutations_never_panic() {
    let replacements = [
        "", " ", "/", "-", "0", "1", "9", "k", "K", "p", "P", "r", "a", "w", "b", "e", "x", "é",
    ];
    for fen in [START_FEN, CASTLING, "8k/9/9/3Pp4/9/9/9/9/K8 w - e7 0 2"] {
        let chars: Vec<char> = fen.chars().collect();
        for i in 0..chars.len() {
            for replacement in replacements {
                let mut text: String = chars[..i].iter().collect();
                text.push_str(replacement);
                text.extend(&chars[i + 1..]);
                if let Ok(read) = RefChess::from_fen(&text) {
                    let written = read.to_fen();
                    assert_eq!(pos(&written), read, "`{text}` -> `{written}`");
                    let _ = read.moves();
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Perft

/// perft 1 always equals the number of listed moves.
#[test]
fn perft_one_counts_the_moves() {
    for fen in [
        START_FEN,
        CASTLING,
        "8k/9/9/3Pp4/9/9/9/9/K8 w - e7 0 2",
        "2n1A4/9/9/9/k8/9/9/9/8K b - - 0 1",
    ] {
        let pos = pos(fen);
        assert_eq!(perft(&pos, 1), pos.moves().len() as u64, "{fen}");
    }
}

/// Prints perft from the start (`cargo test --test chess_reference_selftest
/// -- --ignored --nocapture`; `REF_PERFT_DEPTH` sets the deepest level, 4 by
/// default; `REF_PERFT_FEN` starts from another position instead).
#[test]
#[ignore]
fn print_perft_from_start() {
    let deepest = std::env::var("REF_PERFT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let fen = std::env::var("REF_PERFT_FEN").unwrap_or_else(|_| START_FEN.to_string());
    let start = pos(&fen);
    println!("chesquerque perft from `{fen}`");
    for depth in 1..=deepest {
        let begun = std::time::Instant::now();
        let count = perft(&start, depth);
        println!(
            "chesquerque perft {depth}: {count} ({:.1} s)",
            begun.elapsed().as_secs_f64()
        );
    }
}
