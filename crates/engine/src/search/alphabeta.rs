//! The search itself: iterative deepening over a negamax alpha-beta search
//! with a quiescence search at the horizon.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::mem;

use super::ordering::Ordering;
use super::searchable::{Searchable, Verdict};
use super::tt::{Bound, Entry, Table};
use super::{Depth, Ply, Score};

/// The deepest the search goes, quiescence included.
const MAX_PLY: usize = 96;

/// How far to search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Full-width depth.
    pub depth: Depth,
    /// Nodes, quiescence included; the search stops soon after.
    pub nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: Depth(64),
            nodes: u64::MAX,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report<T> {
    /// The best turn found, if the position has any.
    pub best: Option<T>,
    pub score: Score,
    /// The deepest iteration completed.
    pub depth: Depth,
    pub nodes: u64,
    /// The expected line, best turn first.
    pub line: Vec<T>,
}

/// A searcher. Keep one per game: its table and heuristics carry over from
/// one move to the next.
pub struct Search<P: Searchable> {
    table: Table<P::Turn>,
    /// Turns and their ordering keys, one list per ply.
    lists: Vec<Vec<P::Turn>>,
    keys: Vec<Vec<i32>>,
    scratch: P::Scratch,
    ordering: Ordering<P::Turn>,
    /// The game so far and the line being searched, for the repetition rule.
    path: Vec<P>,
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    stop: Option<Box<dyn FnMut() -> bool>>,
    /// Deliberate misjudgement for weaker levels: up to this much is added to
    /// or taken from every static value, fixed per position and seed.
    noise: i32,
    seed: u64,
    /// How much worse than even the root's side counts a draw (hundredths
    /// of a man): a player with contempt plays on for a win.
    contempt: i32,
    /// Whether a position where no piece can be taken any more counts as
    /// the draw it will be (see [`Searchable::is_dead`]).
    dead_draws: bool,
    /// The root turns the current search may choose from.
    root_turns: Vec<P::Turn>,
    /// The best root turn of the last iteration that finished. Kept here, not
    /// read back from the table, where a deeper entry for the same position
    /// from an earlier search (or one reached again inside the tree) may
    /// stand in its place.
    root_best: Option<P::Turn>,
    /// Exact values of the positions it knows (endgame tables).
    oracle: Option<Oracle<P>>,
}

/// What knows some positions' exact values: for the side to move, the
/// result under perfect play and how many plies it takes (0 for a draw).
pub type Oracle<P> = Box<dyn Fn(&P) -> Option<(Verdict, u32)>>;

impl<P: Searchable> fmt::Debug for Search<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl<P: Searchable> Default for Search<P> {
    fn default() -> Search<P> {
        Search::new()
    }
}

impl<P: Searchable> Search<P> {
    /// A searcher with a table of 2^16 entries.
    pub fn new() -> Search<P> {
        Search {
            table: Table::new(16),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            scratch: P::Scratch::default(),
            ordering: Ordering::new(MAX_PLY),
            path: Vec::with_capacity(256),
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            stop: None,
            noise: 0,
            seed: 0,
            contempt: 0,
            dead_draws: false,
            root_turns: Vec::new(),
            root_best: None,
            oracle: None,
        }
    }

    /// Makes the search misjudge positions by up to `amount` (hundredths of
    /// a man), the same way every time for a given `seed`.
    pub fn set_noise(&mut self, amount: i32, seed: u64) {
        self.noise = amount.max(0);
        self.seed = seed;
        self.table.clear();
    }

    fn static_value(&self, position: &P) -> Score {
        let value = position.evaluate();
        if self.noise == 0 {
            return value;
        }
        let z = crate::zobrist::mix(position.hash() ^ self.seed);
        let span = 2 * self.noise as u64 + 1;
        Score(value.0 + (z % span) as i32 - self.noise)
    }

    /// Makes the search count a draw as `amount` (hundredths of a man) worse
    /// than even for the side to move at the root.
    pub fn set_contempt(&mut self, amount: i32) {
        self.contempt = amount.clamp(0, 500);
        self.table.clear();
    }

