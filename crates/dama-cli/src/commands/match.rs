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
//! The referee: a game ends by the rules as `dama::Game` applies them (no move left, threefold
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
//! (NaN and the infinities too), an `--openings` file is read only up to [`OPENINGS_BYTES`],
//! a game lasts at most twice `--max-plies` plies, what is kept of a Hub engine's output is
//! bounded ([`hub_client`]), and the PDN is written a game at a time ([`PdnOut`]) instead of
//! keeping every game to the end.

mod elo;
mod hub_client;
mod seat;
mod tally;

use crate::opening_lists;
use crate::options::{within, GameArg};
use clap::Args;
use dama::engine::egtb::Wdl;
use dama::engine::search::{Limits, MAX_THREADS};
use dama::{rules::fen, rules::notation, Color, Game, Outcome, Position, Variant};
use hub_client::Size;
use seat::{Forfeit, Player, Seat};
use std::collections::BTreeMap;
use std::io::{BufWriter, Read, Write};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};
use tally::{SideStats, Tally, Think};

/// The ranges of the numeric options.
const GAMES: RangeInclusive<usize> = 1..=100_000;
const TIME_MS: RangeInclusive<f64> = 1.0..=3_600_000.0;
const NODES: RangeInclusive<u64> = 1..=1_000_000_000_000;
/// The deepest search the engine runs.
const DEPTH: RangeInclusive<u32> = 1..=dama::engine::search::MAX_PLY as u32 - 8;
const THREADS: RangeInclusive<usize> = 1..=64;
/// Games of up to twice this many plies, whose move list a Hub engine is sent each move.
const MAX_PLIES: RangeInclusive<usize> = 1..=2_000;
const TT_MB: RangeInclusive<usize> = 1..=1024;
const TIMEOUT_MS: RangeInclusive<f64> = 1.0..=86_400_000.0;
/// The largest `--openings` file, its longest line and the most openings in it.
const OPENINGS_BYTES: u64 = 1 << 20;
const OPENINGS_LINE: usize = 1000;
const OPENINGS_MAX: usize = 10_000;

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
    /// The same for engine B
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
    let (setup, threads, mut pdn) = read_setup(args)?;
    let [spec_a, spec_b] = [setup.specs[0].as_str(), setup.specs[1].as_str()];
    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let abort = Arc::new(AtomicBool::new(false));
    // Finished games wait for the printing here, a few at most.
    let (tx, rx) = mpsc::sync_channel(threads);
    let mut workers = Vec::new();
    for _ in 0..threads {
        let (setup, next, abort, tx) = (setup.clone(), next.clone(), abort.clone(), tx.clone());
        workers.push(thread::spawn(move || {
            if let Err(e) = worker(&setup, &next, &abort, &tx) {
                // The other threads stop after their current game.
                abort.store(true, Ordering::SeqCst);
                let _ = tx.send(Err(e));
            }
        }));
    }
    drop(tx);

    let mut tally = Tally::default();
    if setup.tables.is_some() {
        tally.watch_tables();
    }
    let mut fatal = None;
    for msg in rx {
        let rec = match msg {
            Ok(rec) => rec,
            Err(e) => {
                fatal.get_or_insert(e);
                continue;
            }
        };
        report(&rec);
        tally.add(&rec);
        if let Some(out) = pdn.as_mut() {
            out.add(rec.number, game_pdn(setup.variant, &rec, &setup.specs));
        }
    }
    for w in workers {
        w.join().map_err(|_| "a match thread failed".to_string())?;
    }
    // The games played are saved even when the match stopped.
    let saved = pdn.map_or(Ok(()), PdnOut::finish);
    if let Some(e) = fatal {
        return Err(format!("match stopped: {e}"));
    }
    saved?;
    tally.print(
        [spec_a, spec_b],
        setup.budget,
        started.elapsed().as_secs_f64(),
    );
    Ok(())
}

