//! What the commands' options share: the game (`--variant`), the position (`--fen`), and
//! numbers read within their ranges, refused in words that name the option and its range.

use clap::Args;
use dama::{Position, Variant};
use std::fmt::{self, Display};
use std::ops::RangeInclusive;
use std::str::FromStr;

/// `--variant GAME`: the game, Italian when not given.
#[derive(Args, Clone, Copy, Debug)]
pub struct GameArg {
    /// The game: italian or brazilian (or 22 and 26, their PDN game types)
    #[arg(long = "variant", value_name = "GAME", default_value = "italian")]
    pub variant: Variant,
}

/// `--fen FEN`: a position, the start when not given.
#[derive(Args, Clone, Debug)]
pub struct FenArg {
    /// The position, a FEN in the game's numbering (default: the start)
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
}

impl FenArg {
    /// The position in `variant`'s numbering, or its start.
    pub fn position(&self, variant: Variant) -> Result<Position, String> {
        match &self.fen {
            Some(f) => dama::fen::parse(variant, f).map_err(|e| e.to_string()),
            None => Ok(Position::start(variant)),
        }
    }
}

/// The parser of an option's number within `range` (`value_parser = within(1..=64)`): anything
/// else (not a number of the kind, NaN, an infinity, out of range) is refused.
pub fn within<T>(
    range: RangeInclusive<T>,
) -> impl Fn(&str) -> Result<T, BadNumber> + Clone + Send + Sync + 'static
where
    T: FromStr + PartialOrd + Display + Clone + Send + Sync + 'static,
{
    move |text| match text.parse::<T>() {
        Ok(x) if range.contains(&x) => Ok(x),
        parsed => Err(BadNumber {
            text: text.to_string(),
            range: Some((range.start().to_string(), range.end().to_string())),
            parsed: parsed.is_ok(),
        }),
    }
}

/// The parser of an option whose every value of `T` is meaningful (a seed):
/// `value_parser = number::<u64>`.
pub fn number<T: FromStr>(text: &str) -> Result<T, BadNumber> {
    text.parse().map_err(|_| BadNumber {
        text: text.to_string(),
        range: None,
        parsed: false,
    })
}

/// A value refused by [`within`] or [`number`]. It reads after the option's name, which the
/// parser is not told: the command line's refusal puts the two together ("--depth must be 0 to
/// 20, got \"21\"").
#[derive(Debug)]
pub struct BadNumber {
    text: String,
    /// The lowest and highest values allowed, if the type does not bound them alone.
    range: Option<(String, String)>,
    /// A number of the kind, out of the range.
    parsed: bool,
}

impl Display for BadNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match (&self.range, self.parsed) {
            (Some((lo, hi)), true) => write!(f, "must be {lo} to {hi}, got {text:?}"),
            (Some((lo, hi)), false) => {
                write!(f, "expects a number from {lo} to {hi}, got {text:?}")
            }
            (None, _) => write!(f, "expects a number, got {text:?}"),
        }
    }
}

impl std::error::Error for BadNumber {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_within_their_range() {
        let depth = within(0u32..=20);
        assert_eq!(depth("20").unwrap(), 20);
        assert_eq!(
            depth("21").unwrap_err().to_string(),
            "must be 0 to 20, got \"21\""
        );
        assert_eq!(
            depth("-1").unwrap_err().to_string(),
            "expects a number from 0 to 20, got \"-1\""
        );
        let time = within(1.0f64..=3_600_000.0);
        for bad in ["nan", "inf", "-inf", "0", "1e300"] {
            assert!(time(bad).is_err(), "{bad}");
        }
        assert_eq!(number::<u64>("7").unwrap(), 7);
        assert_eq!(
            number::<u64>("x").unwrap_err().to_string(),
            "expects a number, got \"x\""
        );
    }
}
