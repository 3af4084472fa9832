//! Rule sets as data.
//!
//! Every Alquerque-family game is one [`Rules`] value: the board it is played
//! on and the constants that tell its pieces how to move. Move generation reads
//! these values; no code is forked per game. Each rule set lives in a short file
//! of its own, citing the article of docs/rules.md each line comes from.

mod bell;
mod classic;
mod qirkat;
mod special;
mod turkish;

use core::fmt;

pub use bell::BELL;
pub use classic::CLASSIC;
pub use qirkat::QIRKAT;
pub use special::SPECIAL;
pub use turkish::TURKISH;

use crate::geometry::{Dir, DirSet, StaticGeometry};
use crate::kind::DraughtsKind;
use crate::side::Side;

/// How captures are chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Capturing {
    /// A capture must be made when one exists; any capture may be chosen.
    Mandatory,
    /// A capture must be made when one exists, and it must take as many
    /// pieces as any capture can.
    MandatoryMaximal,
    /// Capturing is optional; a skipped capture may be punished by a huff.
    OptionalWithHuff,
}

/// Where a long-range capturing king may land.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KingLanding {
    /// On any empty point beyond the captured piece, before the next occupied one.
    AnyBeyond,
    /// Only on the point directly behind the captured piece.
    DirectlyBehind,
}

/// Kings, for rule sets that crown men on the far rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KingRules {
    /// Directions a king slides and captures in (long range, both).
    pub dirs: DirSet,
    pub landing: KingLanding,
}

/// Which plies count towards the no-progress draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoProgress {
    /// The rule set has no such draw (the game is finite).
    None,
    /// Captures and forward or diagonally forward steps reset the count.
    ForwardSteps,
    /// Captures, huffs and every man move reset the count.
    ManMoves,
}

/// A complete rule set of the Alquerque family.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    pub key: DraughtsKind,
    pub geometry: &'static StaticGeometry,
    /// The start position, in position text.
    pub start: &'static str,
    /// Directions of a man's regular move, as seen by White (Black's are
    /// these turned 180°).
    pub man_steps: DirSet,
    /// Directions a man may capture in, as seen by White.
    pub man_captures: DirSet,
    /// Directions allowed for the first jump of a turn (a subset of
    /// `man_captures`), as seen by White.
    pub first_jump: DirSet,
    pub capturing: Capturing,
    /// A man on the opponent's back rank may only capture.
    pub far_rank_freeze: bool,
    /// A piece may not step straight back to the point its last regular move
    /// left (per piece, cleared by a jump).
    pub no_return: bool,
    /// Promotion to king at the end of a move on the far rank.
    pub kings: Option<KingRules>,
    pub no_progress: NoProgress,
    /// Counted plies after which the game is drawn.
    pub no_progress_limit: u16,
    /// When the side to move cannot move and neither could the opponent, the
    /// game is drawn instead of lost.
    pub both_blocked_draw: bool,
    /// Two or more men (and no kings) against a single enemy man win.
    pub men_beat_lone_man: bool,
    /// One piece each, of any kind, is a draw.
    pub one_piece_each_draws: bool,
}

/// White's forward directions, used to build the rule sets.
pub(crate) const FORWARD: DirSet = DirSet::of(&[Dir::N]);
pub(crate) const DIAGONALLY_FORWARD: DirSet = DirSet::of(&[Dir::NE, Dir::NW]);
pub(crate) const SIDEWAYS: DirSet = DirSet::of(&[Dir::E, Dir::W]);

impl Rules {
    /// A set of directions given for White, as seen by `side`.
    #[inline(always)]
    pub fn for_side(set: DirSet, side: Side) -> DirSet {
        match side {
            Side::White => set,
            Side::Black => set.rotated(),
        }
    }

    /// The rank on which `side`'s men are promoted or frozen (the opponent's
    /// back rank), from zero.
    #[inline(always)]
    pub fn far_rank(&self, side: Side) -> u8 {
        match side {
            Side::White => self.geometry.ranks() - 1,
            Side::Black => 0,
        }
    }

