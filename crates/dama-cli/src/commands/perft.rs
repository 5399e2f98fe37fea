//! `dama perft`: leaf counts, optionally per first move, with speed.

use crate::args::Args;
use dama::rules::notation;
use std::time::Instant;

pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["fen", "depth", "variant"], &["divide"])?;
    let v = a.variant()?;
    let pos = a.position(v)?;
    if a.get("depth").is_none() {
        return Err("perft needs --depth N".into());
    }
    // Deeper would not finish.
    let depth: u32 = a.number_in("depth", 0, 0..=20)?;
    let t = Instant::now();
    let total = if a.flag("divide") {
        let legal = pos.legal_moves();
        let mut total = 0;
        for (m, n) in dama::perft_divide(&pos, depth) {
            say!("{} {n}", notation::move_text_among(v, &legal, &m));
            total += n;
        }
        total
    } else {
        dama::perft(&pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    say!("leaves {total}");
    say!(
        "time {:.3} s, {:.1} million leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
