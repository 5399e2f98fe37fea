//! Backing the book's scores up its tree (minimax, as in Lincke's drop-out expansion): a move
//! that leads to a position the book scored takes that position's best score, negated, instead
//! of its own search's. Each position is searched to the same depth, so a move whose line the
//! book follows for k more plies is scored as if searched k plies deeper: the book chooses
//! its early moves by what its later searches found.

use dama::engine::TB_BOUND;
use dama::{Move, Position};
use std::collections::HashMap;

/// Every scored position's moves with their scores (the search's), the best first.
pub type Scored = HashMap<Position, Vec<(Move, i32)>>;

/// The scores of `scored` backed up its tree, each list the best first (ties in their order
/// in `scored`). `order` lists the positions in the order they were scored, so that a cycle
/// (kings' moves can repeat a position) is cut the same way on every run.
pub fn back_up(scored: &Scored, order: &[Position]) -> Scored {
    let mut b = Backer {
        scored,
        moves: HashMap::new(),
        open: Vec::new(),
    };
    for pos in order {
        b.best(pos);
    }
    b.moves
}

struct Backer<'a> {
    scored: &'a Scored,
    /// Each position's moves with backed-up scores, the best first, once known.
    moves: Scored,
    /// The positions being backed up now (a line of the tree): met again, a cycle.
    open: Vec<Position>,
}

impl Backer<'_> {
    /// The backed-up score of `pos` for the side to move, or `None` if the book did not score
    /// it or it is on the line being backed up (a cycle).
    fn best(&mut self, pos: &Position) -> Option<i32> {
        if let Some(moves) = self.moves.get(pos) {
            return Some(best_of(moves));
        }
        let own = self.scored.get(pos)?;
        if self.open.contains(pos) {
            return None;
        }
        self.open.push(*pos);
        let mut moves: Vec<(Move, i32)> = own
            .iter()
            .map(|&(m, s)| (m, self.after(pos.play(&m)).unwrap_or(s)))
            .collect();
        self.open.pop();
        // Stable: equal scores keep the order they had (the search's tie-break).
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let v = best_of(&moves);
        self.moves.insert(*pos, moves);
        Some(v)
    }

    /// The backed-up score, for the side that moved, of the move that led to `child`:
    /// forced moves are followed (a single legal move is never stored), each ply negating.
    fn after(&mut self, mut child: Position) -> Option<i32> {
        let mut plies = 1;
        loop {
            if let Some(v) = self.best(&child) {
                return Some(parent_view(v, plies));
            }
            let legal = child.legal_moves();
            if legal.len() != 1 || plies >= 40 {
                return None;
            }
            child = child.play(&legal[0]);
            plies += 1;
        }
    }
}

/// The best score of a list ordered best first.
fn best_of(moves: &[(Move, i32)]) -> i32 {
    moves.first().map_or(0, |&(_, s)| s)
}

/// A score for the side to move `plies` plies down seen from the side that moved first: negated
/// on odd plies, and a win or loss in a known number of plies one ply further away for each.
fn parent_view(v: i32, plies: i32) -> i32 {
    let v = if plies % 2 == 1 { -v } else { v };
    // Beyond TB_BOUND are the mates and the table results, both counted in plies from here.
    if v > TB_BOUND {
        v - plies
    } else if v < -TB_BOUND {
        v + plies
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start, one move, the position after it, and its moves.
    fn line() -> (Position, Move, Position) {
        let start = Position::start(dama::Variant::Italian);
        let m = start.legal_moves()[0];
        (start, m, start.play(&m))
    }

    #[test]
    fn a_move_takes_the_negated_best_of_the_position_it_leads_to() {
        let (start, m, child) = line();
        let cm: Vec<Move> = child.legal_moves().iter().copied().collect();
        let other = start.legal_moves()[1];
        let mut scored = Scored::new();
        // The search liked m a little (+20) and other less (+10); the book, a ply further,
        // finds m's position better for the opponent (+50 for them).
        scored.insert(start, vec![(m, 20), (other, 10)]);
        scored.insert(child, vec![(cm[0], 50), (cm[1], -30)]);
        let b = back_up(&scored, &[start, child]);
        assert_eq!(b[&start], vec![(other, 10), (m, -50)]);
        assert_eq!(b[&child], vec![(cm[0], 50), (cm[1], -30)]);
    }

    #[test]
    fn unscored_moves_keep_their_scores_and_wins_move_a_ply_away() {
        assert_eq!(parent_view(40, 1), -40);
        assert_eq!(parent_view(40, 2), 40);
        let mate = dama::engine::MATE;
        assert_eq!(parent_view(-(mate - 3), 1), mate - 4);
        assert_eq!(parent_view(mate - 3, 1), -(mate - 4));
        let tb = dama::engine::TB_WIN - 10;
        assert_eq!(parent_view(-tb, 1), tb - 1);
        let (start, m, _) = line();
        let scored: Scored = [(start, vec![(m, 7)])].into_iter().collect();
        assert_eq!(back_up(&scored, &[start])[&start], vec![(m, 7)]);
    }
}
