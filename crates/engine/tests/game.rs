//! Game endings, undo and redo, and draw rules.

use engine::{
    DraughtsKind, DrawReason, Game, GameError, Outcome, Position, Side, Small, WinReason,
};

fn game(key: DraughtsKind, text: &str) -> Game<Small> {
    Game::from_position(Position::from_text(key.rules(), text).expect("position"))
}

fn play(game: &mut Game<Small>, turns: &str) {
    for text in engine::notation::split_turns(turns) {
        let turn = game
            .position()
            .parse_turn(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(turn).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn capturing_the_last_piece_wins() {
    let mut g = game(DraughtsKind::Classic, "5/5/2w2/2b2/5 w");
    play(&mut g, "c3xc1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoPieces
        })
    );
    assert_eq!(g.play(g.turns()[0]), Err(GameError::Finished));
}

#[test]
fn a_side_without_a_legal_move_loses() {
    // Black's man on a1 is walled in: no step, and every jump lands on a piece.
    let g = game(DraughtsKind::Classic, "5/5/w4/w4/bww2 b");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn qirkat_is_drawn_when_neither_side_can_move() {
    let text = "4w/5/5/5/b4 b a1<b1,e5<d5 - 0";
    assert_eq!(
        game(DraughtsKind::Qirkat, text).outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothBlocked
        })
    );
    // If White could still move, Black simply loses.
    let g = game(DraughtsKind::Qirkat, "4w/5/5/5/b4 b a1<b1 - 0");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoMoves
        })
    );
    // Bell has no such draw.
    let g = game(DraughtsKind::Bell, text);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut g = game(DraughtsKind::Classic, "4b/5/5/5/w4 w");
    play(&mut g, "a1-b1 e5-d5 b1-a1 d5-e5 a1-b1 e5-d5 b1-a1");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.occurrences(), 2);
    play(&mut g, "d5-e5");
    assert_eq!(g.occurrences(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn repetition_compares_the_no_return_memory_and_huffable_set() {
    // The same men, but a different memory, is a different position.
    let rules = DraughtsKind::Qirkat.rules();
    let a = Position::<Small>::from_text(rules, "4b/5/5/5/1w3 w b1<a1 - 0").expect("a");
    let b = Position::<Small>::from_text(rules, "4b/5/5/5/1w3 w - - 0").expect("b");
    assert!(!a.same_state(&b));
    assert_ne!(a.hash(), b.hash());
    let rules = DraughtsKind::Special.rules();
    let a = Position::<Small>::from_text(rules, "2b2/5/2w2/5/5 b - c3 0").expect("a");
    let b = Position::<Small>::from_text(rules, "2b2/5/2w2/5/5 b - - 0").expect("b");
    assert!(!a.same_state(&b));
    // The counter is not compared.
    let c = Position::<Small>::from_text(rules, "2b2/5/2w2/5/5 b - - 7").expect("c");
    assert!(b.same_state(&c));
}

#[test]
fn classic_no_progress_draw_after_fifty_sideways_plies() {
    let mut g = game(DraughtsKind::Classic, "4b/5/5/5/w4 w - - 48");
    play(&mut g, "a1-b1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "e5-d5");
    assert_eq!(g.position().no_progress_plies(), 50);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoProgress
        })
    );
    // A forward step resets the count.
    let mut g = game(DraughtsKind::Classic, "4b/5/5/5/w4 w - - 48");
    play(&mut g, "a1-a2");
    assert_eq!(g.position().no_progress_plies(), 0);
}

#[test]
fn special_counts_only_king_moves_without_capture_or_huff() {
    let mut g = game(DraughtsKind::Special, "b4/5/5/5/2W2 w - - 10");
    play(&mut g, "c1-c4");
    assert_eq!(g.position().no_progress_plies(), 11);
    play(&mut g, "a5-b5");
    assert_eq!(g.position().no_progress_plies(), 0, "a man move resets");
    // A huff resets it even when a king moves after it.
    let mut g = game(DraughtsKind::Special, "4B/5/2w2/2w2/5 b - c3 12");
    play(&mut g, "h:c3 e5-e4");
    assert_eq!(g.position().no_progress_plies(), 0);
    let mut g = game(DraughtsKind::Special, "4B/5/2w2/2w2/5 b - c3 12");
    play(&mut g, "e5-e4");
    assert_eq!(g.position().no_progress_plies(), 13);
    let mut g = game(DraughtsKind::Special, "5/b4/1bW2/5/2w2 w - - 20");
    // White's king could take b3 (landing on a3) but slides away instead.
    play(&mut g, "c3-e3");
    assert_eq!(g.position().no_progress_plies(), 21);
    assert_ne!(g.position().huffable(), 0);
    play(&mut g, "b3-b2");
    assert_eq!(g.position().no_progress_plies(), 0);
}

