//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use crate::rules::movegen;
use crate::rules::moves::{Move, MoveList};
use crate::rules::position::Position;
use crate::rules::Rules;

/// The number of move sequences of length `depth` from `pos` by its game's rules (distinct
/// moves; the last ply is counted without building its quiet moves).
///
/// ```
/// use dama::{perft, Position, Variant};
/// assert_eq!(perft(&Position::start(Variant::Italian), 4), 1469);
/// assert_eq!(perft(&Position::start(Variant::Brazilian), 5), 7473);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    crate::with_rules!(pos.variant(), R => perft_with::<R>(pos, depth))
}

/// [`perft`] under rules `R` (the position's), compiled for them.
fn perft_with<R: Rules>(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            movegen::count::<R>(pos)
        };
    }
    // One move list per ply, made once: building lists is the hot path.
    let mut lists = vec![MoveList::new(); depth as usize];
    walk::<R>(pos, depth, &mut lists)
}

fn walk<R: Rules>(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 1 {
        return movegen::count::<R>(pos);
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    movegen::generate::<R>(pos, list);
    let mut n = 0;
    for m in list.iter() {
        n += walk::<R>(&pos.play(m), depth - 1, rest);
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
