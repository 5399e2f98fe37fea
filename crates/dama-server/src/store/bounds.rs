//! The bounds on every input the store takes, checked before the database sees it.

use super::error::Invalid;

/// A name's length, in characters (lichess's bounds).
pub const NAME_LEN: (usize, usize) = (2, 20);
/// A password's length, in bytes: at least 8 (NIST's minimum), at most 256 so that hashing a
/// pasted book costs no more than hashing a password.
pub const PASSWORD_LEN: (usize, usize) = (8, 256);
/// A move's text, in bytes: the longest capture on 8x8 takes 12 pieces, 13 squares of at most
/// 2 characters and 12 separators (38 bytes), with room for a comment-free margin.
pub const MOVE_TEXT_MAX: usize = 64;
/// How a game ended: a short lowercase identifier.
pub const ENDED_BY_MAX: usize = 32;
/// The most games one listing returns.
pub const LIST_MAX: u32 = 100;
/// The longest time control's base or increment: a day, in milliseconds.
pub const TIME_CONTROL_MAX_MS: u64 = 86_400_000;
/// The most games listed as live again at once after the bus came back (a million).
pub const LIVE_MAX: i64 = 1_000_000;

/// A player's name (account or anonymous): ASCII letters, digits, `_` and `-`, starting with a
/// letter or digit. ASCII only, so that "unique in any case" is plain lowercasing and no two
/// names look alike in another script.
pub fn name(s: &str) -> Result<&str, Invalid> {
    let (min, max) = NAME_LEN;
    if !(min..=max).contains(&s.len()) {
        return Err(Invalid::NameLength { min, max });
    }
    let first_ok = s.starts_with(|c: char| c.is_ascii_alphanumeric());
    if !first_ok
        || !s
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(Invalid::NameCharacters);
    }
    Ok(s)
}

/// A password: any characters, within [`PASSWORD_LEN`].
pub fn password(s: &str) -> Result<&str, Invalid> {
    let (min, max) = PASSWORD_LEN;
    if (min..=max).contains(&s.len()) {
        Ok(s)
    } else {
        Err(Invalid::PasswordLength { min, max })
    }
}

/// A move's text: 1 to [`MOVE_TEXT_MAX`] printable ASCII characters (the core's notation).
pub fn move_text(s: &str) -> Result<&str, Invalid> {
    if (1..=MOVE_TEXT_MAX).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(s)
    } else {
        Err(Invalid::MoveText { max: MOVE_TEXT_MAX })
    }
}

/// How a game ended: 1 to [`ENDED_BY_MAX`] lowercase letters and `-` (the core's reason ids,
/// such as `king-moves`, and the server's own, such as `abort`).
pub fn ended_by(s: &str) -> Result<&str, Invalid> {
    if (1..=ENDED_BY_MAX).contains(&s.len())
        && s.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
    {
        Ok(s)
    } else {
        Err(Invalid::EndedBy)
    }
}

/// A count, time or ply that must fit a BIGINT column and lie in `0..=max`.
pub fn number(what: &'static str, v: u64, max: u64) -> Result<i64, Invalid> {
    if v <= max {
        i64::try_from(v).map_err(|_| Invalid::Number(what))
    } else {
        Err(Invalid::Number(what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(name("Tommaso_64"), Ok("Tommaso_64"));
        assert_eq!(name("a"), Err(Invalid::NameLength { min: 2, max: 20 }));
        assert_eq!(
            name(&"a".repeat(21)),
            Err(Invalid::NameLength { min: 2, max: 20 })
        );
        assert_eq!(name("_lead"), Err(Invalid::NameCharacters));
        assert_eq!(name("two words"), Err(Invalid::NameCharacters));
        assert_eq!(name("Niccolò"), Err(Invalid::NameCharacters));
        assert_eq!(name("[deleted]"), Err(Invalid::NameCharacters));
    }

    #[test]
    fn passwords_moves_and_reasons() {
        assert!(password("1234567").is_err());
        assert!(password("12345678").is_ok());
        assert!(password(&"x".repeat(257)).is_err());
        assert_eq!(move_text("21x14x7"), Ok("21x14x7"));
        assert!(move_text("").is_err());
        assert!(move_text("c3 d4").is_err());
        assert!(move_text(&"1".repeat(65)).is_err());
        assert_eq!(ended_by("king-moves"), Ok("king-moves"));
        assert!(ended_by("Time").is_err());
        assert!(ended_by("").is_err());
        assert_eq!(number("ply", 5, 10), Ok(5));
        assert_eq!(number("ply", 11, 10), Err(Invalid::Number("ply")));
        assert_eq!(
            number("ply", u64::MAX, u64::MAX),
            Err(Invalid::Number("ply"))
        );
    }
}
