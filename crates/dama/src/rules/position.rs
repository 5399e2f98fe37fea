//! A position: where the pieces stand and whose turn it is.
//!
//! The position's methods that belong to another part of the rules are written there, in that
//! module's `impl Position`, so that each arrow runs from the part to the position:
//! [`legal_moves`](Position::legal_moves) in `movegen.rs`, [`hash`](Position::hash) and
//! [`hash_after`](Position::hash_after) in `hash.rs`, [`from_fen`](Position::from_fen) and
//! [`to_fen`](Position::to_fen) in `fen.rs`.

use crate::rules::bitboard::{Bitboard, Bits, BLACK_PROMOTION, WHITE_PROMOTION};
use crate::rules::moves::Move;
use crate::rules::square::{Color, Piece, Role, Square};
use crate::rules::Variant;
use core::fmt;

/// A position of one game: three bitboards, the side to move and the game whose rules it is
/// played by, 16 bytes, `Copy`. Its moves, its FEN and its squares' numbers are that game's.
///
/// ```
/// use dama::{Color, Position, Variant};
/// let pos = Position::start(Variant::Italian);
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 7);
/// assert_eq!(pos.variant(), Variant::Italian);
/// assert!(std::mem::size_of::<Position>() <= 16);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    white: Bitboard,
    black: Bitboard,
    kings: Bitboard,
    turn: Color,
    variant: Variant,
}

/// Why a set of pieces is not a position that can arise in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The game whose numbering the message uses.
    pub variant: Variant,
    /// What is wrong.
    pub kind: PositionErrorKind,
}

