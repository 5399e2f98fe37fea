//! `dama match`: two engine settings play each other from a list of openings, each opening
//! once with each colour, and the result is summed up as wins, draws and losses for A, a score
//! and an Elo difference.
//!
//! Settings (`--a`, `--b`): `full` (every search feature, the tuned evaluation), `plain`
//! (`Features::PLAIN` and `Weights::material_only()`: plain alpha-beta with quiescence),
//! `level=N` (the playing level N of `dama::level`, which picks among near-best moves at random
//! with a seed derived from `--seed` and the game number, so a run by depth or nodes can be
//! repeated exactly). Each side has its own engine and table; tables are cleared before each
//! game.
//!
//! A game ends by the rules as `dama::Game` applies them (no move left, threefold repetition,
//! 80 plies of king moves without a capture) or is adjudicated a draw after `--max-plies`
//! plies (300 by default), counted apart.
//!
//! The Elo estimate uses the logistic model: with score s (wins plus half the draws, over the
//! games), Elo = -400 log10(1/s - 1). The 95% margin comes from the standard error of the mean
//! per-game score (each game scoring 1, 1/2 or 0, so draws narrow it), s +- 1.96 se, mapped
//! through the same formula; the interval's ends are printed, and half its width as the margin
//! (near a 0% or 100% score the far end, and so the margin, is infinite). Games
//! in a pair from the same opening are treated as independent, which slightly overstates the
//! margin when openings are unbalanced.

