//! The `name=value` arguments of a command line, and the bounded reading of numbers.

use super::MAX_SECONDS;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The `name=value` arguments of a command line (flags have no value), as both ends of the
/// protocol read them.
pub struct Command {
    args: Vec<(String, Option<String>)>,
}

impl Command {
    /// The command word of a line, and the rest.
    pub fn split(line: &str) -> Option<(&str, &str)> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(line.split_once(char::is_whitespace).unwrap_or((line, "")))
    }

    /// Reads the arguments of a command: `name`, `name=value` or `name="value with spaces"`.
    pub fn parse(rest: &str) -> Result<Command, String> {
        let mut args = Vec::new();
        let mut chars = rest.chars().peekable();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            let mut key = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '=' {
                    break;
                }
                key.push(c);
                chars.next();
            }
            if chars.peek() != Some(&'=') {
                args.push((key, None));
                continue;
            }
            chars.next();
            let mut value = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '"' {
                        closed = true;
                        break;
                    }
                    value.push(c);
                }
                if !closed {
                    return Err(format!("unterminated quote in argument {key:?}"));
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
            args.push((key, Some(value)));
        }
        Ok(Command { args })
    }

    /// Whether the argument `name` was given, with a value or not.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// The value of `name=value`, if given with a value.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// A number argument within `range`, if given; anything else (no number, NaN, an
    /// infinity, out of range) is refused with a message naming the argument and its range.
    pub(super) fn number_in<T>(
        &self,
        name: &str,
        range: RangeInclusive<T>,
    ) -> Result<Option<T>, String>
    where
        T: FromStr + PartialOrd + Display,
    {
        match self.get(name) {
            None if self.has(name) => Err(format!("{name} needs a value")),
            None => Ok(None),
            Some(v) => bounded(name, v, &range).map(Some),
        }
    }

    /// A time in seconds: 0 to [`MAX_SECONDS`].
    pub(super) fn seconds(&self, name: &str) -> Result<Option<f64>, String> {
        self.number_in(name, 0.0..=MAX_SECONDS)
    }
}

/// `text`, the value of `name`, as a number within `range`, or a message naming both.
pub(super) fn bounded<T>(name: &str, text: &str, range: &RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    match text.parse::<T>() {
        Ok(x) if range.contains(&x) => Ok(x),
        _ => Err(format!(
            "{name} must be {} to {}, got {text:?}",
            range.start(),
            range.end()
        )),
    }
}
