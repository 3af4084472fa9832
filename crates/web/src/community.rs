//! The lobby's words and checks: names, ratings and clocks as the lists
//! show them, rule options, and the shapes of what a person types before
//! it is sent. The server's answers themselves are [`online_play::api`]'s
//! types, read by [`crate::api`].

use online_play::api::Rating;

use crate::t;

/// A rating in words: `1500`, or `1500?` while provisional.
pub fn rating_words(rating: &Rating) -> String {
    let mark = if rating.provisional { "?" } else { "" };
    format!("{}{mark}", rating.value)
}

/// The rule options the lobby offers: the record header's words, the games
/// they are for, and their catalog key (docs/rules.md, "Rule options").
pub const RULE_OPTIONS: [(&str, &[&str], &str); 2] = [
    (
        "option queen_lands=any",
        &["turkish"],
        "option-queen-anywhere",
    ),
    (
        "option no_return=off",
        &["qirkat", "bell"],
        "option-men-return",
    ),
];

/// The record header of `game` with the rule option `option` (empty for
/// none): refused in words when the option is not one of that game's.
pub fn with_options(game: &str, option: &str) -> Result<String, String> {
    if option.is_empty() {
        return Ok(game.to_string());
    }
    match RULE_OPTIONS.iter().find(|(words, _, _)| *words == option) {
        Some((_, games, _)) if games.contains(&game) => Ok(format!("{game} {option}")),
        _ => Err(t!("option-not-here")),
    }
}

/// A player's name as a game gave it, in words: a guest's marked so
/// ("Ana (guest)"), an account's as it is. In kid mode (`kid`) a guest's
/// name, typed freely and seen by no moderator, is not shown.
pub fn shown_name(name: &str, kid: bool) -> String {
    match online_play::shown_name(name) {
        (_, true) if kid => crate::t!("a-guest"),
        (guest, true) => format!("{guest} ({})", crate::t!("guest")),
        (account, false) => account.to_string(),
    }
}

/// A moment (seconds since the epoch) as the safety screens give it, the
/// same for every reader: `2026-11-27 22:10 UTC`.
pub fn utc_time(seconds: i64) -> String {
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    // Howard Hinnant's days-to-civil, on the proleptic Gregorian calendar.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest / 60 % 60
    )
}

/// A game's name from its record header: the game's own name, and its rule
/// options in words ("+" for one the page has no words for).
pub fn game_name(header: &str) -> String {
    let mut words = header.split_whitespace();
    let first = words.next().unwrap_or_default();
    let Ok(kind) = first.parse::<engine::GameKind>() else {
        return header.to_string();
    };
    let name = crate::words::game_name(kind);
    let rest = words.collect::<Vec<_>>().join(" ");
    if rest.is_empty() {
        return name;
    }
    match RULE_OPTIONS.iter().find(|(words, _, _)| *words == rest) {
        Some((_, _, key)) => format!("{name} ({})", t!(key)),
        None => format!("{name} +"),
    }
}