use crate::args::Args;
use crate::openings;
use dama::eval::Weights;
use dama::level;
use dama::search::{Engine, Features, Limits, SearchResult};
use dama::{notation, Color, Game, Outcome, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Instant;

const SHIPPED_OPENINGS: &str = include_str!("../data/openings.txt");

pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(
        args,
        &[
            "a",
            "b",
            "time",
            "nodes",
            "depth",
            "openings",
            "games",
            "threads",
            "max-plies",
            "tt",
            "seed",
            "pdn",
        ],
        &[],
    )?;
    let spec_a = a.get("a").unwrap_or("full");
    let spec_b = a.get("b").unwrap_or("plain");
    let player_a = Player::parse(spec_a)?;
    let player_b = Player::parse(spec_b)?;
    let budget = match (a.get("time"), a.get("nodes"), a.get("depth")) {
        (_, None, None) => {
            let ms: f64 = a.number("time", 100.0)?;
            if !(ms.is_finite() && ms > 0.0) {
                return Err("--time must be a positive number of milliseconds".into());
            }
            Budget::Time(ms)
        }
        (None, Some(_), None) => Budget::Nodes(a.number("nodes", 0u64)?.max(1)),
        (None, None, Some(_)) => Budget::Depth(a.number("depth", 0u32)?.clamp(1, 100)),
        _ => return Err("give one of --time, --nodes and --depth".into()),
    };
    let text = match a.get("openings") {
        Some(f) => std::fs::read_to_string(f).map_err(|e| format!("cannot read {f}: {e}"))?,
        None => SHIPPED_OPENINGS.to_string(),
    };
    let all = openings::parse_list(&text)?;
    let games: usize = a.number("games", 2 * all.len())?;
    if games == 0 {
        return Err("--games must be 1 or more".into());
    }
    let threads: usize = a.number("threads", 1)?;
    if !(1..=64).contains(&threads) {
        return Err("--threads must be 1-64".into());
    }
    let max_plies: usize = a.number("max-plies", 300)?;
    let tt: usize = a.number("tt", 32)?;
    if !(1..=1024).contains(&tt) {
        return Err("--tt must be 1-1024 (MB)".into());
    }
    let seed: u64 = a.number("seed", 1)?;

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
    let setup = Arc::new(Setup {
        a: player_a,
        b: player_b,
        budget,
        max_plies,
        tt,
        seed,
        plan,
    });

    println!(
        "A = {spec_a}, B = {spec_b}; {games} games from {} openings ({} in the list), {}, \
         {threads} thread(s), draw adjudicated after {max_plies} plies",
        chosen.len(),
        all.len(),
        budget.describe()
    );
    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel();
    let mut workers = Vec::new();
    for _ in 0..threads {
        let (setup, next, tx) = (setup.clone(), next.clone(), tx.clone());
        workers.push(thread::spawn(move || worker(&setup, &next, &tx)));
    }
    drop(tx);

    let mut tally = Tally::default();
    let mut records = Vec::new();
    for rec in rx {
        println!("{}", rec.line());
        if let Some(p) = &rec.problem {
            println!("  PROBLEM: {p}");
            println!(
                "  reproduce: opening {:?} moves {}",
                rec.opening_fen,
                rec.moves.join(" ")
            );
        }
        tally.add(&rec);
        records.push(rec);
    }
    for w in workers {
        w.join().map_err(|_| "a match thread failed".to_string())?;
    }
    records.sort_by_key(|r| r.number);
    if let Some(path) = a.get("pdn") {
        write_pdn(path, &records, spec_a, spec_b)?;
    }
    tally.print(spec_a, spec_b, budget, started.elapsed().as_secs_f64());
    Ok(())
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
enum Player {
    Full,
    Plain,
    Level(u8),
}

impl Player {
    fn parse(s: &str) -> Result<Player, String> {
        match s {
            "full" => Ok(Player::Full),
            "plain" => Ok(Player::Plain),
            _ => match s.strip_prefix("level=").map(str::parse::<u8>) {
                Some(Ok(l)) if (1..=10).contains(&l) => Ok(Player::Level(l)),
                _ => Err(format!(
                    "unknown engine setting {s:?}: use full, plain or level=1..10"
                )),
            },
        }
    }

    fn engine(self, tt: usize) -> Engine {
        let mut e = Engine::new(tt);
        if self == Player::Plain {
            e.set_features(Features::PLAIN);
            e.set_weights(Weights::material_only());
        }
        e
    }
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
}

struct Pairing {
    number: usize,
    opening: Position,
    opening_index: usize,
    a_white: bool,
}

struct Setup {
    a: Player,
    b: Player,
    budget: Budget,
    max_plies: usize,
    tt: usize,
    seed: u64,
    plan: Vec<Pairing>,
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
    /// `no-moves`, `repetition`, `king-moves`, `adjudicated`, or `forfeit` (a failure).
    reason: &'static str,
    plies: usize,
    moves: Vec<String>,
    pdn_result: &'static str,
    /// The longest think of A and of B.
    longest: [Think; 2],
    /// Moves of A and of B, and how many overran the time limit (by 10% and 5 ms): on the
    /// wall clock, and after taking out the time the thread waited for a CPU.
    moves_made: [u32; 2],
    overruns: [u32; 2],
    overruns_running: [u32; 2],
    problem: Option<String>,
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
}

fn worker(setup: &Setup, next: &AtomicUsize, tx: &mpsc::Sender<Record>) {
    // Engines are built here: they stay on this thread.
    let mut engines = [setup.a.engine(setup.tt), setup.b.engine(setup.tt)];
    loop {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(p) = setup.plan.get(i) else {
            return;
        };
        let rec = play_game(setup, p, &mut engines);
        if tx.send(rec).is_err() {
            return;
        }
    }
}

fn choose(
    player: Player,
    engine: &mut Engine,
    game: &Game,
    budget: Budget,
    seed: u64,
) -> SearchResult {
    match player {
        Player::Level(l) => {
            // A level keeps its own depth and node budget; only a time limit applies on top.
            let ms = match budget {
                Budget::Time(ms) => ms,
                _ => 1e12,
            };
            level::play(engine, game, l, ms, seed)
        }
        _ => engine.search(game, &budget.limits(), &mut |_| {}),
    }
}

fn play_game(setup: &Setup, p: &Pairing, engines: &mut [Engine; 2]) -> Record {
    for e in engines.iter_mut() {
        e.clear();
    }
    let mut game = Game::from_position(p.opening);
    let mut longest = [Think::default(), Think::default()];
    let mut moves_made = [0u32; 2];
    let mut overruns = [0u32; 2];
    let mut overruns_running = [0u32; 2];
    let a_color = if p.a_white {
        Color::White
    } else {
        Color::Black
    };
    let seed = setup.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ p.number as u64;
    let (score, reason, pdn_result, problem) = loop {
        if let Some(r) = game.result() {
            let score = match r.outcome {
                Outcome::Draw => Score::Draw,
                Outcome::Win(c) if c == a_color => Score::Win,
                Outcome::Win(_) => Score::Loss,
            };
            break (score, r.reason.id(), r.pdn(), None);
        }
        if game.ply() >= setup.max_plies {
            break (Score::Draw, "adjudicated", "1/2-1/2", None);
        }
        let a_moves = game.turn() == a_color;
        let side = usize::from(!a_moves);
        let player = if a_moves { setup.a } else { setup.b };
        let wait_before = waiting_ms();
        let t = Instant::now();
        let r = choose(player, &mut engines[side], &game, setup.budget, seed);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let waited = match (wait_before, waiting_ms()) {
            (Some(a), Some(b)) => (b - a).max(0.0),
            _ => 0.0,
        };
        moves_made[side] += 1;
        if let Budget::Time(limit) = setup.budget {
            let over = limit * 1.1 + 5.0;
            overruns[side] += (ms > over) as u32;
            overruns_running[side] += (ms - waited > over) as u32;
        }
        if ms > longest[side].ms {
            longest[side] = Think {
                ms,
                waited,
                fen: game.position().to_fen(),
                game: p.number,
                ply: game.ply(),
            };
        }
        // A failure forfeits the game, so it shows in the score as well as in the report.
        let name = if a_moves { "A" } else { "B" };
        let problem = match r.best {
            None => format!("{name} returned no move in {}", game.position().to_fen()),
            Some(m) => match game.play(&m) {
                Ok(()) => continue,
                Err(e) => format!(
                    "{name} played the illegal move {} in {}: {e}",
                    notation::full_text(&m),
                    game.position().to_fen()
                ),
            },
        };
        let loser_white = game.turn() == Color::White;
        let score = if a_moves { Score::Loss } else { Score::Win };
        break (
            score,
            "forfeit",
            if loser_white { "0-1" } else { "1-0" },
            Some(problem),
        );
    };
    Record {
        number: p.number,
        opening_index: p.opening_index,
        opening_fen: p.opening.to_fen(),
        a_white: p.a_white,
        score,
        reason,
        plies: game.ply(),
        moves: game.move_texts(),
        pdn_result,
        longest,
        moves_made,
        overruns,
        overruns_running,
        problem,
    }
}

/// Milliseconds this thread has waited to run since it started (Linux's schedstat), so a
/// long think on a busy machine can be told from a search that overran its limit.
fn waiting_ms() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(ns / 1e6)
}

