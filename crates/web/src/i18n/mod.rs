//! The page's words in six languages. Each language is a catalog
//! (`www/lang/<code>.json`): a flat object from message keys to texts with
//! `{name}` placeholders, or, for a text that counts something, to its
//! CLDR plural forms (`{"one": …, "few": …, "other": …}`) chosen by the
//! argument `n`. English is built in; the others are fetched when chosen.
//!
//! The catalog in use is the thread's (the page has one thread): [`t!`]
//! reads it, [`install`] changes it. A key a catalog lacks falls back to
//! English.

mod catalog;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::rc::Rc;

pub use catalog::{Arg, Catalog, CatalogError};

/// The interface's languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Es,
    Fr,
    Tr,
    Ar,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 6] = [Lang::En, Lang::Es, Lang::Fr, Lang::Tr, Lang::Ar, Lang::Ru];

    /// The language's code (BCP 47), as in `?lang=` and `<html lang>`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::Tr => "tr",
            Lang::Ar => "ar",
            Lang::Ru => "ru",
        }
    }

    /// The language a tag names, by its primary subtag: `es-MX` is Spanish.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The writing direction (`dir`).
    pub const fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            _ => "ltr",
        }
    }

    /// The language shown: the URL's `?lang=` first, then the one chosen
    /// before, then the first of the browser's preferred languages the page
    /// has, else English.
    pub fn choose(query: Option<&str>, stored: Option<&str>, preferred: &[String]) -> Lang {
        query
            .and_then(Lang::from_tag)
            .or_else(|| stored.and_then(Lang::from_tag))
            .or_else(|| preferred.iter().find_map(|t| Lang::from_tag(t)))
            .unwrap_or(Lang::En)
    }
}

/// The built-in English: with, in the whole app, the messages only it
/// shows (its online screens, `en-full.json`), which the light module does
/// without. Other languages' catalogs, fetched when chosen, hold every
/// message.
fn built_in_english() -> Result<Catalog, catalog::CatalogError> {
    let english = Catalog::parse(Lang::En, include_str!("../../../../www/lang/en.json"))?;
    #[cfg(feature = "full")]
    let english = english.with(Catalog::parse(
        Lang::En,
        include_str!("../../../../www/lang/en-full.json"),
    )?);
    Ok(english)
}

thread_local! {
    static ENGLISH: Rc<Catalog> = Rc::new(
        built_in_english().expect("the English catalog is valid (tested)"),
    );
    static CURRENT: RefCell<Option<Rc<Catalog>>> = const { RefCell::new(None) };
}

/// The built-in English catalog.
pub fn english() -> Rc<Catalog> {
    ENGLISH.with(Rc::clone)
}

/// Uses `catalog` from now on.
pub fn install(catalog: Catalog) {
    CURRENT.with(|c| c.replace((catalog.lang() != Lang::En).then(|| Rc::new(catalog))));
}

/// Goes back to the built-in English.
pub fn use_english() {
    CURRENT.with(|c| c.replace(None));
}

/// The language in use.
pub fn current() -> Lang {
    CURRENT.with(|c| c.borrow().as_ref().map_or(Lang::En, |c| c.lang()))
}

/// The message `key` in the language in use, with its arguments; the
/// English one if that catalog lacks it. Use [`t!`].
pub fn text(key: &str, args: &[(&str, Arg<'_>)]) -> String {
    let found = CURRENT.with(|c| c.borrow().as_ref().and_then(|c| c.format(key, args)));
    found
        .or_else(|| ENGLISH.with(|e| e.format(key, args)))
        .unwrap_or_else(|| {
            debug_assert!(false, "no English message {key:?}");
            key.to_string()
        })
}

/// A message in the language in use: `t!("your-turn")`,
/// `t!("white-played", move = text)`. An argument named `n` picks a plural
/// form.
#[macro_export]
macro_rules! t {
    ($key:expr) => {
        $crate::i18n::text($key, &[])
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text($key, &[$((stringify!($name), $crate::i18n::Arg::from($value))),+])
    };
}

/// Picks White's or Black's form of a message: `by_side(side, "white-x",
/// "black-x")`.
pub fn by_side(side: engine::Side, white: &'static str, black: &'static str) -> &'static str {
    match side {
        engine::Side::White => white,
        engine::Side::Black => black,
    }
}
