//! FEN for draughts: `W:W21,22,K30:B1,2` — side to move, then each colour's squares, kings
//! marked `K`, in any order. Ranges such as `1-12` are read too.

use crate::rules::position::{Position, PositionError};
use crate::rules::square::Color;
use crate::rules::Variant;
use core::fmt;

/// A position's FEN is this module's: the position asks nothing of it.
impl Position {
    /// The position in FEN in its game's numbering, such as `W:W21,22:BK5,6`.
    pub fn to_fen(&self) -> String {
        write(self)
    }

    /// Reads a FEN of `variant`, in its numbering (see [`parse`]).
    pub fn from_fen(variant: Variant, s: &str) -> Result<Position, FenError> {
        parse(variant, s)
    }
}

/// Why a FEN was refused: what was expected and at which character (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Character offset in the input where the problem was found.
    pub at: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
    /// The game whose numbering the message uses.
    pub variant: Variant,
}

/// The kinds of FEN error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// The text is empty.
    Empty,
    /// The side to move is not `W` or `B`.
    BadSide(String),
    /// A colour field does not start with `W` or `B`.
    BadColour(String),
    /// Expected a square number.
    ExpectedSquare(String),
    /// A square number outside 1-32.
    SquareOutOfRange(u32),
    /// A range whose end is before its start.
    BadRange(u32, u32),
    /// A square given twice.
    Duplicate(u32),
    /// No colour field at all.
    MissingPieces,
    /// The pieces do not form a possible position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN at character {}: ", self.at + 1)?;
        match &self.kind {
            FenErrorKind::Empty => f.write_str("the FEN is empty"),
            FenErrorKind::BadSide(s) => {
                write!(f, "the side to move must be W or B, found {s:?}")
            }
            FenErrorKind::BadColour(s) => {
                write!(f, "each piece list must start with W or B, found {s:?}")
            }
            FenErrorKind::ExpectedSquare(s) => {
                write!(
                    f,
                    "expected a square number 1-32 (kings as K5), found {s:?}"
                )
            }
            FenErrorKind::SquareOutOfRange(n) => {
                write!(f, "square {n} does not exist; squares are numbered 1-32")
            }
            FenErrorKind::BadRange(a, b) => write!(f, "the range {a}-{b} runs backwards"),
            FenErrorKind::Duplicate(n) => write!(f, "square {n} is listed twice"),
            FenErrorKind::MissingPieces => {
                f.write_str("expected ':W' and ':B' piece lists after the side to move")
            }
            FenErrorKind::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

/// An error before its game is attached: where, and what.
type Found = (usize, FenErrorKind);

fn err(at: usize, kind: FenErrorKind) -> Found {
    (at, kind)
}

/// Text for an error message: the token, shortened.
fn shown(s: &str) -> String {
    s.chars().take(12).collect()
}

/// Reads a FEN of `variant`, whose square numbers are that game's (the Brazilian board numbers
/// its squares in mirror order; the start position has the same FEN in both games).
///
/// ```
/// use dama::{fen, Color, Variant};
/// let pos = fen::parse(Variant::Italian, "B:W21,K30:B1-3").unwrap();
/// assert_eq!(pos.turn(), Color::Black);
/// assert_eq!(fen::write(&pos), "B:W21,K30:B1,2,3");
/// assert!(fen::parse(Variant::Italian, "X:W21:B1").is_err());
/// assert!(fen::parse(Variant::Italian, "W:W33:B1").is_err());
///
/// let pos = fen::parse(Variant::Brazilian, "W:W29:B1").unwrap();
/// let sq = pos.board().next().unwrap().0; // the lowest bit: Black's man on b8
/// assert_eq!(Variant::Brazilian.algebraic(sq), "b8");
/// assert_eq!(fen::write(&pos), "W:W29:B1");
/// ```
pub fn parse(variant: Variant, text: &str) -> Result<Position, FenError> {
    parse_numbered(variant, text).map_err(|(at, kind)| FenError { at, kind, variant })
}

fn parse_numbered(variant: Variant, text: &str) -> Result<Position, Found> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed_start = text.len() - text.trim_start().len();
    let body = text.trim().trim_end_matches('.').trim_end();
    if body.is_empty() {
        return Err(err(0, FenErrorKind::Empty));
    }
    let mut fields = Vec::new();
    let mut at = trimmed_start;
    for f in body.split(':') {
        fields.push((at, f));
        at += f.len() + 1;
    }
    let (side_at, side) = fields[0];
    let turn = match side.trim() {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(err(side_at, FenErrorKind::BadSide(shown(other)))),
    };
    if fields.len() < 2 {
        return Err(err(side_at + side.len(), FenErrorKind::MissingPieces));
    }
    let mut bb = [0u32; 2];
    let mut kings = 0u32;
    for &(fat, field) in &fields[1..] {
        let lead = field.len() - field.trim_start().len();
        let f = field.trim();
        let fat = fat + lead;
        let colour = match f.chars().next() {
            Some('W') | Some('w') => 0,
            Some('B') | Some('b') => 1,
            _ => return Err(err(fat, FenErrorKind::BadColour(shown(f)))),
        };
        let list = &f[1..];
        if list.trim().is_empty() {
            continue;
        }
        let mut iat = fat + 1;
        for item in list.split(',') {
            let here = iat + (item.len() - item.trim_start().len());
            iat += item.len() + 1;
            let item = item.trim();
            let (king, nums) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let (a, b) = match nums.split_once('-') {
                Some((a, b)) => (number(a, here)?, number(b, here)?),
                None => {
                    let n = number(nums, here)?;
                    (n, n)
                }
            };
            if b < a {
                return Err(err(here, FenErrorKind::BadRange(a, b)));
            }
            for n in a..=b {
                let bit = variant.square(n).map_or(0, |s| s.bit());
                if (bb[0] | bb[1]) & bit != 0 {
                    return Err(err(here, FenErrorKind::Duplicate(n)));
                }
                bb[colour] |= bit;
                if king {
                    kings |= bit;
                }
            }
        }
    }
    Position::from_bitboards(variant, bb[0], bb[1], kings, turn)
        .map_err(|e| err(side_at, FenErrorKind::Position(e)))
}

