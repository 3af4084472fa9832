//! Accounts: what a username may be, passwords hashed with argon2id (the
//! RustCrypto `argon2` crate, its recommended parameters), and session
//! tokens, given to the browser in a cookie and kept here only hashed.
//! No e-mail is asked for.
//!
//! Each hash needs a 19 MiB work area. Allocated afresh for every login,
//! those areas stayed in the allocator's per-thread arenas (600 failed
//! logins held 1 GB for good), so the areas are kept in a small pool and
//! used again: the memory hashing takes is bounded by the hashes computed
//! at once.

pub mod devices;
pub(crate) mod routes;
pub mod users;

use std::ops::RangeInclusive;
use std::sync::{Mutex, OnceLock};

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

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
    /// The refusal it is told as.
    pub fn refusal(self) -> online_play::api::Refusal {
        match self {
            AccountError::BadName => online_play::api::Refusal::BadUsername,
            AccountError::BadPassword => online_play::api::Refusal::BadNewPassword,
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

/// Work areas kept for the next hash (at most this many: as many as the
/// hashes the server computes at once on a machine of a few cores).
const POOLED: usize = 8;

/// The work areas not in use.
static POOL: Mutex<Vec<Vec<Block>>> = Mutex::new(Vec::new());

/// How many work areas were ever made (each lives on in the pool).
static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Runs `work` with a work area of `blocks` blocks: one from the pool when
/// it has one of that size, else a new one; given back to the pool after.
fn with_work_area<T>(blocks: usize, work: impl FnOnce(&mut [Block]) -> T) -> T {
    let pooled = {
        let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
        let found = pool.iter().position(|area| area.len() == blocks);
        found.map(|at| pool.swap_remove(at))
    };
    let mut area = pooled.unwrap_or_else(|| {
        MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        vec![Block::default(); blocks]
    });
    let done = work(&mut area);
    let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
    if pool.len() < POOLED {
        pool.push(area);
    }
    done
}

/// How many argon2 work areas were ever made: bounded by the hashes
/// computed at once, however many logins come (for the tests and the
/// benchmark).
pub fn work_areas_made() -> usize {
    MADE.load(std::sync::atomic::Ordering::Relaxed)
}

/// `password` hashed with `argon2` and `salt` (raw bytes) into `out`, in a
/// pooled work area.
fn hash_into(
    argon2: &Argon2<'_>,
    blocks: usize,
    password: &str,
    salt: &[u8],
    out: &mut [u8],
) -> bool {
    with_work_area(blocks, |area| {
        argon2
            .hash_password_into_with_memory(password.as_bytes(), salt, out, area)
            .is_ok()
    })
}

/// The password's argon2id hash, as a PHC string (`$argon2id$v=19$…`)
/// carrying its own salt and parameters.
pub fn hash_password(password: &str) -> String {
    let salt_bytes = crate::ids::random::<16>();
    let salt = SaltString::encode_b64(&salt_bytes).expect("16 bytes make a valid salt");
    let params = Params::default();
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    let hashed = hash_into(
        &argon2,
        params.block_count(),
        password,
        &salt_bytes,
        &mut out,
    );
    assert!(hashed, "hashing a password of bounded length cannot fail");
    PasswordHash {
        algorithm: argon2::ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).expect("the default parameters"),
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).expect("a 32-byte output")),
    }
    .to_string()
}

/// Whether `password` is the one `stored` was hashed from (a stored hash
/// that does not read is no match). The comparison takes the same time
/// wherever the hashes differ.
pub fn verify_password(password: &str, stored: &str) -> bool {
    let Ok(hash) = PasswordHash::new(stored) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params)) =
        (Algorithm::try_from(hash.algorithm), Params::try_from(&hash))
    else {
        return false;
    };
    let version = hash
        .version
        .and_then(|v| Version::try_from(v).ok())
        .unwrap_or_default();
    let mut salt_bytes = [0u8; 64];
    let Ok(salt_bytes) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let blocks = params.block_count();
    let argon2 = Argon2::new(algorithm, version, params);
    let mut out = vec![0u8; expected.len()];
    hash_into(&argon2, blocks, password, salt_bytes, &mut out)
        && Output::new(&out).is_ok_and(|got| got == expected)
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
    fn hashes_agree_with_the_crates_own_and_reuse_their_work_areas() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        // A hash made the crate's usual way verifies here, and the other
        // way round.
        let salt = SaltString::encode_b64(b"sixteen byte slt").expect("a salt");
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .expect("hashed")
            .to_string();
        assert!(verify_password("correct horse", &theirs));
        assert!(!verify_password("correct horsf", &theirs));
        let ours = hash_password("correct horse");
        let parsed = PasswordHash::new(&ours).expect("a PHC string");
        assert!(Argon2::default()
            .verify_password(b"correct horse", &parsed)
            .is_ok());
        // Many checks in a row make no new work areas.
        let before = work_areas_made();
        for _ in 0..5 {
            assert!(!verify_password("wrong", &ours));
        }
        assert!(work_areas_made() <= before.max(1) + 1);
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
