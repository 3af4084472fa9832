//! Which game: [`GameKind`] is one of the six games, [`DraughtsKind`] one of
//! the five of the draughts family, each known by a stable key used in URLs,
//! storage and the command line. (The eight rule sets, the draughts games'
//! defaults and their option variants, are listed in [`crate::rules`].)

use core::fmt;
use core::str::FromStr;

/// Writes [`DraughtsKind`] from one list of the draughts-family games, each with
/// its key text and its default rule set.
macro_rules! game_keys {
    ($($name:ident => $key:literal, $rules:path;)*) => {
        /// A game of the draughts family (Chesquerque is
        /// [`GameKind::Chesquerque`]).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum DraughtsKind {
            $($name,)*
        }

        impl DraughtsKind {
            pub const ALL: [DraughtsKind; [$(DraughtsKind::$name),*].len()] = [$(DraughtsKind::$name),*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(DraughtsKind::$name => $key,)*
                }
            }

            /// The default rule set of the game.
            pub const fn rules(self) -> &'static crate::rules::Rules {
                match self {
                    $(DraughtsKind::$name => &$rules,)*
                }
            }
        }
    };
}

game_keys! {
    Classic => "classic", crate::rules::CLASSIC;
    Special => "special", crate::rules::SPECIAL;
    Qirkat => "qirkat", crate::rules::QIRKAT;
    Bell => "bell", crate::rules::BELL;
    Turkish => "turkish", crate::rules::TURKISH;
}

impl fmt::Display for DraughtsKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game key that names none of the games it could: the draughts
/// family's, when one of them was asked for, or all six.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UnknownGame {
    /// Only the draughts family's games were expected.
    pub draughts_only: bool,
}

/// `unknown game (expected a, b or c)`, from the list of keys itself (the
/// draughts family's come first in [`GameKind::ALL`]).
impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = if self.draughts_only {
            &GameKind::ALL[..DraughtsKind::ALL.len()]
        } else {
            &GameKind::ALL[..]
        };
        f.write_str("unknown game (expected ")?;
        for (i, kind) in expected.iter().enumerate() {
            f.write_str(match i {
                0 => "",
                _ if i + 1 == expected.len() => " or ",
                _ => ", ",
            })?;
            f.write_str(kind.as_str())?;
        }
        f.write_str(")")
    }
}

impl FromStr for DraughtsKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<DraughtsKind, UnknownGame> {
        DraughtsKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or(UnknownGame {
                draughts_only: true,
            })
    }
}

/// Every game the project plays: the five of the draughts family, which share
/// one generic engine driven by [`crate::Rules`], and Chesquerque, which has
/// its own ([`crate::chesquerque`]). This is where a key from outside (a URL, a
/// saved game, a command line) chooses the code that plays it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    Draughts(DraughtsKind),
    Chesquerque,
}

impl GameKind {
    /// Every game: the draughts family's in [`DraughtsKind::ALL`] order, then
    /// Chesquerque.
    pub const ALL: [GameKind; DraughtsKind::ALL.len() + 1] = {
        let mut all = [GameKind::Chesquerque; DraughtsKind::ALL.len() + 1];
        let mut i = 0;
        while i < DraughtsKind::ALL.len() {
            all[i] = GameKind::Draughts(DraughtsKind::ALL[i]);
            i += 1;
        }
        all
    };

    /// The stable key of the game (`classic`, …, `chesquerque`).
    pub const fn as_str(self) -> &'static str {
        match self {
            GameKind::Draughts(key) => key.as_str(),
            GameKind::Chesquerque => "chesquerque",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or(UnknownGame {
                draughts_only: false,
            })
    }
}
