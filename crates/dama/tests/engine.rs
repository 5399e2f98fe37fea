//! The engine: legal answers always, limits respected, draws and mates scored right, levels
//! reproducible and ordered by strength.

use dama::engine::{level, search_fixed, Engine, Features, Limits, Rng, MATE, MATE_BOUND};
use dama::{notation, DrawRules, Game, Outcome};

/// Positions along random games: varied material, kings, captures.
fn random_games(seed: u64, games: usize) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = Game::new(dama::Variant::Italian);
        let plies = rng.below(120) as usize;
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play(&moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
            if rng.below(7) == 0 {
                out.push(g.clone());
            }
        }
        out.push(g);
    }
    out
}

#[test]
fn never_returns_an_illegal_move_and_always_one_when_legal() {
    let mut engine = Engine::new(4);
    for g in random_games(11, 60) {
        let legal = g.legal_moves();
        let r = engine.search(&g, &Limits::nodes(3_000), &mut |_| {});
        assert_legal(&g, &legal, &r);
    }
}

/// A move when there is one, legal, and a principal variation that is a legal line.
fn assert_legal(g: &Game, legal: &dama::MoveList, r: &dama::engine::SearchResult) {
    match r.best {
        None => assert!(legal.is_empty(), "{}", g.position().to_fen()),
        Some(m) => assert!(legal.contains(&m), "{}: {:?}", g.position().to_fen(), m),
    }
    let mut pos = *g.position();
    for m in &r.pv {
        assert!(
            pos.legal_moves().contains(m),
            "pv {}",
            g.position().to_fen()
        );
        pos = pos.play(m);
    }
}

/// A clock that moves only when it is read: each reading is [`STEP_MS`] later than the one
/// before, whichever thread reads it. A search's time on it is its number of clock readings, so
/// its verdicts mean the same on a quiet and on a loaded machine; with the search's poll
/// every 256 nodes, nodes per reading is how often the search looks at its clock.
#[derive(Clone, Default)]
struct StepClock(std::sync::Arc<std::sync::atomic::AtomicU64>);

const STEP_MS: f64 = 0.1;

