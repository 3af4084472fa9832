//! Join codes: six Crockford base32 characters (no I, L, O or U), shown as
//! `K7Q-4MZ`, read in any case, with or without the dash.

use std::fmt;
use std::str::FromStr;

/// The 32 characters of a join code.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LEN: usize = 6;

/// A join code.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct JoinCode([u8; LEN]);

/// Why text is not a join code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum JoinCodeError {
    /// Not six characters once the dash and spaces are set aside.
    Length,
    /// A character outside the code's alphabet.
    Character(char),
}

impl fmt::Display for JoinCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JoinCodeError::Length => f.write_str("a game code has six letters and digits"),
            JoinCodeError::Character(c) => write!(f, "{c:?} is not used in game codes"),
        }
    }
}

impl std::error::Error for JoinCodeError {}

impl JoinCode {
    /// The code made of the low five bits of each of `bits`' first six
    /// 5-bit groups (for a code drawn from random bits).
    pub fn from_bits(bits: u64) -> JoinCode {
        let mut code = [0u8; LEN];
        for (i, c) in code.iter_mut().enumerate() {
            *c = ALPHABET[((bits >> (5 * i)) & 31) as usize];
        }
        JoinCode(code)
    }

    /// The code without its dash, as stored.
    pub fn as_compact(&self) -> String {
        self.0.iter().map(|&b| b as char).collect()
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.as_compact();
        write!(f, "{}-{}", &s[..3], &s[3..])
    }
}

impl FromStr for JoinCode {
    type Err = JoinCodeError;

    fn from_str(text: &str) -> Result<JoinCode, JoinCodeError> {
        let mut code = [0u8; LEN];
        let mut n = 0;
        for c in text.chars().filter(|c| !matches!(c, '-' | ' ')) {
            let upper = c.to_ascii_uppercase();
            // Crockford's reading of the letters that look like digits.
            let upper = match upper {
                'O' => '0',
                'I' | 'L' => '1',
                other => other,
            };
            if !upper.is_ascii() || !ALPHABET.contains(&(upper as u8)) {
                return Err(JoinCodeError::Character(c));
            }
            if n == LEN {
                return Err(JoinCodeError::Length);
            }
            code[n] = upper as u8;
            n += 1;
        }
        if n != LEN {
            return Err(JoinCodeError::Length);
        }
        Ok(JoinCode(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_in_any_case_with_or_without_the_dash() {
        let code: JoinCode = "K7Q-4MZ".parse().expect("a code");
        assert_eq!(code.to_string(), "K7Q-4MZ");
        assert_eq!("k7q4mz".parse(), Ok(code));
        assert_eq!(" k7q 4mz ".parse(), Ok(code));
        assert_eq!(code.as_compact(), "K7Q4MZ");
        // Letters that look like digits read as the digits.
        assert_eq!(
            "O1L-ABC".parse::<JoinCode>().map(|c| c.as_compact()),
            Ok("011ABC".to_string())
        );
    }

    #[test]
    fn bad_codes_say_why() {
        assert_eq!("K7Q-4M".parse::<JoinCode>(), Err(JoinCodeError::Length));
        assert_eq!("K7Q-4MZZ".parse::<JoinCode>(), Err(JoinCodeError::Length));
        assert_eq!(
            "K7Q-4MU".parse::<JoinCode>(),
            Err(JoinCodeError::Character('U'))
        );
        assert_eq!(
            "K7Q-4Mé".parse::<JoinCode>(),
            Err(JoinCodeError::Character('é'))
        );
        assert_eq!("".parse::<JoinCode>(), Err(JoinCodeError::Length));
    }

    #[test]
    fn codes_from_bits_use_only_the_alphabet_and_read_back() {
        for bits in [0, 1, u64::MAX, 0x0123_4567_89AB_CDEF, 31 << 25] {
            let code = JoinCode::from_bits(bits);
            assert_eq!(code.to_string().parse(), Ok(code));
            assert!(code.as_compact().bytes().all(|b| ALPHABET.contains(&b)));
        }
    }
}