/// The kinds of [`PositionError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// A square holds both a white and a black piece.
    Overlap(Square),
    /// A man stands on the row where it would already have been crowned.
    ManOnPromotionRow(Color, Square),
    /// More than 12 pieces of one colour.
    TooManyPieces(Color, u32),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |s: &Square| self.variant.square_number(*s);
        match &self.kind {
            PositionErrorKind::Overlap(s) => {
                write!(f, "square {} holds both a white and a black piece", n(s))
            }
            PositionErrorKind::ManOnPromotionRow(c, s) => write!(
                f,
                "a {} man cannot stand on square {}: it would have been crowned there",
                c.name(),
                n(s)
            ),
            PositionErrorKind::TooManyPieces(c, count) => {
                write!(f, "{c} has {count} pieces; each side has at most 12")
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The starting position of `variant`: Black men on 1-12, White men on 21-32, White to
    /// move.
    pub const fn start(variant: Variant) -> Position {
        Position {
            white: 0xFFF0_0000,
            black: 0x0000_0FFF,
            kings: 0,
            turn: Color::White,
            variant,
        }
    }

    /// A position of `variant` from bitboards, checked: no overlap, no man on its promotion
    /// row, at most 12 pieces a side. `kings` outside both colours is ignored.
    pub fn from_bitboards(
        variant: Variant,
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        turn: Color,
    ) -> Result<Position, PositionError> {
        let error = |kind| Err(PositionError { variant, kind });
        if white & black != 0 {
            let s = Square::from_index((white & black).trailing_zeros()).expect("in range");
            return error(PositionErrorKind::Overlap(s));
        }
        let kings = kings & (white | black);
        for (color, bb, promo) in [
            (Color::White, white, WHITE_PROMOTION),
            (Color::Black, black, BLACK_PROMOTION),
        ] {
            let bad = bb & !kings & promo;
            if bad != 0 {
                let s = Square::from_index(bad.trailing_zeros()).expect("in range");
                return error(PositionErrorKind::ManOnPromotionRow(color, s));
            }
            if bb.count_ones() > 12 {
                return error(PositionErrorKind::TooManyPieces(color, bb.count_ones()));
            }
        }
        Ok(Position {
            white,
            black,
            kings,
            turn,
            variant,
        })
    }

    /// The game this position is played in.
    #[inline(always)]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The same squares as a position of `variant` (a board set up for one game carried to the
    /// other: the pieces stay on their squares, their numbers and the rules change).
    pub const fn with_variant(&self, variant: Variant) -> Position {
        Position { variant, ..*self }
    }

    /// The side to move.
    #[inline(always)]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The same pieces with the other side to move.
    pub const fn with_turn(&self, turn: Color) -> Position {
        Position { turn, ..*self }
    }

    /// The pieces of one colour.
    #[inline(always)]
    pub const fn pieces(&self, c: Color) -> Bitboard {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// All kings of both colours.
    #[inline(always)]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The men of one colour.
    #[inline(always)]
    pub const fn men_of(&self, c: Color) -> Bitboard {
        self.pieces(c) & !self.kings
    }

    /// The kings of one colour.
    #[inline(always)]
    pub const fn kings_of(&self, c: Color) -> Bitboard {
        self.pieces(c) & self.kings
    }

    /// Empty squares.
    #[inline(always)]
    pub const fn empty(&self) -> Bitboard {
        !(self.white | self.black)
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = sq.bit();
        let color = if self.white & b != 0 {
            Color::White
        } else if self.black & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & b != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Every piece with its square, in square order.
    pub fn board(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Bits(self.white | self.black).filter_map(move |i| {
            let s = Square::from_index(i)?;
            Some((s, self.piece_at(s)?))
        })
    }

    /// The position after `m`, which must be legal here (an illegal move gives an unspecified
    /// but valid-to-hold position; use [`Game`](crate::Game) for checked play).
    #[inline(always)]
    pub fn play(&self, m: &Move) -> Position {
        let from = 1u32 << m.from().index();
        let to = 1u32 << m.to().index();
        let cap = m.captured();
        let mut kings = self.kings & !cap;
        if m.is_king_move() || m.promotes() {
            kings = (kings & !from) | to;
        }
        let (white, black) = match self.turn {
            Color::White => ((self.white & !from) | to, self.black & !cap),
            Color::Black => (self.white & !cap, (self.black & !from) | to),
        };
        Position {
            white,
            black,
            kings,
            turn: self.turn.opposite(),
            variant: self.variant,
        }
    }

    /// The same game seen from the other side: the board turned half round (square `n` to
    /// `33 - n`), the colours swapped, the other side to move. Evaluations and endgame values
    /// of the two positions are the same for their sides to move.
    ///
    /// ```
    /// use dama::Position;
    /// let p = Position::from_fen(dama::Variant::Italian, "W:W21,K30:B3").unwrap();
    /// assert_eq!(p.flipped().to_fen(), "B:W30:BK3,12");
    /// assert_eq!(p.flipped().flipped(), p);
    /// ```
    pub fn flipped(&self) -> Position {
        // Turning the board maps a valid position to a valid one: no check needed.
        Position {
            white: self.black.reverse_bits(),
            black: self.white.reverse_bits(),
            kings: self.kings.reverse_bits(),
            turn: self.turn.opposite(),
            variant: self.variant,
        }
    }
}

impl Position {
    fn symbol(&self, sq: Square) -> char {
        match self.piece_at(sq) {
            None => '.',
            Some(Piece { color, role }) => match (color, role) {
                (Color::White, Role::Man) => 'w',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::Man) => 'b',
                (Color::Black, Role::King) => 'B',
            },
        }
    }
}

impl fmt::Display for Position {
    /// A text diagram from White's side of its game's board: `w`/`b` men, `W`/`B` kings, `.`
    /// empty playing squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8u32 {
            for file in 0..8u8 {
                let sq = (0..4)
                    .filter_map(|k| Square::from_index(row * 4 + k))
                    .find(|&q| self.variant.file(q) == file);
                match sq {
                    None => f.write_str("  ")?,
                    Some(q) => write!(f, " {}", self.symbol(q))?,
                }
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.turn)
    }
}
