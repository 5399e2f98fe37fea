//! The checks of the numbers JavaScript hands the bindings, apart from JS so that they run
//! natively: in this module's tests and in the fuzz target `fuzz/fuzz_targets/wasm_args.rs`,
//! which includes this file by path (so it uses nothing but `std`).
//!
//! Numbers cross as `f64`, so that JS's wrapping conversions (2^32 to 0, -1 to 2^32 - 1) never
//! reach the core: each check takes the number as JS gave it and returns it converted, or an
//! [`ArgError`] whose message the binding throws as a `RangeError`. Whatever a check accepts is
//! whole (but for the time, which may be fractional), within its bounds, and converts back to
//! the same number (`-0` is taken as `0`, as JS's own `===` would).

use std::fmt;

/// The most megabytes an engine's transposition table may have.
pub const MAX_TABLE_MB: u32 = 512;
/// The longest time a search may be given, in milliseconds (an hour).
pub const MAX_TIME_MS: f64 = 3_600_000.0;
/// The highest playing level (the lowest is 1).
pub const MAX_LEVEL: u32 = 10;

/// A number refused, with what it should have been.
#[derive(Clone, Copy, Debug)]
pub enum ArgError {
    /// Not a whole number in `lo..=hi`.
    Range {
        /// The argument, as the message names it ("ply", "level", ...).
        name: &'static str,
        /// The number given.
        value: f64,
        /// The smallest accepted.
        lo: u32,
        /// The largest accepted.
        hi: u32,
    },
    /// A search time not in 1 ms..=[`MAX_TIME_MS`] (NaN and the infinities included).
    Time(f64),
    /// No square number 1-32.
    Square(f64),
    /// Item `index` of a list of numbers (cells, bytes) not a whole number in `lo..=hi`.
    Element {
        /// The list, as the message names it ("cells").
        name: &'static str,
        /// The item's index, from 0.
        index: usize,
        /// The number given.
        value: f64,
        /// The smallest accepted.
        lo: i32,
        /// The largest accepted.
        hi: i32,
    },
    /// No move at this index of a list of `moves` legal moves.
    MoveIndex {
        /// The number given.
        value: f64,
        /// How many legal moves there are.
        moves: usize,
    },
}

/// The first digit of `m * 10^exp` (`m` about 1 to 10, off by the scaling's rounding).
fn first_digit(m: f64, exp: i32) -> (u8, i32) {
    let d = (m + 1e-9) as u8;
    if d >= 10 {
        (1, exp + 1)
    } else {
        (d.max(1), exp)
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ArgError::Range {
                name,
                value,
                lo,
                hi,
            } => {
                write!(
                    f,
                    "{name} must be a whole number from {lo} to {hi}, not {}",
                    Num(value)
                )
            }
            ArgError::Element {
                name,
                index,
                value,
                lo,
                hi,
            } => write!(
                f,
                "{name}[{index}] must be a whole number from {lo} to {hi}, not {}",
                Num(value)
            ),
            ArgError::Time(t) => write!(
                f,
                "the time must be from 1 to {} ms, not {}",
                Num(MAX_TIME_MS),
                Num(t)
            ),
            ArgError::Square(n) => write!(f, "no square {}: 1-32", Num(n)),
            ArgError::MoveIndex { value, moves } => write!(
                f,
                "move index {} is out of range: there are {moves} legal moves",
                Num(value)
            ),
        }
    }
}

impl std::error::Error for ArgError {}

