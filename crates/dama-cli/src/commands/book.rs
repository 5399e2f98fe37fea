//! `dama book`: build the opening book from our own deep searches, cut a smaller one out of
//! it for the browser, say what it makes of the shipped openings, and look positions up in it.
//!
//! `dama book build` scores positions (a search to a depth or for a time, then every legal
//! move scored at that depth with a full window, `Engine::root_scores`); the moves within the
//! margin of the best, at most `--width` of them, become the position's book moves. Which
//! positions are scored is the growth's: with `--positions N`, drop-out expansion
//! ([`dropout`]) until N positions are stored; else ply by ply ([`layers`]) over the first
//! `--plies` plies from the start, each shipped opening (`dama openings --plies 3`, where
//! matches start) joining at ply 3 with its own horizon of `--opening-plies` plies. The format
//! is in `dama::engine::book` and docs/BOOK.md. Each game has its own book: `--variant
//! brazilian` builds the Brazilian one from its start and its own shipped openings.

mod analyse;
mod backup;
mod dropout;
mod layers;
mod subset;
mod verdict;

use crate::args::Args;
use analyse::Budget;
use dama::engine::book::{Book, BookBuilder};
use dama::engine::search::score_text;
use dama::rules::notation;
use dama::Variant;
use std::time::Instant;

const USAGE: &str = "usage: dama book build --out FILE [--variant italian|brazilian] \
[--positions N [--ply-cost CP] | --opening-plies M] [--plies N] [--depth D | --time MS] \
[--margin CP] [--width W] [--threads T] [--tt MB]
       dama book subset --book FILE --bytes B --out FILE
       dama book openings [--variant italian|brazilian] [--book FILE] [--lost CP]
       dama book probe [--variant italian|brazilian] [--fen FEN] [--book FILE]";

/// Defaults of a ply-by-ply build (about 1,000 positions in an hour of one core): the tree
/// grows by at most `width` a ply, so plies and width set its size.
const DEFAULT_PLIES: u32 = 10;
const DEFAULT_OPENING_PLIES: u32 = 3;
/// The deepest a drop-out build goes by default: far beyond any line it reaches.
const DEFAULT_DROPOUT_PLIES: u32 = 40;
/// A ply's cost in a drop-out build, in hundredths of a man: a move a quarter of a man worse
/// than the best is followed as late as the best line one ply deeper.
const DEFAULT_PLY_COST: i64 = 25;
const DEFAULT_DEPTH: u32 = 20;
const DEFAULT_MARGIN: i32 = 10;
const DEFAULT_WIDTH: usize = 2;
/// Small, since the table is cleared before every position.
const DEFAULT_TT_MB: usize = 16;
/// The most memory the threads' tables may take together, in MB.
const MAX_TABLES_MB: usize = 16_384;
/// The most positions a drop-out build may be asked for (a book file holds 4,194,304 entries).
const MAX_POSITIONS: usize = 1_000_000;
/// The shipped openings are the positions this many plies from the start.
pub const OPENING_PLY: u32 = 3;
/// An opening whose best book move scores a man or more (for either side) is lost for one.
const DEFAULT_LOST: i32 = dama::engine::book::LOST_CP;

pub fn run(args: &[String]) -> Result<(), String> {
    match args.split_first() {
        Some((c, rest)) if c == "build" => build(rest),
        Some((c, rest)) if c == "subset" => subset_cmd(rest),
        Some((c, rest)) if c == "openings" => openings_cmd(rest),
        Some((c, rest)) if c == "probe" => probe(rest),
        _ => Err(USAGE.into()),
    }
}

/// How every position is scored and which moves are kept, whatever the growth.
pub struct Grow {
    pub variant: Variant,
    pub budget: Budget,
    pub margin: i32,
    pub width: usize,
    pub threads: usize,
    pub tt_mb: usize,
}

