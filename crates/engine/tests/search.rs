//! The search, tested with depth and node limits (never the clock).

use engine::search::{Limits, Score, Search};
use engine::{Bits, Game, GameKey, Outcome, Position, Rules, Turn};

fn position<B: Bits>(key: GameKey, text: &str) -> Position<B> {
    Position::from_text(key.rules(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn search<B: Bits>(p: Position<B>, depth: u32) -> (Option<Turn<B>>, Score) {
    let report = Search::new().run(
        &[p],
        Limits {
            depth,
            ..Limits::default()
        },
    );
    (report.best, report.score)
}

#[test]
fn takes_the_last_piece() {
    let p = position::<u32>(GameKey::Classic, "5/5/2w2/2b2/5 w");
    let (best, score) = search(p, 3);
    assert_eq!(best.map(|t| p.turn_text(t)), Some("c3xc1".to_string()));
    assert_eq!(score, Score::win_in(1));
}

#[test]
fn huffs_when_the_huff_wins() {
    // Black may huff White's last piece, which ends the game at once.
    let p = position::<u32>(GameKey::Special, "2b2/5/2w2/5/5 b - c3 0");
    let (best, score) = search(p, 2);
    assert_eq!(best.map(|t| p.turn_text(t)), Some("h:c3".to_string()));
    assert_eq!(score, Score::win_in(1));
}

#[test]
fn a_lost_side_takes_the_no_progress_draw() {
    // White's lone king against two: any king move is the 50th counted ply.
    let p = position::<u32>(GameKey::Special, "4B/5/2B2/5/W4 w - - 49");
    let (best, score) = search(p, 4);
    assert!(best.is_some());
    assert_eq!(score, Score::DRAW);
    // One ply earlier the count is not yet there, and the material tells.
    let p = position::<u32>(GameKey::Special, "4B/5/2B2/5/W4 w - - 10");
    let (_, score) = search(p, 2);
    assert!(score < Score::ZERO, "{score}");
}

#[test]
fn turkish_two_men_against_one_is_a_win_in_the_tree() {
    // White's man on d4 takes d5 (forced) and leaves two men against one.
    let p = position::<u64>(GameKey::Turkish, "8/7b/8/3b4/3w4/8/w7/8 w");
    let (best, score) = search(p, 2);
    assert_eq!(best.map(|t| p.turn_text(t)), Some("d4xd6".to_string()));
    assert!(score.is_decided() && score > Score::ZERO, "{score}");
}

#[test]
fn the_same_budget_gives_the_same_answer() {
    let start = Position::<u32>::start(GameKey::Qirkat.rules());
    let limits = Limits {
        depth: 64,
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

/// The game value by plain minimax over whole games (every rule judged by
/// `Game`), if decided within `depth` plies.
fn solve<B: Bits>(game: &mut Game<B>, depth: u32) -> Option<Value> {
    if let Some(outcome) = game.outcome() {
        return match outcome {
            Outcome::Draw { .. } => None,
            Outcome::Win { winner, .. } if winner == game.position().side_to_move() => {
                Some(Value::Win(0))
            }
            Outcome::Win { .. } => Some(Value::Loss(0)),
        };
    }
    if depth == 0 {
        return None;
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss: Option<u32> = None;
    let mut all_lose = true;
    for turn in game.position().legal_turns() {
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
            depth,
            ..Limits::default()
        },
    );
    let score = match expected {
        Some(Value::Win(k)) => Score::win_in(k),
        Some(Value::Loss(k)) => Score::loss_in(k),
        None => return false,
    };
    assert_eq!(report.score, score, "{} {}", rules.key, game.position());
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
