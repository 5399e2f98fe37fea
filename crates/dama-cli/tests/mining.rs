//! The tactics trainer's puzzles: the miner ([`dama_cli::puzzle::find`]) on known positions, and
//! the shipped data file (`www/puzzles/italian.json`, made by `make puzzles`) checked against
//! the rules and the engine.

use dama::engine::eval::Eval;
use dama::engine::{Engine, Limits, SearchResult};
use dama::{Game, Variant};
use dama_cli::puzzle::{self, Puzzle, Reject, Settings, Theme};

/// The shipped file, read where the page loads it from.
const SHIPPED: &str = include_str!("../../../www/puzzles/italian.json");

/// A fresh search, as the miner makes them: a cleared engine with the miner's table size.
fn fresh(engine: &mut Engine, game: &Game, depth: u32) -> SearchResult {
    engine.clear();
    engine.search(game, &Limits::depth(depth), &mut |_| {})
}

/// An engine as the shipped puzzles were mined with: the region evaluation, the engine's before
/// the networks (a network plays some solver replies otherwise, among equal ones).
fn miner() -> Engine {
    let mut engine = Engine::new(puzzle::TT_MB);
    engine.set_eval(Eval::regions(Variant::Italian));
    engine
}

fn shipped() -> Vec<Puzzle> {
    let file = puzzle::parse_file(SHIPPED).expect("the shipped file parses");
    assert_eq!(file.variant, Variant::Italian);
    file.puzzles.into_iter().map(|e| e.puzzle).collect()
}

#[test]
fn a_mined_tactic_is_a_puzzle() {
    // From data/tactics.txt: White's 18-13 gives a man, 14-11 another, and 19x3 takes three
    // and crowns.
    let fen = "W:W14,15,18,19,21,25,26,30,31,32:B1,2,4,5,6,7,8,10,23";
    let game = Game::from_fen(Variant::Italian, fen).unwrap();
    let mut engine = Engine::new(puzzle::TT_MB);
    let p = puzzle::find(&mut engine, &game, &Settings::default()).expect("a puzzle");
    assert_eq!(p.fen, fen);
    assert_eq!(p.line[0], "18-13");
    assert_eq!(
        p.line.len() % 2,
        1,
        "ends with the solver's move: {:?}",
        p.line
    );
    puzzle::check_line(Variant::Italian, &p).unwrap();
    assert!(p.depth >= puzzle::MIN_NEED);
    for t in [Theme::Shot, Theme::Promotion, Theme::Long] {
        assert!(p.themes.contains(&t), "{t}: {:?}", p.themes);
    }
    assert_eq!(
        puzzle::derive_themes(Variant::Italian, &p).unwrap(),
        p.themes
    );
    assert_eq!(
        p.rating,
        puzzle::rating(p.depth, p.solver_moves(), game.legal_moves().len())
    );
}

#[test]
fn quiet_and_forced_positions_are_not_puzzles() {
    let mut engine = Engine::new(puzzle::TT_MB);
    let s = Settings::default();
    assert_eq!(
        puzzle::find(&mut engine, &Game::new(Variant::Italian), &s),
        Err(Reject::NoWin)
    );
    // White must capture 18x9: a recapture, not a shot.
    let mut g = Game::new(Variant::Italian);
    g.play_text("22-18").unwrap();
    g.play_text("9-13").unwrap();
    assert!(puzzle::find(&mut engine, &g, &s).is_err());
    // A game that is over.
    let over = Game::from_fen(Variant::Italian, "W:W:B1").unwrap();
    assert_eq!(puzzle::find(&mut engine, &over, &s), Err(Reject::Over));
}

