//! The checks behind each fuzz target, shared with the regression tests in
//! `crates/dama/tests/regressions.rs`, which replay kept inputs through the same functions.
//! Included by path from both places, so it depends on nothing but `dama`.

#![allow(dead_code)]

use dama::bitboard::{BLACK_PROMOTION, WHITE_PROMOTION};
use dama::{fen as fen_text, notation, pdn as pdn_text, Color, Game, Outcome, Position, Reason};

/// FEN: whatever parses writes back to a FEN that parses to the same position, and that FEN
/// is a fixed point of write(parse(.)); a parsed position is a legal one.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = fen_text::parse(text) else {
        return;
    };
    let written = pos.to_fen();
    let again = fen_text::parse(&written)
        .unwrap_or_else(|e| panic!("{text:?} parsed, but its FEN {written:?} does not: {e:?}"));
    assert_eq!(pos, again, "{text:?} -> {written:?}");
    assert_eq!(written, again.to_fen());
    position(&pos, &|| format!("{text:?}"));
    let _ = pos.legal_moves();
}

pub fn position(p: &Position, ctx: &dyn Fn() -> String) {
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

/// Move text against fixed positions (the first byte picks one): whatever parses is a legal
/// move, and its own texts parse back to it.
pub fn move_text(data: &[u8]) {
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

/// PDN: parse and replay never panic; a replayed game written back reads back the same.
pub fn pdn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = pdn_text::read_game(text);
    let Ok(games) = pdn_text::parse(text) else {
        return;
    };
    for g in &games {
        let Ok(game) = pdn_text::replay(g) else {
            continue;
        };
        let out = game.to_pdn(&[]);
        let back = pdn_text::read_game(&out).unwrap_or_else(|e| {
            panic!("replayed game writes PDN that does not read: {e:?}\n{out}")
        });
        assert_eq!(back.ply(), game.ply(), "{out}");
        assert_eq!(back.position(), game.position(), "{out}");
        assert_eq!(back.result(), game.result(), "{out}");
    }
}

/// Each byte picks a legal move from the start; after every move the game's invariants hold.
pub fn play_indices(data: &[u8]) {
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
        position(&p, &ctx);
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
                Reason::Repetition => {
                    assert!(rep && !no_moves && r.outcome == Outcome::Draw, "{}", ctx())
                }
                Reason::KingMoves => {
                    assert!(
                        kings && !no_moves && r.outcome == Outcome::Draw,
                        "{}",
                        ctx()
                    )
                }
                other => panic!("unexpected reason {other:?}: {}", ctx()),
            },
            None => assert!(!no_moves && !rep && !kings, "should have ended: {}", ctx()),
        }
    }
}
