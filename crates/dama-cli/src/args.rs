//! The options of one subcommand, read by clap (`--name value`, `--name=value`, `--flag`; a
//! repeated option's last value counts), and the reading of the files options name.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Command};
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
    pub fn parse(
        args: &[String],
        valued: &[&'static str],
        switches: &[&'static str],
    ) -> Result<Args, String> {
        Args::read(args, valued, switches, None)
    }

    /// [`parse`](Args::parse), and one bare word taken as the value of `positional` (given
    /// either way, `--fen FEN` or `FEN`).
    pub fn parse_with_positional(
        args: &[String],
        valued: &[&'static str],
        switches: &[&'static str],
        positional: &'static str,
    ) -> Result<Args, String> {
        Args::read(args, valued, switches, Some(positional))
    }

    fn read(
        args: &[String],
        valued: &[&'static str],
        switches: &[&'static str],
        positional: Option<&'static str>,
    ) -> Result<Args, String> {
        let mut cmd = Command::new("dama")
            .no_binary_name(true)
            .disable_help_flag(true)
            .disable_version_flag(true)
            .args_override_self(true);
        for &name in valued {
            // A value may start with '-' (a negative number, a FEN such as "-"): the old
            // reader took the next word whatever it was, and so does this one.
            cmd = cmd.arg(
                Arg::new(name)
                    .long(name)
                    .action(ArgAction::Set)
                    .allow_hyphen_values(true),
            );
        }
        for &name in switches {
            cmd = cmd.arg(Arg::new(name).long(name).action(ArgAction::SetTrue));
        }
        const BARE: &str = "bare word";
        if positional.is_some() {
            cmd = cmd.arg(Arg::new(BARE).action(ArgAction::Set));
        }
        let m = cmd.try_get_matches_from(args).map_err(refusal)?;
        let mut values: HashMap<String, String> = valued
            .iter()
            .filter_map(|&n| Some((n.to_string(), m.get_one::<String>(n)?.clone())))
            .collect();
        if let (Some(name), Some(v)) = (positional, m.get_one::<String>(BARE)) {
            values.insert(name.to_string(), v.clone());
        }
        let flags = switches
            .iter()
            .filter(|&&n| m.get_flag(n))
            .map(|n| n.to_string())
            .collect();
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

    /// For the commands that only know Italian draughts (the opening book, the endgame tables,
    /// the positions of `bench search`): `--variant italian` (or none) is accepted, any other
    /// game refused with a message that says why; `what` is the subject with its verb ("the
    /// opening book is").
    pub fn italian_only(&self, what: &str) -> Result<(), String> {
        match self.variant()? {
            Variant::Italian => Ok(()),
            v => Err(format!(
                "{what} for Italian draughts only, not for {}",
                v.name()
            )),
        }
    }

    /// The position given by `--fen` in `variant`'s numbering, or the start.
    pub fn position(&self, variant: Variant) -> Result<dama::Position, String> {
        match self.get("fen") {
            Some(f) => dama::fen::parse(variant, f).map_err(|e| e.to_string()),
            None => Ok(dama::Position::start(variant)),
        }
    }
}

/// clap's refusal in the words the commands' messages use: the option and what is wrong.
fn refusal(e: clap::Error) -> String {
    let arg = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(s)) => s.split_whitespace().next().unwrap_or("").to_string(),
        _ => String::new(),
    };
    match e.kind() {
        ErrorKind::UnknownArgument if arg.starts_with("--") => {
            format!("unknown option {}", arg.split('=').next().unwrap_or(&arg))
        }
        ErrorKind::UnknownArgument => format!("unexpected argument {arg:?}"),
        ErrorKind::InvalidValue if !arg.is_empty() => format!("{arg} needs a value"),
        ErrorKind::TooManyValues if !arg.is_empty() => format!("{arg} takes no value"),
        // Anything else: clap's own first line, without its "error: " prefix.
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            first.trim_start_matches("error: ").to_string()
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