fn number(s: &str, at: usize) -> Result<u32, Found> {
    let t = s.trim();
    if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(at, FenErrorKind::ExpectedSquare(shown(t))));
    }
    let n: u32 = t
        .parse()
        .map_err(|_| err(at, FenErrorKind::ExpectedSquare(shown(t))))?;
    if (1..=32).contains(&n) {
        Ok(n)
    } else {
        Err(err(at, FenErrorKind::SquareOutOfRange(n)))
    }
}

/// Writes a FEN in its game's numbering, squares in increasing order, kings marked `K`.
pub fn write(pos: &Position) -> String {
    let variant = pos.variant();
    let mut s = String::new();
    s.push(pos.turn().letter());
    for c in [Color::White, Color::Black] {
        s.push(':');
        s.push(c.letter());
        let mut squares: Vec<(u8, bool)> = pos
            .board()
            .filter(|(_, p)| p.color == c)
            .map(|(sq, p)| (variant.square_number(sq), p.role == crate::Role::King))
            .collect();
        squares.sort_unstable();
        for (i, (n, king)) in squares.into_iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            if king {
                s.push('K');
            }
            s.push_str(&n.to_string());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let start = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
        let pos = parse(Variant::Italian, start).unwrap();
        assert_eq!(pos, Position::start(Variant::Italian));
        assert_eq!(write(&pos), start);
    }

    #[test]
    fn accepts_any_order_spaces_and_ranges() {
        let a = parse(Variant::Italian, " B:BK5,1 : W30,K22. ").unwrap();
        let b = parse(Variant::Italian, "B:W22K:B1")
            .map(|_| ())
            .unwrap_err();
        assert!(matches!(b.kind, FenErrorKind::ExpectedSquare(_)));
        assert_eq!(write(&a), "B:WK22,30:B1,K5");
        assert_eq!(
            parse(Variant::Italian, "W:W21-32:B1-12").unwrap(),
            Position::start(Variant::Italian)
        );
        assert_eq!(write(&parse(Variant::Italian, "W:W:B1").unwrap()), "W:W:B1");
    }

    #[test]
    fn refuses_malformed_fens_with_reasons() {
        let cases: &[(&str, &str)] = &[
            ("", "empty"),
            ("X:W21:B1", "side to move"),
            ("W:X21:B1", "must start with W or B"),
            ("W:W0:B1", "square 0 does not exist"),
            ("W:W33:B1", "square 33 does not exist"),
            ("W:W21,21:B1", "listed twice"),
            ("W:W21:B21", "listed twice"),
            ("W:W2:B10", "white man cannot stand on square 2"),
            ("W:W20:B30", "black man cannot stand on square 30"),
            ("W:W5-17:B1", "13 pieces"),
            ("W:W21,x:B1", "expected a square"),
            ("W:W9-5:B1", "backwards"),
            ("W", "expected ':W'"),
        ];
        for (fen, want) in cases {
            let e = parse(Variant::Italian, fen).unwrap_err().to_string();
            assert!(e.contains(want), "{fen:?}: {e}");
        }
        // A king may stand on its own promotion row.
        assert!(parse(Variant::Italian, "W:WK2:BK30").is_ok());
    }
}
