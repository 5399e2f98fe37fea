//! `dama book`: build the opening book from our own deep searches, and look positions up in it.
//!
//! `dama book build` grows the book ply by ply from the start. Each position is searched to a
//! depth (or for a time), then every legal move is scored at that depth with a full window
//! (`Engine::root_scores`); the moves within the margin of the best, at most `--width` of them,
//! become its book moves, and the positions they lead to are the next ply's. The book covers
//! the first `--plies` plies from the start. Every shipped opening position (`dama openings
//! --plies 3`, where matches start) joins at ply 3 with its own horizon of `--opening-plies`
//! plies, so the openings are covered even where they left the book. A position with one legal
//! move is followed but not stored: the engine plays a forced move at once anyway. The format
//! is in `dama::engine::book` and docs/BOOK.md. Each game has its own book: `--variant
//! brazilian` builds the Brazilian one from its start and its own shipped openings.

use crate::args::Args;
use crate::openings;
use dama::engine::book::{Book, BookBuilder};
use dama::engine::search::{score_text, Engine, Limits, MATE_BOUND};
use dama::rules::moves::Move;
use dama::{rules::notation, Game, Position};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

const USAGE: &str = "usage: dama book build --out FILE [--variant italian|brazilian] [--plies N] \
[--opening-plies M] [--depth D | --time MS] [--margin CP] [--width W] [--threads T] [--tt MB]
       dama book probe [--variant italian|brazilian] [--fen FEN] [--book FILE]";

/// Defaults for a book the browser can carry (about 100 KB at most) in about an hour of one
/// core: the tree grows by at most `width` a ply, so plies and width set its size.
const DEFAULT_PLIES: u32 = 10;
const DEFAULT_OPENING_PLIES: u32 = 3;
const DEFAULT_DEPTH: u32 = 20;
const DEFAULT_MARGIN: i32 = 10;
const DEFAULT_WIDTH: usize = 2;
/// Small, since the table is cleared before every position.
const DEFAULT_TT_MB: usize = 16;
/// The most memory the threads' tables may take together, in MB.
const MAX_TABLES_MB: usize = 16_384;
/// The shipped openings are the positions this many plies from the start.
const OPENING_PLY: u32 = 3;

pub fn run(args: &[String]) -> Result<(), String> {
    match args.split_first() {
        Some((c, rest)) if c == "build" => build(rest),
        Some((c, rest)) if c == "probe" => probe(rest),
        _ => Err(USAGE.into()),
    }
}

/// How long each position is searched.
#[derive(Clone, Copy)]
enum Budget {
    Depth(u32),
    Time(f64),
}

