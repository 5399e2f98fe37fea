//! `dama perft`: leaf counts, optionally per first move, with speed.

use crate::options::{within, FenArg, GameArg};
use clap::Args;
use dama::notation;
use std::time::Instant;

/// Count the leaves of the move tree
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    fen: FenArg,
    /// The depth in plies, 0-20 (required)
    // Deeper would not finish.
    #[arg(long, value_name = "N", value_parser = within(0..=20u32))]
    depth: Option<u32>,
    /// The leaves under each first move too
    #[arg(long)]
    divide: bool,
}

pub fn run(a: PerftArgs) -> Result<(), String> {
    let v = a.game.variant;
    let pos = a.fen.position(v)?;
    let depth = a.depth.ok_or("perft needs --depth N")?;
    let t = Instant::now();
    let total = if a.divide {
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
