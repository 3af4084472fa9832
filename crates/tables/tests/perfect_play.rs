//! Expert with the tables plays table positions perfectly: against the
//! tables' own best defence it wins a won position in exactly the plies the
//! tables give, it draws a drawn one, and it holds a lost one as long as
//! they say. The game's own rules judge each game's end.

use std::sync::Arc;

use alquerque_tables::{sample, Tables, Value};
use engine::game::History;
use engine::search::{Level, Player};
use engine::{DraughtsKind, GameKind, Outcome, Position, Small};

fn expert(game: DraughtsKind, tables: &Arc<Tables>) -> Player<Position<Small>> {
    let mut player = Player::new(Level::Expert, GameKind::Draughts(game), 1);
    let tables = Arc::clone(tables);
    player.set_oracle(Box::new(move |position| tables.known(position)));
    player
}

/// Plays Expert (the side to move) against the tables' best play for up to
/// `plies`, and returns the game.
fn play_out(
    start: Position<Small>,
    expert: &mut Player<Position<Small>>,
    tables: &Tables,
    plies: usize,
) -> History<Position<Small>> {
    let mut game = History::from_position(start);
    let experts_side = start.side_to_move();
    while game.outcome().is_none() && game.turns().len() < plies {
        let position = *game.position();
        let turn = if position.side_to_move() == experts_side {
            expert.choose(game.positions()).expect("a turn")
        } else {
            tables.best_turn(&position).expect("a table position")
        };
        game.play(turn).expect("a legal turn");
    }
    game
}

fn check(game: DraughtsKind, men: u32, samples: usize) {
    let tables = Arc::new(Tables::generate(game, men).expect("a game with tables"));
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for start in sample(game, men, samples, u64::from(men) * 7 + game as u64) {
        let value = tables.value(&start).expect("in the tables");
        let mut player = expert(game, &tables);
        let side = start.side_to_move();
        match value {
            // Within the no-progress limit, so that only the men decide.
            Value::Win(plies) | Value::Loss(plies) if plies < 40 => {
                let played = play_out(start, &mut player, &tables, 60);
                let winner = if matches!(value, Value::Win(_)) {
                    wins += 1;
                    side
                } else {
                    losses += 1;
                    side.other()
                };
                assert!(
                    matches!(played.outcome(), Some(Outcome::Win { winner: w, .. }) if w == winner),
                    "{game} {start:?}: {value} ended {:?}",
                    played.outcome()
                );
                assert_eq!(played.turns().len(), usize::from(plies), "{game} {start:?}");
            }
            Value::Draw => {
                draws += 1;
                let played = play_out(start, &mut player, &tables, 40);
                assert!(
                    !matches!(played.outcome(), Some(Outcome::Win { winner, .. }) if winner != side),
                    "{game} {start:?}: a draw lost"
                );
                if played.outcome().is_none() {
                    assert_eq!(tables.value(played.position()), Some(Value::Draw));
                }
            }
            _ => {}
        }
    }
    // Each kind of position was tried.
    assert!(wins > 5 && losses > 5, "{game}: {wins} {draws} {losses}");
    if game == DraughtsKind::Classic {
        assert!(draws > 5, "{game}: {wins} {draws} {losses}");
    }
}

#[test]
fn expert_plays_classic_endings_perfectly() {
    check(DraughtsKind::Classic, 4, 60);
}

#[test]
fn expert_plays_special_endings_perfectly() {
    check(DraughtsKind::Special, 3, 80);
}

#[test]
fn expert_plays_qirkat_and_bell_endings_perfectly() {
    check(DraughtsKind::Qirkat, 3, 60);
    check(DraughtsKind::Bell, 3, 60);
}

/// Inside the search too: with the tables of fewer men, the search proves
/// the same results as the tables of the position's own material.
#[test]
fn the_search_with_smaller_tables_finds_what_the_larger_ones_know() {
    let game = DraughtsKind::Classic;
    let full = Tables::generate(game, 4).expect("a game with tables");
    let smaller = Arc::new(Tables::generate(game, 3).expect("a game with tables"));
    let mut proven = 0;
    for start in sample(game, 4, 40, 5) {
        let Some(Value::Win(plies) | Value::Loss(plies)) = full.value(&start) else {
            continue;
        };
        if plies > 7 {
            continue;
        }
        let mut search = engine::search::Search::new();
        let tables = Arc::clone(&smaller);
        search.set_oracle(Box::new(move |position| tables.known(position)));
        let report = search.run(
            &[start],
            engine::search::Limits {
                depth: engine::search::Depth(u32::from(plies) + 1),
                nodes: u64::MAX,
            },
        );
        let expected = match full.value(&start) {
            Some(Value::Win(p)) => engine::search::Score::win_in(engine::search::Ply(u32::from(p))),
            _ => engine::search::Score::loss_in(engine::search::Ply(u32::from(plies))),
        };
        assert_eq!(report.score, expected, "{start:?}");
        proven += 1;
    }
    assert!(proven > 5, "{proven}");
}
