//! The checks behind each fuzz target, shared with the regression tests in
//! `crates/dama/tests/core/regressions.rs`, which replay kept inputs through the same functions.
//! Included by path from both places, so it depends on nothing but `dama`.
//!
//! The rules-related targets (`fen`, `move_text`, `play_indices`) play either game: the first
//! byte of the input chooses it (even: Italian, odd: Brazilian) and the rest is the target's
//! input proper. (`pdn` reads the game from the text's GameType tag.)

#![allow(dead_code)]

use dama::bitboard::{BLACK_PROMOTION, WHITE_PROMOTION};
use dama::{
    fen as fen_text, notation, pdn as pdn_text, Color, Game, Outcome, Position, Reason, Variant,
    MAX_MOVES,
};

/// The game an input is played in (its first byte: even Italian, odd Brazilian) and the rest
/// of the input; `None` for an empty input.
pub fn variant_and_rest(data: &[u8]) -> Option<(Variant, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((Variant::ALL[(first & 1) as usize], rest))
}

/// The moves of `pos` in `v`, checked against the list's capacity.
fn moves(v: Variant, pos: &Position) -> dama::MoveList {
    let legal = pos.with_variant(v).legal_moves();
    assert!(
        legal.len() < MAX_MOVES,
        "{}: the move list is full",
        fen_text::write(pos)
    );
    legal
}

/// FEN (first byte: the game): see [`fen_in`].
pub fn fen(data: &[u8]) {
    if let Some((v, rest)) = variant_and_rest(data) {
        fen_in(v, rest);
    }
}

/// FEN in `v`'s numbering: whatever parses writes back to a FEN that parses to the same
/// position, and that FEN is a fixed point of write(parse(.)); a parsed position is a legal
/// one. The same text read in the other game is the same numbers on the mirrored board.
pub fn fen_in(v: Variant, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = fen_text::parse(v, text);
    let other = Variant::ALL.into_iter().find(|&o| o != v).unwrap();
    let mirrored = fen_text::parse(other, text);
    assert_eq!(
        parsed.as_ref().map(mirror).ok(),
        mirrored.as_ref().ok().copied(),
        "{text:?} in {v} and {other}"
    );
    let Ok(pos) = parsed else {
        return;
    };
    let written = fen_text::write(&pos);
    let again = fen_text::parse(v, &written)
        .unwrap_or_else(|e| panic!("{text:?} parsed, but its FEN {written:?} does not: {e:?}"));
    assert_eq!(pos, again, "{text:?} -> {written:?}");
    assert_eq!(written, fen_text::write(&again));
    if v == Variant::Italian {
        assert_eq!(written, pos.to_fen());
    }
    position(&pos, &|| format!("{text:?}"));
    let _ = moves(v, &pos);
}

/// The same pieces on the same numbers of the other game's board: each row of four reversed.
fn mirror(p: &Position) -> Position {
    let m = |bb: u32| {
        (0..32u32)
            .filter(|i| bb & (1 << i) != 0)
            .fold(0u32, |acc, i| acc | 1 << ((i & !3) | (3 - (i & 3))))
    };
    // The same squares in the other game's numbering: the position of the other game.
    let other = Variant::ALL
        .into_iter()
        .find(|&o| o != p.variant())
        .unwrap();
    Position::from_bitboards(
        other,
        m(p.pieces(Color::White)),
        m(p.pieces(Color::Black)),
        m(p.kings()),
        p.turn(),
    )
    .expect("a mirrored position is valid")
}

pub fn position(p: &Position, ctx: &dyn Fn() -> String) {
    let (w, b, k) = (p.pieces(Color::White), p.pieces(Color::Black), p.kings());
    assert_eq!(w & b, 0, "overlap: {}", ctx());
    assert_eq!(k & !(w | b), 0, "king on an empty square: {}", ctx());
    assert_eq!(w & !k & WHITE_PROMOTION, 0, "white man on 1-4: {}", ctx());
    assert_eq!(b & !k & BLACK_PROMOTION, 0, "black man on 29-32: {}", ctx());
    assert!(w.count_ones() <= 12 && b.count_ones() <= 12, "{}", ctx());
}

