//! A position: where the pieces stand and whose turn it is.

use crate::rules::bitboard::{Bitboard, Bits, BLACK_PROMOTION, WHITE_PROMOTION};
use crate::rules::moves::{Move, MoveList};
use crate::rules::square::{Color, Piece, Role, Square};
use core::fmt;

/// A position of Italian draughts: three bitboards and the side to move, 16 bytes, `Copy`.
///
/// ```
/// use dama::{Color, Position};
/// let pos = Position::start();
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 7);
/// assert!(std::mem::size_of::<Position>() <= 16);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    white: Bitboard,
    black: Bitboard,
    kings: Bitboard,
    turn: Color,
}

/// Why a set of pieces is not a position that can arise in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square holds both a white and a black piece.
    Overlap(Square),
    /// A man stands on the row where it would already have been crowned.
    ManOnPromotionRow(Color, Square),
    /// More than 12 pieces of one colour.
    TooManyPieces(Color, u32),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(s) => {
                write!(f, "square {s} holds both a white and a black piece")
            }
            PositionError::ManOnPromotionRow(c, s) => write!(
                f,
                "a {} man cannot stand on square {s}: it would have been crowned there",
                c.name()
            ),
            PositionError::TooManyPieces(c, n) => {
                write!(f, "{} has {n} pieces; each side has at most 12", c)
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl PositionError {
    /// The message with squares numbered as in `variant` (the `Display` form numbers them as
    /// in Italian).
    pub fn describe(&self, variant: crate::Variant) -> String {
        let n = |s: &Square| variant.square_number(*s);
        match self {
            PositionError::Overlap(s) => {
                format!("square {} holds both a white and a black piece", n(s))
            }
            PositionError::ManOnPromotionRow(c, s) => format!(
                "a {} man cannot stand on square {}: it would have been crowned there",
                c.name(),
                n(s)
            ),
            PositionError::TooManyPieces(..) => self.to_string(),
        }
    }
}

impl Position {
    /// The starting position: Black men on 1-12, White men on 21-32, White to move.
    pub const fn start() -> Position {
        Position {
            white: 0xFFF0_0000,
            black: 0x0000_0FFF,
            kings: 0,
            turn: Color::White,
        }
    }

    /// A position from bitboards, checked: no overlap, no man on its promotion row, at most 12
    /// pieces a side. `kings` outside both colours is ignored.
    pub fn from_bitboards(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        turn: Color,
    ) -> Result<Position, PositionError> {
        if white & black != 0 {
            let s = Square::from_index((white & black).trailing_zeros()).expect("in range");
            return Err(PositionError::Overlap(s));
        }
        let kings = kings & (white | black);
        for (color, bb, promo) in [
            (Color::White, white, WHITE_PROMOTION),
            (Color::Black, black, BLACK_PROMOTION),
        ] {
            let bad = bb & !kings & promo;
            if bad != 0 {
                let s = Square::from_index(bad.trailing_zeros()).expect("in range");
                return Err(PositionError::ManOnPromotionRow(color, s));
            }
            if bb.count_ones() > 12 {
                return Err(PositionError::TooManyPieces(color, bb.count_ones()));
            }
        }
        Ok(Position {
            white,
            black,
            kings,
            turn,
        })
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

    /// Every legal move for the side to move, under the Italian rules.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        crate::rules::movegen::generate::<crate::Italian>(self, &mut list);
        list
    }

    /// Every legal move for the side to move in `variant`.
    ///
    /// ```
    /// use dama::{Position, Variant};
    /// // A Brazilian man captures backward and takes kings; an Italian one does neither.
    /// let pos = Position::from_fen("W:W18:BK22").unwrap();
    /// assert_eq!(pos.moves_in(Variant::Brazilian).len(), 1);
    /// assert!(!pos.moves_in(Variant::Italian)[0].is_capture());
    /// ```
    pub fn moves_in(&self, variant: crate::Variant) -> MoveList {
        let mut list = MoveList::new();
        crate::with_rules!(variant, R => crate::rules::movegen::generate::<R>(self, &mut list));
        list
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
        }
    }

    /// The same game seen from the other side: the board turned half round (square `n` to
    /// `33 - n`), the colours swapped, the other side to move. Evaluations and endgame values
    /// of the two positions are the same for their sides to move.
    ///
    /// ```
    /// use dama::Position;
    /// let p = Position::from_fen("W:W21,K30:B3").unwrap();
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
        }
    }

    /// The Zobrist hash computed from scratch (the one the game and the engine update move by
    /// move).
    pub fn hash(&self) -> u64 {
        crate::rules::hash::hash(self)
    }

    /// The Zobrist hash after playing `m` here, given this position's hash `h`: what
    /// [`hash`](Self::hash) of the position after `m` gives, without computing it from scratch.
    ///
    /// ```
    /// use dama::Position;
    /// let pos = Position::start();
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(pos.hash_after(pos.hash(), &m), pos.play(&m).hash());
    /// ```
    #[inline]
    pub fn hash_after(&self, h: u64, m: &Move) -> u64 {
        crate::rules::hash::update(h, self, m)
    }

    /// The position in FEN, such as `W:W21,22:BK5,6`.
    pub fn to_fen(&self) -> String {
        crate::rules::fen::write(self)
    }

    /// Reads a FEN (see [`fen`](crate::rules::fen)).
    pub fn from_fen(s: &str) -> Result<Position, crate::FenError> {
        crate::rules::fen::parse(s)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// A text diagram from White's side of `variant`'s board: `w`/`b` men, `W`/`B` kings, `.`
    /// empty playing squares (the [`Display`](fmt::Display) form is the Italian board's).
    pub fn diagram(&self, variant: crate::Variant) -> String {
        let mut s = String::new();
        for row in 0..8u32 {
            for file in 0..8u8 {
                let sq = (0..4)
                    .filter_map(|k| Square::from_index(row * 4 + k))
                    .find(|&q| variant.file(q) == file);
                s.push_str(&match sq {
                    None => "  ".to_string(),
                    Some(q) => format!(" {}", self.symbol(q)),
                });
            }
            s.push('\n');
        }
        s.push_str(&format!("{} to move", self.turn));
        s
    }

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
    /// A text diagram from White's side: `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8u32 {
            for file in 0..8u32 {
                let dark = (row + file).is_multiple_of(2);
                if !dark {
                    f.write_str("  ")?;
                    continue;
                }
                let sq = Square::from_index(row * 4 + file / 2).expect("in range");
                let c = match self.piece_at(sq) {
                    None => '.',
                    Some(Piece {
                        color: Color::White,
                        role: Role::Man,
                    }) => 'w',
                    Some(Piece {
                        color: Color::White,
                        role: Role::King,
                    }) => 'W',
                    Some(Piece {
                        color: Color::Black,
                        role: Role::Man,
                    }) => 'b',
                    Some(Piece {
                        color: Color::Black,
                        role: Role::King,
                    }) => 'B',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.turn)
    }
}