impl StepClock {
    fn reads(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl dama::engine::Clock for StepClock {
    fn now_ms(&self) -> f64 {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed) as f64 * STEP_MS
    }
}

/// An engine on a [`StepClock`], and the clock to read its count.
fn stepped(tt_mb: usize) -> (Engine, StepClock) {
    let clock = StepClock::default();
    (Engine::with_clock(tt_mb, Box::new(clock.clone())), clock)
}

/// The most nodes a search may go without reading its clock (it polls every 256; the slack is
/// for the nodes of the moves being unwound when it stops).
const NODES_PER_READ: u64 = 300;

/// A search under `Limits::time(ms)` on a step clock: it reads the clock at least every
/// [`NODES_PER_READ`] nodes and stops within two readings of its deadline (on a real clock:
/// within a few hundred nodes, well under a millisecond, of it). The wall time is only a guard
/// against a search that never stops.
fn assert_keeps_to(
    engine: &mut Engine,
    clock: &StepClock,
    g: &Game,
    ms: f64,
) -> dama::engine::SearchResult {
    let (reads, wall) = (clock.reads(), std::time::Instant::now());
    let r = engine.search(g, &Limits::time(ms), &mut |_| {});
    let reads = clock.reads() - reads;
    assert!(
        wall.elapsed().as_secs() < 10,
        "{ms} ms limit: {:?} of wall time",
        wall.elapsed()
    );
    assert!(
        r.time_ms <= ms + 2.0 * STEP_MS + 1e-9,
        "{ms} ms limit took {} ms ({reads} clock readings)",
        r.time_ms
    );
    assert!(
        r.nodes <= NODES_PER_READ * reads,
        "{} nodes for {reads} clock readings",
        r.nodes
    );
    r
}

#[test]
fn answers_with_a_move_even_with_one_millisecond() {
    let (mut engine, clock) = stepped(16);
    for g in random_games(5, 30) {
        let legal = g.legal_moves();
        let r = assert_keeps_to(&mut engine, &clock, &g, 1.0);
        assert_eq!(r.best.is_some(), !legal.is_empty());
    }
}

#[test]
fn stops_close_to_its_deadline() {
    let (mut engine, clock) = stepped(16);
    let g = Game::new(dama::Variant::Italian);
    for ms in [5.0, 30.0, 120.0] {
        let r = assert_keeps_to(&mut engine, &clock, &g, ms);
        // It searched until the deadline, not merely stopped early.
        assert!(r.time_ms >= ms, "{ms} ms limit stopped at {} ms", r.time_ms);
    }
}

/// A search to depth 100 from the start, stopped by its flag after 50 ms, still gives a move,
/// at once.
fn the_stop_flag_ends_a_search_of(engine: &mut Engine) {
    let stop = engine.stop_handle();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let r = engine.search(
        &Game::new(dama::Variant::Italian),
        &Limits::depth(100),
        &mut |_| {},
    );
    t.join().unwrap();
    assert!(r.best.is_some());
    assert!(r.time_ms < 1000.0, "took {} ms", r.time_ms);
}

#[test]
fn the_stop_flag_ends_a_search() {
    the_stop_flag_ends_a_search_of(&mut Engine::new(4));
}

#[test]
fn prefers_the_fastest_win() {
    // The king stepping to 28 leaves Black's man on 24 without a move (men cannot take kings):
    // an immediate win; every other move wins only later.
    let g = Game::from_fen(dama::Variant::Italian, "W:WK23,K1:B24").unwrap();
    assert!(g.legal_moves().len() > 3);
    let r = search_fixed(&g, &Limits::depth(12));
    assert_eq!(
        notation::full_text(dama::Variant::Italian, &r.best.unwrap()),
        "23-28"
    );
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn a_lost_position_scores_as_a_loss() {
    // Black to move, one man against a man about to be crowned and a king: lost.
    let g = Game::from_fen(dama::Variant::Italian, "B:W6,K14:B3").unwrap();
    let r = search_fixed(&g, &Limits::depth(20));
    assert!(r.score < -MATE_BOUND, "score {}", r.score);
}

#[test]
fn the_king_move_rule_is_a_draw_inside_the_search() {
    // Two kings against one is a win, but not if every king move draws at once.
    let mut g = Game::from_fen(dama::Variant::Italian, "W:WK1,K2:BK32").unwrap();
    let open = search_fixed(&g, &Limits::depth(8));
    assert!(open.score > 50, "score {}", open.score);
    g.set_draw_rules(DrawRules {
        repetitions: 3,
        king_move_plies: 1,
        ..dama::Variant::Italian.draw_rules()
    });
    let r = search_fixed(&g, &Limits::depth(8));
    assert_eq!(r.score, 0);
}

/// The root scores, by move text, of two kings against one after 29-25 4-8 25-29 8-4, where
/// playing 29-25 again repeats a position, searched with `contempt`.
fn scores_after_a_repetition(contempt: i32) -> std::collections::HashMap<String, i32> {
    let mut g = Game::from_fen(dama::Variant::Italian, "W:WK29,K30:BK4").unwrap();
    for m in ["29-25", "4-8", "25-29", "8-4"] {
        g.play_text(m).unwrap();
    }
    let mut e = Engine::new(4);
    e.set_contempt(contempt);
    e.root_scores(&g, 8, &Limits::depth(8))
        .into_iter()
        .map(|(m, s)| (notation::full_text(dama::Variant::Italian, &m), s))
        .collect()
}

#[test]
fn repetition_is_a_draw_inside_the_search() {
    // Two kings against one win; but the repetition must score as a draw while other moves
    // keep the win (clearly above the draw: how far above is the evaluation's say).
    let scores = scores_after_a_repetition(0);
    assert_eq!(scores["29-25"], 0);
    assert!(scores["30-26"] > 25, "{scores:?}");
}

#[test]
fn contempt_scores_a_draw_below_even_for_the_engine_and_analysis_shows_it_even() {
    // Every line draws by the king-move rule within three plies (no capture comes sooner):
    // the position is a draw for whoever is to move.
    for fen in ["W:WK1,K2:BK32", "B:WK1,K2:BK32"] {
        let mut g = Game::from_fen(dama::Variant::Italian, fen).unwrap();
        g.set_draw_rules(DrawRules {
            repetitions: 3,
            king_move_plies: 3,
            ..dama::Variant::Italian.draw_rules()
        });
        let mut e = Engine::new(4);
        assert_eq!(e.search(&g, &Limits::depth(8), &mut |_| {}).score, 0);
        e.set_contempt(20);
        assert_eq!(e.contempt(), 20);
        assert_eq!(
            e.search(&g, &Limits::depth(8), &mut |_| {}).score,
            -20,
            "{fen}"
        );
        // Analysis by the same engine afterwards shows the draw as even.
        let a = e.analyse(&g, &Limits::depth(8), 2);
        assert!(a.lines.iter().all(|l| l.score == 0), "{fen}: {:?}", a.lines);
        assert_eq!(
            e.search(&g, &Limits::depth(8), &mut |_| {}).score,
            -20,
            "{fen}"
        );
    }
    let mut e = Engine::new(1);
    e.set_contempt(i32::MAX);
    assert_eq!(e.contempt(), dama::engine::MAX_CONTEMPT);
    e.set_contempt(-5);
    assert_eq!(e.contempt(), 0);
}

#[test]
fn with_contempt_a_repetition_scores_below_even_and_the_win_is_kept() {
    // The engine counts that draw against itself.
    let scores = scores_after_a_repetition(30);
    assert_eq!(scores["29-25"], -30);
    assert!(scores["30-26"] > 25, "{scores:?}");
}

#[test]
fn levels_are_reproducible_with_a_seed() {
    let play = |seed: u64| {
        let mut g = Game::new(dama::Variant::Italian);
        let mut e = Engine::new(4);
        for _ in 0..30 {
            if g.result().is_some() {
                break;
            }
            let r = level::play(&mut e, &g, 2, 10_000.0, seed);
            g.play(&r.best.unwrap()).unwrap();
        }
        g.move_texts()
    };
    assert_eq!(play(42), play(42));
    assert_ne!(
        play(42),
        play(43),
        "different seeds should vary the low levels"
    );
}

#[test]
fn a_higher_level_beats_level_one() {
    let mut score = 0.0;
    let games = 4;
    for i in 0..games {
        let mut g = Game::new(dama::Variant::Italian);
        let mut strong = Engine::new(4);
        let mut weak = Engine::new(4);
        let strong_is_white = i % 2 == 0;
        while g.result().is_none() && g.ply() < 200 {
            let white = g.turn() == dama::Color::White;
            let r = if white == strong_is_white {
                level::play(&mut strong, &g, 7, 10_000.0, i)
            } else {
                level::play(&mut weak, &g, 1, 10_000.0, i)
            };
            g.play(&r.best.unwrap()).unwrap();
        }
        score += match g.result().map(|r| r.outcome) {
            Some(Outcome::Win(c)) if (c == dama::Color::White) == strong_is_white => 1.0,
            Some(Outcome::Draw) | None => 0.5,
            _ => 0.0,
        };
    }
    assert!(
        score >= 3.5,
        "level 7 scored {score}/{games} against level 1"
    );
}

#[test]
fn plain_alpha_beta_agrees_on_a_forced_line() {
    // The plain engine must find the same forced win: features change speed, not truth.
    let g = Game::from_fen(dama::Variant::Italian, "W:W31:B12,20,28").unwrap();
    let mut e = Engine::new(1);
    e.set_features(Features::PLAIN);
    let r = e.search(&g, &Limits::depth(6), &mut |_| {});
    assert_eq!(
        notation::full_text(dama::Variant::Italian, &r.best.unwrap()),
        "31x24x15x8"
    );
}

#[test]
fn loading_the_table_ahead_changes_no_node() {
    // Prefetching the children's buckets is a hint to the memory: with it and without it, the
    // same tree, node for node, in positions of both games.
    let mut games = random_games(41, 6);
    games.push(Game::new(dama::Variant::Brazilian));
    let mut nodes = 0;
    for g in games {
        let run = |prefetch: bool| {
            let mut e = Engine::with_clock(2, Box::new(dama::engine::NoClock));
            e.set_features(Features {
                prefetch,
                ..Features::ALL
            });
            let r = e.search(&g, &Limits::depth(8), &mut |_| {});
            (r.nodes, r.best, r.score, r.pv)
        };
        let (with, without) = (run(true), run(false));
        assert_eq!(with, without, "{}", g.fen());
        nodes += with.0;
    }
    assert!(
        nodes > 100_000,
        "searches deep enough to use the table: {nodes} nodes"
    );
}

#[test]
fn searches_on_several_threads_give_legal_moves_and_stop_on_time() {
    let (mut engine, _) = stepped(8);
    engine.set_threads(3);
    for g in random_games(23, 12) {
        let legal = g.legal_moves();
        // The helpers read the same clock (each reading moves it on), so its time runs
        // faster than the main thread's nodes: the deadline is what is checked here.
        let wall = std::time::Instant::now();
        let r = engine.search(&g, &Limits::time(40.0), &mut |_| {});
        assert!(
            wall.elapsed().as_secs() < 10,
            "{:?} of wall time",
            wall.elapsed()
        );
        assert!(
            r.time_ms <= 40.0 + 3.0 * 2.0 * STEP_MS + 1e-9,
            "took {} ms",
            r.time_ms
        );
        assert_legal(&g, &legal, &r);
    }
    // The fastest win is still found, and the stop flag still ends a search at once.
    let g = Game::from_fen(dama::Variant::Italian, "W:WK23,K1:B24").unwrap();
    let r = engine.search(&g, &Limits::depth(12), &mut |_| {});
    assert_eq!(
        notation::full_text(dama::Variant::Italian, &r.best.unwrap()),
        "23-28"
    );
    assert_eq!(r.score, MATE - 1);
    the_stop_flag_ends_a_search_of(&mut engine);
}

#[test]
fn one_thread_searches_exactly_as_before_and_levels_ignore_threads() {
    // One thread: node for node the search of a build without threads (the bench checksum
    // says so for the fixed positions; here, two engines side by side).
    let g = Game::new(dama::Variant::Italian);
    let a = search_fixed(&g, &Limits::depth(9));
    let mut e = Engine::with_clock(4, Box::new(dama::engine::NoClock));
    e.set_threads(1);
    let b = e.search(&g, &Limits::depth(9), &mut |_| {});
    assert_eq!((a.nodes, a.best, a.score), (b.nodes, b.best, b.score));
    // A level below 10 searches on one thread whatever is granted: the same move and nodes.
    let mut one = Engine::with_clock(4, Box::new(dama::engine::NoClock));
    let mut four = Engine::with_clock(4, Box::new(dama::engine::NoClock));
    four.set_threads(4);
    for level in [3, 6] {
        let x = level::play(&mut one, &g, level, 1e9, 7);
        let y = level::play(&mut four, &g, level, 1e9, 7);
        assert_eq!((x.best, x.nodes), (y.best, y.nodes), "level {level}");
    }
    assert_eq!(four.threads(), 4, "the grant is kept for the top level");
}
