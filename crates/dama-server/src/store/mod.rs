//! The server's storage: accounts, sessions, games with their moves, and ratings, through sqlx.
//!
//! SQLite is the embedded default: one file, created and migrated at the first start. A
//! PostgreSQL URL puts everything in PostgreSQL instead ([`Location`]), migrated the same way
//! (the migrations are in `crates/dama-server/migrations/`, compiled into the binary:
//! [`migrations`]). One pool type serves both (sqlx's `Any`), and the SQL is the part SQLite
//! and PostgreSQL share (`$1` placeholders, portable types, `ON CONFLICT`), so each query is
//! written once. The one difference that shows: SQLite's BOOLEAN columns are read as numbers
//! (`CASE WHEN ... THEN 1 ELSE 0 END`), because the `Any` driver does not read SQLite's.
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
mod location;
mod migrations;
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
pub use location::{BadLocation, Location, LOCATION_MAX};
pub use ratings::StoredRating;
pub use writer::GROUP_WINDOW;

use sqlx::any::AnyPoolOptions;
use sqlx::Executor;
use sqlx::{AnyConnection, AnyPool};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a SQLite statement waits for another connection's write lock before failing: the
/// writer task and a finishing game may want it at once, and either holds it for milliseconds.
const BUSY_TIMEOUT_MS: u64 = 5_000;
/// Connections to a SQLite file: readers run side by side (WAL), writers take turns.
const SQLITE_CONNECTIONS: u32 = 4;
/// How long opening the store waits for a connection: a server that cannot reach its database
/// says so and stops, rather than waiting.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections to a PostgreSQL server, per server process (PostgreSQL's default allows 100 in
/// all, so a dozen processes fit).
const POSTGRES_CONNECTIONS: u32 = 8;

/// The server's database.
pub struct Store {
    pool: AnyPool,
    writer: writer::Writer,
    groups: Arc<AtomicU64>,
}

impl Store {
    /// Opens the store at `location`, creating (SQLite) and migrating it if needed, with the
    /// default group-commit window ([`GROUP_WINDOW`]).
    pub async fn open(location: &Location) -> Result<Store> {
        Store::open_with(location, GROUP_WINDOW).await
    }

    /// Opens the store at `location` with a group-commit window of `window`: how long the
    /// writer waits after the first queued move for others to join its transaction.
    pub async fn open_with(location: &Location, window: Duration) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let pool = match location {
            Location::Sqlite(_) => AnyPoolOptions::new()
                .max_connections(SQLITE_CONNECTIONS)
                .after_connect(|conn, _| Box::pin(async move { sqlite_settings(conn).await })),
            Location::Postgres(_) => AnyPoolOptions::new().max_connections(POSTGRES_CONNECTIONS),
        }
        .acquire_timeout(CONNECT_TIMEOUT)
        .connect(&location.url())
        .await?;
        migrations::migrator()
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

/// Each SQLite connection's settings. WAL: readers never wait for the writer. FULL: a commit is
/// on disk before its acknowledgement (a power cut loses nothing acknowledged), which group
/// commits make cheap. Foreign keys: SQLite checks them only when asked.
async fn sqlite_settings(conn: &mut AnyConnection) -> std::result::Result<(), sqlx::Error> {
    conn.execute(sqlx::AssertSqlSafe(format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; \
         PRAGMA busy_timeout = {BUSY_TIMEOUT_MS};"
    )))
    .await
    .map(drop)
}

/// The time now, in Unix milliseconds (what the tables keep).
pub fn now_ms() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}
