//! `dama puzzles`: mine puzzles for the page's tactics trainer from self-play, and write them
//! as the JSON data file the page loads (`www/puzzles/italian.json`, docs/PUZZLES.md).
//!
//! Game `k` of a run is a low-level self-play game (levels 1-3 chosen at random each ply, as
//! `examples/mine_tactics.rs` plays them: level material, where random moves would hand one
//! side the game) of 6 to 55 plies, seeded by the run's seed and `k` alone. Its last position
//! is offered to [`dama_cli::puzzle::find`], which searches it afresh. The run takes the puzzles
//! in the order of `k`, skipping a FEN seen before, until it has `--count`: so the file
//! depends on the seed, count and depths, never on `--threads` or on which thread finished
//! first.

use crate::options::{number, within, GameArg};
use clap::Args;
use dama::engine::Engine;
use dama::engine::{level, Rng};
use dama::{Game, Variant};
use dama_cli::puzzle::{self, Puzzle, Reject, Settings};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The games a run may play for each puzzle wanted before it gives up (about one position in
/// a thousand or two is a puzzle).
const GAMES_PER_PUZZLE: u64 = 20_000;
/// The most games a run may be allowed: above the default for the largest count.
const MAX_GAMES: u64 = 1_000_000_000;

/// Mine puzzles for the tactics trainer from self-play and write them as JSON
///
/// Game k of a run is low-level self-play seeded by the seed and k alone; its last position is
/// searched afresh, and the puzzles are taken in the order of k, so the file depends on the
/// seed, count and depths, never on --threads. docs/PUZZLES.md tells the rest.
#[derive(Args)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    game: GameArg,
    /// Puzzles to find, 1-9999
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = within(1..=9999usize))]
    count: usize,
    /// The seed of the games
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// The depth of the deep check, 1-40
    #[arg(long, value_name = "N", value_parser = within(1..=40u32))]
    #[arg(default_value_t = Settings::default().deep_depth)]
    depth: u32,
    /// The depth of the screen every position passes first, 1-30
    #[arg(long, value_name = "N", value_parser = within(1..=30u32))]
    #[arg(default_value_t = Settings::default().screen_depth)]
    screen: u32,
    /// Games at once, 1-64
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = within(1..=64usize))]
    threads: usize,
    /// Games to play at most, 1-1000000000 (default: 20000 a puzzle)
    #[arg(long, value_name = "N", value_parser = within(1..=MAX_GAMES))]
    max_games: Option<u64>,
    /// The file written (default: standard output)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

pub fn run(a: PuzzlesArgs) -> Result<(), String> {
    let (variant, count, seed, threads) = (a.game.variant, a.count, a.seed, a.threads);
    let (depth, screen) = (a.depth, a.screen);
    let max_games = a.max_games.unwrap_or(count as u64 * GAMES_PER_PUZZLE);
    let settings = Settings {
        screen_depth: screen,
        deep_depth: depth,
        line_depth: screen,
    };
    let generator = generator(variant, count, seed, &settings, threads);

    let start = Instant::now();
    eprintln!("puzzles: {generator}");
    let mined = mine(variant, count, seed, &settings, threads, max_games);
    let secs = start.elapsed().as_secs_f64();
    let rejects: Vec<String> = mined
        .rejects
        .iter()
        .map(|(r, n)| format!("{r} {n}"))
        .collect();
    eprintln!(
        "puzzles: {} found in {} positions in {secs:.0} s (not puzzles: {})",
        mined.puzzles.len(),
        mined.games,
        rejects.join(", ")
    );
    if mined.puzzles.len() < count {
        eprintln!(
            "puzzles: warning: only {} of {count} after {max_games} games (--max-games)",
            mined.puzzles.len()
        );
    }
    let text = puzzle::write_file(variant, &generator, &mined.puzzles);
    match &a.out {
        Some(path) => {
            if let Some(dir) = std::path::Path::new(path).parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(path, &text).map_err(|e| format!("{path}: {e}"))?;
            eprintln!("puzzles: wrote {path}");
        }
        None => say!("{}", text.trim_end()),
    }
    Ok(())
}

/// The command that makes the same file: recorded in it, and run by `make puzzles`.
fn generator(
    variant: Variant,
    count: usize,
    seed: u64,
    settings: &Settings,
    threads: usize,
) -> String {
    let mut g = format!(
        "dama puzzles --count {count} --seed {seed} --depth {}",
        settings.deep_depth
    );
    if variant != Variant::Italian {
        g.push_str(&format!(" --variant {}", variant.id()));
    }
    if settings.screen_depth != Settings::default().screen_depth {
        g.push_str(&format!(" --screen {}", settings.screen_depth));
    }
    if threads > 1 {
        g.push_str(&format!(" --threads {threads}"));
    }
    g
}

/// What a run found.
struct Mined {
    /// Distinct puzzles, in the order of the games they came from.
    puzzles: Vec<Puzzle>,
    /// The positions looked at, up to the last one needed.
    games: u64,
    /// Why the other positions were not puzzles ([`Reject`]'s names, and `duplicate`).
    rejects: BTreeMap<&'static str, u64>,
}