pub const MOVE_TEXT_FENS: &[&str] = &[
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

/// Brazilian positions for `move_text`, in Brazilian numbering: the start, flying kings with
/// landing choices, a king circling back to its square (two routes), men capturing backward
/// and passing the far row, captured pieces in the way.
pub const BRAZILIAN_MOVE_TEXT_FENS: &[&str] = &[
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:WK29:B22",
    "W:WK29:B19,22",
    "W:WK18:B6,7,14,15",
    "W:W9:B6,7",
    "W:WK30:B10,11,23,27",
    "W:W22,K2:B18,K9",
    "B:W14,15,22,23,26:BK1,6,7",
    "W:WK18:B1",
];

/// The fixed position of `v` that `move_text` byte `sel` picks, with its FEN.
pub fn move_text_position(v: Variant, sel: u8) -> (&'static str, Position) {
    let fens = match v {
        Variant::Italian => MOVE_TEXT_FENS,
        Variant::Brazilian => BRAZILIAN_MOVE_TEXT_FENS,
    };
    let fen = fens[sel as usize % fens.len()];
    (fen, fen_text::parse(v, fen).unwrap())
}

/// Move text (first byte: the game; second: one of its fixed positions): see
/// [`move_text_in`].
pub fn move_text(data: &[u8]) {
    if let Some((v, rest)) = variant_and_rest(data) {
        move_text_in(v, rest);
    }
}

/// Move text against fixed positions of `v` (the first byte picks one): whatever parses is a
/// legal move, and its own texts parse back to it.
pub fn move_text_in(v: Variant, data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (fen, pos) = move_text_position(v, sel);
    let legal = moves(v, &pos);
    if let Ok(m) = notation::parse(&pos.with_variant(v), text) {
        assert!(
            legal
                .iter()
                .any(|l| l.from() == m.from() && l.to() == m.to() && l.captured() == m.captured()),
            "{text:?} parsed to a move not legal in {fen}: {m:?}"
        );
        for own in [
            notation::move_text_among(v, &legal, &m),
            notation::full_text(v, &m),
        ] {
            let back = notation::parse(&pos.with_variant(v), &own)
                .unwrap_or_else(|e| panic!("the text {own:?} of {m:?} does not parse: {e:?}"));
            assert_eq!(back.captured(), m.captured(), "{own:?}");
            assert_eq!((back.from(), back.to()), (m.from(), m.to()), "{own:?}");
        }
        if v == Variant::Italian {
            assert_eq!(notation::parse(&pos, text), Ok(m));
        }
    }
    let _ = notation::parse_among(v, &legal, text);
}

/// PDN: parse and replay never panic; a replayed game written back reads back the same.
pub fn pdn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = pdn_text::read_game(text, dama::Variant::Italian);
    let Ok(games) = pdn_text::parse(text) else {
        return;
    };
    for g in &games {
        let Ok(game) = pdn_text::replay(g, Variant::Italian) else {
            continue;
        };
        let out = dama::pdn::write_game(&game, &[]);
        let back = pdn_text::read_game(&out, dama::Variant::Italian).unwrap_or_else(|e| {
            panic!("replayed game writes PDN that does not read: {e:?}\n{out}")
        });
        assert_eq!(back.ply(), game.ply(), "{out}");
        assert_eq!(back.position(), game.position(), "{out}");
        assert_eq!(back.result(), game.result(), "{out}");
    }
}

/// Random games (first byte: the game): see [`play_indices_in`].
pub fn play_indices(data: &[u8]) {
    if let Some((v, rest)) = variant_and_rest(data) {
        play_indices_in(v, rest);
    }
}

