//! Material signatures and the bijection between positions and table indices.
//!
//! Every position is first seen from the side to move (see [`normalize`]): White to move as is,
//! Black to move rotated 180 degrees with the colours swapped. So only "White to move" tables
//! exist, one per [`Signature`], and the side to move always moves up the board.
//!
//! Within a table the index is
//!
//! ```text
//! index = slice * king_slots + white_king_rank * C(32 - men - wk, bk) + black_king_rank
//! slice = white_men_rank * C(28, bm) + black_men_rank
//! ```
//!
//! where the ranks are colex ranks of combinations (`sum C(p_i, i + 1)` over the sorted
//! positions `p_i`): white men over squares 5-32 (28 places), black men over squares 1-28;
//! white kings over the squares the men leave free, black kings over those left after that.
//! Men ranks may describe two men on one square: those slices hold no position (a value of
//! [`NONE`](super::format::NONE)); kings are indexed without gaps.

use crate::bitboard::{Bitboard, Bits};
use crate::Color;
use crate::Position;
use crate::Variant;
use core::fmt;

/// The most pieces a table may have: beyond this, sizes leave what any machine can hold.
pub const MAX_TABLE_PIECES: u32 = 8;

const BINOM: [[u64; 33]; 33] = binomials();

const fn binomials() -> [[u64; 33]; 33] {
    let mut c = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    c
}

/// `n` choose `k` for `n <= 32` (0 when `k > n`).
#[inline(always)]
pub(crate) fn binom(n: u32, k: u32) -> u64 {
    if k > n || n > 32 {
        0
    } else {
        BINOM[n as usize][k as usize]
    }
}

/// The material of a position seen from the side to move: "white" is the side to move.
///
/// ```
/// use dama::engine::egtb::Signature;
/// let s = Signature::new(1, 2, 0, 1);
/// assert_eq!(s.to_string(), "1m2k-0m1k");
/// assert_eq!(s.mirror(), Signature::new(0, 1, 1, 2));
/// assert_eq!(s.pieces(), 4);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Signature {
    /// Men of the side to move.
    pub white_men: u8,
    /// Kings of the side to move.
    pub white_kings: u8,
    /// Men of the side not to move.
    pub black_men: u8,
    /// Kings of the side not to move.
    pub black_kings: u8,
}