/// The results of the games finished so far, taken in game order.
struct Progress {
    /// Finished games not yet taken: a later game can finish before an earlier one.
    waiting: BTreeMap<u64, Result<Puzzle, Reject>>,
    /// Every game before this one has been taken.
    next: u64,
    seen: HashSet<String>,
    mined: Mined,
}

fn mine(
    variant: Variant,
    count: usize,
    seed: u64,
    settings: &Settings,
    threads: usize,
    max_games: u64,
) -> Mined {
    let started = Instant::now();
    let next_game = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let progress = Mutex::new(Progress {
        waiting: BTreeMap::new(),
        next: 0,
        seen: HashSet::new(),
        mined: Mined {
            puzzles: Vec::new(),
            games: 0,
            rejects: BTreeMap::new(),
        },
    });
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut player = Engine::new(4);
                let mut engine = Engine::new(puzzle::TT_MB);
                while !stop.load(Ordering::Relaxed) {
                    let k = next_game.fetch_add(1, Ordering::Relaxed);
                    if k >= max_games {
                        break;
                    }
                    let game = self_play(variant, seed, k, &mut player);
                    let found = puzzle::find(&mut engine, &game, settings);
                    // A panicking thread has already reported; the others carry on.
                    let Ok(mut p) = progress.lock() else { break };
                    p.waiting.insert(k, found);
                    if take_in_order(&mut p, count, &started) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let p = progress.into_inner().unwrap_or_else(|e| e.into_inner());
    p.mined
}

/// Takes the finished games that follow the last taken one, in order; true once `count`
/// puzzles are in.
fn take_in_order(p: &mut Progress, count: usize, started: &Instant) -> bool {
    while p.mined.puzzles.len() < count {
        let Some(found) = p.waiting.remove(&p.next) else {
            break;
        };
        let k = p.next;
        p.next += 1;
        p.mined.games = p.next;
        match found {
            Ok(z) if p.seen.insert(z.fen.clone()) => {
                eprintln!(
                    "puzzles: {:>4}/{count}  game {k:>6}  ply {:>2}  depth {:>2}  {:>2} plies  \
                     rating {}  {:>5.0} s  {}",
                    p.mined.puzzles.len() + 1,
                    z.ply,
                    z.depth,
                    z.line.len(),
                    z.rating,
                    started.elapsed().as_secs_f64(),
                    z.fen
                );
                p.mined.puzzles.push(z);
            }
            Ok(_) => *p.mined.rejects.entry("duplicate").or_default() += 1,
            Err(r) => *p.mined.rejects.entry(r.name()).or_default() += 1,
        }
    }
    p.mined.puzzles.len() >= count
}

/// The seed of game `k` of a run seeded `seed`: splitmix64 of both, so nearby seeds and games
/// give unrelated games.
fn game_seed(seed: u64, k: u64) -> u64 {
    let mut a = Rng::new(seed);
    let mut b = Rng::new(a.next_u64() ^ k);
    b.next_u64()
}

/// Game `k`: 6 to 55 plies of low-level self-play from the start, levels 1-3 drawn each ply.
fn self_play(variant: Variant, seed: u64, k: u64, player: &mut Engine) -> Game {
    let mut rng = Rng::new(game_seed(seed, k));
    let plies = 6 + rng.below(50);
    let play_seed = rng.next_u64();
    // A clean engine per game: the game depends on its seed alone.
    player.clear();
    let mut g = Game::new(variant);
    for _ in 0..plies {
        if g.result().is_some() {
            break;
        }
        let lvl = 1 + rng.below(3) as u8;
        let r = level::play(player, &g, lvl, 1e9, play_seed);
        match r.best {
            Some(m) if g.play(&m).is_ok() => {}
            _ => break,
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_depend_on_their_seed_only() {
        let mut a = Engine::new(1);
        let mut b = Engine::new(1);
        let g1 = self_play(Variant::Italian, 5, 3, &mut a);
        let _ = self_play(Variant::Italian, 5, 4, &mut b);
        let g2 = self_play(Variant::Italian, 5, 3, &mut b);
        assert_eq!(g1.fen(), g2.fen());
        assert_eq!(g1.ply(), g2.ply());
        assert_ne!(game_seed(5, 3), game_seed(5, 4));
        assert_ne!(game_seed(5, 3), game_seed(6, 3));
    }

    #[test]
    fn the_generator_names_what_changes_the_file() {
        let s = Settings::default();
        assert_eq!(
            generator(Variant::Italian, 220, 1, &s, 1),
            "dama puzzles --count 220 --seed 1 --depth 18"
        );
        let s2 = Settings {
            screen_depth: 6,
            line_depth: 6,
            ..s
        };
        assert_eq!(
            generator(Variant::Brazilian, 3, 2, &s2, 2),
            "dama puzzles --count 3 --seed 2 --depth 18 --variant brazilian --screen 6 --threads 2"
        );
    }
}
