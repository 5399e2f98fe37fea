//! `dama train`: fit the learned evaluation to self-play games.
//!
//! `dama train gen` plays games of the engine against itself at a fixed number of nodes a move,
//! each from a shipped opening followed by 0-4 random plies, and writes every quiet position
//! (no capture for the side to move) with the game's result. `dama train fit` fits the
//! evaluation's weights to such files by logistic regression (`dama::train`), holding out a
//! share of the games, and writes a weights file (`dama::eval::pattern::Net`). The shipped
//! `crates/dama/data/eval.bin` is made this way; the README lists the runs.

use crate::args::Args;
use crate::openings;
use dama::eval::pattern::{self, Net};
use dama::eval::{Eval, Weights};
use dama::level::Rng;
use dama::search::{Engine, Limits};
use dama::train::{self, FitOptions, Sample};
use dama::{Color, Game, Outcome};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

const SHIPPED_OPENINGS: &str = include_str!("../data/openings.txt");

pub fn run(args: &[String]) -> Result<(), String> {
    match args.split_first() {
        Some((c, rest)) if c == "gen" => gen(rest),
        Some((c, rest)) if c == "fit" => fit(rest),
        _ => Err("usage: dama train gen ... | dama train fit ... (see dama help)".into()),
    }
}

/// The evaluation named by `--eval`: `shipped`, `classic`, or a weights file.
pub fn eval_from_spec(spec: &str) -> Result<Eval, String> {
    match spec {
        "shipped" => Ok(Eval::shipped()),
        "classic" => Ok(Eval::Classic(Weights::default())),
        path => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let net = Net::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            Ok(Eval::Pattern(Arc::new(net)))
        }
    }
}

