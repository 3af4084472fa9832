//! Saving a search's numbers and reading them back, so that a proof can be
//! carried over several runs. A checkpoint holds a header (`ALQP`, the
//! format's version, the game, the attacker, the root's hash, the nodes
//! spent) and then each stored position's hash, proof and disproof numbers,
//! little-endian.

use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use engine::{DraughtsKind, Position, Small};

use crate::{Numbers, Solver};

const MAGIC: &[u8; 4] = b"ALQP";
const VERSION: u8 = 1;

impl Solver<'_> {
    /// Writes the search's numbers for `root` to `path` (whole, under
    /// another name first, so a checkpoint is never half-written).
    pub fn save(&self, root: &Position<Small>, path: &Path) -> io::Result<()> {
        let partial = path.with_extension("partial");
        let mut out = BufWriter::new(fs::File::create(&partial)?);
        out.write_all(MAGIC)?;
        out.write_all(&[
            VERSION,
            game_number(self.game),
            self.attacker.index() as u8,
            0,
        ])?;
        out.write_all(&root.hash().to_le_bytes())?;
        out.write_all(&self.nodes.to_le_bytes())?;
        out.write_all(&(self.numbers.len() as u64).to_le_bytes())?;
        for (hash, numbers) in &self.numbers {
            out.write_all(&hash.to_le_bytes())?;
            out.write_all(&numbers.proof.to_le_bytes())?;
            out.write_all(&numbers.disproof.to_le_bytes())?;
        }
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&partial, path)
    }

    /// Reads back the numbers saved for the same game, attacker and root.
    pub fn resume(&mut self, root: &Position<Small>, path: &Path) -> Result<(), String> {
        let mut bytes = Vec::new();
        fs::File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let bad = |why: &str| format!("{} is not a usable checkpoint: {why}", path.display());
        if bytes.len() < 32 || &bytes[..4] != MAGIC || bytes[4] != VERSION {
            return Err(bad("it does not begin as a checkpoint does"));
        }
        let word = |at: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(b)
        };
        if bytes[5] != game_number(self.game)
            || bytes[6] != self.attacker.index() as u8
            || word(8) != root.hash()
        {
            return Err(bad("it is of another game, attacker or position"));
        }
        let count = word(24) as usize;
        if bytes.len() != 32 + count * 16 {
            return Err(bad("it is cut short"));
        }
        self.nodes = word(16);
        self.numbers.reserve(count);
        for entry in bytes[32..].chunks_exact(16) {
            let mut hash = [0u8; 8];
            hash.copy_from_slice(&entry[..8]);
            let number = |at: usize| {
                u32::from_le_bytes([entry[at], entry[at + 1], entry[at + 2], entry[at + 3]])
            };
            self.numbers.insert(
                u64::from_le_bytes(hash),
                Numbers {
                    proof: number(8),
                    disproof: number(12),
                },
            );
        }
        Ok(())
    }
}

fn game_number(game: DraughtsKind) -> u8 {
    DraughtsKind::ALL
        .iter()
        .position(|&g| g == game)
        .expect("every game is listed") as u8
}
