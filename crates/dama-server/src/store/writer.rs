//! Group commits: one task writes the moves, taking every move queued within a short window
//! into one transaction and answering each caller once that transaction is committed. A
//! commit costs a disk sync whatever it holds, so a thousand games moving at once cost a few
//! syncs rather than a thousand, and still no move is acknowledged before it is on disk.

use super::error::{Result, StoreError};
use super::games::NewMove;
use super::{bounds, Store};
use sqlx::{AnyConnection, AnyPool};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::{timeout_at, Instant};

/// How long the writer waits, after the first move of a group, for more moves to join it:
/// short beside the 50 ms a move may take from player to player, long enough to group the
/// moves of many games (a sync on this machine's disk takes about as long).
pub const GROUP_WINDOW: Duration = Duration::from_millis(2);
/// The most moves in one transaction, so that one group never holds the lock for long.
const GROUP_MAX: usize = 1024;
/// Moves waiting for the writer; past this, callers wait to queue (back-pressure, not memory).
const QUEUE: usize = 8192;
/// The longest clock a move may carry: a day, in milliseconds.
const CLOCK_MAX_MS: u64 = 86_400_000;
/// The most plies a game may have (far past any real game, which the draw rules end).
const PLY_MAX: u64 = 10_000;

struct Job {
    mv: NewMove,
    done: oneshot::Sender<Result<()>>,
}

/// The writer task and the queue to it.
pub(super) struct Writer {
    queue: mpsc::Sender<Job>,
    task: JoinHandle<()>,
}

impl Writer {
    /// Starts the writer on `pool`, counting its transactions in `groups`.
    pub(super) fn start(pool: AnyPool, window: Duration, groups: Arc<AtomicU64>) -> Writer {
        let (queue, jobs) = mpsc::channel(QUEUE);
        let task = tokio::spawn(run(pool, jobs, window, groups));
        Writer { queue, task }
    }

    /// Closes the queue and waits for the moves already in it to be written.
    pub(super) async fn stop(self) {
        drop(self.queue);
        let _ = self.task.await;
    }
}

async fn run(
    pool: AnyPool,
    mut jobs: mpsc::Receiver<Job>,
    window: Duration,
    groups: Arc<AtomicU64>,
) {
    while let Some(first) = jobs.recv().await {
        let deadline = Instant::now() + window;
        let mut group = vec![first];
        // Moves already queued join even after the deadline: the receive is tried before
        // the timer.
        while group.len() < GROUP_MAX {
            match timeout_at(deadline, jobs.recv()).await {
                Ok(Some(job)) => group.push(job),
                Ok(None) | Err(_) => break,
            }
        }
        groups.fetch_add(1, Ordering::Relaxed);
        write_group(&pool, group).await;
    }
}

/// Writes a group in one transaction and answers each move: its own refusal, or the
/// transaction's fate.
async fn write_group(pool: &AnyPool, group: Vec<Job>) {
    let outcome: Result<Vec<Result<()>>> = async {
        let mut tx = pool.begin().await?;
        let mut answers = Vec::with_capacity(group.len());
        for job in &group {
            answers.push(insert(&mut tx, &job.mv).await?);
        }
        tx.commit().await?;
        Ok(answers)
    }
    .await;
    match outcome {
        Ok(answers) => {
            for (job, answer) in group.into_iter().zip(answers) {
                let _ = job.done.send(answer); // a caller that stopped waiting needs no answer
            }
        }
        Err(e) => {
            let message = e.to_string();
            for job in group {
                let _ = job.done.send(Err(StoreError::GroupWrite(message.clone())));
            }
        }
    }
}

/// Inserts one move if it is its game's next and the game is being played; the outer
/// `Result` is the database's failure (which fails the group), the inner one this move's
/// refusal (which fails only this move: the statement inserts nothing, so the transaction
/// goes on, in SQLite as in PostgreSQL).
async fn insert(conn: &mut AnyConnection, mv: &NewMove) -> Result<Result<()>> {
    let ply = mv.ply as i64; // bounded by PLY_MAX when queued
    let inserted = sqlx::query(
        "INSERT INTO moves (game_id, ply, text, clock_ms, played_at) \
         SELECT $1, $2, $3, $4, $5 WHERE \
         EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'playing') \
         AND (SELECT COUNT(*) FROM moves WHERE game_id = $1) = $2",
    )
    .bind(&mv.game_id)
    .bind(ply)
    .bind(&mv.text)
    .bind(mv.clock_ms as i64)
    .bind(mv.played_at)
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 1 {
        return Ok(Ok(()));
    }
    // Refused: say why (a rare path, so the extra reads cost nothing in the common one).
    let status: Option<(String,)> = sqlx::query_as("SELECT status FROM games WHERE id = $1")
        .bind(&mv.game_id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(Err(match status {
        None => StoreError::NoGame,
        Some((s,)) if s != "playing" => StoreError::GameOver,
        Some(_) => {
            let (expected,): (i64,) =
                sqlx::query_as("SELECT COUNT(*) FROM moves WHERE game_id = $1")
                    .bind(&mv.game_id)
                    .fetch_one(&mut *conn)
                    .await?;
            StoreError::PlyOutOfOrder { expected }
        }
    }))
}

impl Store {
    /// Stores a move and returns once it is committed to disk (the acknowledgement the
    /// player's page waits for). Refused when its text, ply or clock is out of bounds, its
    /// game is unknown or over, or it is not the game's next ply (so a move sent twice is
    /// stored once). Moves queued by one caller are stored in the order queued.
    pub async fn append_move(&self, mv: NewMove) -> Result<()> {
        bounds::move_text(&mv.text)?;
        bounds::number("ply", mv.ply, PLY_MAX)?;
        bounds::number("clock", mv.clock_ms, CLOCK_MAX_MS)?;
        let (done, answer) = oneshot::channel();
        self.writer
            .queue
            .send(Job { mv, done })
            .await
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }
}
