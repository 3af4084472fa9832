//! The rules of the site's tournaments, as plain functions with no store,
//! clock or network: how an arena scores a game ([`arena`]), whom an arena
//! pairs ([`arena_pairing`]), whom a Swiss round pairs ([`swiss`]), and
//! how ties are broken ([`tiebreak`]). The server directs tournaments with
//! them; docs/tournaments.md states the same rules in words.

pub mod arena;
pub mod arena_pairing;
pub mod schedule;
pub mod swiss;
pub mod table;
pub mod tiebreak;

/// A player in a tournament, by an index the caller gives.
pub type PlayerId = usize;

/// A game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The colour a player had in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The colour a player should have next, from the colours they had (oldest
/// first): the one they had less often, else the other of their last;
/// `strong` when a third of one colour in a row would follow otherwise.
pub fn colour_due(colours: &[Colour]) -> Option<(Colour, bool)> {
    let whites = colours.iter().filter(|&&c| c == Colour::White).count();
    let blacks = colours.len() - whites;
    let last_two = colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
    let last = *colours.last()?;
    let due = match whites.cmp(&blacks) {
        std::cmp::Ordering::Less => Colour::White,
        std::cmp::Ordering::Greater => Colour::Black,
        std::cmp::Ordering::Equal => last.other(),
    };
    Some((due, last_two && due != last))
}

/// The colours of a pairing of `a` and `b` (`a`'s first): each as due, and
/// where both are due the same colour, the one whose due is strong, else
/// the one who had it less, gets it.
pub fn colours_of(a: &[Colour], b: &[Colour]) -> (Colour, Colour) {
    let give = |c: Colour| (c, c.other());
    match (colour_due(a), colour_due(b)) {
        (None, None) => give(Colour::White),
        (Some((due, _)), None) => give(due),
        (None, Some((due, _))) => give(due.other()),
        (Some((da, sa)), Some((db, sb))) if da != db || sa == sb => {
            if da != db {
                give(da)
            } else {
                // Both want the same colour, equally: the one who had
                // fewer of it takes it.
                let had = |c: &[Colour]| c.iter().filter(|&&x| x == da).count();
                if had(a) <= had(b) {
                    give(da)
                } else {
                    give(da.other())
                }
            }
        }
        (Some((da, true)), Some(_)) => give(da),
        (Some(_), Some((db, _))) => give(db.other()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black, White};

    #[test]
    fn colours_are_balanced_and_never_three_in_a_row_when_one_can_give() {
        assert_eq!(colour_due(&[]), None);
        assert_eq!(colour_due(&[White]), Some((Black, false)));
        assert_eq!(colour_due(&[White, Black]), Some((White, false)));
        assert_eq!(colour_due(&[Black, White, White]), Some((Black, true)));
        assert_eq!(colour_due(&[White, Black, White]), Some((Black, false)));
        assert_eq!(colour_due(&[White, Black, Black]), Some((White, true)));
        // Both due White: the one facing a third Black gets it.
        assert_eq!(colours_of(&[White, Black, Black], &[Black]), (White, Black));
        assert_eq!(colours_of(&[Black], &[White, Black, Black]), (Black, White));
        // Different dues: each gets theirs.
        assert_eq!(colours_of(&[White], &[Black]), (Black, White));
        // Newcomers: the first named takes White.
        assert_eq!(colours_of(&[], &[]), (White, Black));
    }
}