    /// Makes the search score a position where no piece can be taken any
    /// more as a draw (with contempt, a small loss for the root's side), so
    /// that a player ahead, or playing for a win, keeps the game alive.
    pub fn set_dead_draws(&mut self, on: bool) {
        self.dead_draws = on;
        self.table.clear();
    }

    /// Sets a function polled every thousand nodes; when it returns true the
    /// search stops and reports its last completed iteration.
    pub fn set_stop(&mut self, stop: impl FnMut() -> bool + 'static) {
        self.stop = Some(Box::new(stop));
    }

    /// Takes the values `oracle` knows as exact, wherever the tree meets
    /// them.
    pub fn set_oracle(&mut self, oracle: Oracle<P>) {
        self.oracle = Some(oracle);
        self.table.clear();
    }

    /// The oracle's value of `position`, if there is one and it knows it.
    pub fn known(&self, position: &P) -> Option<(Verdict, u32)> {
        self.oracle.as_ref().and_then(|oracle| oracle(position))
    }

    /// Forgets what earlier searches learned.
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering.clear();
    }

    /// Searches the last of `positions` (the game from its start, for the
    /// repetition rule) within `limits`.
    pub fn run(&mut self, positions: &[P], limits: Limits) -> Report<P::Turn> {
        self.run_among(positions, limits, |_| true)
    }

    /// [`Search::run`] considering at the root only the turns `allowed`
    /// accepts (used to make a weaker level overlook something).
    pub fn run_among(
        &mut self,
        positions: &[P],
        limits: Limits,
        allowed: impl Fn(&P::Turn) -> bool,
    ) -> Report<P::Turn> {
        let Some(&root) = positions.last() else {
            return Report {
                best: None,
                score: Score::ZERO,
                depth: Depth::ZERO,
                nodes: 0,
                line: Vec::new(),
            };
        };
        self.path.clear();
        self.path
            .extend_from_slice(&positions[..positions.len() - 1]);
        self.root_turns.clear();
        root.turns_into(&mut self.scratch, &mut self.root_turns);
        if self.root_turns.iter().any(&allowed) {
            self.root_turns.retain(|t| allowed(t));
        }
        self.root_best = None;
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.stopped = false;
        let mut report = Report {
            best: None,
            score: Score::ZERO,
            depth: Depth::ZERO,
            nodes: 0,
            line: Vec::new(),
        };
        for depth in (1..=limits.depth.0.min(MAX_PLY as u32 - 1)).map(Depth) {
            let score = self.node(&root, depth, Ply::ZERO, -Score::INFINITE, Score::INFINITE);
            if self.stopped {
                break;
            }
            report.score = score;
            report.depth = depth;
            report.best = self.root_best;
            report.line = self.line(&root, report.best, depth);
            // A forced result needs no deeper look.
            if score
                .plies_to_end()
                .is_some_and(|plies| plies.within(depth))
            {
                break;
            }
        }
        if report.best.is_none() {
            // Not even one iteration finished: take the first allowed turn.
            report.best = self.root_turns.first().copied();
        }
        report.nodes = self.nodes;
        report
    }

    /// Whether `turn`, played in the last of `positions`, scores at least
    /// `threshold` when searched to `depth`: a null-window search, much
    /// cheaper than finding its exact score, and helped by the table the
    /// full search left. `None` when the budget ran out first.
    pub fn reaches(
        &mut self,
        positions: &[P],
        turn: P::Turn,
        depth: Depth,
        threshold: Score,
        nodes: u64,
    ) -> Option<bool> {
        let &root = positions.last()?;
        self.path.clear();
        self.path
            .extend_from_slice(&positions[..positions.len() - 1]);
        self.root_turns.clear();
        self.root_turns.push(turn);
        self.nodes = 0;
        self.node_limit = nodes;
        self.stopped = false;
        let depth = Depth(depth.0.clamp(1, MAX_PLY as u32 - 1));
        let score = self.node(&root, depth, Ply::ZERO, Score(threshold.0 - 1), threshold);
        (!self.stopped).then_some(score >= threshold)
    }

    /// The root's best turn, then the best line stored in the table, as far
    /// as it stays legal.
    fn line(&mut self, root: &P, best: Option<P::Turn>, depth: Depth) -> Vec<P::Turn> {
        let Some(best) = best else {
            return Vec::new();
        };
        let mut line = Vec::from([best]);
        let mut position = root.play(best);
        let mut legal = Vec::new();
        while line.len() < depth.0 as usize {
            let Some(best) = self.table.get(position.hash()).and_then(|e| e.best) else {
                break;
            };
            legal.clear();
            position.turns_into(&mut self.scratch, &mut legal);
            if !legal.contains(&best) {
                break;
            }
            line.push(best);
            position = position.play(best);
        }
        line
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes % 1024 == 0 {
            if let Some(stop) = self.stop.as_mut() {
                self.stopped |= stop();
            }
        }
        self.stopped
    }

    /// The score the rules give a position other than by a lack of moves:
    /// the game's own rules, then the third repetition.
    fn rule_result(&self, position: &P, ply: Ply) -> Option<Score> {
        if let Some(verdict) = position.rule_verdict() {
            return Some(self.verdict_score(verdict, ply, Ply::ZERO));
        }
        let earlier = self.path.iter().filter(|p| position.repeats(p)).count();
        (earlier >= 2).then(|| self.draw_score(ply))
    }

    fn node(
        &mut self,
        position: &P,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.nodes += 1;
        if self.out_of_budget() {
            return Score::ZERO;
        }
        let at = ply.index();
        if ply > Ply::ZERO {
            if let Some(score) = self.rule_result(position, ply) {
                return score;
            }
            if self.dead_draws && position.is_dead() {
                return self.draw_score(ply);
            }
            if let Some((verdict, plies)) = self.known(position) {
                return self.verdict_score(verdict, ply, Ply(plies));
            }
        }
        let mut turns = mem::take(&mut self.lists[at]);
        turns.clear();
        if ply == Ply::ZERO {
            turns.extend_from_slice(&self.root_turns);
        } else {
            position.turns_into(&mut self.scratch, &mut turns);
        }
        if turns.is_empty() {
            self.lists[at] = turns;
            return self.verdict_score(position.no_turn_verdict(), ply, Ply::ZERO);
        }
        let quiescent = depth == Depth::ZERO || at >= MAX_PLY - 1;
        let hash = position.hash();
        let mut table_turn = None;
        if !quiescent {
            if let Some(entry) = self.table.get(hash) {
                table_turn = entry.best;
                if ply > Ply::ZERO && u32::from(entry.depth) >= depth.0 {
                    let score = from_table(entry.score, ply);
                    let cut = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if cut {
                        self.lists[at] = turns;
                        return score;
                    }
                }
            }
        }
        let mut best_score = -Score::INFINITE;
        if quiescent {
            // At the horizon only tactical turns (captures, huffs, promotions)
            // are searched. Where nothing forces a capture, or nothing can be
            // taken, the side to move may also stop here.
            let tactical = turns.iter().any(|t| position.is_tactical(t));
            if !tactical || position.may_stand_pat() || at >= MAX_PLY - 1 {
                let stand = self.static_value(position);
                if !tactical || stand >= beta || at >= MAX_PLY - 1 {
                    self.lists[at] = turns;
                    return stand;
                }
                alpha = alpha.max(stand);
                best_score = stand;
            }
            turns.retain(|t| position.is_tactical(t));
        }
        if ply == Ply::ZERO && self.root_best.is_some() {
            // The last iteration's choice first.
            table_turn = self.root_best;
        }
        let mut keys = self.order(position, &turns, at, table_turn);
        let original_alpha = alpha;
        let mut best = None;
        for i in 0..turns.len() {
            // Selection sort, one step: the best turn not yet tried.
            let next = (i..keys.len())
                .max_by_key(|&j| (keys[j], core::cmp::Reverse(j)))
                .unwrap_or(i);
            keys.swap(i, next);
            turns.swap(i, next);
            let turn = turns[i];
            let child = position.play(turn);
            self.path.push(*position);
            let score = -self.node(&child, depth.shallower(), ply.next(), -beta, -alpha);
            self.path.pop();
            if self.stopped {
                self.lists[at] = turns;
                self.keys[at] = keys;
                return Score::ZERO;
            }
            if score > best_score {
                best_score = score;
                best = Some(turn);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !position.is_tactical(&turn) {
                    self.ordering.cutoff::<P>(turn, at, depth.0);
                }
                break;
            }
        }
        self.lists[at] = turns;
        self.keys[at] = keys;
        if ply == Ply::ZERO {
            self.root_best = best;
        }
        if !quiescent {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.put(Entry {
                key: hash,
                depth: depth.0.min(255) as u8,
                bound,
                score: to_table(best_score, ply),
                best,
            });
        }
        best_score
    }

    /// Ordering keys for the turns at `ply` ([`Ordering`]).
    fn order(
        &mut self,
        position: &P,
        turns: &[P::Turn],
        ply: usize,
        table_turn: Option<P::Turn>,
    ) -> Vec<i32> {
        let mut keys = mem::take(&mut self.keys[ply]);
        self.ordering
            .keys(position, turns, ply, table_turn, &mut keys);
        keys
    }
}

