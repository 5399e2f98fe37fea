//! Endgame tables of both games: built in memory up to 4 pieces and checked against the
//! rules, an independent solver, the search, published theory, and a conversion match under
//! each game's king-move rule (80 plies Italian, 40 Brazilian).

use dama::engine::egtb::{EgtbError, Probe, Signature, Tables, Wdl};
use dama::engine::{Engine, Limits, NoClock, MATE_BOUND, TB_WIN};
use dama::{ByVariant, Game, Outcome, Position, Reason, Variant};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

fn tables() -> &'static Arc<Tables> {
    tables_of(Variant::Italian)
}

/// Each game's tables up to 4 pieces under its own king-move rule, built once.
fn tables_of(variant: Variant) -> &'static Arc<Tables> {
    static T: ByVariant<OnceLock<Arc<Tables>>> = ByVariant::new(OnceLock::new(), OnceLock::new());
    T[variant].get_or_init(|| {
        let rule = variant.draw_rules().king_move_plies;
        Arc::new(dama_tools::egtb::build(variant, 4, rule, &mut |_| {}))
    })
}

fn fen(s: &str) -> Position {
    Position::from_fen(dama::Variant::Italian, s).unwrap()
}

/// The same position with the colours swapped and the board turned: the other side to move.
fn flipped(p: &Position) -> Position {
    p.flipped()
}

/// Every position of a table (White to move).
fn positions(sig: Signature) -> impl Iterator<Item = Position> {
    positions_of(Variant::Italian, sig)
}

/// Every position of a table of `variant` (White to move).
fn positions_of(variant: Variant, sig: Signature) -> impl Iterator<Item = Position> {
    (0..sig.size()).filter_map(move |i| sig.position(variant, i))
}

/// A small deterministic generator for sampling.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// What a position's value must be, from its successors' stored values (the retrograde rule
/// restated): a zeroing move into a loss wins at once, a king move adds a ply to its child's
/// distance, read with one king ply played; the winner takes the shortest, the loser the
/// longest, and beyond the rule it is a draw.
fn expected(t: &Tables, pos: &Position) -> Probe {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Probe {
            wdl: Wdl::Loss,
            dtz: 0,
        };
    }
    let mut win: Option<u32> = None;
    let mut draw = false;
    let mut loss = 0;
    for m in moves.iter() {
        let c = t.probe(&pos.play(m)).expect("successor in the tables");
        let zeroing = m.is_capture() || !m.is_king_move();
        let kp = if zeroing { 0 } else { 1 };
        let d = if zeroing { 1 } else { c.dtz + 1 };
        match c.under_rule(kp, t.rule()) {
            Wdl::Loss => win = Some(win.map_or(d, |w| w.min(d))),
            Wdl::Draw => draw = true,
            Wdl::Win => loss = loss.max(d),
        }
    }
    let p = match (win, draw) {
        (Some(d), _) => Probe {
            wdl: Wdl::Win,
            dtz: d,
        },
        (None, true) => Probe {
            wdl: Wdl::Draw,
            dtz: 0,
        },
        (None, false) => Probe {
            wdl: Wdl::Loss,
            dtz: loss,
        },
    };
    if p.dtz > t.rule() {
        Probe {
            wdl: Wdl::Draw,
            dtz: 0,
        }
    } else {
        p
    }
}

#[test]
fn every_value_agrees_with_its_successors() {
    for variant in Variant::ALL {
        agrees_with_successors(variant);
    }
}

fn agrees_with_successors(variant: Variant) {
    let t = tables_of(variant);
    assert_eq!(t.variant(), variant);
    assert_eq!(t.rule(), variant.draw_rules().king_move_plies);
    let mut n = 0u64;
    for &sig in t.signatures() {
        // All of the 2- and 3-piece tables; every 3rd index of the 4-piece ones (the
        // selection varies with the index, so every slice is visited).
        let step = if sig.pieces() <= 3 { 1 } else { 3 };
        for i in (0..sig.size()).step_by(step) {
            let Some(pos) = sig.position(variant, i) else {
                continue;
            };
            let stored = t.probe(&pos).unwrap();
            assert_eq!(stored, expected(t, &pos), "{} ({sig} #{i})", pos.to_fen());
            n += 1;
        }
    }
    assert!(n > 2_000_000, "{n} positions checked");
}

