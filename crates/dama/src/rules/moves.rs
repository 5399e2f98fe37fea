//! Moves and fixed-capacity move lists.

use crate::rules::bitboard::{diagonal_between, step, Bitboard, Bits, Dir};
use crate::rules::square::Square;
use core::ops::Deref;

/// A legal move: a quiet step or slide, or a whole capture sequence.
///
/// A capture stores its route: in a game of short jumps the direction of each jump (two bits),
/// in a game with flying kings every landing square (five bits each; up to 12 jumps, as no side
/// has more pieces to take); the captured pieces are a bitboard. Two sequences with the same from, to and captured
/// set are the same move.
///
/// Stored as two words: the squares, jump count, flags and captured set in one, the route in
/// the other. A move is copied, compared and kept across the search's recursive call as two
/// numbers rather than six fields (wasm's compiler keeps no register across a call, and saves
/// and reloads each field apart).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// `from | to << 8 | jumps << 16 | flags << 24 | captured << 32`.
    head: u64,
    path: u64,
}

impl core::fmt::Debug for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Move")
            .field("from", &self.origin())
            .field("to", &self.target())
            .field("jumps", &self.jumps())
            .field("flags", &self.flags())
            .field("captured", &self.captured())
            .field("path", &self.path)
            .finish()
    }
}

/// Where each part of a move's first word starts.
const TO_SHIFT: u32 = 8;
const JUMPS_SHIFT: u32 = 16;
const FLAGS_SHIFT: u32 = 24;
const CAPTURED_SHIFT: u32 = 32;
/// The parts of the first word that make a move's identity: from, to and the captured set.
const IDENTITY: u64 = 0xffff_ffff_0000_ffff;

const KING: u8 = 1;
const PROMOTES: u8 = 2;
/// The route is stored as jump directions (every jump lands two squares on).
const SHORT: u8 = 4;
/// Bits a landing square takes in a stored route of landing squares.
pub(crate) const PATH_BITS: u32 = 5;
/// Bits a direction takes in a stored route of short jumps.
pub(crate) const DIR_BITS: u32 = 2;
/// The most jumps one capture can make: one per opposing piece.
pub const MAX_JUMPS: u32 = 12;

impl Move {
    /// A quiet (non-capturing) move.
    pub(crate) const fn quiet(from: u32, to: u32, king: bool, promotes: bool) -> Move {
        Move::pack(
            from,
            to,
            0,
            (king as u8 * KING) | (promotes as u8 * PROMOTES),
            0,
            0,
        )
    }

    /// The two words of a move from its parts (squares below 32, at most 12 jumps).
    #[inline(always)]
    const fn pack(
        from: u32,
        to: u32,
        jumps: u32,
        flags: u8,
        captured: Bitboard,
        path: u64,
    ) -> Move {
        Move {
            head: (from as u8 as u64)
                | ((to as u8 as u64) << TO_SHIFT)
                | ((jumps as u8 as u64) << JUMPS_SHIFT)
                | ((flags as u64) << FLAGS_SHIFT)
                | ((captured as u64) << CAPTURED_SHIFT),
            path,
        }
    }

    /// The index of the square the piece starts on.
    #[inline(always)]
    const fn origin(&self) -> u32 {
        self.head as u8 as u32
    }

    /// The index of the square the piece ends on.
    #[inline(always)]
    const fn target(&self) -> u32 {
        (self.head >> TO_SHIFT) as u8 as u32
    }

    /// The king, crowning and short-route bits.
    #[inline(always)]
    const fn flags(&self) -> u8 {
        (self.head >> FLAGS_SHIFT) as u8
    }

    /// A capture sequence of `jumps` jumps from `from` to `to`, its route in `path`, first jump
    /// lowest: directions of [`DIR_BITS`] when `short`, else landing squares of [`PATH_BITS`].
    #[allow(clippy::too_many_arguments)]
    pub(crate) const fn capture(
        from: u32,
        to: u32,
        captured: Bitboard,
        path: u64,
        jumps: u32,
        king: bool,
        promotes: bool,
        short: bool,
    ) -> Move {
        Move::pack(
            from,
            to,
            jumps,
            (king as u8 * KING) | (promotes as u8 * PROMOTES) | (short as u8 * SHORT),
            captured,
            path,
        )
    }

    /// The square the moving piece starts on.
    pub const fn from(&self) -> Square {
        match Square::from_index(self.origin()) {
            Some(s) => s,
            None => unreachable_square(),
        }
    }

