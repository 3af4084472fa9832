//! The game-of-any-kind interface: entries agree with the legal turns, record
//! lines round-trip, undo restores, and bad record lines are refused with a
//! specific error.

use engine::{AnyGame, AnyTurn, GameKind, Outcome, PieceKind, RecordLineError, Side};
use proptest::prelude::*;

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A game of `variant` after up to `plies` random turns.
fn random_game(variant: GameKind, plies: usize, seed: u64) -> AnyGame {
    let mut game = AnyGame::new(variant);
    let mut s = seed | 1;
    for _ in 0..plies {
        let entries = game.entries();
        if entries.is_empty() {
            break;
        }
        let entry = &entries[(next(&mut s) % entries.len() as u64) as usize];
        game.play(entry.turn).expect("an entry's turn is legal");
    }
    game
}

#[test]
fn entries_start_on_the_movers_pieces_and_play_legally() {
    for variant in GameKind::ALL {
        for seed in 1..15u64 {
            let game = random_game(variant, (seed * 7 % 60) as usize, seed);
            let board = game.board();
            let mover = game.side_to_move();
            for entry in game.entries() {
                if let Some(&from) = entry.path.first() {
                    let piece = board[from.index()].expect("a piece on the origin");
                    if entry.huff.is_none() {
                        assert_eq!(piece.side, mover, "{variant} {entry:?}");
                    }
                    for q in &entry.captured {
                        let taken = board[q.index()].expect("a captured piece");
                        assert_eq!(taken.side, mover.other(), "{variant} {entry:?}");
                    }
                }
                let mut after = game.clone();
                after.play(entry.turn).expect("legal");
                assert_eq!(after.ply(), game.ply() + 1);
                let text = game.turn_text(entry.turn);
                assert_eq!(game.parse(&text), Ok(entry.turn), "{variant} {text}");
            }
        }
    }
}

#[test]
fn record_lines_round_trip() {
    for variant in GameKind::ALL {
        for seed in 1..10u64 {
            let game = random_game(variant, (seed * 11 % 80) as usize, seed);
            let line = game.to_record_line();
            let back = AnyGame::from_record_line(&line).expect("the line reads back");
            assert_eq!(back.history(), game.history(), "{line}");
            assert_eq!(back.board(), game.board(), "{line}");
            assert_eq!(back.outcome(), game.outcome(), "{line}");
            assert_eq!(back.to_record_line(), line);
        }
    }
}

#[test]
fn options_survive_the_record_line() {
    let game = AnyGame::from_record_line("turkish option queen_lands=any moves d3-d4")
        .expect("a Turkish game");
    assert_eq!(
        game.to_record_line(),
        "turkish option queen_lands=any moves d3-d4"
    );
}

#[test]
fn undo_takes_back_one_turn_and_a_declared_result() {
    for variant in GameKind::ALL {
        let game = random_game(variant, 6, 3);
        let mut undone = game.clone();
        let before = game.board_at(game.ply() - 1);
        assert!(undone.undo());
        assert_eq!(undone.board(), before);
        assert_eq!(undone.ply(), game.ply() - 1);
        let mut resigned = game.clone();
        resigned.resign(Side::White).expect("the game goes on");
        assert!(matches!(
            resigned.outcome(),
            Some(Outcome::Win {
                winner: Side::Black,
                ..
            })
        ));
        assert!(resigned.undo());
        assert_eq!(resigned.outcome(), None);
        assert_eq!(resigned.ply(), game.ply());
    }
    assert!(!AnyGame::new(GameKind::Chesquerque).undo());
}

#[test]
fn bad_record_lines_are_refused() {
    let cases = [
        ("", RecordLineError::UnknownGame),
        ("checkers", RecordLineError::UnknownGame),
        (
            "classic option",
            RecordLineError::Syntax("option without a value".into()),
        ),
        (
            "classic pieces",
            RecordLineError::Syntax("unexpected \"pieces\"".into()),
        ),
    ];
    for (line, error) in cases {
        assert_eq!(
            AnyGame::from_record_line(line).err(),
            Some(error),
            "{line:?}"
        );
    }
    assert!(matches!(
        AnyGame::from_record_line("classic option speed=3"),
        Err(RecordLineError::BadOption(..))
    ));
    assert!(matches!(
        AnyGame::from_record_line("chesquerque option queen_lands=any"),
        Err(RecordLineError::BadOption(..))
    ));
    assert!(matches!(
        AnyGame::from_record_line("classic moves c2-c3 c2-c3"),
        Err(RecordLineError::Turn(1, _))
    ));
    assert!(matches!(
        AnyGame::from_record_line("chesquerque moves e2e4 e2e4"),
        Err(RecordLineError::Turn(1, _))
    ));
}

