//! Accounts: what a username may be, passwords hashed with argon2id (the
//! RustCrypto `argon2` crate, its recommended parameters), and session
//! tokens, given to the browser in a cookie and kept here only hashed.
//! No e-mail is asked for.

use std::ops::RangeInclusive;
use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// Characters in a username.
pub const NAME_LENGTH: RangeInclusive<usize> = 3..=20;
/// Characters in a password: long enough to matter, short enough that
/// hashing one costs a known time.
pub const PASSWORD_LENGTH: RangeInclusive<usize> = 8..=128;

/// Why an account request was refused (each says so in words the page
/// shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountError {
    /// Not a username: 3 to 20 letters, digits, `_` or `-`, starting with
    /// a letter.
    BadName,
    /// A password of 8 to 128 characters.
    BadPassword,
}

impl AccountError {
    pub fn message(self) -> &'static str {
        match self {
            AccountError::BadName => {
                "a username has 3 to 20 letters, digits, _ or -, and starts with a letter"
            }
            AccountError::BadPassword => "a password has 8 to 128 characters",
        }
    }
}

/// The key a username is known by: names differ by more than case, so
/// `Ana` and `ana` are one player.
pub fn name_key(name: &str) -> Result<String, AccountError> {
    let mut chars = name.chars();
    let first_is_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_allowed = chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !first_is_letter || !rest_allowed || !NAME_LENGTH.contains(&name.len()) {
        return Err(AccountError::BadName);
    }
    Ok(name.to_ascii_lowercase())
}

/// Checks a new password's length.
pub fn check_password(password: &str) -> Result<(), AccountError> {
    if PASSWORD_LENGTH.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(AccountError::BadPassword)
    }
}

/// The password's argon2id hash, as a PHC string (`$argon2id$v=19$…`)
/// carrying its own salt and parameters.
pub fn hash_password(password: &str) -> String {
    let salt =
        SaltString::encode_b64(&crate::ids::random::<16>()).expect("16 bytes make a valid salt");
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("hashing a password of bounded length cannot fail")
        .to_string()
}

/// Whether `password` is the one `stored` was hashed from (a stored hash
/// that does not read is no match).
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

/// Spends the time of a password check and fails: what a login with an
/// unknown username does, so that the answer's timing does not tell
/// whether the username exists.
pub fn verify_nobody(password: &str) -> bool {
    static NOBODY: OnceLock<String> = OnceLock::new();
    let stored = NOBODY.get_or_init(|| hash_password(&crate::ids::seat_token()));
    verify_password(password, stored);
    false
}

/// A new session token for the cookie, and what is stored of it.
pub fn session_token() -> (String, String) {
    let token = crate::ids::seat_token();
    let hash = crate::ids::token_hash(&token);
    (token, hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_have_one_form_and_ignore_case() {
        assert_eq!(name_key("Ana_B-2").as_deref(), Ok("ana_b-2"));
        assert_eq!(name_key("ANA"), name_key("ana"));
        let long = "a".repeat(21);
        for bad in [
            "",
            "ab",
            "2ana",
            "_ana",
            "an a",
            "ana!",
            "ánа",
            long.as_str(),
        ] {
            assert_eq!(name_key(bad), Err(AccountError::BadName), "{bad:?}");
        }
        assert!(name_key(&"a".repeat(20)).is_ok());
    }

    #[test]
    fn passwords_are_checked_for_length() {
        assert_eq!(check_password("seven77"), Err(AccountError::BadPassword));
        assert_eq!(check_password("eight888"), Ok(()));
        assert_eq!(
            check_password(&"x".repeat(129)),
            Err(AccountError::BadPassword)
        );
    }

    #[test]
    fn hashes_are_argon2id_salted_and_verify_only_their_password() {
        let stored = hash_password("correct horse");
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(!stored.contains("correct horse"));
        // A new salt each time.
        assert_ne!(hash_password("correct horse"), stored);
        assert!(verify_password("correct horse", &stored));
        assert!(!verify_password("correct horsE", &stored));
        assert!(!verify_password("correct horse", "not a hash"));
        assert!(!verify_nobody("correct horse"));
    }

    #[test]
    fn session_tokens_are_stored_hashed() {
        let (token, stored) = session_token();
        assert_eq!(token.len(), 32);
        assert_ne!(token, stored);
        assert_eq!(crate::ids::token_hash(&token), stored);
        assert_ne!(session_token().0, token);
    }
}
