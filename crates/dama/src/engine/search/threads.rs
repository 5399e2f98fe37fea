//! The threads of a parallel search (Lazy SMP): helper threads search the same root as the
//! main thread, half of them a ply deeper, each with its own move-ordering memory, and share
//! only the transposition table. What one thread stores, the others find, so the main
//! thread's tree is cut by results it did not compute. The search's result is the main
//! thread's, or a helper's when that helper finished a deeper iteration than the main thread
//! did; a search on one thread is exactly the search of a build without threads.
//!
//! The core starts no thread itself: a [`Spawn`] does (native threads by default, a pool of
//! web workers in the browser's threaded build).

use crate::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// The most threads a search may use.
pub const MAX_THREADS: usize = 256;

/// How long a stopped search waits for a helper to finish before it gives that helper up
/// (a live one stops within a fraction of a millisecond of the stop flag).
const HELPER_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Slots of the table of positions being searched (a power of two).
const SEARCHING_SLOTS: usize = 1 << 12;

/// Runs a job on another thread.
pub trait Spawn: Send + Sync {
    /// Runs `job` on a thread other than the caller's. A job that cannot be started may be
    /// dropped: the search then goes on with fewer helpers.
    fn spawn(&self, job: Box<dyn FnOnce() + Send>);
}

/// The standard library's threads, one per helper and search (not on `wasm32-unknown-unknown`,
/// which has none).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Clone, Copy, Debug, Default)]
pub struct StdSpawn;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Spawn for StdSpawn {
    fn spawn(&self, job: Box<dyn FnOnce() + Send>) {
        // A thread that cannot be created drops the job, which releases its place in the team.
        let _ = std::thread::Builder::new()
            .name("dama-helper".into())
            .spawn(job);
    }
}

/// A helper's deepest finished iteration: its depth, score and principal variation.
#[derive(Clone, Debug)]
pub(super) struct Finished {
    pub(super) depth: u32,
    pub(super) score: i32,
    pub(super) pv: Vec<Move>,
}

/// What the threads of one search share besides the table: the helpers' stop flag, the
/// nodes they searched, the deepest iteration a helper finished, and how many are still
/// running.
pub(super) struct Team {
    pub(super) stop: Arc<AtomicBool>,
    pub(super) nodes: AtomicU64,
    /// The positions some thread is searching now, by hash (a slot per hash's low bits; a
    /// collision only makes a thread search a move early or late, never wrongly).
    searching: Box<[AtomicU64]>,
    deepest: Mutex<Option<Finished>>,
    running: Mutex<usize>,
    done: Condvar,
}

impl Team {
    pub(super) fn new() -> Arc<Team> {
        Arc::new(Team {
            stop: Arc::new(AtomicBool::new(false)),
            nodes: AtomicU64::new(0),
            searching: (0..SEARCHING_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            deepest: Mutex::new(None),
            running: Mutex::new(0),
            done: Condvar::new(),
        })
    }

    /// A place for one more helper, given back when the returned guard is dropped (when the
    /// helper's job ends, unwinds, or is dropped unstarted).
    pub(super) fn join(self: &Arc<Team>) -> Member {
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Member(self.clone())
    }

    #[inline(always)]
    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.searching[(hash >> 40) as usize & (SEARCHING_SLOTS - 1)]
    }

    /// Whether a thread is searching the position with `hash`.
    #[inline(always)]
    pub(super) fn busy(&self, hash: u64) -> bool {
        self.slot(hash).load(Ordering::Relaxed) == hash
    }

    /// This thread starts searching the position with `hash`.
    #[inline(always)]
    pub(super) fn enter(&self, hash: u64) {
        self.slot(hash).store(hash, Ordering::Relaxed);
    }

    /// This thread is done with the position with `hash` (the slot is left alone if another
    /// position took it meanwhile).
    #[inline(always)]
    pub(super) fn leave(&self, hash: u64) {
        let _ = self
            .slot(hash)
            .compare_exchange(hash, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// A helper finished an iteration: kept if no helper finished a deeper one.
    pub(super) fn finished(&self, f: Finished) {
        let mut d = self.deepest.lock().unwrap_or_else(|e| e.into_inner());
        if d.as_ref().is_none_or(|old| f.depth > old.depth) && !f.pv.is_empty() {
            *d = Some(f);
        }
    }

    /// The deepest iteration a helper finished.
    pub(super) fn deepest(&self) -> Option<Finished> {
        self.deepest
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Stops the helpers and waits until none runs, or until none has finished for
    /// [`HELPER_GRACE`]: a helper thread that died (a browser's web worker that trapped or was
    /// ended) never gives its place back, and the search must not wait for it forever. A
    /// helper still running after that is harmless: it owns all it uses and stops at its next
    /// look at the stop flag. Returns the helpers not waited for.
    pub(super) fn stop_and_wait(&self) -> usize {
        self.stop.store(true, Ordering::Relaxed);
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        while *running > 0 {
            let before = *running;
            // No clock is read: `Instant` does not exist in the browser's wasm.
            let (r, waited) = self
                .done
                .wait_timeout(running, HELPER_GRACE)
                .unwrap_or_else(|e| e.into_inner());
            running = r;
            if waited.timed_out() && *running == before {
                return *running;
            }
        }
        0
    }
}

/// A helper's place in its team.
pub(super) struct Member(Arc<Team>);

impl Drop for Member {
    fn drop(&mut self) {
        let mut running = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        *running -= 1;
        self.0.done.notify_all();
    }
}

#[cfg(all(test, not(all(target_arch = "wasm32", target_os = "unknown"))))]
mod tests {
    use super::*;

    /// A spawner that drops every job unstarted, as one out of threads would.
    struct Refuse;
    impl Spawn for Refuse {
        fn spawn(&self, _job: Box<dyn FnOnce() + Send>) {}
    }

    #[test]
    fn a_team_waits_for_its_helpers_even_unstarted_ones() {
        let team = Team::new();
        let ran = Arc::new(AtomicU64::new(0));
        for _ in 0..3 {
            let (member, team2, ran) = (team.join(), team.clone(), ran.clone());
            StdSpawn.spawn(Box::new(move || {
                let _member = member;
                while !team2.stop.load(Ordering::Relaxed) {
                    std::thread::yield_now();
                }
                ran.fetch_add(1, Ordering::Relaxed);
            }));
        }
        let member = team.join();
        Refuse.spawn(Box::new(move || drop(member)));
        assert_eq!(team.stop_and_wait(), 0);
        assert_eq!(ran.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn a_team_does_not_wait_forever_for_a_helper_that_died() {
        let team = Team::new();
        // A helper that died mid-search: its place is never given back.
        std::mem::forget(team.join());
        let live = team.join();
        let team2 = team.clone();
        StdSpawn.spawn(Box::new(move || {
            let _member = live;
            while !team2.stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
        }));
        assert_eq!(
            team.stop_and_wait(),
            1,
            "the dead helper, and only it, is given up"
        );
    }
}
