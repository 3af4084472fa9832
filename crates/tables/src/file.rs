//! Tables on disk: one file per game and material, `<game>-<white>v<black>.tbl`,
//! a 16-byte header (`ALQT`, the format's version, the game's number, the
//! numbers of men, the count of positions) and then each position's code,
//! two bytes, little-endian, in index order.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use engine::DraughtsKind;

use crate::Tables;

const MAGIC: &[u8; 4] = b"ALQT";
const VERSION: u8 = 1;
const HEADER: usize = 16;

/// Why tables could not be read.
#[derive(Debug)]
pub enum LoadError {
    /// No file for a material the position needs.
    Missing { path: PathBuf, men: u32 },
    /// The file could not be read.
    Io { path: PathBuf, error: io::Error },
    /// The file is not a table of this game and material, or is cut short.
    Corrupt { path: PathBuf, why: &'static str },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Missing { path, men } => write!(
                f,
                "{} is missing: the tables of {men} men are not built",
                path.display()
            ),
            LoadError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            LoadError::Corrupt { path, why } => {
                write!(f, "{} is not a usable table: {why}", path.display())
            }
        }
    }
}

impl std::error::Error for LoadError {}

fn game_number(game: DraughtsKind) -> u8 {
    DraughtsKind::ALL
        .iter()
        .position(|&g| g == game)
        .expect("every game is listed") as u8
}

fn file_name(game: DraughtsKind, white: u32, black: u32) -> String {
    alloc::format!("{game}-{white}v{black}.tbl")
}

impl Tables {
    /// Writes every material's table into `dir` (made if missing), and
    /// returns the files written.
    pub fn save(&self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        fs::create_dir_all(dir)?;
        let mut written = Vec::new();
        for (&(white, black), codes) in &self.values {
            let mut bytes = Vec::with_capacity(HEADER + codes.len() * 2);
            bytes.extend_from_slice(MAGIC);
            bytes.extend_from_slice(&[VERSION, game_number(self.game), white as u8, black as u8]);
            bytes.extend_from_slice(&(codes.len() as u64).to_le_bytes());
            for code in codes {
                bytes.extend_from_slice(&code.to_le_bytes());
            }
            let path = dir.join(file_name(self.game, white, black));
            // Written whole under another name first, so a file of the
            // table's name is never half-written.
            let partial = path.with_extension("tbl.partial");
            fs::write(&partial, &bytes)?;
            fs::rename(&partial, &path)?;
            written.push(path);
        }
        Ok(written)
    }

    /// Reads the tables of `game` with up to `men` men from `dir`.
    pub fn load(game: DraughtsKind, men: u32, dir: &Path) -> Result<Tables, LoadError> {
        let mut tables = Tables::new(game).map_err(|_| LoadError::Corrupt {
            path: dir.to_path_buf(),
            why: "the game has no tables",
        })?;
        for (white, black) in Tables::materials(men) {
            tables.read(white, black, dir)?;
        }
        Ok(tables)
    }

    /// Reads every table of `game` that `dir` has, up to the first number
    /// of men with a file missing: at least those of two men.
    pub fn load_available(game: DraughtsKind, dir: &Path) -> Result<Tables, LoadError> {
        let mut tables = Tables::load(game, 2, dir)?;
        for men in 3..=8 {
            let mut more = Tables::new(game).map_err(|_| LoadError::Corrupt {
                path: dir.to_path_buf(),
                why: "the game has no tables",
            })?;
            for (white, black) in Tables::materials(men).filter(|(w, b)| w + b == men) {
                match more.read(white, black, dir) {
                    Ok(()) => {}
                    Err(LoadError::Missing { .. }) => return Ok(tables),
                    Err(error) => return Err(error),
                }
            }
            for ((white, black), codes) in more.values {
                tables.insert(white, black, codes);
            }
        }
        Ok(tables)
    }

    /// Reads one material's table from `dir`.
    fn read(&mut self, white: u32, black: u32, dir: &Path) -> Result<(), LoadError> {
        let game = self.game;
        let path = dir.join(file_name(game, white, black));
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Err(LoadError::Missing {
                    path,
                    men: white + black,
                })
            }
            Err(error) => return Err(LoadError::Io { path, error }),
        };
        let expected = self.material(white, black).size() as usize;
        let corrupt = |why| LoadError::Corrupt {
            path: path.clone(),
            why,
        };
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(corrupt("it does not begin as a table does"));
        }
        if bytes[4] != VERSION {
            return Err(corrupt("it is of another version of the format"));
        }
        if bytes[5..8] != [game_number(game), white as u8, black as u8] {
            return Err(corrupt("it holds another game or material"));
        }
        let mut count = [0u8; 8];
        count.copy_from_slice(&bytes[8..HEADER]);
        if u64::from_le_bytes(count) != expected as u64 || bytes.len() != HEADER + expected * 2 {
            return Err(corrupt("it holds the wrong number of positions"));
        }
        let codes: Vec<u16> = bytes[HEADER..]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        self.insert(white, black, codes);
        Ok(())
    }
}