/// A think, kept to report the longest.
#[derive(Clone, Default)]
struct Think {
    ms: f64,
    /// Of which waiting for a CPU (when the system tells).
    waited: f64,
    fen: String,
    game: usize,
    ply: usize,
}

#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    /// A's wins, draws and losses with White.
    as_white: [u32; 3],
    reasons: Vec<(&'static str, u32)>,
    plies: usize,
    longest: [Think; 2],
    moves_made: [u32; 2],
    overruns: [u32; 2],
    overruns_running: [u32; 2],
    problems: u32,
}

impl Tally {
    fn add(&mut self, r: &Record) {
        let k = match r.score {
            Score::Win => {
                self.wins += 1;
                0
            }
            Score::Draw => {
                self.draws += 1;
                1
            }
            Score::Loss => {
                self.losses += 1;
                2
            }
        };
        if r.a_white {
            self.as_white[k] += 1;
        }
        match self.reasons.iter_mut().find(|(n, _)| *n == r.reason) {
            Some((_, c)) => *c += 1,
            None => self.reasons.push((r.reason, 1)),
        }
        self.plies += r.plies;
        for side in 0..2 {
            if r.longest[side].ms > self.longest[side].ms {
                self.longest[side] = r.longest[side].clone();
            }
            self.moves_made[side] += r.moves_made[side];
            self.overruns[side] += r.overruns[side];
            self.overruns_running[side] += r.overruns_running[side];
        }
        self.problems += r.problem.is_some() as u32;
    }

    fn print(&self, spec_a: &str, spec_b: &str, budget: Budget, secs: f64) {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            println!("no games played");
            return;
        }
        let (elo, lo, hi) = elo(self.wins, self.draws, self.losses);
        let s = (self.wins as f64 + self.draws as f64 / 2.0) / n as f64;
        println!();
        println!(
            "A = {spec_a}, B = {spec_b}, {n} games, {}",
            budget.describe()
        );
        println!(
            "A: +{} ={} -{}  score {:.1}%  Elo {} ± {} (95% interval {} to {}; logistic, \
             per-game standard error)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * s,
            fmt_elo(elo),
            fmt_margin((hi - lo) / 2.0),
            fmt_elo(lo),
            fmt_elo(hi)
        );
        println!(
            "A with White: +{} ={} -{}; with Black: +{} ={} -{}",
            self.as_white[0],
            self.as_white[1],
            self.as_white[2],
            self.wins - self.as_white[0],
            self.draws - self.as_white[1],
            self.losses - self.as_white[2]
        );
        let reasons: Vec<String> = self
            .reasons
            .iter()
            .map(|(r, c)| format!("{r} {c}"))
            .collect();
        println!("endings: {}", reasons.join(", "));
        println!(
            "average {:.1} plies a game; {:.1} s in all",
            self.plies as f64 / n as f64,
            secs
        );
        for (side, name) in ["A", "B"].iter().enumerate() {
            let t = &self.longest[side];
            let over = if let Budget::Time(ms) = budget {
                format!(
                    "; {} of {} moves over {:.0} ms, {} without the waits",
                    self.overruns[side],
                    self.moves_made[side],
                    ms * 1.1 + 5.0,
                    self.overruns_running[side]
                )
            } else {
                String::new()
            };
            println!(
                "{name}: longest move {:.1} ms, {:.1} ms of it waiting for a CPU (game {}, ply {}, \
                 {}){over}",
                t.ms, t.waited, t.game, t.ply, t.fen
            );
        }
        if self.problems > 0 {
            println!("PROBLEMS: {} game(s) forfeited, see above", self.problems);
        }
    }
}

