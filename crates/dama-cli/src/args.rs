//! A small option reader: `--name value` pairs and `--flag` switches, and the reading of the
//! files options name.

use dama::Variant;
use std::collections::HashMap;
use std::fmt::Display;
use std::fs::File;
use std::ops::RangeInclusive;

/// Parsed options of one subcommand.
pub struct Args {
    values: HashMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// Reads `args`, where `valued` lists the options that take a value and `switches` the
    /// flags; anything else is an error.
    pub fn parse(args: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, String> {
        let mut values = HashMap::new();
        let mut flags = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
                _ => (a.as_str(), None),
            };
            let Some(key) = name.strip_prefix("--") else {
                return Err(format!("unexpected argument {a:?}"));
            };
            if valued.contains(&key) {
                let v = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .cloned()
                        .ok_or_else(|| format!("--{key} needs a value"))?,
                };
                values.insert(key.to_string(), v);
            } else if switches.contains(&key) && inline.is_none() {
                flags.push(key.to_string());
            } else {
                return Err(format!("unknown option --{key}"));
            }
        }
        Ok(Args { values, flags })
    }

    /// The value of `--name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The value of `--name` as a number, or `default`: for options whose every value of `T`
    /// is meaningful (seeds); others take [`number_in`](Args::number_in).
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{name} expects a number, got {v:?}")),
        }
    }

    /// The value of `--name` as a number within `range`, or `default`.
    pub fn number_in<T>(
        &self,
        name: &str,
        default: T,
        range: RangeInclusive<T>,
    ) -> Result<T, String>
    where
        T: std::str::FromStr + PartialOrd + Display,
    {
        match self.get(name) {
            None => Ok(default),
            Some(v) => number_in(name, v, &range),
        }
    }

    /// Whether `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The game given by `--variant` (`italian`, `brazilian`, or the PDN game types 22 and
    /// 26), Italian by default.
    pub fn variant(&self) -> Result<Variant, String> {
        match self.get("variant") {
            None => Ok(Variant::Italian),
            Some(v) => Variant::from_id(v).map_err(|e| format!("--variant: {e}")),
        }
    }

    /// The position given by `--fen` in `variant`'s numbering, or the start.
    pub fn position(&self, variant: Variant) -> Result<dama::Position, String> {
        match self.get("fen") {
            Some(f) => dama::rules::fen::parse(variant, f).map_err(|e| e.to_string()),
            None => Ok(dama::Position::start(variant)),
        }
    }
}

/// `text`, the value of `--name`, as a number within `range`; anything else (not a number,
/// NaN, an infinity, out of range) is refused with a message naming the option and its range.
pub fn number_in<T>(name: &str, text: &str, range: &RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + Display,
{
    let (lo, hi) = (range.start(), range.end());
    match text.parse::<T>() {
        Ok(x) if range.contains(&x) => Ok(x),
        Ok(_) => Err(format!("--{name} must be {lo} to {hi}, got {text:?}")),
        Err(_) => Err(format!(
            "--{name} expects a number from {lo} to {hi}, got {text:?}"
        )),
    }
}

/// For the commands that only know Italian draughts (the opening book, the endgame tables):
/// takes `--variant italian` out of `args`, and refuses any other game with a message that
/// says why; `what` is the subject with its verb ("the opening book is").
pub fn italian_only(args: &[String], what: &str) -> Result<Vec<String>, String> {
    let mut kept = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = if a == "--variant" {
            it.next()
                .cloned()
                .ok_or_else(|| "--variant needs a value".to_string())?
        } else if let Some(v) = a.strip_prefix("--variant=") {
            v.to_string()
        } else {
            kept.push(a.clone());
            continue;
        };
        match Variant::from_id(&value).map_err(|e| format!("--variant: {e}"))? {
            Variant::Italian => {}
            v => {
                return Err(format!(
                    "{what} for Italian draughts only, not for {}",
                    v.name()
                ))
            }
        }
    }
    Ok(kept)
}

/// Reads the file at `path` with `read`, which is given the open file and its length: every
/// loader reads its header first and compares the size it states with that length before it
/// reads the rest, so no file is read whole before it is checked. Only regular files are
/// read (a device or a pipe has no length to check). Errors name the file.
pub fn read_file<T, E: Display>(
    path: &str,
    read: impl FnOnce(File, u64) -> Result<T, E>,
) -> Result<T, String> {
    let f = File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let meta = f
        .metadata()
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("cannot read {path}: not a regular file"));
    }
    read(f, meta.len()).map_err(|e| format!("{path}: {e}"))
}
