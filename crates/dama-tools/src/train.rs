//! Fitting the [`pattern`] evaluation to game results: logistic
//! regression of the result on the evaluation's terms.
//!
//! Each sample is a position and the final result of the game it came from (1 White won,
//! 1/2 drawn, 0 Black won). The model predicts White's expected result as
//! `sigmoid(eval / K)` with the evaluation from White's side; the fit minimises the mean log
//! loss (cross-entropy) by mini-batch gradient descent with Adam, with a small L2 penalty on the
//! region weights so that contents seen rarely stay near zero. A held-out share of the samples
//! is never fitted and shows whether the fit generalises. Nothing here depends on the ruleset:
//! the same tool fits any ruleset's samples.
//!
//! Samples are stored in a small binary file ([`write_samples`], [`read_samples`]):
//! `DAMASMP3`, a little-endian u32 count, a u32 PDN game type (22, 26: the game the positions
//! are of), then 15 bytes a sample: White's, Black's and the kings' bitboards as little-endian
//! u32, a byte holding the side to move (bit 0: Black) and the result (bits 1-2: 0 Black
//! won, 1 drawn, 2 White won), and the search's score of the position from White's side as a
//! little-endian i16 (-32,768: none). Files of the second version (`DAMASMP2`, 13 bytes a
//! sample, no score) and of the first (`DAMASMP1`, no game type either: Italian) are read too.

use core::fmt;
use dama::engine::eval::pattern::{self, Net, MAX_WEIGHT, PARAMS, PATTERN_PARAMS};
use dama::engine::Rng;
use dama::{Color, Position};
use std::io::{BufReader, Read};
use std::ops::RangeInclusive;

/// One position with its game's result from White's side (0, 0.5 or 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position.
    pub pos: Position,
    /// The game's result for White.
    pub result: f32,
    /// The search's score of the position from White's side, in hundredths of a man (within
    /// ±[`MAX_SCORE`]), if the file holds one.
    pub score: Option<i16>,
}

/// The largest score a sample holds, either sign (the engine's scores of a win on the board).
pub const MAX_SCORE: i16 = 30_000;
const NO_SCORE: i16 = i16::MIN;

const MAGIC_V1: &[u8; 8] = b"DAMASMP1";
const MAGIC_V2: &[u8; 8] = b"DAMASMP2";
const MAGIC: &[u8; 8] = b"DAMASMP3";
const RECORD_V2: usize = 13;
const RECORD: usize = 15;
/// The most samples a file may hold (a bound on what a reader allocates).
pub const MAX_SAMPLES: usize = 50_000_000;

/// Why a samples file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SamplesError {
    /// It does not start with the format's name.
    NotASamplesFile,
    /// Its length does not match the count in its header, or the count is over the bound.
    WrongLength,
    /// Record `n` holds an impossible position or result.
    BadRecord(usize),
    /// The file is of a game (PDN game type) this build does not play.
    UnknownGame(u32),
    /// The file holds `count` samples where only `room` more are taken (at most
    /// [`MAX_SAMPLES`] over all the files of a fit).
    TooMany {
        /// The samples in the file.
        count: usize,
        /// The samples still taken.
        room: usize,
    },
    /// Reading the file failed.
    Io(String),
}

impl fmt::Display for SamplesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SamplesError::NotASamplesFile => f.write_str("not a dama samples file"),
            SamplesError::WrongLength => {
                write!(
                    f,
                    "samples file length does not match its count (at most {MAX_SAMPLES})"
                )
            }
            SamplesError::BadRecord(n) => {
                write!(f, "sample {n} is not a valid position and result")
            }
            SamplesError::UnknownGame(g) => {
                write!(f, "samples of PDN game type {g}, not a game of ours")
            }
            SamplesError::TooMany { count, room } => write!(
                f,
                "the file has {count} samples and only {room} more are taken (at most \
                 {MAX_SAMPLES} in all)"
            ),
            SamplesError::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for SamplesError {}

/// The samples of `variant`'s positions in the file layout described above.
pub fn write_samples(variant: dama::Variant, samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + samples.len() * RECORD);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(samples.len() as u32).to_le_bytes());
    out.extend_from_slice(&(variant.game_type() as u32).to_le_bytes());
    for s in samples {
        let p = &s.pos;
        out.extend_from_slice(&p.pieces(Color::White).to_le_bytes());
        out.extend_from_slice(&p.pieces(Color::Black).to_le_bytes());
        out.extend_from_slice(&p.kings().to_le_bytes());
        let result = (s.result * 2.0).round().clamp(0.0, 2.0) as u8;
        out.push((p.turn() == Color::Black) as u8 | result << 1);
        let score = s.score.map_or(NO_SCORE, |x| x.clamp(-MAX_SCORE, MAX_SCORE));
        out.extend_from_slice(&score.to_le_bytes());
    }
    out
}

