//! Fitting the [`network`] evaluation to game results.
//!
//! The same samples and the same model of the result as [`crate::train`]: the network's score
//! `e` for the side to move predicts its expected result as `sigmoid(e / K)`, and the fit
//! minimises the mean log loss by mini-batch Adam (the step falls linearly to a tenth),
//! in floating point on both cores; then the layers are rounded to the network's integers and
//! the held-out loss is measured again with the engine's own integer evaluation.
//!
//! A network fitted as a residual adds to the game's shipped region evaluation: it starts at
//! zero (the region evaluation unchanged) and learns what the regions miss.

use crate::train::Sample;
use core::fmt;
use dama::engine::eval::network::{self, Layers, Net, HIDDEN, INPUTS, L2, QA, QB};
use dama::engine::eval::{pattern, NetError};
use dama::engine::Rng;
use dama::{Color, Variant};
use std::ops::RangeInclusive;

/// How to fit a network.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFitOptions {
    /// The scale of the sigmoid, in hundredths of a man.
    pub k: f32,
    /// Passes over the training samples.
    pub epochs: usize,
    /// Samples per step.
    pub batch: usize,
    /// Adam's step size at the start.
    pub learning_rate: f32,
    /// Whether the network adds to the game's shipped region evaluation.
    pub residual: bool,
    /// How much of each target is the search's score of the position (as `sigmoid(score /
    /// K)`), the rest being the game's result: 0 fits results alone; samples without a score
    /// keep their result whatever this is.
    pub lambda: f32,
    /// Seed of the first weights and of the shuffle.
    pub seed: u64,
}

impl Default for NetFitOptions {
    fn default() -> Self {
        NetFitOptions {
            k: 120.0,
            epochs: 20,
            batch: 1024,
            learning_rate: 0.005,
            residual: false,
            lambda: 0.0,
            seed: 1,
        }
    }
}

/// The learning rates a network fit takes.
pub const NET_LEARNING_RATE_RANGE: RangeInclusive<f32> = 1e-6..=1.0;
/// The shares of the search's score in a target that a network fit takes.
pub const LAMBDA_RANGE: RangeInclusive<f32> = 0.0..=1.0;

/// Why a network fit gave no network.
#[derive(Clone, Debug, PartialEq)]
pub enum NetFitError {
    /// An option outside its range: its name and value.
    Option(&'static str, f64),
    /// After this epoch the loss was not finite: the steps are too large for the data.
    Diverged(usize),
    /// The rounded layers were refused (a weight past its bound).
    Net(NetError),
}

impl fmt::Display for NetFitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetFitError::Option(name, v) => write!(f, "the {name} {v} is out of range"),
            NetFitError::Diverged(e) => write!(
                f,
                "the fit diverged at epoch {e}: try a smaller learning rate"
            ),
            NetFitError::Net(e) => write!(f, "the fitted network was refused: {e}"),
        }
    }
}

impl std::error::Error for NetFitError {}

/// What a network fit measured: mean log losses, training and held out.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFitReport {
    /// Held-out loss of the starting point (zero network: the region evaluation for a
    /// residual, an even game otherwise).
    pub start: f64,
    /// Per epoch: training loss, held-out loss (floating point).
    pub epochs: Vec<(f64, f64)>,
    /// Held-out loss of the rounded network, as the engine evaluates it.
    pub rounded: f64,
    /// Held-out loss of the region evaluation alone, for comparison.
    pub regions: f64,
}

/// A sample as the fit reads it: inputs from each side's view, side to move first.
struct Prepared {
    inputs: [[u8; 24]; 2],
    n: u8,
    /// The region evaluation for the side to move (0 unless residual).
    base: f32,
    /// The game's result for the side to move.
    target: f32,
}

/// White's expected result that a sample teaches: its game's result, blended with its
/// search score's as `lambda` says.
fn white_target(s: &Sample, k: f32, lambda: f32) -> f32 {
    match s.score {
        Some(score) => (1.0 - lambda) * s.result + lambda * sigmoid(score as f32 / k),
        None => s.result,
    }
}

fn prepare(s: &Sample, base: Option<&pattern::Net>, k: f32, lambda: f32) -> Prepared {
    let stm = s.pos.turn();
    let white = white_target(s, k, lambda);
    let mut p = Prepared {
        inputs: [[0; 24]; 2],
        n: 0,
        base: base.map_or(0.0, |b| b.evaluate(&s.pos) as f32),
        target: match stm {
            Color::White => white,
            Color::Black => 1.0 - white,
        },
    };
    let mut v = Vec::with_capacity(24);
    for (k, view) in [stm, stm.opposite()].into_iter().enumerate() {
        network::inputs(&s.pos, view, &mut v);
        p.n = v.len() as u8;
        p.inputs[k][..v.len()].copy_from_slice(&v);
    }
    p
}

