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
mod room;
mod subset;
mod verdict;

use crate::files::read_file;
use crate::opening_lists;
use crate::options::{within, FenArg, GameArg};
use analyse::Budget;
use clap::{Args, Subcommand};
use dama::engine::book::{Book, BookBuilder, MAX_ENTRIES};
use dama::engine::score_text;
use dama::notation;
use dama::{Position, Variant};
use std::time::Instant;

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

/// The opening books: book build, book subset, book openings, book probe (docs/BOOK.md)
#[derive(Subcommand)]
pub enum BookCommand {
    Build(BuildArgs),
    Subset(SubsetArgs),
    Openings(OpeningsArgs),
    Probe(ProbeArgs),
}

pub fn run(command: BookCommand) -> Result<(), String> {
    match command {
        BookCommand::Build(a) => build(a),
        BookCommand::Subset(a) => subset_cmd(a),
        BookCommand::Openings(a) => openings_cmd(a),
        BookCommand::Probe(a) => probe(a),
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

/// Grow the game's opening book by deep searches
///
/// Each position is searched to a depth or for a time, then every legal move is scored at that
/// depth; the moves within the margin of the best, at most --width of them, become its book
/// moves. Which positions are scored: ply by ply over the first --plies plies from the start,
/// each shipped opening joining at ply 3 with its own horizon of --opening-plies; or, with
/// --positions N, by drop-out expansion until N positions are stored.
#[derive(Args)]
pub struct BuildArgs {
    #[command(flatten)]
    game: GameArg,
    /// The book file written (required)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// The deepest ply of the book, 1-40 (default: 10 ply by ply, 40 by drop-out)
    #[arg(long, value_name = "N", value_parser = within(1..=40u32))]
    plies: Option<u32>,
    /// Plies grown after each shipped opening in a ply-by-ply build, 0-40 (default: 3)
    #[arg(long, value_name = "M", value_parser = within(0..=40u32))]
    opening_plies: Option<u32>,
    /// Grow by drop-out expansion until N positions are stored, 1-1000000
    #[arg(long, value_name = "N", value_parser = within(1..=MAX_POSITIONS))]
    positions: Option<usize>,
    /// A ply's cost in a drop-out build, 1-1000 hundredths of a man (default: 25)
    #[arg(long, value_name = "CP", value_parser = within(1..=1000i64))]
    ply_cost: Option<i64>,
    /// Search each position to depth D, 1-100 (default: 20)
    #[arg(long, value_name = "D", value_parser = within(1..=100u32))]
    depth: Option<u32>,
    /// Search each position for MS milliseconds instead, 1-3600000
    #[arg(long, value_name = "MS", value_parser = within(1.0..=3_600_000.0))]
    time: Option<f64>,
    /// Book moves are within CP hundredths of a man of the best, 0-1000
    #[arg(long, value_name = "CP", value_parser = within(0..=1000))]
    #[arg(default_value_t = DEFAULT_MARGIN)]
    margin: i32,
    /// At most W book moves a position, 1-128
    #[arg(long, value_name = "W", value_parser = within(1..=128usize))]
    #[arg(default_value_t = DEFAULT_WIDTH)]
    width: usize,
    /// Positions searched at once, 1-64
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = within(1..=64usize))]
    threads: usize,
    /// Each thread's transposition table in MB, 1-4096 (all of them together at most 16384)
    #[arg(long, value_name = "MB", value_parser = within(1..=4096usize))]
    #[arg(default_value_t = DEFAULT_TT_MB)]
    tt: usize,
    /// The build stops, writing nothing, once the book would have more than N entries (book
    /// moves), 1-4194304 (default: 4194304, the most a book file holds)
    #[arg(long, value_name = "N", value_parser = within(1..=MAX_ENTRIES))]
    #[arg(default_value_t = MAX_ENTRIES)]
    max_entries: usize,
}

