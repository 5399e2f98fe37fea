//! Plain-words reasons why a piece may not go from one square to another.

use crate::bitboard::{step, Dir};
use crate::game::Illegal;
use crate::movegen;
use crate::position::Position;
use crate::rules::{Italian, PrecedenceStep};
use crate::square::{Role, Square};

/// Why the side to move may not play from `from` to `to` (square numbers); `None` if a legal
/// move does.
pub(crate) fn why_illegal(pos: &Position, from: u8, to: u8) -> Option<Illegal> {
    let (Some(f), Some(t)) = (
        Square::from_number(from as u32),
        Square::from_number(to as u32),
    ) else {
        return Some(Illegal::NotAMove);
    };
    let legal = pos.legal_moves();
    if legal.iter().any(|m| m.from() == f && m.to() == t) {
        return None;
    }
    let Some(piece) = pos.piece_at(f) else {
        return Some(Illegal::NoPiece(from));
    };
    if piece.color != pos.turn() {
        return Some(Illegal::NotYourPiece(from));
    }
    if legal.first().is_some_and(|m| m.is_capture()) {
        let best = legal[0];
        let all = movegen::all_captures::<Italian>(pos);
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
            return Some(match Italian::deciding_step(best_key, worse) {
                Some(PrecedenceStep::Quantity) => Illegal::MostPieces(best.capture_count()),
                Some(PrecedenceStep::ByKing) => Illegal::KingFirst,
                Some(PrecedenceStep::MostKings) => {
                    Illegal::MostKings((best.captured() & pos.kings()).count_ones())
                }
                _ => Illegal::EarliestKing,
            });
        }
        let mut starts: Vec<u8> = legal.iter().map(|m| m.from().number()).collect();
        starts.dedup();
        return Some(Illegal::MustCapture(starts));
    }
    // No capture is available: explain why the step itself is wrong.
    let fb = f.bit();
    let tb = t.bit();
    let adjacent = Dir::ALL.iter().find(|&&d| step(fb, d) == tb);
    if let Some(&d) = adjacent {
        if pos.empty() & tb == 0 {
            return Some(Illegal::Occupied(to));
        }
        if piece.role == Role::Man && movegen::backward_dirs(pos).contains(&d) {
            return Some(Illegal::ManBackward);
        }
        return Some(Illegal::NotAMove);
    }
    for d in Dir::ALL {
        let over = step(fb, d);
        if step(over, d) == tb && over & pos.pieces(pos.turn().opposite()) != 0 {
            if piece.role == Role::Man && over & pos.kings() != 0 {
                return Some(Illegal::ManTakesKing);
            }
            if piece.role == Role::Man && movegen::backward_dirs(pos).contains(&d) {
                return Some(Illegal::ManBackward);
            }
            if pos.empty() & tb == 0 {
                return Some(Illegal::Occupied(to));
            }
        }
    }
    Some(Illegal::NotAMove)
}