impl<P: Searchable> Search<P> {
    /// The score of a result for the side to move `ply` plies below the
    /// root, reached `plies` plies further on.
    fn verdict_score(&self, verdict: Verdict, ply: Ply, plies: Ply) -> Score {
        match verdict {
            Verdict::Win => Score::win_in(ply + plies),
            Verdict::Loss => Score::loss_in(ply + plies),
            Verdict::Draw => self.draw_score(ply),
        }
    }

    /// A draw, as the side to move `ply` plies below the root sees it: with
    /// contempt the root's side counts a draw as a small loss.
    fn draw_score(&self, ply: Ply) -> Score {
        if ply.0 % 2 == 0 {
            Score(Score::DRAW.0 - self.contempt)
        } else {
            Score(Score::DRAW.0 + self.contempt)
        }
    }
}

/// Decided scores are stored relative to the node, so that they stay right
/// when the position is reached at another ply.
fn to_table(score: Score, ply: Ply) -> Score {
    if score.0 > 900_000 {
        Score(score.0 + ply.0 as i32)
    } else if score.0 < -900_000 {
        Score(score.0 - ply.0 as i32)
    } else {
        score
    }
}

fn from_table(score: Score, ply: Ply) -> Score {
    if score.0 > 900_000 {
        Score(score.0 - ply.0 as i32)
    } else if score.0 < -900_000 {
        Score(score.0 + ply.0 as i32)
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::DraughtsKind;

    /// The table keeps the deeper of two entries for a position, so an entry
    /// for the root left by an earlier, deeper search (or by the position
    /// coming round again inside the tree) outlives the root's own result.
    /// The reported turn must still be the one the root search chose: in a
    /// Classic game a stale shuffle was once played instead of a forced win.
    #[test]
    fn a_deeper_stale_entry_for_the_root_is_not_reported() {
        let root = Position::<u32>::start(DraughtsKind::Qirkat.rules());
        let limits = Limits {
            depth: Depth(4),
            ..Limits::default()
        };
        let fresh = Search::new().run(&[root], limits);
        let best = fresh.best.expect("a turn");
        let stale = root.legal_turns().into_iter().find(|t| *t != best);
        let stale = stale.expect("another turn");
        let mut search = Search::new();
        search.table.put(Entry {
            key: root.hash(),
            depth: 40,
            bound: Bound::Exact,
            score: Score::ZERO,
            best: Some(stale),
        });
        let report = search.run(&[root], limits);
        assert_eq!(report.best, Some(best));
        assert_eq!(report.score, fresh.score);
        assert_eq!(report.line.first(), Some(&best));
    }
}
