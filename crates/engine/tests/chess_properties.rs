//! Properties of Chesquerque positions reached by random play, and parsers
//! that never panic.

use engine::chesquerque::{chess_perft, ChessGame, ChessPosition};
use proptest::prelude::*;

/// Plays random legal moves from the start.
fn playout(seed: u64, plies: usize) -> ChessGame {
    let mut game = ChessGame::new();
    let mut s = seed | 1;
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        game.play(moves[(s % moves.len() as u64) as usize])
            .expect("legal");
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn position_text_round_trips(seed in any::<u64>(), plies in 0usize..80) {
        let game = playout(seed, plies);
        let p = game.position();
        let text = p.to_fen();
        let back = ChessPosition::from_fen(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(back.to_fen(), text);
        prop_assert_eq!(back.legal_moves().len(), p.legal_moves().len());
    }

    #[test]
    fn every_move_reads_back_in_both_notations(seed in any::<u64>(), plies in 0usize..60) {
        let game = playout(seed, plies);
        let p = game.position();
        for mv in p.legal_moves() {
            prop_assert_eq!(p.parse_move(&p.move_text(mv)), Ok(mv));
            prop_assert_eq!(p.parse_san(&p.san(mv)), Ok(mv));
        }
    }

    #[test]
    fn perft_is_unchanged_by_the_left_right_mirror(seed in any::<u64>(), plies in 0usize..60) {
        let game = playout(seed, plies);
        let p = *game.position();
        let m = p.mirrored();
        prop_assert_eq!(m.mirrored(), p);
        for depth in 1..=2 {
            prop_assert_eq!(chess_perft(&p, depth), chess_perft(&m, depth));
        }
    }

    #[test]
    fn undo_restores_every_position(seed in any::<u64>(), plies in 1usize..60) {
        let mut game = playout(seed, plies);
        let mut seen = vec![*game.position()];
        while game.undo().is_some() {
            seen.push(*game.position());
        }
        prop_assert_eq!(*game.position(), ChessPosition::start());
        prop_assert_eq!(seen.len(), game_len(seed, plies) + 1);
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,90}") {
        let _ = ChessPosition::from_fen(&text);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), "[-KQRBNAPkqrbnap0-9/ wabcdefghi]"), 1..4),
    ) {
        let game = playout(seed, 20);
        let mut text: Vec<char> = game.position().to_fen().chars().collect();
        for (at, c) in edits {
            let i = at.index(text.len() + 1);
            text.insert(i, c.chars().next().unwrap_or('x'));
        }
        let text: String = text.into_iter().collect();
        if let Ok(p) = ChessPosition::from_fen(&text) {
            prop_assert_eq!(ChessPosition::from_fen(&p.to_fen()).map(|q| q.to_fen()), Ok(p.to_fen()));
        }
    }

    #[test]
    fn move_parsers_never_panic(seed in any::<u64>(), text in "[a-j][0-9][a-j][0-9][qrbnakp]?|[KQRBNA]?[a-i]?[1-9]?x?[a-i][1-9](=[QRBNAK])?[+#]?|O-O(-O)?|\\PC{0,12}") {
        let game = playout(seed, 20);
        let p = game.position();
        if let Ok(mv) = p.parse_move(&text) {
            prop_assert!(p.legal_moves().contains(&mv));
        }
        if let Ok(mv) = p.parse_san(&text) {
            prop_assert!(p.legal_moves().contains(&mv));
        }
    }
}

fn game_len(seed: u64, plies: usize) -> usize {
    playout(seed, plies).turns().len()
}
