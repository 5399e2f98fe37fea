//! Finds tactics for the test suite: positions from random play where one move wins material
//! (or the game) and every other move is clearly worse, checked by a deep search.
//! `cargo run --release --example mine_tactics -- [count] [seed] [italian|brazilian]` prints
//! `FEN;move;score;depth` (FEN and move in the game's own numbering and notation) where depth
//! is the shallowest search that already picks the move.

use dama::engine::{Engine, Limits, Rng, MATE_BOUND};
use dama::{notation, Color, Game, Variant};

fn material(g: &Game) -> i32 {
    let p = g.position();
    let us = p.turn();
    // A flying king is worth about three men, a short one two.
    let king = if g.variant().flying_kings() { 3 } else { 2 };
    let count = |c: Color| (p.men_of(c).count_ones() + king * p.kings_of(c).count_ones()) as i32;
    count(us) - count(us.opposite())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let want: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut rng = Rng::new(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1));
    let variant: Variant = args
        .get(2)
        .map_or(Ok(Variant::Italian), |s| s.parse())
        .unwrap();
    let mut found = 0;
    let mut engine = Engine::new(32);
    while found < want {
        let mut g = Game::new(variant);
        let plies = 6 + rng.below(50) as usize;
        // Low-level self-play (randomised among near-best moves) keeps the material level,
        // where random moves would give one side a won game within a few moves.
        let mut player = Engine::new(4);
        let game_seed = rng.next_u64();
        for _ in 0..plies {
            if g.result().is_some() {
                break;
            }
            let r =
                dama::engine::level::play(&mut player, &g, 1 + rng.below(3) as u8, 1e9, game_seed);
            g.play(&r.best.unwrap()).unwrap();
        }
        let moves = g.legal_moves();
        // Level material (a king counts two men): a shot, not a position already won.
        if moves.len() < 3 || moves[0].is_capture() || material(&g).abs() > 1 {
            continue;
        }
        // What the position is worth before looking ahead: the shot must gain on it.
        engine.clear();
        let quiet = engine.search(&g, &Limits::depth(1), &mut |_| {}).score;
        engine.clear();
        let deep = Limits::depth(12);
        let mut scores = engine.root_scores(&g, 12, &deep);
        scores.sort_by_key(|(_, s)| -s);
        let (best, s0) = scores[0];
        let s1 = scores[1].1;
        let wins_material = s0 >= quiet + 120 && (100..MATE_BOUND).contains(&s0);
        let wins_game = s0 > MATE_BOUND;
        if !(wins_material || wins_game) || s1 > s0 - 150 {
            continue;
        }
        // The shallowest depth at which a fresh search already plays it.
        let mut need = 0;
        for d in 1..=16 {
            engine.clear();
            let r = engine.search(&g, &Limits::depth(d), &mut |_| {});
            if r.best == Some(best) {
                need = d;
                break;
            }
        }
        if need < 3 {
            continue; // too easy to be a tactic
        }
        found += 1;
        let legal = g.legal_moves();
        println!(
            "{};{};{};{}",
            g.fen(),
            notation::move_text_among(variant, &legal, &best),
            s0,
            need
        );
    }
}
