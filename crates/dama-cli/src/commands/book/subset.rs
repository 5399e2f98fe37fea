//! A smaller book out of a larger one, for the browser: the book's positions taken breadth first
//! from the start along every move (the shipped openings joining at their ply), as many as fit
//! in a number of bytes. The nearest positions are the ones every game meets.

use super::OPENING_PLY;
use crate::opening_lists;
use dama::engine::book::{Book, BookBuilder, ENTRY_BYTES, HEADER_BYTES};
use dama::Position;
use std::collections::HashSet;

/// The positions of `book` nearest the start that fit in `max_bytes`; stops at the first
/// position that would not fit, so the subset is the same whatever the order of equal ones.
pub fn subset(book: &Book, max_bytes: usize) -> Result<Book, String> {
    let variant = book.variant();
    let start = Position::start(variant);
    let mut builder = BookBuilder::new(variant);
    let mut bytes = HEADER_BYTES;
    let mut seen: HashSet<Position> = HashSet::from([start]);
    let mut layer = vec![start];
    let mut ply = 0;
    'grow: while !layer.is_empty() {
        if ply == OPENING_PLY {
            for p in opening_lists::distinct(start, OPENING_PLY) {
                if seen.insert(p) {
                    layer.push(p);
                }
            }
        }
        let mut next = Vec::new();
        for pos in &layer {
            let legal = pos.legal_moves();
            if legal.len() > 1 {
                let moves = book.probe(pos);
                if moves.is_empty() {
                    continue;
                }
                if bytes + ENTRY_BYTES * moves.len() > max_bytes {
                    break 'grow;
                }
                builder.insert(pos, &moves).map_err(|e| e.to_string())?;
                bytes += ENTRY_BYTES * moves.len();
            }
            // Every move leads on, not only the book moves: the book also answers an
            // opponent's other moves (a drop-out build scores the likelier ones).
            for m in legal.iter() {
                let child = pos.play(m);
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        layer = next;
        ply += 1;
    }
    Ok(builder.finish().with_depth(book.depth().unwrap_or(0)))
}