/// A number as a message shows it, without Rust's float formatting (which adds about 9 KB
/// gzipped to the pages' wasm, for these messages alone): a whole number in full below 2^63,
/// beyond it its order of magnitude ("1e300"); a fraction with the fewest decimals that give
/// the number back (up to 17), below a millionth its order of magnitude ("1e-300"); `NaN`,
/// `inf`, `-inf` and `-0` as Rust writes them.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 2^63: below it a whole number is exact in u64.
        const LIMIT: f64 = 9_223_372_036_854_775_808.0;
        let n = self.0;
        if n.is_nan() {
            return f.write_str("NaN");
        }
        let sign = if n.is_sign_negative() { "-" } else { "" };
        let a = n.abs();
        if a.is_infinite() {
            return write!(f, "{sign}inf");
        }
        if a >= LIMIT {
            let (mut m, mut exp) = (a, 0i32);
            while m >= 10.0 {
                m /= 10.0;
                exp += 1;
            }
            let (digit, exp) = first_digit(m, exp);
            return write!(f, "{sign}{digit}e{exp}");
        }
        if a.fract() == 0.0 {
            return write!(f, "{sign}{}", a as u64);
        }
        if a < 1e-6 {
            let (mut m, mut exp) = (a, 0i32);
            while m < 1.0 - 1e-9 {
                m *= 10.0;
                exp -= 1;
            }
            let (digit, exp) = first_digit(m, exp);
            return write!(f, "{sign}{digit}e{exp}");
        }
        // A fraction is below 2^53: with `d` decimals it is `m / 10^d`, the first `d` that
        // gives the number back (or the most that fit in u64).
        let (mut d, mut scale) = (0u32, 1.0f64);
        while d < 17 && (a * scale * 10.0).round() < LIMIT {
            d += 1;
            scale *= 10.0;
            if (a * scale).round() / scale == a {
                break;
            }
        }
        let m = (a * scale).round() as u64;
        let p = 10u64.pow(d);
        let frac = format!("{:0width$}", m % p, width = d as usize);
        let frac = frac.trim_end_matches('0');
        if frac.is_empty() {
            write!(f, "{sign}{}", m / p)
        } else {
            write!(f, "{sign}{}.{frac}", m / p)
        }
    }
}

/// `n` as a whole number in `u32` range, or `None` (NaN, infinities, fractions, negatives).
pub fn whole_number(n: f64) -> Option<u32> {
    (n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n)).then_some(n as u32)
}

/// `n` as a whole number in `lo..=hi`, or [`ArgError::Range`] naming the argument and its
/// bounds.
pub fn bounded(name: &'static str, n: f64, lo: u32, hi: u32) -> Result<u32, ArgError> {
    whole_number(n)
        .filter(|v| (lo..=hi).contains(v))
        .ok_or(ArgError::Range {
            name,
            value: n,
            lo,
            hi,
        })
}

/// Item `index` of the list `name`: a whole number in `lo..=hi`, or [`ArgError::Element`].
pub fn element(
    name: &'static str,
    index: usize,
    n: f64,
    lo: i32,
    hi: i32,
) -> Result<i32, ArgError> {
    let whole = n.fract() == 0.0 && (f64::from(lo)..=f64::from(hi)).contains(&n);
    whole.then_some(n as i32).ok_or(ArgError::Element {
        name,
        index,
        value: n,
        lo,
        hi,
    })
}

/// A position of a game of `plies` plies: 0 (the start) to `plies` (now).
pub fn ply(n: f64, plies: usize) -> Result<usize, ArgError> {
    let last = plies.min(u32::MAX as usize) as u32;
    bounded("ply", n, 0, last).map(|p| p as usize)
}

/// An index into a list of `moves` legal moves: 0 to `moves - 1` (none when there are none).
pub fn move_index(n: f64, moves: usize) -> Result<usize, ArgError> {
    whole_number(n)
        .map(|i| i as usize)
        .filter(|&i| i < moves)
        .ok_or(ArgError::MoveIndex { value: n, moves })
}

/// A square number, 1-32.
pub fn square(n: f64) -> Result<u32, ArgError> {
    whole_number(n)
        .filter(|n| (1..=32).contains(n))
        .ok_or(ArgError::Square(n))
}

/// The megabytes of an engine's transposition table: 1 to [`MAX_TABLE_MB`].
pub fn table_mb(n: f64) -> Result<u32, ArgError> {
    bounded("the table size in megabytes", n, 1, MAX_TABLE_MB)
}

/// A playing level, 1 to [`MAX_LEVEL`].
pub fn level(n: f64) -> Result<u8, ArgError> {
    bounded("level", n, 1, MAX_LEVEL).map(|l| l as u8)
}

