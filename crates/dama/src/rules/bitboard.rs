//! 32-square bitboards and the diagonal steps between squares.
//!
//! Bit `i` is square `i + 1`. Rows alternate between those starting on the a-file (even rows:
//! 1-4, 9-12, ...) and those ending on the h-file (odd rows: 5-8, 13-16, ...), so a diagonal step
//! is a shift by 3, 4 or 5 depending on the row kind; the masks below drop squares that would
//! wrap around an edge.

/// A set of squares: bit `i` is square `i + 1`.
pub type Bitboard = u32;

/// Rows starting on the a-file (squares 1-4, 9-12, 17-20, 25-28).
pub const EVEN_ROWS: Bitboard = 0x0F0F_0F0F;
/// Rows ending on the h-file (squares 5-8, 13-16, 21-24, 29-32).
pub const ODD_ROWS: Bitboard = 0xF0F0_F0F0;
/// Even-row squares not on the a-file: they have a left neighbour shifted by 3 or 5.
const EVEN_NOT_A: Bitboard = 0x0E0E_0E0E;
/// Odd-row squares not on the h-file: they have a right neighbour shifted by 3 or 5.
const ODD_NOT_H: Bitboard = 0x7070_7070;
/// Squares 1-4: where White men promote.
pub const WHITE_PROMOTION: Bitboard = 0x0000_000F;
/// Squares 29-32: where Black men promote.
pub const BLACK_PROMOTION: Bitboard = 0xF000_0000;

/// A diagonal direction, named from White's point of view (up = towards square 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Dir {
    /// Towards a8: White's forward-left.
    UpLeft = 0,
    /// Towards h8: White's forward-right.
    UpRight = 1,
    /// Towards a1: Black's forward-right (from Black's seat).
    DownLeft = 2,
    /// Towards h1: Black's forward-left (from Black's seat).
    DownRight = 3,
}

impl Dir {
    /// All four directions, in index order.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// The direction with index `i & 3`.
    pub const fn from_index(i: u32) -> Dir {
        Dir::ALL[(i & 3) as usize]
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Dir {
        Dir::ALL[3 - self as usize]
    }
}

/// Every square of `b` moved one step in `dir`; squares that would leave the board vanish.
#[inline(always)]
pub const fn step(b: Bitboard, dir: Dir) -> Bitboard {
    match dir {
        Dir::UpLeft => ((b & EVEN_NOT_A) >> 5) | ((b & ODD_ROWS) >> 4),
        Dir::UpRight => ((b & EVEN_ROWS) >> 4) | ((b & ODD_NOT_H) >> 3),
        Dir::DownLeft => ((b & EVEN_NOT_A) << 3) | ((b & ODD_ROWS) << 4),
        Dir::DownRight => ((b & EVEN_ROWS) << 4) | ((b & ODD_NOT_H) << 5),
    }
}

/// The direction from square `a` to square `b` (single-bit bitboards) and the squares strictly
/// between them, when they share a diagonal.
pub(crate) fn diagonal_between(a: Bitboard, b: Bitboard) -> Option<(Dir, Bitboard)> {
    Dir::ALL.into_iter().find_map(|d| {
        let mut ray = 0;
        let mut at = step(a, d);
        while at != 0 {
            if at == b {
                return Some((d, ray));
            }
            ray |= at;
            at = step(at, d);
        }
        None
    })
}

/// Iterates over the squares (bit indices) of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Bits(pub Bitboard);

impl Iterator for Bits {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u32) -> Bitboard {
        1 << (n - 1)
    }

    #[test]
    fn steps_follow_the_rules_numbering() {
        // RULES.md: White's forward neighbours are s-5/s-4 on a-file rows, s-4/s-3 on h-file rows.
        assert_eq!(step(sq(22), Dir::UpLeft), sq(18));
        assert_eq!(step(sq(22), Dir::UpRight), sq(19));
        assert_eq!(step(sq(27), Dir::UpLeft), sq(22));
        assert_eq!(step(sq(27), Dir::UpRight), sq(23));
        assert_eq!(step(sq(25), Dir::UpLeft), 0);
        assert_eq!(step(sq(24), Dir::UpRight), 0);
        assert_eq!(step(sq(1), Dir::UpLeft), 0);
        assert_eq!(step(sq(32), Dir::DownRight), 0);
        assert_eq!(step(sq(9), Dir::DownLeft), 0);
        assert_eq!(step(sq(10), Dir::DownLeft), sq(13));
        assert_eq!(step(sq(10), Dir::DownRight), sq(14));
        // The long diagonal 1-5-10-14-19-23-28-32.
        let mut b = sq(1);
        let mut seen = vec![];
        while b != 0 {
            seen.push(b.trailing_zeros() + 1);
            b = step(b, Dir::DownRight);
        }
        assert_eq!(seen, vec![1, 5, 10, 14, 19, 23, 28, 32]);
    }

    #[test]
    fn steps_are_reversible() {
        for i in 0..32 {
            for d in Dir::ALL {
                let t = step(1 << i, d);
                if t != 0 {
                    assert_eq!(step(t, d.reverse()), 1 << i);
                }
            }
        }
    }
}