fn build(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "out",
            "plies",
            "opening-plies",
            "positions",
            "ply-cost",
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
    let dropout = a.get("positions").is_some();
    if dropout && a.get("opening-plies").is_some() {
        return Err("--opening-plies is for a ply-by-ply build, not with --positions".into());
    }
    if !dropout && a.get("ply-cost").is_some() {
        return Err("--ply-cost is for a drop-out build: give --positions N".into());
    }
    let default_plies = if dropout {
        DEFAULT_DROPOUT_PLIES
    } else {
        DEFAULT_PLIES
    };
    let plies: u32 = a.number_in("plies", default_plies, 1..=40)?;
    let opening_plies: u32 = a.number_in("opening-plies", DEFAULT_OPENING_PLIES, 0..=40)?;
    let positions: usize = a.number_in("positions", 0, 1..=MAX_POSITIONS)?;
    let ply_cost: i64 = a.number_in("ply-cost", DEFAULT_PLY_COST, 1..=1000)?;
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
    let g = Grow {
        variant,
        budget,
        margin,
        width,
        threads,
        tt_mb,
    };

    let started = Instant::now();
    let mut builder = BookBuilder::new(variant);
    if dropout {
        let d = dropout::DropOut {
            positions,
            ply_cost,
            max_plies: plies,
        };
        let (_, reached) = dropout::grow(&mut builder, &g, &d)?;
        say!("cost reached {reached}");
    } else {
        layers::grow(&mut builder, &g, plies, opening_plies)?;
    }
    // The file says the depth its moves were scored at; a build by time has none to say.
    let book = match g.budget {
        Budget::Depth(d) => builder.finish().with_depth(d),
        Budget::Time(_) => builder.finish(),
    };
    write_book(&book, &out)?;
    say!("time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Writes `book` to `out`, reads it back (what is written must load) and says its size.
fn write_book(book: &Book, out: &str) -> Result<(), String> {
    if book.len() > dama::engine::book::MAX_ENTRIES {
        return Err(format!(
            "the book has {} entries, more than a book file holds ({}): fewer positions",
            book.len(),
            dama::engine::book::MAX_ENTRIES
        ));
    }
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    let check = Book::from_bytes(&bytes).map_err(|e| format!("the book written is bad: {e}"))?;
    say!("positions {}", check.positions());
    say!("entries {}", check.len());
    say!("bytes {}", bytes.len());
    Ok(())
}

/// The largest book subset a browser is given: docs/BOOK.md keeps its book under 300 KB.
const MAX_SUBSET_BYTES: usize = 4 << 20;

/// `dama book subset`: the positions of a book nearest the start that fit in `--bytes`.
fn subset_cmd(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["book", "bytes", "out"], &[])?;
    let path = a.get("book").ok_or("--book FILE is needed")?;
    let out = a.get("out").ok_or("--out FILE is needed")?;
    let max: usize = a.number_in("bytes", 0, 64..=MAX_SUBSET_BYTES)?;
    if a.get("bytes").is_none() {
        return Err("--bytes B is needed".into());
    }
    let book = crate::args::read_file(path, Book::read_from)?;
    let small = subset::subset(&book, max)?;
    write_book(&small, out)
}

/// `dama book openings`: each shipped opening with its best book move, its score and the side
/// it is lost for; the output is itself an openings list (the verdicts are comments).
fn openings_cmd(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["book", "variant", "lost"], &[])?;
    let book = open_book(&a)?;
    let lost: i32 = a.number_in("lost", DEFAULT_LOST, 1..=30_000)?;
    let all = verdict::verdicts(book.as_ref(), lost)?;
    let count = |c: Option<dama::Color>| {
        all.iter()
            .filter(|v| v.lost_for == c && v.best.is_some())
            .count()
    };
    let missing = all.iter().filter(|v| v.best.is_none()).count();
    say!(
        "# {} openings of {}: {} lost for White, {} lost for Black (best move {} or worse), {} not in the book",
        all.len(),
        book.variant().name(),
        count(Some(dama::Color::White)),
        count(Some(dama::Color::Black)),
        score_text(-lost),
        missing
    );
    for v in &all {
        say!("{}", verdict::line(v));
    }
    Ok(())
}

/// The book `--book` names, else the shipped one of `--variant`; a book file says its game,
/// and `--variant`, if given, must agree.
fn open_book(a: &Args) -> Result<std::borrow::Cow<'static, Book>, String> {
    let book = match a.get("book") {
        Some(path) => std::borrow::Cow::Owned(crate::args::read_file(path, Book::read_from)?),
        None => std::borrow::Cow::Borrowed(Book::shipped(a.variant()?)),
    };
    let asked = a.variant()?;
    if a.get("variant").is_some() && asked != book.variant() {
        return Err(format!(
            "--book: a book of {}, not of {}",
            book.variant().name(),
            asked.name()
        ));
    }
    Ok(book)
}

fn probe(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["fen", "book", "variant"], &[])?;
    let book = open_book(&a)?;
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
