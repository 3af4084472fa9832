use super::*;

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
    for (white, black) in [(1, 1), (2, 1), (1, 3), (2, 2)] {
        let material = Material { white, black };
        let mut seen = vec![false; material.size() as usize];
        for index in 0..seen.len() {
            let (w, b, side) = material.position(index);
            assert_eq!((w.count_ones(), b.count_ones()), (white, black));
            assert_eq!(w & b, 0);
            assert!(w < (1 << POINTS) && b < (1 << POINTS));
            let back = material.index(w, b, side);
            assert_eq!(back, index, "{w:b} {b:b}");
            assert!(!seen[back]);
            seen[back] = true;
        }
    }
}

/// The value of `position` found by searching every line to `depth` plies,
/// without the tables: `None` when no result is forced within them.
fn search(position: &Position<Small>, depth: u16) -> Option<Value> {
    let turns = position.legal_turns();
    if turns.is_empty() {
        return Some(Value::Loss(0));
    }
    if depth == 0 {
        return None;
    }
    let mut quickest_win = None;
    let mut longest_loss = Some(0);
    for turn in turns {
        match search(&position.play_turn(turn), depth - 1) {
            Some(Value::Loss(k)) => {
                quickest_win = Some(quickest_win.map_or(k + 1, |w: u16| w.min(k + 1)));
            }
            Some(Value::Win(k)) => longest_loss = longest_loss.map(|l: u16| l.max(k + 1)),
            _ => longest_loss = None,
        }
    }
    quickest_win
        .map(Value::Win)
        .or(longest_loss.map(Value::Loss))
}

#[test]
fn the_tables_agree_with_a_search_to_the_end_wherever_it_can_tell() {
    let tables = Tables::generate(3);
    assert_eq!(
        tables.len() as u64,
        [(1, 1), (2, 1), (1, 2)]
            .iter()
            .map(|&(white, black)| Material { white, black }.size())
            .sum::<u64>()
    );
    const DEPTH: u16 = 9;
    let mut random = Random(21);
    let (mut decided, mut checked) = (0, 0);
    while checked < 400 {
        let (white, black) = [(1, 1), (2, 1), (1, 2)][(random.next() % 3) as usize];
        let material = Material { white, black };
        let index = (random.next() % material.size()) as usize;
        let (w, b, side) = material.position(index);
        let Some(position) = classic(w, b, side) else {
            continue;
        };
        checked += 1;
        let table = tables.value(&position).expect("in the tables");
        let found = search(&position, DEPTH);
        match (table, found) {
            (Value::Win(d) | Value::Loss(d), _) if d <= DEPTH => {
                assert_eq!(found, Some(table), "{position:?}");
                decided += 1;
            }
            (_, Some(v)) => panic!("{position:?}: the search says {v:?}, the table {table:?}"),
            _ => {}
        }
    }
    // The check says something: many positions end within the search.
    assert!(decided > 100, "{decided}");
}

#[test]
fn a_lone_man_against_two_is_told_apart_from_a_draw() {
    let tables = Tables::generate(3);
    let counts = |material: Material| {
        let values = &tables.values[&material];
        let wins = values
            .iter()
            .filter(|&&c| c != 0 && (c - 1) % 2 == 1)
            .count();
        let draws = values.iter().filter(|&&c| c == 0).count();
        (wins, draws)
    };
    let (wins, draws) = counts(Material { white: 2, black: 1 });
    assert!(wins > 0 && draws > 0, "{wins} {draws}");
}

#[test]
fn mirrored_positions_and_swapped_colours_have_the_same_values() {
    let tables = Tables::generate(4);
    // Left and right are alike in Classic: a position and its mirror image
    // have one value.
    let material = Material { white: 2, black: 2 };
    for index in (0..material.size() as usize).step_by(7) {
        let (w, b, side) = material.position(index);
        let Some(position) = classic(w, b, side) else {
            continue;
        };
        assert_eq!(
            tables.value(&position),
            tables.value(&position.mirrored()),
            "{position:?}"
        );
    }
    // The board turned round with the colours swapped is the same game:
    // each material's table and its swapped one hold the same results.
    let summary = tables.summary();
    for s in &summary {
        let swapped = summary
            .iter()
            .find(|o| (o.white, o.black) == (s.black, s.white))
            .expect("the swapped material");
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
