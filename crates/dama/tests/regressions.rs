//! Regressions found by fuzzing and soak runs.
//!
//! Every file kept under `tests/data/fuzz/<target>/` (the targets of the cargo-fuzz project in
//! `fuzz/`: `fen`, `move_text`, `pdn`, `play_indices`) is run through the same checks as its
//! fuzz target, so an input that once crashed stays fixed. To keep a crash, copy it from
//! `fuzz/artifacts/<target>/` into that folder (and, if it shows a bug not yet fixed, add a
//! named test below marked `#[ignore = "bug: ..."]`). The `hub` target's inputs belong to the
//! CLI and are not replayed here.

use dama::bitboard::{BLACK_PROMOTION, WHITE_PROMOTION};
use dama::{fen, notation, pdn, Color, Game, Outcome, Position, Reason};
use std::path::PathBuf;

fn kept(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut v: Vec<(String, Vec<u8>)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("readable"),
            )
        })
        .collect();
    v.sort();
    v
}

/// What the `fen` fuzz target checks.
fn check_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = fen::parse(text) else {
        return;
    };
    let written = pos.to_fen();
    let again = fen::parse(&written)
        .unwrap_or_else(|e| panic!("{text:?} parsed, but its FEN {written:?} does not: {e:?}"));
    assert_eq!(pos, again, "{text:?} -> {written:?}");
    assert_eq!(written, again.to_fen());
    check_position(&pos, &|| format!("{text:?}"));
    let _ = pos.legal_moves();
}

fn check_position(p: &Position, ctx: &dyn Fn() -> String) {
    let (w, b, k) = (p.pieces(Color::White), p.pieces(Color::Black), p.kings());
    assert_eq!(w & b, 0, "overlap: {}", ctx());
    assert_eq!(k & !(w | b), 0, "king on an empty square: {}", ctx());
    assert_eq!(w & !k & WHITE_PROMOTION, 0, "white man on 1-4: {}", ctx());
    assert_eq!(b & !k & BLACK_PROMOTION, 0, "black man on 29-32: {}", ctx());
    assert!(w.count_ones() <= 12 && b.count_ones() <= 12, "{}", ctx());
}

const MOVE_TEXT_FENS: &[&str] = &[
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:WK22:B18,19,27",
    "W:WK27:B5,6,13,15,21,23",
    "W:WK21,31:B10,18,27",
    "W:WK23,31:B19,26,27",
    "W:WK30:B10,12,18,K20,K26,27",
    "W:WK31:B18,20,K27,K28",
    "W:W31:B12,20,28",
    "B:W18,19,22,23,26,27:BK14,K15,3",
    "W:W14,18,22,K30:B1,6,7,10,K25",
];

/// What the `move_text` fuzz target checks: the first byte picks the position.
fn check_move_text(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = Position::from_fen(MOVE_TEXT_FENS[sel as usize % MOVE_TEXT_FENS.len()]).unwrap();
    let legal = pos.legal_moves();
    if let Ok(m) = notation::parse(&pos, text) {
        assert!(
            legal
                .iter()
                .any(|l| l.from() == m.from() && l.to() == m.to() && l.captured() == m.captured()),
            "{text:?} parsed to a move not legal in {}: {m:?}",
            pos.to_fen()
        );
        for own in [notation::move_text(&pos, &m), notation::full_text(&m)] {
            let back = notation::parse(&pos, &own)
                .unwrap_or_else(|e| panic!("the text {own:?} of {m:?} does not parse: {e:?}"));
            assert_eq!(back.captured(), m.captured(), "{own:?}");
            assert_eq!((back.from(), back.to()), (m.from(), m.to()), "{own:?}");
        }
    }
    let _ = notation::parse_in(&legal, text);
}

/// What the `pdn` fuzz target checks.
fn check_pdn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = pdn::read_game(text);
    let Ok(games) = pdn::parse(text) else {
        return;
    };
    for g in &games {
        let Ok(game) = pdn::replay(g) else {
            continue;
        };
        let out = game.to_pdn(&[]);
        let back = pdn::read_game(&out).unwrap_or_else(|e| {
            panic!("replayed game writes PDN that does not read: {e:?}\n{out}")
        });
        assert_eq!(back.ply(), game.ply(), "{out}");
        assert_eq!(back.position(), game.position(), "{out}");
        assert_eq!(back.result(), game.result(), "{out}");
    }
}

/// What the `play_indices` fuzz target checks: each byte picks a legal move.
fn check_play_indices(data: &[u8]) {
    let mut game = Game::new();
    let mut counts = (12u32, 12u32);
    for &b in data {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[b as usize % legal.len()];
        game.play(&m).expect("a legal move plays");
        let p = *game.position();
        let ctx = || format!("{:?}", game.move_texts());
        assert_eq!(game.hash(), p.hash(), "incremental hash: {}", ctx());
        check_position(&p, &ctx);
        let now = (
            p.pieces(Color::White).count_ones(),
            p.pieces(Color::Black).count_ones(),
        );
        assert!(now.0 <= counts.0 && now.1 <= counts.1, "{}", ctx());
        assert_eq!(
            counts.0 + counts.1 - now.0 - now.1,
            m.capture_count(),
            "{}",
            ctx()
        );
        counts = now;
        let no_moves = p.legal_moves().is_empty();
        let rules = game.draw_rules();
        let rep = game.repetitions() >= rules.repetitions;
        let kings = game.king_plies() >= rules.king_move_plies;
        match game.result() {
            Some(r) => match r.reason {
                Reason::NoMoves => {
                    assert!(no_moves, "{}", ctx());
                    assert_eq!(r.outcome, Outcome::Win(p.turn().opposite()));
                }
                Reason::Repetition => assert!(rep && !no_moves, "{}", ctx()),
                Reason::KingMoves => assert!(kings && !no_moves, "{}", ctx()),
                other => panic!("unexpected reason {other:?}: {}", ctx()),
            },
            None => assert!(!no_moves && !rep && !kings, "should have ended: {}", ctx()),
        }
    }
}

fn replay_kept(target: &str, check: fn(&[u8])) {
    for (name, data) in kept(target) {
        let r = std::panic::catch_unwind(|| check(&data));
        assert!(r.is_ok(), "tests/data/fuzz/{target}/{name} fails again");
    }
}

#[test]
fn kept_fen_inputs() {
    replay_kept("fen", check_fen);
}

#[test]
fn kept_move_text_inputs() {
    replay_kept("move_text", check_move_text);
}

#[test]
fn kept_pdn_inputs() {
    replay_kept("pdn", check_pdn);
}

#[test]
fn kept_play_indices_inputs() {
    replay_kept("play_indices", check_play_indices);
}

/// The checks themselves accept ordinary inputs (so a kept file that passes is meaningful).
#[test]
fn checks_accept_ordinary_inputs() {
    check_fen(b"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    check_fen(b"B:WK30:B10,K12,K18,20");
    check_move_text(b"\x0022-18");
    check_move_text(b"\x0227x25");
    check_pdn(b"[GameType \"22\"]\n1. 22-18 9-13 2. 18x9 5x14 *\n");
    check_play_indices(&(0..=255u8).cycle().take(2000).collect::<Vec<_>>());
}
