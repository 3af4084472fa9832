//! What a press, a drag or a triple-press means, given the entries of the
//! legal turns ([`engine::Entry`]): plain state, no DOM, tested natively.
//!
//! A turn is entered point by point: the piece, then each landing point of a
//! capture chain (or only the last one when that is unambiguous, by a drag).
//! In Special a triple-press on an opponent's piece huffs it first.

use engine::chesquerque::Role as ChessRole;
use engine::{AnyTurn, Entry, Point};

/// A turn being entered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The piece huffed at the start of this turn, if any.
    pub huff: Option<Point>,
    /// The points chosen so far, the moving piece first.
    pub path: Vec<Point>,
}

/// What an input did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the press means nothing here.
    Ignored,
    /// A piece was picked up, or a chain went one jump further.
    Selected,
    /// The selection was dropped.
    Cleared,
    /// A turn is complete.
    Play(AnyTurn),
    /// A pawn reached the last rank: the player picks what it becomes.
    Promote(Vec<(ChessRole, AnyTurn)>),
    /// A huff was made; the move follows.
    Huffed,
}

impl Selection {
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The entries still possible with what has been entered.
    pub fn candidates<'a>(&'a self, entries: &'a [Entry]) -> impl Iterator<Item = &'a Entry> + 'a {
        entries
            .iter()
            .filter(move |e| e.huff == self.huff && e.path.starts_with(&self.path))
    }

    /// Pieces that can start a turn now (for hints); empty once one is chosen.
    pub fn movable(&self, entries: &[Entry]) -> Vec<Point> {
        if !self.path.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Point> = self
            .candidates(entries)
            .filter_map(|e| e.path.first().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Points the selected piece can go to next (for hints).
    pub fn targets(&self, entries: &[Entry]) -> Vec<Point> {
        if self.path.is_empty() {
            return Vec::new();
        }
        let n = self.path.len();
        let mut out: Vec<Point> = self
            .candidates(entries)
            .filter_map(|e| e.path.get(n).copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the chain has begun (a jump entered, more to come).
    pub fn in_chain(&self) -> bool {
        self.path.len() > 1
    }

    /// A press on `point`.
    pub fn press(&mut self, entries: &[Entry], point: Point) -> Effect {
        let n = self.path.len();
        if n == 0 {
            return if self
                .candidates(entries)
                .any(|e| e.path.first() == Some(&point))
            {
                self.path.push(point);
                Effect::Selected
            } else {
                Effect::Ignored
            };
        }
        if n == 1 && self.path[0] == point {
            self.path.clear();
            return Effect::Cleared;
        }
        let goes_on = self
            .candidates(entries)
            .any(|e| e.path.get(n) == Some(&point));
        if goes_on {
            self.path.push(point);
            return self.complete(entries);
        }
        if n == 1 {
            // Another piece of the mover's: choose it instead.
            let starts = self
                .candidates_from_start(entries)
                .any(|e| e.path.first() == Some(&point));
            self.path.clear();
            if starts {
                self.path.push(point);
                return Effect::Selected;
            }
            return Effect::Cleared;
        }
        // Pressing the last landing point again ends the chain there when
        // the rules allow stopping.
        if self.path.last() == Some(&point) {
            let finished: Vec<AnyTurn> = self
                .candidates(entries)
                .filter(|e| e.path.len() == n)
                .map(|e| e.turn)
                .collect();
            if let Some(&turn) = finished.first() {
                self.clear();
                return Effect::Play(turn);
            }
        }
        Effect::Ignored
    }

    fn candidates_from_start<'a>(
        &'a self,
        entries: &'a [Entry],
    ) -> impl Iterator<Item = &'a Entry> + 'a {
        entries.iter().filter(move |e| e.huff == self.huff)
    }

    /// After a point was added: a turn when the path can go no further.
    fn complete(&mut self, entries: &[Entry]) -> Effect {
        let n = self.path.len();
        let mut finished: Vec<&Entry> = Vec::new();
        let mut longer = false;
        for e in self.candidates(entries) {
            if e.path.len() == n {
                finished.push(e);
            } else {
                longer = true;
            }
        }
        if finished.is_empty() || longer {
            return Effect::Selected;
        }
        let promotions: Vec<(ChessRole, AnyTurn)> = finished
            .iter()
            .filter_map(|e| e.promotion.map(|r| (r, e.turn)))
            .collect();
        if promotions.len() > 1 {
            return Effect::Promote(promotions);
        }
        let turn = finished[0].turn;
        self.clear();
        Effect::Play(turn)
    }

    /// A piece dragged from `from` and dropped on `to`: the turn when only
    /// one ends there; otherwise the piece stays selected (and, when `to`
    /// is the next point of a chain, the chain goes on from there).
    pub fn drop(&mut self, entries: &[Entry], from: Point, to: Point) -> Effect {
        if self.path.len() > 1 {
            // Mid-chain, a drag from the piece's current point is a press on
            // the drop point.
            return if self.path.last() == Some(&from) {
                self.press(entries, to)
            } else {
                Effect::Ignored
            };
        }
        let ending: Vec<&Entry> = entries
            .iter()
            .filter(|e| {
                e.huff == self.huff && e.path.first() == Some(&from) && e.path.last() == Some(&to)
            })
            .filter(|e| e.path.len() > 1)
            .collect();
        // The distinct turns the press could finish (several paths may make
        // one turn).
        let mut turns: Vec<AnyTurn> = Vec::new();
        for e in &ending {
            if !turns.contains(&e.turn) {
                turns.push(e.turn);
            }
        }
        match turns.len() {
            0 => {
                self.path.clear();
                if self.press(entries, from) != Effect::Selected {
                    return Effect::Ignored;
                }
                self.press(entries, to)
            }
            1 => {
                self.clear();
                Effect::Play(turns[0])
            }
            _ => {
                self.path = vec![from];
                let promotions: Vec<(ChessRole, AnyTurn)> = ending
                    .iter()
                    .filter_map(|e| e.promotion.map(|r| (r, e.turn)))
                    .collect();
                if promotions.len() == turns.len() {
                    self.path.push(to);
                    return Effect::Promote(promotions);
                }
                Effect::Selected
            }
        }
    }

    /// A triple-press on `point`: a huff when one is legal there now, at the
    /// start of a turn; otherwise nothing at all.
    pub fn triple(&mut self, entries: &[Entry], point: Point) -> Effect {
        if self.huff.is_some() || !self.path.is_empty() {
            return Effect::Ignored;
        }
        let huffs: Vec<&Entry> = entries.iter().filter(|e| e.huff == Some(point)).collect();
        if huffs.is_empty() {
            return Effect::Ignored;
        }
        if let Some(alone) = huffs.iter().find(|e| e.path.is_empty()) {
            return Effect::Play(alone.turn);
        }
        self.huff = Some(point);
        Effect::Huffed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{AnyGame, GameKind};

    fn point(g: &AnyGame, name: &str) -> Point {
        let b = name.as_bytes();
        g.geometry()
            .point(b[0] - b'a', name[1..].parse::<u8>().expect("rank") - 1)
            .expect("on the board")
    }

    fn enter(g: &AnyGame, s: &mut Selection, names: &[&str]) -> Effect {
        let entries = g.entries();
        let mut last = Effect::Ignored;
        for name in names {
            last = s.press(&entries, point(g, name));
        }
        last
    }

    #[test]
    fn a_step_is_two_presses() {
        let g = AnyGame::new(GameKind::Draughts(engine::DraughtsKind::Classic));
        let mut s = Selection::default();
        assert_eq!(enter(&g, &mut s, &["c2"]), Effect::Selected);
        assert_eq!(s.targets(&g.entries()), vec![point(&g, "c3")]);
        let Effect::Play(turn) = enter(&g, &mut s, &["c3"]) else {
            panic!("no turn");
        };
        assert_eq!(g.turn_text(turn), "c2-c3");
        assert!(s.path.is_empty());
    }

    #[test]
    fn pressing_elsewhere_reselects_or_clears() {
        let g = AnyGame::new(GameKind::Draughts(engine::DraughtsKind::Classic));
        let entries = g.entries();
        let mut s = Selection::default();
        assert_eq!(s.press(&entries, point(&g, "a5")), Effect::Ignored);
        s.press(&entries, point(&g, "c2"));
        assert_eq!(s.press(&entries, point(&g, "d2")), Effect::Selected);
        assert_eq!(s.path, vec![point(&g, "d2")]);
        assert_eq!(s.press(&entries, point(&g, "d2")), Effect::Cleared);
        s.press(&entries, point(&g, "c2"));
        assert_eq!(s.press(&entries, point(&g, "a5")), Effect::Cleared);
    }

    /// The first game reached by random play from `variant`'s start in
    /// which `wanted` holds.
    fn find(variant: GameKind, wanted: impl Fn(&AnyGame) -> bool) -> AnyGame {
        let mut seed = 0x9E37_79B9u64;
        for _ in 0..500 {
            let mut g = AnyGame::new(variant);
            for _ in 0..60 {
                if wanted(&g) {
                    return g;
                }
                let entries = g.entries();
                if entries.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = entries[(seed % entries.len() as u64) as usize].turn;
                g.play(pick).expect("legal");
            }
        }
        panic!("no such game found");
    }

    #[test]
    fn a_chain_is_entered_jump_by_jump_or_dragged_to_its_end() {
        let g = find(GameKind::Draughts(engine::DraughtsKind::Classic), |g| {
            g.entries().iter().any(|e| e.path.len() > 2)
        });
        let entries = g.entries();
        let capture = entries.iter().find(|e| e.path.len() > 2).expect("a chain");
        let mut s = Selection::default();
        let effects: Vec<Effect> = capture.path.iter().map(|&p| s.press(&entries, p)).collect();
        assert_eq!(effects.last(), Some(&Effect::Play(capture.turn)));
        assert!(effects[..effects.len() - 1]
            .iter()
            .all(|e| *e == Effect::Selected));
        let from = capture.path[0];
        let to = *capture.path.last().expect("a path");
        let others = entries
            .iter()
            .filter(|e| e.path.first() == Some(&from) && e.path.last() == Some(&to))
            .any(|e| e.turn != capture.turn);
        let mut s = Selection::default();
        if others {
            assert_eq!(s.drop(&entries, from, to), Effect::Selected);
        } else {
            assert_eq!(s.drop(&entries, from, to), Effect::Play(capture.turn));
        }
    }

    /// A Special game in which the side to move skipped a capture.
    fn skipped_capture() -> AnyGame {
        let special = GameKind::Draughts(engine::DraughtsKind::Special);
        let before = find(special, |g| {
            let e = g.entries();
            e.iter().any(|e| !e.captured.is_empty()) && e.iter().any(|e| e.captured.is_empty())
        });
        let quiet = before
            .entries()
            .into_iter()
            .find(|e| e.captured.is_empty() && e.huff.is_none())
            .expect("a quiet move");
        let mut g = before.clone();
        g.play(quiet.turn).expect("legal");
        g
    }

    #[test]
    fn a_triple_press_huffs_only_a_piece_that_may_be_huffed() {
        let g = skipped_capture();
        let entries = g.entries();
        let huffable: Vec<Point> = entries.iter().filter_map(|e| e.huff).collect();
        assert!(!huffable.is_empty(), "no huff after a skipped capture");
        for p in g.geometry().points().filter(|p| !huffable.contains(p)) {
            let mut s = Selection::default();
            assert_eq!(s.triple(&entries, p), Effect::Ignored);
            assert_eq!(s, Selection::default());
        }
        let mut s = Selection::default();
        let first = s.triple(&entries, huffable[0]);
        assert!(
            matches!(first, Effect::Huffed | Effect::Play(_)),
            "{first:?}"
        );
        if first == Effect::Huffed {
            assert!(!s.movable(&entries).is_empty());
            assert_eq!(s.triple(&entries, huffable[0]), Effect::Ignored);
        }
    }

    #[test]
    fn hints_never_show_huffs() {
        let g = skipped_capture();
        let entries = g.entries();
        let board = g.board();
        for p in Selection::default().movable(&entries) {
            assert_eq!(
                board[p.index()].map(|v| v.side),
                Some(g.side_to_move()),
                "a hint on a piece that is not the mover's"
            );
        }
    }

    #[test]
    fn a_promotion_asks_which_piece() {
        // Walk a White pawn up the a-file in Chesquerque while Black shuffles
        // a knight, then capture onto the last rank.
        let g = AnyGame::new(GameKind::Chesquerque);
        let promoting = (0..)
            .scan(g, |g, _| {
                let entries = g.entries();
                let promotion = entries.iter().find(|e| e.promotion.is_some()).cloned();
                if let Some(e) = promotion {
                    return Some(Some((g.clone(), e)));
                }
                // Prefer pawn pushes for White, anything for Black.
                let pick = entries
                    .iter()
                    .filter(|e| {
                        g.board()[e.path[0].index()]
                            .is_some_and(|p| p.kind == engine::PieceKind::Chess(ChessRole::Pawn))
                    })
                    .max_by_key(|e| {
                        let (_, r) = g.geometry().coords(e.path[1]);
                        if g.side_to_move() == engine::Side::White {
                            i32::from(r)
                        } else {
                            -i32::from(r)
                        }
                    })
                    .or_else(|| entries.first())?
                    .turn;
                g.play(pick).ok()?;
                Some(None)
            })
            .take(200)
            .flatten()
            .next();
        let (g, entry) = promoting.expect("a promotion within 200 plies");
        let entries = g.entries();
        let mut s = Selection::default();
        s.press(&entries, entry.path[0]);
        let Effect::Promote(options) = s.press(&entries, entry.path[1]) else {
            panic!("no promotion choice");
        };
        assert_eq!(options.len(), 5, "{options:?}");
    }
}