const W1: usize = 0;
const B1: usize = W1 + INPUTS * HIDDEN;
const W2: usize = B1 + HIDDEN;
const B2: usize = W2 + L2 * 2 * HIDDEN;
const W3: usize = B2 + L2;
const B3: usize = W3 + L2;
const N: usize = B3 + 1;

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn log_loss(p: f32, t: f32) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6) as f64;
    let t = t as f64;
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The loss of one sample, adding its gradient to `grad` if given.
fn step(w: &[f32], s: &Prepared, k: f32, grad: Option<&mut [f32]>) -> f64 {
    let n = s.n as usize;
    let mut acc = [[0f32; HIDDEN]; 2];
    for (v, a) in acc.iter_mut().enumerate() {
        a.copy_from_slice(&w[B1..B1 + HIDDEN]);
        for &f in &s.inputs[v][..n] {
            let row = &w[W1 + f as usize * HIDDEN..][..HIDDEN];
            for j in 0..HIDDEN {
                a[j] += row[j];
            }
        }
    }
    let mut a = [0f32; 2 * HIDDEN];
    for j in 0..2 * HIDDEN {
        a[j] = acc[j / HIDDEN][j % HIDDEN].clamp(0.0, 1.0);
    }
    let mut z = [0f32; L2];
    let mut y = w[B3];
    for q in 0..L2 {
        let row = &w[W2 + q * 2 * HIDDEN..][..2 * HIDDEN];
        let mut sum = w[B2 + q];
        for j in 0..2 * HIDDEN {
            sum += row[j] * a[j];
        }
        z[q] = sum;
        y += w[W3 + q] * sum.clamp(0.0, 1.0);
    }
    let p = sigmoid((s.base + 100.0 * y) / k);
    let loss = log_loss(p, s.target);
    let Some(g) = grad else { return loss };
    let dy = (p - s.target) * 100.0 / k;
    g[B3] += dy;
    let mut da = [0f32; 2 * HIDDEN];
    for q in 0..L2 {
        let h = z[q].clamp(0.0, 1.0);
        g[W3 + q] += dy * h;
        if z[q] <= 0.0 || z[q] >= 1.0 {
            continue;
        }
        let dz = dy * w[W3 + q];
        g[B2 + q] += dz;
        let row = &w[W2 + q * 2 * HIDDEN..][..2 * HIDDEN];
        let grow = &mut g[W2 + q * 2 * HIDDEN..][..2 * HIDDEN];
        for j in 0..2 * HIDDEN {
            grow[j] += dz * a[j];
            da[j] += dz * row[j];
        }
    }
    for v in 0..2 {
        let mut d = [0f32; HIDDEN];
        for j in 0..HIDDEN {
            let x = acc[v][j];
            if x > 0.0 && x < 1.0 {
                d[j] = da[v * HIDDEN + j];
            }
            g[B1 + j] += d[j];
        }
        for &f in &s.inputs[v][..n] {
            let grow = &mut g[W1 + f as usize * HIDDEN..][..HIDDEN];
            for j in 0..HIDDEN {
                grow[j] += d[j];
            }
        }
    }
    loss
}

fn mean_loss(w: &[f32], set: &[Prepared], k: f32) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let half = set.len() / 2;
    let (a, b) = set.split_at(half);
    let sum = |part: &[Prepared]| part.iter().map(|s| step(w, s, k, None)).sum::<f64>();
    let (x, y) = std::thread::scope(|sc| {
        let h = sc.spawn(|| sum(a));
        (sum(b), h.join().unwrap_or(0.0))
    });
    (x + y) / set.len() as f64
}

/// The largest float weight of each kind that rounds within the network's bounds.
fn bounds() -> (f32, f32) {
    let m = network::MAX_WEIGHT as f32;
    (m / QA as f32, m / QB as f32)
}

fn round_layers(w: &[f32]) -> Layers {
    let q = |x: f32, s: i32| (x * s as f32).round() as i16;
    let mut l = Layers {
        w1: vec![[0; HIDDEN]; INPUTS],
        b1: [0; HIDDEN],
        w2: vec![[0; 2 * HIDDEN]; L2],
        b2: [0; L2],
        w3: [0; L2],
        b3: 0,
    };
    for (i, row) in l.w1.iter_mut().enumerate() {
        for j in 0..HIDDEN {
            row[j] = q(w[W1 + i * HIDDEN + j], QA);
        }
    }
    for j in 0..HIDDEN {
        l.b1[j] = q(w[B1 + j], QA);
    }
    for (r, row) in l.w2.iter_mut().enumerate() {
        for j in 0..2 * HIDDEN {
            row[j] = q(w[W2 + r * 2 * HIDDEN + j], QB);
        }
        l.b2[r] = (w[B2 + r] * (QA * QB) as f32).round() as i32;
        l.w3[r] = q(w[W3 + r], QB);
    }
    l.b3 = (w[B3] * (QA * QB) as f32).round() as i32;
    l
}

