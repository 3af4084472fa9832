//! Chesquerque: notation, game endings and position text errors.

use engine::chesquerque::{ChessGame, ChessPosition, FenError};
use engine::{DrawReason, Outcome, Side, WinReason};

fn fen(text: &str) -> ChessPosition {
    ChessPosition::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn san_of(position: &ChessPosition, coordinates: &str) -> String {
    position.san(position.parse_move(coordinates).expect("legal"))
}

#[test]
fn san_for_pawns_pieces_castling_and_promotion() {
    let start = ChessPosition::start();
    assert_eq!(san_of(&start, "e2e4"), "e4");
    assert_eq!(san_of(&start, "b2b3"), "b3");
    let castling = fen("r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1");
    assert_eq!(san_of(&castling, "e1h1"), "O-O");
    assert_eq!(san_of(&castling, "e1b1"), "O-O-O");
    assert_eq!(castling.parse_san("0-0"), castling.parse_move("e1h1"));
    // With the king between them, each rook reaches its own points.
    assert_eq!(san_of(&castling, "a1d1"), "Rd1");
    // Two rooks on one rank reaching e1: the file tells them apart; on one
    // file reaching a3: the rank does.
    let rooks = fen("4k4/9/9/9/R8/9/9/4K4/R7R w - - 0 1");
    assert_eq!(san_of(&rooks, "a1e1"), "Rae1");
    assert_eq!(san_of(&rooks, "i1e1"), "Rie1");
    assert_eq!(san_of(&rooks, "a1a3"), "R1a3");
    assert_eq!(san_of(&rooks, "a5a3"), "R5a3");
    // A rook on d9 gives check along rank 9; an archbishop there does not.
    let promotion = fen("2n5k/3P5/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(san_of(&promotion, "d8d9r"), "d9=R+");
    assert_eq!(san_of(&promotion, "d8d9a"), "d9=A");
    // A queen on c9 checks along rank 9 as well.
    assert_eq!(san_of(&promotion, "d8c9q"), "dxc9=Q+");
    // En passant is written as a pawn capture.
    let ep = fen("4k4/9/9/pP7/9/9/9/9/4K4 w - a7 0 2");
    assert_eq!(san_of(&ep, "b6a7"), "bxa7");
    // A pawn on a point without diagonals captures straight ahead.
    let straight = fen("4k4/9/9/9/2p6/2P6/9/9/4K4 w - - 0 1");
    assert_eq!(san_of(&straight, "c4c5"), "cxc5");
}

#[test]
fn san_reads_back_every_legal_move_along_random_games() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..12 {
        let mut position = ChessPosition::start();
        for _ in 0..60 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut texts: Vec<String> = Vec::new();
            for &mv in &moves {
                let san = position.san(mv);
                assert_eq!(
                    position.parse_san(&san),
                    Ok(mv),
                    "{san} in {}",
                    position.to_fen()
                );
                texts.push(san);
            }
            texts.sort();
            texts.dedup();
            assert_eq!(
                texts.len(),
                moves.len(),
                "SAN is unique in {}",
                position.to_fen()
            );
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position = position.play(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn checkmate_wins() {
    // The queen on b8, guarded by the king on c7, covers a8, b9 and b8.
    let game = ChessGame::from_position(fen("k8/1Q7/2K6/9/9/9/9/9/9 b - - 0 1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn stalemate_and_bare_kings_draw() {
    // The rooks on b1 and h8 take every point from the king on a9.
    let game = ChessGame::from_position(fen("k8/7R1/9/9/9/9/9/9/1R2K4 b - - 0 1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
    let game = ChessGame::from_position(fen("k8/9/9/9/9/9/9/9/4K4 w - - 0 1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BareKings
        })
    );
}

#[test]
fn fifty_moves_and_repetition_draw() {
    let mut game = ChessGame::from_position(fen("4k3r/9/9/9/9/9/9/9/R3K4 w - - 99 60"));
    let mv = game.position().parse_move("e1d1").expect("legal");
    game.play(mv).expect("legal");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoProgress
        })
    );
    let mut game = ChessGame::from_position(fen("4k3r/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
    for (i, text) in [
        "e1d1", "e9d9", "d1e1", "d9e9", "e1d1", "e9d9", "d1e1", "d9e9",
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(game.outcome(), None, "before ply {}", i + 1);
        let mv = game.position().parse_move(text).expect("legal");
        game.play(mv).expect("legal");
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn bad_position_text_gets_its_own_error() {
    let cases: &[(&str, FenError)] = &[
        ("", FenError::FieldCount { found: 0 }),
        (
            "9/9/9/9/9/9/9/9 w - - 0 1",
            FenError::RankCount { found: 8 },
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K3 w - - 0 1",
            FenError::RankLength { rank: 1, found: 8 },
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K3x w - - 0 1",
            FenError::BadPieceChar('x'),
        ),
        ("4k4/9/9/9/9/9/9/9/4K4 x - - 0 1", FenError::BadSide),
        ("4k4/9/9/9/9/9/9/9/4K4 w QK - 0 1", FenError::BadCastling),
        (
            "4k4/9/9/9/9/9/9/9/4K4 w K - 0 1",
            FenError::CastlingWithoutPieces('K'),
        ),
        ("4k4/9/9/9/9/9/9/9/4K4 w - e6 0 1", FenError::BadEnPassant),
        // A black pawn on b5 cannot have just double-stepped past b6.
        ("4k4/9/9/9/Pp7/9/9/9/4K4 w - b6 0 2", FenError::BadEnPassant),
        ("4k4/9/9/9/9/9/9/9/4K4 w - - x 1", FenError::BadClock),
        (
            "9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::KingCount(Side::Black),
        ),
        (
            "4k4/9/9/9/9/9/9/9/P3K4 w - - 0 1",
            FenError::PawnOnBackRank(point("a1")),
        ),
        (
            "4k4/4R4/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::OpponentInCheck,
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(ChessPosition::from_fen(text), Err(*expected), "{text:?}");
        assert!(!expected.to_string().is_empty());
    }
}

fn point(name: &str) -> engine::geometry::PointName {
    let g = &engine::geometry::ALQUERQUE_9;
    g.name(g.parse_point(name).expect("point"))
}

#[test]
fn every_rule_fixture_has_exactly_its_legal_moves() {
    let text = include_str!("data/chess.fixtures");
    let mut cases = 0;
    let mut failures = Vec::new();
    let mut title = "";
    let mut position = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').expect("field and value");
        match word {
            "case" => title = rest,
            "position" => position = Some(fen(rest)),
            "moves" => {
                let p = position.take().expect("a position before the moves");
                let mut expected: Vec<&str> = rest.split_whitespace().collect();
                expected.sort_unstable();
                let count = expected.len();
                expected.dedup();
                assert_eq!(expected.len(), count, "{title}: a move is listed twice");
                let mut actual: Vec<String> =
                    p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
                actual.sort();
                if actual != expected {
                    failures.push(format!(
                        "{title}\n  expected: {expected:?}\n  actual:   {actual:?}"
                    ));
                }
                cases += 1;
            }
            other => panic!("unknown field {other}"),
        }
    }
    assert!(cases >= 15, "fixture file lost cases");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
