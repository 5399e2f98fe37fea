//! The lists of opening positions that matches, self-play and the book start from: the shipped
//! ones (`data/openings.txt` and `data/openings-brazilian.txt`, the positions three plies from
//! the start, made by `dama openings`), the distinct positions a number of plies on that make
//! them, and the reading of a list file.

use dama::{fen, Position, Variant};
use std::collections::HashSet;

/// The shipped openings of `variant`: the positions three plies from the start.
pub fn shipped(variant: Variant) -> &'static str {
    match variant {
        Variant::Italian => include_str!("../data/openings.txt"),
        Variant::Brazilian => include_str!("../data/openings-brazilian.txt"),
    }
}

/// The distinct positions `plies` plies after `start` in its game, in the order the move
/// generator first reaches them (so the list is stable); positions where the side to move has
/// no move are left out, since no game can be played from them.
pub fn distinct(start: Position, plies: u32) -> Vec<Position> {
    distinct_within(start, plies, usize::MAX).unwrap_or_default()
}

/// [`distinct`], or, as soon as a ply has more than `max` distinct positions, that ply (from
/// 1): the layers grow several times a ply, more from a position of many kings, so the bound
/// is checked as each grows rather than once it is done.
pub fn distinct_within(start: Position, plies: u32, max: usize) -> Result<Vec<Position>, u32> {
    let mut layer = vec![start];
    for ply in 1..=plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for p in &layer {
            for m in p.legal_moves().iter() {
                let c = p.play(m);
                if seen.insert(c) {
                    next.push(c);
                    if next.len() > max {
                        return Err(ply);
                    }
                }
            }
        }
        layer = next;
    }
    layer.retain(|p| !p.legal_moves().is_empty());
    Ok(layer)
}

/// Reads an openings file of `variant` (FENs in its numbering): one FEN per line; blank lines
/// and lines starting with `#` are skipped, and so is what follows a `#` after a FEN (a
/// comment, such as `dama book openings`' verdicts).
pub fn parse_list(variant: Variant, text: &str) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.split('#').next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        let p = fen::parse(variant, l).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(p);
    }
    if out.is_empty() {
        return Err("the openings list is empty".into());
    }
    Ok(out)
}
