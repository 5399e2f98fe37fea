//! The engine keeps to its time: many searches with `Limits::time(ms)`, from 1 ms to 2 s, on
//! random positions, each timed with `Instant` around `Engine::search`. No search may take more
//! than the limit + 20 ms + 5 %.
//!
//! The default run (2 rounds) takes about 10 s; `TIMING_ROUNDS=N` runs the schedule N times (and
//! `TIMING_SEED` changes the positions). The machine may be shared with builds: for every
//! search the thread's CPU time and its time waiting for a CPU are read from
//! /proc/thread-self/schedstat, and a search over the bound whose excess is covered by the
//! time it spent waiting for a CPU is reported as starvation, not failed.

use dama::engine::{Engine, Limits, Rng};
use dama::Game;
use std::time::Instant;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// (ns on a CPU, ns runnable but waiting for a CPU) of this thread, where Linux tells.
fn schedstat() -> Option<(u64, u64)> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut it = s.split_whitespace().map(|v| v.parse::<u64>().ok());
    Some((it.next()??, it.next()??))
}

/// A position reached by 0-60 random plies from the start, still open, with a choice of moves
/// (with one legal move the engine answers at once, which tests nothing).
fn random_game(rng: &mut Rng) -> Game {
    loop {
        let mut g = Game::new(dama::Variant::Italian);
        let plies = rng.below(61);
        for _ in 0..plies {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            g.play(&m).unwrap();
        }
        if g.result().is_none() && g.legal_moves().len() >= 2 {
            return g;
        }
    }
}

/// The limits of one round: 11.8 s at most, about 5 s in practice (searches stop early once
/// an iteration is unlikely to finish, or when the depth runs out).
fn schedule() -> Vec<f64> {
    let mut v = Vec::new();
    for _ in 0..10 {
        v.extend([1.0, 2.0, 3.0, 5.0, 7.0, 10.0]);
    }
    for _ in 0..5 {
        v.extend([15.0, 20.0, 30.0, 50.0, 75.0, 100.0]);
    }
    v.extend([150.0, 200.0, 250.0, 300.0, 400.0, 500.0, 750.0]);
    v.extend([1000.0, 1500.0, 2000.0, 2000.0, 1000.0]);
    v
}

struct Sample {
    limit: f64,
    wall: f64,
    cpu: Option<f64>,
    wait: Option<f64>,
    depth: u32,
    fen: String,
}

#[test]
fn searches_keep_to_their_time() {
    let rounds = env_u64("TIMING_ROUNDS", 2).max(1);
    let mut rng = Rng::new(env_u64("TIMING_SEED", 0x71AE));
    let mut engine = Engine::new(16);
    // Warm up: the first touch of the table and the code.
    engine.search(
        &Game::new(dama::Variant::Italian),
        &Limits::time(20.0),
        &mut |_| {},
    );

    let mut samples = Vec::new();
    for _ in 0..rounds {
        let mut limits = schedule();
        // Shuffle so that long and short searches interleave.
        for i in (1..limits.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            limits.swap(i, j);
        }
        for limit in limits {
            let game = random_game(&mut rng);
            if rng.below(4) == 0 {
                engine.clear();
            }
            let before = schedstat();
            let t = Instant::now();
            let r = engine.search(&game, &Limits::time(limit), &mut |_| {});
            let wall = t.elapsed().as_secs_f64() * 1000.0;
            let after = schedstat();
            assert!(r.best.is_some(), "no move in an open game");
            let (cpu, wait) = match (before, after) {
                (Some(a), Some(b)) => (
                    Some(b.0.saturating_sub(a.0) as f64 / 1e6),
                    Some(b.1.saturating_sub(a.1) as f64 / 1e6),
                ),
                _ => (None, None),
            };
            samples.push(Sample {
                limit,
                wall,
                cpu,
                wait,
                depth: r.depth,
                fen: game.position().to_fen(),
            });
        }
    }

    let bound = |limit: f64| limit + 20.0 + 0.05 * limit;
    let total: f64 = samples.iter().map(|s| s.wall).sum();
    let worst = samples
        .iter()
        .max_by(|a, b| (a.wall - a.limit).total_cmp(&(b.wall - b.limit)))
        .expect("searches ran");
    let worst_rel = samples
        .iter()
        .max_by(|a, b| (a.wall / a.limit).total_cmp(&(b.wall / b.limit)))
        .expect("searches ran");
    let fmt = |s: &Sample| {
        format!(
            "limit {} ms, wall {:.2} ms (overshoot {:+.2} ms), cpu {}, waiting for a cpu {}, depth {}, {}",
            s.limit,
            s.wall,
            s.wall - s.limit,
            s.cpu.map_or("?".into(), |c| format!("{c:.2} ms")),
            s.wait.map_or("?".into(), |c| format!("{c:.2} ms")),
            s.depth,
            s.fen
        )
    };
    eprintln!(
        "timing: {} searches, {:.1} s in all; worst overshoot: {}",
        samples.len(),
        total / 1000.0,
        fmt(worst)
    );
    eprintln!("timing: worst ratio wall/limit: {}", fmt(worst_rel));
    let used_half = samples.iter().filter(|s| s.wall >= s.limit / 2.0).count();
    let starved: f64 = samples.iter().filter_map(|s| s.wait).sum();
    eprintln!(
        "timing: {used_half} searches used at least half their time; {:.1} ms in all spent \
         waiting for a CPU",
        starved
    );
    let mut by_limit = std::collections::BTreeMap::<u64, (f64, usize)>::new();
    for s in &samples {
        let e = by_limit.entry(s.limit as u64).or_insert((f64::MIN, 0));
        e.0 = e.0.max(s.wall - s.limit);
        e.1 += 1;
    }
    eprintln!(
        "timing: worst overshoot (ms) per limit: {}",
        by_limit
            .iter()
            .map(|(l, (o, n))| format!("{l}:{o:+.1}(x{n})"))
            .collect::<Vec<_>>()
            .join(" ")
    );

    let mut failures = Vec::new();
    for s in &samples {
        if s.wall <= bound(s.limit) {
            continue;
        }
        // Over the bound: starvation if the time spent waiting for a CPU covers the excess.
        let starved = s.wait.is_some_and(|w| s.wall - w <= bound(s.limit));
        if starved {
            eprintln!("timing: over the bound, but starved of CPU: {}", fmt(s));
        } else {
            failures.push(fmt(s));
        }
    }
    assert!(
        failures.is_empty(),
        "searches over limit + 20 ms + 5 %:\n{}",
        failures.join("\n")
    );
}