#[test]
fn tables_are_complete_and_sized() {
    let t = tables();
    assert_eq!(t.max_pieces(), 4);
    assert_eq!(t.signatures().count(), Signature::all(4).len());
    assert_eq!(Signature::all(4).len(), 41);
    let positions: u64 = t.signatures().map(|s| t.stats(s).unwrap().positions).sum();
    let size: u64 = t.signatures().map(|s| s.size()).sum();
    assert_eq!(size, 3512 + 198_768 + 6_360_312);
    assert!(positions <= size && positions > size * 97 / 100);
}

/// Pure win/draw/loss of every position of `variant` with up to 3 pieces, either side to
/// move, by fixpoint iteration over the game graph with `Position::legal_moves` and no table
/// code.
fn solve_independently(variant: Variant) -> HashMap<Position, Wdl> {
    let mut all = Vec::new();
    for sig in Signature::all(3) {
        for p in positions_of(variant, sig) {
            all.push(p);
            all.push(flipped(&p));
        }
    }
    let mut val: HashMap<Position, Wdl> = HashMap::new();
    let value_of = |val: &HashMap<Position, Wdl>, p: &Position| -> Option<Wdl> {
        if p.pieces(p.turn()) == 0 {
            Some(Wdl::Loss)
        } else {
            val.get(p).copied()
        }
    };
    loop {
        let mut changed = false;
        for p in &all {
            if val.contains_key(p) {
                continue;
            }
            let moves = p.legal_moves();
            let mut all_win = true;
            let mut v = None;
            for m in moves.iter() {
                match value_of(&val, &p.play(m)) {
                    Some(Wdl::Loss) => {
                        v = Some(Wdl::Win);
                        break;
                    }
                    Some(Wdl::Win) => {}
                    _ => all_win = false,
                }
            }
            if v.is_none() && all_win {
                v = Some(Wdl::Loss);
            }
            if let Some(v) = v {
                val.insert(*p, v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for p in all {
        val.entry(p).or_insert(Wdl::Draw);
    }
    val
}

#[test]
fn small_tables_match_an_independent_solver() {
    for variant in Variant::ALL {
        let t = tables_of(variant);
        let solved = solve_independently(variant);
        assert!(solved.len() > 390_000);
        for (p, v) in &solved {
            // No 3-piece win needs 40 king plies (the longest is 8), so the rule changes
            // nothing here.
            assert_eq!(t.probe(p).unwrap().wdl, *v, "{}", p.to_fen());
        }
    }
}

#[test]
fn known_results() {
    let t = tables();
    let wdl = |f: &str| t.probe(&fen(f)).unwrap().wdl;
    // King against king, far apart: nobody can force anything.
    assert_eq!(wdl("W:WK29:BK4"), Wdl::Draw);
    assert_eq!(wdl("B:WK29:BK4"), Wdl::Draw);
    // Two kings against one win from a quiet position, either side to move.
    assert_eq!(wdl("W:WK29,K30:BK4"), Wdl::Win);
    assert_eq!(wdl("B:WK29,K30:BK4"), Wdl::Loss);
    // A king adjacent to an enemy king with room behind captures it.
    assert_eq!(wdl("W:WK22:BK18"), Wdl::Win);
    assert_eq!(t.probe(&fen("W:WK22:BK18")).unwrap().dtz, 1);
    // A lone man against two kings always loses, whoever is to move.
    for sig in [Signature::new(1, 0, 0, 2), Signature::new(0, 2, 1, 0)] {
        let s = t.stats(&sig).unwrap();
        let lost = if sig.white_men == 1 { s.losses } else { s.wins };
        assert_eq!(lost, s.positions, "{s:?}");
    }
    // A side with nothing left has lost; positions of more than 4 pieces are not known.
    assert_eq!(t.probe(&fen("B:W21:B")).map(|p| p.wdl), Some(Wdl::Loss));
    assert_eq!(t.probe(&Position::start(dama::Variant::Italian)), None);
    // Almost every 2-king vs 1-king position is won (the rest lose a king at once).
    let s = t.stats(&Signature::new(0, 2, 0, 1)).unwrap();
    assert!(s.wins * 100 > s.positions * 99, "{s:?}");
    // Colour symmetry: the turned position with the other side to move has the same value.
    for sig in [Signature::new(1, 1, 0, 1), Signature::new(0, 2, 1, 0)] {
        for p in positions(sig).step_by(97) {
            assert_eq!(t.probe(&p), t.probe(&flipped(&p)));
        }
    }
}

#[test]
fn forced_mates_found_by_search_agree() {
    // Where a plain search to depth 9 proves a result, the tables must hold the same.
    let t = tables();
    let mut rng = Lcg(7);
    let mut proved = 0;
    let sigs: Vec<Signature> = Signature::all(4)
        .into_iter()
        .filter(|s| s.pieces() == 4)
        .collect();
    for _ in 0..400 {
        let sig = sigs[rng.next() as usize % sigs.len()];
        let Some(p) = sig.position(Variant::Italian, rng.next() % sig.size()) else {
            continue;
        };
        let r = dama::engine::search_fixed(&Game::from_position(p), &Limits::depth(9));
        if r.score.abs() > MATE_BOUND {
            let want = if r.score > 0 { Wdl::Win } else { Wdl::Loss };
            assert_eq!(t.probe(&p).unwrap().wdl, want, "{}", p.to_fen());
            proved += 1;
        }
    }
    assert!(proved > 20, "{proved}");
}

/// Plays `games` won positions of `sigs` out: the engine with the tables against the tables'
/// longest defence; every game must end in a win for the engine, never a king-move draw.
/// Returns the longest game in plies and the longest starting distance.
fn convert(t: &Arc<Tables>, sigs: &[Signature], games: u32, seed: u64) -> (usize, u32) {
    let mut rng = Lcg(seed);
    let mut engine = Engine::with_clock(1, Box::new(NoClock));
    engine.set_tables(t.clone());
    let (mut played, mut longest, mut longest_dtz) = (0, 0, 0);
    while played < games {
        let sig = sigs[rng.next() as usize % sigs.len()];
        let Some(mut p) = sig.position(t.variant(), rng.next() % sig.size()) else {
            continue;
        };
        let v = t.probe(&p).unwrap();
        // Long conversions first: most random wins are a capture away.
        if v.wdl != Wdl::Win || (v.dtz < 5 && !rng.next().is_multiple_of(4)) {
            continue;
        }
        if !played.is_multiple_of(2) {
            p = flipped(&p);
        }
        longest_dtz = longest_dtz.max(v.dtz);
        let winner = p.turn();
        let mut game = Game::from_position(p);
        while game.result().is_none() {
            let m = if game.turn() == winner {
                let r = engine.search(&game, &Limits::depth(3), &mut |_| {});
                assert!(r.score > TB_WIN - 200, "{}", game.position().to_fen());
                r.best.unwrap()
            } else {
                t.best_move(game.position(), game.king_plies()).unwrap().0
            };
            game.play(&m).unwrap();
            assert!(game.ply() < 2000);
        }
        let r = game.result().unwrap();
        assert_eq!(r.outcome, Outcome::Win(winner), "{} from {}", r, p.to_fen());
        assert_eq!(r.reason, Reason::NoMoves);
        longest = longest.max(game.ply());
        played += 1;
    }
    (longest, longest_dtz)
}

#[test]
fn the_engine_converts_wins_within_the_king_rule() {
    let sigs: Vec<Signature> = Signature::all(4)
        .into_iter()
        .filter(|s| s.pieces() >= 3)
        .collect();
    let (longest, longest_dtz) = convert(tables(), &sigs, 200, 2024);
    assert!(
        longest_dtz >= 20,
        "some conversions are long: {longest_dtz}"
    );
    assert!(longest > 20, "{longest}");
}

#[test]
fn brazilian_engine_converts_wins_within_its_king_rule() {
    let sigs: Vec<Signature> = Signature::all(4)
        .into_iter()
        .filter(|s| s.pieces() >= 3)
        .collect();
    let (longest, longest_dtz) = convert(tables_of(Variant::Brazilian), &sigs, 200, 2026);
    assert!(
        longest_dtz >= 10,
        "some conversions are long: {longest_dtz}"
    );
    assert!(longest > 10, "{longest}");
}

/// Brazilian draughts' flying kings, by the published theory of three kings against one (as
/// in Russian draughts): the lone king that holds the long diagonal a1-h8 cannot be beaten,
/// and three kings that hold it win (Petrov's triangle) well within the 40-ply rule.
#[test]
fn brazilian_three_kings_against_one_follow_the_theory() {
    let t = tables_of(Variant::Brazilian);
    let v = Variant::Brazilian;
    let long: u32 = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
        .iter()
        .map(|s| 1 << v.square_at(s).unwrap().index())
        .sum();
    let (mut held, mut holding) = (0, 0);
    // The lone king to move on the long diagonal, which no other king is on: a draw.
    for p in positions_of(v, Signature::new(0, 1, 0, 3)) {
        let lone = p.pieces(p.turn());
        if lone & long != 0 && p.pieces(p.turn().opposite()) & long == 0 {
            // (Unless a capture, compulsory, takes it off: then anything may happen.)
            if p.legal_moves()[0].is_capture() {
                continue;
            }
            assert_eq!(t.probe(&p).unwrap().wdl, Wdl::Draw, "{}", p.to_fen());
            held += 1;
        }
    }
    // Three kings to move, one of them on the long diagonal, against a king that cannot
    // reach it at once: a win, and never a long one.
    let s = t.stats(&Signature::new(0, 3, 0, 1)).unwrap();
    assert!(s.max_win <= 30, "{s:?}");
    for p in positions_of(v, Signature::new(0, 3, 0, 1)) {
        let lone = p.pieces(p.turn().opposite());
        if p.pieces(p.turn()) & long != 0 && lone & long == 0 {
            let r = t.probe(&p).unwrap();
            if r.wdl == Wdl::Win {
                holding += 1;
            }
        }
    }
    assert!(held > 1000, "{held}");
    assert!(holding > 30_000, "{holding}");
    // Two kings against one are mostly a draw with flying kings (in Italian, a win).
    let s = t.stats(&Signature::new(0, 2, 0, 1)).unwrap();
    assert!(s.draws > s.positions / 2, "{s:?}");
    // A Brazilian man captures a king, and backward: this man to move wins at once.
    let p = Position::from_fen(v, "W:W18:BK14").unwrap();
    assert_eq!(
        t.probe(&p).unwrap(),
        Probe {
            wdl: Wdl::Win,
            dtz: 1
        }
    );
}

#[test]
fn tables_answer_only_for_their_own_game() {
    let it = tables_of(Variant::Italian);
    let br = tables_of(Variant::Brazilian);
    let sig = Signature::new(0, 2, 0, 1);
    let i = (0..sig.size())
        .find(|&i| sig.position(Variant::Italian, i).is_some())
        .unwrap();
    assert!(it
        .probe(&sig.position(Variant::Italian, i).unwrap())
        .is_some());
    assert_eq!(
        it.probe(&sig.position(Variant::Brazilian, i).unwrap()),
        None
    );
    assert_eq!(br.probe(&sig.position(Variant::Italian, i).unwrap()), None);
    // A file says its game: Brazilian bytes load as Brazilian tables, and do not mix.
    let bytes = br.to_bytes(2);
    let back = Tables::load(&bytes).unwrap();
    assert_eq!(back.variant(), Variant::Brazilian);
    assert_eq!(back.rule(), 40);
    let mut mixed = Tables::load(&it.to_bytes(2)).unwrap();
    assert_eq!(
        mixed.add(&br.to_bytes(3)).unwrap_err(),
        EgtbError::WrongGame(Variant::Brazilian)
    );
    assert_eq!(mixed.signatures().count(), 4, "nothing added");
    // An unknown game in the header is refused.
    let mut bad = bytes.clone();
    bad[16] = 99;
    assert_eq!(Tables::load(&bad).unwrap_err(), EgtbError::Game(99));
    // The engine uses each game's tables in that game only.
    let mut engine = Engine::with_clock(1, Box::new(NoClock));
    engine.set_tables(br.clone());
    let won = Game::from_fen(Variant::Brazilian, "W:WK29,K2,K3:BK21").unwrap();
    let r = engine.search(&won, &Limits::depth(1), &mut |_| {});
    assert!(r.score > TB_WIN - 200, "{}", r.score);
    assert_eq!(r.nodes, 1, "played from the tables");
    let italian = Game::from_fen(Variant::Italian, "W:WK29,K30:BK4").unwrap();
    let r = engine.search(&italian, &Limits::depth(1), &mut |_| {});
    assert!(r.score < TB_WIN - 200, "no Italian tables: {}", r.score);
}

/// A file of the first format (no game in its header) is read as Italian.
#[test]
fn version_one_files_are_italian() {
    let it = tables_of(Variant::Italian);
    let v2 = it.to_bytes(2);
    let mut v1 = v2[..16].to_vec();
    v1[8] = 1;
    v1.extend_from_slice(&v2[20..]);
    let t = Tables::load(&v1).unwrap();
    assert_eq!(t.variant(), Variant::Italian);
    assert_eq!(t.signatures().count(), 4);
}

/// With the files `make egtb` writes (into egtb-data/GAME/, else an absolute DAMA_EGTB_DIR
/// holding italian/ and brazilian/):
/// `cargo test --release -p dama-tools --test egtb -- --ignored`.
#[test]
#[ignore]
fn five_piece_conversions_from_files() {
    let dir = std::env::var("DAMA_EGTB_DIR").unwrap_or_else(|_| "../../egtb-data".into());
    for variant in Variant::ALL {
        let t = Arc::new(Tables::from_dir(format!("{dir}/{}", variant.id())).unwrap());
        assert_eq!(t.variant(), variant);
        assert!(t.max_pieces() >= 5);
        let sigs: Vec<Signature> = Signature::all(5)
            .into_iter()
            .filter(|s| s.pieces() == 5)
            .collect();
        let (longest, longest_dtz) = convert(&t, &sigs, 500, 55);
        eprintln!(
            "{}: 500 five-piece wins converted; longest game {longest} plies, longest dtz \
             {longest_dtz}",
            variant.name()
        );
    }
}

#[test]
fn search_probes_reach_the_tables() {
    // Five pieces, not in the tables: White's capture leads to a won 4-piece ending.
    let mut engine = Engine::with_clock(1, Box::new(NoClock));
    engine.set_tables(tables().clone());
    let game = Game::from_fen(dama::Variant::Italian, "W:WK22,K29,K30:BK18,K4").unwrap();
    assert_eq!(tables().probe(game.position()), None);
    let r = engine.search(&game, &Limits::depth(2), &mut |_| {});
    assert_eq!(
        dama::notation::full_text(dama::Variant::Italian, &r.best.unwrap()),
        "22x13"
    );
    assert!(
        r.score > TB_WIN - 200 && r.score < MATE_BOUND,
        "{}",
        r.score
    );
    // In the tables, a lost root is defended by the tables too.
    let game = Game::from_fen(dama::Variant::Italian, "B:WK29,K30:BK4").unwrap();
    let r = engine.search(&game, &Limits::depth(2), &mut |_| {});
    assert!(r.score < -(TB_WIN - 200), "{}", r.score);
}

#[test]
fn files_round_trip_and_damage_is_an_error() {
    let t = tables();
    let mut back = Tables::new(Variant::Italian);
    for n in 2..=4 {
        back.add(&t.to_bytes(n)).unwrap();
    }
    assert_eq!(back.max_pieces(), 4);
    let mut rng = Lcg(5);
    for _ in 0..2000 {
        let sig = Signature::all(4)[rng.next() as usize % 41];
        if let Some(p) = sig.position(dama::Variant::Italian, rng.next() % sig.size()) {
            assert_eq!(back.probe(&p), t.probe(&p));
        }
    }
    // The same table twice is refused.
    assert!(matches!(
        back.add(&t.to_bytes(2)),
        Err(EgtbError::Duplicate(_))
    ));

    let bytes = t.to_bytes(2);
    // Every truncation, every single damaged byte: an error, never a panic.
    for len in 0..bytes.len() {
        assert!(Tables::load(&bytes[..len]).is_err(), "truncated at {len}");
    }
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x5A;
        assert!(Tables::load(&b).is_err(), "damaged at {i}");
    }
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(Tables::load(&long).unwrap_err(), EgtbError::TrailingBytes);
    assert_eq!(
        Tables::load(b"not a table file").unwrap_err(),
        EgtbError::BadMagic
    );
    // Headers claiming huge tables fail on the size check before any allocation.
    let mut huge = bytes[..20].to_vec();
    huge.extend_from_slice(&[2, 2, 2, 2]);
    huge.extend_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(Tables::load(&huge), Err(EgtbError::Size(..))));
    let mut junk = Lcg(9);
    for n in 0..200 {
        let v: Vec<u8> = (0..n * 3).map(|_| junk.next() as u8).collect();
        assert!(Tables::load(&v).is_err());
    }
    assert!(matches!(
        Tables::from_dir("/nonexistent/egtb"),
        Err(EgtbError::Io(_))
    ));
}

/// A king-ply count past any rule (a caller's number, unchecked) reads as a draw: it neither
/// overflows nor wraps round to a fresh count.
#[test]
fn huge_king_ply_counts_are_past_the_rule() {
    let win = Probe {
        wdl: Wdl::Win,
        dtz: 5,
    };
    let rule = Variant::Italian.draw_rules().king_move_plies;
    assert_eq!(win.under_rule(75, rule), Wdl::Win);
    assert_eq!(win.under_rule(76, rule), Wdl::Draw);
    assert_eq!(win.under_rule(u32::MAX, rule), Wdl::Draw);
    let pos = fen("W:WK29,K30:BK4");
    assert_eq!(tables().best_move(&pos, 0).unwrap().1.wdl, Wdl::Win);
    assert_eq!(tables().best_move(&pos, u32::MAX).unwrap().1.wdl, Wdl::Draw);
}

/// The explorer's list: every legal move once, each with the value its child gives (the
/// retrograde rule read from the mover's side), wins shortest first, then draws, then losses
/// longest first; its first is the tables' best move. Sampled in both games.
#[test]
fn ranked_moves_list_every_move_by_its_value() {
    for variant in Variant::ALL {
        let t = tables_of(variant);
        let mut rng = Lcg(11);
        let sigs: Vec<Signature> = t
            .signatures()
            .copied()
            .filter(|s| s.pieces() == 4)
            .collect();
        let mut seen = [0usize; 3];
        for sig in &sigs {
            let size = sig.size();
            for _ in 0..40 {
                let Some(pos) = sig.position(variant, rng.next() % size) else {
                    continue;
                };
                let Some(ranked) = t.ranked_moves(&pos, 0) else {
                    assert!(pos.legal_moves().is_empty(), "{}", pos.to_fen());
                    continue;
                };
                assert_eq!(ranked.len(), pos.legal_moves().len(), "{}", pos.to_fen());
                assert_eq!(t.best_move(&pos, 0), Some(ranked[0]));
                // The position's own value is its best move's.
                assert_eq!(
                    t.probe(&pos).map(|p| p.wdl),
                    Some(ranked[0].1.wdl),
                    "{}",
                    pos.to_fen()
                );
                for (m, p) in &ranked {
                    let child = t.probe(&pos.play(m)).unwrap();
                    let zeroing = m.is_capture() || !m.is_king_move();
                    let flip = |w| match w {
                        Wdl::Win => Wdl::Loss,
                        Wdl::Loss => Wdl::Win,
                        Wdl::Draw => Wdl::Draw,
                    };
                    let kp = if zeroing { 0 } else { 1 };
                    assert_eq!(
                        p.wdl,
                        flip(child.under_rule(kp, t.rule())),
                        "{}",
                        pos.to_fen()
                    );
                    if p.wdl != Wdl::Draw {
                        assert_eq!(p.dtz, if zeroing { 1 } else { child.dtz + 1 });
                    }
                    seen[p.wdl as usize] += 1;
                }
                let order = |p: &Probe| match p.wdl {
                    Wdl::Win => (2, -(p.dtz as i64)),
                    Wdl::Draw => (1, 0),
                    Wdl::Loss => (0, p.dtz as i64),
                };
                assert!(
                    ranked.windows(2).all(|w| order(&w[0].1) >= order(&w[1].1)),
                    "{}",
                    pos.to_fen()
                );
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "{variant:?}: {seen:?}");
    }
}
