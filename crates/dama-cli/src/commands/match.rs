//! `dama match`: two engines play each other from a list of openings, each opening once with
//! each colour, and the result is summed up as wins, draws and losses for A, a score, an Elo
//! difference with its 95% margin ([`elo`]) and the time each side really used per move.
//!
//! Engines (`--a`, `--b`): `full` (every search feature, the tuned evaluation), `plain`
//! (`Features::PLAIN` and `Weights::material_only()`: plain alpha-beta with quiescence),
//! `level=N` (the playing level N of `dama::engine::level`, which picks among near-best moves at random
//! with a seed derived from `--seed` and the game number, so a run by depth or nodes can be
//! repeated exactly), or `hub:PROGRAM [ARG...]`: any program that speaks the Hub protocol
//! ([`hub_client`]), such as a frozen build of `dama` (`hub:/work/frozen/dama`; a program named
//! `dama` with no arguments gets `hub`) or another author's engine (`'hub:/opt/scan/scan hub'`,
//! quoted as one argument). Each match thread has its own engine for each side: a Hub program
//! is started once per thread and side, told `new-game` before each game, and stopped at the
//! end; tables are cleared before each game.
//!
//! `--variant brazilian` plays Brazilian draughts: the openings are that game's
//! (`data/openings-brazilian.txt`, or `--openings FILE` with FENs in its numbering), Hub
//! engines are told `set-param name=variant value=brazilian` (one that does not declare the
//! `variant` parameter, or does not list the game, stops the match), moves are written in
//! algebraic notation and the PDN carries `[GameType "26"]`. `--egtb DIR` must hold the
//! tables of the game played.
//!
//! Every side gets the same budget a move: `--time MS` (`level move-time=` for a Hub engine),
//! `--nodes N` or `--depth N` (`level nodes=` / `level depth=`).
//!
//! The referee ([`referee`]): a game ends by the rules as `dama::Game` applies them (no move left, threefold
//! repetition, 80 plies of king moves without a capture) or is adjudicated a draw after
//! `--max-plies` plies (300 by default), counted apart. A side whose answer is not a legal move
//! of the position (`illegal-move`), whose program dies or closes its pipes (`crash`), answers
//! `error` (`engine-error`), breaks the protocol (`protocol`: a line over 64 KB, `done` without
//! a move), writes more than 100,000 lines or 16 MiB during one move (`flood`) or gives no
//! `done` within `--timeout-ms` (`time-out`; by default 3 times the move time plus 1 s, or 60 s
//! a move under `--depth` and `--nodes`) loses the game. Each forfeit is
//! printed as a PROBLEM line and kept in the PDN (`Termination` tag and a comment), and a Hub
//! engine that forfeits is restarted for its next game. An engine that cannot be started or
//! does not finish the handshake in 10 s stops the match with an error. In-process engines
//! have no time-out: they cannot be stopped from outside.
//!
//! Time used per move is the wall clock of the search for an in-process engine and from `go`
//! to `done` for a Hub engine (so it includes the pipe); the time a thread waited for a CPU is
//! known only for in-process engines (0 for Hub engines).
//!
//! What a match holds is bounded: every numeric option has a range and is refused outside it
//! (NaN and the infinities too), an `--openings` file is read only up to
//! [`openings_file::OPENINGS_BYTES`], a game lasts at most twice `--max-plies` plies, what is
//! kept of a Hub engine's output is bounded ([`hub_client`]), and the PDN is written a game at
//! a time ([`PdnOut`]) instead of keeping every game to the end.
//!
//! The parts: the options here, read into the [`setup`] every game shares ([`budget`], the
//! [`plan`] of games and the [`openings_file`]); the games played on threads ([`schedule`]) by
//! [`seat`]s, refereed ([`referee`]) into [`record`]s, which are printed, summed ([`tally`],
//! [`elo`]) and saved ([`pdn`]).

mod budget;
mod elo;
mod hub_client;
mod openings_file;
mod pdn;
mod plan;
mod record;
mod referee;
mod schedule;
mod seat;
mod setup;
mod tally;

use crate::options::{within, GameArg};
use clap::Args;
use dama::engine::MAX_THREADS;
use pdn::PdnOut;
use std::ops::RangeInclusive;
use std::time::Instant;
use tally::Tally;

/// The ranges of the numeric options.
const GAMES: RangeInclusive<usize> = 1..=100_000;
const TIME_MS: RangeInclusive<f64> = 1.0..=3_600_000.0;
const NODES: RangeInclusive<u64> = 1..=1_000_000_000_000;
/// The deepest search the engine runs.
const DEPTH: RangeInclusive<u32> = 1..=dama::engine::MAX_PLY as u32 - 8;
const THREADS: RangeInclusive<usize> = 1..=64;
/// Games of up to twice this many plies, whose move list a Hub engine is sent each move.
const MAX_PLIES: RangeInclusive<usize> = 1..=2_000;
const TT_MB: RangeInclusive<usize> = 1..=1024;
const TIMEOUT_MS: RangeInclusive<f64> = 1.0..=86_400_000.0;

