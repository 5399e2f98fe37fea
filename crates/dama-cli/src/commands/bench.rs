//! `dama bench`: speed and a fingerprint of the search, and the move generator's speed.
//!
//! `bench search` searches a fixed set of (Italian) positions, each to a fixed depth with a
//! fresh engine and no time limit, so the node counts depend only on the search and
//! evaluation code: the total nodes and the checksum change exactly when the search does.
//! `bench depth` reports how deep iterative deepening gets in a given time, in either game.
//! `bench perft` counts the move tree from the start of each game (depth 10 by default), on
//! one core, best of `--runs` runs, and checks the counts against the known ones.

use crate::options::{within, FenArg, GameArg};
use clap::{Args, Subcommand};
use dama::engine::StdClock;
use dama::engine::{score_text, Engine, Limits, MAX_PLY, MAX_THREADS};
use dama::{notation, Game, Variant};
use std::time::Instant;

/// The largest transposition table a bench may ask for, in MB.
const MAX_TT_MB: usize = 4096;

/// Benchmarks: bench search (the default), bench depth, bench perft
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BenchArgs {
    #[command(subcommand)]
    bench: Option<Bench>,
    // Without a subcommand: bench search's options.
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Subcommand)]
enum Bench {
    Search(SearchArgs),
    Depth(DepthArgs),
    Perft(PerftArgs),
}

pub fn run(a: BenchArgs) -> Result<(), String> {
    match a.bench {
        None => search(a.search),
        Some(Bench::Search(s)) => search(s),
        Some(Bench::Depth(d)) => depth(d),
        Some(Bench::Perft(p)) => perft(p),
    }
}

/// Search fixed (Italian) positions to a fixed depth: nodes, time, nodes/s and a checksum
///
/// Each position is searched with a fresh engine and no time limit, so the node counts depend
/// only on the search and evaluation code: the total and the checksum change exactly when the
/// search does.
#[derive(Args)]
struct SearchArgs {
    /// Every position to this depth, 1-120 (default: each position's own)
    #[arg(long, value_name = "N", value_parser = within(1..=MAX_PLY as u32 - 8))]
    depth: Option<u32>,
    /// The transposition table in MB, 1-4096
    #[arg(long, value_name = "MB", default_value_t = 32, value_parser = within(1..=MAX_TT_MB))]
    tt: usize,
    /// italian, the game of the positions (any other is refused)
    #[arg(long, value_name = "GAME")]
    variant: Option<Variant>,
}

fn search(a: SearchArgs) -> Result<(), String> {
    if let Some(v) = a.variant.filter(|&v| v != Variant::Italian) {
        return Err(format!(
            "the positions of bench search are for Italian draughts only, not for {}",
            v.name()
        ));
    }
    let (depth, tt) = (a.depth, a.tt);
    say!(
        "{:>2}  {:<50} {:>5} {:>12} {:>9}  {:>7}  best",
        "#",
        "position",
        "depth",
        "nodes",
        "ms",
        "score"
    );
    let mut i = 0;
    let clock = || Box::new(StdClock::new()) as Box<dyn dama::engine::Clock + Send>;
    let total = dama::engine::bench::search(&clock, tt, depth, &mut |l| {
        i += 1;
        say!(
            "{:>2}  {:<50} {:>5} {:>12} {:>9.1}  {:>7}  {}",
            i,
            l.name,
            l.depth,
            l.nodes,
            l.time_ms,
            score_text(l.score),
            l.best
        );
    });
    say!();
    say!("positions {}", dama::engine::bench::POSITIONS.len());
    say!("nodes     {}", total.nodes);
    say!("time      {:.3} s", total.time_ms / 1000.0);
    say!(
        "nodes/s   {:.0}",
        total.nodes as f64 / (total.time_ms / 1000.0).max(1e-9)
    );
    say!("checksum  {:016x}", total.checksum);
    Ok(())
}

