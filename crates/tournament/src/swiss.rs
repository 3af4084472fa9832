//! A Swiss round's pairing. The rules, in order of weight:
//!
//! 1. **No rematch**: two players meet at most once (broken only when no
//!    pairing of the round avoids it, which happens in tiny fields late).
//! 2. **One bye at most**: with an odd number, the lowest-ranked player
//!    who has not had a bye sits out and scores a win's points.
//! 3. **No three of a colour in a row** where a pairing avoids it.
//! 4. **Score groups, Dutch order**: players are ranked by score, then
//!    rating; the best-ranked unpaired player meets, within their score
//!    group, the player half the group below them (the top half against
//!    the bottom half in order), else the nearest in the group, else the
//!    nearest in score (floating down).
//!
//! The search goes back whenever the rest of the round cannot be paired
//! under rules 1–3, so a pairing that keeps them is found whenever one
//! exists (the tests check this against every pairing of small fields);
//! rule 4 decides among those that do. Colours follow
//! [`crate::colours_of`].

use crate::{colour_due, colours_of, Colour, PlayerId};

/// A player in the Swiss, as the round is paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub id: PlayerId,
    /// Points in half-points (a win is 2).
    pub score: u32,
    pub rating: i32,
    pub opponents: Vec<PlayerId>,
    /// Colours had, oldest first.
    pub colours: Vec<Colour>,
    pub had_bye: bool,
}

/// A round: the pairings (White, Black), and who sits out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairs: Vec<(PlayerId, PlayerId)>,
    pub bye: Option<PlayerId>,
}

/// Rounds missed (a player not at the board when the round's game
/// starts, or not there by the end of its first move's time) after which
/// a player is withdrawn: each missed round is lost by forfeit, and the
/// opponent scores a win.
pub const MISSED_TO_WITHDRAW: u32 = 2;

/// Whether a player who missed `missed` rounds is still paired.
pub fn still_paired(missed: u32) -> bool {
    missed < MISSED_TO_WITHDRAW
}

/// The entrants a round pairs: those still in (not withdrawn by choice,
/// nor by missed rounds), given as (entrant, withdrew, rounds missed).
pub fn in_round(field: &[(Entrant, bool, u32)]) -> Vec<Entrant> {
    field
        .iter()
        .filter(|(_, withdrew, missed)| !withdrew && still_paired(*missed))
        .map(|(e, _, _)| e.clone())
        .collect()
}

/// The most steps the search takes for one set of rules before it
/// relaxes the next.
pub const STEPS: usize = 500_000;

/// Pairs a round.
pub fn pair_round(entrants: &[Entrant]) -> Round {
    let mut ranked: Vec<&Entrant> = entrants.iter().collect();
    ranked.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    // The rules kept, most first: no rematch, no colour triple; then no
    // rematch alone; then rank alone.
    for rules in [Rules::ALL, Rules::NO_REMATCH, Rules::NONE] {
        if let Some(round) = with_rules(&ranked, rules) {
            return round;
        }
    }
    Round::default()
}

#[derive(Clone, Copy)]
struct Rules {
    rematch: bool,
    colours: bool,
}

impl Rules {
    const ALL: Rules = Rules {
        rematch: true,
        colours: true,
    };
    const NO_REMATCH: Rules = Rules {
        rematch: true,
        colours: false,
    };
    const NONE: Rules = Rules {
        rematch: false,
        colours: false,
    };

    fn allow(self, a: &Entrant, b: &Entrant) -> bool {
        if self.rematch && a.opponents.contains(&b.id) {
            return false;
        }
        if self.colours {
            // Both strongly due the same colour: one would have a third.
            if let (Some((da, true)), Some((db, true))) =
                (colour_due(&a.colours), colour_due(&b.colours))
            {
                if da == db {
                    return false;
                }
            }
        }
        true
    }
}

