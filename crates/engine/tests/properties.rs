//! Properties that must hold in every position reached by random play, in
//! every rule set.

use engine::{perft, Bits, Chains, DraughtsKind, Game, Move, Point, Position, Record, Rules, Turn};
use proptest::prelude::*;

/// A small deterministic generator for choosing moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn all_rules() -> &'static [&'static Rules] {
    Rules::all()
}

/// Plays random legal turns until the game ends or `plies` turns are made.
fn playout<B: Bits>(rules: &'static Rules, seed: u64, plies: usize) -> Game<B> {
    let mut rng = Rng(seed | 1);
    let mut game = Game::new(rules);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let turns = game.position().legal_turns();
        let turn = turns[rng.below(turns.len())];
        game.play(turn).expect("a generated turn is legal");
    }
    game
}

fn rules_strategy() -> impl Strategy<Value = &'static Rules> {
    (0..all_rules().len()).prop_map(|i| all_rules()[i])
}

fn play_and_undo<B: Bits>(rules: &'static Rules, seed: u64) -> Result<(), TestCaseError> {
    let mut game = playout::<B>(rules, seed, 80);
    let positions = game.positions().to_vec();
    let turns = game.turns().to_vec();
    let outcome = game.outcome();
    for p in &positions {
        prop_assert_eq!(p.hash(), p.compute_hash());
    }
    while game.undo().is_some() {}
    prop_assert_eq!(game.positions(), &positions[..1]);
    prop_assert!(game.outcome().is_none() || positions.len() == 1);
    while game.redo().is_some() {}
    prop_assert_eq!(game.positions(), &positions[..]);
    prop_assert_eq!(game.turns(), &turns[..]);
    prop_assert_eq!(game.outcome(), outcome);
    Ok(())
}

fn text_round_trip<B: Bits>(rules: &'static Rules, seed: u64) -> Result<(), TestCaseError> {
    let game = playout::<B>(rules, seed, 80);
    for p in game.positions() {
        let text = p.to_text();
        let back = Position::<B>::from_text(rules, &text);
        prop_assert_eq!(back.as_ref(), Ok(p), "{}", text);
        prop_assert_eq!(back.map(|b| b.hash()), Ok(p.hash()));
        prop_assert_eq!(p.has_legal_turn(), !p.legal_turns().is_empty());
    }
    Ok(())
}

fn record_round_trip<B: Bits>(rules: &'static Rules, seed: u64) -> Result<(), TestCaseError> {
    let mut record = Record::new(playout::<B>(rules, seed, 80));
    record.white = "Ann \"the bold\"".to_string();
    record.black = "Ben".to_string();
    let text = record.to_text();
    let back =
        Record::<B>::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(back.game.turns(), record.game.turns());
    prop_assert_eq!(back.game.outcome(), record.game.outcome());
    prop_assert_eq!(back.game.rules(), rules);
    prop_assert_eq!(&back.white, &record.white);
    prop_assert_eq!(back.to_text(), text);
    Ok(())
}

fn turns_read_back<B: Bits>(rules: &'static Rules, seed: u64) -> Result<(), TestCaseError> {
    let game = playout::<B>(rules, seed, 60);
    for p in game.positions() {
        for turn in p.legal_turns() {
            let text = p.turn_text(turn);
            prop_assert_eq!(p.parse_turn(&text), Ok(turn), "{} in {}", text, p);
            // Every path of a capture is accepted as the same move.
            if let Some(mv) = turn.mv {
                let before = turn.huff.map_or(*p, |h| p.huff(h));
                for path in before.paths(mv) {
                    let names: Vec<String> = path
                        .iter()
                        .map(|&q| rules.geometry.name(q).to_string())
                        .collect();
                    let mut text = names.join(if mv.is_capture() { "x" } else { "-" });
                    if let Some(h) = turn.huff {
                        text = format!("h:{} {text}", rules.geometry.name(h));
                    }
                    prop_assert_eq!(p.parse_turn(&text), Ok(turn));
                }
            }
        }
    }
    Ok(())
}

fn only_legal_accepted<B: Bits>(
    rules: &'static Rules,
    seed: u64,
    probes: &[(u8, u8, u64, bool)],
) -> Result<(), TestCaseError> {
    let game = playout::<B>(rules, seed, 60);
    let p = *game.position();
    let legal = p.legal_turns();
    // A fresh game from the last position: without the history, a game that
    // ended by repetition is still open there.
    let mut trial = Game::from_position(p);
    let open = !trial.is_over();
    let points = rules.geometry.len() as u8;
    for &(from, to, captured, huff) in probes {
        let enemy = p.pieces(p.side_to_move().other());
        let mv = Move {
            from: Point::from_index_unchecked(from % points),
            to: Point::from_index_unchecked(to % points),
            captured: if captured % 3 == 0 {
                B::ZERO
            } else {
                B::from_u128(captured.into()) & enemy
            },
        };
        let huff = huff.then_some(Point::from_index_unchecked(to % points));
        let turn = Turn { huff, mv: Some(mv) };
        let accepted = trial.play(turn).is_ok();
        prop_assert_eq!(accepted, legal.contains(&turn) && open);
        if accepted {
            trial.undo();
        }
    }
    // And each legal turn is accepted.
    for turn in legal {
        if open {
            prop_assert!(trial.play(turn).is_ok());
            trial.undo();
        }
    }
    Ok(())
}