/// The depth iterative deepening reaches in a given time, in either game
#[derive(Args)]
struct DepthArgs {
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    fen: FenArg,
    /// Milliseconds, 1-3600000
    #[arg(long, value_name = "MS", value_parser = within(1.0..=3_600_000.0))]
    #[arg(default_value_t = 1000.0)]
    time: f64,
    /// The transposition table in MB, 1-4096
    #[arg(long, value_name = "MB", default_value_t = 32, value_parser = within(1..=MAX_TT_MB))]
    tt: usize,
    /// Search threads, 1-256
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(1..=MAX_THREADS))]
    threads: usize,
    /// The evaluation: shipped (the default), regions, classic (Italian), or a weights or
    /// network file of the game
    #[arg(long, value_name = "E")]
    eval: Option<String>,
}

fn depth(a: DepthArgs) -> Result<(), String> {
    let v = a.game.variant;
    let (ms, threads) = (a.time, a.threads);
    let game = Game::from_position(a.fen.position(v)?);
    let mut engine = Engine::with_clock(a.tt, Box::new(StdClock::new()));
    engine.set_threads(threads);
    if let Some(spec) = &a.eval {
        engine.set_eval(crate::eval_spec::eval_from_spec(spec, v)?);
    }
    let r = engine.search(&game, &Limits::time(ms), &mut |i| {
        let pv: Vec<String> = i.pv.iter().map(|m| notation::full_text(v, m)).collect();
        say!(
            "depth {:2}  sel {:2}  score {:>8}  nodes {:>11}  {:8.1} ms  {}",
            i.depth,
            i.seldepth,
            score_text(i.score),
            i.nodes,
            i.time_ms,
            pv.join(" ")
        );
    });
    say!();
    say!(
        "depth {} completed within {ms} ms on {threads} thread(s) ({} nodes in {:.1} ms, \
         {:.0} nodes/s)",
        r.depth,
        r.nodes,
        r.time_ms,
        r.nodes as f64 / (r.time_ms / 1000.0).max(1e-9)
    );
    Ok(())
}

/// Perft from the start, distinct moves, depths 0-11: Italian (docs/RULES.md), then
/// Brazilian.
const KNOWN: [(Variant, [u64; 12]); 2] = [
    (
        Variant::Italian,
        [
            1, 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058,
        ],
    ),
    (
        Variant::Brazilian,
        [
            1, 7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257,
        ],
    ),
];

/// Perft from the start of each game on one core, its counts checked against the known ones
#[derive(Args)]
struct PerftArgs {
    /// The game, italian or brazilian (default: both)
    #[arg(long, value_name = "GAME")]
    variant: Option<Variant>,
    /// The depth in plies, 0-12
    // Deeper takes minutes: dama perft goes on.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = within(0..=12u32))]
    depth: u32,
    /// Runs of each, the best counting, 1-100
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = within(1..=100u32))]
    runs: u32,
}

fn perft(a: PerftArgs) -> Result<(), String> {
    let (depth, runs) = (a.depth, a.runs);
    let games: Vec<Variant> = match a.variant {
        Some(v) => vec![v],
        None => Variant::ALL.to_vec(),
    };
    let mut wrong = Vec::new();
    for v in games {
        let mut best = f64::INFINITY;
        let mut leaves = 0;
        for _ in 0..runs {
            let t = Instant::now();
            leaves = dama::perft(&dama::Position::start(v), depth);
            best = best.min(t.elapsed().as_secs_f64());
        }
        let known = KNOWN
            .iter()
            .find(|(k, _)| *k == v)
            .and_then(|(_, n)| n.get(depth as usize).copied());
        let check = match known {
            Some(k) if k == leaves => "ok".to_string(),
            Some(k) => {
                wrong.push(v.id());
                format!("WRONG, expected {k}")
            }
            None => "not known".to_string(),
        };
        say!(
            "perft {:<9} depth {depth:2}  leaves {leaves:>12}  {:8.3} s  {:6.1} M leaves/s  \
             (best of {runs})  {check}",
            v.id(),
            best,
            leaves as f64 / best.max(1e-9) / 1e6
        );
    }
    if !wrong.is_empty() {
        return Err(format!(
            "perft counts differ from the known ones in {}",
            wrong.join(", ")
        ));
    }
    Ok(())
}