/// The match the options describe, checked and announced: its setup, the threads to play it
/// on and the PDN file its games go to.
fn read_setup(a: MatchArgs) -> Result<(Arc<Setup>, usize, Option<PdnOut>), String> {
    let variant = a.game.variant;
    let tables = match &a.egtb {
        Some(dir) => {
            let t = dama::engine::egtb::Tables::from_dir(dir)
                .map_err(|e| format!("--egtb {dir}: {e}"))?;
            if t.variant() != variant {
                return Err(format!(
                    "--egtb {dir}: the tables are of {}, the match is {}",
                    t.variant().name(),
                    variant.name()
                ));
            }
            Some(Arc::new(t))
        }
        None => None,
    };
    if a.adjudicate && tables.is_none() {
        return Err("--adjudicate needs --egtb DIR".into());
    }
    let pdn = a.pdn.as_deref().map(PdnOut::create).transpose()?;
    let (spec_a, spec_b) = (a.a.as_str(), a.b.as_str());
    let player_a = Player::parse(spec_a, variant)?;
    let player_b = Player::parse(spec_b, variant)?;
    let budget = match (a.time, a.nodes, a.depth) {
        (ms, None, None) => Budget::Time(ms.unwrap_or(100.0)),
        (None, Some(n), None) => Budget::Nodes(n),
        (None, None, Some(d)) => Budget::Depth(d),
        _ => return Err("give one of --time, --nodes and --depth".into()),
    };
    let default_timeout = match budget {
        Budget::Time(ms) => 3.0 * ms + 1000.0,
        _ => 60_000.0,
    };
    let timeout_ms = a.timeout_ms.unwrap_or(default_timeout);
    let all = match &a.openings {
        Some(f) => read_openings(f, variant).map_err(|e| format!("--openings {f}: {e}"))?,
        None => opening_lists::parse_list(variant, opening_lists::shipped(variant))?,
    };
    let games = a.games.unwrap_or(2 * all.len());
    let (threads, max_plies, seed) = (a.threads, a.max_plies, a.seed);
    let sizes = [
        Size {
            tt_mb: a.tt,
            threads: a.a_threads,
        },
        Size {
            tt_mb: a.tt,
            threads: a.b_threads,
        },
    ];

    let chosen = pick_openings(&all, games.div_ceil(2));
    let plan: Vec<Pairing> = (0..games)
        .map(|g| Pairing {
            number: g + 1,
            // More games than two per opening go round the list again.
            opening: chosen[(g / 2) % chosen.len()].0,
            opening_index: chosen[(g / 2) % chosen.len()].1,
            a_white: g % 2 == 0,
        })
        .collect();
    let on = |t: usize| match t {
        1 => String::new(),
        t => format!(" on {t} threads"),
    };
    say!(
        "A = {spec_a}{}, B = {spec_b}{}; {}; {games} games from {} openings ({} in the list), {}, \
         {threads} game(s) at once, draw adjudicated after {max_plies} plies",
        on(sizes[0].threads),
        on(sizes[1].threads),
        variant.name(),
        chosen.len(),
        all.len(),
        budget.describe()
    );
    let setup = Arc::new(Setup {
        variant,
        players: [player_a, player_b],
        specs: [spec_a.to_string(), spec_b.to_string()],
        budget,
        max_plies,
        sizes,
        seed,
        timeout: Duration::from_secs_f64(timeout_ms / 1000.0),
        plan,
        tables,
        adjudicate: a.adjudicate,
    });
    Ok((setup, threads, pdn))
}

/// A finished game's line, and what went wrong in it or was missed.
fn report(rec: &Record) {
    say!("{}", rec.line());
    if let Some(p) = &rec.problem {
        say!("  PROBLEM: {p}");
        say!(
            "  reproduce: opening {:?} moves {}",
            rec.opening_fen,
            rec.moves.join(" ")
        );
    }
    for (side, name) in ["A", "B"].iter().enumerate() {
        let won = match rec.score {
            Score::Win => side == 0,
            Score::Loss => side == 1,
            Score::Draw => false,
        };
        if let (Some(ply), false) = (rec.table_win[side], won) {
            say!("  NOTE: {name} stood won in the endgame tables from ply {ply} and did not win");
        }
    }
}