/// Reads a samples file: the game its positions are of, and the samples, every position
/// checked and of that game.
pub fn read_samples(bytes: &[u8]) -> Result<(dama::Variant, Vec<Sample>), SamplesError> {
    read_samples_from(bytes, bytes.len() as u64, MAX_SAMPLES)
}

/// Reads a samples file of `len` bytes from `r`, as [`read_samples`] does, taking at most
/// `at_most` samples (and never more than [`MAX_SAMPLES`]: the room left by files read before
/// it): the header first, so that a file that is not one, holds more samples than that or is
/// not as long as its count says is refused before a record is read; then the records one at
/// a time.
pub fn read_samples_from(
    r: impl Read,
    len: u64,
    at_most: usize,
) -> Result<(dama::Variant, Vec<Sample>), SamplesError> {
    let mut r = BufReader::new(r);
    let io = |e: std::io::Error| SamplesError::Io(e.to_string());
    let word = |c: &[u8], i: usize| u32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
    if len < 12 {
        return Err(SamplesError::NotASamplesFile);
    }
    let mut head = [0u8; 12];
    r.read_exact(&mut head).map_err(io)?;
    let (header, variant, record) = if &head[..8] == MAGIC_V1 {
        (12, dama::Variant::Italian, RECORD_V2)
    } else if (&head[..8] == MAGIC || &head[..8] == MAGIC_V2) && len >= 16 {
        let mut g = [0u8; 4];
        r.read_exact(&mut g).map_err(io)?;
        let game = u32::from_le_bytes(g);
        let v = dama::Variant::from_game_number(game).ok_or(SamplesError::UnknownGame(game))?;
        let record = if &head[..8] == MAGIC {
            RECORD
        } else {
            RECORD_V2
        };
        (16, v, record)
    } else {
        return Err(SamplesError::NotASamplesFile);
    };
    let n = word(&head, 8) as usize;
    if n > MAX_SAMPLES || len != (header + n * record) as u64 {
        return Err(SamplesError::WrongLength);
    }
    if n > at_most {
        return Err(SamplesError::TooMany {
            count: n,
            room: at_most,
        });
    }
    let mut samples = Vec::with_capacity(n);
    for i in 0..n {
        let mut c = [0u8; RECORD];
        r.read_exact(&mut c[..record]).map_err(io)?;
        let flags = c[12];
        let turn = if flags & 1 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let result = (flags >> 1) & 3;
        if result > 2 || flags >> 3 != 0 {
            return Err(SamplesError::BadRecord(i));
        }
        let pos = Position::from_bitboards(variant, word(&c, 0), word(&c, 4), word(&c, 8), turn)
            .map_err(|_| SamplesError::BadRecord(i))?;
        let score = match i16::from_le_bytes([c[13], c[14]]) {
            _ if record == RECORD_V2 => None,
            NO_SCORE => None,
            x if x.unsigned_abs() <= MAX_SCORE as u16 => Some(x),
            _ => return Err(SamplesError::BadRecord(i)),
        };
        samples.push(Sample {
            pos,
            result: result as f32 / 2.0,
            score,
        });
    }
    Ok((variant, samples))
}

/// How to fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// The scale of the sigmoid: an evaluation of `K` means a 73% expected result.
    pub k: f64,
    /// Passes over the training samples.
    pub epochs: usize,
    /// Samples per gradient step.
    pub batch: usize,
    /// Adam's step size at the start, in hundredths of a man; it falls linearly to a tenth.
    pub learning_rate: f64,
    /// L2 penalty on the region weights, per sample.
    pub l2: f64,
    /// Seed of the shuffle.
    pub seed: u64,
}

/// The scales of the sigmoid [`fit`] takes, in hundredths of a man.
pub const K_RANGE: RangeInclusive<f64> = 1.0..=10_000.0;
/// The learning rates [`fit`] takes.
pub const LEARNING_RATE_RANGE: RangeInclusive<f64> = 0.000_001..=1_000.0;
/// The L2 penalties [`fit`] takes.
pub const L2_RANGE: RangeInclusive<f64> = 0.0..=1.0;
/// The numbers of passes [`fit`] takes.
pub const EPOCHS_RANGE: RangeInclusive<usize> = 1..=10_000;
/// The batch sizes [`fit`] takes.
pub const BATCH_RANGE: RangeInclusive<usize> = 1..=10_000_000;