/// The file as the page reads it: the shape, at least 200 puzzles, distinct ids and positions,
/// sorted by rating, every FEN legal, every line legal in turn and ending with the solver's
/// move, and the themes and rating those the miner derives from them.
#[test]
fn the_shipped_file_is_well_formed() {
    let file = puzzle::parse_file(SHIPPED).unwrap();
    assert!(
        file.generator.starts_with("dama puzzles "),
        "{}",
        file.generator
    );
    let puzzles = shipped();
    assert!(puzzles.len() >= 200, "only {} puzzles", puzzles.len());
    let fens: std::collections::HashSet<&str> = puzzles.iter().map(|p| p.fen.as_str()).collect();
    assert_eq!(fens.len(), puzzles.len(), "a position repeats");
    for (e, p) in file.puzzles.iter().zip(&puzzles) {
        let id = &e.id;
        let g =
            Game::from_fen(Variant::Italian, &p.fen).unwrap_or_else(|err| panic!("{id}: {err}"));
        let legal = g.legal_moves();
        assert!(legal.len() >= 3, "{id}: {} legal moves", legal.len());
        assert!(!legal[0].is_capture(), "{id}: starts with a capture");
        puzzle::check_line(Variant::Italian, p).unwrap_or_else(|err| panic!("{id}: {err}"));
        assert!(p.line.len() <= puzzle::MAX_LINE_PLIES, "{id}: {:?}", p.line);
        assert_eq!(
            puzzle::derive_themes(Variant::Italian, p).unwrap(),
            p.themes,
            "{id}"
        );
        assert_eq!(
            p.rating,
            puzzle::rating(p.depth, p.solver_moves(), legal.len()),
            "{id}"
        );
        assert!(p.depth >= puzzle::MIN_NEED, "{id}: depth {}", p.depth);
        assert!(p.score >= puzzle::MIN_SCORE, "{id}: score {}", p.score);
    }
    assert!(
        puzzles.windows(2).all(|w| w[0].rating <= w[1].rating),
        "not sorted by rating"
    );
}

/// Every shipped puzzle says what it is about (30 of 230 had no theme): a line of one move
/// crowns a man or wins the game, and the first move of a longer one is exactly one of a shot,
/// a threat or a waiting move.
#[test]
fn every_shipped_puzzle_has_a_theme() {
    let file = puzzle::parse_file(SHIPPED).unwrap();
    let kinds = [Theme::Shot, Theme::Threat, Theme::WaitingMove];
    for e in &file.puzzles {
        let (id, p) = (&e.id, &e.puzzle);
        assert!(!p.themes.is_empty(), "{id}: no theme");
        let first: Vec<_> = kinds.iter().filter(|t| p.themes.contains(t)).collect();
        if p.line.len() == 1 {
            assert!(first.is_empty(), "{id}: {:?}", p.themes);
            assert!(
                p.themes.contains(&Theme::Promotion) || p.themes.contains(&Theme::Win),
                "{id}: {:?}",
                p.themes
            );
        } else {
            assert_eq!(first.len(), 1, "{id}: {:?}", p.themes);
        }
    }
}

