//! `dama openings`: every distinct position a given number of plies from the start (or from
//! `--fen`), one FEN per line in the game's numbering. `data/openings.txt` is the output of
//! `dama openings --plies 3` and `data/openings-brazilian.txt` that of `dama openings
//! --variant brazilian --plies 3` (216 positions each); `dama match` and `dama train gen`
//! start their games from them.

use crate::opening_lists::distinct;
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
    /// Plies from the position, 0-8
    // Deeper gives too many positions to be useful.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = within(0..=8u32))]
    plies: u32,
}

pub fn run(a: OpeningsArgs) -> Result<(), String> {
    for p in distinct(a.fen.position(a.game.variant)?, a.plies) {
        say!("{}", fen::write(&p));
    }
    Ok(())
}
