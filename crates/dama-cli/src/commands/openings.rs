//! `dama openings`: every distinct position a given number of plies from the start (or from
//! `--fen`), one FEN per line in the game's numbering. `data/openings.txt` is the output of
//! `dama openings --plies 3` and `data/openings-brazilian.txt` that of `dama openings
//! --variant brazilian --plies 3` (216 positions each); `dama match` and `dama train gen`
//! start their games from them.

use crate::opening_lists::distinct_within;
use crate::options::{within, FenArg, GameArg};
use clap::Args;
use dama::fen;

/// Every distinct position N plies on, one FEN per line
///
/// Positions where the side to move has no move are left out. `dama openings --plies 3` made
/// the shipped openings of each game, where matches and self-play start.
#[derive(Args)]
pub struct OpeningsArgs {
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    fen: FenArg,
    /// Plies from the position, 0-8 (at most 1000000 positions a ply)
    // Deeper gives too many positions to be useful.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = within(0..=8u32))]
    plies: u32,
}

/// The most distinct positions a ply may have: 8 plies from either game's start have under
/// 100,000, but a position of a few kings on each side passes a million by its seventh ply
/// (2,500,000 then, and memory with them), which no list is for.
const MAX_POSITIONS: usize = 1_000_000;

pub fn run(a: OpeningsArgs) -> Result<(), String> {
    let start = a.fen.position(a.game.variant)?;
    let list = distinct_within(start, a.plies, MAX_POSITIONS).map_err(|ply| {
        format!(
            "more than {MAX_POSITIONS} distinct positions {ply} plies on, stopped with nothing \
             written: lower --plies"
        )
    })?;
    for p in list {
        say!("{}", fen::write(&p));
    }
    Ok(())
}
