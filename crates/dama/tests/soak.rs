//! Soak test: many complete games between random players, engine players at small node limits
//! and `level::play` at levels 1-3, with the game's invariants checked after every move, and
//! resident memory measured after a warm-up and at the end.
//!
//! `SOAK_GAMES` (default 300, 2-3 s) games, every one of them: the test is bounded by its work,
//! not by the time it takes, so a busy machine makes it slower, never shorter (it used to stop
//! at a deadline, and skipped its memory check when the deadline came before the warm-up had
//! ended). `make soak` runs `SOAK_GAMES=5000`. `SOAK_MEM_MB` (default 8) is the allowed growth
//! of resident memory; where there is /proc (Linux) the test fails when it cannot measure it.
//!
//! On termination: a ply that is not a king move without capture (a man move or a capture) can
//! happen at most 24 * 7 (men advancing; 7 rows each, fewer in practice) + 24 (captures) times,
//! and the 80-ply king rule allows at most 79 plies between two of them, so every game ends
//! within 168 + 24 + (1 + 168 + 24) * 80 plies whatever the players do. The test asserts the exact form of
//! this: a game never has more plies than i + 80 * (i + 1), i the irreversible plies, and the king-move
//! counter never reaches 80 on a game that is still open. Games longer than 400 plies are
//! legal (random kings can wander) and only counted.

use dama::bitboard::{BLACK_PROMOTION, WHITE_PROMOTION};
use dama::engine::{level, Engine, Limits, Rng};
use dama::{Color, Game, Move, Outcome, Reason};
use std::time::Instant;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Resident memory in bytes, from /proc/self/statm (pages; 4 KiB assumed when the page size is
/// not known without libc). `None` where there is no /proc.
fn resident_bytes() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

#[derive(Clone, Copy, Debug)]
enum Player {
    Random,
    /// Engine search with a node limit drawn from 500..3000 each move.
    Nodes,
    /// `level::play` at this level.
    Level(u8),
}

struct Players {
    engines: [Engine; 2],
}

impl Players {
    fn choose(&mut self, who: usize, kind: Player, game: &Game, rng: &mut Rng) -> Move {
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "asked to move in a finished game");
        let m = match kind {
            Player::Random => legal[rng.below(legal.len() as u64) as usize],
            Player::Nodes => {
                let n = 500 + rng.below(2500);
                let r = self.engines[who].search(game, &Limits::nodes(n), &mut |_| {});
                r.best.expect("the engine has a move when moves exist")
            }
            Player::Level(l) => {
                let r = level::play(&mut self.engines[who], game, l, 2_000.0, rng.next_u64());
                r.best.expect("the level has a move when moves exist")
            }
        };
        assert!(
            legal
                .iter()
                .any(|l| l.from() == m.from() && l.to() == m.to() && l.captured() == m.captured()),
            "{kind:?} chose a move that is not legal: {m:?} in {}",
            game.position().to_fen()
        );
        m
    }
}

/// The checks after every move. `counts` are the piece counts before the move.
fn check(game: &Game, m: &Move, counts: &mut (u32, u32), ctx: &dyn Fn() -> String) {
    let p = *game.position();
    assert_eq!(game.hash(), p.hash(), "incremental hash differs: {}", ctx());
    let (w, b, k) = (p.pieces(Color::White), p.pieces(Color::Black), p.kings());
    assert_eq!(w & b, 0, "overlap: {}", ctx());
    assert_eq!(k & !(w | b), 0, "a king on an empty square: {}", ctx());
    assert_eq!(w & !k & WHITE_PROMOTION, 0, "white man on 1-4: {}", ctx());
    assert_eq!(b & !k & BLACK_PROMOTION, 0, "black man on 29-32: {}", ctx());
    let now = (w.count_ones(), b.count_ones());
    assert!(now.0 <= 12 && now.1 <= 12, "more than 12 pieces: {}", ctx());
    assert!(
        now.0 <= counts.0 && now.1 <= counts.1,
        "piece count rose: {}",
        ctx()
    );
    assert_eq!(
        counts.0 + counts.1 - now.0 - now.1,
        m.capture_count(),
        "pieces removed differ from the capture: {}",
        ctx()
    );
    *counts = now;
    // Round trip of the position through FEN.
    assert_eq!(
        dama::fen::parse(dama::Variant::Italian, &p.to_fen()).ok(),
        Some(p),
        "FEN: {}",
        ctx()
    );

    let rules = game.draw_rules();
    let no_moves = p.legal_moves().is_empty();
    let rep = rules.repetitions > 0 && game.repetitions() >= rules.repetitions;
    let kings = rules.king_move_plies > 0 && game.king_plies() >= rules.king_move_plies;
    match game.result() {
        Some(r) => match r.reason {
            Reason::NoMoves => {
                assert!(no_moves, "no-moves result with moves left: {}", ctx());
                assert_eq!(r.outcome, Outcome::Win(p.turn().opposite()), "{}", ctx());
            }
            Reason::Repetition => {
                assert!(rep && !no_moves, "repetition result: {}", ctx());
                assert_eq!(r.outcome, Outcome::Draw);
            }
            Reason::KingMoves => {
                assert!(kings && !no_moves && !rep, "king-move result: {}", ctx());
                assert_eq!(r.outcome, Outcome::Draw);
            }
            other => panic!("unexpected reason {other:?}: {}", ctx()),
        },
        None => {
            assert!(!no_moves, "no legal move but no result: {}", ctx());
            assert!(!rep, "repetition but no result: {}", ctx());
            assert!(!kings, "king-move limit but no result: {}", ctx());
            assert_eq!(game.legal_moves().len(), p.legal_moves().len());
        }
    }
}