#[test]
fn chesquerque_entries_are_coordinate_moves() {
    let game = AnyGame::from_record_line("chesquerque moves e2e4 a8a7 e4e5 a7a6 e5e6")
        .expect("a legal line");
    for entry in game.entries() {
        if let AnyTurn::Chesquerque(mv) = entry.turn {
            assert_eq!(entry.promotion, mv.promotion);
            assert_eq!(entry.path, vec![mv.from, mv.to]);
        }
    }
    let board = game.board();
    let kings = board
        .iter()
        .filter(|p| p.is_some_and(|p| p.kind == PieceKind::Chess(engine::chesquerque::Role::King)))
        .count();
    assert_eq!(kings, 2);
}

#[test]
fn must_capture_follows_the_rules() {
    // Classic: a capture is mandatory when available.
    let game = AnyGame::from_record_line("classic moves c2-c3").expect("legal");
    let entries = game.entries();
    let all_capture = entries.iter().all(|e| !e.captured.is_empty());
    assert_eq!(game.must_capture(), all_capture && !entries.is_empty());
    // Special: capturing is optional, so never "must".
    for seed in 1..20 {
        assert!(
            !random_game(GameKind::Draughts(engine::DraughtsKind::Special), 10, seed)
                .must_capture()
        );
    }
}

#[test]
fn a_computer_turn_is_legal() {
    for variant in GameKind::ALL {
        let settings = engine::search::Level::Easy.settings(variant);
        let game = random_game(variant, 4, 9);
        let turn = game.computer_turn(settings, 1, None).expect("a turn");
        assert!(game.entries().iter().any(|e| e.turn == turn), "{variant}");
    }
}

proptest! {
    #[test]
    fn record_lines_never_panic(text in "\\PC{0,80}") {
        let _ = AnyGame::from_record_line(&text);
    }

    #[test]
    fn words_of_records_never_panic(
        game in prop::sample::select(vec!["classic", "special", "turkish", "chesquerque", "x"]),
        words in prop::collection::vec(
            prop::sample::select(vec!["moves", "option", "c2-c3", "e2e4", "h:b3", "queen_lands=any", "x", "c1xc3xe3"]),
            0..8,
        ),
    ) {
        let _ = AnyGame::from_record_line(&format!("{game} {}", words.join(" ")));
    }
}

#[test]
fn a_game_from_a_position_keeps_it_in_its_record_line() {
    use engine::Playable;
    for (kind, text) in [
        ("classic", "1w2b/5/1b2b/4b/b3w b - - 1"),
        (
            "chesquerque",
            AnyGame::new(engine::GameKind::Chesquerque)
                .position_text()
                .as_str(),
        ),
    ] {
        let line = format!("{kind} position {text}");
        let game = AnyGame::from_record_line(&line).expect("a position");
        assert_eq!(game.position_text(), text);
        let mut played = game.clone();
        let turn = played.entries()[0].turn;
        played.play(turn).expect("legal");
        let record = played.to_record_line();
        let usual = kind == "chesquerque";
        assert_eq!(record.contains(" position "), !usual, "{record}");
        let again = AnyGame::from_record_line(&record).expect("reads back");
        assert_eq!(again.position_text(), played.position_text());
        assert_eq!(again.to_record_line(), record);
    }
    // The usual start is not written out.
    assert_eq!(
        AnyGame::from_record_line("classic")
            .expect("a game")
            .to_record_line(),
        "classic"
    );
    let bad = AnyGame::from_record_line("classic position zz moves c2-c3");
    assert!(bad.is_err());
}

/// Passing hands the move over and changes nothing else: the same
/// pieces, the other side's turns, and passing twice gives back the turns
/// of the position itself (a huff or an en passant pending aside).
#[test]
fn a_passed_position_is_the_same_board_with_the_other_side_to_move() {
    for variant in GameKind::ALL {
        for seed in 1..=12u64 {
            let game = random_game(variant, (seed as usize) * 3, seed);
            let Some(passed) = game.passed() else {
                assert!(game.outcome().is_some());
                continue;
            };
            assert_eq!(passed.board(), game.board(), "{variant:?} {seed}");
            assert_eq!(passed.side_to_move(), game.side_to_move().other());
            let mine = game.board();
            for entry in passed.entries() {
                let piece = mine[entry.path[0].index()].expect("a piece moves");
                assert_eq!(piece.side, passed.side_to_move(), "{variant:?} {seed}");
            }
            let back = passed.passed().map(|g| g.entries().len());
            let quiet = game.entries().iter().filter(|e| e.huff.is_none()).count();
            if game.to_record_line().contains("chesquerque") {
                // No en passant is kept by passing.
                assert!(back <= Some(game.entries().len()));
            } else {
                assert_eq!(back, Some(quiet), "{variant:?} {seed}");
            }
        }
    }
}
