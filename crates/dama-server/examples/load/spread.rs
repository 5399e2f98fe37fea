//! The spread of a set of durations: how many, the median, the 90th and 99th percentiles
//! (nearest rank) and the largest.

use std::fmt;
use std::time::Duration;

/// A set of durations summed up.
pub struct Spread {
    /// How many.
    pub count: usize,
    /// The median.
    pub p50: Duration,
    /// The 90th percentile.
    pub p90: Duration,
    /// The 99th percentile.
    pub p99: Duration,
    /// The largest.
    pub max: Duration,
}

impl Spread {
    /// The spread of `times`; `None` when there are none.
    pub fn of(mut times: Vec<Duration>) -> Option<Spread> {
        if times.is_empty() {
            return None;
        }
        times.sort_unstable();
        let n = times.len();
        let rank = |p: f64| times[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
        Some(Spread {
            count: n,
            p50: rank(0.50),
            p90: rank(0.90),
            p99: rank(0.99),
            max: times[n - 1],
        })
    }
}

impl fmt::Display for Spread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "{} moves: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.count,
            ms(self.p50),
            ms(self.p90),
            ms(self.p99),
            ms(self.max)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank() {
        let times = (1..=100).map(Duration::from_millis).collect();
        let s = Spread::of(times).unwrap();
        assert_eq!(
            (s.count, s.p50, s.p90, s.p99, s.max),
            (
                100,
                Duration::from_millis(50),
                Duration::from_millis(90),
                Duration::from_millis(99),
                Duration::from_millis(100)
            )
        );
        assert!(Spread::of(Vec::new()).is_none());
    }
}