/// The milliseconds a search may take: 1 to [`MAX_TIME_MS`], fractions allowed.
pub fn time_ms(t: f64) -> Result<f64, ArgError> {
    if (1.0..=MAX_TIME_MS).contains(&t) {
        Ok(t)
    } else {
        Err(ArgError::Time(t))
    }
}

/// A search's seed: 0 to 2^32 - 1.
pub fn seed(n: f64) -> Result<u32, ArgError> {
    bounded("seed", n, 0, u32::MAX)
}

/// The index of a game of a file of `games` games (at least one): 0 to `games - 1`.
pub fn game_index(n: f64, games: usize) -> Result<usize, ArgError> {
    let last = games.saturating_sub(1).min(u32::MAX as usize) as u32;
    bounded("game index", n, 0, last).map(|i| i as usize)
}

/// A node id of a game tree that has handed out the ids below `id_bound` (at least the root's
/// 0): 0 to `id_bound - 1`.
pub fn node_id(n: f64, id_bound: u32) -> Result<u32, ArgError> {
    bounded("node id", n, 0, id_bound.saturating_sub(1))
}

/// The deepest an analysis may be asked to search, in plies.
pub const MAX_DEPTH: u32 = 120;
/// The most lines an analysis may show.
pub const MAX_LINES: u32 = 5;

/// An analysis's depth: 1 to [`MAX_DEPTH`].
pub fn depth(n: f64) -> Result<u32, ArgError> {
    bounded("depth", n, 1, MAX_DEPTH)
}

/// The threads a search may use: 1 to the core's `MAX_THREADS`.
pub fn threads(n: f64) -> Result<u32, ArgError> {
    bounded("threads", n, 1, dama::engine::MAX_THREADS as u32)
}

/// How many lines an analysis shows: 1 to [`MAX_LINES`].
pub fn lines(n: f64) -> Result<usize, ArgError> {
    bounded("lines", n, 1, MAX_LINES).map(|l| l as usize)
}

/// A NAG, 0-255.
pub fn nag(n: f64) -> Result<u8, ArgError> {
    bounded("NAG", n, 0, 255).map(|g| g as u8)
}

