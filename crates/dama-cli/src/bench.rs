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

/// The positions: name, FEN and the depth searched by default (deeper where the tree is narrow,
/// so each takes a comparable share of the time). The middlegames and endgames come from
/// engine games; several have exchanges, shots and races to the king row in reach.
#[rustfmt::skip]
const POSITIONS: &[(&str, &str, u32)] = &[
    ("start", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", 15),
    ("opening 22-18 11-15 18x11", "B:W11,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12", 15),
    ("early middlegame", "B:W18,21,22,23,24,29,31,32:B1,2,3,4,8,10,11,16", 15),
    ("middlegame, white to move", "W:W17,18,22,23,24,28,29,32:B1,2,3,8,10,12,15,16", 15),
    ("middlegame, 18 men", "W:W17,18,20,22,23,24,27,29,32:B1,3,5,8,9,10,11,15,16", 17),
    ("middlegame, open centre", "B:W15,17,21,22,24,26,29,30,32:B1,2,3,4,8,9,10,13,14", 15),
    ("men deep on both sides", "B:W11,17,19,23,24,27,29,31:B1,2,3,10,14,16,18,21", 15),
    ("race to the king row", "W:W8,16,17,25,26,32:B4,5,10,14,18,23", 19),
    ("king against men", "B:WK3,17,22,23,24,29,30:B1,2,4,10,13,14,15", 15),
    ("kings on both sides", "W:WK5,12,17,23,24,29,31:B2,16,18,21,22,K30", 17),
    ("king and men against king and men", "B:WK3,9,11,13,25:B4,18,20,27,K28", 17),
    ("kings endgame, 10 pieces", "B:WK10,K12,13,K18,26:B8,9,K20,K27,K28", 15),
    ("two kings and a man against two kings and two men", "B:WK2,K4,19:B8,23,K29,K31", 21),
    ("three kings against three kings", "B:WK9,K13,16:BK12,K18,K23", 19),
    ("three kings against two in the double corner", "W:WK6,K7,K11:BK25,K29", 21),
    ("king and men, men about to crown", "W:W17,K18,19:B2,12,28,K31", 19),
];

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
    println!(
        "{:>2}  {:<50} {:>5} {:>12} {:>9}  {:>7}  best",
        "#", "position", "depth", "nodes", "ms", "score"
    );
    let (mut nodes, mut ms) = (0u64, 0.0f64);
    let mut sum = Fnv::new();
    for (i, (name, fen, d)) in POSITIONS.iter().enumerate() {
        let game = Game::from_fen(fen).map_err(|e| format!("{name}: {e}"))?;
        let d = depth.unwrap_or(*d);
        let mut engine = Engine::with_clock(tt, Box::new(StdClock::new()));
        let r = engine.search(&game, &Limits::depth(d), &mut |_| {});
        let best = r
            .best
            .map(|m| notation::move_text(game.position(), &m))
            .unwrap_or_else(|| "-".into());
        println!(
            "{:>2}  {:<50} {:>5} {:>12} {:>9.1}  {:>7}  {best}",
            i + 1,
            name,
            r.depth,
            r.nodes,
            r.time_ms,
            score_text(r.score)
        );
        nodes += r.nodes;
        ms += r.time_ms;
        sum.add(&r.nodes.to_le_bytes());
        sum.add(&r.score.to_le_bytes());
        sum.add(best.as_bytes());
    }
    println!();
    println!("positions {}", POSITIONS.len());
    println!("nodes     {nodes}");
    println!("time      {:.3} s", ms / 1000.0);
    println!("nodes/s   {:.0}", nodes as f64 / (ms / 1000.0).max(1e-9));
    println!("checksum  {:016x}", sum.0);
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
        println!(
            "depth {:2}  sel {:2}  score {:>8}  nodes {:>11}  {:8.1} ms  {}",
            i.depth,
            i.seldepth,
            score_text(i.score),
            i.nodes,
            i.time_ms,
            pv.join(" ")
        );
    });
    println!();
    println!(
        "depth {} completed within {ms} ms ({} nodes in {:.1} ms, {:.0} nodes/s)",
        r.depth,
        r.nodes,
        r.time_ms,
        r.nodes as f64 / (r.time_ms / 1000.0).max(1e-9)
    );
    Ok(())
}

/// FNV-1a, 64 bits: a stable checksum with no dependency.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_playable() {
        for (name, fen, d) in POSITIONS {
            let g = Game::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
            // A single legal move would cut the search short and hide changes.
            assert!(g.legal_moves().len() >= 2, "{name}");
            assert!(*d >= 1);
        }
    }
}
