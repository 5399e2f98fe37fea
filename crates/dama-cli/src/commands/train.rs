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

use crate::eval_spec::eval_from_spec;
use crate::opening_lists;
use crate::options::{number, within, GameArg};
use clap::{Args, Subcommand};
use dama::engine::eval::pattern::{self, Net};
use dama::engine::eval::Eval;
use dama::engine::Rng;
use dama::engine::{Engine, Limits};
use dama::{Color, Game, Outcome, Variant};
use dama_tools::network_fit::{self, NetFitOptions};
use dama_tools::train::{self, FitOptions, Sample};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Fit the evaluation to self-play: train gen, train fit, train net
#[derive(Subcommand)]
pub enum Train {
    Gen(GenArgs),
    Fit(FitArgs),
    Net(NetArgs),
}

pub fn run(command: Train) -> Result<(), String> {
    match command {
        Train::Gen(a) => generate(a),
        Train::Fit(a) => fit(a),
        Train::Net(a) => fit_net(a),
    }
}

/// Self-play games from the game's openings, written as quiet positions with their results
///
/// Each game starts from a shipped opening and 0-4 random plies; every quiet position (no
/// capture for the side to move) is kept with the game's result and the search's score.
#[derive(Args)]
pub struct GenArgs {
    #[command(flatten)]
    game: GameArg,
    /// The samples file written (required)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Games to play, 1-10000000
    #[arg(long, value_name = "N", value_parser = within(1..=10_000_000usize))]
    #[arg(default_value_t = 1000)]
    games: usize,
    /// Nodes a move, 1-100000000
    #[arg(long, value_name = "N", value_parser = within(1..=100_000_000u64))]
    #[arg(default_value_t = 5000)]
    nodes: u64,
    /// Games at once, 1-64
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(1..=64usize))]
    threads: usize,
    /// The seed of the openings and random plies
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// A game ends after N plies, 1-10000
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = within(1..=10_000usize))]
    max_plies: usize,
    /// The evaluation that plays: shipped, regions, classic (Italian) or a weights or network
    /// file of the game
    #[arg(long, value_name = "E", default_value = "shipped")]
    eval: String,
}

