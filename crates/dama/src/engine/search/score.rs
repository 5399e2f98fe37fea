//! The score scale: mates, endgame-table results and evaluations in one `i32`, their words
//! for people, and their form in the transposition table.

use super::MAX_PLY;
use crate::engine::egtb::Wdl;

/// The score of a win on the board now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses in a known number of plies.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score: the search window's open ends.
pub(super) const INF: i32 = 32_000;
/// An endgame-table win in `d` plies to zeroing at ply `p` scores `TB_WIN - p - d`: above any
/// evaluation, below the mate scores.
pub const TB_WIN: i32 = MATE_BOUND - 200;

/// Scores beyond this (and below `MATE_BOUND`) are endgame-table wins or losses.
pub const TB_BOUND: i32 = TB_WIN - 2 * MAX_PLY as i32 - 256;

/// A score in words for people: `+1.25` men, `win in 7` / `loss in 4` (moves, not plies), or
/// `win (tables)` / `loss (tables)` for a result the endgame tables know without its length.
///
/// ```
/// use dama::engine::{score_text, MATE, TB_WIN};
/// assert_eq!(score_text(125), "+1.25");
/// assert_eq!(score_text(MATE - 13), "win in 7");
/// assert_eq!(score_text(-(TB_WIN - 30)), "loss (tables)");
/// ```
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("loss in {}", (MATE + score + 1) / 2)
    } else if score > TB_BOUND {
        "win (tables)".into()
    } else if score < -TB_BOUND {
        "loss (tables)".into()
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// The score of a table value at `ply`: no move left is a mate, other wins and losses rank by
/// the distance to zeroing so that the engine makes progress.
pub(super) fn tb_score(wdl: Wdl, dtz: u32, ply: usize) -> i32 {
    match wdl {
        Wdl::Draw => 0,
        Wdl::Loss if dtz == 0 => -MATE + ply as i32,
        Wdl::Win => TB_WIN - ply as i32 - dtz as i32,
        Wdl::Loss => -(TB_WIN - ply as i32 - dtz as i32),
    }
}

/// Mate scores are stored relative to the node, not the root.
pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