impl FitOptions {
    /// Whether every option is within its range (NaN and the infinities are not).
    pub fn check(&self) -> Result<(), FitError> {
        let real = [
            ("k", self.k, &K_RANGE),
            ("learning rate", self.learning_rate, &LEARNING_RATE_RANGE),
            ("l2", self.l2, &L2_RANGE),
        ];
        if let Some((name, value, _)) = real.iter().find(|(_, v, r)| !r.contains(v)) {
            return Err(FitError::Option(name, *value));
        }
        let whole = [
            ("epochs", self.epochs, &EPOCHS_RANGE),
            ("batch", self.batch, &BATCH_RANGE),
        ];
        if let Some((name, value, _)) = whole.iter().find(|(_, v, r)| !r.contains(v)) {
            return Err(FitError::Option(name, *value as f64));
        }
        Ok(())
    }
}

/// Why a fit gave no weights.
#[derive(Clone, Debug, PartialEq)]
pub enum FitError {
    /// An option outside its range: its name and value.
    Option(&'static str, f64),
    /// After this epoch a loss or a weight was not finite, or a weight was past
    /// [`MAX_WEIGHT`]: the steps are too large for the data.
    Diverged {
        /// The epoch, from 1.
        epoch: usize,
    },
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::Option(name, v) => write!(f, "the {name} {v} is out of range"),
            FitError::Diverged { epoch } => write!(
                f,
                "the fit diverged at epoch {epoch} (a loss or a weight is not finite, or a \
                 weight is past ±{MAX_WEIGHT}): try a smaller learning rate"
            ),
        }
    }
}

impl std::error::Error for FitError {}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            k: 120.0,
            epochs: 30,
            batch: 4096,
            learning_rate: 2.0,
            l2: 1e-4,
            seed: 1,
        }
    }
}

/// Mean losses of a set of samples.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Loss {
    /// Mean log loss (cross-entropy), the quantity minimised.
    pub log: f64,
    /// Mean squared error of the predicted result.
    pub mse: f64,
}

impl fmt::Display for Loss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "log loss {:.5}, mse {:.5}", self.log, self.mse)
    }
}

/// The samples' terms, flattened once so that each pass is a walk over arrays.
struct Flat {
    /// For sample i, its terms are `start[i]..start[i + 1]`.
    start: Vec<u32>,
    param: Vec<u32>,
    value: Vec<i8>,
    /// Pieces on the board / 24.
    phase: Vec<f32>,
    result: Vec<f32>,
}

impl Flat {
    fn new(variant: dama::Variant, samples: &[Sample]) -> Flat {
        let mut f = Flat {
            start: Vec::with_capacity(samples.len() + 1),
            param: Vec::new(),
            value: Vec::new(),
            phase: Vec::with_capacity(samples.len()),
            result: Vec::with_capacity(samples.len()),
        };
        let mut terms = Vec::new();
        f.start.push(0);
        for s in samples {
            // The terms of the net's game, whatever game the sample was read as.
            let n = pattern::features(&s.pos.with_variant(variant), &mut terms);
            for (p, v) in &terms {
                f.param.push(*p);
                f.value.push(*v);
            }
            f.start.push(f.param.len() as u32);
            f.phase.push(n as f32 / 24.0);
            f.result.push(s.result);
        }
        f
    }

    fn len(&self) -> usize {
        self.result.len()
    }

    /// The evaluation of sample `i` from White's side.
    #[inline]
    fn score(&self, i: usize, w: &[[f32; 2]]) -> f32 {
        let t = self.phase[i];
        let (mut op, mut eg) = (0.0, 0.0);
        for j in self.start[i] as usize..self.start[i + 1] as usize {
            let x = &w[self.param[j] as usize];
            let v = self.value[j] as f32;
            op += v * x[0];
            eg += v * x[1];
        }
        op * t + eg * (1.0 - t)
    }