    /// The square the moving piece ends on.
    pub const fn to(&self) -> Square {
        match Square::from_index(self.target()) {
            Some(s) => s,
            None => unreachable_square(),
        }
    }

    /// The captured pieces as a bitboard (empty for a quiet move).
    pub const fn captured(&self) -> Bitboard {
        (self.head >> CAPTURED_SHIFT) as Bitboard
    }

    /// The captured squares, in board order.
    pub fn captured_squares(&self) -> impl Iterator<Item = Square> + use<> {
        Bits(self.captured()).filter_map(Square::from_index)
    }

    /// The captured squares in the order they were jumped: on each leg, the captured piece
    /// between one landing square and the next.
    pub fn captured_in_order(&self) -> impl Iterator<Item = Square> + '_ {
        let mut at: Bitboard = 1 << self.origin();
        self.path().filter_map(move |land| {
            let over = ray_between(at, land.bit()) & self.captured();
            at = land.bit();
            Square::from_index(over.trailing_zeros())
        })
    }

    /// The squares landed on, in order, ending with [`to`](Move::to); a quiet move has one.
    ///
    /// ```
    /// use dama::{Position, Square};
    /// let pos = Position::from_fen(dama::Variant::Italian, "W:W31:B12,20,28").unwrap();
    /// let moves = pos.legal_moves();
    /// let path: Vec<u8> = moves[0].path().map(|s| s.number()).collect();
    /// assert_eq!(path, vec![24, 15, 8]);
    /// ```
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        let quiet = self.jumps() == 0;
        let n = if quiet { 1 } else { self.jumps() };
        let mut at: Bitboard = 1 << self.origin();
        (0..n).filter_map(move |j| {
            if quiet {
                return Some(self.to());
            }
            if self.flags() & SHORT != 0 {
                let d = Dir::from_index((self.path >> (DIR_BITS * j)) as u32);
                at = step(step(at, d), d);
                return Square::from_index(at.trailing_zeros());
            }
            Square::from_index(((self.path >> (PATH_BITS * j)) & 31) as u32)
        })
    }

    /// The number of pieces captured.
    pub const fn capture_count(&self) -> u32 {
        self.captured().count_ones()
    }

    /// Whether this move captures.
    pub const fn is_capture(&self) -> bool {
        self.captured() != 0
    }

    /// Whether the moving piece is a king.
    pub const fn is_king_move(&self) -> bool {
        self.flags() & KING != 0
    }

    /// Whether a man is crowned by this move.
    pub const fn promotes(&self) -> bool {
        self.flags() & PROMOTES != 0
    }

    /// The number of jumps (0 for a quiet move).
    pub const fn jumps(&self) -> u32 {
        (self.head >> JUMPS_SHIFT) as u8 as u32
    }

    /// Same from, to and captured set: the identity of a move in the rules.
    pub(crate) const fn same_as(&self, other: &Move) -> bool {
        (self.head ^ other.head) & IDENTITY == 0
    }
}

/// The squares strictly between two squares on one diagonal (empty when they share none).
pub(crate) fn ray_between(a: Bitboard, b: Bitboard) -> Bitboard {
    diagonal_between(a, b).map_or(0, |(_, ray)| ray)
}

const fn unreachable_square() -> Square {
    // Moves are only built by the generator with in-range squares.
    match Square::from_index(0) {
        Some(s) => s,
        None => panic!(),
    }
}

/// Room for every move of any position of either game. Quiet moves are at most 12 pieces x 13
/// squares (a flying king's most, from the centre) = 156; the most distinct maximal captures
/// found by the search in `tests/core/worst_case.rs` is far below. Filling the list is a bug that
/// debug builds (and so every test and fuzz run) stop on.
pub const MAX_MOVES: usize = 256;

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
            moves: [Move { head: 0, path: 0 }; MAX_MOVES],
        }
    }

    /// Appends a move. The capacity is above the worst case of both games (see
    /// [`MAX_MOVES`]); release builds never index past it either.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        debug_assert!(
            self.len < MAX_MOVES,
            "move list full: MAX_MOVES is too small"
        );
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves `keep` accepts, in their order (the analysis leaves out root moves
    /// already shown in a line above).
    pub(crate) fn retain(&mut self, keep: impl Fn(&Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(&self.moves[i]) {
                self.moves[n] = self.moves[i];
                n += 1;
            }
        }
        self.len = n;
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
