//! What the book says of each shipped opening (the positions three plies from the start where
//! `dama match` and `dama train gen` begin their games): the score of its best book move for
//! the side to move, and the side it is lost for when that is at least `lost` hundredths of a
//! man. The search's verdict at the book's depth, not a proof: a score of a man or more this
//! early means a man lost by force within the search's horizon.

use crate::opening_lists;
use dama::engine::book::Book;
use dama::engine::score_text;
use dama::{fen, notation};
use dama::{Color, Position};

/// One opening's verdict.
pub struct Verdict {
    /// The opening.
    pub pos: Position,
    /// Its best book move and that move's score for the side to move; None: not in the book.
    pub best: Option<(String, i32)>,
    /// The side it is lost for, if any.
    pub lost_for: Option<Color>,
}

/// The verdicts of `book`'s game's shipped openings, in their list's order.
pub fn verdicts(book: &Book, lost: i32) -> Result<Vec<Verdict>, String> {
    let variant = book.variant();
    let list = opening_lists::parse_list(variant, opening_lists::shipped(variant))?;
    Ok(list
        .into_iter()
        .map(|pos| {
            let best = best_move(book, &pos);
            let lost_for = best.as_ref().and_then(|(_, s)| {
                if *s <= -lost {
                    Some(pos.turn())
                } else if *s >= lost {
                    Some(pos.turn().opposite())
                } else {
                    None
                }
            });
            Verdict {
                pos,
                best,
                lost_for,
            }
        })
        .collect())
}

/// One line of `dama book openings`: the FEN, then a comment with the verdict (so the output
/// is itself an openings list: the readers skip what follows `#`).
pub fn line(v: &Verdict) -> String {
    let fen = fen::write(&v.pos);
    match (&v.best, v.lost_for) {
        (None, _) => format!("{fen}  # not in the book"),
        (Some((m, s)), None) => format!("{fen}  # {m} {}", score_text(*s)),
        (Some((m, s)), Some(c)) => {
            format!("{fen}  # {m} {}, lost for {c}", score_text(*s))
        }
    }
}

/// The best book move of `pos` and its score for the side to move. A forced move is not in the
/// book (it is played at once): it is followed, and scores what the reply's best scores for
/// the other side.
fn best_move(book: &Book, pos: &Position) -> Option<(String, i32)> {
    let mut p = *pos;
    let mut first: Option<String> = None;
    let mut sign = 1;
    // A line of forced moves ends: each takes a piece or moves a man, or they alternate
    // between two kings, which this bound stops.
    for _ in 0..64 {
        let legal = p.legal_moves();
        if legal.len() == 1 {
            first.get_or_insert_with(|| notation::move_text(&p, &legal[0]));
            p = p.play(&legal[0]);
            sign = -sign;
            continue;
        }
        let (m, s) = *book.probe(&p).first()?;
        return Some((
            first.unwrap_or_else(|| notation::move_text(&p, &m)),
            sign * s,
        ));
    }
    None
}
