//! An outside program speaking the engine protocol (docs/protocol.md),
//! started with `sh -c`: asked for a turn, it answers `bestmove <turn>`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// An outside program speaking the engine protocol.
pub struct Program {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Program {
    pub fn start(command: &str) -> Result<Program, String> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no input to the program")?;
        let output = BufReader::new(child.stdout.take().ok_or("no output from the program")?);
        Ok(Program {
            child,
            input,
            output,
        })
    }

    /// Asks for a turn: `position <game> [option <name=value>]... [moves ...]`,
    /// then `go`; the answer is `bestmove <turn>`.
    pub fn ask(&mut self, position: &str) -> Result<String, String> {
        writeln!(self.input, "{position}\ngo")
            .map_err(|e| format!("the program stopped reading: {e}"))?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            if read == 0 {
                return Err("the program ended without an answer".to_string());
            }
            if let Some(turn) = line.trim().strip_prefix("bestmove ") {
                return Ok(turn.to_string());
            }
            if let Some(why) = line.trim().strip_prefix("error ") {
                return Err(format!("the program says: {why}"));
            }
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}
