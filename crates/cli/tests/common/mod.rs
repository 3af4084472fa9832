//! What the command-line tests share: running the binary and reading its
//! output.

use std::process::{Command, Output};

/// Runs `alquerque` with these arguments.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alquerque"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Output as trimmed text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).trim().to_string()
}
