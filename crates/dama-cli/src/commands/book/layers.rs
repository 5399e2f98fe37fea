//! Growing the book ply by ply: every position of a ply is scored, its book moves (within the
//! margin, at most the width) lead to the next ply's, until each line's horizon. The shipped
//! openings join at their ply with a horizon of their own.
//!
//! A ply is scored a chunk at a time and the book's [`Room`] checked after each position: the
//! build stops as soon as the entries stored, or the positions reached that are still to be
//! stored, pass what the book may hold, so its memory stays bounded by that.

use super::analyse::{book_moves, score_all};
use super::room::Room;
use super::{Grow, OPENING_PLY};
use crate::opening_lists;
use dama::engine::book::BookBuilder;
use dama::Position;
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// Positions scored at once: their move lists are all that is held of a ply's scores.
const CHUNK: usize = 4096;

/// Grows `builder` over the first `plies` plies from the start, and `opening_plies` more from
/// each shipped opening, within `room`; how many positions were stored.
pub fn grow(
    builder: &mut BookBuilder,
    g: &Grow,
    plies: u32,
    opening_plies: u32,
    room: &mut Room,
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
        // The positions of this ply still to store, and those of the next reached so far:
        // each will be stored with at least its best move.
        let mut to_store = layer
            .iter()
            .filter(|(p, _)| p.legal_moves().len() > 1)
            .count();
        let mut reached = 0usize;
        room.expect(to_store)?;
        let mut next: Vec<(Position, u32)> = Vec::new();
        let mut index: HashMap<Position, usize> = HashMap::new();
        for chunk in layer.chunks(CHUNK) {
            let positions: Vec<Position> = chunk.iter().map(|(p, _)| *p).collect();
            let scored = score_all(&positions, g.budget, g.threads, g.tt_mb);
            for ((pos, limit), scored) in chunk.iter().zip(&scored) {
                let moves = book_moves(scored, g.margin, g.width);
                if pos.legal_moves().len() > 1 {
                    let n = builder.insert(pos, &moves).map_err(|e| e.to_string())?;
                    stored += 1;
                    to_store -= 1;
                    room.take(n)?;
                }
                for (m, _) in &moves {
                    let child = pos.play(m);
                    let legal = child.legal_moves().len();
                    if legal == 0 {
                        continue;
                    }
                    // Reached again this ply by another line: it keeps the longer horizon.
                    if let Some(&i) = index.get(&child) {
                        next[i].1 = next[i].1.max(*limit);
                    } else if seen.insert(child) {
                        index.insert(child, next.len());
                        next.push((child, *limit));
                        // Counted if it is sure to be stored (a horizon raised later only
                        // adds to what is to come).
                        reached += usize::from(legal > 1 && ply + 1 < *limit);
                    }
                }
                room.expect(to_store + reached)?;
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
