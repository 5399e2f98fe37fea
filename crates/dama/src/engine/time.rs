//! Time control: how much of a game clock to spend on one move.
//!
//! This module turns a clock into a budget for one move; the caller searches with it as the
//! hard limit and half of it as the point after which no new iteration starts (see
//! [`Limits`](crate::engine::Limits)), so time an iteration would not finish is kept.

/// A player's clock at the moment of moving.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameClock {
    /// Time left, in milliseconds, including this move's increment if it is added before moves.
    pub remaining_ms: f64,
    /// Time added per move, in milliseconds.
    pub increment_ms: f64,
    /// Moves until the next time control, if any (sudden death otherwise).
    pub moves_to_go: Option<u32>,
}

/// How many moves a sudden-death clock is spread over: a game lasts about 40-60 moves, and
/// the first ones matter most.
const HORIZON: f64 = 30.0;

impl GameClock {
    /// The milliseconds to give this move: an even share of the time left over the moves to go
    /// (at most 30), plus the increment, never more than 80% of what is left less a 50 ms
    /// safety margin, and at least 1 ms.
    ///
    /// ```
    /// use dama::engine::GameClock;
    /// let c = GameClock { remaining_ms: 60_000.0, increment_ms: 0.0, moves_to_go: None };
    /// assert_eq!(c.budget_ms(), 2000.0);
    /// let tight = GameClock { remaining_ms: 100.0, increment_ms: 1000.0, moves_to_go: Some(10) };
    /// assert!(tight.budget_ms() <= 100.0 * 0.8);
    /// ```
    pub fn budget_ms(&self) -> f64 {
        let t = self.remaining_ms.max(0.0);
        let inc = self.increment_ms.max(0.0).min(t);
        let n = self
            .moves_to_go
            .map_or(HORIZON, |m| (m.max(1) as f64).min(HORIZON));
        let share = (t - inc) / n + inc;
        let cap = t * 0.8 - 50.0;
        share.min(cap).max(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_positive_and_never_exceed_the_clock() {
        for remaining in [0.0, 1.0, 40.0, 500.0, 10_000.0, 600_000.0] {
            for inc in [0.0, 100.0, 2_000.0] {
                for moves in [None, Some(1), Some(5), Some(40)] {
                    let c = GameClock {
                        remaining_ms: remaining,
                        increment_ms: inc,
                        moves_to_go: moves,
                    };
                    let b = c.budget_ms();
                    assert!(b >= 1.0);
                    assert!(b <= remaining.max(1.0), "{c:?} -> {b}");
                }
            }
        }
    }

    #[test]
    fn fewer_moves_to_go_means_more_time_each() {
        let c = |m| GameClock {
            remaining_ms: 60_000.0,
            increment_ms: 0.0,
            moves_to_go: Some(m),
        };
        assert!(c(5).budget_ms() > c(20).budget_ms());
    }
}
