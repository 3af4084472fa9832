//! Expert with the tables plays table positions perfectly: against the
//! tables' own best defence it wins a won position in exactly the plies the
//! tables give, it draws a drawn one, and it holds a lost one as long as
//! they say. The game's own rules judge each game's end.

use std::sync::Arc;

use alquerque_tables::{Tables, Value};
use engine::game::History;
use engine::position::Sideways;
use engine::search::{Level, Player, Verdict};
use engine::{Bits, BySide, DraughtsKind, GameKind, Outcome, Position, Setup, Small};

/// A small generator of test cases (splitmix64).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A position of `game` with `white` and `black` men on random points,
    /// none remembering anything.
    fn position(&mut self, game: DraughtsKind, white: u32, black: u32) -> Position<Small> {
        loop {
            let mut sets = [0u32; 2];
            for (side, count) in [(0, white), (1, black)] {
                while sets[side].count_ones() < count {
                    let point = 1 << (self.next() % 25);
                    if (sets[0] | sets[1]) & point == 0 {
                        sets[side] |= point;
                    }
                }
            }
            let set = |bits: u32| Small::from_u128(u128::from(bits));
            let setup = Setup {
                men: BySide::new(set(sets[0]), set(sets[1])),
                kings: BySide::new(Small::ZERO, Small::ZERO),
                white_to_move: self.next() % 2 == 0,
                came_from: Sideways::default(),
                huffable: Small::ZERO,
                counter: 0,
            };
            if let Ok(position) = Position::from_setup(game.rules(), setup) {
                return position;
            }
        }
    }
}

fn expert(game: DraughtsKind, tables: &Arc<Tables>) -> Player<Position<Small>> {
    let mut player = Player::new(Level::Expert, GameKind::Draughts(game), 1);
    let tables = Arc::clone(tables);
    player.set_oracle(Box::new(move |position| match tables.value(position)? {
        Value::Win(plies) => Some((Verdict::Win, u32::from(plies))),
        Value::Loss(plies) => Some((Verdict::Loss, u32::from(plies))),
        Value::Draw => Some((Verdict::Draw, 0)),
    }));
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
    let mut random = Random(u64::from(men) * 7 + game as u64);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for n in 0..samples {
        let white = 1 + (n as u32 % (men - 1));
        let start = random.position(game, white, men - white);
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
    let mut random = Random(5);
    let mut proven = 0;
    for n in 0..40 {
        let start = random.position(game, 1 + n % 3, 3 - n % 3);
        let Some(Value::Win(plies) | Value::Loss(plies)) = full.value(&start) else {
            continue;
        };
        if plies > 7 {
            continue;
        }
        let mut search = engine::search::Search::new();
        let tables = Arc::clone(&smaller);
        search.set_oracle(Box::new(move |position| match tables.value(position)? {
            Value::Win(plies) => Some((Verdict::Win, u32::from(plies))),
            Value::Loss(plies) => Some((Verdict::Loss, u32::from(plies))),
            Value::Draw => Some((Verdict::Draw, 0)),
        }));
        let report = search.run(
            &[start],
            engine::search::Limits {
                depth: u32::from(plies) + 1,
                nodes: u64::MAX,
            },
        );
        let expected = match full.value(&start) {
            Some(Value::Win(p)) => engine::search::Score::win_in(u32::from(p)),
            _ => engine::search::Score::loss_in(u32::from(plies)),
        };
        assert_eq!(report.score, expected, "{start:?}");
        proven += 1;
    }
    assert!(proven > 5, "{proven}");
}
