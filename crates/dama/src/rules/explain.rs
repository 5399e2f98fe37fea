//! Plain-words reasons why a piece may not go from one square to another, in the words of the
//! game's own rules.

use crate::rules::bitboard::{diagonal_between, step};
use crate::rules::game::IllegalKind;
use crate::rules::movegen;
use crate::rules::position::Position;
use crate::rules::square::Role;
use crate::rules::{PrecedenceStep, Rules, Variant};

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