fn build(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "out",
            "plies",
            "opening-plies",
            "depth",
            "time",
            "margin",
            "width",
            "threads",
            "tt",
            "variant",
        ],
        &[],
    )?;
    let variant = a.variant()?;
    let out = a.get("out").ok_or("--out FILE is needed")?.to_string();
    let plies: u32 = a.number_in("plies", DEFAULT_PLIES, 1..=40)?;
    let opening_plies: u32 = a.number_in("opening-plies", DEFAULT_OPENING_PLIES, 0..=40)?;
    let margin: i32 = a.number_in("margin", DEFAULT_MARGIN, 0..=1000)?;
    let width: usize = a.number_in("width", DEFAULT_WIDTH, 1..=128)?;
    let threads: usize = a.number_in("threads", 1, 1..=64)?;
    let tt_mb: usize = a.number_in("tt", DEFAULT_TT_MB, 1..=4096)?;
    // Each thread has its own table.
    if threads * tt_mb > MAX_TABLES_MB {
        return Err(format!(
            "--threads {threads} x --tt {tt_mb} MB is more than {MAX_TABLES_MB} MB of tables"
        ));
    }
    let budget = match (a.get("depth"), a.get("time")) {
        (Some(_), Some(_)) => return Err("give --depth or --time, not both".into()),
        (_, Some(_)) => Budget::Time(a.number_in("time", 0.0, 1.0..=3_600_000.0)?),
        _ => Budget::Depth(a.number_in("depth", DEFAULT_DEPTH, 1..=100)?),
    };

    let started = Instant::now();
    let mut builder = BookBuilder::new(variant);
    let mut seen: HashSet<Position> = HashSet::new();
    // Each position with the ply before which the book ends on its line.
    let mut layer = vec![(Position::start(variant), plies)];
    seen.insert(Position::start(variant));
    let mut stored = 0usize;
    let last = plies.max(OPENING_PLY + opening_plies);
    for ply in 0..last {
        if ply == OPENING_PLY && opening_plies > 0 {
            let horizon = OPENING_PLY + opening_plies;
            for p in openings::distinct(Position::start(variant), OPENING_PLY) {
                match layer.iter_mut().find(|(q, _)| *q == p) {
                    Some((_, limit)) => *limit = (*limit).max(horizon),
                    None if seen.insert(p) => layer.push((p, horizon)),
                    None => {}
                }
            }
        }
        layer.retain(|(_, limit)| ply < *limit);
        if layer.is_empty() {
            break;
        }
        let positions: Vec<Position> = layer.iter().map(|(p, _)| *p).collect();
        let analysed = analyse_all(&positions, budget, margin, width, threads, tt_mb);
        let mut next: Vec<(Position, u32)> = Vec::new();
        let mut index: HashMap<Position, usize> = HashMap::new();
        for ((pos, limit), moves) in layer.iter().zip(&analysed) {
            if pos.legal_moves().len() > 1 {
                builder.insert(pos, moves).map_err(|e| e.to_string())?;
                stored += 1;
            }
            for (m, _) in moves {
                let child = pos.play(m);
                if child.legal_moves().is_empty() {
                    continue;
                }
                // Reached again this ply by another line: it keeps the longer horizon.
                if let Some(&i) = index.get(&child) {
                    next[i].1 = next[i].1.max(*limit);
                } else if seen.insert(child) {
                    index.insert(child, next.len());
                    next.push((child, *limit));
                }
            }
        }
        eprintln!(
            "ply {ply:2}: {:5} positions, {:6} stored so far, {:7.1} s",
            layer.len(),
            stored,
            started.elapsed().as_secs_f64()
        );
        layer = next;
    }
    let book = builder.finish();
    if book.len() > dama::engine::book::MAX_ENTRIES {
        return Err(format!(
            "the book has {} entries, more than a book file holds ({}): fewer --plies or --width",
            book.len(),
            dama::engine::book::MAX_ENTRIES
        ));
    }
    let bytes = book.to_bytes();
    std::fs::write(&out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    // Read it back: what is written must load.
    let check = Book::from_bytes(&bytes).map_err(|e| format!("the book written is bad: {e}"))?;
    say!("positions {}", check.positions());
    say!("entries {}", check.len());
    say!("bytes {}", bytes.len());
    say!("time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// The book moves of each position of `layer`, in order, analysed on `threads` threads.
fn analyse_all(
    layer: &[Position],
    budget: Budget,
    margin: i32,
    width: usize,
    threads: usize,
    tt_mb: usize,
) -> Vec<Vec<(Move, i32)>> {
    let results: Vec<Mutex<Vec<(Move, i32)>>> = layer.iter().map(|_| Mutex::default()).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.min(layer.len()).max(1) {
            s.spawn(|| {
                let mut engine = Engine::new(tt_mb);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pos) = layer.get(i) else { break };
                    let moves = analyse(&mut engine, pos, budget, margin, width);
                    *results[i].lock().unwrap_or_else(|p| p.into_inner()) = moves;
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|p| p.into_inner()))
        .collect()
}

/// The moves of `pos` within `margin` of the best, best first, at most `width` of them. A
/// forced move is returned unsearched with score 0. The table is cleared first, so a build by
/// depth gives the same book whatever the number of threads.
fn analyse(
    engine: &mut Engine,
    pos: &Position,
    budget: Budget,
    margin: i32,
    width: usize,
) -> Vec<(Move, i32)> {
    let legal = pos.legal_moves();
    if legal.len() <= 1 {
        return legal.iter().map(|m| (*m, 0)).collect();
    }
    let game = Game::from_position(*pos);
    engine.clear();
    let limits = match budget {
        Budget::Depth(d) => Limits::depth(d),
        Budget::Time(ms) => Limits::time(ms),
    };
    // The first search fills the table, so scoring every move at its depth is cheap.
    let r = engine.search(&game, &limits, &mut |_| {});
    let depth = r.depth.max(1);
    let mut scored = engine.root_scores(&game, depth, &Limits::depth(depth));
    // Equal scores are ordered by a hash of position and move rather than generator order,
    // so that a narrow width does not always favour the same squares.
    let key = pos.hash();
    let tie = |m: &Move| {
        let x = key
            ^ ((m.from().index() as u64) << 8
                | m.to().index() as u64
                | (m.captured() as u64) << 16);
        x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32
    };
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(tie(&a.0).cmp(&tie(&b.0))));
    let Some(best) = scored.first().map(|(_, s)| *s) else {
        return Vec::new();
    };
    // Never keep a move that loses by force when the best does not.
    scored
        .into_iter()
        .filter(|(_, s)| *s >= best - margin && (*s > -MATE_BOUND || *s == best))
        .take(width)
        .collect()
}

fn probe(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["fen", "book", "variant"], &[])?;
    let owned;
    let book = match a.get("book") {
        Some(path) => {
            owned = crate::args::read_file(path, Book::read_from)?;
            &owned
        }
        None => Book::shipped(a.variant()?),
    };
    // A book file says its game; --variant, if given, must agree.
    let asked = a.variant()?;
    if a.get("variant").is_some() && asked != book.variant() {
        return Err(format!(
            "--book: a book of {}, not of {}",
            book.variant().name(),
            asked.name()
        ));
    }
    let pos = a.position(book.variant())?;
    let moves = book.probe(&pos);
    if moves.is_empty() {
        say!("not in the book ({} positions)", book.positions());
        return Ok(());
    }
    for (m, s) in moves {
        say!("{:<10} {}", notation::move_text(&pos, &m), score_text(s));
    }
    Ok(())
}
