//! `dama openings`: every distinct position a given number of plies from the start (or from
//! `--fen`), one FEN per line. `data/openings.txt` is the output of `dama openings --plies 3`.

use crate::args::Args;
use dama::Position;
use std::collections::HashSet;

pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["plies", "fen"], &[])?;
    let plies: u32 = a.number("plies", 3)?;
    if plies > 8 {
        return Err("--plies above 8 gives too many positions to be useful".into());
    }
    for p in distinct(a.position()?, plies) {
        say!("{}", p.to_fen());
    }
    Ok(())
}

/// The distinct positions `plies` plies after `start`, in the order the move generator first
/// reaches them (so the list is stable); positions where the side to move has no move are left
/// out, since no game can be played from them.
pub fn distinct(start: Position, plies: u32) -> Vec<Position> {
    let mut layer = vec![start];
    for _ in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for p in &layer {
            for m in p.legal_moves().iter() {
                let c = p.play(m);
                if seen.insert(c) {
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    layer.retain(|p| !p.legal_moves().is_empty());
    layer
}

/// Reads an openings file: one FEN per line; blank lines and lines starting with `#` are skipped.
pub fn parse_list(text: &str) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let p = Position::from_fen(l).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(p);
    }
    if out.is_empty() {
        return Err("the openings list is empty".into());
    }
    Ok(out)
}
