use super::*;
use crate::index::POINTS;
use engine::search::{Searchable, Verdict};
use std::string::ToString;
use std::{format, vec};

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
}

#[test]
fn every_position_has_its_own_number() {
    use crate::index::Digits;
    for digits in [Digits::None, Digits::Memory, Digits::KingsAndHuffs] {
        for (white, black) in [(1, 1), (2, 1), (1, 3), (2, 2)] {
            let material = Material {
                white,
                black,
                digits,
            };
            let mut seen = vec![false; material.size() as usize];
            for index in 0..seen.len() {
                let men = material.position(index);
                assert_eq!(
                    (men.white.count_ones(), men.black.count_ones()),
                    (white, black)
                );
                assert_eq!(men.white & men.black, 0);
                assert_eq!((men.west | men.east) & !(men.white | men.black), 0);
                assert_eq!(men.west & men.east, 0);
                assert_eq!((men.kings | men.huffable) & !(men.white | men.black), 0);
                assert!(men.white < (1 << POINTS) && men.black < (1 << POINTS));
                let back = material.index(men);
                assert_eq!(back, index, "{men:?}");
                assert!(!seen[back]);
                seen[back] = true;
            }
        }
    }
}

/// The value of `position` found by searching every line to `depth` plies,
/// without the tables: `None` when no result is forced within them.
fn search(position: &Position<Small>, depth: u16) -> Option<Value> {
    let turns = position.legal_turns();
    if turns.is_empty() {
        return Some(match position.no_turn_verdict() {
            Verdict::Draw => Value::Draw,
            _ => Value::Loss(0),
        });
    }
    if depth == 0 {
        return None;
    }
    let mut quickest_win = None;
    let mut longest_loss = Some(0);
    let (mut drawn, mut unknown) = (false, false);
    for turn in turns {
        match search(&position.play_turn(turn), depth - 1) {
            Some(Value::Loss(k)) => {
                quickest_win = Some(quickest_win.map_or(k + 1, |w: u16| w.min(k + 1)));
            }
            Some(Value::Win(k)) => longest_loss = longest_loss.map(|l: u16| l.max(k + 1)),
            Some(Value::Draw) => {
                drawn = true;
                longest_loss = None;
            }
            None => {
                unknown = true;
                longest_loss = None;
            }
        }
    }
    // A proven draw needs every turn known and none winning.
    quickest_win
        .map(Value::Win)
        .or(longest_loss.map(Value::Loss))
        .or((drawn && !unknown).then_some(Value::Draw))
}

/// The game's position with these men, if it is one.
fn position(tables: &Tables, men: Men) -> Option<Position<Small>> {
    tables.position(men)
}

/// A random position of up to three men that can occur in `tables`' game.
fn random_position(tables: &Tables, random: &mut Random) -> Position<Small> {
    loop {
        let (white, black) = [(1, 1), (2, 1), (1, 2)][(random.next() % 3) as usize];
        let material = tables.material(white, black);
        let index = (random.next() % material.size()) as usize;
        if let Some(position) = position(tables, material.position(index)) {
            return position;
        }
    }
}

#[test]
fn the_tables_agree_with_a_search_to_the_end_wherever_it_can_tell() {
    for (game, depth) in [
        (DraughtsKind::Classic, 9),
        // Flying kings have many moves: a shallower search.
        (DraughtsKind::Special, 5),
        (DraughtsKind::Qirkat, 9),
        (DraughtsKind::Bell, 9),
    ] {
        let tables = Tables::generate(game, 3).expect("a game with tables");
        assert_eq!(
            tables.len() as u64,
            [(1, 1), (2, 1), (1, 2)]
                .iter()
                .map(|&(white, black)| tables.material(white, black).size())
                .sum::<u64>()
        );
        let mut random = Random(21);
        let mut decided = 0;
        for _ in 0..400 {
            let position = random_position(&tables, &mut random);
            let table = tables.value(&position).expect("in the tables");
            let found = search(&position, depth);
            match (table, found) {
                (Value::Win(d) | Value::Loss(d), _) if d <= depth => {
                    assert_eq!(found, Some(table), "{game}: {position:?}");
                    decided += 1;
                }
                (_, Some(Value::Draw)) => assert_eq!(table, Value::Draw, "{game}: {position:?}"),
                (_, Some(v)) => {
                    panic!("{game}: {position:?}: the search says {v:?}, the table {table:?}")
                }
                _ => {}
            }
        }
        // The check says something: many positions end within the search.
        assert!(decided > 100, "{game}: {decided}");
    }
}