    pub fn huffing(&self) -> bool {
        self.capturing == Capturing::OptionalWithHuff
    }

    /// The rule set with one option changed, e.g. `no_return=off`.
    pub fn with_option(&self, name: &str, value: &str) -> Result<&'static Rules, OptionError> {
        let mut changed = *self;
        match name {
            "no_return" if matches!(self.key, DraughtsKind::Qirkat | DraughtsKind::Bell) => {
                changed.no_return = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(OptionError::BadValue),
                };
            }
            "queen_lands" if self.key == DraughtsKind::Turkish => {
                let landing = match value {
                    "behind" => KingLanding::DirectlyBehind,
                    "any" => KingLanding::AnyBeyond,
                    _ => return Err(OptionError::BadValue),
                };
                changed.kings = self.kings.map(|k| KingRules { landing, ..k });
            }
            _ => return Err(OptionError::UnknownOption),
        }
        RULE_SETS
            .iter()
            .copied()
            .find(|r| **r == changed)
            .ok_or(OptionError::BadValue)
    }

    /// The options in which this rule set differs from its game's default,
    /// as `name=value` pairs.
    pub fn changed_options(&self) -> alloc::vec::Vec<(&'static str, &'static str)> {
        let default = self.key.rules();
        let mut out = alloc::vec::Vec::new();
        if self.no_return != default.no_return {
            out.push(("no_return", if self.no_return { "on" } else { "off" }));
        }
        if let (Some(this), Some(usual)) = (self.kings, default.kings) {
            if this.landing != usual.landing && self.key == DraughtsKind::Turkish {
                let value = match this.landing {
                    KingLanding::DirectlyBehind => "behind",
                    KingLanding::AnyBeyond => "any",
                };
                out.push(("queen_lands", value));
            }
        }
        out
    }

    /// Every rule set, the named defaults first, then their option variants.
    pub fn all() -> &'static [&'static Rules] {
        RULE_SETS
    }
}

static QIRKAT_RETURN: Rules = Rules {
    no_return: false,
    ..QIRKAT
};
static BELL_RETURN: Rules = Rules {
    no_return: false,
    ..BELL
};
static TURKISH_ANY: Rules = Rules {
    kings: Some(KingRules {
        landing: KingLanding::AnyBeyond,
        ..turkish::QUEENS
    }),
    ..TURKISH
};

static RULE_SETS: &[&Rules] = &RULE_SET_LIST;

/// The rule sets that differ from their game's default by an option.
const OPTION_RULE_SETS: [&Rules; 3] = [&QIRKAT_RETURN, &BELL_RETURN, &TURKISH_ANY];

/// Every rule set: each game's default, in [`DraughtsKind::ALL`] order, then the
/// option variants.
const RULE_SET_LIST: [&Rules; DraughtsKind::ALL.len() + OPTION_RULE_SETS.len()] = {
    let mut list = [OPTION_RULE_SETS[0]; DraughtsKind::ALL.len() + OPTION_RULE_SETS.len()];
    let mut i = 0;
    while i < DraughtsKind::ALL.len() {
        list[i] = DraughtsKind::ALL[i].rules();
        i += 1;
    }
    while i < list.len() {
        list[i] = OPTION_RULE_SETS[i - DraughtsKind::ALL.len()];
        i += 1;
    }
    list
};

/// Where generic code finds its rule set: read from a position at run time
/// ([`Dynamic`]), or a compile-time constant ([`Fixed`]) that lets the
/// compiler fold the rules into the code, one copy per rule set.
pub trait RuleSource: Copy {
    fn rules(self) -> &'static Rules;

    /// The side to move, given the position's own: a source may know it at
    /// compile time too ([`Moving`]), which fixes every direction a man moves
    /// in and lets the compiler unroll the loops over them.
    #[inline(always)]
    fn mover(self, actual: Side) -> Side {
        actual
    }
}

