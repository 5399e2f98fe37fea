//! `dama bench`: speed and a fingerprint of the search.
//!
//! `bench search` searches a fixed set of positions, each to a fixed depth with a fresh engine
//! and no time limit, so the node counts depend only on the search and evaluation code: the
//! total nodes and the checksum change exactly when the search does. `bench depth` reports how
//! deep iterative deepening gets in a given time.

use crate::args::Args;
use dama::clock::StdClock;
use dama::search::{score_text, Engine, Limits, MAX_PLY};
use dama::{notation, Game};

pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("depth") => depth(&args[1..]),
        Some("search") => search(&args[1..]),
        _ => search(args),
    }
}

fn search(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["depth", "tt"], &[])?;
    let depth: Option<u32> = match a.get("depth") {
        Some(_) => Some(a.number("depth", 1u32)?.clamp(1, MAX_PLY as u32 - 8)),
        None => None,
    };
    let tt: usize = a.number("tt", 32)?;
    if !(1..=4096).contains(&tt) {
        return Err("--tt must be 1-4096 (MB)".into());
    }
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
    let clock = || Box::new(StdClock::new()) as Box<dyn dama::clock::Clock + Send>;
    let total = dama::bench::search(&clock, tt, depth, &mut |l| {
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
    say!("positions {}", dama::bench::POSITIONS.len());
    say!("nodes     {}", total.nodes);
    say!("time      {:.3} s", total.time_ms / 1000.0);
    say!(
        "nodes/s   {:.0}",
        total.nodes as f64 / (total.time_ms / 1000.0).max(1e-9)
    );
    say!("checksum  {:016x}", total.checksum);
    Ok(())
}

fn depth(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["time", "tt", "fen"], &[])?;
    let ms: f64 = a.number("time", 1000.0)?;
    if !(ms.is_finite() && ms > 0.0) {
        return Err("--time must be a positive number of milliseconds".into());
    }
    let tt: usize = a.number("tt", 32)?;
    if !(1..=4096).contains(&tt) {
        return Err("--tt must be 1-4096 (MB)".into());
    }
    let game = Game::from_position(a.position()?);
    let mut engine = Engine::with_clock(tt, Box::new(StdClock::new()));
    let r = engine.search(&game, &Limits::time(ms), &mut |i| {
        let pv: Vec<String> = i.pv.iter().map(notation::full_text).collect();
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
        "depth {} completed within {ms} ms ({} nodes in {:.1} ms, {:.0} nodes/s)",
        r.depth,
        r.nodes,
        r.time_ms,
        r.nodes as f64 / (r.time_ms / 1000.0).max(1e-9)
    );
    Ok(())
}