impl Signature {
    /// A signature from its four counts.
    pub const fn new(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8) -> Self {
        Signature {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }

    /// The signature of a position, the side to move counting as "white".
    pub fn of(pos: &Position) -> Signature {
        let (us, them, kings) = normalize(pos);
        Signature::of_boards(us, them, kings)
    }

    /// The signature of a normalized position (see [`normalize`]).
    pub fn of_boards(us: Bitboard, them: Bitboard, kings: Bitboard) -> Signature {
        Signature::new(
            (us & !kings).count_ones() as u8,
            (us & kings).count_ones() as u8,
            (them & !kings).count_ones() as u8,
            (them & kings).count_ones() as u8,
        )
    }

    /// All pieces.
    pub const fn pieces(&self) -> u32 {
        self.white_men as u32
            + self.white_kings as u32
            + self.black_men as u32
            + self.black_kings as u32
    }

    /// All men.
    pub const fn men(&self) -> u32 {
        self.white_men as u32 + self.black_men as u32
    }

    /// The same material with the other side to move.
    pub const fn mirror(&self) -> Signature {
        Signature::new(
            self.black_men,
            self.black_kings,
            self.white_men,
            self.white_kings,
        )
    }

    /// Whether a table can exist for it: both sides have a piece, at most
    /// [`MAX_TABLE_PIECES`] in all.
    pub const fn is_valid(&self) -> bool {
        self.white_men as u32 + self.white_kings as u32 > 0
            && self.black_men as u32 + self.black_kings as u32 > 0
            && self.pieces() <= MAX_TABLE_PIECES
    }

    /// King placements per men placement: the size of one slice.
    pub fn king_slots(&self) -> u64 {
        let free = 32 - self.men();
        binom(free, self.white_kings as u32)
            * binom(free - self.white_kings as u32, self.black_kings as u32)
    }

    /// Men placements, including those that put two men on one square.
    pub fn slices(&self) -> u64 {
        binom(28, self.white_men as u32) * binom(28, self.black_men as u32)
    }

    /// The number of indices of its table (one byte each in a file).
    pub fn size(&self) -> u64 {
        self.slices() * self.king_slots()
    }

    /// The position of `variant` (White to move) at an index of this table; `None` past the
    /// end and for indices that are no position.
    ///
    /// ```
    /// use dama::engine::egtb::Signature;
    /// use dama::Variant;
    /// let s = Signature::new(1, 1, 0, 1);
    /// let pos = s.position(Variant::Brazilian, 1234).unwrap();
    /// assert_eq!(s.index_of(&pos), Some(1234));
    /// ```
    pub fn position(&self, variant: Variant, index: u64) -> Option<Position> {
        if !self.is_valid() || index >= self.size() {
            return None;
        }
        let k = self.king_slots();
        let (wm, bm) = slice_men(self, index / k);
        if wm & bm != 0 {
            return None;
        }
        let (wk, bk) = (self.white_kings as u32, self.black_kings as u32);
        let per = binom(32 - self.men() - wk, bk);
        let i = index % k;
        let uk = expand(unrank(i / per, wk), wm | bm);
        let tk = expand(unrank(i % per, bk), wm | bm | uk);
        Position::from_bitboards(variant, wm | uk, bm | tk, uk | tk, Color::White).ok()
    }

    /// The index of a position in this table (seen from the side to move), if it has this
    /// material.
    pub fn index_of(&self, pos: &Position) -> Option<u64> {
        let (us, them, kings) = normalize(pos);
        (Signature::of_boards(us, them, kings) == *self && self.is_valid())
            .then(|| index(self, us, them, kings))
    }

    /// Every valid signature with 2 to `max_pieces` pieces, in build order: fewer pieces
    /// first, then fewer men, so that every capture and promotion leads to a table built
    /// earlier.
    pub fn all(max_pieces: u32) -> Vec<Signature> {
        let n = max_pieces.min(MAX_TABLE_PIECES) as u8;
        let mut v = Vec::new();
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    for bk in 0..=n - wm - wk - bm {
                        let s = Signature::new(wm, wk, bm, bk);
                        if s.is_valid() && wm <= 12 && bm <= 12 {
                            v.push(s);
                        }
                    }
                }
            }
        }
        v.sort_by_key(|s| (s.pieces(), s.men(), *s));
        v
    }
}

impl fmt::Display for Signature {
    /// `1m2k-0m1k`: the side to move's men and kings, then the other side's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}m{}k-{}m{}k",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        )
    }
}

/// The position from the side to move: (its pieces, the other side's, all kings), moving up
/// the board. Black to move is rotated 180 degrees (square `i` to `31 - i`).
#[inline]
pub fn normalize(pos: &Position) -> (Bitboard, Bitboard, Bitboard) {
    let (w, b, k) = (
        pos.pieces(Color::White),
        pos.pieces(Color::Black),
        pos.kings(),
    );
    match pos.turn() {
        Color::White => (w, b, k),
        Color::Black => (b.reverse_bits(), w.reverse_bits(), k.reverse_bits()),
    }
}

/// The colex rank of a set of positions.
#[inline]
pub(crate) fn rank(b: u32) -> u64 {
    let mut r = 0;
    for (i, p) in Bits(b).enumerate() {
        r += binom(p, i as u32 + 1);
    }
    r
}

/// The set of `k` positions with colex rank `r` (inverse of [`rank`]).
pub(crate) fn unrank(mut r: u64, k: u32) -> u32 {
    let mut out = 0;
    let mut p = 32;
    for i in (1..=k).rev() {
        // The largest p with C(p, i) <= r.
        p -= 1;
        while binom(p, i) > r {
            p -= 1;
        }
        r -= binom(p, i);
        out |= 1 << p;
    }
    out
}

/// Renumbers the squares of `b` over the squares not in `occ` (which `b` must avoid).
#[inline]
pub(crate) fn squeeze(b: u32, occ: u32) -> u32 {
    let mut out = 0;
    for p in Bits(b) {
        let below = occ & ((1u32 << p) - 1);
        out |= 1 << (p - below.count_ones());
    }
    out
}

