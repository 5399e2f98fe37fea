//! Reading a position's value, and choosing the move that keeps it.

use super::format::{DRAW, LOSS, NONE, UNSOLVED, WIN_MAX};
use super::index::{index, normalize, Signature};
use super::Tables;
use crate::Move;
use crate::Position;

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The side to move wins.
    Win,
}

/// A table value: the result and the distance to zeroing in plies (0 for a draw, and for a
/// loss with no move left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The result with no king plies played yet.
    pub wdl: Wdl,
    /// Plies until a capture or a man move into a still-won position (or the end).
    pub dtz: u32,
}

impl Probe {
    /// The result when `king_plies` king moves in a row were already played, under a rule of
    /// `rule` plies: a win or loss holds only if it is reached before the rule draws.
    pub fn under_rule(&self, king_plies: u32, rule: u32) -> Wdl {
        if self.wdl == Wdl::Draw || self.dtz == 0 || king_plies.saturating_add(self.dtz) <= rule {
            self.wdl
        } else {
            Wdl::Draw
        }
    }
}

/// The value of a byte; `None` for bytes that hold no value.
pub(crate) fn decode(b: u8) -> Option<Probe> {
    match b {
        DRAW => Some(Probe {
            wdl: Wdl::Draw,
            dtz: 0,
        }),
        1..=WIN_MAX => Some(Probe {
            wdl: Wdl::Win,
            dtz: b as u32,
        }),
        NONE | UNSOLVED => None,
        _ => Some(Probe {
            wdl: Wdl::Loss,
            dtz: (b - LOSS) as u32,
        }),
    }
}

impl Tables {
    /// The value of a position with no king plies played, or `None` when its table is not
    /// loaded or it is a position of another game. A side to move with no piece left has lost.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        if pos.variant() != self.variant {
            return None;
        }
        let (us, them, kings) = normalize(pos);
        if us == 0 {
            return Some(Probe {
                wdl: Wdl::Loss,
                dtz: 0,
            });
        }
        if them == 0 {
            return None;
        }
        let sig = Signature::of_boards(us, them, kings);
        let t = self.tables.get(&sig)?;
        let i = usize::try_from(index(&sig, us, them, kings)).ok()?;
        decode(*t.get(i)?)
    }

    /// The best move by the tables with `king_plies` king moves already played, and the value
    /// it keeps for the side to move (the distance counting this move). A win goes for the
    /// fewest plies to zeroing, a loss for the most; a draw takes the first drawing move.
    /// `None` when there is no move or a position after one is not in the tables.
    pub fn best_move(&self, pos: &Position, king_plies: u32) -> Option<(Move, Probe)> {
        self.ranked_moves(pos, king_plies)?.into_iter().next()
    }

    /// Every legal move with the value it keeps for the side to move under the king-move rule
    /// (`king_plies` king moves already played; the distance counts this move), best first:
    /// wins by the fewest plies to zeroing, then draws in the move generator's order, then
    /// losses by the most; equal distances go by the opponent's distance after a zeroing move,
    /// the same way. What a tables explorer lists, and [`best_move`](Tables::best_move)'s first.
    /// `None` when there is no move or a position after one is not in the tables.
    pub fn ranked_moves(&self, pos: &Position, king_plies: u32) -> Option<Vec<(Move, Probe)>> {
        let rule = self.rule();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mut ranked = Vec::with_capacity(legal.len());
        for m in legal.iter() {
            let child = self.probe(&pos.play(m))?;
            let zeroing = m.is_capture() || !m.is_king_move();
            let kp = if zeroing {
                0
            } else {
                king_plies.saturating_add(1)
            };
            let wdl = match child.under_rule(kp, rule) {
                Wdl::Win => Wdl::Loss,
                Wdl::Draw => Wdl::Draw,
                Wdl::Loss => Wdl::Win,
            };
            let dtz = match wdl {
                Wdl::Draw => 0,
                _ if zeroing => 1,
                _ => child.dtz + 1,
            };
            // Higher is better: the result, then the distance (short for a win, long for a
            // loss), then the opponent's distance after a zeroing move the same way.
            let key = match wdl {
                Wdl::Win => (wdl, -(dtz as i64), -(child.dtz as i64)),
                Wdl::Loss => (wdl, dtz as i64, child.dtz as i64),
                Wdl::Draw => (wdl, 0, 0),
            };
            ranked.push((*m, Probe { wdl, dtz }, key));
        }
        // Stable: equal keys keep the generator's order, so the first is the one chosen before.
        ranked.sort_by_key(|r| std::cmp::Reverse(r.2));
        Some(ranked.into_iter().map(|(m, p, _)| (m, p)).collect())
    }
}
