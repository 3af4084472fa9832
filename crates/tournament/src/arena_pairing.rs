//! Whom an arena pairs among its free players (those waiting, not paused):
//! each with the nearest in the standings, never with the opponent of
//! their last game while another pairing lets everyone else play, colours
//! as each is due ([`crate::colours_of`]). With an odd number, the
//! lowest-ranked player who can be left out waits for the next wave.
//!
//! The search takes the best-ranked free player and tries partners from
//! the nearest down, going back when the rest cannot be paired without a
//! repeat; past [`STEPS`] steps (fields far larger than arenas see at
//! once) it pairs by rank alone.

use crate::{colours_of, Colour, PlayerId};

/// A free player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Free {
    pub id: PlayerId,
    /// Their place in the standings (0 is first).
    pub rank: usize,
    pub last_opponent: Option<PlayerId>,
    /// The colours they had, oldest first.
    pub colours: Vec<Colour>,
    /// Players they are never paired with (a block either way).
    pub apart: Vec<PlayerId>,
}

/// The most steps the search takes before it pairs by rank alone.
pub const STEPS: usize = 200_000;

/// The pairings (White, Black) of a wave of free players; at most one
/// player is left out.
pub fn pair(free: &[Free]) -> Vec<(PlayerId, PlayerId)> {
    let mut players: Vec<&Free> = free.iter().collect();
    players.sort_by_key(|p| (p.rank, p.id));
    // No repeat and no block; else no block; else by rank, less blocks.
    let matched = strict(&players, &|a, b| repeats(a, b) || kept_apart(a, b))
        .or_else(|| strict(&players, &kept_apart))
        .unwrap_or_else(|| {
            by_rank(&players)
                .into_iter()
                .filter(|(a, b)| !kept_apart(a, b))
                .collect()
        });
    matched
        .into_iter()
        .map(|(a, b)| {
            let (ca, _) = colours_of(&a.colours, &b.colours);
            if ca == Colour::White {
                (a.id, b.id)
            } else {
                (b.id, a.id)
            }
        })
        .collect()
}

fn repeats(a: &Free, b: &Free) -> bool {
    a.last_opponent == Some(b.id) || b.last_opponent == Some(a.id)
}

fn kept_apart(a: &Free, b: &Free) -> bool {
    a.apart.contains(&b.id) || b.apart.contains(&a.id)
}

/// A pair the search may not make.
type Forbidden<'f> = &'f dyn Fn(&Free, &Free) -> bool;

/// Neighbours in rank, whatever they last played.
fn by_rank<'a>(players: &[&'a Free]) -> Vec<(&'a Free, &'a Free)> {
    players
        .chunks_exact(2)
        .map(|pair| (pair[0], pair[1]))
        .collect()
}

/// A pairing with no repeat, leaving out (when odd) the lowest-ranked
/// player it can; none if there is none within the steps.
fn strict<'a>(players: &[&'a Free], forbidden: Forbidden<'_>) -> Option<Vec<(&'a Free, &'a Free)>> {
    let mut steps = 0;
    if players.len() % 2 == 0 {
        let mut out = Vec::new();
        return search(players.to_vec(), &mut out, &mut steps, forbidden).then_some(out);
    }
    for left_out in (0..players.len()).rev() {
        let mut rest = players.to_vec();
        rest.remove(left_out);
        let mut out = Vec::new();
        if search(rest, &mut out, &mut steps, forbidden) {
            return Some(out);
        }
        if steps > STEPS {
            return None;
        }
    }
    None
}

fn search<'a>(
    rest: Vec<&'a Free>,
    out: &mut Vec<(&'a Free, &'a Free)>,
    steps: &mut usize,
    forbidden: Forbidden<'_>,
) -> bool {
    let Some((&first, others)) = rest.split_first() else {
        return true;
    };
    for (i, &partner) in others.iter().enumerate() {
        *steps += 1;
        if *steps > STEPS {
            return false;
        }
        if forbidden(first, partner) {
            continue;
        }
        let mut left: Vec<&Free> = others.to_vec();
        left.remove(i);
        out.push((first, partner));
        if search(left, out, steps, forbidden) {
            return true;
        }
        out.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(n: usize, seed: u64) -> Vec<Free> {
        let mut state = seed;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % m
        };
        let mut ranks: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            ranks.swap(i, next(i as u64 + 1) as usize);
        }
        (0..n)
            .map(|id| Free {
                id,
                rank: ranks[id],
                last_opponent: (next(3) > 0)
                    .then(|| next(n as u64) as usize)
                    .filter(|&o| o != id),
                colours: (0..next(5))
                    .map(|_| {
                        if next(2) == 0 {
                            Colour::White
                        } else {
                            Colour::Black
                        }
                    })
                    .collect(),
                apart: Vec::new(),
            })
            .collect()
    }

    /// Whether some pairing of `players` (all but one when odd) has no
    /// repeat: every way, by brute force.
    fn possible(players: &[Free]) -> bool {
        fn go(rest: &[&Free], odd_left: bool) -> bool {
            if rest.is_empty() {
                return true;
            }
            let (first, others) = (rest[0], &rest[1..]);
            if odd_left && go(others, false) {
                return true;
            }
            others.iter().enumerate().any(|(i, &p)| {
                if repeats(first, p) {
                    return false;
                }
                let mut left: Vec<&Free> = others.to_vec();
                left.remove(i);
                go(&left, odd_left)
            })
        }
        let all: Vec<&Free> = players.iter().collect();
        go(&all, players.len() % 2 == 1)
    }

    #[test]
    fn no_repeat_whenever_a_pairing_without_one_exists() {
        let mut forced = 0;
        for seed in 0..3000 {
            let n = 2 + (seed as usize % 9);
            let players = field(n, seed);
            let pairs = pair(&players);
            // Everyone once; all but one paired.
            let mut seen: Vec<PlayerId> = pairs.iter().flat_map(|&(w, b)| [w, b]).collect();
            assert_eq!(seen.len(), n - n % 2, "{players:?}");
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), n - n % 2);
            let by_id = |id: PlayerId| &players[id];
            let repeated = pairs.iter().any(|&(w, b)| repeats(by_id(w), by_id(b)));
            if possible(&players) {
                assert!(!repeated, "{players:?} → {pairs:?}");
            } else {
                forced += 1;
            }
        }
        assert!(forced > 0, "some fields cannot avoid a repeat");
    }

    #[test]
    fn neighbours_in_the_standings_meet_and_the_last_waits() {
        let free: Vec<Free> = (0..5)
            .map(|id| Free {
                id,
                rank: id,
                last_opponent: None,
                colours: Vec::new(),
                apart: Vec::new(),
            })
            .collect();
        assert_eq!(pair(&free), [(0, 1), (2, 3)]);
        // First and second played each other last: first meets third.
        let mut again = free[..4].to_vec();
        again[0].last_opponent = Some(1);
        again[1].last_opponent = Some(0);
        assert_eq!(pair(&again), [(0, 2), (1, 3)]);
        // Only the two of them free: they play again.
        assert_eq!(pair(&again[..2]).len(), 1);
        // A block is never crossed, even when it leaves players waiting.
        let mut blocked = free[..4].to_vec();
        blocked[0].apart = vec![1];
        assert_eq!(pair(&blocked), [(0, 2), (1, 3)]);
        blocked[2].apart = vec![0];
        blocked[3].apart = vec![0];
        let pairs = pair(&blocked);
        assert_eq!(pairs.len(), 1);
        assert!(pairs.iter().all(|&(a, b)| a != 0 && b != 0), "{pairs:?}");
    }
}
