//! The helper threads of the threaded build (the `threads` feature, built with shared memory):
//! web workers that instantiate this module on the engine worker's memory
//! (www/engine/threads.js starts them). Each calls [`run_helper`] once and from then on runs
//! the helper searches the engine hands out, one at a time, waiting in between.
//!
//! The waits are `memory.atomic.wait`, which browsers allow in workers only: the engine's
//! searches run in a worker, never on a page's main thread.

use dama::engine::Spawn;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use wasm_bindgen::prelude::*;

type Job = Box<dyn FnOnce() + Send>;

static QUEUE: Mutex<VecDeque<Job>> = Mutex::new(VecDeque::new());
static QUEUED: Condvar = Condvar::new();
/// The helper workers running [`run_helper`].
static HELPERS: AtomicUsize = AtomicUsize::new(0);

/// Hands helper searches to the helper workers.
pub struct WorkerPool;

impl Spawn for WorkerPool {
    fn spawn(&self, job: Job) {
        QUEUE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(job);
        QUEUED.notify_one();
    }
}

/// The helper workers started so far.
pub fn helpers() -> usize {
    HELPERS.load(Ordering::SeqCst)
}

/// Makes the calling worker a helper thread: it runs helper searches until it is terminated,
/// and never returns. Call it from a worker that instantiated this module on the engine
/// worker's memory, once.
#[wasm_bindgen(js_name = runHelper)]
pub fn run_helper() {
    HELPERS.fetch_add(1, Ordering::SeqCst);
    loop {
        let job = {
            let mut q = QUEUE.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                match q.pop_front() {
                    Some(job) => break job,
                    None => q = QUEUED.wait(q).unwrap_or_else(|e| e.into_inner()),
                }
            }
        };
        job();
    }
}