struct GameStats {
    plies: usize,
    reason: Reason,
}

fn play_game(players: &mut Players, kinds: [Player; 2], seed: u64) -> GameStats {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(dama::Variant::Italian);
    for e in &mut players.engines {
        e.clear();
    }
    let mut counts = (12u32, 12u32);
    let mut irreversible = 0usize;
    loop {
        if game.result().is_some() {
            break;
        }
        let who = match game.turn() {
            Color::White => 0,
            Color::Black => 1,
        };
        let m = players.choose(who, kinds[who], &game, &mut rng);
        game.play(&m).expect("a legal move plays");
        if !m.is_king_move() || m.is_capture() {
            irreversible += 1;
        }
        let ctx = || {
            format!(
                "seed {seed} {kinds:?} ply {} after {:?} at {}",
                game.ply(),
                game.move_texts(),
                game.position().to_fen()
            )
        };
        check(&game, &m, &mut counts, &ctx);
        assert!(
            game.ply() <= irreversible + 80 * (irreversible + 1),
            "the game outlived the 80-ply king rule: {}",
            ctx()
        );
        assert!(game.ply() <= 168 + 24 + (1 + 168 + 24) * 80, "{}", ctx());
    }
    let r = game.result().expect("ended");
    let plies = game.ply();
    // The PDN of the game replays to the same position and result.
    let back = dama::pdn::read_game(&dama::pdn::write_game(&game, &[]), dama::Variant::Italian)
        .expect("own PDN reads");
    assert_eq!(back.position(), game.position(), "PDN replay, seed {seed}");
    assert_eq!(back.result(), game.result(), "PDN result, seed {seed}");
    // Undo to the start restores the start position and its hash.
    while game.undo().is_some() {}
    assert_eq!(game.ply(), 0);
    assert_eq!(
        *game.position(),
        dama::Position::start(dama::Variant::Italian)
    );
    assert_eq!(
        game.hash(),
        dama::Position::start(dama::Variant::Italian).hash()
    );
    GameStats {
        plies,
        reason: r.reason,
    }
}

const PAIRINGS: &[[Player; 2]] = &[
    [Player::Random, Player::Random],
    [Player::Random, Player::Nodes],
    [Player::Nodes, Player::Random],
    [Player::Nodes, Player::Nodes],
    [Player::Level(1), Player::Random],
    [Player::Random, Player::Level(2)],
    [Player::Level(3), Player::Nodes],
    [Player::Level(1), Player::Level(3)],
    [Player::Level(2), Player::Level(2)],
    [Player::Nodes, Player::Level(1)],
];

#[test]
fn soak_games() {
    let games = env_u64("SOAK_GAMES", 300);
    let mem_mb = env_u64("SOAK_MEM_MB", 8);
    let base_seed = env_u64("SOAK_SEED", 0x50A4);
    let warmup = (games / 10).clamp(1, 50);
    // The memory is measured after the warm-up and at the end: there must be games after it.
    assert!(
        games > warmup,
        "SOAK_GAMES={games}: the memory check needs games after the {warmup} of the warm-up"
    );

    let mut players = Players {
        engines: [Engine::new(4), Engine::new(4)],
    };
    let mut rss_warm = None;
    let mut played = 0u64;
    let mut plies_total = 0usize;
    let mut longest = 0usize;
    let mut over_400 = 0u64;
    let mut reasons = std::collections::BTreeMap::<&'static str, u64>::new();
    let start = Instant::now();
    for i in 0..games {
        let kinds = PAIRINGS[i as usize % PAIRINGS.len()];
        let seed = base_seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(i);
        let s = play_game(&mut players, kinds, seed);
        played += 1;
        plies_total += s.plies;
        longest = longest.max(s.plies);
        if s.plies > 400 {
            over_400 += 1;
        }
        *reasons.entry(s.reason.id()).or_default() += 1;
        if i + 1 == warmup {
            rss_warm = resident_bytes();
        }
    }
    let rss_end = resident_bytes();
    eprintln!(
        "soak: {played} games ({} asked, {:.1} s), {plies_total} plies, longest {longest}, \
         {over_400} over 400 plies, endings {reasons:?}",
        games,
        start.elapsed().as_secs_f64()
    );
    assert_eq!(played, games, "every game asked is played");
    match (rss_warm, rss_end) {
        (Some(a), Some(b)) => {
            let growth = b as i64 - a as i64;
            eprintln!(
                "soak: resident memory after {warmup} warm-up games {:.2} MB, after {played} games \
                 {:.2} MB, growth {:.3} MB (bound {mem_mb} MB)",
                a as f64 / 1e6,
                b as f64 / 1e6,
                growth as f64 / 1e6
            );
            assert!(
                growth < (mem_mb * 1024 * 1024) as i64,
                "resident memory grew by {growth} bytes over {} games",
                played - warmup
            );
        }
        // Only where the system has no /proc/self/statm to read.
        _ if cfg!(target_os = "linux") => {
            panic!("soak: resident memory could not be read from /proc/self/statm")
        }
        _ => eprintln!("soak: memory not measured (no /proc on this system)"),
    }
}
