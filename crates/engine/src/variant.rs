//! Game keys: the stable names of the games, used in URLs, storage and the
//! command line.

use core::fmt;
use core::str::FromStr;

/// A game the project plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameKey {
    Classic,
    Special,
    Qirkat,
    Bell,
    Turkish,
}

impl GameKey {
    pub const ALL: [GameKey; 5] = [
        GameKey::Classic,
        GameKey::Special,
        GameKey::Qirkat,
        GameKey::Bell,
        GameKey::Turkish,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            GameKey::Classic => "classic",
            GameKey::Special => "special",
            GameKey::Qirkat => "qirkat",
            GameKey::Bell => "bell",
            GameKey::Turkish => "turkish",
        }
    }

    /// The default rule set of the game.
    pub fn rules(self) -> &'static crate::rules::Rules {
        match self {
            GameKey::Classic => &crate::rules::CLASSIC,
            GameKey::Special => &crate::rules::SPECIAL,
            GameKey::Qirkat => &crate::rules::QIRKAT,
            GameKey::Bell => &crate::rules::BELL,
            GameKey::Turkish => &crate::rules::TURKISH,
        }
    }
}

impl fmt::Display for GameKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game key that names no game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UnknownGame;

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown game (expected classic, special, qirkat, bell or turkish)")
    }
}

impl FromStr for GameKey {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKey, UnknownGame> {
        GameKey::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or(UnknownGame)
    }
}
