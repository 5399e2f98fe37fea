//! Move text: `22-18` for a quiet move, `22x13` for a capture, and the full landing path
//! `27x18x11x4` where from and to alone would not say which capture is meant.

use crate::bitboard::{step, Dir};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use core::fmt;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is not squares joined by `-` or `x`.
    Syntax(String),
    /// A square number outside 1-32.
    BadSquare(String),
    /// No legal move matches; the legal moves are listed.
    NoMatch {
        /// The text given.
        text: String,
        /// Every legal move, in full notation.
        legal: Vec<String>,
    },
    /// Several legal moves match; they are listed in full notation.
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Syntax(t) => write!(
                f,
                "cannot read move {t:?}: expected squares joined by '-' or 'x', like 22-18 or 22x13"
            ),
            MoveTextError::BadSquare(t) => {
                write!(f, "cannot read move {t:?}: squares are numbered 1-32")
            }
            MoveTextError::NoMatch { text, legal } => {
                if legal.is_empty() {
                    write!(f, "{text} is not legal: there is no legal move")
                } else {
                    write!(
                        f,
                        "{text} is not legal here; legal moves: {}",
                        legal.join(" ")
                    )
                }
            }
            MoveTextError::Ambiguous { text, candidates } => write!(
                f,
                "{text} is ambiguous: it could be {}; give the full path",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// The move written with every landing square: `31x22x13`, or `22-18` for a quiet move.
pub fn full_text(m: &Move) -> String {
    let mut s = m.from().number().to_string();
    let sep = if m.is_capture() { 'x' } else { '-' };
    for sq in m.path() {
        s.push(sep);
        s.push_str(&sq.number().to_string());
    }
    s
}

/// The move in standard notation: from and to, with the full path only where another legal
/// move shares both.
///
/// ```
/// use dama::{notation, Position};
/// let pos = Position::start();
/// let m = pos.legal_moves()[0];
/// assert_eq!(notation::parse(&pos, &notation::move_text(&pos, &m)).unwrap(), m);
/// ```
pub fn move_text(pos: &Position, m: &Move) -> String {
    move_text_in(&pos.legal_moves(), m)
}

/// [`move_text`] given the legal moves already generated.
pub fn move_text_in(legal: &MoveList, m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from().number(), m.to().number());
    }
    let ambiguous = legal
        .iter()
        .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured());
    if ambiguous {
        full_text(m)
    } else {
        format!("{}x{}", m.from().number(), m.to().number())
    }
}

/// Reads a move text against the legal moves of `pos`: `22-18`, `22x13`, `27x18x11x4`
/// (`:` is read as `x`). A text naming only from and to matches any legal move with those
/// squares; one with landing squares must describe a path of that move: the stored one, or
/// another route over the same pieces (a king circling either way), each landing square empty.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    parse_with(&pos.legal_moves(), text, Some(pos))
}

/// [`parse`] given the legal moves already generated (another route over the same pieces is
/// checked for its geometry only, as the position is not known).
pub fn parse_in(legal: &MoveList, text: &str) -> Result<Move, MoveTextError> {
    parse_with(legal, text, None)
}

/// Whether `squares` (from, landing squares..., to) is a route for capture `m`: diagonal jumps,
/// each over a different piece of `m`'s captured set, all of them, onto empty squares.
fn route_fits(m: &Move, squares: &[u8], pos: Option<&Position>) -> bool {
    if !m.is_capture() || squares.len() != m.jumps() as usize + 1 {
        return false;
    }
    let from_bit = m.from().bit();
    let occupied = pos.map_or(0, |p| !p.empty() & !from_bit);
    let mut jumped = 0u32;
    for pair in squares.windows(2) {
        let a = 1u32 << (pair[0] - 1);
        let b = 1u32 << (pair[1] - 1);
        let Some(d) = Dir::ALL.into_iter().find(|&d| step(step(a, d), d) == b) else {
            return false;
        };
        let over = step(a, d);
        if over & m.captured() == 0 || over & jumped != 0 || b & occupied != 0 {
            return false;
        }
        jumped |= over;
    }
    jumped == m.captured()
}

fn parse_with(legal: &MoveList, text: &str, pos: Option<&Position>) -> Result<Move, MoveTextError> {
    let t = text.trim().trim_start_matches('\u{feff}');
    let shown: String = t.chars().take(40).collect();
    if t.is_empty() || t.len() > 60 {
        return Err(MoveTextError::Syntax(shown));
    }
    let mut squares = Vec::new();
    for part in t.split(['-', 'x', 'X', ':']) {
        if part.is_empty() || part.len() > 2 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveTextError::Syntax(shown));
        }
        let n: u32 = part
            .parse()
            .map_err(|_| MoveTextError::Syntax(shown.clone()))?;
        if !(1..=32).contains(&n) {
            return Err(MoveTextError::BadSquare(shown));
        }
        squares.push(n as u8);
    }
    if squares.len() < 2 {
        return Err(MoveTextError::Syntax(shown));
    }
    let from = squares[0];
    let to = *squares.last().expect("two or more");
    let inner = &squares[1..squares.len() - 1];
    let matches: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from().number() == from && m.to().number() == to)
        .filter(|m| {
            inner.is_empty() || {
                let path: Vec<u8> = m.path().map(|s| s.number()).collect();
                (path.len() == inner.len() + 1 && path[..inner.len()] == *inner)
                    || route_fits(m, &squares, pos)
            }
        })
        .collect();
    match matches.as_slice() {
        [m] => Ok(**m),
        [] => Err(MoveTextError::NoMatch {
            text: shown,
            legal: legal.iter().map(|m| move_text_in(legal, m)).collect(),
        }),
        many => {
            // Several paths with the same captured set are one move: any of them will do.
            if many.iter().all(|m| m.same_as(many[0])) {
                return Ok(*many[0]);
            }
            Err(MoveTextError::Ambiguous {
                text: shown,
                candidates: many.iter().map(|m| full_text(m)).collect(),
            })
        }
    }
}
