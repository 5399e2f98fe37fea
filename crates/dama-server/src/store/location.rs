//! Where the store lives, as the database option names it: a SQLite file or a PostgreSQL
//! server.

use std::fmt;
use std::path::PathBuf;

/// The longest database option accepted (a URL or a path).
pub const LOCATION_MAX: usize = 4096;

/// The database the server keeps its data in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file, created and migrated at the first start: one server alone.
    Sqlite(PathBuf),
    /// A PostgreSQL database (its `postgres://` or `postgresql://` URL, credentials included):
    /// several servers may share it. The database must exist; its tables are made at the
    /// first start.
    Postgres(String),
}

/// A database option that names no database the server can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLocation(String);

impl fmt::Display for BadLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadLocation {}

impl Location {
    /// Reads the database option: `sqlite://FILE`, `sqlite:FILE` or a bare path (a `?` query
    /// dropped), or a `postgres://` / `postgresql://` URL.
    pub fn parse(option: &str) -> Result<Location, BadLocation> {
        if option.len() > LOCATION_MAX {
            return Err(BadLocation(format!(
                "the database option is {} bytes long, at most {LOCATION_MAX}",
                option.len()
            )));
        }
        if option.starts_with("postgres://") || option.starts_with("postgresql://") {
            return Ok(Location::Postgres(option.to_string()));
        }
        let path = option
            .strip_prefix("sqlite://")
            .or_else(|| option.strip_prefix("sqlite:"))
            .unwrap_or(option);
        if let Some((scheme, _)) = path.split_once("://") {
            return Err(BadLocation(format!(
                "unknown database {scheme:?}: use sqlite://FILE or postgres://USER@HOST/DATABASE"
            )));
        }
        let path = path.split('?').next().unwrap_or(path);
        if path.is_empty() {
            return Err(BadLocation("the database option names no file".into()));
        }
        Ok(Location::Sqlite(PathBuf::from(path)))
    }

    /// The URL sqlx connects to: a SQLite path with `%`, `?` and `#` escaped (sqlx decodes
    /// them), and the file created if missing.
    pub(super) fn url(&self) -> String {
        match self {
            Location::Postgres(url) => url.clone(),
            Location::Sqlite(path) => {
                let path = path.to_string_lossy();
                let mut escaped = String::with_capacity(path.len() + 8);
                for c in path.chars() {
                    match c {
                        '%' => escaped.push_str("%25"),
                        '?' => escaped.push_str("%3F"),
                        '#' => escaped.push_str("%23"),
                        c => escaped.push(c),
                    }
                }
                format!("sqlite://{escaped}?mode=rwc")
            }
        }
    }
}

impl fmt::Display for Location {
    /// The location without a password, for logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "SQLite file {}", path.display()),
            Location::Postgres(url) => {
                let rest = url.split_once("://").map_or(url.as_str(), |(_, r)| r);
                let host = rest.rsplit_once('@').map_or(rest, |(_, h)| h);
                write!(
                    f,
                    "PostgreSQL at {}",
                    host.split('?').next().unwrap_or(host)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_name_a_file_or_a_server_or_are_refused() {
        let file = |p: &str| Ok(Location::Sqlite(PathBuf::from(p)));
        assert_eq!(Location::parse("sqlite://dama.sqlite"), file("dama.sqlite"));
        assert_eq!(
            Location::parse("sqlite:///var/lib/dama.db?mode=rwc"),
            file("/var/lib/dama.db")
        );
        assert_eq!(
            Location::parse("sqlite:data/dama.sqlite"),
            file("data/dama.sqlite")
        );
        assert_eq!(
            Location::parse("data/dama.sqlite"),
            file("data/dama.sqlite")
        );
        let pg = "postgres://dama:secret@db.example:5432/dama";
        assert_eq!(Location::parse(pg), Ok(Location::Postgres(pg.into())));
        let pg = "postgresql://db/dama?sslmode=disable";
        assert_eq!(Location::parse(pg), Ok(Location::Postgres(pg.into())));
        for bad in ["mysql://db/dama", "sqlite://", "", "redis://x"] {
            assert!(Location::parse(bad).is_err(), "{bad}");
        }
        let long = "a".repeat(LOCATION_MAX + 1);
        assert!(Location::parse(&long)
            .unwrap_err()
            .to_string()
            .contains("at most 4096"));
    }

    #[test]
    fn a_file_name_with_url_characters_reaches_sqlite_unchanged() {
        let url = Location::Sqlite(PathBuf::from("/tmp/a?b#c%d e.sqlite")).url();
        assert_eq!(url, "sqlite:///tmp/a%3Fb%23c%25d e.sqlite?mode=rwc");
    }

    #[test]
    fn a_password_is_never_shown() {
        let at = Location::parse("postgres://dama:secret@db.example:5432/dama?sslmode=require");
        let shown = at.unwrap().to_string();
        assert_eq!(shown, "PostgreSQL at db.example:5432/dama");
        assert!(!shown.contains("secret"));
    }
}