fn mirror<B: Bits>(rules: &'static Rules, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let game = playout::<B>(rules, seed, plies);
    let p = *game.position();
    let m = p.mirrored();
    prop_assert_eq!(m.mirrored(), p);
    for depth in 1..=3 {
        prop_assert_eq!(
            perft(&p, depth, Chains::Distinct),
            perft(&m, depth, Chains::Distinct)
        );
        prop_assert_eq!(
            perft(&p, depth, Chains::EveryPath),
            perft(&m, depth, Chains::EveryPath)
        );
    }
    Ok(())
}

fn near_misses<B: Bits>(
    rules: &'static Rules,
    seed: u64,
    edits: Vec<(prop::sample::Index, String)>,
) -> Result<(), TestCaseError> {
    let game = playout::<B>(rules, seed, 30);
    let mut text: Vec<char> = game.position().to_text().chars().collect();
    for (at, c) in edits {
        let i = at.index(text.len() + 1);
        text.insert(i, c.chars().next().unwrap_or('x'));
    }
    let text: String = text.into_iter().collect();
    if let Ok(p) = Position::<B>::from_text(rules, &text) {
        // Whatever parses is valid and prints back to text that parses the same.
        prop_assert_eq!(Position::<B>::from_text(rules, &p.to_text()), Ok(p));
    }
    Ok(())
}

fn move_parser<B: Bits>(rules: &'static Rules, seed: u64, text: &str) -> Result<(), TestCaseError> {
    let game = playout::<B>(rules, seed, 30);
    if let Ok(turn) = game.position().parse_turn(text) {
        prop_assert!(game.position().legal_turns().contains(&turn));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn play_and_undo_restore_everything(rules in rules_strategy(), seed in any::<u64>()) {
        engine::with_bits!(rules, B => play_and_undo::<B>(rules, seed))?;
    }

    #[test]
    fn position_text_round_trips(rules in rules_strategy(), seed in any::<u64>()) {
        engine::with_bits!(rules, B => text_round_trip::<B>(rules, seed))?;
    }

    #[test]
    fn game_records_round_trip(rules in rules_strategy(), seed in any::<u64>()) {
        engine::with_bits!(rules, B => record_round_trip::<B>(rules, seed))?;
    }

    #[test]
    fn every_generated_turn_reads_back_from_its_text(rules in rules_strategy(), seed in any::<u64>()) {
        engine::with_bits!(rules, B => turns_read_back::<B>(rules, seed))?;
    }

    #[test]
    fn only_generated_turns_are_accepted(
        rules in rules_strategy(),
        seed in any::<u64>(),
        probes in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u64>(), any::<bool>()), 40),
    ) {
        engine::with_bits!(rules, B => only_legal_accepted::<B>(rules, seed, &probes))?;
    }

    #[test]
    fn perft_is_unchanged_by_the_left_right_mirror(rules in rules_strategy(), seed in any::<u64>(), plies in 0usize..40) {
        engine::with_bits!(rules, B => mirror::<B>(rules, seed, plies))?;
    }

    #[test]
    fn position_parser_never_panics(key in 0..DraughtsKind::ALL.len(), text in "\\PC{0,80}") {
        let rules = DraughtsKind::ALL[key].rules();
        // The wrong bitboard type for the board is refused, not a panic.
        let _ = Position::<u32>::from_text(rules, &text);
        let _ = Position::<u64>::from_text(rules, &text);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(
        rules in rules_strategy(),
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), "[-wbWB0-9/ ,<a-i:x]"), 1..4),
    ) {
        engine::with_bits!(rules, B => near_misses::<B>(rules, seed, edits))?;
    }

    #[test]
    fn move_parser_never_panics(
        rules in rules_strategy(),
        seed in any::<u64>(),
        text in "(h:)?[a-i]?[0-9]?([-x][a-i][0-9]){0,4}|\\PC{0,20}",
    ) {
        engine::with_bits!(rules, B => move_parser::<B>(rules, seed, &text))?;
    }

    #[test]
    fn record_parser_never_panics(text in "(\\[[A-Za-z]{1,8} \"[^\"]{0,12}\"\\]\n){0,4}\\PC{0,80}") {
        let _ = Record::<u32>::from_text(&text);
        let _ = Record::<u64>::from_text(&text);
        for key in DraughtsKind::ALL {
            let with_game = format!("[Game \"{key}\"]\n{text}");
            let _ = Record::<u32>::from_text(&with_game);
            let _ = Record::<u64>::from_text(&with_game);
        }
    }
}
