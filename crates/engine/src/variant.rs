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
        write_expected(f, GameKey::ALL.map(GameKey::as_str))
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

/// Every game the project plays: the five of the draughts family, which share
/// one generic engine driven by [`crate::Rules`], and Chesquerque, which has
/// its own ([`crate::chess`]). This is where a key from outside (a URL, a
/// saved game, a command line) chooses the code that plays it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    Draughts(GameKey),
    Chesquerque,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Draughts(GameKey::Classic),
        Variant::Draughts(GameKey::Special),
        Variant::Draughts(GameKey::Qirkat),
        Variant::Draughts(GameKey::Bell),
        Variant::Draughts(GameKey::Turkish),
        Variant::Chesquerque,
    ];

    /// The stable key of the game (`classic`, …, `chesquerque`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Draughts(key) => key.as_str(),
            Variant::Chesquerque => "chesquerque",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A key that names none of the six games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UnknownVariant;

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expected(f, Variant::ALL.map(Variant::as_str))
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or(UnknownVariant)
    }
}

/// `unknown game (expected a, b or c)`, from the list of keys itself.
fn write_expected<const N: usize>(f: &mut fmt::Formatter<'_>, keys: [&str; N]) -> fmt::Result {
    f.write_str("unknown game (expected ")?;
    for (i, key) in keys.iter().enumerate() {
        let joint = match i {
            0 => "",
            _ if i + 1 == N => " or ",
            _ => ", ",
        };
        write!(f, "{joint}{key}")?;
    }
    f.write_str(")")
}
