//! Glicko-2 ratings, one per game (Italian, Brazilian) and speed class, computed by the
//! `skillratings` crate with lichess's parameters; this module adds the parameters, the bounds
//! on what it is given and what it returns, and the change shown at a game's end.
//!
//! Each rated game is its own rating period for both players (as lichess rates), so a rating
//! moves after every game rather than at the end of a month. Casual games never reach here.

use dama::{Color, Outcome};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::fmt;

/// A player's Glicko-2 rating on the usual (Elo-like) scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    /// The rating itself (1500 is the start).
    pub rating: f64,
    /// The rating deviation: how unsure the rating is (two deviations either side hold the
    /// player's strength with 95% confidence).
    pub deviation: f64,
    /// How erratic the player's results are.
    pub volatility: f64,
}

/// The constants of a rating system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// The rating every player starts with.
    pub start: Glicko,
    /// Glickman's tau: how fast the volatility may change.
    pub tau: f64,
    /// The lowest deviation a rating keeps, so that a long-standing rating still moves.
    pub deviation_floor: f64,
    /// The highest deviation (the start's: no rating is less certain than a newcomer's).
    pub deviation_ceiling: f64,
    /// The most a rating may move in one rating period, in points.
    pub max_change: f64,
}

/// lichess's parameters (lila's `Glicko` and scalachess's rating calculator, read 2026-12;
/// ../shared/ONLINE.md): start 1500, deviation 500, volatility 0.09, tau 0.75, deviation
/// floor 45, at most 700 points in one game.
pub const LICHESS: Params = Params {
    start: Glicko {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
    },
    tau: 0.75,
    deviation_floor: 45.0,
    deviation_ceiling: 500.0,
    max_change: 700.0,
};

/// The parameters of Glickman's worked example ("Example of the Glicko-2 system", 2013):
/// tau 0.5 and none of lichess's limits, to check the computation against his figures.
pub const GLICKMAN_EXAMPLE: Params = Params {
    start: Glicko {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    },
    tau: 0.5,
    deviation_floor: 0.0,
    deviation_ceiling: 350.0,
    max_change: f64::INFINITY,
};

/// A rating is provisional (shown with a "?") while its deviation is at least this
/// (lichess's `provisionalDeviation`).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The range a stored rating must lie in to be believed, open at both ends: lila's sanity
/// check refuses ratings outside 0..4000; deviations past 1000 and volatilities of 1 or more
/// mean nothing on this scale either.
const SANE_RATING: (f64, f64) = (0.0, 4000.0);
const SANE_DEVIATION: (f64, f64) = (0.0, 1000.0);
const SANE_VOLATILITY: (f64, f64) = (0.0, 1.0);

/// The convergence tolerance of the volatility's iteration (Glickman's suggestion).
const CONVERGENCE: f64 = 0.000_001;

/// A rating that cannot be used, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RatingError {
    /// A number that is not finite (NaN or infinite), by field name.
    NotFinite(&'static str),
    /// A number outside the range a rating can have, by field name, with the value.
    OutOfRange(&'static str, f64),
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::NotFinite(field) => write!(f, "the rating's {field} is not a number"),
            RatingError::OutOfRange(field, v) => {
                write!(f, "the rating's {field} {v} is outside its possible range")
            }
        }
    }
}

impl std::error::Error for RatingError {}

fn sane(field: &'static str, v: f64, (lo, hi): (f64, f64)) -> Result<f64, RatingError> {
    if !v.is_finite() {
        Err(RatingError::NotFinite(field))
    } else if v <= lo || v >= hi {
        Err(RatingError::OutOfRange(field, v))
    } else {
        Ok(v)
    }
}

impl Glicko {
    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating as a stored value may be trusted: refused when a number is not finite or
    /// absurd (outside the sane ranges), and the deviation brought within `params`' floor and
    /// ceiling (a rating stored under other parameters, say lidraughts's 350 start or an older
    /// floor, is still a rating).
    pub fn checked(self, params: &Params) -> Result<Glicko, RatingError> {
        Ok(Glicko {
            rating: sane("rating", self.rating, SANE_RATING)?,
            deviation: sane("deviation", self.deviation, SANE_DEVIATION)?
                .clamp(params.deviation_floor, params.deviation_ceiling),
            volatility: sane("volatility", self.volatility, SANE_VOLATILITY)?,
        })
    }

