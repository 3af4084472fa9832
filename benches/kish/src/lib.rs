//! Positions for the Turkish draughts comparison: the start and positions
//! reached by seeded random play, in this engine's position type.

use engine::{Game, DraughtsKind, Position, Rules};

/// Turkish with queens landing anywhere beyond a captured piece, the rule
/// kish plays (and the published perft counts use).
pub fn rules() -> &'static Rules {
    match DraughtsKind::Turkish.rules().with_option("queen_lands", "any") {
        Ok(rules) => rules,
        Err(e) => panic!("the queen_lands option exists: {e}"),
    }
}

/// The start position and `count` positions from seeded random games.
pub fn positions(count: usize) -> Vec<Position<u64>> {
    let rules = rules();
    let mut out = vec![Position::start(rules)];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    while out.len() < count + 1 {
        let mut game = Game::<u64>::new(rules);
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let plies = 8 + (seed >> 40) as usize % 24;
        let mut s = seed | 1;
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let turns = game.position().legal_turns();
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            if game.play(turns[(s % turns.len() as u64) as usize]).is_err() {
                break;
            }
        }
        if !game.is_over() {
            out.push(*game.position());
        }
    }
    out
}
