//! The Elo estimate of a match result, with its 95% interval.
//!
//! The logistic model: with score s (wins plus half the draws, over the games),
//! Elo = -400 log10(1/s - 1). The 95% margin comes from the standard error of the mean per-game
//! score (each game scoring 1, 1/2 or 0, so draws narrow it), s +- 1.96 se, mapped through the
//! same formula; the interval's ends are printed, and half its width as the margin (near a 0% or
//! 100% score the far end, and so the margin, is infinite). Games in a pair from the same
//! opening are treated as independent, which slightly overstates the margin when openings are
//! unbalanced.

/// The Elo difference and the ends of its 95% interval; infinite at a 0% or 100% score, where
/// the logistic model has no finite answer.
pub fn elo(wins: u32, draws: u32, losses: u32) -> (f64, f64, f64) {
    let n = (wins + draws + losses) as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |x: f64| -400.0 * (1.0 / x - 1.0).log10();
    if s <= 0.0 || s >= 1.0 {
        return (to_elo(s), f64::NEG_INFINITY, f64::INFINITY);
    }
    let lo = to_elo((s - 1.96 * se).max(0.0));
    let hi = to_elo((s + 1.96 * se).min(1.0));
    (to_elo(s), lo, hi)
}

pub fn fmt_elo(e: f64) -> String {
    if e.is_finite() {
        format!("{e:+.0}")
    } else if e > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

pub fn fmt_margin(m: f64) -> String {
    if m.is_finite() {
        format!("{m:.0}")
    } else {
        "inf".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_formula() {
        let (e, lo, hi) = elo(50, 0, 50);
        assert!(e.abs() < 1e-9);
        assert!(
            (hi - 69.0).abs() < 1.0 && (lo + 69.0).abs() < 1.0,
            "{lo} {hi}"
        );
        let (e, _, _) = elo(75, 0, 25);
        assert!((e - 190.85).abs() < 0.1, "{e}");
        // Draws narrow the interval at the same score.
        let (_, lo, hi) = elo(0, 100, 0);
        assert!(lo.abs() < 1e-9 && hi.abs() < 1e-9);
        let (e, lo, hi) = elo(10, 0, 0);
        assert!(e.is_infinite() && hi.is_infinite() && lo.is_infinite());
        // Near 100% the upper end runs off to infinity but the lower end stays finite.
        let (e, lo, hi) = elo(197, 3, 0);
        assert!(
            e.is_finite() && lo.is_finite() && hi.is_infinite(),
            "{e} {lo} {hi}"
        );
    }
}