fn generate(a: GenArgs) -> Result<(), String> {
    let variant = a.game.variant;
    let (games, nodes, threads, seed, max_plies) =
        (a.games, a.nodes, a.threads, a.seed, a.max_plies);
    let out = a.out.ok_or("--out FILE is needed")?;
    let eval = eval_from_spec(&a.eval, variant)?;
    let openings = Arc::new(opening_lists::parse_list(
        variant,
        opening_lists::shipped(variant),
    )?);
    let next = Arc::new(AtomicUsize::new(0));
    let collected = Arc::new(Mutex::new((Vec::<Sample>::new(), [0usize; 3])));
    // Set once more samples are kept than a file holds: every thread stops.
    let full = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut handles = Vec::new();
    for _ in 0..threads {
        let (openings, next, collected, eval, full) = (
            openings.clone(),
            next.clone(),
            collected.clone(),
            eval.clone(),
            full.clone(),
        );
        handles.push(std::thread::spawn(move || {
            let mut engine = Engine::new(16);
            engine.set_eval(eval);
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games || full.load(Ordering::Relaxed) {
                    break;
                }
                let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g as u64);
                let start = openings[rng.below(openings.len() as u64) as usize];
                let (samples, result) = self_play(&mut engine, start, nodes, max_plies, &mut rng);
                let mut c = collected.lock().unwrap_or_else(|e| e.into_inner());
                if c.0.len() + samples.len() > train::MAX_SAMPLES {
                    full.store(true, Ordering::Relaxed);
                    break;
                }
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
    if full.load(Ordering::Relaxed) {
        return Err(too_many_samples(wdl.iter().sum()));
    }
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

/// Why a self-play run stopped after `games` games: a samples file holds at most
/// [`train::MAX_SAMPLES`] (a game keeps at most `--max-plies` of them, so `--games` times
/// `--max-plies` within it never stops).
fn too_many_samples(games: usize) -> String {
    format!(
        "the games would keep more positions than a samples file holds, {} (after {games} \
         games); stopped with nothing written: lower --games or --max-plies",
        train::MAX_SAMPLES
    )
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

/// What `fit` and `net` share: the samples read, the file written, and the options that mean
/// the same in both.
#[derive(Args)]
pub struct FitCommon {
    #[command(flatten)]
    game: GameArg,
    /// Samples files of train gen, of the game (required)
    #[arg(long, value_name = "FILE[,FILE]")]
    data: Option<String>,
    /// The file written (required)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// The share of the games held out to judge the fit, 0-0.9
    #[arg(long, value_name = "F", default_value_t = 0.1, value_parser = within(0.0..=0.9))]
    holdout: f64,
    /// The scale of scores to results, 1-10000
    #[arg(long, value_name = "K", default_value_t = 120.0, value_parser = within(train::K_RANGE))]
    k: f64,
    /// The seed of the shuffles (and of a network's first weights)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
}

impl FitCommon {
    /// The data files and the file written, both needed.
    fn paths(&self) -> Result<(&str, &str), String> {
        let data = self.data.as_deref();
        let data = data.ok_or("--data FILE[,FILE...] is needed")?;
        let out = self.out.as_deref().ok_or("--out FILE is needed")?;
        Ok((data, out))
    }

    /// The samples of the files in `data`, and how many of them are fitted: the rest, the
    /// last share, is held out. Samples of one game sit together in a file, so the positions
    /// held out are of whole games never fitted.
    fn samples(&self, data: &str) -> Result<(Vec<Sample>, usize), String> {
        let samples = read_samples(data, self.game.variant)?;
        let cut = samples.len() - (samples.len() as f64 * self.holdout) as usize;
        Ok((samples, cut))
    }
}

/// Fit the region evaluation's weights of the game to the results of train gen's samples
///
/// Logistic regression, holding out a share of the games; writes a weights file that names
/// its game.
#[derive(Args)]
pub struct FitArgs {
    #[command(flatten)]
    common: FitCommon,
    /// The weights to start from: a weights file of the game (default: material only)
    #[arg(long, value_name = "E")]
    start: Option<String>,
    /// Passes over the samples, 1-10000
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = within(train::EPOCHS_RANGE))]
    epochs: usize,
    /// The learning rate, 0.000001-1000
    #[arg(long, value_name = "X", value_parser = within(train::LEARNING_RATE_RANGE))]
    #[arg(default_value_t = 2.0)]
    lr: f64,
    /// The L2 regularisation, 0-1
    #[arg(long, value_name = "X", default_value_t = 1e-4, value_parser = within(train::L2_RANGE))]
    l2: f64,
    /// Positions a step, 1-10000000
    #[arg(long, value_name = "N", value_parser = within(train::BATCH_RANGE))]
    #[arg(default_value_t = 4096)]
    batch: usize,
}

fn fit(a: FitArgs) -> Result<(), String> {
    let variant = a.common.game.variant;
    let (data, out) = a.common.paths()?;
    let opts = FitOptions {
        k: a.common.k,
        epochs: a.epochs,
        batch: a.batch,
        learning_rate: a.lr,
        l2: a.l2,
        seed: a.common.seed,
    };
    let start = match &a.start {
        None => Net::material(variant),
        Some(p) => match eval_from_spec(p, variant)? {
            Eval::Pattern(n) => (*n).clone(),
            Eval::Classic(_) | Eval::Network(_) => Net::material(variant),
        },
    };
    let (samples, cut) = a.common.samples(data)?;
    debug_assert_eq!(start.variant(), variant);
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
        let (game, s) =
            crate::files::read_file(f, |r, len| train::read_samples_from(r, len, room))?;
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

/// Fit a network evaluation of the game to the results of train gen's samples
#[derive(Args)]
pub struct NetArgs {
    #[command(flatten)]
    common: FitCommon,
    /// Passes over the samples, 1-10000
    #[arg(long, value_name = "N", value_parser = within(1..=10_000usize))]
    #[arg(default_value_t = NetFitOptions::default().epochs)]
    epochs: usize,
    /// The learning rate, 0.000001-1
    #[arg(long, value_name = "X", value_parser = within(network_fit::NET_LEARNING_RATE_RANGE))]
    #[arg(default_value_t = NetFitOptions::default().learning_rate)]
    lr: f32,
    /// Positions a step, 2-1000000
    #[arg(long, value_name = "N", value_parser = within(2..=1_000_000usize))]
    #[arg(default_value_t = NetFitOptions::default().batch)]
    batch: usize,
    /// The share of each target that is the search's score kept by train gen (the rest is
    /// the game's result), 0-1
    #[arg(long, value_name = "X", value_parser = within(network_fit::LAMBDA_RANGE))]
    #[arg(default_value_t = NetFitOptions::default().lambda)]
    lambda: f32,
    /// The network is added to the game's region evaluation
    #[arg(long)]
    residual: bool,
}

/// `dama train net`: fit a network evaluation (alone, or with `--residual` added to the
/// game's shipped region evaluation) and write its file.
fn fit_net(a: NetArgs) -> Result<(), String> {
    let variant = a.common.game.variant;
    let (data, out) = a.common.paths()?;
    let opts = NetFitOptions {
        k: a.common.k as f32,
        seed: a.common.seed,
        epochs: a.epochs,
        batch: a.batch,
        learning_rate: a.lr,
        lambda: a.lambda,
        residual: a.residual,
    };
    let (samples, cut) = a.common.samples(data)?;
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