/// Each byte picks a legal move from the start of a game of `v`; after every move the game's
/// invariants hold.
pub fn play_indices_in(v: Variant, data: &[u8]) {
    let mut game = Game::new(v);
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
        let no_moves = moves(v, &p).is_empty();
        let rules = game.draw_rules();
        let rep = game.repetitions() >= rules.repetitions;
        let kings = game.king_plies() >= rules.king_move_plies;
        // Three kings against a lone king (Brazilian): the count runs only in that ending.
        if game.three_kings_moves() > 0 {
            let (w, b, k) = (p.pieces(Color::White), p.pieces(Color::Black), p.kings());
            let ending = |us: u32, them: u32| {
                us.count_ones() == 3 && us & !k == 0 && them.count_ones() == 1 && them & k != 0
            };
            assert!(ending(w, b) || ending(b, w), "{}", ctx());
        }
        let three =
            rules.three_kings_moves > 0 && game.three_kings_moves() >= rules.three_kings_moves;
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
                Reason::ThreeKings => {
                    assert!(
                        three && !no_moves && r.outcome == Outcome::Draw,
                        "{}",
                        ctx()
                    );
                    assert_eq!(v, Variant::Brazilian, "{}", ctx());
                }
                other => panic!("unexpected reason {other:?}: {}", ctx()),
            },
            None => assert!(
                !no_moves && !rep && !kings && !three,
                "should have ended: {}",
                ctx()
            ),
        }
    }
}

/// The engine's data files (`loaders` target): the first byte chooses the format (0 weights,
/// 1 samples, 2 endgame tables, 3 opening book), the second the length the reader is told
/// (the bytes' own, or a length that lies, as a file that changes while it is read does),
/// the rest is the file. A reader may refuse anything, but never panics, never takes more
/// than the length it is told, and what it reads writes back to a file it reads the same.
pub fn loaders(data: &[u8]) {
    loaders_read(data);
}

/// [`loaders`], saying whether the file was read (rather than refused).
pub fn loaders_read(data: &[u8]) -> bool {
    use dama::engine::book::Book;
    use dama::engine::egtb::Tables;
    use dama::engine::eval::pattern::Net;
    let [kind, lie, file @ ..] = data else {
        return false;
    };
    let len = match lie % 4 {
        0 => file.len() as u64,
        1 => file.len() as u64 + (*lie as u64 >> 2) + 1,
        2 => (file.len() as u64).saturating_sub((*lie as u64 >> 2) + 1),
        _ => u64::MAX >> (lie >> 2),
    };
    // A reader that is told a longer length than it can read must stop at the end.
    match kind % 4 {
        0 => {
            let Ok(net) = Net::read_from(file, len) else {
                return false;
            };
            let bytes = net.to_bytes();
            assert!(
                Net::from_bytes(&bytes).is_ok_and(|n| n == net),
                "weights round trip"
            );
        }
        1 => {
            let Ok((v, samples)) = dama_tools::train::read_samples_from(file, len, 1 << 16) else {
                return false;
            };
            assert!(samples.len() <= 1 << 16, "more samples than allowed");
            let bytes = dama_tools::train::write_samples(v, &samples);
            let back = dama_tools::train::read_samples(&bytes).expect("samples round trip");
            assert_eq!(back, (v, samples), "samples round trip");
        }
        2 => {
            let Ok(t) = Tables::load_from(file, len) else {
                return false;
            };
            for n in 2..=8 {
                let bytes = t.to_bytes(n);
                if t.signatures().any(|s| s.pieces() == n) {
                    let u = Tables::load(&bytes).expect("tables round trip");
                    assert_eq!(u.to_bytes(n), bytes, "tables round trip");
                }
            }
        }
        _ => {
            let Ok(book) = Book::read_from(file, len) else {
                return false;
            };
            let bytes = book.to_bytes();
            let back = Book::from_bytes(&bytes).expect("book round trip");
            assert_eq!(back.to_bytes(), bytes, "book round trip");
        }
    }
    true
}