/// Every solver move of the shipped lines is the engine's: the first is played by a fresh
/// search at the puzzle's `depth`, each later one is the only legal move or what a fresh search
/// at the line depth (12) plays. That no shallower search finds the first move is left to the
/// ignored test below, which mines every position again. Two threads, one a core: about a
/// second in release, a few in a debug build.
#[test]
fn the_shipped_solver_moves_are_the_engines() {
    let puzzles = shipped();
    let line_depth = Settings::default().line_depth;
    let check = |p: &Puzzle, engine: &mut Engine| -> Result<(), String> {
        let mut g = Game::from_fen(Variant::Italian, &p.fen).map_err(|e| e.to_string())?;
        for (i, text) in p.line.iter().enumerate() {
            if i % 2 == 0 && g.legal_moves().len() > 1 {
                let depth = if i == 0 { p.depth } else { line_depth };
                let got = fresh(engine, &g, depth).best.map(|m| g.move_text(&m));
                if got.as_deref() != Some(text) {
                    return Err(format!(
                        "move {} at depth {depth}: {got:?}, not {text}",
                        i + 1
                    ));
                }
            }
            g.play_text(text).map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let failed: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|t| {
                let puzzles = &puzzles;
                let check = &check;
                s.spawn(move || {
                    let mut engine = miner();
                    let mut failed = Vec::new();
                    for p in puzzles.iter().skip(t).step_by(2) {
                        if let Err(e) = check(p, &mut engine) {
                            failed.push(format!("{}: {e}", p.fen));
                        }
                    }
                    failed
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(
        failed.is_empty(),
        "{} of {} failed:\n{}",
        failed.len(),
        puzzles.len(),
        failed.join("\n")
    );
}

/// The whole miner again on every shipped position: the same line, themes, rating, depth and
/// score (the deep search at depth 18 included). Slow (many minutes), so run on demand:
/// `cargo test --release -p dama-cli --test mining -- --ignored`.
#[test]
#[ignore = "slow: mines every shipped position again, run by hand"]
fn the_shipped_puzzles_are_mined_again() {
    let puzzles = shipped();
    let mut engine = miner();
    let mut failed = Vec::new();
    for p in &puzzles {
        let g = Game::from_fen(Variant::Italian, &p.fen).unwrap();
        match puzzle::find(&mut engine, &g, &Settings::default()) {
            Ok(again) => {
                let again = Puzzle {
                    ply: p.ply,
                    ..again
                };
                if again != *p {
                    failed.push(format!("{}: now {again:?}", p.fen));
                }
            }
            Err(r) => failed.push(format!("{}: now rejected ({r})", p.fen)),
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} differ:\n{}",
        failed.len(),
        puzzles.len(),
        failed.join("\n")
    );
}

#[test]
fn the_shipped_file_is_written_back_byte_for_byte() {
    // The writer's layout is the file's: a regenerated file differs only where puzzles do.
    let file = puzzle::parse_file(SHIPPED).unwrap();
    let puzzles: Vec<Puzzle> = file.puzzles.into_iter().map(|e| e.puzzle).collect();
    let again = puzzle::write_file(file.variant, &file.generator, &puzzles);
    assert!(
        again == SHIPPED,
        "the written file differs from the shipped one"
    );
    // Refusals name what is wrong.
    let bad = SHIPPED.replacen("\"rating\":", "\"rating\":\"x\",\"r\":", 1);
    let e = puzzle::parse_file(&bad).unwrap_err();
    assert!(
        e.starts_with("puzzle 1: rating is not a whole number"),
        "{e}"
    );
    let e = puzzle::parse_file(&SHIPPED[..SHIPPED.len() - 3]).unwrap_err();
    assert!(e.starts_with("JSON: "), "{e}");
    assert!(puzzle::parse_file(&"[".repeat(100_000)).is_err());
}

/// The Brazilian puzzles (`make puzzles`, `--variant brazilian`): the file parses, every line
/// replays by the Brazilian rules to the gain it shows, with the themes and the rating the
/// miner gives, and the ids are the game's.
#[test]
fn the_shipped_brazilian_puzzles_replay_by_their_rules() {
    let text = include_str!("../../../www/puzzles/brazilian.json");
    let file = puzzle::parse_file(text).expect("the Brazilian file parses");
    assert_eq!(file.variant, Variant::Brazilian);
    assert!(file.puzzles.len() >= 200, "{} puzzles", file.puzzles.len());
    for e in &file.puzzles {
        let p = &e.puzzle;
        assert!(e.id.starts_with("br-"), "{}", e.id);
        puzzle::check_line(Variant::Brazilian, p).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert_eq!(
            puzzle::derive_themes(Variant::Brazilian, p).unwrap(),
            p.themes,
            "{}",
            e.id
        );
        let game = Game::from_fen(Variant::Brazilian, &p.fen).unwrap();
        assert_eq!(
            p.rating,
            puzzle::rating(p.depth, p.solver_moves(), game.legal_moves().len()),
            "{}",
            e.id
        );
    }
}
