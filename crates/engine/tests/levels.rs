//! The difficulty levels: their settings, and the imperfections the lower ones are allowed.

use engine::search::{Level, LevelSettings, Player};
use engine::{Bits, DraughtsKind, GameKind, Position};

#[test]
fn the_lower_levels_vary_their_openings() {
    let start = Position::<u32>::start(DraughtsKind::Qirkat.rules());
    for level in [Level::Beginner, Level::Easy] {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..24 {
            let turn = Player::new(level, GameKind::Draughts(DraughtsKind::Qirkat), seed)
                .choose(&[start])
                .expect("a turn");
            seen.insert(start.turn_text(turn));
        }
        assert!(seen.len() >= 2, "{level} always opens {seen:?}");
    }
}

/// The turn every level chooses in `p` from a few seeds each, as text.
fn chosen_by_every_level<B: Bits>(key: DraughtsKind, p: Position<B>) -> Vec<(Level, u64, String)> {
    let mut chosen = Vec::new();
    for level in Level::ALL {
        // The top levels are deterministic but slow to repeat.
        let seeds = if level >= Level::Hard { 2 } else { 20 };
        for seed in 0..seeds {
            let turn = Player::new(level, GameKind::Draughts(key), seed)
                .choose(&[p])
                .expect("a turn");
            chosen.push((level, seed, p.turn_text(turn)));
        }
    }
    chosen
}

#[test]
fn every_level_takes_a_free_piece() {
    // Special: c2 can take c3 for nothing; capturing is optional.
    let p = Position::<u32>::from_text(DraughtsKind::Special.rules(), "4b/5/2b2/2w2/5 w")
        .expect("position");
    for (level, seed, turn) in chosen_by_every_level(DraughtsKind::Special, p) {
        assert_eq!(turn, "c2xc4", "{level} seed {seed}");
    }
}

#[test]
fn every_level_keeps_a_threatened_piece_when_it_can() {
    // Turkish: after d4-d5 Black's man on d6 takes it (d4 is empty
    // behind it), so that step gives the man away; White has others.
    let p = Position::<u64>::from_text(DraughtsKind::Turkish.rules(), "8/8/3b4/8/3w4/8/w7/8 w")
        .expect("position");
    for (level, seed, turn) in chosen_by_every_level(DraughtsKind::Turkish, p) {
        assert_ne!(turn, "d4-d5", "{level} seed {seed}");
    }
}

#[test]
fn lower_levels_sometimes_overlook_a_huff_and_the_top_levels_never() {
    // Black may huff White's c3, which also takes White's last piece.
    let p = Position::<u32>::from_text(DraughtsKind::Special.rules(), "2b2/5/2w2/5/5 b - c3 0")
        .expect("position");
    let huffs = |level: Level| {
        (0..40u64)
            .filter(|&seed| {
                let turn = Player::new(level, GameKind::Draughts(DraughtsKind::Special), seed)
                    .choose(&[p])
                    .expect("a turn");
                turn.huff.is_some()
            })
            .count()
    };
    assert!(huffs(Level::Beginner) < 40, "beginner always noticed");
    assert!(huffs(Level::Beginner) > 0, "beginner never noticed");
    assert_eq!(huffs(Level::Hard), 40);
    assert_eq!(huffs(Level::Expert), 40);
}

/// How often each level gives away a man or more in Classic positions
/// from real games, judged by a depth-10 search of the turn it chose
/// against the best turn.
#[test]
fn classic_levels_slip_now_and_then_the_lower_oftener() {
    use engine::search::{Limits, Search};
    use engine::Game;
    let classic = GameKind::Draughts(DraughtsKind::Classic);
    // Positions from games between two Medium players.
    let mut games = Vec::new();
    for seed in 0..6u64 {
        let mut game = Game::<u32>::new(DraughtsKind::Classic.rules());
        let mut players = [
            Player::new(Level::Medium, classic, seed),
            Player::new(Level::Medium, classic, seed + 100),
        ];
        for ply in 0..24 {
            if game.outcome().is_some() {
                break;
            }
            let root = *game.position();
            if root.legal_turns().len() > 1 {
                games.push(game.positions().to_vec());
            }
            let turn = players[ply % 2].choose(game.positions()).expect("a turn");
            game.play(turn).expect("legal");
        }
    }
    let limits = Limits {
        depth: engine::search::Depth(10),
        ..Limits::default()
    };
    let mut judge = Search::new();
    let best: Vec<i32> = games.iter().map(|g| judge.run(g, limits).score.0).collect();
    let rate = |level: Level| {
        let slips = games
            .iter()
            .zip(&best)
            .enumerate()
            .filter(|(i, (positions, &best))| {
                let turn = Player::new(level, classic, *i as u64)
                    .choose(positions)
                    .expect("a turn");
                let chosen = judge.run_among(positions, limits, |t| *t == turn).score.0;
                chosen <= best - 80
            })
            .count();
        println!(
            "{level}: gave away a man on {slips} of {} turns",
            games.len()
        );
        slips as f64 / games.len() as f64
    };
    let [beginner, easy, medium, hard] =
        [Level::Beginner, Level::Easy, Level::Medium, Level::Hard].map(rate);
    assert!(
        beginner < 0.4,
        "a beginner giving pieces away on most turns"
    );
    assert!(beginner > medium, "a beginner no looser than medium");
    assert!(easy > hard, "easy no looser than hard");
    assert!(hard < 0.1, "hard slipping often");
}

#[test]
fn settings_read_from_text() {
    let classic = GameKind::Draughts(DraughtsKind::Classic);
    let hard = Level::Hard.settings(classic);
    let tuned = LevelSettings::parse("hard,noise=20,margin=30", classic).expect("settings");
    assert_eq!(tuned.noise, 20);
    assert_eq!(tuned.margin, 30);
    assert_eq!((tuned.depth, tuned.nodes), (hard.depth, hard.nodes));
    let expert = LevelSettings::parse("expert,dead=0", classic).expect("settings");
    assert!(Level::Expert.settings(classic).dead_draws && !expert.dead_draws);
    assert_eq!(
        LevelSettings::parse("easy", classic),
        Ok(Level::Easy.settings(classic))
    );
    // A game's own steps carry through, changed settings on top.
    let qirkat = GameKind::Draughts(DraughtsKind::Qirkat);
    assert_eq!(
        LevelSettings::parse("hard,noise=3", qirkat).map(|s| s.margin),
        Ok(Level::Hard.settings(qirkat).margin)
    );
    for bad in [
        "",
        "hard,",
        "hard,noise",
        "hard,noise=x",
        "hard,speed=3",
        "master,depth=2",
    ] {
        assert!(LevelSettings::parse(bad, classic).is_err(), "{bad:?}");
    }
}

#[test]
fn levels_read_back_from_their_names() {
    for level in Level::ALL {
        assert_eq!(level.name().parse(), Ok(level));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}