fn build(a: BuildArgs) -> Result<(), String> {
    let variant = a.game.variant;
    let out = a.out.ok_or("--out FILE is needed")?;
    let dropout = a.positions.is_some();
    if dropout && a.opening_plies.is_some() {
        return Err("--opening-plies is for a ply-by-ply build, not with --positions".into());
    }
    if !dropout && a.ply_cost.is_some() {
        return Err("--ply-cost is for a drop-out build: give --positions N".into());
    }
    let default_plies = if dropout {
        DEFAULT_DROPOUT_PLIES
    } else {
        DEFAULT_PLIES
    };
    let plies = a.plies.unwrap_or(default_plies);
    let opening_plies = a.opening_plies.unwrap_or(DEFAULT_OPENING_PLIES);
    let positions = a.positions.unwrap_or(0);
    let ply_cost = a.ply_cost.unwrap_or(DEFAULT_PLY_COST);
    let (margin, width, threads, tt_mb) = (a.margin, a.width, a.threads, a.tt);
    // Each thread has its own table.
    if threads * tt_mb > MAX_TABLES_MB {
        return Err(format!(
            "--threads {threads} x --tt {tt_mb} MB is more than {MAX_TABLES_MB} MB of tables"
        ));
    }
    let budget = match (a.depth, a.time) {
        (Some(_), Some(_)) => return Err("give --depth or --time, not both".into()),
        (_, Some(ms)) => Budget::Time(ms),
        (d, None) => Budget::Depth(d.unwrap_or(DEFAULT_DEPTH)),
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
        let mut room = room::Room::new(a.max_entries, "--positions, --width or --margin");
        let (_, reached) = dropout::grow(&mut builder, &g, &d, &mut room)?;
        say!("cost reached {reached}");
    } else {
        let openings = opening_lists::distinct(Position::start(variant), OPENING_PLY).len();
        let most = room::most_entries(plies, opening_plies, openings, width);
        if most > a.max_entries as u128 {
            eprintln!(
                "--plies {plies}, --opening-plies {opening_plies} and --width {width} allow more \
                 than {} entries, the most the book may hold: the build stops as soon as it \
                 would pass them",
                a.max_entries
            );
        }
        let options = "--plies, --opening-plies, --width or --margin";
        let mut room = room::Room::new(a.max_entries, options);
        layers::grow(&mut builder, &g, plies, opening_plies, &mut room)?;
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

/// The positions of a book nearest the start that fit in B bytes, for the browser
///
/// Breadth first along the book moves: a position is kept with every move of it.
#[derive(Args)]
pub struct SubsetArgs {
    /// The book read (required)
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
    /// The most bytes the subset takes, 64-4194304 (required)
    #[arg(long, value_name = "B", value_parser = within(64..=MAX_SUBSET_BYTES))]
    bytes: Option<usize>,
    /// The book file written (required)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

/// `dama book subset`: the positions of a book nearest the start that fit in `--bytes`.
fn subset_cmd(a: SubsetArgs) -> Result<(), String> {
    let path = a.book.as_deref().ok_or("--book FILE is needed")?;
    let out = a.out.as_deref().ok_or("--out FILE is needed")?;
    let max = a.bytes.ok_or("--bytes B is needed")?;
    let book = read_file(path, Book::read_from)?;
    let small = subset::subset(&book, max)?;
    write_book(&small, out)
}

/// Each shipped opening with its best book move, its score and the side it is lost for
///
/// The output is itself an openings list: the verdicts are comments.
#[derive(Args)]
pub struct OpeningsArgs {
    #[command(flatten)]
    book: BookArg,
    /// An opening is lost for a side when its best move scores CP or worse for it, 1-30000
    #[arg(long, value_name = "CP", value_parser = within(1..=30_000))]
    #[arg(default_value_t = DEFAULT_LOST)]
    lost: i32,
}

/// `dama book openings`: each shipped opening with its best book move, its score and the side
/// it is lost for; the output is itself an openings list (the verdicts are comments).
fn openings_cmd(a: OpeningsArgs) -> Result<(), String> {
    let book = a.book.open()?;
    let lost = a.lost;
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

/// The book a command reads: a file, or the game's shipped one.
#[derive(Args)]
pub struct BookArg {
    /// A book file, which says its game (default: the game's shipped book)
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
    /// The game: italian (the default) or brazilian (also 22 and 26); a book file must be of
    /// it
    #[arg(long, value_name = "GAME")]
    variant: Option<Variant>,
}

impl BookArg {
    /// The book `--book` names, else the shipped one of `--variant`; a book file says its
    /// game, and `--variant`, if given, must agree.
    fn open(&self) -> Result<std::borrow::Cow<'static, Book>, String> {
        let asked = self.variant.unwrap_or(Variant::Italian);
        let book = match &self.book {
            Some(path) => std::borrow::Cow::Owned(read_file(path, Book::read_from)?),
            None => std::borrow::Cow::Borrowed(Book::shipped(asked)),
        };
        if self.variant.is_some() && asked != book.variant() {
            return Err(format!(
                "--book: a book of {}, not of {}",
                book.variant().name(),
                asked.name()
            ));
        }
        Ok(book)
    }
}

/// The book moves of a position, with their scores
#[derive(Args)]
pub struct ProbeArgs {
    #[command(flatten)]
    book: BookArg,
    #[command(flatten)]
    fen: FenArg,
}

fn probe(a: ProbeArgs) -> Result<(), String> {
    let book = a.book.open()?;
    let pos = a.fen.position(book.variant())?;
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
