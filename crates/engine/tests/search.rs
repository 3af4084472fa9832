//! The search, tested with depth and node limits (never the clock).

use engine::search::{Limits, Score, Search};
use engine::{Bits, DraughtsKind, Game, Outcome, Playable, Position, Rules, Turn};

fn position<B: Bits>(key: DraughtsKind, text: &str) -> Position<B> {
    Position::from_text(key.rules(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn search<B: Bits>(p: Position<B>, depth: u32) -> (Option<Turn<B>>, Score) {
    let report = Search::new().run(
        &[p],
        Limits {
            depth: engine::search::Depth(depth),
            ..Limits::default()
        },
    );
    (report.best, report.score)
}

/// The null-window check that a turn reaches a score agrees with searching
/// that turn alone for its exact score.
#[test]
fn reaching_a_score_agrees_with_the_exact_score() {
    let mut game = Game::<u32>::new(DraughtsKind::Classic.rules());
    let mut checked = 0;
    for ply in 0..12 {
        let positions = game.positions().to_vec();
        let root = *positions.last().expect("a position");
        let limits = Limits {
            depth: engine::search::Depth(4),
            ..Limits::default()
        };
        for turn in root.legal_turns() {
            let exact = Search::new()
                .run_among(&positions, limits, |t| *t == turn)
                .score;
            for delta in [-30, -1, 0, 1, 30] {
                let threshold = Score(exact.0 + delta);
                let reached = Search::new().reaches(
                    &positions,
                    turn,
                    engine::search::Depth(4),
                    threshold,
                    u64::MAX,
                );
                assert_eq!(
                    reached,
                    Some(exact >= threshold),
                    "ply {ply} {}",
                    root.turn_text(turn)
                );
                checked += 1;
            }
        }
        let turns = root.legal_turns();
        if game.play(turns[ply % turns.len()]).is_err() || game.is_over() {
            break;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn takes_the_last_piece() {
    let p = position::<u32>(DraughtsKind::Classic, "5/5/2w2/2b2/5 w");
    let (best, score) = search(p, 3);
    assert_eq!(best.map(|t| p.turn_text(t)), Some("c3xc1".to_string()));
    assert_eq!(score, Score::win_in(engine::search::Ply(1)));
}

#[test]
fn huffs_when_the_huff_wins() {
    // Black may huff White's last piece, which ends the game at once.
    let p = position::<u32>(DraughtsKind::Special, "2b2/5/2w2/5/5 b - c3 0");
    let (best, score) = search(p, 2);
    assert_eq!(best.map(|t| p.turn_text(t)), Some("h:c3".to_string()));
    assert_eq!(score, Score::win_in(engine::search::Ply(1)));
}

#[test]
fn a_lost_side_takes_the_no_progress_draw() {
    // White's lone king against two: any king move is the 50th counted ply.
    let p = position::<u32>(DraughtsKind::Special, "4B/5/2B2/5/W4 w - - 49");
    let (best, score) = search(p, 4);
    assert!(best.is_some());
    assert_eq!(score, Score::DRAW);
    // One ply earlier the count is not yet there, and the material tells.
    let p = position::<u32>(DraughtsKind::Special, "4B/5/2B2/5/W4 w - - 10");
    let (_, score) = search(p, 2);
    assert!(score < Score::ZERO, "{score}");
}

#[test]
fn contempt_makes_a_draw_count_against_the_side_to_move() {
    // White's lone king will draw by the no-progress rule with any move.
    let p = position::<u32>(DraughtsKind::Special, "4B/5/2B2/5/W4 w - - 49");
    let mut search = Search::new();
    search.set_contempt(30);
    let limits = Limits {
        depth: engine::search::Depth(4),
        ..Limits::default()
    };
    assert_eq!(search.run(&[p], limits).score, Score(-30));
    search.set_contempt(0);
    assert_eq!(search.run(&[p], limits).score, Score::DRAW);
}

#[test]
fn a_classic_game_no_piece_can_be_taken_in_any_more_counts_as_drawn_when_asked() {
    use engine::search::Searchable;
    // White is a man up, but both white men are two ranks past the black
    // one: men never step back, so no piece can ever be taken again.
    let dead = position::<u32>(DraughtsKind::Classic, "2w2/w4/5/b4/5 w");
    // The same material with the men still in touch: a3 takes a2.
    let live = position::<u32>(DraughtsKind::Classic, "2w2/5/w4/b4/5 w");
    assert!(dead.is_dead());
    assert!(!live.is_dead());
    // Men further apart are as dead: White's on c4, Black's on a1.
    assert!(position::<u32>(DraughtsKind::Classic, "5/2w2/5/5/b4 b").is_dead());
    // Only Classic's men are known never to come back.
    assert!(!position::<u32>(DraughtsKind::Qirkat, "2w2/w4/5/b4/5 w").is_dead());
    let limits = Limits {
        depth: engine::search::Depth(6),
        ..Limits::default()
    };
    let mut search = Search::new();
    assert!(search.run(&[dead], limits).score >= Score(80));
    search.set_dead_draws(true);
    assert_eq!(search.run(&[dead], limits).score, Score::DRAW);
    assert!(search.run(&[live], limits).score.is_decided());
    search.set_contempt(40);
    assert_eq!(search.run(&[dead], limits).score, Score(-40));
}

#[test]
fn turkish_two_men_against_one_is_a_win_in_the_tree() {
    // White's man on d4 takes d5 (forced) and leaves two men against one.
    let p = position::<u64>(DraughtsKind::Turkish, "8/7b/8/3b4/3w4/8/w7/8 w");
    let (best, score) = search(p, 2);
    assert_eq!(best.map(|t| p.turn_text(t)), Some("d4xd6".to_string()));
    assert!(score.is_decided() && score > Score::ZERO, "{score}");
}

#[test]
fn the_same_budget_gives_the_same_answer() {
    let start = Position::<u32>::start(DraughtsKind::Qirkat.rules());
    let limits = Limits {
        depth: engine::search::Depth(64),
        nodes: 20_000,
    };
    let a = Search::new().run(&[start], limits);
    let b = Search::new().run(&[start], limits);
    assert_eq!(a.best, b.best);
    assert_eq!(a.score, b.score);
    assert_eq!(a.depth, b.depth);
    assert!(a.nodes <= 20_000 + 1);
    assert!(start.legal_turns().contains(&a.best.expect("a turn")));
}

/// A decided game value for the side to move, in plies to the end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Value {
    Win(u32),
    Loss(u32),
}

impl Value {
    fn score(self) -> Score {
        match self {
            Value::Win(k) => Score::win_in(engine::search::Ply(k)),
            Value::Loss(k) => Score::loss_in(engine::search::Ply(k)),
        }
    }
}

/// The game value by plain minimax, if decided within `depth` plies.
/// Every rule is judged by the game itself ([`Playable`]).
fn solve<G: Playable>(game: &mut G, depth: u32) -> Option<Value> {
    if let Some(outcome) = game.outcome() {
        return match outcome {
            Outcome::Draw { .. } => None,
            Outcome::Win { winner, .. } if winner == game.side_to_move() => Some(Value::Win(0)),
            Outcome::Win { .. } => Some(Value::Loss(0)),
        };
    }
    if depth == 0 {
        return None;
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss: Option<u32> = None;
    let mut all_lose = true;
    for turn in game.legal_turns() {
        game.play(turn).expect("legal");
        let value = solve(game, depth - 1);
        game.undo();
        match value {
            Some(Value::Loss(k)) => {
                fastest_win = Some(fastest_win.map_or(k + 1, |w| w.min(k + 1)));
                all_lose = false;
            }
            Some(Value::Win(k)) => {
                slowest_loss = Some(slowest_loss.map_or(k + 1, |l| l.max(k + 1)));
            }
            None => all_lose = false,
        }
    }
    match (fastest_win, slowest_loss) {
        (Some(w), _) => Some(Value::Win(w)),
        (None, Some(l)) if all_lose => Some(Value::Loss(l)),
        _ => None,
    }
}

/// Compares one position; returns whether minimax found it decided.
fn check_against_minimax<B: Bits>(rules: &'static Rules, seed: u64) -> bool {
    let mut game = Game::<B>::new(rules);
    let mut s = seed | 1;
    for _ in 0..(10 + seed % 60) {
        if game.is_over() {
            return false;
        }
        let turns = game.position().legal_turns();
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        game.play(turns[(s % turns.len() as u64) as usize])
            .expect("legal");
    }
    if game.is_over() {
        return false;
    }
    let depth = 3;
    let expected = solve(&mut game, depth);
    let report = Search::new().run(
        game.positions(),
        Limits {
            depth: engine::search::Depth(depth),
            ..Limits::default()
        },
    );
    let Some(expected) = expected else {
        return false;
    };
    assert_eq!(
        report.score,
        expected.score(),
        "{} {}",
        rules.key,
        game.position()
    );
    true
}

#[test]
fn forced_results_match_plain_minimax() {
    let mut decided = 0;
    for rules in Rules::all() {
        for seed in 0..60u64 {
            let compared =
                engine::with_bits!(rules, B => check_against_minimax::<B>(rules, seed * 7919 + 1));
            decided += usize::from(compared);
        }
    }
    assert!(
        decided >= 10,
        "only {decided} positions were decided within the depth"
    );
}

mod chesquerque {
    use super::solve;
    use engine::chesquerque::{ChessGame, ChessPosition};
    use engine::search::{Limits, Score, Search};
    use engine::Outcome;

    fn fen(text: &str) -> ChessPosition {
        ChessPosition::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn finds_the_mate_in_one() {
        // The queen reaches b8, guarded by the king on c7: a8, b9 and b8 are
        // all covered.
        let p = fen("k8/9/2K6/9/9/1Q7/9/9/9 w - - 0 1");
        let report = Search::new().run(
            &[p],
            Limits {
                depth: engine::search::Depth(3),
                ..Limits::default()
            },
        );
        assert_eq!(report.score, Score::win_in(engine::search::Ply(1)));
        let best = report.best.expect("a move");
        let mut game = ChessGame::from_position(p);
        game.play(best).expect("legal");
        assert!(
            matches!(game.outcome(), Some(Outcome::Win { .. })),
            "{}",
            p.move_text(best)
        );
    }

    #[test]
    fn a_stalemated_side_scores_a_draw_and_a_mated_side_a_loss() {
        let stalemate = fen("k8/7R1/9/9/9/9/9/9/1R2K4 b - - 0 1");
        let report = Search::new().run(
            &[stalemate],
            Limits {
                depth: engine::search::Depth(2),
                ..Limits::default()
            },
        );
        assert_eq!((report.best, report.score), (None, Score::DRAW));
        let mate = fen("k8/1Q7/2K6/9/9/9/9/9/9 b - - 0 1");
        let report = Search::new().run(
            &[mate],
            Limits {
                depth: engine::search::Depth(2),
                ..Limits::default()
            },
        );
        assert_eq!(
            (report.best, report.score),
            (None, Score::loss_in(engine::search::Ply(0)))
        );
    }

    #[test]
    fn forced_mates_match_plain_minimax() {
        // White's queen on every empty point, kings on c7 and a9.
        let mut decided = 0;
        for file in b'a'..=b'i' {
            for rank in b'1'..=b'9' {
                let name = [file, rank];
                let point = std::str::from_utf8(&name).expect("ascii");
                if point == "c7" || point == "a9" {
                    continue;
                }
                let mut board = vec![vec!['.'; 9]; 9];
                board[8][0] = 'k';
                board[6][2] = 'K';
                board[(rank - b'1') as usize][(file - b'a') as usize] = 'Q';
                let ranks: Vec<String> = (0..9)
                    .rev()
                    .map(|r| {
                        let mut out = String::new();
                        let mut empty = 0;
                        for &c in &board[r] {
                            if c == '.' {
                                empty += 1;
                            } else {
                                if empty > 0 {
                                    out.push_str(&empty.to_string());
                                    empty = 0;
                                }
                                out.push(c);
                            }
                        }
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                        }
                        out
                    })
                    .collect();
                let text = format!("{} w - - 0 1", ranks.join("/"));
                let Ok(p) = ChessPosition::from_fen(&text) else {
                    continue; // Black already in check with White to move.
                };
                let mut game = ChessGame::from_position(p);
                if game.outcome().is_some() {
                    continue;
                }
                let Some(expected) = solve(&mut game, 3) else {
                    continue;
                };
                let report = Search::new().run(
                    &[p],
                    Limits {
                        depth: engine::search::Depth(3),
                        ..Limits::default()
                    },
                );
                assert_eq!(report.score, expected.score(), "{text}");
                decided += 1;
            }
        }
        assert!(decided >= 5, "only {decided} positions were decided");
    }
}
