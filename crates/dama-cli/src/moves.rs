//! `dama moves`: every legal move, captures with their full landing path.

use crate::args::Args;

pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["fen"], &[])?;
    let pos = a.position()?;
    for m in pos.legal_moves().iter() {
        say!("{}", dama::notation::full_text(m));
    }
    Ok(())
}