/// The Elo difference and the ends of its 95% interval (see the module notes); infinite at a
/// 0% or 100% score, where the logistic model has no finite answer.
fn elo(wins: u32, draws: u32, losses: u32) -> (f64, f64, f64) {
    let n = (wins + draws + losses) as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |x: f64| -400.0 * (1.0 / x - 1.0).log10();
    if s <= 0.0 || s >= 1.0 {
        return (to_elo(s), f64::NEG_INFINITY, f64::INFINITY);
    }
    let lo = to_elo((s - 1.96 * se).max(0.0));
    let hi = to_elo((s + 1.96 * se).min(1.0));
    (to_elo(s), lo, hi)
}

fn fmt_elo(e: f64) -> String {
    if e.is_finite() {
        format!("{e:+.0}")
    } else if e > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn fmt_margin(m: f64) -> String {
    if m.is_finite() {
        format!("{m:.0}")
    } else {
        "inf".into()
    }
}

fn write_pdn(path: &str, records: &[Record], spec_a: &str, spec_b: &str) -> Result<(), String> {
    let mut out = String::new();
    for r in records {
        let mut game = Game::from_fen(&r.opening_fen).map_err(|e| e.to_string())?;
        for m in &r.moves {
            game.play_text(m).map_err(|e| e.to_string())?;
        }
        let (white, black) = if r.a_white {
            (spec_a, spec_b)
        } else {
            (spec_b, spec_a)
        };
        let tags = vec![
            ("Event".to_string(), "dama match".to_string()),
            ("Round".to_string(), r.number.to_string()),
            ("White".to_string(), white.to_string()),
            ("Black".to_string(), black.to_string()),
            ("Result".to_string(), r.pdn_result.to_string()),
        ];
        out.push_str(&game.to_pdn(&tags));
        out.push('\n');
    }
    std::fs::write(path, out).map_err(|e| format!("cannot write {path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_formula() {
        let (e, lo, hi) = elo(50, 0, 50);
        assert!(e.abs() < 1e-9);
        assert!(
            (hi - 69.0).abs() < 1.0 && (lo + 69.0).abs() < 1.0,
            "{lo} {hi}"
        );
        let (e, _, _) = elo(75, 0, 25);
        assert!((e - 190.85).abs() < 0.1, "{e}");
        // Draws narrow the interval at the same score.
        let (_, lo, hi) = elo(0, 100, 0);
        assert!(lo.abs() < 1e-9 && hi.abs() < 1e-9);
        let (e, lo, hi) = elo(10, 0, 0);
        assert!(e.is_infinite() && hi.is_infinite() && lo.is_infinite());
        // Near 100% the upper end runs off to infinity but the lower end stays finite.
        let (e, lo, hi) = elo(197, 3, 0);
        assert!(
            e.is_finite() && lo.is_finite() && hi.is_infinite(),
            "{e} {lo} {hi}"
        );
    }

    #[test]
    fn specs() {
        assert_eq!(Player::parse("full"), Ok(Player::Full));
        assert_eq!(Player::parse("level=5"), Ok(Player::Level(5)));
        assert!(Player::parse("level=11").is_err());
        assert!(Player::parse("fast").is_err());
    }

    #[test]
    fn openings_spread() {
        let all = vec![Position::start(); 10];
        let picked = pick_openings(&all, 3);
        let idx: Vec<usize> = picked.iter().map(|p| p.1).collect();
        assert_eq!(idx, vec![1, 4, 7]);
        assert_eq!(pick_openings(&all, 20).len(), 10);
    }
}