/// A rule source together with the side to move, known at compile time
/// (`BLACK` false for White). Only for positions with that side to move.
#[derive(Clone, Copy, Debug)]
pub struct Moving<S, const BLACK: bool>(pub S);

impl<S: RuleSource, const BLACK: bool> RuleSource for Moving<S, BLACK> {
    #[inline(always)]
    fn rules(self) -> &'static Rules {
        self.0.rules()
    }

    #[inline(always)]
    fn mover(self, actual: Side) -> Side {
        debug_assert_eq!(actual == Side::Black, BLACK);
        if BLACK {
            Side::Black
        } else {
            Side::White
        }
    }
}

/// A rule set known only at run time.
#[derive(Clone, Copy, Debug)]
pub struct Dynamic(pub &'static Rules);

impl RuleSource for Dynamic {
    #[inline(always)]
    fn rules(self) -> &'static Rules {
        self.0
    }
}

/// The rule set `Rules::all()[I]`, known at compile time.
#[derive(Clone, Copy, Debug)]
pub struct Fixed<const I: usize>;

impl<const I: usize> Fixed<I> {
    const RULES: &'static Rules = RULE_SET_LIST[I];
}

impl<const I: usize> RuleSource for Fixed<I> {
    #[inline(always)]
    fn rules(self) -> &'static Rules {
        Self::RULES
    }
}

/// Runs `$body` with `$src` bound to a [`RuleSource`] for `$rules`: with
/// the feature `fast`, a [`Fixed`] one for every rule set of
/// [`Rules::all`], else [`Dynamic`]; without it, always [`Dynamic`] (one
/// copy of the code for every rule set: smaller, slower).
#[cfg(feature = "fast")]
macro_rules! with_rule_source {
    ($rules:expr, $src:ident => $body:expr) => {{
        let rules: &'static $crate::rules::Rules = $rules;
        let all = $crate::rules::Rules::all();
        let index = all.iter().position(|r| core::ptr::eq(*r, rules));
        match index {
            Some(0) => {
                let $src = $crate::rules::Fixed::<0>;
                $body
            }
            Some(1) => {
                let $src = $crate::rules::Fixed::<1>;
                $body
            }
            Some(2) => {
                let $src = $crate::rules::Fixed::<2>;
                $body
            }
            Some(3) => {
                let $src = $crate::rules::Fixed::<3>;
                $body
            }
            Some(4) => {
                let $src = $crate::rules::Fixed::<4>;
                $body
            }
            Some(5) => {
                let $src = $crate::rules::Fixed::<5>;
                $body
            }
            Some(6) => {
                let $src = $crate::rules::Fixed::<6>;
                $body
            }
            Some(7) => {
                let $src = $crate::rules::Fixed::<7>;
                $body
            }
            _ => {
                let $src = $crate::rules::Dynamic(rules);
                $body
            }
        }
    }};
}
#[cfg(not(feature = "fast"))]
macro_rules! with_rule_source {
    ($rules:expr, $src:ident => $body:expr) => {{
        let $src = $crate::rules::Dynamic($rules);
        $body
    }};
}

pub(crate) use with_rule_source;

/// A rule option that does not apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionError {
    UnknownOption,
    BadValue,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptionError::UnknownOption => "this game has no such option",
            OptionError::BadValue => "that value is not allowed for this option",
        })
    }
}

#[cfg(all(test, feature = "fast"))]
mod tests {
    use super::*;

    /// `with_rule_source!` has an arm for every rule set, so none falls back
    /// to reading its rules at run time (a rule set added to the list needs
    /// one).
    #[test]
    fn every_rule_set_gets_a_compile_time_copy() {
        for rules in Rules::all() {
            let source = with_rule_source!(rules, src => core::any::type_name_of_val(&src));
            assert!(source.contains("Fixed"), "{:?}: {source}", rules.key);
            let same = with_rule_source!(rules, src => core::ptr::eq(src.rules(), *rules));
            assert!(same, "{:?}", rules.key);
        }
    }
}
