//! Growing the book ply by ply: every position of a ply is scored, its book moves (within the
//! margin, at most the width) lead to the next ply's, until each line's horizon. The shipped
//! openings join at their ply with a horizon of their own.

use super::analyse::{book_moves, score_all};
use super::{Grow, OPENING_PLY};
use crate::opening_lists;
use dama::engine::book::BookBuilder;
use dama::Position;
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// Grows `builder` over the first `plies` plies from the start, and `opening_plies` more from
/// each shipped opening; how many positions were stored.
pub fn grow(
    builder: &mut BookBuilder,
    g: &Grow,
    plies: u32,
    opening_plies: u32,
) -> Result<usize, String> {
    let started = Instant::now();
    let start = Position::start(g.variant);
    let mut seen: HashSet<Position> = HashSet::new();
    // Each position with the ply before which the book ends on its line.
    let mut layer = vec![(start, plies)];
    seen.insert(start);
    let mut stored = 0usize;
    let last = plies.max(OPENING_PLY + opening_plies);
    for ply in 0..last {
        if ply == OPENING_PLY && opening_plies > 0 {
            let horizon = OPENING_PLY + opening_plies;
            for p in opening_lists::distinct(start, OPENING_PLY) {
                match layer.iter_mut().find(|(q, _)| *q == p) {
                    Some((_, limit)) => *limit = (*limit).max(horizon),
                    None if seen.insert(p) => layer.push((p, horizon)),
                    None => {}
                }
            }
        }
        layer.retain(|(_, limit)| ply < *limit);
        if layer.is_empty() {
            break;
        }
        let positions: Vec<Position> = layer.iter().map(|(p, _)| *p).collect();
        let scored = score_all(&positions, g.budget, g.threads, g.tt_mb);
        let mut next: Vec<(Position, u32)> = Vec::new();
        let mut index: HashMap<Position, usize> = HashMap::new();
        for ((pos, limit), scored) in layer.iter().zip(&scored) {
            let moves = book_moves(scored, g.margin, g.width);
            if pos.legal_moves().len() > 1 {
                builder.insert(pos, &moves).map_err(|e| e.to_string())?;
                stored += 1;
            }
            for (m, _) in &moves {
                let child = pos.play(m);
                if child.legal_moves().is_empty() {
                    continue;
                }
                // Reached again this ply by another line: it keeps the longer horizon.
                if let Some(&i) = index.get(&child) {
                    next[i].1 = next[i].1.max(*limit);
                } else if seen.insert(child) {
                    index.insert(child, next.len());
                    next.push((child, *limit));
                }
            }
        }
        eprintln!(
            "ply {ply:2}: {:5} positions, {:6} stored so far, {:7.1} s",
            layer.len(),
            stored,
            started.elapsed().as_secs_f64()
        );
        layer = next;
    }
    Ok(stored)
}