    fn to_crate(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// One game's result from a player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The score of `side` in a game that ended with `outcome`.
    pub fn of(side: Color, outcome: Outcome) -> Score {
        match outcome {
            Outcome::Draw => Score::Draw,
            Outcome::Win(c) if c == side => Score::Win,
            Outcome::Win(_) => Score::Loss,
        }
    }

    fn to_crate(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// A player's rating after one rating period with `results` (opponent, score), under
/// `params`: the inputs checked, the deviation kept within the floor and ceiling, and the
/// rating's move limited to `params.max_change`.
pub fn update(
    player: Glicko,
    results: &[(Glicko, Score)],
    params: &Params,
) -> Result<Glicko, RatingError> {
    let player = player.checked(params)?;
    let results = results
        .iter()
        .map(|&(o, s)| Ok((o.checked(params)?.to_crate(), s.to_crate())))
        .collect::<Result<Vec<_>, RatingError>>()?;
    let config = Glicko2Config {
        tau: params.tau,
        convergence_tolerance: CONVERGENCE,
    };
    let new = glicko2_rating_period(&player.to_crate(), &results, &config);
    let change = (new.rating - player.rating).clamp(-params.max_change, params.max_change);
    let after = Glicko {
        rating: player.rating + change,
        deviation: new
            .deviation
            .clamp(params.deviation_floor, params.deviation_ceiling),
        volatility: new.volatility,
    };
    // A result the sanity check would refuse on the next read is refused now, before it is
    // stored (an extreme rating against an extreme opponent can leave the range).
    after.checked(params)
}

/// A rating's change in one game, as the page shows it at the game's end.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before the game.
    pub before: Glicko,
    /// The rating after the game.
    pub after: Glicko,
    /// The change in whole points, as shown (the rounded ratings' difference, so that the
    /// shown before + diff is the shown after).
    pub diff: i32,
}

impl RatingChange {
    fn new(before: Glicko, after: Glicko) -> RatingChange {
        RatingChange {
            before,
            after,
            diff: (after.rating.round() - before.rating.round()) as i32,
        }
    }
}

impl From<&RatingChange> for crate::protocol::RatingShown {
    fn from(c: &RatingChange) -> Self {
        crate::protocol::RatingShown::new(c.before.rating, c.after.rating, c.after.deviation)
    }
}

/// Both players' changes after a rated game that ended with `outcome`, with lichess's
/// parameters: (White's, Black's).
pub fn rate_game(
    white: Glicko,
    black: Glicko,
    outcome: Outcome,
) -> Result<(RatingChange, RatingChange), RatingError> {
    let (white, black) = (white.checked(&LICHESS)?, black.checked(&LICHESS)?);
    let w = update(
        white,
        &[(black, Score::of(Color::White, outcome))],
        &LICHESS,
    )?;
    let b = update(
        black,
        &[(white, Score::of(Color::Black, outcome))],
        &LICHESS,
    )?;
    Ok((RatingChange::new(white, w), RatingChange::new(black, b)))
}

/// A rating's speed class: the clock's own ([`crate::clock::Speed`]), one enum for the
/// clocks' grace periods and the ratings' classes.
pub use crate::clock::Speed;

#[cfg(test)]
mod tests {
    use super::*;

    fn g(rating: f64, deviation: f64, volatility: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility,
        }
    }

    /// Glickman's worked example. His figures come from intermediate values he rounded to
    /// four places (mu' = -0.2069, phi' = 0.8722), so the exact computation differs in the
    /// last place he prints: 1464.0507 for his 1464.06, 151.5165 for 151.52. Asserted to his
    /// precision: within 0.01 of each figure, the volatility within 0.00001.
    #[test]
    fn glickman_worked_example() {
        let results = [
            (g(1400.0, 30.0, 0.06), Score::Win),
            (g(1550.0, 100.0, 0.06), Score::Loss),
            (g(1700.0, 300.0, 0.06), Score::Loss),
        ];
        let after = update(g(1500.0, 200.0, 0.06), &results, &GLICKMAN_EXAMPLE).unwrap();
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn newcomers_are_provisional_until_the_deviation_falls_under_110() {
        assert!(LICHESS.start.provisional());
        assert!(g(1500.0, 110.0, 0.09).provisional());
        assert!(!g(1500.0, 109.9, 0.09).provisional());
        // Two newcomers playing each other stay provisional after one game, and a player
        // with many games against settled opponents becomes settled.
        let (w, _) = rate_game(LICHESS.start, LICHESS.start, Outcome::Draw).unwrap();
        assert!(w.after.provisional());
        let mut p = LICHESS.start;
        for _ in 0..40 {
            p = update(p, &[(g(1500.0, 60.0, 0.06), Score::Draw)], &LICHESS).unwrap();
        }
        assert!(!p.provisional(), "{p:?}");
        assert!(p.deviation >= LICHESS.deviation_floor);
    }

    #[test]
    fn a_win_raises_a_loss_lowers_a_draw_between_equals_barely_moves() {
        let a = g(1600.0, 80.0, 0.06);
        let b = g(1600.0, 80.0, 0.06);
        let (w, l) = rate_game(a, b, Outcome::Win(Color::White)).unwrap();
        assert!(w.after.rating > a.rating && w.diff > 0, "{w:?}");
        assert!(l.after.rating < b.rating && l.diff < 0, "{l:?}");
        assert_eq!(w.diff, -l.diff, "equal players move by as much");
        let (w, l) = rate_game(a, b, Outcome::Win(Color::Black)).unwrap();
        assert!(w.diff < 0 && l.diff > 0);
        let (d1, d2) = rate_game(a, b, Outcome::Draw).unwrap();
        assert!((d1.after.rating - a.rating).abs() < 0.5, "{d1:?}");
        assert!((d2.after.rating - b.rating).abs() < 0.5, "{d2:?}");
        assert_eq!((d1.diff, d2.diff), (0, 0));
        // The deviation shrinks with a game played: the rating is surer.
        assert!(d1.after.deviation < a.deviation);
    }

    #[test]
    fn the_shown_diff_is_the_difference_of_the_shown_ratings() {
        let (w, b) = rate_game(
            g(1500.4, 200.0, 0.06),
            g(1712.6, 150.0, 0.06),
            Outcome::Draw,
        )
        .unwrap();
        for c in [w, b] {
            assert_eq!(
                c.before.rating.round() as i32 + c.diff,
                c.after.rating.round() as i32
            );
        }
    }

    #[test]
    fn one_game_moves_a_rating_at_most_700_points() {
        // A newcomer (deviation 500) beating a settled 3000: unbounded, Glicko-2 gives more
        // than 700 points.
        let raw = update(
            LICHESS.start,
            &[(g(3000.0, 45.0, 0.06), Score::Win)],
            &Params {
                max_change: f64::INFINITY,
                ..LICHESS
            },
        )
        .unwrap();
        assert!(raw.rating - 1500.0 > 700.0, "{raw:?}");
        let (w, _) = rate_game(
            LICHESS.start,
            g(3000.0, 45.0, 0.06),
            Outcome::Win(Color::White),
        )
        .unwrap();
        assert_eq!(w.after.rating, 2200.0);
        assert_eq!(w.diff, 700);
    }

    #[test]
    fn absurd_stored_values_are_refused_with_a_reason_and_deviations_clamped() {
        let ok = g(1500.0, 100.0, 0.06);
        assert_eq!(
            g(f64::NAN, 100.0, 0.06).checked(&LICHESS),
            Err(RatingError::NotFinite("rating"))
        );
        assert_eq!(
            g(1500.0, f64::INFINITY, 0.06).checked(&LICHESS),
            Err(RatingError::NotFinite("deviation"))
        );
        assert_eq!(
            g(1500.0, 100.0, -0.1).checked(&LICHESS),
            Err(RatingError::OutOfRange("volatility", -0.1))
        );
        assert_eq!(
            g(40000.0, 100.0, 0.06).checked(&LICHESS),
            Err(RatingError::OutOfRange("rating", 40000.0))
        );
        assert_eq!(
            g(1500.0, 0.0, 0.06).checked(&LICHESS),
            Err(RatingError::OutOfRange("deviation", 0.0))
        );
        assert_eq!(
            RatingError::NotFinite("rating").to_string(),
            "the rating's rating is not a number"
        );
        // Within reason but past lichess's bounds: clamped, not refused.
        assert_eq!(
            g(1500.0, 20.0, 0.06).checked(&LICHESS).unwrap().deviation,
            45.0
        );
        assert_eq!(
            g(1500.0, 700.0, 0.06).checked(&LICHESS).unwrap().deviation,
            500.0
        );
        assert_eq!(ok.checked(&LICHESS), Ok(ok));
        // An opponent's bad rating refuses the update rather than spreading into ours.
        assert!(rate_game(ok, g(f64::NAN, 100.0, 0.06), Outcome::Draw).is_err());
    }

    #[test]
    fn speed_classes_follow_the_estimated_length() {
        assert_eq!(Speed::of_ms(60_000, 0), Speed::Bullet);
        assert_eq!(Speed::of_ms(120_000, 1_000), Speed::Bullet); // 120 + 40 x 1 = 160 s
        assert_eq!(Speed::of_ms(180_000, 0), Speed::Blitz);
        assert_eq!(Speed::of_ms(300_000, 3_000), Speed::Blitz); // FID online 5'+3": 420 s
        assert_eq!(Speed::of_ms(600_000, 0), Speed::Rapid);
        assert_eq!(Speed::of_ms(900_000, 10_000), Speed::Rapid); // 1300 s
        assert_eq!(Speed::of_ms(1_800_000, 0), Speed::Classical);
        for s in Speed::ALL {
            assert_eq!(Speed::from_id(s.id()), Some(s));
        }
        assert_eq!(Speed::from_id("correspondence"), None);
    }
}
