use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::*;
use crate::chesquerque::FenError;
use crate::kind::DraughtsKind;
use crate::text::PositionError;

const CLASSIC: GameKind = GameKind::Draughts(DraughtsKind::Classic);
const SPECIAL: GameKind = GameKind::Draughts(DraughtsKind::Special);
const QIRKAT: GameKind = GameKind::Draughts(DraughtsKind::Qirkat);
const CHESS: GameKind = GameKind::Chesquerque;

fn at(setup: &BoardSetup, name: &str) -> Point {
    setup.geometry().parse_point(name).expect("a point")
}

fn man(side: Side) -> Option<PieceView> {
    Some(PieceView {
        side,
        kind: PieceKind::Man,
    })
}

fn chess(side: Side, role: ChessRole) -> Option<PieceView> {
    Some(PieceView {
        side,
        kind: PieceKind::Chess(role),
    })
}

fn put(setup: &mut BoardSetup, name: &str, piece: Option<PieceView>) {
    let p = at(setup, name);
    setup.board[p.index()] = piece;
}

fn error(setup: &BoardSetup) -> SetupError {
    setup.validate().expect_err("refused")
}

#[test]
fn every_start_position_is_written_as_the_game_writes_it() {
    for kind in GameKind::ALL {
        let setup = BoardSetup::start(kind);
        let game = AnyGame::new(kind);
        assert_eq!(
            setup.to_text().as_deref(),
            Ok(game.position_text().as_str()),
            "{kind:?}"
        );
        let checked = setup.validate().expect("the start is valid");
        assert_eq!(checked.position_text(), game.position_text());
    }
}

#[test]
fn a_position_in_play_keeps_its_rule_state() {
    // Qirkat's no-return memory and Chesquerque's castling rights survive
    // the round trip through the editor.
    let qirkat = AnyGame::from_record_line("qirkat moves d3-c3").expect("a game");
    let setup = BoardSetup::of(&qirkat);
    assert_eq!(
        setup.to_text().as_deref(),
        Ok(qirkat.position_text().as_str())
    );
    let chess = AnyGame::from_record_line("chesquerque moves e4 a7 e5 a6 e6 d6").expect("a game");
    let setup = BoardSetup::of(&chess);
    let text = setup.to_text().expect("text");
    let fields = |t: &str| t.split(' ').take(4).map(String::from).collect::<Vec<_>>();
    assert_eq!(fields(&text), fields(&chess.position_text()));
}

#[test]
fn placing_the_same_piece_again_takes_it_off() {
    let mut setup = BoardSetup::start(CLASSIC);
    let c3 = at(&setup, "c3");
    setup.place(c3, man(Side::White));
    assert_eq!(setup.board[c3.index()], man(Side::White));
    setup.place(c3, man(Side::White));
    assert_eq!(setup.board[c3.index()], None);
    setup.clear();
    assert_eq!(setup.count(Side::White, |_| true), 0);
}

#[test]
fn too_many_pieces_or_none_at_all_is_refused() {
    let mut setup = BoardSetup::start(CLASSIC);
    put(&mut setup, "c3", man(Side::White));
    assert_eq!(
        error(&setup),
        SetupError::TooManyPieces {
            side: Side::White,
            found: 13,
            limit: 12
        }
    );
    let mut setup = BoardSetup::start(CLASSIC);
    for i in 0..setup.board.len() {
        if setup.board[i].is_some_and(|p| p.side == Side::Black) {
            setup.board[i] = None;
        }
    }
    assert_eq!(error(&setup), SetupError::NoPieces(Side::Black));
    assert_eq!(error(&setup).to_string(), "Black has no pieces");
}

#[test]
fn a_piece_of_another_game_is_refused() {
    let mut setup = BoardSetup::start(CLASSIC);
    let c3 = at(&setup, "c3");
    setup.board[c3.index()] = chess(Side::White, ChessRole::Queen);
    assert_eq!(error(&setup), SetupError::WrongPiece(c3));
}

#[test]
fn kings_and_crowning_ranks_follow_the_rule_set() {
    let mut setup = BoardSetup::start(CLASSIC);
    put(
        &mut setup,
        "c3",
        Some(PieceView {
            side: Side::White,
            kind: PieceKind::King,
        }),
    );
    put(&mut setup, "a1", None);
    assert_eq!(
        error(&setup),
        SetupError::Rules(StartError::Draughts(PositionError::KingsNotAllowed))
    );
    let mut setup = BoardSetup::start(SPECIAL);
    put(&mut setup, "a5", man(Side::White));
    put(&mut setup, "a1", None);
    let a5 = setup.geometry().name(at(&setup, "a5"));
    assert_eq!(
        error(&setup),
        SetupError::Rules(StartError::Draughts(PositionError::ManOnPromotionRank(a5)))
    );
}

