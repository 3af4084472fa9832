//! The verbs every game shares: the draughts games, Chesquerque and a game
//! chosen at run time answer them alike.

use engine::chesquerque::ChessGame;
use engine::search::Limits;
use engine::{AnyGame, Chains, DraughtsKind, DrawReason, Game, GameKind, Outcome, Playable, Side};

/// Plays `plies` turns chosen by a seeded generator (fewer if the game ends).
fn play_some<G: Playable>(game: &mut G, seed: u64, plies: usize) {
    let mut s = seed | 1;
    for _ in 0..plies {
        let legal = game.legal_turns();
        if legal.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        game.play(legal[(s % legal.len() as u64) as usize])
            .expect("a listed turn is legal");
    }
}

/// Undo to the start and redo to the end come back to the same game, turn
/// by turn; a new turn after an undo drops what could be redone.
fn undo_and_redo_retrace<G: Playable>(mut game: G) {
    play_some(&mut game, 7, 12);
    let (end, history) = (game.position_text(), game.history());
    let mut taken = Vec::new();
    while let Some(turn) = game.undo() {
        taken.push(turn);
    }
    assert_eq!(game.ply(), 0);
    assert_eq!(taken.len(), history.len());
    for &turn in taken.iter().rev() {
        assert!(game.can_redo());
        assert_eq!(game.redo(), Some(turn));
    }
    assert!(!game.can_redo());
    assert_eq!(game.position_text(), end);
    assert_eq!(game.history(), history);
    game.undo();
    let other = game.legal_turns()[0];
    game.play(other).expect("legal");
    assert!(!game.can_redo());
    assert_eq!(game.redo(), None);
}

#[test]
fn undo_and_redo_retrace_the_game_in_every_family() {
    undo_and_redo_retrace(Game::<u32>::new(DraughtsKind::Special.rules()));
    undo_and_redo_retrace(Game::<u64>::new(DraughtsKind::Turkish.rules()));
    undo_and_redo_retrace(ChessGame::new());
    for variant in GameKind::ALL {
        undo_and_redo_retrace(AnyGame::new(variant));
    }
}

#[test]
fn chesquerque_redoes_a_taken_back_move_and_a_declared_result() {
    let mut game = ChessGame::new();
    let e4 = game.parse_turn("e2e4").expect("legal");
    game.play(e4).expect("legal");
    game.resign(Side::Black).expect("not over");
    assert!(game.outcome().is_some());
    // The resignation is taken back first, then the move.
    assert_eq!(Playable::undo(&mut game), None);
    assert_eq!(game.outcome(), None);
    assert_eq!(Playable::undo(&mut game), Some(e4));
    assert_eq!(game.history(), Vec::<String>::new());
    assert_eq!(Playable::redo(&mut game), Some(e4));
    assert_eq!(game.history(), ["e4"]);
    assert_eq!(game.record_line(), "chesquerque moves e2e4");
}

/// What the run-time game says is what the game inside it says.
fn agrees<G: Playable>(inner: &G, any: &AnyGame) {
    assert_eq!(inner.kind(), any.kind());
    assert_eq!(Playable::side_to_move(inner), Playable::side_to_move(any));
    assert_eq!(inner.ply(), any.ply());
    assert_eq!(inner.outcome(), Playable::outcome(any));
    assert_eq!(inner.position_text(), any.position_text());
    assert_eq!(inner.history(), Playable::history(any));
    assert_eq!(inner.record_line(), any.record_line());
    let texts = |g: &G| -> Vec<String> {
        g.legal_turns()
            .into_iter()
            .map(|t| g.turn_text(t))
            .collect()
    };
    let any_texts: Vec<String> = Playable::legal_turns(any)
        .into_iter()
        .map(|t| Playable::turn_text(any, t))
        .collect();
    assert_eq!(texts(inner), any_texts);
    assert_eq!(
        inner.perft(2, Chains::Distinct),
        any.perft(2, Chains::Distinct)
    );
}

#[test]
fn a_game_chosen_at_run_time_agrees_with_the_game_inside() {
    for (i, variant) in GameKind::ALL.into_iter().enumerate() {
        let mut any = AnyGame::new(variant);
        play_some(&mut any, 11 + i as u64, 9);
        match &any {
            AnyGame::Alquerque(g) => agrees(g, &any),
            AnyGame::Turkish(g) => agrees(g, &any),
            AnyGame::Chesquerque(g) => agrees(g, &any),
        }
        // Its record line rebuilds it, and each turn reads back as itself.
        let rebuilt = AnyGame::from_record_line(&any.record_line()).expect("a record");
        assert_eq!(rebuilt.position_text(), any.position_text(), "{variant}");
        for turn in Playable::legal_turns(&any) {
            let text = Playable::turn_text(&any, turn);
            assert_eq!(Playable::parse_turn(&any, &text), Ok(turn), "{text}");
        }
    }
}

#[test]
fn a_game_the_rules_ended_has_no_turns_below_it() {
    let start = engine::Position::from_text(DraughtsKind::Classic.rules(), "4b/5/5/5/w4 w")
        .expect("a position");
    let mut game = Game::<u32>::from_position(start);
    for text in "a1-b1 e5-d5 b1-a1 d5-e5 a1-b1 e5-d5 b1-a1".split(' ') {
        let turn = game.parse_turn(text).expect("legal");
        game.play(turn).expect("legal");
    }
    let moves = game.position().legal_turns().len() as u64;
    assert!(moves > 0);
    assert_eq!(game.perft(1, Chains::Distinct), moves);
    let last = game.parse_turn("d5-e5").expect("legal");
    game.play(last).expect("legal");
    let drawn = Some(Outcome::Draw {
        reason: DrawReason::Repetition,
    });
    assert_eq!(game.outcome(), drawn);
    assert!(game.legal_turns().is_empty());
    assert_eq!(game.perft(1, Chains::Distinct), 0);
    assert_eq!(game.perft(3, Chains::EveryPath), 0);
    assert!(game.divide(2, Chains::Distinct).is_empty());
    // The position itself still has moves: only the game is over.
    assert!(!game.position().legal_turns().is_empty());
}

#[test]
fn search_through_the_game_names_a_legal_turn() {
    for variant in GameKind::ALL {
        let game = AnyGame::new(variant);
        let limits = Limits {
            depth: engine::search::Depth(3),
            ..Limits::default()
        };
        let report = game.search(limits);
        let best = report.best.expect("a turn");
        assert!(Playable::legal_turns(&game).contains(&best), "{variant}");
        assert!(report.nodes > 0);
    }
}
