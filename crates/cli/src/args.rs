//! A small argument reader: positionals, `--name value` options (repeatable)
//! and `--flag` switches.

use std::collections::VecDeque;
use std::fmt;

#[derive(Debug)]
pub enum UsageError {
    Missing(&'static str),
    NoValue(String),
    Unexpected(String),
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::Missing(what) => write!(f, "missing <{what}>"),
            UsageError::NoValue(name) => write!(f, "--{name} needs a value"),
            UsageError::Unexpected(arg) => write!(f, "unexpected argument {arg:?}"),
        }
    }
}

#[derive(Debug, Default)]
pub struct Args {
    positionals: VecDeque<String>,
    options: Vec<(String, String)>,
    flags: Vec<String>,
}

impl Args {
    /// Reads `argv`; names in `flags` take no value.
    pub fn parse(argv: &[String], flags: &[&str]) -> Result<Args, UsageError> {
        let mut args = Args::default();
        let mut iter = argv.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if flags.contains(&name) {
                    args.flags.push(name.to_string());
                } else {
                    let value = iter
                        .next()
                        .ok_or_else(|| UsageError::NoValue(name.to_string()))?;
                    args.options.push((name.to_string(), value.clone()));
                }
            } else {
                args.positionals.push_back(arg.clone());
            }
        }
        Ok(args)
    }

    pub fn positional(&mut self) -> Option<String> {
        self.positionals.pop_front()
    }

    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.flags.len();
        self.flags.retain(|f| f != name);
        self.flags.len() != before
    }

    /// The last value given for `--name`.
    pub fn value(&mut self, name: &str) -> Option<String> {
        self.values(name).pop()
    }

    /// Every value given for `--name`, in order.
    pub fn values(&mut self, name: &str) -> Vec<String> {
        let (taken, kept) = std::mem::take(&mut self.options)
            .into_iter()
            .partition(|(n, _)| n == name);
        self.options = kept;
        taken.into_iter().map(|(_, v)| v).collect()
    }

    /// Fails if anything was not consumed.
    pub fn finish(&self) -> Result<(), UsageError> {
        if let Some(p) = self.positionals.front() {
            return Err(UsageError::Unexpected(p.clone()));
        }
        if let Some((name, _)) = self.options.first() {
            return Err(UsageError::Unexpected(format!("--{name}")));
        }
        if let Some(flag) = self.flags.first() {
            return Err(UsageError::Unexpected(format!("--{flag}")));
        }
        Ok(())
    }
}