fn with_rules(ranked: &[&Entrant], rules: Rules) -> Option<Round> {
    let mut steps = 0;
    // Who may sit out, lowest-ranked first: those without a bye, else
    // anyone (when everyone has had one).
    let candidates: Vec<Option<usize>> = if ranked.len() % 2 == 0 {
        vec![None]
    } else {
        let fresh: Vec<Option<usize>> = (0..ranked.len())
            .rev()
            .filter(|&i| !ranked[i].had_bye)
            .map(Some)
            .collect();
        if fresh.is_empty() {
            (0..ranked.len()).rev().map(Some).collect()
        } else {
            fresh
        }
    };
    for bye in candidates {
        let mut rest: Vec<&Entrant> = ranked.to_vec();
        if let Some(i) = bye {
            rest.remove(i);
        }
        let mut out = Vec::new();
        if search(&rest, rules, &mut out, &mut steps) {
            let pairs = out
                .into_iter()
                .map(|(a, b): (&Entrant, &Entrant)| {
                    let (ca, _) = colours_of(&a.colours, &b.colours);
                    if ca == Colour::White {
                        (a.id, b.id)
                    } else {
                        (b.id, a.id)
                    }
                })
                .collect();
            return Some(Round {
                pairs,
                bye: bye.map(|i| ranked[i].id),
            });
        }
        if steps > STEPS {
            return None;
        }
    }
    None
}

/// The partners of `rest[0]` in the order rule 4 prefers them (indices
/// into `rest`).
fn preferred(rest: &[&Entrant]) -> Vec<usize> {
    let top = rest[0];
    let group: Vec<usize> = (1..rest.len())
        .filter(|&i| rest[i].score == top.score)
        .collect();
    // The top half meets the bottom half: the first of the bottom half is
    // half the group (this player included) below.
    let half = group.len().div_ceil(2);
    let mut order: Vec<usize> = Vec::with_capacity(rest.len());
    let start = half.saturating_sub(1).min(group.len());
    order.extend(&group[start..]);
    order.extend(group[..start].iter().rev());
    let mut others: Vec<usize> = (1..rest.len())
        .filter(|&i| rest[i].score != top.score)
        .collect();
    others.sort_by_key(|&i| (top.score.abs_diff(rest[i].score), i));
    order.extend(others);
    order
}

