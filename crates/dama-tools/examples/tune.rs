//! Tunes the evaluation weights by fitting them to game outcomes (the "Texel" method).
//!
//! 1. Self-play: `games` games at level 5 (randomised among near-best moves, so games differ),
//!    each from a random opening of 2-4 random plies; every quiet position (no capture for the
//!    side to move) is kept with the game's final result.
//! 2. Fit: coordinate descent on the integer weights, minimising the mean squared error between
//!    the result and `sigmoid(eval / K)`, with K first fitted to the starting weights.
//!
//! `cargo run --release --example tune -- [games] [seed]` prints the fitted weights as Rust.

use dama::engine::eval::{evaluate_with, Weights, N_WEIGHTS};
use dama::engine::{level, Engine, Rng};
use dama::{Color, Game, Outcome, Position};

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of predicting results from the evaluation with weights `w`.
fn error(data: &[(Position, f64)], w: &Weights, k: f64) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|(p, r)| {
            let white = match p.turn() {
                Color::White => evaluate_with(p, w),
                Color::Black => -evaluate_with(p, w),
            };
            let e = r - sigmoid(white as f64 / k);
            e * e
        })
        .sum();
    sum / data.len() as f64
}

fn self_play(games: usize, seed: u64) -> Vec<(Position, f64)> {
    let mut rng = Rng::new(seed);
    let mut data = Vec::new();
    let mut engine = Engine::new(8);
    for gi in 0..games {
        let mut g = Game::new(dama::Variant::Italian);
        for _ in 0..2 + rng.below(3) {
            let moves = g.legal_moves();
            g.play(&moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
        let mut quiet = Vec::new();
        engine.clear();
        while g.result().is_none() && g.ply() < 250 {
            if !g.legal_moves()[0].is_capture() {
                quiet.push(*g.position());
            }
            let r = level::play(&mut engine, &g, 5, 1e9, seed ^ gi as u64);
            g.play(&r.best.unwrap()).unwrap();
        }
        let result = match g.result().map(|r| r.outcome) {
            Some(Outcome::Win(Color::White)) => 1.0,
            Some(Outcome::Win(Color::Black)) => 0.0,
            _ => 0.5,
        };
        data.extend(quiet.into_iter().map(|p| (p, result)));
        if (gi + 1) % 100 == 0 {
            eprintln!("{} games, {} positions", gi + 1, data.len());
        }
    }
    data
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let data = self_play(games, seed);
    let mut w = Weights::default();
    // The scale K maps centi-men to winning chances; fit it first and keep it.
    let mut k = 100.0;
    let mut best = error(&data, &w, k);
    for cand in (20..=400).step_by(10) {
        let e = error(&data, &w, cand as f64);
        if e < best {
            best = e;
            k = cand as f64;
        }
    }
    eprintln!("{} positions, K = {k}, start error {best:.6}", data.len());
    let mut v = w.to_array();
    let fixed = [0usize]; // the man is the unit
    for pass in 0..30 {
        let mut improved = false;
        for i in 0..N_WEIGHTS {
            if fixed.contains(&i) {
                continue;
            }
            for step in [1, -1, 4, -4] {
                let mut t = v;
                t[i] += step;
                let e = error(&data, &Weights::from_array(&t), k);
                if e < best {
                    best = e;
                    v = t;
                    improved = true;
                    break;
                }
            }
        }
        eprintln!("pass {pass}: error {best:.6}");
        if !improved {
            break;
        }
    }
    w = Weights::from_array(&v);
    println!("{w:#?}");
}
