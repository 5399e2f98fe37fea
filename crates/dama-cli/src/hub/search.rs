//! The search thread of a session: its jobs, the computer's levels as the Hub sets them, and
//! one search with its `info` lines.

use super::text::{done_line, info_line, Notation};
use super::{error_line, send, Command, Setup, MAX_DEPTH, MAX_MOVES};
use dama::engine::{level, Engine, Info, Limits, SearchResult, MAX_PLY};
use dama::Game;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};

/// The search limit from the last `level` command.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Level {
    pub(super) depth: Option<u32>,
    pub(super) nodes: Option<u64>,
    /// Seconds for this move.
    pub(super) move_time: Option<f64>,
    /// Seconds left on the clock, with the increment and the moves to the next control.
    pub(super) time: Option<f64>,
    pub(super) inc: f64,
    pub(super) moves: Option<u32>,
}

impl Level {
    pub(super) const DEFAULT: Level = Level {
        depth: None,
        nodes: None,
        move_time: Some(1.0),
        time: None,
        inc: 0.0,
        moves: None,
    };

    pub(super) fn parse(c: &Command) -> Result<Level, String> {
        let level = Level {
            depth: c.number_in("depth", 1..=MAX_DEPTH)?,
            nodes: c.number_in("nodes", 1..=u64::MAX)?,
            move_time: c.seconds("move-time")?,
            time: c.seconds("time")?,
            inc: c.seconds("inc")?.unwrap_or(0.0),
            moves: c.number_in("moves", 1..=MAX_MOVES)?,
        };
        let infinite = c.has("infinite");
        let limited = level.depth.is_some()
            || level.nodes.is_some()
            || level.move_time.is_some()
            || level.time.is_some();
        if !infinite && !limited {
            return Err(
                "level needs depth=N, move-time=S, time=S [inc=S] [moves=N] or infinite".into(),
            );
        }
        Ok(level)
    }

    /// Milliseconds for this move, if the level sets a time.
    pub(super) fn time_ms(&self) -> Option<f64> {
        if let Some(t) = self.move_time {
            // Leave a little for replying and for the GUI's own latency.
            return Some((t * 1000.0 - (t * 20.0).min(20.0)).max(1.0));
        }
        // The clock already includes this move's increment (the protocol adds it before every
        // move); the core spreads the rest over the moves to go.
        let clock = dama::engine::GameClock {
            remaining_ms: self.time? * 1000.0,
            increment_ms: self.inc * 1000.0,
            moves_to_go: self.moves,
        };
        Some(clock.budget_ms())
    }

    pub(super) fn limits(&self, timed: bool) -> Limits {
        Limits {
            depth: self.depth.unwrap_or(MAX_PLY as u32),
            nodes: self.nodes.unwrap_or(u64::MAX),
            time_ms: if timed { self.time_ms() } else { None },
            // A fixed time per move is spent whole; on a game clock, what an iteration would
            // not finish is saved for later moves.
            soft_ms: match (timed, self.move_time) {
                (true, None) => self.time_ms().map(|t| t * 0.5),
                _ => None,
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    Think,
    Analyze,
    Ponder,
}

/// A search job for the engine thread.
pub(super) struct Job {
    pub(super) game: Game,
    pub(super) limits: Limits,
    pub(super) level: u8,
    /// At level 10, play from the opening book when the position is in it (lower levels
    /// consult it through `level::play`).
    pub(super) book: bool,
    /// The engine's contempt for this search (0 in analysis).
    pub(super) contempt: i32,
    pub(super) seed: u64,
    pub(super) notation: Notation,
    pub(super) tt_mb: usize,
    pub(super) threads: usize,
    pub(super) clear: bool,
    pub(super) finished: Arc<AtomicBool>,
}

/// The engine's stop flag, published by the engine thread whenever it builds an engine.
pub(super) type StopSlot = Arc<Mutex<Option<Arc<AtomicBool>>>>;

/// The engine thread: the engine lives here for the whole session (its table should persist
/// between searches) and runs one job at a time.
pub(super) fn engine_thread<W: Write>(
    jobs: Receiver<Job>,
    slot: StopSlot,
    setup: Arc<Setup>,
    out: Arc<Mutex<W>>,
) {
    let mut engine: Option<(Engine, usize)> = None;
    for job in jobs {
        if engine.as_ref().is_none_or(|(_, mb)| *mb != job.tt_mb) {
            // Free the old table before allocating the new one.
            drop(engine.take());
            let mut e = Engine::new(job.tt_mb);
            for eval in &setup.evals {
                e.set_eval(eval.clone());
            }
            for t in &setup.tables {
                e.set_tables(t.clone());
            }
            *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.stop_handle());
            engine = Some((e, job.tt_mb));
        }
        let (e, _) = engine.as_mut().expect("built above");
        e.set_threads(job.threads);
        e.set_contempt(job.contempt);
        if job.clear {
            e.clear();
        }
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            think(e, &job, &mut |l| send(&out, l))
        }));
        // Set before `done` goes out: a GUI answering at once must find the engine free.
        job.finished.store(true, Ordering::SeqCst);
        match outcome {
            Ok(r) => send(&out, &done_line(&job.game, &r, job.notation)),
            Err(_) => {
                engine = None;
                send(&out, &error_line("internal error in the search"));
            }
        }
    }
}

/// The search in progress.
pub(super) struct Running {
    pub(super) finished: Arc<AtomicBool>,
    pub(super) mode: Mode,
    pub(super) id: u64,
}

/// Sets the running engine's stop flag, if there is an engine.
pub(super) fn raise(slot: &StopSlot) {
    if let Some(s) = slot.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
        s.store(true, Ordering::SeqCst);
    }
}

/// Lowers the engine's stop flag before the next search is handed over: a `stop` left raised
/// would end that search at its first look (the engine never lowers it itself), and one sent
/// after this, even before the search starts, still stops it.
pub(super) fn lower(slot: &StopSlot) {
    if let Some(s) = slot.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
        s.store(false, Ordering::SeqCst);
    }
}

/// One search, sending an `info` line per iteration.
pub(super) fn think(engine: &mut Engine, job: &Job, send: &mut dyn FnMut(&str)) -> SearchResult {
    let (game, limits, level, seed, notation) =
        (&job.game, &job.limits, job.level, job.seed, job.notation);
    // Below level 10, `level::play` keeps its own depth and node budget and consults the book
    // itself (levels 9 and up); level 10 is the full search, from the book when allowed.
    let picked = if level < 10 {
        let ms = limits.time_ms.unwrap_or(1e12);
        Some(level::play(engine, game, level, ms, seed))
    } else if job.book {
        level::book_move(game, level, seed)
    } else {
        None
    };
    if let Some(r) = picked {
        let info = Info {
            depth: r.depth,
            seldepth: r.depth,
            score: r.score,
            nodes: r.nodes,
            time_ms: r.time_ms,
            pv: r.pv.clone(),
        };
        send(&info_line(game, &info, notation));
        return r;
    }
    engine.search(game, limits, &mut |i| send(&info_line(game, i, notation)))
}