fn search<'a>(
    rest: &[&'a Entrant],
    rules: Rules,
    out: &mut Vec<(&'a Entrant, &'a Entrant)>,
    steps: &mut usize,
) -> bool {
    if rest.is_empty() {
        return true;
    }
    for i in preferred(rest) {
        *steps += 1;
        if *steps > STEPS {
            return false;
        }
        if !rules.allow(rest[0], rest[i]) {
            continue;
        }
        let left: Vec<&Entrant> = rest[1..]
            .iter()
            .enumerate()
            .filter(|&(j, _)| j + 1 != i)
            .map(|(_, &e)| e)
            .collect();
        out.push((rest[0], rest[i]));
        if search(&left, rules, out, steps) {
            return true;
        }
        out.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(id: PlayerId, score: u32, rating: i32) -> Entrant {
        Entrant {
            id,
            score,
            rating,
            opponents: Vec::new(),
            colours: Vec::new(),
            had_bye: false,
        }
    }

    #[test]
    fn the_top_half_meets_the_bottom_half_and_the_last_sits_out() {
        let field: Vec<Entrant> = (0..5).map(|i| entrant(i, 0, 2000 - i as i32)).collect();
        let round = pair_round(&field);
        assert_eq!(round.bye, Some(4));
        let met: Vec<(PlayerId, PlayerId)> = round
            .pairs
            .iter()
            .map(|&(w, b)| (w.min(b), w.max(b)))
            .collect();
        assert_eq!(met, [(0, 2), (1, 3)]);
    }

    /// Plays `rounds` random rounds of a field of `n`, pairing each with
    /// [`pair_round`] and checking it against every pairing there is.
    fn tournament(n: usize, rounds: usize, seed: u64) {
        let mut state = seed;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % m
        };
        let mut field: Vec<Entrant> = (0..n)
            .map(|i| entrant(i, 0, 1200 + next(800) as i32))
            .collect();
        for _ in 0..rounds {
            let round = pair_round(&field);
            let best = brute_force(&field);
            let rematches = round
                .pairs
                .iter()
                .filter(|&&(w, b)| field[w].opponents.contains(&b))
                .count();
            let triples = round
                .pairs
                .iter()
                .filter(|&&(w, b)| !Rules::ALL.allow(&field[w], &field[b]))
                .count();
            if let Some((rematch_free, both)) = best {
                if rematch_free {
                    assert_eq!(rematches, 0, "{field:?} → {round:?}");
                }
                if both {
                    assert_eq!(triples, 0, "{field:?} → {round:?}");
                }
            }
            if let Some(bye) = round.bye {
                let fresh_exists = field.iter().any(|e| !e.had_bye);
                assert!(!field[bye].had_bye || !fresh_exists);
            }
            let mut seen: Vec<PlayerId> = round.pairs.iter().flat_map(|&(w, b)| [w, b]).collect();
            seen.extend(round.bye);
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
            // Play the round out at random.
            for &(w, b) in &round.pairs {
                let (sw, sb) = [(2, 0), (1, 1), (0, 2)][next(3) as usize];
                for (me, them, colour, points) in
                    [(w, b, Colour::White, sw), (b, w, Colour::Black, sb)]
                {
                    field[me].opponents.push(them);
                    field[me].colours.push(colour);
                    field[me].score += points;
                }
            }
            if let Some(bye) = round.bye {
                field[bye].had_bye = true;
                field[bye].score += 2;
            }
        }
    }

    /// Over every pairing of the round that gives the bye to a player
    /// without one (where there is such a player): whether one has no
    /// rematch, and whether one has neither a rematch nor a colour triple.
    fn brute_force(field: &[Entrant]) -> Option<(bool, bool)> {
        fn go(rest: &[&Entrant], bye_left: bool, fresh_bye: bool, found: &mut (bool, bool)) {
            if rest.is_empty() {
                return;
            }
            let (first, others) = (rest[0], &rest[1..]);
            if bye_left && (!fresh_bye || !first.had_bye) {
                if others.is_empty() {
                    found.0 = true;
                    found.1 = true;
                } else {
                    let mut sub = (false, false);
                    go(others, false, fresh_bye, &mut sub);
                    found.0 |= sub.0;
                    found.1 |= sub.1;
                }
            }
            for (i, &p) in others.iter().enumerate() {
                if first.opponents.contains(&p.id) {
                    continue;
                }
                let mut left: Vec<&Entrant> = others.to_vec();
                left.remove(i);
                let ok_colours = Rules::ALL.allow(first, p);
                if left.is_empty() && !bye_left {
                    found.0 = true;
                    found.1 |= ok_colours;
                    continue;
                }
                let mut sub = (false, false);
                go(&left, bye_left, fresh_bye, &mut sub);
                found.0 |= sub.0;
                found.1 |= sub.1 && ok_colours;
            }
        }
        let all: Vec<&Entrant> = field.iter().collect();
        let fresh = field.iter().any(|e| !e.had_bye);
        let mut found = (false, false);
        go(&all, field.len() % 2 == 1, fresh, &mut found);
        Some(found)
    }

    #[test]
    fn a_second_missed_round_withdraws_and_a_withdrawn_player_is_not_paired() {
        assert!(still_paired(0) && still_paired(1) && !still_paired(2));
        let field = vec![
            (entrant(0, 4, 1500), false, 0),
            (entrant(1, 2, 1500), false, 1),
            (entrant(2, 2, 1500), false, 2),
            (entrant(3, 0, 1500), true, 0),
            (entrant(4, 0, 1500), false, 0),
        ];
        let ids: Vec<PlayerId> = in_round(&field).iter().map(|e| e.id).collect();
        assert_eq!(ids, [0, 1, 4]);
        let round = pair_round(&in_round(&field));
        let mut seen: Vec<PlayerId> = round.pairs.iter().flat_map(|&(w, b)| [w, b]).collect();
        seen.extend(round.bye);
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 4]);
    }

    #[test]
    fn small_fields_keep_every_rule_a_pairing_can_keep() {
        for seed in 0..300 {
            let n = 6 + (seed as usize % 5);
            tournament(n, 5, seed);
        }
    }
}
