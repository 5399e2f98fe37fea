//! Plain-words reasons why a piece may not go from one square to another, in the words of the
//! game's own rules: the vocabulary ([`Illegal`], [`IllegalKind`]) and the search for the
//! reason in a position. A game asks it when a move is refused; it knows nothing of games.

use crate::rules::bitboard::{diagonal_between, step};
use crate::rules::movegen;
use crate::rules::position::Position;
use crate::rules::square::Role;
use crate::rules::{PrecedenceStep, Rules, Variant};
use core::fmt;

/// Why a piece cannot go from one square to another, in the words of its game's rules: the
/// `Display` form names the squares as that game's move text does and the rules by that game's
/// words.
///
/// ```
/// use dama::{Game, IllegalKind, Variant};
/// let g = Game::new(Variant::Brazilian);
/// let d4 = Variant::Brazilian.square_at("d4").unwrap();
/// let n = Variant::Brazilian.square_number(d4);
/// let why = g.why_illegal(n, n).unwrap();
/// assert_eq!(why.kind, IllegalKind::NoPiece(n));
/// assert_eq!(why.to_string(), "there is no piece on square d4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The game whose rules and numbering the message uses.
    pub variant: Variant,
    /// What is wrong.
    pub kind: IllegalKind,
}

/// The kinds of [`Illegal`]; squares are numbers 1-32 in the game's numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalKind {
    /// There is no piece on the square.
    NoPiece(u8),
    /// The piece belongs to the side not on move.
    NotYourPiece(u8),
    /// A capture is compulsory; these squares hold pieces that must capture.
    MustCapture(Vec<u8>),
    /// Rule 1: a capture taking more pieces exists.
    MostPieces(u32),
    /// Rule 2: a king must capture rather than a man.
    KingFirst,
    /// Rule 3: a capture taking more kings exists.
    MostKings(u32),
    /// Rule 4: a capture meeting a king earlier exists.
    EarliestKing,
    /// A man only captures men.
    ManTakesKing,
    /// Men move forward only.
    ManBackward,
    /// The destination holds a piece.
    Occupied(u8),
    /// Not a one-square diagonal step or a jump (or, for a flying king, not a free diagonal).
    NotAMove,
    /// A flying king's way is blocked by the piece on this square.
    Blocked(u8),
    /// The capture cannot stop on this square: the piece must go on capturing from it.
    GoesOn(u8),
    /// The game is over.
    GameOver,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.variant;
        let name = |n: &u8| {
            v.square(*n as u32)
                .map_or(n.to_string(), |s| v.square_name(s))
        };
        match &self.kind {
            IllegalKind::NoPiece(s) => write!(f, "there is no piece on square {}", name(s)),
            IllegalKind::NotYourPiece(s) => {
                write!(f, "the piece on square {} is your opponent's", name(s))
            }
            IllegalKind::MustCapture(sq) => {
                let list: Vec<String> = sq.iter().map(name).collect();
                write!(
                    f,
                    "capturing is compulsory: the piece on {} must capture",
                    list.join(" or ")
                )
            }
            IllegalKind::MostPieces(n) => {
                if let Some(rule) = crate::with_rules!(v, R => <R as Rules>::MAJORITY_RULE_NAME) {
                    write!(f, "{rule}: ")?;
                }
                write!(
                    f,
                    "you must play the capture that takes the most pieces ({n})"
                )
            }
            IllegalKind::KingFirst => f.write_str(
                "when a king and a man can take the same number of pieces, the king must capture",
            ),
            IllegalKind::MostKings(n) => {
                write!(f, "among equal captures you must take the most kings ({n})")
            }
            IllegalKind::EarliestKing => {
                f.write_str("among equal captures you must take the one that meets a king first")
            }
            IllegalKind::ManTakesKing => f.write_str("a man cannot capture a king"),
            IllegalKind::ManBackward if v.men_capture_backward() => f.write_str(
                "men move forward only (they capture backward, but only when capturing)",
            ),
            IllegalKind::ManBackward => f.write_str("men move forward only"),
            IllegalKind::Occupied(s) => write!(f, "square {} is occupied", name(s)),
            IllegalKind::NotAMove if v.flying_kings() => f.write_str(
                "men move one square diagonally forward and kings any distance along a free \
                 diagonal; captures jump an opposing piece",
            ),
            IllegalKind::NotAMove => {
                f.write_str("pieces move one square diagonally, or jump an opposing piece")
            }
            IllegalKind::Blocked(s) => write!(f, "the piece on square {} blocks the way", name(s)),
            IllegalKind::GoesOn(s) => write!(
                f,
                "the capture goes on from square {}: a piece must keep capturing while it can",
                name(s)
            ),
            IllegalKind::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for Illegal {}

/// Why the side to move may not play from `from` to `to` (square numbers in `variant`'s
/// numbering); `None` if a legal move does.
pub(crate) fn why_illegal(
    variant: Variant,
    pos: &Position,
    from: u8,
    to: u8,
) -> Option<IllegalKind> {
    crate::with_rules!(variant, R => explain::<R>(pos, from, to))
}

fn explain<R: Rules>(pos: &Position, from: u8, to: u8) -> Option<IllegalKind> {
    let v = R::VARIANT;
    let (Some(f), Some(t)) = (v.square(from as u32), v.square(to as u32)) else {
        return Some(IllegalKind::NotAMove);
    };
    let legal = pos.legal_moves();
    if legal.iter().any(|m| m.from() == f && m.to() == t) {
        return None;
    }
    let Some(piece) = pos.piece_at(f) else {
        return Some(IllegalKind::NoPiece(from));
    };
    if piece.color != pos.turn() {
        return Some(IllegalKind::NotYourPiece(from));
    }
    if legal.first().is_some_and(|m| m.is_capture()) {
        let best = legal[0];
        let all = movegen::all_captures::<R>(pos);
        let best_key = all
            .iter()
            .find(|(m, _)| m.same_as(&best))
            .map(|(_, k)| *k)
            .unwrap_or(0);
        // The strongest capture from -> to that precedence ruled out, if any.
        if let Some(worse) = all
            .iter()
            .filter(|(m, _)| m.from() == f && m.to() == t)
            .map(|(_, k)| *k)
            .max()
        {
            return Some(match R::deciding_step(best_key, worse) {
                Some(PrecedenceStep::Quantity) => IllegalKind::MostPieces(best.capture_count()),
                Some(PrecedenceStep::ByKing) => IllegalKind::KingFirst,
                Some(PrecedenceStep::MostKings) => {
                    IllegalKind::MostKings((best.captured() & pos.kings()).count_ones())
                }
                _ => IllegalKind::EarliestKing,
            });
        }
        // Stopping part-way along a capture that must go on.
        if legal
            .iter()
            .any(|m| m.from() == f && m.path().take(m.jumps() as usize - 1).any(|s| s == t))
        {
            return Some(IllegalKind::GoesOn(to));
        }
        let mut starts: Vec<u8> = legal.iter().map(|m| v.square_number(m.from())).collect();
        starts.sort_unstable();
        starts.dedup();
        return Some(IllegalKind::MustCapture(starts));
    }
    // No capture is available: explain why the step itself is wrong.
    let (fb, tb) = (f.bit(), t.bit());
    let Some((d, ray)) = diagonal_between(fb, tb) else {
        return Some(IllegalKind::NotAMove);
    };
    let backward = movegen::backward_dirs(pos).contains(&d);
    let occupied = !pos.empty();
    if ray == 0 {
        if occupied & tb != 0 {
            return Some(IllegalKind::Occupied(to));
        }
        if piece.role == Role::Man && backward {
            return Some(IllegalKind::ManBackward);
        }
        return Some(IllegalKind::NotAMove);
    }
    if piece.role == Role::King && R::FLYING_KINGS {
        let blocker = ray & occupied;
        if blocker != 0 {
            // The first piece met from the king's square.
            let mut at = step(fb, d);
            while at & blocker == 0 {
                at = step(at, d);
            }
            let sq = crate::Square::from_index(at.trailing_zeros())?;
            return Some(IllegalKind::Blocked(v.square_number(sq)));
        }
        if occupied & tb != 0 {
            return Some(IllegalKind::Occupied(to));
        }
        return Some(IllegalKind::NotAMove);
    }
    let over = step(fb, d);
    if ray == over && over & pos.pieces(pos.turn().opposite()) != 0 {
        if piece.role == Role::Man && !R::MEN_CAPTURE_KINGS && over & pos.kings() != 0 {
            return Some(IllegalKind::ManTakesKing);
        }
        if piece.role == Role::Man && !R::MEN_CAPTURE_BACKWARD && backward {
            return Some(IllegalKind::ManBackward);
        }
        if occupied & tb != 0 {
            return Some(IllegalKind::Occupied(to));
        }
    }
    Some(IllegalKind::NotAMove)
}
