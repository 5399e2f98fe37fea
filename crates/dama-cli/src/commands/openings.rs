//! `dama openings`: every distinct position a given number of plies from the start (or from
//! `--fen`), one FEN per line in the game's numbering. `data/openings.txt` is the output of
//! `dama openings --plies 3` and `data/openings-brazilian.txt` that of `dama openings
//! --variant brazilian --plies 3` (216 positions each); `dama match` and `dama train gen`
//! start their games from them.

use crate::args::Args;
use crate::opening_lists::distinct;
use dama::rules::fen;

pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["plies", "fen", "variant"], &[])?;
    let v = a.variant()?;
    // Deeper gives too many positions to be useful.
    let plies: u32 = a.number_in("plies", 3, 0..=8)?;
    for p in distinct(a.position(v)?, plies) {
        say!("{}", fen::write(&p));
    }
    Ok(())
}