fn gen(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "games",
            "nodes",
            "threads",
            "seed",
            "out",
            "eval",
            "max-plies",
        ],
        &[],
    )?;
    let games: usize = a.number("games", 1000)?;
    let nodes: u64 = a.number("nodes", 5000)?;
    let threads: usize = a.number("threads", 1)?;
    let seed: u64 = a.number("seed", 1)?;
    let max_plies: usize = a.number("max-plies", 300)?;
    if !(1..=10_000_000).contains(&games) || !(1..=64).contains(&threads) || nodes == 0 {
        return Err("--games 1-10000000, --threads 1-64, --nodes 1 or more".into());
    }
    let out = a.get("out").ok_or("--out FILE is needed")?.to_string();
    let eval = eval_from_spec(a.get("eval").unwrap_or("shipped"))?;
    let openings = Arc::new(openings::parse_list(SHIPPED_OPENINGS)?);
    let next = Arc::new(AtomicUsize::new(0));
    let collected = Arc::new(Mutex::new((Vec::<Sample>::new(), [0usize; 3])));
    let started = Instant::now();
    let mut handles = Vec::new();
    for _ in 0..threads {
        let (openings, next, collected, eval) = (
            openings.clone(),
            next.clone(),
            collected.clone(),
            eval.clone(),
        );
        handles.push(std::thread::spawn(move || {
            let mut engine = Engine::new(16);
            engine.set_eval(eval);
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g as u64);
                let start = openings[rng.below(openings.len() as u64) as usize];
                let (samples, result) = self_play(&mut engine, start, nodes, max_plies, &mut rng);
                let mut c = collected.lock().unwrap_or_else(|e| e.into_inner());
                c.0.extend(samples);
                c.1[(result * 2.0) as usize] += 1;
                let done = c.1.iter().sum::<usize>();
                if done % 500 == 0 {
                    eprintln!(
                        "{done} games, {} positions, {:.0} s",
                        c.0.len(),
                        started.elapsed().as_secs_f64()
                    );
                }
            }
        }));
    }
    for h in handles {
        h.join().map_err(|_| "a self-play thread failed")?;
    }
    let (samples, wdl) = std::mem::take(&mut *collected.lock().unwrap_or_else(|e| e.into_inner()));
    std::fs::write(&out, train::write_samples(&samples))
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    say!(
        "{games} games at {nodes} nodes a move ({} White wins, {} draws, {} Black wins), \
         {} quiet positions in {out}, {:.1} s",
        wdl[2],
        wdl[1],
        wdl[0],
        samples.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One game from `start`: the quiet positions after the random plies, and White's result.
fn self_play(
    engine: &mut Engine,
    start: dama::Position,
    nodes: u64,
    max_plies: usize,
    rng: &mut Rng,
) -> (Vec<Sample>, f32) {
    let mut game = Game::from_position(start);
    for _ in 0..rng.below(5) {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        let _ = game.play(&m);
    }
    engine.clear();
    let mut positions = Vec::new();
    while game.result().is_none() && game.ply() < max_plies {
        let moves = game.legal_moves();
        if !moves[0].is_capture() {
            positions.push(*game.position());
        }
        let r = engine.search(&game, &Limits::nodes(nodes), &mut |_| {});
        let Some(m) = r.best else { break };
        if game.play(&m).is_err() {
            break;
        }
    }
    let result = match game.result().map(|r| r.outcome) {
        Some(Outcome::Win(Color::White)) => 1.0,
        Some(Outcome::Win(Color::Black)) => 0.0,
        _ => 0.5,
    };
    let samples = positions
        .into_iter()
        .map(|pos| Sample { pos, result })
        .collect();
    (samples, result)
}

fn fit(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "data", "out", "start", "epochs", "holdout", "k", "lr", "l2", "batch", "seed",
        ],
        &[],
    )?;
    let data = a.get("data").ok_or("--data FILE[,FILE...] is needed")?;
    let out = a.get("out").ok_or("--out FILE is needed")?;
    let mut samples = Vec::new();
    for f in data.split(',') {
        let bytes = std::fs::read(f).map_err(|e| format!("cannot read {f}: {e}"))?;
        let s = train::read_samples(&bytes).map_err(|e| format!("{f}: {e}"))?;
        eprintln!("{f}: {} positions", s.len());
        samples.extend(s);
    }
    if samples.len() < 10 {
        return Err("fewer than 10 positions: nothing to fit".into());
    }
    let holdout: f64 = a.number("holdout", 0.1)?;
    if !(0.0..0.9).contains(&holdout) {
        return Err("--holdout must be a share from 0 to 0.9".into());
    }
    let opts = FitOptions {
        k: a.number("k", 120.0)?,
        epochs: a.number("epochs", 30)?,
        batch: a.number("batch", 4096)?,
        learning_rate: a.number("lr", 2.0)?,
        l2: a.number("l2", 1e-4)?,
        seed: a.number("seed", 1)?,
    };
    let start = match a.get("start") {
        None => material_start(),
        Some(p) => match eval_from_spec(p)? {
            Eval::Pattern(n) => (*n).clone(),
            Eval::Classic(_) => material_start(),
        },
    };
    // Hold out whole games' worth of positions: samples of one game sit together in the
    // file, so the last share is a set of games never fitted.
    let cut = samples.len() - (samples.len() as f64 * holdout) as usize;
    let (tr, ho) = samples.split_at(cut);
    let started = Instant::now();
    let (net, report) = train::fit(tr, ho, &start, &opts, &mut |e, t, h| {
        eprintln!(
            "epoch {e}: train {t}, held out {h}, {:.0} s",
            started.elapsed().as_secs_f64()
        )
    });
    std::fs::write(out, net.to_bytes()).map_err(|e| format!("cannot write {out}: {e}"))?;
    say!(
        "fitted {} positions, held out {}; K = {}, {} epochs, batch {}, lr {}, l2 {}",
        report.train,
        report.holdout,
        opts.k,
        opts.epochs,
        opts.batch,
        opts.learning_rate,
        opts.l2
    );
    say!(
        "before: train {}; held out {}",
        report.before.0,
        report.before.1
    );
    say!(
        "after:  train {}; held out {}",
        report.after.0,
        report.after.1
    );
    for i in 0..pattern::D_KING_SQUARE {
        let w = net.weight(pattern::PATTERN_PARAMS + i);
        say!(
            "  {:<24} opening {:>5}  endgame {:>5}",
            pattern::dense_name(i),
            w[0],
            w[1]
        );
    }
    say!("weights written to {out} ({} bytes)", net.to_bytes().len());
    Ok(())
}

/// The start of a fit from nothing: a man 100, a king 180, everything else zero.
fn material_start() -> Net {
    let mut n = Net::zero();
    n.set_weight(pattern::PATTERN_PARAMS + pattern::D_MAN, [100, 100]);
    n.set_weight(pattern::PATTERN_PARAMS + pattern::D_KING, [180, 180]);
    n
}