/// Play two engines against each other from each opening with both colours
///
/// The result is given for A as +W =D -L, score and Elo with its 95% margin, with the time each
/// side used per move. Every side gets the same budget a move: --time, --nodes or --depth. The
/// game is played from its own openings, with its notation in the PDN (GameType 26 for
/// brazilian), and Hub engines are told it (set-param name=variant). An illegal move, a crash,
/// an error, a time-out or more than 100000 lines or 16 MiB of output during one move loses the
/// game and is logged.
#[derive(Args)]
pub struct MatchArgs {
    /// Engine A, a SPEC:
    ///   full                  this build at full strength
    ///   plain                 plain alpha-beta, material-only evaluation
    ///   level=N               playing level 1-10 of this build
    ///   eval=E                this build at full strength with another evaluation: classic,
    ///                         regions, or a weights or network file of the game
    ///   hub:PROGRAM [ARG...]  a program speaking the Hub protocol, split on spaces and quoted
    ///                         as one argument: --a hub:/work/frozen/dama,
    ///                         --b 'hub:/opt/scan hub' (a program named dama with no
    ///                         arguments is run as `dama hub`)
    #[arg(
        long,
        value_name = "SPEC",
        default_value = "full",
        verbatim_doc_comment
    )]
    a: String,
    /// Engine B, a SPEC as for --a
    #[arg(long, value_name = "SPEC", default_value = "plain")]
    b: String,
    #[command(flatten)]
    game: GameArg,
    /// Milliseconds a move, 1-3600000 (default: 100 unless --nodes or --depth is given)
    #[arg(long, value_name = "MS", value_parser = within(TIME_MS))]
    time: Option<f64>,
    /// Nodes a move instead, 1-1000000000000
    #[arg(long, value_name = "N", value_parser = within(NODES))]
    nodes: Option<u64>,
    /// Depth a move instead, 1-120
    #[arg(long, value_name = "N", value_parser = within(DEPTH))]
    depth: Option<u32>,
    /// One FEN a line, in the game's numbering (default: the game's 216 positions three plies
    /// in); at most 1 MiB, 10000 openings and 1000 bytes a line
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// Games to play, 1-100000 (default: two per opening)
    #[arg(long, value_name = "N", value_parser = within(GAMES))]
    games: Option<usize>,
    /// Games at once, 1-64; one engine per side per thread
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(THREADS))]
    threads: usize,
    /// Adjudicate a draw after N plies, 1-2000 (with --egtb not while the tables say a side
    /// stands won, up to 2N plies)
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = within(MAX_PLIES))]
    max_plies: usize,
    /// The table size of each engine in MB, 1-1024, also sent to Hub engines
    #[arg(long, value_name = "MB", default_value_t = 32, value_parser = within(TT_MB))]
    tt: usize,
    /// Search threads of engine A, 1-256, sent to a Hub engine as its threads parameter (one
    /// that has none can only be given 1); levels below 10 search on one thread whatever N is
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(1..=MAX_THREADS))]
    a_threads: usize,
    /// Search threads of engine B, 1-256, as for --a-threads
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(1..=MAX_THREADS))]
    b_threads: usize,
    /// The seed of the playing levels
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(0..=u64::MAX))]
    seed: u64,
    /// Save the games as PDN
    #[arg(long, value_name = "FILE")]
    pdn: Option<String>,
    /// A Hub engine that gives no move in MS loses the game, 1-86400000 (default: 3 x --time +
    /// 1000, or 60000 with --nodes or --depth)
    #[arg(long, value_name = "MS", value_parser = within(TIMEOUT_MS))]
    timeout_ms: Option<f64>,
    /// Watch the games with the endgame tables in DIR (of the game played): count the games
    /// where a side stood won in the tables and whether it won them
    #[arg(long, value_name = "DIR")]
    egtb: Option<String>,
    /// With --egtb: end a game at its first table position, with the tables' result under the
    /// king-move rule (reason `tables`)
    #[arg(long)]
    adjudicate: bool,
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    let (setup, threads, mut pdn) = setup::read(args)?;
    let started = Instant::now();
    let mut tally = Tally::default();
    if setup.tables.is_some() {
        tally.watch_tables();
    }
    let played = schedule::play(&setup, threads, |rec| {
        rec.report();
        tally.add(&rec);
        if let Some(out) = pdn.as_mut() {
            out.add(rec.number, pdn::game_pdn(setup.variant, &rec, &setup.specs));
        }
    });
    // The games played are saved even when the match stopped.
    let saved = pdn.map_or(Ok(()), PdnOut::finish);
    played?;
    saved?;
    let [spec_a, spec_b] = [setup.specs[0].as_str(), setup.specs[1].as_str()];
    tally.print(
        [spec_a, spec_b],
        setup.budget,
        started.elapsed().as_secs_f64(),
    );
    Ok(())
}