#[test]
fn a_loss_by_no_moves_comes_before_the_no_progress_draw() {
    // White's sideways step is the 50th counted ply; Black is walled in.
    let mut g = game(DraughtsKind::Classic, "3w1/5/w4/w4/bww2 w - - 49");
    play(&mut g, "d5-e5");
    assert_eq!(g.position().no_progress_plies(), 50);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn a_huff_that_takes_the_last_piece_ends_the_game() {
    let mut g = game(DraughtsKind::Special, "2b2/5/2w2/5/5 b - c3 0");
    play(&mut g, "h:c3");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn resignation_and_agreement() {
    let mut g = Game::<Small>::new(DraughtsKind::Bell.rules());
    g.resign(Side::White).expect("resign");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(g.agree_draw(), Err(GameError::Finished));
    // Undo takes the resignation back.
    assert_eq!(g.undo(), None);
    assert_eq!(g.outcome(), None);
    g.agree_draw().expect("draw");
    assert_eq!(g.outcome().map(|o| o.result_text()), Some("1/2-1/2"));
}

#[test]
fn undo_and_redo() {
    let mut g = Game::<Small>::new(DraughtsKind::Classic.rules());
    play(&mut g, "c2-c3 c4xc2");
    let after = *g.position();
    assert!(g.undo().is_some());
    assert!(g.undo().is_some());
    assert_eq!(g.undo(), None);
    assert_eq!(
        *g.position(),
        Position::start(DraughtsKind::Classic.rules())
    );
    assert!(g.redo().is_some());
    assert!(g.redo().is_some());
    assert_eq!(*g.position(), after);
    assert!(!g.can_redo());
    // A new turn after an undo forgets the undone ones.
    g.undo();
    g.undo();
    play(&mut g, "d3-c3");
    assert!(!g.can_redo());
    assert_eq!(g.redo(), None);
}

#[test]
fn illegal_turns_are_refused_and_change_nothing() {
    let mut g = Game::<Small>::new(DraughtsKind::Qirkat.rules());
    let before = g.clone();
    let start = *g.position();
    let bogus = start.legal_turns()[0];
    let mut wrong = bogus;
    if let Some(mv) = wrong.mv.as_mut() {
        mv.to = mv.from;
    }
    assert_eq!(g.play(wrong), Err(GameError::IllegalTurn));
    assert_eq!(g.positions(), before.positions());
    assert!(start.parse_turn("c2-c4").is_err());
    assert!(start.parse_turn("h:c3 c2-c3").is_err());
    assert!(start.parse_turn("z9-c3").is_err());
}

#[test]
fn the_counter_stops_at_its_limit_so_every_position_prints_back() {
    let rules = DraughtsKind::Special.rules();
    let p = Position::<Small>::from_text(rules, "b4/5/5/5/2W2 w - - 50").expect("position");
    let next = p.play_turn(p.parse_turn("c1-c2").expect("legal"));
    assert_eq!(next.no_progress_plies(), 50);
    assert_eq!(Position::from_text(rules, &next.to_text()), Ok(next));
}

fn turkish(text: &str) -> Game<u64> {
    Game::from_position(Position::from_text(DraughtsKind::Turkish.rules(), text).expect("position"))
}

#[test]
fn turkish_one_piece_each_is_a_draw() {
    assert_eq!(
        turkish("8/8/8/3b4/8/8/3w4/8 w").outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::OnePieceEach
        })
    );
    // A queen counts as one piece too.
    assert_eq!(
        turkish("8/8/8/3b4/8/8/3W4/8 b")
            .outcome()
            .map(|o| o.result_text()),
        Some("1/2-1/2")
    );
    // Reached by a capture.
    let mut g = turkish("7B/8/8/3b4/3w4/8/8/8 w");
    assert_eq!(g.outcome(), None);
    let turn = g.position().parse_turn("d4xd6").expect("legal");
    g.play(turn).expect("legal");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::OnePieceEach
        })
    );
}

#[test]
fn turkish_two_men_beat_a_lone_man_for_either_side() {
    assert_eq!(
        turkish("8/3b4/8/8/8/8/2ww4/8 b").outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::MenAgainstLoneMan
        })
    );
    assert_eq!(
        turkish("8/2bb4/8/8/8/8/3w4/8 w").outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::MenAgainstLoneMan
        })
    );
    // Not with a queen on the stronger side, nor against a lone queen.
    assert_eq!(turkish("8/3b4/8/8/3W4/8/2w5/8 w").outcome(), None);
    assert_eq!(turkish("8/3B4/8/8/8/8/2ww4/8 w").outcome(), None);
}