/// The openings of an `--openings` file, read only up to [`OPENINGS_BYTES`]: a larger file is
/// refused from its size before reading, and one whose size is not known (a pipe, a device)
/// when its reading passes the bound.
fn read_openings(path: &str, variant: Variant) -> Result<Vec<Position>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read it: {e}"))?;
    let too_big = || format!("over {} MiB", OPENINGS_BYTES >> 20);
    if file.metadata().is_ok_and(|m| m.len() > OPENINGS_BYTES) {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(OPENINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read it: {e}"))?;
    if bytes.len() as u64 > OPENINGS_BYTES {
        return Err(too_big());
    }
    let text = String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
    if let Some(i) = text.lines().position(|l| l.len() > OPENINGS_LINE) {
        return Err(format!("line {} is over {OPENINGS_LINE} bytes", i + 1));
    }
    let all = opening_lists::parse_list(variant, &text)?;
    if all.len() > OPENINGS_MAX {
        return Err(format!("more than {OPENINGS_MAX} openings"));
    }
    Ok(all)
}

/// Takes `n` openings spread evenly over the list (all of them, in order, when `n` covers
/// it), so a short match still samples every kind of first move.
fn pick_openings(all: &[Position], n: usize) -> Vec<(Position, usize)> {
    if n >= all.len() {
        return all.iter().copied().zip(1..).collect();
    }
    (0..n)
        .map(|i| {
            let k = i * all.len() / n;
            (all[k], k + 1)
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Budget {
    Time(f64),
    Nodes(u64),
    Depth(u32),
}

impl Budget {
    fn describe(self) -> String {
        match self {
            Budget::Time(ms) => format!("{ms} ms a move"),
            Budget::Nodes(n) => format!("{n} nodes a move"),
            Budget::Depth(d) => format!("depth {d} a move"),
        }
    }

    fn limits(self) -> Limits {
        match self {
            Budget::Time(ms) => Limits::time(ms),
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Depth(d) => Limits::depth(d),
        }
    }

    /// The arguments of the Hub `level` command for this budget.
    fn hub_level(self) -> String {
        match self {
            Budget::Time(ms) => format!("move-time={}", ms / 1000.0),
            Budget::Nodes(n) => format!("nodes={n}"),
            Budget::Depth(d) => format!("depth={d}"),
        }
    }
}

struct Pairing {
    number: usize,
    opening: Position,
    opening_index: usize,
    a_white: bool,
}

struct Setup {
    /// The game played.
    variant: Variant,
    /// A and B.
    players: [Player; 2],
    specs: [String; 2],
    budget: Budget,
    max_plies: usize,
    /// A's and B's table and threads.
    sizes: [Size; 2],
    seed: u64,
    /// How long a Hub engine may take over a move.
    timeout: Duration,
    plan: Vec<Pairing>,
    /// Endgame tables the referee watches the games with.
    tables: Option<Arc<dama::engine::egtb::Tables>>,
    /// End games at their first table position.
    adjudicate: bool,
}

/// How a game ended, from A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
}

struct Record {
    number: usize,
    opening_index: usize,
    opening_fen: String,
    a_white: bool,
    score: Score,
    /// `no-moves`, `repetition`, `king-moves`, `adjudicated`, or a forfeit: `illegal-move`,
    /// `no-move`, `crash`, `time-out`, `engine-error`, `protocol`, `flood`.
    reason: &'static str,
    plies: usize,
    moves: Vec<String>,
    pdn_result: &'static str,
    /// What the engines of A and B call themselves, when they said.
    names: [Option<String>; 2],
    /// What A's and B's moves cost.
    sides: [SideStats; 2],
    /// A forfeit, in words.
    problem: Option<String>,
    /// For A and B, the first ply at which that side stood won in the endgame tables.
    table_win: [Option<usize>; 2],
}

impl Record {
    fn line(&self) -> String {
        let (white, black) = if self.a_white { ("A", "B") } else { ("B", "A") };
        let who = match self.score {
            Score::Win => "A wins",
            Score::Draw => "draw",
            Score::Loss => "B wins",
        };
        format!(
            "game {:4}  opening {:3}  {white}-{black}  {:7}  {who:6} ({}, {} plies)",
            self.number, self.opening_index, self.pdn_result, self.reason, self.plies
        )
    }

    /// The PDN `Termination` tag's value for how the game ended.
    fn termination(&self) -> &'static str {
        match self.reason {
            "adjudicated" => "adjudication",
            "time-out" => "time forfeit",
            "crash" => "abandoned",
            "illegal-move" | "no-move" | "engine-error" | "protocol" | "flood" => {
                "rules infraction"
            }
            _ => "normal",
        }
    }
}

type Message = Result<Record, String>;

/// Plays games from the shared plan until it runs out; an engine that cannot be started stops
/// this thread with an error.
fn worker(
    setup: &Setup,
    next: &AtomicUsize,
    abort: &AtomicBool,
    tx: &mpsc::SyncSender<Message>,
) -> Result<(), String> {
    // Engines are built here: they stay on this thread. A Hub engine's process ends when its
    // seat is dropped.
    let mut seats = [
        Seat::new(&setup.players[0], setup.sizes[0], setup.variant)
            .map_err(|e| format!("A: {e}"))?,
        Seat::new(&setup.players[1], setup.sizes[1], setup.variant)
            .map_err(|e| format!("B: {e}"))?,
    ];
    loop {
        if abort.load(Ordering::SeqCst) {
            return Ok(());
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(p) = setup.plan.get(i) else {
            return Ok(());
        };
        let rec = play_game(setup, p, &mut seats)?;
        if tx.send(Ok(rec)).is_err() {
            return Ok(());
        }
    }
}

fn play_game(setup: &Setup, p: &Pairing, seats: &mut [Seat; 2]) -> Result<Record, String> {
    for (seat, name) in seats.iter_mut().zip(["A", "B"]) {
        seat.new_game().map_err(|e| format!("{name}: {e}"))?;
    }
    let v = setup.variant;
    let mut game = Game::from_position(p.opening);
    let mut sides = [SideStats::default(), SideStats::default()];
    let a_color = if p.a_white {
        Color::White
    } else {
        Color::Black
    };
    let seed = setup.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ p.number as u64;
    let mut table_win = [None, None];
    let (score, reason, pdn_result, problem) = loop {
        if let Some(r) = game.result() {
            let score = match r.outcome {
                Outcome::Draw => Score::Draw,
                Outcome::Win(c) if c == a_color => Score::Win,
                Outcome::Win(_) => Score::Loss,
            };
            break (score, r.reason.id(), r.pdn(), None);
        }
        let a_moves = game.turn() == a_color;
        // A game the tables call won is not cut off by --max-plies: its conversion is due,
        // for as many plies again at most, which bounds what a game keeps.
        let mut decided = false;
        if let Some(t) = &setup.tables
            && let Some(probe) = t.probe(game.position())
        {
            let wdl = probe.under_rule(game.king_plies(), t.rule());
            decided = wdl != Wdl::Draw;
            let mover = usize::from(!a_moves);
            match wdl {
                Wdl::Win => {
                    table_win[mover].get_or_insert(game.ply());
                }
                Wdl::Loss => {
                    table_win[1 - mover].get_or_insert(game.ply());
                }
                Wdl::Draw => {}
            }
            if setup.adjudicate {
                let white_wins = (game.turn() == Color::White) == (wdl == Wdl::Win);
                let (score, text) = match wdl {
                    Wdl::Draw => (Score::Draw, "1/2-1/2"),
                    _ if (wdl == Wdl::Win) == a_moves => {
                        (Score::Win, if white_wins { "1-0" } else { "0-1" })
                    }
                    _ => (Score::Loss, if white_wins { "1-0" } else { "0-1" }),
                };
                break (score, "tables", text, None);
            }
        }
        if game.ply() >= setup.max_plies && (!decided || game.ply() >= 2 * setup.max_plies) {
            break (Score::Draw, "adjudicated", "1/2-1/2", None);
        }
        let side = usize::from(!a_moves);
        let chosen = seats[side].choose(&game, setup.budget, seed, setup.timeout);
        // A failure forfeits the game, so it shows in the score as well as in the report.
        let forfeit = match chosen {
            Ok(c) => {
                record_move(&mut sides[side], &c, &game, p.number, setup.budget);
                match game.play(&c.mv) {
                    Ok(()) => continue,
                    Err(e) => Forfeit {
                        reason: "illegal-move",
                        detail: format!(
                            "illegal move {} ({})",
                            notation::full_text(v, &c.mv),
                            match e {
                                dama::PlayError::Illegal(i) => i.to_string(),
                                e => e.to_string(),
                            }
                        ),
                    },
                }
            }
            Err(f) => f,
        };
        let name = if a_moves { "A" } else { "B" };
        let problem = format!(
            "{name} ({}) loses by {}: {} (in {})",
            setup.specs[side],
            forfeit.reason,
            forfeit.detail,
            game.fen()
        );
        let loser_white = game.turn() == Color::White;
        let score = if a_moves { Score::Loss } else { Score::Win };
        break (
            score,
            forfeit.reason,
            if loser_white { "0-1" } else { "1-0" },
            Some(problem),
        );
    };
    Ok(Record {
        number: p.number,
        opening_index: p.opening_index,
        opening_fen: fen::write(&p.opening),
        a_white: p.a_white,
        score,
        reason,
        plies: game.ply(),
        moves: game.move_texts(),
        pdn_result,
        names: [0, 1].map(|s| seats[s].name().map(str::to_string)),
        sides,
        problem,
        table_win,
    })
}

/// Adds a move's cost to its side's statistics.
fn record_move(st: &mut SideStats, c: &seat::Choice, game: &Game, number: usize, budget: Budget) {
    st.moves += 1;
    st.total_ms += c.ms;
    if game.legal_moves().len() > 1 && c.depth.is_some_and(|d| d > 1) {
        st.searched += 1;
        st.searched_ms += c.ms;
    }
    if let Some(d) = c.depth {
        st.depth_sum += d as u64;
        st.depth_count += 1;
    }
    if let Budget::Time(limit) = budget {
        let over = limit * 1.1 + 5.0;
        st.overruns += (c.ms > over) as u32;
        st.overruns_running += (c.ms - c.waited > over) as u32;
    }
    if c.ms > st.longest.ms {
        st.longest = Think {
            ms: c.ms,
            waited: c.waited,
            fen: game.fen(),
            game: number,
            ply: game.ply(),
        };
    }
}

/// The `--pdn` file, written a game at a time in the order of the games, so a match keeps only
/// the games that finished ahead of an earlier one, not every game to the end.
struct PdnOut {
    path: String,
    file: BufWriter<std::fs::File>,
    /// The number of the next game to write.
    next: usize,
    /// Games finished ahead of it, as PDN text.
    waiting: BTreeMap<usize, String>,
    /// The first failure; nothing more is written after it.
    error: Option<String>,
}

impl PdnOut {
    /// Opens the file, refusing one that cannot be written before any game is played:
    /// creating it is not enough, since a full disk (or `/dev/full`) only refuses the first
    /// write.
    fn create(path: &str) -> Result<PdnOut, String> {
        let failed = |e: std::io::Error| format!("cannot write {path}: {e}");
        let mut f = std::fs::File::create(path).map_err(failed)?;
        f.write_all(b"\n")
            .and_then(|()| f.flush())
            .map_err(failed)?;
        // Again, to start it empty.
        let f = std::fs::File::create(path).map_err(failed)?;
        Ok(PdnOut {
            path: path.to_string(),
            file: BufWriter::new(f),
            next: 1,
            waiting: BTreeMap::new(),
            error: None,
        })
    }

    /// Takes game `number`'s PDN, writing it and the games waiting for it when its turn came.
    fn add(&mut self, number: usize, pdn: Result<String, String>) {
        match pdn {
            Ok(text) => {
                self.waiting.insert(number, text);
            }
            Err(e) => {
                self.error
                    .get_or_insert_with(|| format!("game {number} not saved: {e}"));
            }
        }
        while let Some(text) = self.waiting.remove(&self.next) {
            self.write(&text);
            self.next += 1;
        }
    }

    fn write(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = self.file.write_all(text.as_bytes())
        {
            self.error = Some(format!("cannot write {}: {e}", self.path));
        }
    }

    /// Writes the games still waiting (after one that was never played) and says whether
    /// everything was saved.
    fn finish(mut self) -> Result<(), String> {
        for text in std::mem::take(&mut self.waiting).into_values() {
            self.write(&text);
        }
        if let Err(e) = self.file.flush() {
            self.error
                .get_or_insert_with(|| format!("cannot write {}: {e}", self.path));
        }
        self.error.map_or(Ok(()), Err)
    }
}

/// A game as PDN, with the engines' names, how the game ended (`Termination`) and a comment on
/// a forfeit, followed by an empty line.
fn game_pdn(variant: Variant, r: &Record, specs: &[String; 2]) -> Result<String, String> {
    let mut game = Game::from_fen(variant, &r.opening_fen).map_err(|e| e.to_string())?;
    for m in &r.moves {
        game.play_text(m).map_err(|e| e.to_string())?;
    }
    // Not over by the rules: declare the result, so the PDN carries it.
    match (r.pdn_result, game.result().is_none()) {
        ("1/2-1/2", true) => game.agree_draw(),
        ("1-0", true) => game.resign(Color::Black),
        ("0-1", true) => game.resign(Color::White),
        _ => {}
    }
    let label = |side: usize| match &r.names[side] {
        Some(n) => format!("{n} ({})", specs[side]),
        None => specs[side].clone(),
    };
    let (white, black) = if r.a_white {
        (label(0), label(1))
    } else {
        (label(1), label(0))
    };
    let tags = vec![
        ("Event".to_string(), "dama match".to_string()),
        ("Round".to_string(), r.number.to_string()),
        ("White".to_string(), white),
        ("Black".to_string(), black),
        ("Termination".to_string(), r.termination().to_string()),
    ];
    let mut text = game.to_pdn(&tags);
    if let Some(p) = &r.problem {
        // A comment before the result token, which ends the text.
        let result = format!(" {}\n", r.pdn_result);
        let comment: String = p.chars().filter(|c| !matches!(c, '{' | '}')).collect();
        if let Some(body) = text.strip_suffix(&result[1..]) {
            let body = body.strip_suffix(' ').unwrap_or(body);
            let sep = if body.ends_with('\n') { "" } else { "\n" };
            text = format!("{body}{sep}{{{comment}}}{result}");
        }
    }
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_spread() {
        let all = vec![Position::start(Variant::Italian); 10];
        let picked = pick_openings(&all, 3);
        let idx: Vec<usize> = picked.iter().map(|p| p.1).collect();
        assert_eq!(idx, vec![1, 4, 7]);
        assert_eq!(pick_openings(&all, 20).len(), 10);
    }

    #[test]
    fn pdn_games_are_written_in_order_as_soon_as_they_can_be() {
        let path = std::env::temp_dir().join(format!("dama-pdn-out-{}.pdn", std::process::id()));
        let path = path.to_str().unwrap();
        let mut out = PdnOut::create(path).unwrap();
        let read = || std::fs::read_to_string(path).unwrap();
        out.add(2, Ok("two\n".into()));
        out.file.flush().unwrap();
        assert_eq!(read(), "", "game 2 waits for game 1");
        out.add(1, Ok("one\n".into()));
        out.file.flush().unwrap();
        assert_eq!(read(), "one\ntwo\n");
        assert!(out.waiting.is_empty());
        // Game 4 is still saved when game 3 never came (the match stopped).
        out.add(4, Ok("four\n".into()));
        out.finish().unwrap();
        assert_eq!(read(), "one\ntwo\nfour\n");
        let mut out = PdnOut::create(path).unwrap();
        out.add(1, Err("bad move".into()));
        out.add(2, Ok("two\n".into()));
        assert_eq!(out.finish(), Err("game 1 not saved: bad move".into()));
        std::fs::remove_file(path).unwrap();
        assert!(PdnOut::create("/dev/full").is_err());
    }

    #[test]
    fn hub_levels() {
        assert_eq!(Budget::Time(100.0).hub_level(), "move-time=0.1");
        assert_eq!(Budget::Depth(7).hub_level(), "depth=7");
        assert_eq!(Budget::Nodes(5000).hub_level(), "nodes=5000");
    }
}