#[test]
fn rule_state_that_no_longer_fits_the_board_is_refused_until_forgotten() {
    let qirkat = AnyGame::from_record_line("qirkat moves d3-c3").expect("a game");
    let mut setup = BoardSetup::of(&qirkat);
    assert_ne!(setup.memory, "-", "the memory holds an entry");
    let remembered = setup
        .memory
        .split('<')
        .next()
        .expect("an entry")
        .to_string();
    put(&mut setup, &remembered, None);
    assert!(matches!(
        error(&setup),
        SetupError::Rules(StartError::Draughts(PositionError::NoPieceThere(_)))
    ));
    setup.forget();
    assert!(setup.validate().is_ok());
    // A huffable piece must be the opponent's.
    let mut special = BoardSetup::start(SPECIAL);
    special.huffable = String::from("a1");
    assert!(matches!(
        error(&special),
        SetupError::Rules(StartError::Draughts(PositionError::HuffableOfSideToMove(_)))
    ));
    let mut no_huffing = BoardSetup::start(QIRKAT);
    no_huffing.huffable = String::from("a5");
    assert_eq!(
        error(&no_huffing),
        SetupError::Rules(StartError::Draughts(PositionError::HuffingNotAllowed))
    );
}

#[test]
fn chesquerque_needs_one_king_each_and_pawns_off_the_back_ranks() {
    let mut setup = BoardSetup::start(CHESS);
    for i in 0..setup.board.len() {
        if setup.board[i] == chess(Side::Black, ChessRole::King) {
            setup.board[i] = None;
        }
    }
    assert_eq!(
        error(&setup),
        SetupError::Rules(StartError::Chess(FenError::KingCount(Side::Black)))
    );
    let mut setup = BoardSetup::start(CHESS);
    put(&mut setup, "e5", chess(Side::White, ChessRole::Pawn));
    assert_eq!(
        error(&setup),
        SetupError::TooManyPawns {
            side: Side::White,
            found: 10
        }
    );
    let mut setup = BoardSetup::start(CHESS);
    put(&mut setup, "a2", None);
    put(&mut setup, "b9", chess(Side::White, ChessRole::Pawn));
    put(&mut setup, "b8", None);
    assert!(matches!(
        error(&setup),
        SetupError::Rules(StartError::Chess(FenError::PawnOnBackRank(_)))
    ));
    let mut setup = BoardSetup::start(CHESS);
    for file in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
        put(
            &mut setup,
            &format!("{file}4"),
            chess(Side::White, ChessRole::Knight),
        );
    }
    put(&mut setup, "e5", chess(Side::White, ChessRole::Knight));
    assert!(matches!(
        error(&setup),
        SetupError::TooManyPieces {
            side: Side::White,
            found: 28,
            limit: CHESS_PIECES
        }
    ));
}

#[test]
fn chesquerque_rights_and_checks_must_fit_the_board() {
    // Castling needs the rook at home.
    let mut setup = BoardSetup::start(CHESS);
    put(&mut setup, "i1", None);
    assert_eq!(
        error(&setup),
        SetupError::Rules(StartError::Chess(FenError::CastlingWithoutPieces('K')))
    );
    setup.castling[0] = false;
    assert!(setup.validate().is_ok());
    // An en-passant point needs a pawn that just stepped twice.
    let mut setup = BoardSetup::start(CHESS);
    setup.en_passant = Some(at(&setup, "e5"));
    assert_eq!(
        error(&setup),
        SetupError::Rules(StartError::Chess(FenError::BadEnPassant))
    );
    // The side not to move may not be in check: a white rook faces the
    // black king down an open file, White to move.
    let mut setup = BoardSetup::start(CHESS);
    setup.castling = [false; 4];
    for rank in 2..=8 {
        put(&mut setup, &format!("e{rank}"), None);
    }
    put(&mut setup, "e1", None);
    put(&mut setup, "d8", None);
    put(&mut setup, "e4", chess(Side::White, ChessRole::Rook));
    put(&mut setup, "a1", chess(Side::White, ChessRole::King));
    setup.side = Side::White;
    let e9 = setup.board[at(&setup, "e9").index()];
    assert_eq!(e9, chess(Side::Black, ChessRole::King));
    assert_eq!(
        error(&setup),
        SetupError::Rules(StartError::Chess(FenError::OpponentInCheck))
    );
    // With Black to move it is a position in play.
    setup.side = Side::Black;
    assert_eq!(setup.validate().err(), None);
}

#[test]
fn a_position_with_no_turn_to_play_is_refused() {
    // Classic: White's last man blocked on the far rank by Black's men.
    let mut setup = BoardSetup::start(CLASSIC);
    setup.clear();
    put(&mut setup, "a5", man(Side::White));
    for name in ["b5", "c5", "a4", "b4", "a3", "c3"] {
        put(&mut setup, name, man(Side::Black));
    }
    let over = setup.validate();
    assert_eq!(
        over.err(),
        Some(SetupError::AlreadyOver),
        "{:?}",
        setup.to_text()
    );
    // Black to move has turns.
    setup.side = Side::Black;
    assert!(setup.validate().is_ok());
}