/// Time on a clock, as the lists show it: `4:05`, `1:02:03`, or days and
/// hours for a correspondence game (`2d 3h`).
pub fn time_left(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    let (d, h, m, s) = (
        seconds / 86_400,
        seconds / 3600 % 24,
        seconds / 60 % 60,
        seconds % 60,
    );
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A seat token of the page's making (32 hex digits) from 128 random bits.
pub fn seat_token(bits: [u64; 2]) -> String {
    format!("{:016x}{:016x}", bits[0], bits[1])
}

/// A guest's name, as the server takes it: 2 to 20 letters, digits,
/// spaces, `_` or `-`; none otherwise.
pub fn guest_name(name: &str) -> Option<String> {
    let name = name.trim();
    let fits = (2..=20).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-');
    fits.then(|| name.to_string())
}

/// Checks a name and password before they are sent: a username has 3 to
/// 20 letters, digits, `_` or `-` and starts with a letter; a new
/// password has 8 to 128 characters (an old one is the server's to judge).
pub fn account_shape(name: &str, password: &str, register: bool) -> Result<(), String> {
    let mut chars = name.chars();
    let fits = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && (3..=20).contains(&name.len());
    if !fits {
        return Err(t!("account-name-shape"));
    }
    let length = password.chars().count();
    if (register && !(8..=128).contains(&length)) || length == 0 {
        return Err(t!("password-shape"));
    }
    Ok(())
}

/// A rating range as typed (`1300-1700`): none for an empty field, an
/// error for anything else.
pub fn rating_range(text: &str) -> Result<Option<(i32, i32)>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || t!("range-shape");
    let (low, high) = text.split_once('-').ok_or_else(bad)?;
    let low: i32 = low.trim().parse().map_err(|_| bad())?;
    let high: i32 = high.trim().parse().map_err(|_| bad())?;
    if low > high || !(0..=4000).contains(&low) || !(0..=4000).contains(&high) {
        return Err(bad());
    }
    Ok(Some((low, high)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_told_in_utc() {
        assert_eq!(utc_time(0), "1970-01-01 00:00 UTC");
        // 2026-11-27 22:10:59 UTC, as `date -d @1795817459 -u` says.
        assert_eq!(utc_time(1_795_817_459), "2026-11-27 22:10 UTC");
        // A leap day, and the last minute of a year.
        assert_eq!(utc_time(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_time(1_735_689_599), "2024-12-31 23:59 UTC");
        // Day by day over 1 000 years, the date moves on by exactly one.
        let mut last = String::new();
        for day in (0..365_250).step_by(97) {
            let text = utc_time(day * 86_400);
            assert!(text > last, "{text} after {last}");
            last = text;
        }
    }

    #[test]
    fn a_guest_is_not_named_in_kid_mode() {
        let guest = online_play::guest_shown("Rude words");
        assert!(shown_name(&guest, false).starts_with("Rude words"));
        assert!(!shown_name(&guest, true).contains("Rude"));
        assert_eq!(shown_name("Ana", true), "Ana");
    }

    #[test]
    fn a_rating_is_marked_while_provisional() {
        let rating = |value, provisional| Rating { value, provisional };
        assert_eq!(rating_words(&rating(1500, true)), "1500?");
        assert_eq!(rating_words(&rating(1842, false)), "1842");
    }

    #[test]
    fn clocks_names_tokens_and_ranges_read_as_players_expect() {
        assert_eq!(time_left(65_000), "1:05");
        assert_eq!(time_left(64_001), "1:05");
        assert_eq!(time_left(3_723_000), "1:02:03");
        assert_eq!(time_left(2 * 86_400_000 + 3 * 3_600_000), "2d 3h");
        assert_eq!(seat_token([1, u64::MAX]).len(), 32);
        assert_eq!(guest_name("  Ana B "), Some("Ana B".to_string()));
        assert_eq!(guest_name("x"), None);
        assert_eq!(guest_name("<script>"), None);
        assert!(account_shape("ana_b", "a long secret", true).is_ok());
        assert!(account_shape("1ana", "a long secret", true).is_err());
        assert!(account_shape("an", "a long secret", true).is_err());
        assert!(account_shape("ana", "short", true).is_err());
        assert!(account_shape("ana", "short", false).is_ok());
        assert!(account_shape("ana", "", false).is_err());
        assert_eq!(rating_range(""), Ok(None));
        assert_eq!(rating_range("1300 - 1700"), Ok(Some((1300, 1700))));
        assert!(rating_range("1700-1300").is_err());
        assert!(rating_range("lots").is_err());
        assert_eq!(game_name("classic"), "Classic");
        assert_eq!(game_name("turkish [Opening \"x\"]"), "Turkish draughts +");
        assert_eq!(
            game_name("turkish option queen_lands=any"),
            "Turkish draughts (a capturing queen lands anywhere)"
        );
        assert_eq!(
            with_options("bell", "option no_return=off").as_deref(),
            Ok("bell option no_return=off")
        );
        assert_eq!(with_options("bell", "").as_deref(), Ok("bell"));
        assert!(with_options("classic", "option no_return=off").is_err());
        assert!(with_options("bell", "option anything=goes").is_err());
    }
}
