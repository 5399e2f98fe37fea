//! `dama train`: fit the learned evaluation to self-play games.
//!
//! `dama train gen` plays games of the engine against itself at a fixed number of nodes a move,
//! each from a shipped opening followed by 0-4 random plies, and writes every quiet position
//! (no capture for the side to move) with the game's result. `dama train fit` fits the
//! evaluation's weights to such files by logistic regression (`dama_tools::train`), holding out a
//! share of the games, and writes a weights file (`dama::engine::eval::pattern::Net`). The shipped
//! `crates/dama/data/eval.bin` is made this way; docs/ENGINE.md lists the runs.
//!
//! Both take `--variant italian|brazilian`: `gen` plays that game from its shipped openings,
//! and `fit` fits weights for it (the weights file names its game, and the engine uses it only
//! in games of that kind). A samples file does not say which game it holds: fit it with the
//! `--variant` it was generated with.

use crate::args::Args;
use crate::eval_spec::eval_from_spec;
use crate::opening_lists;
use dama::engine::eval::pattern::{self, Net};
use dama::engine::eval::Eval;
use dama::engine::level::Rng;
use dama::engine::search::{Engine, Limits};
use dama::{Color, Game, Outcome, Variant};
use dama_tools::network_fit::{self, NetFitOptions};
use dama_tools::train::{self, FitOptions, Sample};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub fn run(args: &[String]) -> Result<(), String> {
    match args.split_first() {
        Some((c, rest)) if c == "gen" => generate(rest),
        Some((c, rest)) if c == "fit" => fit(rest),
        Some((c, rest)) if c == "net" => fit_net(rest),
        _ => Err(
            "usage: dama train gen ... | dama train fit ... | dama train net ... (see dama help)"
                .into(),
        ),
    }
}

fn generate(args: &[String]) -> Result<(), String> {
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
            "variant",
        ],
        &[],
    )?;
    let variant = a.variant()?;
    let games: usize = a.number_in("games", 1000, 1..=10_000_000)?;
    let nodes: u64 = a.number_in("nodes", 5000, 1..=100_000_000)?;
    let threads: usize = a.number_in("threads", 1, 1..=64)?;
    let seed: u64 = a.number("seed", 1)?;
    let max_plies: usize = a.number_in("max-plies", 300, 1..=10_000)?;
    let out = a.get("out").ok_or("--out FILE is needed")?.to_string();
    let eval = eval_from_spec(a.get("eval").unwrap_or("shipped"), variant)?;
    let openings = Arc::new(opening_lists::parse_list(
        variant,
        opening_lists::shipped(variant),
    )?);
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
    std::fs::write(&out, train::write_samples(variant, &samples))
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    say!(
        "{games} games of {} at {nodes} nodes a move ({} White wins, {} draws, {} Black wins), \
         {} quiet positions in {out}, {:.1} s",
        variant.name(),
        wdl[2],
        wdl[1],
        wdl[0],
        samples.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One game from `start`: the quiet positions after the random plies, each with its search
/// score, and White's result.
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
        let quiet = !moves[0].is_capture();
        let r = engine.search(&game, &Limits::nodes(nodes), &mut |_| {});
        if quiet {
            // The search's score, from White's side, kept beside the result.
            let score = match game.position().turn() {
                Color::White => r.score,
                Color::Black => -r.score,
            };
            let max = train::MAX_SCORE as i32;
            positions.push((*game.position(), score.clamp(-max, max) as i16));
        }
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
        .map(|(pos, score)| Sample {
            pos,
            result,
            score: Some(score),
        })
        .collect();
    (samples, result)
}