/// Inverse of [`squeeze`]: position `j` of `b` becomes the `j`-th square not in `occ`.
#[inline]
pub(crate) fn expand(b: u32, occ: u32) -> u32 {
    let mut out = 0;
    let mut free = !occ;
    let mut j = 0;
    let mut rest = b;
    while rest != 0 {
        let sq = free.trailing_zeros();
        free &= free - 1;
        if rest & (1 << j) != 0 {
            out |= 1 << sq;
            rest &= !(1 << j);
        }
        j += 1;
    }
    out
}

/// The men of a slice: (side to move's men, other side's men), which may overlap.
pub fn slice_men(sig: &Signature, slice: u64) -> (Bitboard, Bitboard) {
    let per = binom(28, sig.black_men as u32);
    let wm = unrank(slice / per, sig.white_men as u32) << 4;
    let bm = unrank(slice % per, sig.black_men as u32);
    (wm, bm)
}

/// The slice holding these men (side to move's men on squares 5-32, the other's on 1-28).
#[inline]
pub fn slice_of(sig: &Signature, wm: Bitboard, bm: Bitboard) -> u64 {
    rank(wm >> 4) * binom(28, sig.black_men as u32) + rank(bm)
}

/// The index of a normalized position in the table of its signature `sig`.
#[inline]
pub fn index(sig: &Signature, us: Bitboard, them: Bitboard, kings: Bitboard) -> u64 {
    let (um, tm) = (us & !kings, them & !kings);
    let (uk, tk) = (us & kings, them & kings);
    let men = um | tm;
    let free2 = 32 - sig.men() - sig.white_kings as u32;
    let k =
        rank(squeeze(uk, men)) * binom(free2, sig.black_kings as u32) + rank(squeeze(tk, men | uk));
    slice_of(sig, um, tm) * sig.king_slots() + k
}

/// Visits every king placement of a slice in index order: `f(local index, us, them, kings)`.
pub fn for_each_in_slice(
    sig: &Signature,
    wm: Bitboard,
    bm: Bitboard,
    mut f: impl FnMut(u64, Bitboard, Bitboard, Bitboard),
) {
    let men = wm | bm;
    let free = 32 - sig.men();
    let (wk, bk) = (sig.white_kings as u32, sig.black_kings as u32);
    let mut i = 0;
    for a in Combinations::new(free, wk) {
        let uk = expand(a, men);
        for b in Combinations::new(free - wk, bk) {
            let tk = expand(b, men | uk);
            f(i, wm | uk, bm | tk, uk | tk);
            i += 1;
        }
    }
}

/// The `k`-subsets of `n` positions as bit masks, in colex (= rank) order.
struct Combinations {
    next: u64,
    end: u64,
}

impl Combinations {
    fn new(n: u32, k: u32) -> Combinations {
        if k > n {
            return Combinations { next: 1, end: 0 };
        }
        Combinations {
            next: (1u64 << k) - 1,
            end: 1u64 << n,
        }
    }
}

impl Iterator for Combinations {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        let x = self.next;
        if x >= self.end {
            return None;
        }
        if x == 0 {
            // The empty set is the only 0-subset.
            self.next = self.end;
        } else {
            // Gosper's hack: the next larger integer with as many bits set.
            let c = x & x.wrapping_neg();
            let r = x + c;
            self.next = (((r ^ x) >> 2) / c) | r;
        }
        Some(x as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_unrank_roundtrip() {
        for k in 0..=4u32 {
            for (i, c) in Combinations::new(12, k).enumerate() {
                assert_eq!(rank(c), i as u64);
                assert_eq!(unrank(i as u64, k), c);
            }
            assert_eq!(Combinations::new(12, k).count() as u64, binom(12, k));
        }
    }

    #[test]
    fn squeeze_expand_roundtrip() {
        let occ = 0x0F0F_00F0;
        let b = 0x1000_0100;
        assert_eq!(expand(squeeze(b, occ), occ), b);
    }

    #[test]
    fn slice_enumeration_matches_index() {
        let sig = Signature::new(1, 1, 1, 1);
        let (wm, bm) = (1 << 20, 1 << 9);
        let slice = slice_of(&sig, wm, bm);
        assert_eq!(slice_men(&sig, slice), (wm, bm));
        let mut n = 0;
        for_each_in_slice(&sig, wm, bm, |i, us, them, kings| {
            assert_eq!(index(&sig, us, them, kings), slice * sig.king_slots() + i);
            n += 1;
        });
        assert_eq!(n, sig.king_slots());
    }
}
