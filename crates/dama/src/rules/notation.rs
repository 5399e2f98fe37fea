//! Move text: `22-18` for a quiet move, `22x13` for a capture, and the full landing path
//! `27x18x11x4` where from and to alone would not say which capture is meant. Brazilian moves
//! are written with algebraic squares (`c3-d4`, `c3xe5xg7`) as PDN game type 26 writes them.

use crate::rules::bitboard::{step, Dir};
use crate::rules::moves::{ray_between, Move, MoveList};
use crate::rules::position::Position;
use crate::rules::square::Square;
use crate::rules::Variant;
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
                write!(
                    f,
                    "cannot read move {t:?}: squares are numbered 1-32 (Brazilian also a1-h8)"
                )
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

/// The move written with every landing square in `variant`'s names: `31x22x13` (Italian),
/// `c3xe5xg7` (Brazilian), or `22-18` for a quiet move.
pub fn full_text(variant: Variant, m: &Move) -> String {
    let mut s = variant.square_name(m.from());
    let sep = if m.is_capture() { 'x' } else { '-' };
    for sq in m.path() {
        s.push(sep);
        s.push_str(&variant.square_name(sq));
    }
    s
}

/// The move in its position's game's standard notation: from and to, with the full path only
/// where another legal move shares both.
///
/// ```
/// use dama::{notation, Position, Variant};
/// let pos = Position::start(Variant::Italian);
/// let m = pos.legal_moves()[0];
/// assert_eq!(notation::parse(&pos, &notation::move_text(&pos, &m)).unwrap(), m);
/// ```
pub fn move_text(pos: &Position, m: &Move) -> String {
    move_text_among(pos.variant(), &pos.legal_moves(), m)
}

/// The move in `variant`'s standard notation among the legal moves it belongs to: `22-18` and
/// `22x13` in Italian, `c3-d4` and `c3xe5` in Brazilian; the full landing path where another
/// legal move has the same from and to.
///
/// ```
/// use dama::{notation, Position, Variant};
/// let v = Variant::Brazilian;
/// let pos = Position::start(v);
/// let legal = pos.legal_moves();
/// let texts: Vec<String> = legal.iter().map(|m| notation::move_text_among(v, &legal, m)).collect();
/// assert!(texts.contains(&"c3-d4".to_string()));
/// assert_eq!(notation::parse(&pos, "c3-d4").unwrap().from(), v.square_at("c3").unwrap());
/// ```
pub fn move_text_among(variant: Variant, legal: &MoveList, m: &Move) -> String {
    let name = |s| variant.square_name(s);
    if !m.is_capture() {
        return format!("{}-{}", name(m.from()), name(m.to()));
    }
    let ambiguous = legal
        .iter()
        .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured());
    if ambiguous {
        full_text(variant, m)
    } else {
        format!("{}x{}", name(m.from()), name(m.to()))
    }
}

/// Reads a move text against the legal moves of `pos`, in its game's names: `22-18`, `22x13`,
/// `27x18x11x4` (`:` is read as `x`); Brazilian squares as algebraic names (`c3xe5`) or numbers
/// in the Brazilian numbering. A text naming only from and to matches any legal move with
/// those squares; one with landing squares must describe a path of that move: the stored one,
/// or another route over the same pieces (a king circling either way), each landing square
/// empty.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    parse_with(pos.variant(), &pos.legal_moves(), text, Some(pos))
}

/// [`parse`] among legal moves of `variant` already generated (another route over the same
/// pieces is checked for its geometry only, as the position is not known).
pub fn parse_among(variant: Variant, legal: &MoveList, text: &str) -> Result<Move, MoveTextError> {
    parse_with(variant, legal, text, None)
}

/// Whether `squares` (from, landing squares..., to) is a route for capture `m`: diagonal jumps,
/// each over exactly one piece of `m`'s captured set not jumped before (a short king's jump
/// lands just beyond it), all of them, through and onto empty squares.
fn route_fits(variant: Variant, m: &Move, squares: &[Square], pos: Option<&Position>) -> bool {
    if !m.is_capture() || squares.len() != m.jumps() as usize + 1 {
        return false;
    }
    let from_bit = m.from().bit();
    let occupied = pos.map_or(0, |p| !p.empty() & !from_bit);
    let mut jumped = 0u32;
    for pair in squares.windows(2) {
        let (a, b) = (pair[0].bit(), pair[1].bit());
        let between = ray_between(a, b);
        let over = between & m.captured() & !jumped;
        let short = Dir::ALL.into_iter().any(|d| step(step(a, d), d) == b);
        if over.count_ones() != 1
            || (!variant.flying_kings() && !short)
            || between & !over & (occupied | m.captured()) != 0
            || b & occupied != 0
        {
            return false;
        }
        jumped |= over;
    }
    jumped == m.captured()
}

/// One square of a move text in `variant`: a number, or (Brazilian) an algebraic name.
fn read_square(variant: Variant, part: &str) -> Result<Option<Square>, ()> {
    if !part.is_empty() && part.len() <= 2 && part.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = part.parse().map_err(|_| ())?;
        return Ok(variant.square(n));
    }
    if variant.algebraic_moves() && part.len() == 2 && part.as_bytes()[0].is_ascii_alphabetic() {
        return match variant.square_at(part) {
            Some(s) => Ok(Some(s)),
            None if part.as_bytes()[1].is_ascii_digit() => Ok(None),
            None => Err(()),
        };
    }
    Err(())
}

fn parse_with(
    variant: Variant,
    legal: &MoveList,
    text: &str,
    pos: Option<&Position>,
) -> Result<Move, MoveTextError> {
    let t = text.trim().trim_start_matches('\u{feff}');
    let shown: String = t.chars().take(40).collect();
    if t.is_empty() || t.len() > 60 {
        return Err(MoveTextError::Syntax(shown));
    }
    let mut squares = Vec::new();
    for part in t.split(['-', 'x', 'X', ':']) {
        match read_square(variant, part) {
            Ok(Some(s)) => squares.push(s),
            Ok(None) => return Err(MoveTextError::BadSquare(shown)),
            Err(()) => return Err(MoveTextError::Syntax(shown)),
        }
    }
    if squares.len() < 2 {
        return Err(MoveTextError::Syntax(shown));
    }
    let from = squares[0];
    let to = *squares.last().expect("two or more");
    let inner = &squares[1..squares.len() - 1];
    let matches: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from() == from && m.to() == to)
        .filter(|m| {
            inner.is_empty() || {
                let path: Vec<Square> = m.path().collect();
                (path.len() == inner.len() + 1 && path[..inner.len()] == *inner)
                    || route_fits(variant, m, &squares, pos)
            }
        })
        .collect();
    match matches.as_slice() {
        [m] => Ok(**m),
        [] => Err(MoveTextError::NoMatch {
            text: shown,
            legal: legal
                .iter()
                .map(|m| move_text_among(variant, legal, m))
                .collect(),
        }),
        many => {
            // Several paths with the same captured set are one move: any of them will do.
            if many.iter().all(|m| m.same_as(many[0])) {
                return Ok(*many[0]);
            }
            Err(MoveTextError::Ambiguous {
                text: shown,
                candidates: many.iter().map(|m| full_text(variant, m)).collect(),
            })
        }
    }
}