// Run in wasm, where the bindings run, by `make test-wasm` (`cargo test --target
// wasm32-unknown-unknown -p dama-wasm`); natively too by a plain `cargo test -p dama-wasm`.
#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn numbers_in_messages_read_as_rust_writes_them() {
        let third = 1.0 / 3.0;
        for x in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -0.5,
            0.1,
            0.2,
            third,
            -third,
            2.0 / 3.0,
            2.000_000_1,
            123.456,
            1e-6,
            0.000_123,
            4_294_967_296.0,
            9_007_199_254_740_991.0,
            9_007_199_254_740_992.0,
            1e18,
            3_600_000.0,
            255.5,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX.sqrt().fract(),
        ] {
            assert_eq!(Num(x).to_string(), x.to_string(), "{x:?}");
        }
        // Beyond 2^63 and below a millionth: the order of magnitude only.
        assert_eq!(Num(1e300).to_string(), "1e300");
        assert_eq!(Num(-2.5e19).to_string(), "-2e19");
        assert_eq!(Num(1e-300).to_string(), "1e-300");
        assert_eq!(Num(-3e-7).to_string(), "-3e-7");
        assert_eq!(Num(9.99e-7).to_string(), "9e-7");
        assert_eq!(Num(f64::MIN_POSITIVE).to_string(), "2e-308");
        assert_eq!(Num(f64::MAX).to_string(), "1e308");
    }

    const TWO_32: f64 = 4_294_967_296.0;
    const TWO_53: f64 = 9_007_199_254_740_992.0;

    /// The limits every check is tried on: 0, -1, 2^32, 2^32 - 1, 2^53, NaN, the infinities,
    /// a half and -0.
    const LIMITS: [f64; 10] = [
        0.0,
        -1.0,
        TWO_32,
        TWO_32 - 1.0,
        TWO_53,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.5,
        -0.0,
    ];

    /// A check's name, the check (its accepted value as an `f64`) and what it makes of
    /// [`LIMITS`] in order (`None`: refused).
    type Check = (
        &'static str,
        fn(f64) -> Result<f64, ArgError>,
        [Option<f64>; 10],
    );

    fn check(
        name: &'static str,
        f: fn(f64) -> Result<f64, ArgError>,
        expected: [Option<f64>; 10],
    ) -> Check {
        (name, f, expected)
    }

    fn checks() -> Vec<Check> {
        const NO: Option<f64> = None;
        let z = Some(0.0);
        let max = Some(TWO_32 - 1.0);
        vec![
            check(
                "whole",
                |n| bounded("n", n, 0, u32::MAX).map(f64::from),
                [z, NO, NO, max, NO, NO, NO, NO, NO, z],
            ),
            check(
                "ply of 3",
                |n| ply(n, 3).map(|p| p as f64),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "ply of a huge game",
                |n| ply(n, usize::MAX).map(|p| p as f64),
                [z, NO, NO, max, NO, NO, NO, NO, NO, z],
            ),
            check(
                "move index of 7",
                |n| move_index(n, 7).map(|i| i as f64),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "move index of none",
                |n| move_index(n, 0).map(|i| i as f64),
                [NO; 10],
            ),
            check("square", |n| square(n).map(f64::from), [NO; 10]),
            check("table", |n| table_mb(n).map(f64::from), [NO; 10]),
            check("level", |n| level(n).map(f64::from), [NO; 10]),
            check("time", time_ms, [NO; 10]),
            check(
                "seed",
                |n| seed(n).map(f64::from),
                [z, NO, NO, max, NO, NO, NO, NO, NO, z],
            ),
            check(
                "game index of 1",
                |n| game_index(n, 1).map(|i| i as f64),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "node id of 1",
                |n| node_id(n, 1).map(f64::from),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "node id of all",
                |n| node_id(n, u32::MAX).map(f64::from),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "NAG",
                |n| nag(n).map(f64::from),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "cell",
                |n| element("cells", 0, n, -2, 2).map(f64::from),
                [z, Some(-1.0), NO, NO, NO, NO, NO, NO, NO, z],
            ),
            check(
                "byte",
                |n| element("bytes", 0, n, 0, 255).map(f64::from),
                [z, NO, NO, NO, NO, NO, NO, NO, NO, z],
            ),
        ]
    }

    #[test]
    fn every_check_on_the_limits() {
        for (name, check, expected) in checks() {
            for (&n, want) in LIMITS.iter().zip(expected) {
                let got = check(n);
                assert_eq!(got.ok(), want, "{name}({n}): {got:?}");
                if let Ok(v) = got {
                    assert!(v == n, "{name}({n}) accepted as {v}");
                }
            }
        }
    }

    #[test]
    fn the_bounds_themselves_and_one_past() {
        assert_eq!(ply(3.0, 3).ok(), Some(3));
        assert!(ply(4.0, 3).is_err());
        assert_eq!(move_index(6.0, 7).ok(), Some(6));
        assert!(move_index(7.0, 7).is_err());
        assert_eq!(square(1.0).ok(), Some(1));
        assert_eq!(square(32.0).ok(), Some(32));
        assert!(square(33.0).is_err());
        assert_eq!(table_mb(1.0).ok(), Some(1));
        assert_eq!(table_mb(512.0).ok(), Some(512));
        assert!(table_mb(513.0).is_err());
        assert_eq!(level(1.0).ok(), Some(1));
        assert_eq!(level(10.0).ok(), Some(10));
        assert!(level(11.0).is_err());
        // 256 used to wrap to 0 as a u8.
        assert!(level(256.0).is_err());
        assert_eq!(time_ms(1.0).ok(), Some(1.0));
        assert_eq!(time_ms(1.5).ok(), Some(1.5));
        assert_eq!(time_ms(MAX_TIME_MS).ok(), Some(MAX_TIME_MS));
        assert!(time_ms(MAX_TIME_MS + 0.5).is_err());
        assert!(time_ms(0.999).is_err());
        assert_eq!(seed(TWO_32 - 1.0).ok(), Some(u32::MAX));
        assert_eq!(game_index(9_999.0, 10_000).ok(), Some(9_999));
        assert!(game_index(10_000.0, 10_000).is_err());
        assert_eq!(node_id(4.0, 5).ok(), Some(4));
        assert!(node_id(5.0, 5).is_err());
        assert_eq!(nag(255.0).ok(), Some(255));
        assert!(nag(256.0).is_err());
        assert_eq!(element("cells", 0, -2.0, -2, 2).ok(), Some(-2));
        assert_eq!(element("cells", 0, 2.0, -2, 2).ok(), Some(2));
        assert!(element("cells", 0, -3.0, -2, 2).is_err());
        assert!(element("cells", 0, 3.0, -2, 2).is_err());
        assert_eq!(element("bytes", 0, 255.0, 0, 255).ok(), Some(255));
        // 256 and -1 used to wrap to 0 and 255 as bytes.
        assert!(element("bytes", 0, 256.0, 0, 255).is_err());
        assert!(element("bytes", 0, -1.0, 0, 255).is_err());
        // Whole numbers too large for a u32 never wrap, however large.
        for huge in [TWO_32, TWO_32 + 22.0, TWO_53, TWO_53 + 2.0, 1e300, f64::MAX] {
            assert_eq!(whole_number(huge), None, "{huge}");
        }
        // The smallest numbers above 0 are not whole.
        for tiny in [f64::MIN_POSITIVE, 5e-324, 1e-300, -5e-324] {
            assert_eq!(whole_number(tiny), None, "{tiny}");
        }
    }

    #[test]
    fn the_messages_are_the_bindings() {
        let msg = |r: Result<f64, ArgError>| r.unwrap_err().to_string();
        assert_eq!(
            msg(ply(-1.0, 1).map(|p| p as f64)),
            "ply must be a whole number from 0 to 1, not -1"
        );
        assert_eq!(
            msg(ply(f64::NAN, 0).map(|p| p as f64)),
            "ply must be a whole number from 0 to 0, not NaN"
        );
        assert_eq!(
            msg(table_mb(-0.0).map(f64::from)),
            "the table size in megabytes must be a whole number from 1 to 512, not -0"
        );
        assert_eq!(
            msg(level(0.5).map(f64::from)),
            "level must be a whole number from 1 to 10, not 0.5"
        );
        assert_eq!(
            msg(seed(TWO_32).map(f64::from)),
            "seed must be a whole number from 0 to 4294967295, not 4294967296"
        );
        assert_eq!(
            msg(time_ms(f64::INFINITY)),
            "the time must be from 1 to 3600000 ms, not inf"
        );
        assert_eq!(
            msg(time_ms(f64::NEG_INFINITY)),
            "the time must be from 1 to 3600000 ms, not -inf"
        );
        assert_eq!(msg(square(33.0).map(f64::from)), "no square 33: 1-32");
        assert_eq!(msg(square(f64::NAN).map(f64::from)), "no square NaN: 1-32");
        assert_eq!(
            msg(move_index(TWO_53, 7).map(|i| i as f64)),
            "move index 9007199254740992 is out of range: there are 7 legal moves"
        );
        assert_eq!(
            msg(game_index(1.0, 1).map(|i| i as f64)),
            "game index must be a whole number from 0 to 0, not 1"
        );
        assert_eq!(
            msg(node_id(TWO_32 - 1.0, 3).map(f64::from)),
            "node id must be a whole number from 0 to 2, not 4294967295"
        );
        assert_eq!(
            msg(nag(-1.0).map(f64::from)),
            "NAG must be a whole number from 0 to 255, not -1"
        );
        assert_eq!(
            msg(element("cells", 31, 255.0, -2, 2).map(f64::from)),
            "cells[31] must be a whole number from -2 to 2, not 255"
        );
    }
}
