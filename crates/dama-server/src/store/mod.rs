//! The server's storage: accounts, sessions, games with their moves, and ratings, through sqlx.
//!
//! SQLite is the embedded default: one file, created and migrated at the first start (the
//! migrations are in `crates/dama-server/migrations/`, compiled into the binary). The SQL is
//! the part SQLite and PostgreSQL share (`$1` placeholders, portable types, `ON CONFLICT`), and
//! everything goes through [`Store`], so PostgreSQL can come in behind the same methods.
//!
//! Draw offers and declines are stored at their versions too ([`offers`]), so that a
//! restarted server numbers a game's events as before.
//!
//! A move is acknowledged only once it is on disk: [`Store::append_move`] queues it for the
//! writer task ([`writer`]), which commits the moves queued within a few milliseconds in one
//! transaction (group commit) and answers each caller.

mod accounts;
pub mod bounds;
mod error;
mod games;
mod offers;
pub(crate) mod random;
mod ratings;
mod seats;
mod sessions;
mod writer;

#[cfg(test)]
mod tests;

pub use accounts::{Account, DELETED_NAME};
pub use error::{Invalid, Result, StoreError};
pub use games::{Finish, Finished, GameSummary, NewGame, NewMove, Player, StoredGame, StoredMove};
pub use ratings::StoredRating;
pub use writer::GROUP_WINDOW;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a statement waits for another connection's write lock before failing: the writer
/// task and a finishing game may want it at once, and either holds it for milliseconds.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections to the file: readers run side by side (WAL), writers take turns.
const MAX_CONNECTIONS: u32 = 4;

/// The server's database.
pub struct Store {
    pool: SqlitePool,
    writer: writer::Writer,
    groups: Arc<AtomicU64>,
}

impl Store {
    /// Opens the SQLite file at `path`, creating and migrating it if needed, with the default
    /// group-commit window ([`GROUP_WINDOW`]).
    pub async fn open(path: &Path) -> Result<Store> {
        Store::open_with(path, GROUP_WINDOW).await
    }

    /// Opens the SQLite file at `path` with a group-commit window of `window`: how long the
    /// writer waits after the first queued move for others to join its transaction.
    pub async fn open_with(path: &Path, window: Duration) -> Result<Store> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            // WAL: readers never wait for the writer; FULL: a commit is on disk before its
            // acknowledgement (a power cut loses nothing acknowledged), which group commits
            // make cheap.
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .connect_with(options)
            .await?;
        sqlx::migrate!()
            .run(&pool)
            .await
            .map_err(StoreError::Migrate)?;
        let groups = Arc::new(AtomicU64::new(0));
        let writer = writer::Writer::start(pool.clone(), window, groups.clone());
        Ok(Store {
            pool,
            writer,
            groups,
        })
    }

    /// Stops the writer (the moves already queued are written and answered first) and closes
    /// the file.
    pub async fn close(self) {
        self.writer.stop().await;
        self.pool.close().await;
    }

    /// How many group transactions the writer has committed (or tried to): with the number of
    /// moves stored, how well moves are grouped.
    pub fn group_writes(&self) -> u64 {
        self.groups.load(Ordering::Relaxed)
    }
}

/// The time now, in Unix milliseconds (what the tables keep).
pub fn now_ms() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}
