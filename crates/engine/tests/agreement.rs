//! The engine against the plain reference generator, position by position
//! along random games: the same legal turns (by move identity), the same
//! number of capture paths, and the same position text after every turn.

mod reference;

use std::collections::BTreeSet;

use engine::{Bits, Chains, DraughtsKind, Game, Position, Small, Turn};
use proptest::prelude::*;
use reference::{RefGame, RefPosition, RefTurn};

/// The reference's identity key of an engine turn.
fn key(position: &Position<Small>, turn: Turn<Small>) -> String {
    let g = position.rules().geometry;
    let mut out = String::new();
    if let Some(h) = turn.huff {
        out.push_str(&format!("h:{}", g.name(h)));
    }
    if let Some(mv) = turn.mv {
        if !out.is_empty() {
            out.push(' ');
        }
        if mv.is_capture() {
            let captured: Vec<String> = mv
                .captured
                .points()
                .map(|p| g.name(p).to_string())
                .collect();
            out.push_str(&format!(
                "{}x{}:{}",
                g.name(mv.from),
                g.name(mv.to),
                captured.join(",")
            ));
        } else {
            out.push_str(&format!("{}-{}", g.name(mv.from), g.name(mv.to)));
        }
    }
    out
}

fn compare(key_of: DraughtsKind, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let game_key = RefGame::from_key(key_of.as_str()).expect("reference game");
    let mut game = Game::<Small>::new(key_of.rules());
    let mut rng = seed | 1;
    for _ in 0..plies {
        let position = *game.position();
        let text = position.to_text();
        let reference = RefPosition::from_text(game_key, &text)
            .map_err(|e| TestCaseError::fail(format!("reference rejects {text}: {e}")))?;
        prop_assert_eq!(reference.to_text(), text.clone());
        let turns = position.legal_turns();
        let ours: BTreeSet<String> = turns.iter().map(|&t| key(&position, t)).collect();
        let ref_turns: Vec<RefTurn> = reference.turns();
        let theirs: BTreeSet<String> = ref_turns.iter().map(RefTurn::key).collect();
        prop_assert_eq!(&ours, &theirs, "turns in {}", text);
        prop_assert_eq!(
            position.turns(Chains::EveryPath).len(),
            reference.turn_paths().len(),
            "paths in {}",
            text
        );
        for turn in &turns {
            let k = key(&position, *turn);
            let ref_turn = ref_turns.iter().find(|t| t.key() == k).expect("same key");
            prop_assert_eq!(
                position.play_turn(*turn).to_text(),
                reference.play(ref_turn).to_text(),
                "after {} in {}",
                k,
                text
            );
        }
        if game.is_over() || turns.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        game.play(turns[(rng % turns.len() as u64) as usize])
            .expect("legal");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn engine_and_reference_agree_along_random_games(key in 0usize..4, seed in any::<u64>()) {
        compare(DraughtsKind::ALL[key], seed, 120)?;
    }
}
