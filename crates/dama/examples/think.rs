//! Thinks about a position for a while and prints each iteration: `cargo run --release
//! --example think -- [FEN] [milliseconds]`.

use dama::search::{score_text, Engine, Limits};
use dama::{notation, Game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = match args.first() {
        Some(f) => Game::from_fen(f).unwrap_or_else(|e| panic!("{e}")),
        None => Game::new(),
    };
    let ms: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000.0);
    let mut engine = Engine::new(64);
    let r = engine.search(&game, &Limits::time(ms), &mut |i| {
        let pv: Vec<String> = i.pv.iter().map(notation::full_text).collect();
        println!(
            "depth {:2} sel {:2} score {:>9} nodes {:>10} time {:7.1} ms  {}",
            i.depth,
            i.seldepth,
            score_text(i.score),
            i.nodes,
            i.time_ms,
            pv.join(" ")
        );
    });
    println!(
        "best {} ({:.1} M nodes/s)",
        r.best.map(|m| notation::full_text(&m)).unwrap_or_default(),
        r.nodes as f64 / r.time_ms.max(1.0) / 1000.0
    );
}
