//! Perft benchmark without external crates: `cargo bench -p dama --bench perft`.
//!
//! Runs perft 10 and 11 of Italian draughts and perft 10 of Brazilian draughts from the start,
//! three times each, and prints the best time and leaves per second, on one core. The native
//! CLI gives the same counts: `cargo run --release -p dama-cli -- perft --depth 11`.

use dama::perft;
use dama::{Position, Variant};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// RULES.md: leaves from the start.
const EXPECTED: [(Variant, u32, u64); 3] = [
    (Variant::Italian, 10, 17_761_384),
    (Variant::Italian, 11, 81_647_058),
    (Variant::Brazilian, 10, 21_560_022),
];
const RUNS: usize = 3;

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this too, so keep that quick.
    let quick = std::env::args().all(|a| a != "--bench");
    let start = Position::start(Variant::Italian);
    for (variant, depth, expected) in EXPECTED {
        let depth = if quick { depth - 4 } else { depth };
        let mut best = Duration::MAX;
        let mut leaves = 0;
        for _ in 0..RUNS {
            let t = Instant::now();
            leaves = perft(&(black_box(&start)).with_variant(variant), black_box(depth));
            best = best.min(t.elapsed());
        }
        if !quick {
            assert_eq!(leaves, expected, "{variant} perft {depth} from the start");
        }
        let secs = best.as_secs_f64();
        println!(
            "{:<9} perft {depth:>2}: {leaves:>11} leaves, best of {RUNS}: {secs:>7.3} s, {:>7.1} M leaves/s",
            variant.id(),
            leaves as f64 / secs.max(1e-9) / 1e6
        );
    }
}
