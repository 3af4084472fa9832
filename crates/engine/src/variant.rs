//! Game keys: the stable names of the games, used in URLs, storage and the
//! command line.

use core::fmt;
use core::str::FromStr;

/// Writes [`GameKey`] from one list of the draughts-family games, each with
/// its key text and its default rule set.
macro_rules! game_keys {
    ($($name:ident => $key:literal, $rules:path;)*) => {
        /// A game of the draughts family (Chesquerque is
        /// [`Variant::Chesquerque`]).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum GameKey {
            $($name,)*
        }

        impl GameKey {
            pub const ALL: [GameKey; [$(GameKey::$name),*].len()] = [$(GameKey::$name),*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(GameKey::$name => $key,)*
                }
            }

            /// The default rule set of the game.
            pub const fn rules(self) -> &'static crate::rules::Rules {
                match self {
                    $(GameKey::$name => &$rules,)*
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
    /// Every game: the draughts family's in [`GameKey::ALL`] order, then
    /// Chesquerque.
    pub const ALL: [Variant; GameKey::ALL.len() + 1] = {
        let mut all = [Variant::Chesquerque; GameKey::ALL.len() + 1];
        let mut i = 0;
        while i < GameKey::ALL.len() {
            all[i] = Variant::Draughts(GameKey::ALL[i]);
            i += 1;
        }
        all
    };

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
