//! Zobrist hashing.
//!
//! Each (colour, role, square) and the side to move has a fixed random key; a position's hash
//! is the XOR of its keys, so a move changes it by XOR-ing only the keys of what moved.

use crate::rules::bitboard::Bits;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::square::Color;

/// A position's hash is this module's: the position asks nothing of it.
impl Position {
    /// The Zobrist hash computed from scratch (the one the game and the engine update move by
    /// move). It does not include the game: a table holds one game's positions.
    pub fn hash(&self) -> u64 {
        hash(self)
    }

    /// The Zobrist hash after playing `m` here, given this position's hash `h`: what
    /// [`hash`](Self::hash) of the position after `m` gives, without computing it from scratch.
    ///
    /// ```
    /// use dama::Position;
    /// let pos = Position::start(dama::Variant::Italian);
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(pos.hash_after(pos.hash(), &m), pos.play(&m).hash());
    /// ```
    #[inline]
    pub fn hash_after(&self, h: u64, m: &Move) -> u64 {
        update(h, self, m)
    }
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Keys indexed `[white man, white king, black man, black king][square index]`.
const KEYS: [[u64; 32]; 4] = {
    let mut k = [[0u64; 32]; 4];
    let mut p = 0;
    while p < 4 {
        let mut s = 0;
        while s < 32 {
            k[p][s] = splitmix((p * 32 + s) as u64 + 0xDA3A);
            s += 1;
        }
        p += 1;
    }
    k
};

/// XOR-ed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0xB1AC);

#[inline(always)]
const fn kind(color: Color, king: bool) -> usize {
    (match color {
        Color::White => 0,
        Color::Black => 2,
    }) + king as usize
}

/// The hash of a position computed from scratch.
pub fn hash(pos: &Position) -> u64 {
    let mut h = match pos.turn() {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    };
    for c in [Color::White, Color::Black] {
        for i in Bits(pos.men_of(c)) {
            h ^= KEYS[kind(c, false)][i as usize];
        }
        for i in Bits(pos.kings_of(c)) {
            h ^= KEYS[kind(c, true)][i as usize];
        }
    }
    h
}

/// The hash after playing `m` in `pos`, given the hash `h` of `pos`.
#[inline]
pub fn update(h: u64, pos: &Position, m: &Move) -> u64 {
    let us = pos.turn();
    let them = us.opposite();
    let from = m.from().index() as usize;
    let to = m.to().index() as usize;
    let king = m.is_king_move();
    let mut h = h ^ BLACK_TO_MOVE;
    h ^= KEYS[kind(us, king)][from];
    h ^= KEYS[kind(us, king || m.promotes())][to];
    let cap = m.captured();
    if cap != 0 {
        for i in Bits(cap & pos.kings()) {
            h ^= KEYS[kind(them, true)][i as usize];
        }
        for i in Bits(cap & !pos.kings()) {
            h ^= KEYS[kind(them, false)][i as usize];
        }
    }
    h
}
