use super::*;

fn positions(game: DraughtsKind, men: u32, count: usize) -> Vec<Position<Small>> {
    alquerque_tables::sample(game, men, count, 0x2545_F491_4F6C_DD1D)
}

/// The search without tables, and with the tables of fewer men as leaves,
/// finds what the tables of the position's own material say, for either
/// side as attacker.
#[test]
fn the_search_agrees_with_the_tables() {
    for game in [
        DraughtsKind::Classic,
        DraughtsKind::Qirkat,
        DraughtsKind::Bell,
    ] {
        let full = Tables::generate(game, 3).expect("tables");
        let smaller = Tables::generate(game, 2).expect("tables");
        let (mut proven, mut disproven) = (0, 0);
        for position in positions(game, 3, 60) {
            let value = full.value(&position).expect("in the tables");
            // A Classic win longer than the no-progress limit may not be
            // one in the game (the next test).
            if matches!(value, Value::Win(plies) | Value::Loss(plies) if plies > 50) {
                continue;
            }
            for attacker in Side::BOTH {
                let mover = position.side_to_move() == attacker;
                let wins = match value {
                    Value::Win(_) => mover,
                    Value::Loss(_) => !mover,
                    Value::Draw => false,
                };
                for leaves in [None, Some(&smaller)] {
                    let mut solver = Solver::new(game, attacker, leaves).expect("solvable");
                    let status = solver.run(&position, 10_000_000);
                    let expected = if wins {
                        Status::Proven
                    } else {
                        Status::Disproven
                    };
                    assert_eq!(status, expected, "{game} {position:?} {attacker:?} {value}");
                }
                if wins {
                    proven += 1;
                } else {
                    disproven += 1;
                }
            }
        }
        assert!(
            proven > 20 && disproven > 20,
            "{game}: {proven} {disproven}"
        );
    }
}

/// In Classic a win must come before the no-progress count reaches its
/// limit: one the tables give in so many plies is found with that many
/// plies left, and none is with no ply left.
#[test]
fn classic_wins_come_within_the_no_progress_count() {
    let game = DraughtsKind::Classic;
    let tables = Tables::generate(game, 3).expect("tables");
    let mut checked = 0;
    for position in positions(game, 3, 200) {
        let Some(Value::Win(plies)) = tables.value(&position) else {
            continue;
        };
        if plies > 50 {
            continue;
        }
        let text = position.to_text();
        let board = text.rsplit_once(' ').expect("fields").0;
        for (count, wins) in [(50 - plies, true), (50, false)] {
            let root = Position::<Small>::from_text(position.rules(), &format!("{board} {count}"))
                .expect("a position");
            assert_eq!(root.no_progress_plies(), count);
            for leaves in [None, Some(&tables)] {
                let mut solver =
                    Solver::new(game, position.side_to_move(), leaves).expect("solvable");
                let status = solver.run(&root, 10_000_000);
                assert_eq!(
                    status == Status::Proven,
                    wins,
                    "{board} {count}: {status:?}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn a_search_saved_and_resumed_ends_as_one_run_does() {
    let game = DraughtsKind::Qirkat;
    let tables = Tables::generate(game, 3).expect("tables");
    // A position that takes a while to settle.
    let (root, whole) = positions(game, 7, 40)
        .into_iter()
        .map(|root| {
            let mut whole = Solver::new(game, Side::White, Some(&tables)).expect("solvable");
            whole.run(&root, u64::MAX);
            (root, whole)
        })
        .max_by_key(|(_, whole)| whole.nodes())
        .expect("positions");
    assert!(whole.nodes() > 1000, "{}", whole.nodes());
    let mut again = Solver::new(game, Side::White, Some(&tables)).expect("solvable");
    let status = again.run(&root, u64::MAX);
    assert!(
        matches!(status, Status::Proven | Status::Disproven),
        "{status:?}"
    );

    let dir = std::env::temp_dir().join(format!("alquerque-solver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("search.checkpoint");
    let mut first = Solver::new(game, Side::White, Some(&tables)).expect("solvable");
    let open = first.run(&root, whole.nodes() / 2);
    assert!(matches!(open, Status::Open(_)), "{open:?}");
    first.save(&root, &path).expect("saved");
    let mut second = Solver::new(game, Side::White, Some(&tables)).expect("solvable");
    second.resume(&root, &path).expect("resumed");
    assert_eq!(
        (second.nodes(), second.stored()),
        (first.nodes(), first.stored())
    );
    assert_eq!(second.run(&root, u64::MAX), status);
    // Another attacker's search, or a file cut short, does not resume it.
    let mut black = Solver::new(game, Side::Black, Some(&tables)).expect("solvable");
    assert!(black.resume(&root, &path).is_err());
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() - 3]).expect("written");
    let mut cut = Solver::new(game, Side::White, Some(&tables)).expect("solvable");
    assert!(cut.resume(&root, &path).is_err());
    std::fs::remove_dir_all(&dir).expect("removed");
}
