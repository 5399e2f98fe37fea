//! A small option reader: `--name value` pairs and `--flag` switches.

use std::collections::HashMap;

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

    /// The value of `--name` as a number, or `default`.
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{name} expects a number, got {v:?}")),
        }
    }

    /// Whether `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The position given by `--fen`, or the start.
    pub fn position(&self) -> Result<dama::Position, String> {
        match self.get("fen") {
            Some(f) => dama::Position::from_fen(f).map_err(|e| e.to_string()),
            None => Ok(dama::Position::start()),
        }
    }
}
