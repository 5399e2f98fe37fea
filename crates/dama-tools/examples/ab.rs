//! A/B test of evaluation weights: the default weights against candidate weights given as 21
//! comma-separated integers (the order of `Weights::to_array`), a fixed number of nodes a move,
//! both colours of each opening FEN read from stdin.
//! `cargo run --release --example ab -- "100,175,..." [nodes] < openings.txt`, or `noext`
//! instead of the weights to test the search without forced-move extensions.

use dama::engine::eval::{Weights, N_WEIGHTS};
use dama::engine::{Engine, Limits};
use dama::{Color, Game, Outcome};
use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // "noext" tests the search without forced-move extensions instead of other weights.
    let noext = args[0] == "noext";
    let cand = if noext {
        Weights::default()
    } else {
        let v: Vec<i32> = args[0]
            .split(',')
            .map(|s| s.trim().parse().unwrap())
            .collect();
        let arr: [i32; N_WEIGHTS] = v.try_into().expect("21 weights");
        Weights::from_array(&arr)
    };
    let nodes: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let openings: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        // The shipped lists carry the book's verdicts as comments after `#`.
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for fen in &openings {
        for cand_white in [true, false] {
            let mut g = Game::from_fen(dama::Variant::Italian, fen).unwrap();
            let mut a = Engine::new(8);
            let mut b = Engine::new(8);
            b.set_weights(cand);
            if noext {
                b.set_features(dama::engine::Features {
                    extensions: false,
                    ..dama::engine::Features::ALL
                });
            }
            while g.result().is_none() && g.ply() < 300 {
                let white = g.turn() == Color::White;
                let e = if white == cand_white { &mut b } else { &mut a };
                let r = e.search(&g, &Limits::nodes(nodes), &mut |_| {});
                g.play(&r.best.unwrap()).unwrap();
            }
            match g.result().map(|r| r.outcome) {
                Some(Outcome::Win(c)) if (c == Color::White) == cand_white => w += 1,
                Some(Outcome::Win(_)) => l += 1,
                _ => d += 1,
            }
        }
    }
    let n = (w + d + l) as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    println!("candidate: +{w} ={d} -{l}  score {:.1}%", score * 100.0);
}
