//! Moves and fixed-capacity move lists.

use crate::bitboard::{step, Bitboard, Bits, Dir};
use crate::square::Square;
use core::ops::Deref;

/// A legal move: a quiet step or a whole capture sequence.
///
/// A capture stores the direction of each jump (two bits a jump), so the landing path is known
/// without storing squares; the captured pieces are a bitboard. Two sequences with the same
/// from, to and captured set are the same move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move {
    from: u8,
    to: u8,
    jumps: u8,
    flags: u8,
    captured: Bitboard,
    dirs: u32,
}

const KING: u8 = 1;
const PROMOTES: u8 = 2;

impl Move {
    /// A quiet (non-capturing) move.
    pub(crate) const fn quiet(from: u32, to: u32, king: bool, promotes: bool) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            jumps: 0,
            flags: (king as u8 * KING) | (promotes as u8 * PROMOTES),
            captured: 0,
            dirs: 0,
        }
    }

    /// A capture sequence of `jumps` jumps in directions `dirs` (two bits each, first jump lowest).
    pub(crate) const fn capture(
        from: u32,
        to: u32,
        captured: Bitboard,
        dirs: u32,
        jumps: u32,
        king: bool,
        promotes: bool,
    ) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            jumps: jumps as u8,
            flags: (king as u8 * KING) | (promotes as u8 * PROMOTES),
            captured,
            dirs,
        }
    }

    /// The square the moving piece starts on.
    pub const fn from(&self) -> Square {
        match Square::from_index(self.from as u32) {
            Some(s) => s,
            None => unreachable_square(),
        }
    }

    /// The square the moving piece ends on.
    pub const fn to(&self) -> Square {
        match Square::from_index(self.to as u32) {
            Some(s) => s,
            None => unreachable_square(),
        }
    }

    /// The captured pieces as a bitboard (empty for a quiet move).
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// The captured squares, in board order.
    pub fn captured_squares(&self) -> impl Iterator<Item = Square> {
        Bits(self.captured).filter_map(Square::from_index)
    }

    /// The captured squares in the order they were jumped.
    pub fn captured_in_order(&self) -> impl Iterator<Item = Square> + '_ {
        let mut at: Bitboard = 1 << self.from;
        (0..self.jumps as u32).filter_map(move |j| {
            let d = Dir::from_index(self.dirs >> (2 * j));
            let over = step(at, d);
            at = step(over, d);
            Square::from_index(over.trailing_zeros())
        })
    }

    /// The squares landed on, in order, ending with [`to`](Move::to); a quiet move has one.
    ///
    /// ```
    /// use dama::{Position, Square};
    /// let pos = Position::from_fen("W:W31:B12,20,28").unwrap();
    /// let moves = pos.legal_moves();
    /// let path: Vec<u8> = moves[0].path().map(|s| s.number()).collect();
    /// assert_eq!(path, vec![24, 15, 8]);
    /// ```
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        let quiet = self.jumps == 0;
        let mut at: Bitboard = 1 << self.from;
        let n = if quiet { 1 } else { self.jumps as u32 };
        (0..n).filter_map(move |j| {
            if quiet {
                return Some(self.to());
            }
            let d = Dir::from_index(self.dirs >> (2 * j));
            at = step(step(at, d), d);
            Square::from_index(at.trailing_zeros())
        })
    }

    /// The number of pieces captured.
    pub const fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Whether this move captures.
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Whether the moving piece is a king.
    pub const fn is_king_move(&self) -> bool {
        self.flags & KING != 0
    }

    /// Whether a man is crowned by this move.
    pub const fn promotes(&self) -> bool {
        self.flags & PROMOTES != 0
    }

    /// The number of jumps (0 for a quiet move).
    pub const fn jumps(&self) -> u32 {
        self.jumps as u32
    }

    /// Same from, to and captured set: the identity of a move in the rules.
    pub(crate) const fn same_as(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

const fn unreachable_square() -> Square {
    // Moves are only built by the generator with in-range squares.
    match Square::from_index(0) {
        Some(s) => s,
        None => panic!(),
    }
}

/// Room for every move of any reachable position (at most 12 kings x 4 steps quiet, and far
/// fewer distinct maximal captures).
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of moves; building one allocates nothing.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move {
                from: 0,
                to: 0,
                jumps: 0,
                flags: 0,
                captured: 0,
                dirs: 0,
            }; MAX_MOVES],
        }
    }

    /// Appends a move; a move past the capacity is dropped rather than panicking.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Swaps two entries (used by move ordering).
    pub fn swap(&mut self, a: usize, b: usize) {
        self.moves[..self.len].swap(a, b);
    }

    /// The moves as a mutable slice (for sorting).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
