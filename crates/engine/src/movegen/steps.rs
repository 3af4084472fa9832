//! Steps: every man's in one direction at once by shifting a bitboard, and
//! kings' slides along their rays.

use alloc::vec::Vec;

use super::chain::{nearest, slide};
use crate::bitboard::Bits;
use crate::geometry::{Dir, Point};
use crate::position::{Move, Position};
use crate::rules::{RuleSource, Rules};
use crate::side::Side;

impl<B: Bits> Position<B> {
    /// The men of `side` that have a neighbour in direction `d` and are
    /// not frozen on the far rank.
    #[inline(always)]
    fn men_facing(&self, rules: &Rules, side: Side, d: Dir) -> B {
        let g = rules.geometry;
        let mut men = self.men[side] & B::from_u128(g.has_neighbour_mask(d));
        if rules.far_rank_freeze {
            men &= !B::from_u128(g.rank_mask(rules.far_rank(side)));
        }
        men
    }

    /// The men of the side to move that may step in direction `d`: also
    /// without those the no-return memory holds back.
    #[inline(always)]
    fn men_stepping(&self, rules: &Rules, us: Side, d: Dir) -> B {
        let mut men = self.men_facing(rules, us, d);
        if rules.no_return {
            match d {
                Dir::W => men &= !self.came_from.west,
                Dir::E => men &= !self.came_from.east,
                _ => {}
            }
        }
        men
    }

    #[inline(always)]
    pub(super) fn generate_steps<S: RuleSource>(&self, src: S, out: &mut Vec<Move<B>>) {
        let rules = src.rules();
        let g = rules.geometry;
        let us = src.mover(self.side);
        let empty = self.empty_in(rules);
        for d in Rules::for_side(rules.man_steps, us).iter() {
            let delta = g.delta(d);
            for to in (self.men_stepping(rules, us, d).shift(delta) & empty).points() {
                let from = Point::from_index_unchecked((to.index() as i32 - delta) as u8);
                out.push(Move {
                    from,
                    to,
                    captured: B::ZERO,
                });
            }
        }
        if let Some(king) = rules.kings {
            for from in self.kings[us].points() {
                for d in king.dirs.iter() {
                    let mut free = slide(g, from, d, empty).0;
                    while !free.is_empty() {
                        let to = nearest(d, free);
                        free ^= B::from_point(to);
                        out.push(Move {
                            from,
                            to,
                            captured: B::ZERO,
                        });
                    }
                }
            }
        }
    }

    /// How many steps [`Position::generate_steps`] would list, counted on
    /// bitboards without listing them.
    #[inline(always)]
    pub(super) fn count_steps<S: RuleSource>(&self, src: S) -> u32 {
        let rules = src.rules();
        let g = rules.geometry;
        let empty = self.empty_in(rules);
        let us = src.mover(self.side);
        let mut steps = 0;
        for d in Rules::for_side(rules.man_steps, us).iter() {
            steps += (self.men_stepping(rules, us, d).shift(g.delta(d)) & empty).count();
        }
        if let Some(king) = rules.kings {
            for from in self.kings[us].points() {
                for d in king.dirs.iter() {
                    steps += slide(g, from, d, empty).0.count();
                }
            }
        }
        steps
    }

    /// How many steps `side`'s men have (as if it were to move), counted on
    /// bitboards without listing them: a cheap measure of mobility.
    pub fn step_mobility(&self, side: Side) -> u32 {
        let rules = self.rules;
        let g = rules.geometry;
        let empty = self.empty_in(rules);
        Rules::for_side(rules.man_steps, side)
            .iter()
            .map(|d| (self.men_facing(rules, side, d).shift(g.delta(d)) & empty).count())
            .sum()
    }
}