fn fit(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "data", "out", "start", "epochs", "holdout", "k", "lr", "l2", "batch", "seed",
            "variant",
        ],
        &[],
    )?;
    let variant = a.variant()?;
    let data = a.get("data").ok_or("--data FILE[,FILE...] is needed")?;
    let out = a.get("out").ok_or("--out FILE is needed")?;
    // Every option is checked before any file is read.
    let holdout: f64 = a.number_in("holdout", 0.1, 0.0..=0.9)?;
    let opts = FitOptions {
        k: a.number_in("k", 120.0, train::K_RANGE)?,
        epochs: a.number_in("epochs", 30, train::EPOCHS_RANGE)?,
        batch: a.number_in("batch", 4096, train::BATCH_RANGE)?,
        learning_rate: a.number_in("lr", 2.0, train::LEARNING_RATE_RANGE)?,
        l2: a.number_in("l2", 1e-4, train::L2_RANGE)?,
        seed: a.number("seed", 1)?,
    };
    let start = match a.get("start") {
        None => Net::material(variant),
        Some(p) => match eval_from_spec(p, variant)? {
            Eval::Pattern(n) => (*n).clone(),
            Eval::Classic(_) | Eval::Network(_) => Net::material(variant),
        },
    };
    let samples = read_samples(data, variant)?;
    debug_assert_eq!(start.variant(), variant);
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
    })
    .map_err(|e| format!("{e}; nothing written to {out}"))?;
    std::fs::write(out, net.to_bytes()).map_err(|e| format!("cannot write {out}: {e}"))?;
    say!(
        "{}: fitted {} positions, held out {}; K = {}, {} epochs, batch {}, lr {}, l2 {}",
        variant.name(),
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
    say!(
        "weights for {} written to {out} ({} bytes)",
        net.variant().name(),
        net.to_bytes().len()
    );
    Ok(())
}

/// The samples of the files in `data` (comma-separated), all of `variant`.
fn read_samples(data: &str, variant: Variant) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for f in data.split(',') {
        // All the files together are bounded as one file is.
        let room = train::MAX_SAMPLES - samples.len();
        let (game, s) = crate::args::read_file(f, |r, len| train::read_samples_from(r, len, room))?;
        if game != variant {
            return Err(format!(
                "{f} holds positions of {}, not of {} (fit them with --variant {})",
                game.name(),
                variant.name(),
                game.id()
            ));
        }
        eprintln!("{f}: {} positions", s.len());
        samples.extend(s);
    }
    if samples.len() < 10 {
        return Err("fewer than 10 positions: nothing to fit".into());
    }
    Ok(samples)
}

/// `dama train net`: fit a network evaluation (alone, or with `--residual` added to the
/// game's shipped region evaluation) and write its file.
fn fit_net(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "data", "out", "epochs", "holdout", "k", "lr", "batch", "seed", "variant", "lambda",
        ],
        &["residual"],
    )?;
    let variant = a.variant()?;
    let data = a.get("data").ok_or("--data FILE[,FILE...] is needed")?;
    let out = a.get("out").ok_or("--out FILE is needed")?;
    let holdout: f64 = a.number_in("holdout", 0.1, 0.0..=0.9)?;
    let d = NetFitOptions::default();
    let opts = NetFitOptions {
        k: a.number_in("k", d.k, 1.0..=10_000.0)?,
        epochs: a.number_in("epochs", d.epochs, 1..=10_000)?,
        batch: a.number_in("batch", d.batch, 2..=1_000_000)?,
        learning_rate: a.number_in("lr", d.learning_rate, network_fit::NET_LEARNING_RATE_RANGE)?,
        residual: a.flag("residual"),
        lambda: a.number_in("lambda", d.lambda, network_fit::LAMBDA_RANGE)?,
        seed: a.number("seed", d.seed)?,
    };
    let samples = read_samples(data, variant)?;
    let cut = samples.len() - (samples.len() as f64 * holdout) as usize;
    let (tr, ho) = samples.split_at(cut);
    let started = Instant::now();
    let (net, report) = network_fit::fit_network(variant, tr, ho, &opts, &mut |e, t, h| {
        eprintln!(
            "epoch {e}: train {t:.5}, held out {h:.5}, {:.0} s",
            started.elapsed().as_secs_f64()
        )
    })
    .map_err(|e| format!("{e}; nothing written to {out}"))?;
    let bytes = net.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    say!(
        "{}: network fitted to {} positions, {} held out; {} epochs, batch {}, lr {}, lambda {}{}",
        variant.name(),
        tr.len(),
        ho.len(),
        opts.epochs,
        opts.batch,
        opts.learning_rate,
        opts.lambda,
        if opts.residual {
            ", added to the region evaluation"
        } else {
            ""
        }
    );
    say!(
        "held-out log loss: start {:.5}, fitted {:.5}, rounded {:.5}; the region evaluation alone {:.5}",
        report.start,
        report.epochs.last().map_or(f64::NAN, |e| e.1),
        report.rounded,
        report.regions
    );
    say!("network written to {out} ({} bytes)", bytes.len());
    Ok(())
}
