//! `dama moves`: every legal move, captures with their full landing path, in the game's
//! notation (numbers in Italian, algebraic in Brazilian).

use crate::args::Args;

pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["fen", "variant"], &[])?;
    let v = a.variant()?;
    let pos = a.position(v)?;
    for m in pos.legal_moves().iter() {
        say!("{}", dama::rules::notation::full_text(v, m));
    }
    Ok(())
}