    fn loss(&self, w: &[[f32; 2]], k: f64) -> Loss {
        let mut l = Loss::default();
        if self.len() == 0 {
            return l;
        }
        for i in 0..self.len() {
            let p = sigmoid(self.score(i, w) as f64 / k).clamp(1e-7, 1.0 - 1e-7);
            let y = self.result[i] as f64;
            l.log -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
            l.mse += (p - y) * (p - y);
        }
        l.log /= self.len() as f64;
        l.mse /= self.len() as f64;
        l
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// What a fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// Samples fitted.
    pub train: usize,
    /// Samples held out.
    pub holdout: usize,
    /// Losses with the starting weights: training set, held-out set.
    pub before: (Loss, Loss),
    /// Losses with the fitted weights (after rounding to integers).
    pub after: (Loss, Loss),
}

/// Fits weights for `start`'s game starting from `start`, calling `progress(epoch, train,
/// holdout)` after each pass. The returned net is rounded to the integers the engine uses.
/// Options out of range are refused, and a fit that diverges stops with an error: no
/// weights that are not finite or past [`MAX_WEIGHT`] come out.
pub fn fit(
    train: &[Sample],
    holdout: &[Sample],
    start: &Net,
    opts: &FitOptions,
    progress: &mut dyn FnMut(usize, Loss, Loss),
) -> Result<(Net, FitReport), FitError> {
    opts.check()?;
    let tr = Flat::new(start.variant(), train);
    let ho = Flat::new(start.variant(), holdout);
    let mut w = start.to_f32();
    let before = (tr.loss(&w, opts.k), ho.loss(&w, opts.k));
    let mut m = vec![[0f32; 2]; PARAMS];
    let mut v = vec![[0f32; 2]; PARAMS];
    let mut g = vec![[0f32; 2]; PARAMS];
    let mut touched: Vec<u32> = Vec::new();
    let mut seen = vec![false; PARAMS];
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut order: Vec<u32> = (0..tr.len() as u32).collect();
    let mut rng = Rng::new(opts.seed);
    let batch = opts.batch.max(1);
    let steps_total = (opts.epochs * tr.len().div_ceil(batch)).max(1);
    let mut step = 0usize;
    for epoch in 1..=opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for chunk in order.chunks(batch) {
            step += 1;
            for &i in chunk {
                let i = i as usize;
                let p = sigmoid(tr.score(i, &w) as f64 / opts.k) as f32;
                // d(log loss)/d(score) = (p - y) / K.
                let d = (p - tr.result[i]) / opts.k as f32 / chunk.len() as f32;
                let t = tr.phase[i];
                for j in tr.start[i] as usize..tr.start[i + 1] as usize {
                    let q = tr.param[j] as usize;
                    let x = d * tr.value[j] as f32;
                    g[q][0] += x * t;
                    g[q][1] += x * (1.0 - t);
                    if !seen[q] {
                        seen[q] = true;
                        touched.push(q as u32);
                    }
                }
            }
            // Only the parameters this batch saw move: rare region contents are not dragged
            // around by stale momentum.
            let lr = opts.learning_rate as f32 * (1.0 - 0.9 * step as f32 / steps_total as f32);
            let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
            for &q in &touched {
                let q = q as usize;
                seen[q] = false;
                for k in 0..2 {
                    let mut grad = g[q][k];
                    if q < PATTERN_PARAMS {
                        grad += opts.l2 as f32 * w[q][k];
                    }
                    g[q][k] = 0.0;
                    m[q][k] = b1 * m[q][k] + (1.0 - b1) * grad;
                    v[q][k] = b2 * v[q][k] + (1.0 - b2) * grad * grad;
                    w[q][k] -= lr * (m[q][k] / c1) / ((v[q][k] / c2).sqrt() + eps);
                }
            }
            touched.clear();
        }
        let (lt, lh) = (tr.loss(&w, opts.k), ho.loss(&w, opts.k));
        progress(epoch, lt, lh);
        let sane = |x: &f32| x.abs() <= MAX_WEIGHT as f32;
        if !(lt.log.is_finite() && lh.log.is_finite() && w.iter().flatten().all(sane)) {
            return Err(FitError::Diverged { epoch });
        }
    }
    let net = Net::from_f32(start.variant(), &w);
    let rounded = net.to_f32();
    let after = (tr.loss(&rounded, opts.k), ho.loss(&rounded, opts.k));
    let report = FitReport {
        train: tr.len(),
        holdout: ho.len(),
        before,
        after,
    };
    Ok((net, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_and_bad_files_are_refused() {
        let s = vec![
            Sample {
                pos: Position::start(dama::Variant::Italian),
                result: 1.0,
                score: None,
            },
            Sample {
                pos: Position::from_fen(dama::Variant::Italian, "B:W18,K30:B3,K12").unwrap(),
                result: 0.5,
                score: Some(-250),
            },
        ];
        let it = dama::Variant::Italian;
        let bytes = write_samples(it, &s);
        assert_eq!(read_samples(&bytes).unwrap(), (it, s.clone()));
        assert_eq!(
            read_samples(b"nonsense"),
            Err(SamplesError::NotASamplesFile)
        );
        assert_eq!(
            read_samples(&bytes[..bytes.len() - 1]),
            Err(SamplesError::WrongLength)
        );
        let mut bad = bytes.clone();
        // A white man on its crowning row.
        bad[16] = 1;
        bad[16 + 8] = 0;
        assert_eq!(read_samples(&bad), Err(SamplesError::BadRecord(0)));
        let mut bad = bytes.clone();
        bad[16 + 12] = 7;
        assert_eq!(read_samples(&bad), Err(SamplesError::BadRecord(0)));
        // A score past the bound (30,001) is refused; -32,768 is none.
        let mut bad = bytes.clone();
        bad[16 + 15 + 13..16 + 15 + 15].copy_from_slice(&30_001i16.to_le_bytes());
        assert_eq!(read_samples(&bad), Err(SamplesError::BadRecord(1)));
        let mut far = s.clone();
        far[1].score = Some(i16::MAX);
        let back = read_samples(&write_samples(it, &far)).unwrap().1;
        assert_eq!(back[1].score, Some(MAX_SCORE));
        // The file says its game; a game type not ours is refused.
        let b = dama::Variant::Brazilian;
        let br = write_samples(b, &s);
        let as_br: Vec<Sample> = s
            .iter()
            .map(|x| Sample {
                pos: x.pos.with_variant(b),
                ..*x
            })
            .collect();
        assert_eq!(read_samples(&br).unwrap(), (b, as_br));
        let mut odd = br.clone();
        odd[12] = 20;
        assert_eq!(read_samples(&odd), Err(SamplesError::UnknownGame(20)));
        // Second-version files (no scores) and first-version ones (no game type either:
        // Italian) are read, without scores.
        let records: Vec<u8> = bytes[16..]
            .chunks_exact(RECORD)
            .flat_map(|r| r[..RECORD_V2].to_vec())
            .collect();
        let unscored: Vec<Sample> = s.iter().map(|x| Sample { score: None, ..*x }).collect();
        let mut v2 = b"DAMASMP2".to_vec();
        v2.extend_from_slice(&bytes[8..16]);
        v2.extend_from_slice(&records);
        assert_eq!(read_samples(&v2).unwrap(), (it, unscored.clone()));
        let mut v1 = b"DAMASMP1".to_vec();
        v1.extend_from_slice(&bytes[8..12]);
        v1.extend_from_slice(&records);
        assert_eq!(read_samples(&v1).unwrap(), (it, unscored));
    }

    #[test]
    fn fitting_learns_that_material_wins() {
        // Positions where White has an extra man and won, and the mirror: the fit must give a
        // man a positive value and lower both losses.
        let mut samples = Vec::new();
        let mut rng = Rng::new(5);
        while samples.len() < 4000 {
            let mut p = Position::start(dama::Variant::Italian);
            for _ in 0..rng.below(40) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[rng.below(moves.len() as u64) as usize]);
            }
            let diff = p.pieces(Color::White).count_ones() as i32
                - p.pieces(Color::Black).count_ones() as i32;
            let result = match diff.signum() {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            };
            samples.push(Sample {
                pos: p,
                result,
                score: None,
            });
        }
        let (train, hold) = samples.split_at(3200);
        let opts = FitOptions {
            epochs: 8,
            ..FitOptions::default()
        };
        let (net, r) = fit(
            train,
            hold,
            &Net::zero(dama::Variant::Italian),
            &opts,
            &mut |_, _, _| {},
        )
        .unwrap();
        assert!(r.after.0.log < r.before.0.log);
        assert!(r.after.1.log < r.before.1.log);
        // Held-out positions White won score higher than those Black won.
        let mean = |r: f32| {
            let v: Vec<i32> = hold
                .iter()
                .filter(|s| s.result == r)
                .map(|s| net.white_score(&s.pos))
                .collect();
            v.iter().sum::<i32>() as f64 / v.len().max(1) as f64
        };
        assert!(mean(1.0) > mean(0.5) + 20.0 && mean(0.5) > mean(0.0) + 20.0);
    }
}
