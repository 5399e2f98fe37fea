//! Perft benchmark without external crates: `cargo bench -p dama --bench perft`.
//!
//! Runs perft 10 and perft 11 from the start three times each and prints the best time and
//! leaves per second. The native CLI gives the same count:
//! `cargo run --release -p dama-cli -- perft --depth 11`.

use dama::{perft, Position};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// RULES.md: leaves from the start.
const EXPECTED: [(u32, u64); 2] = [(10, 17_761_384), (11, 81_647_058)];
const RUNS: usize = 3;

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this too, so keep that quick.
    let quick = std::env::args().all(|a| a != "--bench");
    let start = Position::start();
    for (depth, expected) in EXPECTED {
        let depth = if quick { depth - 4 } else { depth };
        let mut best = Duration::MAX;
        let mut leaves = 0;
        for _ in 0..RUNS {
            let t = Instant::now();
            leaves = perft(black_box(&start), black_box(depth));
            best = best.min(t.elapsed());
        }
        if !quick {
            assert_eq!(leaves, expected, "perft {depth} from the start");
        }
        let secs = best.as_secs_f64();
        println!(
            "perft {depth:>2}: {leaves:>11} leaves, best of {RUNS}: {secs:>7.3} s, {:>7.1} M leaves/s",
            leaves as f64 / secs.max(1e-9) / 1e6
        );
    }
}
