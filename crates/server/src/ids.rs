//! Identities: public game ids, secret seat tokens (stored only hashed) and
//! join codes.

use online_play::JoinCode;
use sha2::{Digest, Sha256};

/// Random bits from the operating system.
pub(crate) fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // Without the system's randomness there is no safe token to give out.
    getrandom::fill(&mut bytes).expect("the system's random number source");
    bytes
}

const BASE32: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// A public game id: ten base32 characters (50 random bits).
pub fn game_id() -> String {
    random::<10>()
        .iter()
        .map(|b| BASE32[usize::from(b & 31)] as char)
        .collect()
}

/// A fair coin (who plays White when a player leaves it to chance).
pub fn coin() -> bool {
    random::<1>()[0] % 2 == 0
}

/// A seat token: 128 random bits, as 32 hex digits.
pub fn seat_token() -> String {
    random::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

/// What the server keeps of a seat token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

pub fn join_code() -> JoinCode {
    JoinCode::from_bits(u64::from_le_bytes(random::<8>()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_tokens_and_codes_have_their_forms() {
        let id = game_id();
        assert_eq!(id.len(), 10);
        assert!(id.bytes().all(|b| BASE32.contains(&b)));
        assert_ne!(game_id(), id);
        let token = seat_token();
        assert_eq!(token.len(), 32);
        assert_ne!(token_hash(&token), token);
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_eq!(token_hash(&token).len(), 64);
        let code = join_code();
        assert_eq!(code.to_string().parse(), Ok(code));
    }
}
