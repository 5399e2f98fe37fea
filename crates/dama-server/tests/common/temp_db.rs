//! A temporary database for one test, shared by the store's unit tests and the server's
//! integration tests (included by path in both). A SQLite file in a temporary folder; or, when
//! `DAMA_TEST_POSTGRES` names a PostgreSQL server (`postgres://USER@HOST:PORT`, as `make test`
//! sets it for the suite's second run), a new database on that server. So the same tests run
//! on both.

use sqlx::{Connection, Executor};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

/// The variable naming the PostgreSQL server the tests run on instead of SQLite.
pub const POSTGRES_VAR: &str = "DAMA_TEST_POSTGRES";

/// A temporary folder (removed at the end) and the test's database in it or beside it.
pub struct TempDir {
    path: PathBuf,
    name: String,
}

impl TempDir {
    pub fn new() -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "dama_test_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&path).unwrap();
        TempDir { path, name }
    }

    /// The PostgreSQL server the tests run on, if one is named.
    pub fn postgres() -> Option<String> {
        std::env::var(POSTGRES_VAR).ok().filter(|v| !v.is_empty())
    }

    /// The test's database, as the server's database option takes it: made at the first call,
    /// the same one at every call (a restarted server finds its data).
    pub async fn db(&self) -> String {
        let Some(server) = TempDir::postgres() else {
            return format!("sqlite://{}", self.sqlite_file().display());
        };
        let server = server.trim_end_matches('/');
        sqlx::any::install_default_drivers();
        let mut admin = sqlx::AnyConnection::connect(&format!("{server}/postgres"))
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR}={server}: {e}"));
        let create = format!("CREATE DATABASE {}", self.name);
        if let Err(e) = admin.execute(sqlx::AssertSqlSafe(create)).await {
            // 42P04: made by an earlier call.
            let made = e.as_database_error().and_then(|d| d.code()).as_deref() == Some("42P04");
            assert!(made, "{e}");
        }
        let _ = admin.close().await;
        format!("{server}/{}", self.name)
    }

    /// The SQLite file the test's database is (unused on PostgreSQL).
    pub fn sqlite_file(&self) -> PathBuf {
        self.path.join("dama.sqlite")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // A PostgreSQL database is left: the server `make test` starts is thrown away whole.
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
