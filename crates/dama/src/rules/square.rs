//! Squares, colours and pieces.

use core::fmt;

/// One of the 32 playing squares, numbered 1-32 as seen from White (1 = a8, 32 = h1).
///
/// Internally the square is its bit index 0-31 in a [`Bitboard`](crate::bitboard::Bitboard).
///
/// ```
/// use dama::Square;
/// let sq = Square::from_number(22).unwrap();
/// assert_eq!(sq.number(), 22);
/// assert_eq!(sq.index(), 21);
/// assert!(Square::from_number(0).is_none());
/// assert!(Square::from_number(33).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with the federation number `n` (1-32), or `None` when out of range.
    pub const fn from_number(n: u32) -> Option<Square> {
        if n >= 1 && n <= 32 {
            Some(Square((n - 1) as u8))
        } else {
            None
        }
    }

    /// The square whose bit index is `i` (0-31), or `None` when out of range.
    pub const fn from_index(i: u32) -> Option<Square> {
        if i < 32 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The federation number, 1-32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The bit index, 0-31.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The single-bit bitboard of this square.
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The row from White's far side: 0 holds squares 1-4 (Black's back row), 7 holds 29-32.
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// The file 0-7 (a-h).
    pub const fn file(self) -> u8 {
        let col = (self.0 % 4) * 2;
        if self.row().is_multiple_of(2) {
            col
        } else {
            col + 1
        }
    }

    /// Algebraic name such as `b3` (files a-h left to right from White, ranks 1-8 from White).
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, 8 - self.row())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A side: White moves first and starts on squares 21-32.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The player starting on 21-32, moving towards square 1.
    White,
    /// The player starting on 1-12, moving towards square 32.
    Black,
}

impl Color {
    /// The other side.
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `'W'` or `'B'`, as in FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// Man or king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    /// Moves and captures forward only; cannot capture a king.
    Man,
    /// Moves and captures both ways, one square at a time.
    King,
}

/// A coloured man or king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}
