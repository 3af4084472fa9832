//! One language's catalog: reading it and filling in its messages.

use std::collections::HashMap;
use std::fmt;

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

use super::Lang;

/// A message: one text, or a text per plural category.
#[derive(Clone, Debug)]
pub enum Message {
    Text(String),
    Plural(HashMap<String, String>),
}

/// Read by hand rather than as an untagged enum, which would buffer every
/// value and bring float formatting into the page's module for its errors.
impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Message, D::Error> {
        struct Read;
        impl<'de> Visitor<'de> for Read {
            type Value = Message;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a text or an object of plural forms")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Message, E> {
                Ok(Message::Text(text.to_string()))
            }

            fn visit_string<E: de::Error>(self, text: String) -> Result<Message, E> {
                Ok(Message::Text(text))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Message, A::Error> {
                let mut forms = HashMap::new();
                while let Some((category, text)) = map.next_entry::<String, String>()? {
                    forms.insert(category, text);
                }
                Ok(Message::Plural(forms))
            }

            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Message, E> {
                Err(E::custom("a message is a number"))
            }
        }
        deserializer.deserialize_any(Read)
    }
}

/// A language's messages by key.
pub struct Catalog {
    lang: Lang,
    messages: HashMap<String, Message>,
    plurals: PluralRules,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Catalog({}, {} messages)",
            self.lang.code(),
            self.messages.len()
        )
    }
}

/// Why a catalog could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogError(pub String);

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A message's argument.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    Text(&'a str),
    Number(u64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Text(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Text(s)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as u64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize);

/// The plural categories by their names in a catalog.
pub fn category_name(category: PluralCategory) -> &'static str {
    match category {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
    }
}

impl Catalog {
    /// Reads a catalog's JSON text.
    pub fn parse(lang: Lang, text: &str) -> Result<Catalog, CatalogError> {
        let messages: HashMap<String, Message> = serde_json::from_str(text)
            .map_err(|e| CatalogError(format!("the {} catalog is not valid: {e}", lang.code())))?;
        let id = lang
            .code()
            .parse::<unic_langid::LanguageIdentifier>()
            .map_err(|_| CatalogError(format!("no language {}", lang.code())))?;
        let plurals = PluralRules::create(id, PluralRuleType::CARDINAL)
            .map_err(|e| CatalogError(format!("no plural rules for {}: {e}", lang.code())))?;
        Ok(Catalog {
            lang,
            messages,
            plurals,
        })
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// This catalog with `more`'s messages besides (`more`'s win where
    /// both have one).
    #[cfg(any(feature = "full", test))]
    pub fn with(mut self, more: Catalog) -> Catalog {
        self.messages.extend(more.messages);
        self
    }

    /// The keys it has.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.messages.keys().map(String::as_str)
    }

    pub fn message(&self, key: &str) -> Option<&Message> {
        self.messages.get(key)
    }

    /// The plural category of `n` in this language.
    pub fn category(&self, n: u64) -> &'static str {
        self.plurals.select(n).map_or("other", category_name)
    }

    /// The message `key` with its placeholders filled; none if it lacks the
    /// key (or, for a plural message, the form `n` needs and `other`).
    pub fn format(&self, key: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
        let pattern = match self.messages.get(key)? {
            Message::Text(text) => text,
            Message::Plural(forms) => {
                let n = args.iter().find_map(|(name, arg)| match (name, arg) {
                    (&"n", Arg::Number(n)) => Some(*n),
                    _ => None,
                });
                let category = n.map_or("other", |n| self.category(n));
                forms.get(category).or_else(|| forms.get("other"))?
            }
        };
        Some(fill(pattern, args))
    }
}

/// A pattern with each `{name}` replaced by its argument; a placeholder
/// without one is left as written.
pub fn fill(pattern: &str, args: &[(&str, Arg<'_>)]) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            rest = &rest[open..];
            break;
        };
        let name = &after[..close];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, Arg::Text(s))) => out.push_str(s),
            Some((_, Arg::Number(n))) => out.push_str(&n.to_string()),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The placeholders a pattern uses.
#[cfg(test)]
pub fn placeholders(pattern: &str) -> Vec<&str> {
    let mut names: Vec<&str> = pattern
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| name))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}