/// Fits a network for `variant` to `train`, measuring on `holdout`; `progress` hears each
/// epoch's losses.
pub fn fit_network(
    variant: Variant,
    train: &[Sample],
    holdout: &[Sample],
    opts: &NetFitOptions,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> Result<(Net, NetFitReport), NetFitError> {
    if !NET_LEARNING_RATE_RANGE.contains(&opts.learning_rate) {
        return Err(NetFitError::Option(
            "learning rate",
            opts.learning_rate as f64,
        ));
    }
    if !crate::train::K_RANGE.contains(&(opts.k as f64)) {
        return Err(NetFitError::Option("k", opts.k as f64));
    }
    if !LAMBDA_RANGE.contains(&opts.lambda) {
        return Err(NetFitError::Option("lambda", opts.lambda as f64));
    }
    if !(1..=10_000).contains(&opts.epochs) || !(1..=1_000_000).contains(&opts.batch) {
        return Err(NetFitError::Option("epochs or batch", opts.epochs as f64));
    }
    let regions = pattern::shipped(variant).clone();
    let base = opts.residual.then_some(&*regions);
    let prep = |s: &Sample| prepare(s, base, opts.k, opts.lambda);
    let tr: Vec<Prepared> = train.iter().map(prep).collect();
    let ho: Vec<Prepared> = holdout.iter().map(prep).collect();
    let mut rng = Rng::new(opts.seed);
    let mut uniform = |r: f32| (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * r - r;
    let mut w = vec![0f32; N];
    // First-layer values start mid-way in their linear range, with small random rows; the
    // output starts at zero, so a residual network starts as the region evaluation.
    for x in &mut w[W1..B1] {
        *x = uniform(0.08);
    }
    for x in &mut w[B1..W2] {
        *x = 0.5;
    }
    for x in &mut w[W2..B2] {
        *x = uniform(0.25);
    }
    for x in &mut w[B2..W3] {
        *x = 0.5;
    }
    let start = mean_loss(&w, &ho, opts.k);
    let (m, v) = (&mut vec![0f32; N], &mut vec![0f32; N]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0i32;
    let mut order: Vec<u32> = (0..tr.len() as u32).collect();
    let (max1, max2) = bounds();
    let mut report = NetFitReport {
        start,
        epochs: Vec::new(),
        rounded: 0.0,
        regions: 0.0,
    };
    let steps_total = (opts.epochs * tr.len().div_ceil(opts.batch)).max(1) as f32;
    for epoch in 1..=opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut sum = 0f64;
        for chunk in order.chunks(opts.batch) {
            let half = chunk.len() / 2;
            let (c0, c1) = chunk.split_at(half);
            let wr = &w;
            let run = |c: &[u32]| {
                let mut g = vec![0f32; N];
                let l: f64 = c
                    .iter()
                    .map(|&i| step(wr, &tr[i as usize], opts.k, Some(&mut g)))
                    .sum();
                (g, l)
            };
            let ((mut g, l0), (g1, l1)) = std::thread::scope(|sc| {
                let h = sc.spawn(|| run(c1));
                let a = run(c0);
                (a, h.join().unwrap_or_else(|_| (vec![0f32; N], 0.0)))
            });
            sum += l0 + l1;
            for (a, b) in g.iter_mut().zip(&g1) {
                *a = (*a + b) / chunk.len() as f32;
            }
            t += 1;
            let lr = opts.learning_rate * (1.0 - 0.9 * t as f32 / steps_total);
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            for i in 0..N {
                m[i] = b1 * m[i] + (1.0 - b1) * g[i];
                v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
                let upd = lr * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                let bound = if i < W2 { max1 } else { max2 };
                w[i] = (w[i] - upd).clamp(-bound, bound);
            }
        }
        let train_loss = sum / tr.len().max(1) as f64;
        let held = mean_loss(&w, &ho, opts.k);
        if !train_loss.is_finite() || !held.is_finite() {
            return Err(NetFitError::Diverged(epoch));
        }
        report.epochs.push((train_loss, held));
        progress(epoch, train_loss, held);
    }
    let net =
        Net::from_layers(variant, opts.residual, round_layers(&w)).map_err(NetFitError::Net)?;
    let loss_of = |score: &dyn Fn(&dama::Position) -> i32| {
        holdout
            .iter()
            .map(|s| {
                let e = score(&s.pos) as f32;
                let white = if s.pos.turn() == Color::White { e } else { -e };
                log_loss(
                    sigmoid(white / opts.k),
                    white_target(s, opts.k, opts.lambda),
                )
            })
            .sum::<f64>()
            / holdout.len().max(1) as f64
    };
    report.rounded = loss_of(&|p| net.evaluate(p));
    report.regions = loss_of(&|p| regions.evaluate(p));
    Ok((net, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::Position;

    /// A short Italian fit of the first `train` samples, the rest held out.
    fn quick_fit(samples: &[Sample], train: usize, lambda: f32) -> (Net, NetFitReport) {
        let opts = NetFitOptions {
            epochs: 30,
            batch: 32,
            learning_rate: 0.01,
            lambda,
            ..NetFitOptions::default()
        };
        let (tr, ho) = samples.split_at(train);
        fit_network(Variant::Italian, tr, ho, &opts, &mut |_, _, _| {}).unwrap()
    }

    #[test]
    fn a_network_learns_that_the_side_with_more_men_wins() {
        // Positions with a man more for one side, which won; the network starts knowing
        // nothing and must learn to prefer the side with more men.
        let fens = [
            ("W:W21,22,23,24:B1,2,3", 1.0),
            ("B:W21,22,23,24:B1,2,3", 1.0),
            ("W:W21,22,23:B1,2,3,4", 0.0),
            ("B:W21,22,23:B1,2,3,4", 0.0),
            ("W:W25,26,27,28,29:B5,6,7,8", 1.0),
            ("B:W25,26,27,28:B5,6,7,8,9", 0.0),
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .cycle()
            .take(600)
            .map(|(f, r)| Sample {
                pos: Position::from_fen(Variant::Italian, f).unwrap(),
                result: *r,
                score: None,
            })
            .collect();
        let (net, report) = quick_fit(&samples, 540, 0.0);
        assert!(report.rounded < report.start - 0.2, "{report:?}");
        let up = Position::from_fen(Variant::Italian, "W:W21,22,23,24:B1,2,3").unwrap();
        let down = Position::from_fen(Variant::Italian, "B:W21,22,23,24:B1,2,3").unwrap();
        assert!(net.evaluate(&up) > 50, "{}", net.evaluate(&up));
        assert!(net.evaluate(&down) < -50, "{}", net.evaluate(&down));
        // The file the engine reads scores as the fitted network does.
        let again = Net::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(again.evaluate(&up), net.evaluate(&up));
    }

    #[test]
    fn lambda_one_learns_the_scores_and_zero_the_results() {
        // Drawn games whose positions the search scored a man up for one side: results alone
        // teach an even game, scores alone the man.
        let fens = [
            ("W:W21,22,23,24:B1,2,3", 200),
            ("B:W21,22,23:B1,2,3,4", -200),
            ("W:W25,26,27,28,29:B5,6,7,8", 200),
            ("B:W25,26,27,28:B5,6,7,8,9", -200),
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .cycle()
            .take(400)
            .map(|(f, score)| Sample {
                pos: Position::from_fen(Variant::Italian, f).unwrap(),
                result: 0.5,
                score: Some(*score),
            })
            .collect();
        let up = Position::from_fen(Variant::Italian, "W:W21,22,23,24:B1,2,3").unwrap();
        let fit = |lambda| quick_fit(&samples, 360, lambda).0.evaluate(&up);
        let (scores, results) = (fit(1.0), fit(0.0));
        assert!(scores > 100, "{scores}");
        assert!(results.abs() < 40, "{results}");
        let bad = NetFitOptions {
            lambda: 1.5,
            ..NetFitOptions::default()
        };
        assert!(matches!(
            fit_network(
                Variant::Italian,
                &samples,
                &samples,
                &bad,
                &mut |_, _, _| {}
            ),
            Err(NetFitError::Option("lambda", _))
        ));
    }

    #[test]
    fn options_out_of_range_are_refused() {
        let s = [Sample {
            pos: Position::start(Variant::Italian),
            result: 0.5,
            score: None,
        }];
        let bad = NetFitOptions {
            learning_rate: f32::NAN,
            ..NetFitOptions::default()
        };
        assert!(matches!(
            fit_network(Variant::Italian, &s, &s, &bad, &mut |_, _, _| {}),
            Err(NetFitError::Option("learning rate", _))
        ));
    }
}
