//! `dama moves`: every legal move, captures with their full landing path, in the game's
//! notation (numbers in Italian, algebraic in Brazilian).

use crate::options::{FenArg, GameArg};
use clap::Args;

/// List every legal move, one per line, captures with their full path
#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    fen: FenArg,
}

pub fn run(a: MovesArgs) -> Result<(), String> {
    let v = a.game.variant;
    for m in a.fen.position(v)?.legal_moves().iter() {
        say!("{}", dama::notation::full_text(v, m));
    }
    Ok(())
}
