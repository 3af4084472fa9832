use super::*;
use Outcome::{Draw, Loss, Win};

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player {
            rating: 1500 + 10 * i as i32,
            paused: false,
            withdrawn: false,
        })
        .collect()
}

fn game(white: PlayerId, black: PlayerId, round: u32, ending: Option<Ending>) -> Game {
    Game {
        white,
        black: Some(black),
        round,
        ending,
        plies: 30,
        berserk: [false, false],
    }
}

#[test]
fn arena_standings_score_streaks_and_skip_forfeits() {
    let field = players(3);
    let games = vec![
        game(0, 1, 0, Some(Ending::Played(Win))),
        game(2, 0, 0, Some(Ending::Played(Loss))),
        // A forfeit scores nothing and neither lights nor ends a streak.
        game(0, 1, 0, Some(Ending::Forfeit(Loss))),
        game(0, 2, 0, Some(Ending::Played(Win))),
        game(1, 2, 0, None),
    ];
    let lines = standings(Kind::Arena, &field, &games);
    assert_eq!(lines[0].player, 0);
    // 2 + 2 + 4 (on fire in the third game played).
    assert_eq!(lines[0].points, 8);
    assert!(lines[0].on_fire);
    assert_eq!(lines[0].sheet.len(), 3);
    assert!(lines[0].sheet[2].on_fire);
    // 1 and 2 have no points; 1 lost to 0 (1500), 2 lost twice to 0.
    assert_eq!(lines[1].points + lines[2].points, 0);
    assert_eq!(lines[1].first_tiebreak, Some(1100));
    assert_eq!(lines[1].player, 1);
}

#[test]
fn arena_waves_pair_only_free_players_and_keep_blocks_apart() {
    let mut field = players(6);
    field[5].paused = true;
    let games = vec![game(0, 1, 0, None)];
    let wave = arena_wave(&field, &games, &|_, _| false);
    let paired: HashSet<PlayerId> = wave.iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_eq!(
        paired,
        HashSet::from([2, 3, 4])
            .intersection(&paired)
            .copied()
            .collect()
    );
    assert!(!paired.contains(&0) && !paired.contains(&1) && !paired.contains(&5));
    assert_eq!(wave.len(), 1);
    // 2 and 3 blocked each other: whatever the pairing, never together.
    let field = players(4);
    for _ in 0..3 {
        let wave = arena_wave(&field, &[], &|a, b| (a.min(b), a.max(b)) == (0, 1));
        assert!(wave.iter().all(|&(a, b)| (a.min(b), a.max(b)) != (0, 1)));
        assert_eq!(wave.len(), 2);
    }
    let two = players(2);
    assert!(arena_wave(&two, &[], &|_, _| true).is_empty());
    // A withdrawn player is never paired again.
    let mut left = players(3);
    left[1].withdrawn = true;
    let wave = arena_wave(&left, &[], &|_, _| false);
    assert_eq!(wave.len(), 1);
    assert!(wave.iter().all(|&(a, b)| a != 1 && b != 1));
}

#[test]
fn swiss_rounds_wait_for_the_last_game_and_stop_after_the_last_round() {
    let field = players(5);
    let (round, first) = swiss_round(&field, &[], 2).expect("round 1");
    assert_eq!(round, 1);
    assert_eq!(first.pairs.len(), 2);
    assert!(first.bye.is_some());
    let mut games: Vec<Game> = first
        .pairs
        .iter()
        .map(|&(w, b)| game(w, b, 1, None))
        .collect();
    games.push(Game {
        white: first.bye.expect("a bye"),
        black: None,
        round: 1,
        ending: Some(Ending::Played(Win)),
        plies: 0,
        berserk: [false; 2],
    });
    assert_eq!(swiss_round(&field, &games, 2), None, "a game is in play");
    for g in games.iter_mut().filter(|g| g.ending.is_none()) {
        g.ending = Some(Ending::Played(Draw));
    }
    let (round, second) = swiss_round(&field, &games, 2).expect("round 2");
    assert_eq!(round, 2);
    // No rematch, and the bye goes to someone else.
    for &(w, b) in &second.pairs {
        assert!(!first.pairs.contains(&(w, b)) && !first.pairs.contains(&(b, w)));
    }
    assert_ne!(second.bye, first.bye);
    for &(w, b) in &second.pairs {
        games.push(game(w, b, 2, Some(Ending::Played(Win))));
    }
    games.push(Game {
        white: second.bye.expect("a bye"),
        black: None,
        round: 2,
        ending: Some(Ending::Played(Win)),
        plies: 0,
        berserk: [false; 2],
    });
    assert_eq!(swiss_round(&field, &games, 2), None, "two rounds are done");
    let lines = standings(Kind::Swiss, &field, &games);
    let total: u32 = lines.iter().map(|l| l.points).sum();
    // Two rounds of two games (2 half-points each) and two byes.
    assert_eq!(total, 2 * 2 * 2 + 2 * 2);
}

#[test]
fn two_missed_swiss_rounds_withdraw_a_player() {
    let field = players(4);
    let games = vec![
        game(0, 1, 1, Some(Ending::Forfeit(Loss))),
        game(2, 3, 1, Some(Ending::Played(Draw))),
        game(2, 0, 2, Some(Ending::Forfeit(Win))),
        game(1, 3, 2, Some(Ending::Played(Draw))),
    ];
    assert_eq!(missed(&games, 0), 2);
    assert_eq!(missed(&games, 2), 0);
    let (round, third) = swiss_round(&field, &games, 5).expect("round 3");
    assert_eq!(round, 3);
    let seated: HashSet<PlayerId> = third
        .pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(third.bye)
        .collect();
    assert_eq!(seated, HashSet::from([1, 2, 3]));
    // A forfeit is a win for the one who came.
    let lines = standings(Kind::Swiss, &field, &games);
    let of = |p| {
        lines
            .iter()
            .find(|l| l.player == p)
            .expect("listed")
            .clone()
    };
    assert_eq!(of(1).points, 3);
    assert_eq!(of(0).points, 0);
    assert!(of(0).sheet.iter().all(|m| m.forfeit));
}