#[test]
fn where_play_cannot_go_round_both_ways_of_solving_agree() {
    for game in [DraughtsKind::Qirkat, DraughtsKind::Bell] {
        let mut tables = Tables::new(game).expect("a game with tables");
        for (white, black) in Tables::materials(3) {
            let material = tables.material(white, black);
            let by_passes = tables.solve_by_passes(material);
            let depth_first = tables.solve_depth_first(material);
            let differ = (0..by_passes.len())
                .filter(|&i| {
                    by_passes[i] != depth_first[i]
                        && position(&tables, material.position(i)).is_some()
                })
                .count();
            assert_eq!(differ, 0, "{game} {white}v{black}");
            tables.insert(white, black, depth_first);
        }
    }
}

#[test]
fn a_lone_man_against_two_is_told_apart_from_a_draw() {
    let tables = Tables::generate(DraughtsKind::Classic, 3).expect("a game with tables");
    let counts = |material: (u32, u32)| {
        let values = &tables.values[&material];
        let wins = values
            .iter()
            .filter(|&&c| c != 0 && (c - 1) % 2 == 1)
            .count();
        let draws = values.iter().filter(|&&c| c == 0).count();
        (wins, draws)
    };
    let (wins, draws) = counts((2, 1));
    assert!(wins > 0 && draws > 0, "{wins} {draws}");
}

#[test]
fn mirrored_positions_and_swapped_colours_have_the_same_values() {
    for (game, men) in [
        (DraughtsKind::Classic, 4),
        (DraughtsKind::Special, 3),
        (DraughtsKind::Qirkat, 3),
        (DraughtsKind::Bell, 3),
    ] {
        check_symmetry(&Tables::generate(game, men).expect("a game with tables"));
    }
}

fn check_symmetry(tables: &Tables) {
    let game = tables.game();
    // Left and right are alike: a position and its mirror image (where a man
    // that came from the west came from the east) have one value.
    let material = tables.material(2, 1);
    let mut checked = 0;
    for index in (0..material.size() as usize).step_by(7) {
        let Some(position) = position(tables, material.position(index)) else {
            continue;
        };
        assert_eq!(
            tables.value(&position),
            tables.value(&position.mirrored()),
            "{game}: {position:?}"
        );
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
    // The board turned round with the colours swapped is the same game:
    // each material's table and its swapped one hold the same results.
    let summary = tables.summary();
    for s in &summary {
        let swapped = summary
            .iter()
            .find(|o| (o.white, o.black) == (s.black, s.white))
            .expect("the swapped material");
        assert_eq!(
            (s.positions, swapped.positions),
            (s.positions, s.positions),
            "{game}"
        );
        assert_eq!(
            (s.wins, s.losses, s.draws, s.longest_win),
            (
                swapped.wins,
                swapped.losses,
                swapped.draws,
                swapped.longest_win
            )
        );
    }
}

#[test]
fn tables_read_back_from_files_are_the_same_and_bad_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("alquerque-tables-{}", std::process::id()));
    let tables = Tables::generate(DraughtsKind::Qirkat, 3).expect("a game with tables");
    let written = tables.save(&dir).expect("written");
    assert_eq!(written.len(), 3);
    let read = Tables::load(DraughtsKind::Qirkat, 3, &dir).expect("read back");
    assert_eq!(read.values, tables.values);
    // More men than were built: the missing file is named.
    let error = Tables::load(DraughtsKind::Qirkat, 4, &dir).expect_err("no 4-man tables");
    assert!(
        matches!(error, LoadError::Missing { men: 4, .. }),
        "{error}"
    );
    // Another game's tables are not there either.
    assert!(matches!(
        Tables::load(DraughtsKind::Bell, 3, &dir),
        Err(LoadError::Missing { .. })
    ));
    // A file cut short, or holding another material, is refused.
    let path = dir.join("qirkat-2v1.tbl");
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() - 2]).expect("written");
    let error = Tables::load(DraughtsKind::Qirkat, 3, &dir).expect_err("short");
    assert!(error.to_string().contains("wrong number"), "{error}");
    let other = std::fs::read(dir.join("qirkat-1v2.tbl")).expect("read");
    std::fs::write(&path, other).expect("written");
    let error = Tables::load(DraughtsKind::Qirkat, 3, &dir).expect_err("another material");
    assert!(
        error.to_string().contains("another game or material"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}
