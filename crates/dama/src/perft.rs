//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Italian;

/// The number of move sequences of length `depth` from `pos` (distinct moves; the last ply is
/// counted without building its quiet moves).
///
/// ```
/// use dama::{perft, Position};
/// assert_eq!(perft(&Position::start(), 4), 1469);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            movegen::count::<Italian>(pos)
        };
    }
    // One move list per ply, made once: building lists is the hot path.
    let mut lists = vec![MoveList::new(); depth as usize];
    walk(pos, depth, &mut lists)
}

fn walk(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 1 {
        return movegen::count::<Italian>(pos);
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    movegen::generate::<Italian>(pos, list);
    let mut n = 0;
    for m in list.iter() {
        n += walk(&pos.play(m), depth - 1, rest);
    }
    n
}

/// Perft split by first move: each legal move with the leaf count below it.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| (*m, perft(&pos.play(m), depth - 1)))
        .collect()
}
