//! The games of a match played on threads: each thread has its own seats and takes the next game
//! of the plan until none is left; the finished games are handed on in the main thread. An
//! engine that cannot be started stops the match after the games being played.

use super::record::Record;
use super::referee;
use super::seat::Seat;
use super::setup::Setup;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;

/// Plays the plan of `setup` on `threads` threads, giving each finished game to `finished` as
/// it comes; an error says why the match stopped.
pub fn play(
    setup: &Arc<Setup>,
    threads: usize,
    mut finished: impl FnMut(Record),
) -> Result<(), String> {
    let next = Arc::new(AtomicUsize::new(0));
    let abort = Arc::new(AtomicBool::new(false));
    // Finished games wait for the printing here, a few at most.
    let (tx, rx) = mpsc::sync_channel(threads);
    let mut workers = Vec::new();
    for _ in 0..threads {
        let (setup, next, abort, tx) = (setup.clone(), next.clone(), abort.clone(), tx.clone());
        workers.push(thread::spawn(move || {
            if let Err(e) = worker(&setup, &next, &abort, &tx) {
                // The other threads stop after their current game.
                abort.store(true, Ordering::SeqCst);
                let _ = tx.send(Err(e));
            }
        }));
    }
    drop(tx);
    let mut fatal = None;
    for msg in rx {
        match msg {
            Ok(rec) => finished(rec),
            Err(e) => {
                fatal.get_or_insert(e);
            }
        }
    }
    for w in workers {
        w.join().map_err(|_| "a match thread failed".to_string())?;
    }
    match fatal {
        Some(e) => Err(format!("match stopped: {e}")),
        None => Ok(()),
    }
}

type Message = Result<Record, String>;

/// Plays games from the shared plan until it runs out; an engine that cannot be started stops
/// this thread with an error.
fn worker(
    setup: &Setup,
    next: &AtomicUsize,
    abort: &AtomicBool,
    tx: &mpsc::SyncSender<Message>,
) -> Result<(), String> {
    // Engines are built here: they stay on this thread. A Hub engine's process ends when its
    // seat is dropped.
    let mut seats = [
        Seat::new(&setup.players[0], setup.sizes[0], setup.variant)
            .map_err(|e| format!("A: {e}"))?,
        Seat::new(&setup.players[1], setup.sizes[1], setup.variant)
            .map_err(|e| format!("B: {e}"))?,
    ];
    loop {
        if abort.load(Ordering::SeqCst) {
            return Ok(());
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(p) = setup.plan.get(i) else {
            return Ok(());
        };
        let rec = referee::play(setup, p, &mut seats)?;
        if tx.send(Ok(rec)).is_err() {
            return Ok(());
        }
    }
}
