//! The schema's migrations, embedded in the binary and run at start by sqlx's migrator, on
//! SQLite and PostgreSQL alike (the files are written in the SQL both read).
//!
//! They are listed here by hand rather than by sqlx's `migrate!` macro, whose "macros" feature
//! would compile sqlx and SQLite's C source a second time for the build machine. A database
//! made by an earlier build accepts them: versions, descriptions and checksums (SHA-384 of each
//! file) are the ones the macro gave. A test checks that this list matches the folder.

use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::SqlStr;
use std::borrow::Cow;

/// Each migration: its version, its description (its file name's words) and its SQL.
pub(super) const MIGRATIONS: [(i64, &str, &str); 4] = [
    (1, "init", include_str!("../../migrations/0001_init.sql")),
    (2, "seats", include_str!("../../migrations/0002_seats.sql")),
    (
        3,
        "offers",
        include_str!("../../migrations/0003_offers.sql"),
    ),
    (
        4,
        "rating deviations",
        include_str!("../../migrations/0004_rating_deviations.sql"),
    ),
];

/// The migrator over [`MIGRATIONS`].
pub(super) fn migrator() -> Migrator {
    Migrator::with_migrations(
        MIGRATIONS
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    SqlStr::from_static(sql),
                    false,
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::MIGRATIONS;
    use std::path::Path;

    /// Each file of `migrations/` (`NNNN_words.sql`) as its version, description and SQL.
    fn folder() -> Vec<(i64, String, String)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        files
            .iter()
            .map(|path| {
                let name = path.file_stem().unwrap().to_str().unwrap();
                let (version, words) = name.split_once('_').unwrap();
                let sql = std::fs::read_to_string(path).unwrap();
                (version.parse().unwrap(), words.replace('_', " "), sql)
            })
            .collect()
    }

    #[test]
    fn the_list_is_the_folder_file_for_file() {
        let listed: Vec<_> = MIGRATIONS
            .iter()
            .map(|&(v, d, sql)| (v, d.to_string(), sql.to_string()))
            .collect();
        assert_eq!(
            listed,
            folder(),
            "a migration added to the folder must be listed here"
        );
    }
}
