//! Property tests on random positions and random games: undo/redo, hashing, material,
//! move text, FEN and PDN round trips; in both games (the variant is part of the input).

use dama::perft;
use dama::{
    fen, movegen, notation, pdn, Color, Game, GameRecord, Move, Position, RecordKind, Variant,
};
use proptest::prelude::*;

const RELEASE: bool = !cfg!(debug_assertions);

fn cases() -> u32 {
    if RELEASE {
        1000
    } else {
        64
    }
}

/// A random position: each square empty (most often) or a man or king of either colour, at
/// most 12 pieces a side, a man on its own promotion row made a king, either side to move.
fn arb_position() -> impl Strategy<Value = Position> {
    (prop::collection::vec(0u8..9, 32), any::<bool>()).prop_map(|(cells, white_to_move)| {
        let (mut w, mut b, mut k) = (0u32, 0u32, 0u32);
        for (i, &c) in cells.iter().enumerate() {
            let bit = 1u32 << i;
            let (white, king) = match c {
                5 => (true, false),
                6 => (true, true),
                7 => (false, false),
                8 => (false, true),
                _ => continue,
            };
            let side = if white { &mut w } else { &mut b };
            if side.count_ones() == 12 {
                continue;
            }
            *side |= bit;
            // Squares 1-4 crown White, 29-32 crown Black.
            let promo = if white { i < 4 } else { i >= 28 };
            if king || promo {
                k |= bit;
            }
        }
        let turn = if white_to_move {
            Color::White
        } else {
            Color::Black
        };
        Position::from_bitboards(Variant::Italian, w, b, k, turn).expect("valid by construction")
    })
}

fn arb_variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Italian), Just(Variant::Brazilian)]
}

/// A game, a start (the standard one half of the time) and the move choices of a random game.
fn arb_game() -> impl Strategy<Value = (Variant, Position, Vec<u16>)> {
    (
        arb_variant(),
        prop_oneof![Just(Position::start(Variant::Italian)), arb_position()],
        prop::collection::vec(any::<u16>(), 0..160),
    )
        .prop_map(|(v, start, choices)| (v, start.with_variant(v), choices))
}

/// Plays the choices (index modulo the number of legal moves) in `v` until they run out or the
/// game ends; calls `each(game_before, move)` before every move.
fn play_out(
    v: Variant,
    start: Position,
    choices: &[u16],
    mut each: impl FnMut(&Game, &Move),
) -> Game {
    let mut g = Game::from_position(start);
    assert_eq!(g.variant(), v);
    for &c in choices {
        let legal = g.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        each(&g, &m);
        g.play(&m).expect("a legal move is accepted");
    }
    g
}

fn count(pos: &Position, c: Color) -> u32 {
    pos.pieces(c).count_ones()
}

fn kings(pos: &Position, c: Color) -> u32 {
    pos.kings_of(c).count_ones()
}

/// The squares turned half round (Italian square n to 33 - n, and the same for Brazilian
/// numbers): what `Position::flipped` does to the board.
fn rotate(bb: u32) -> u32 {
    bb.reverse_bits()
}

/// The same numbers on the other game's board: each row of four reversed (the Brazilian board
/// is the Italian one's mirror image).
fn mirror(bb: u32) -> u32 {
    (0..32)
        .filter(|i| bb & (1 << i) != 0)
        .fold(0, |m, i| m | 1 << ((i & !3) | (3 - (i & 3))))
}

type MoveId = (u32, u32, u32, bool, bool);

/// The moves as (from, to, captured, king, crowned), squares as bits passed through `map`.
fn ids(moves: &[Move], map: impl Fn(u32) -> u32) -> std::collections::BTreeSet<MoveId> {
    moves
        .iter()
        .map(|m| {
            (
                map(m.from().bit()),
                map(m.to().bit()),
                map(m.captured()),
                m.is_king_move(),
                m.promotes(),
            )
        })
        .collect()
}

fn other(v: Variant) -> Variant {
    match v {
        Variant::Italian => Variant::Brazilian,
        Variant::Brazilian => Variant::Italian,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn undo_restores_the_exact_position_and_hash((v, start, choices) in arb_game()) {
        let mut before = Vec::new();
        let mut g = play_out(v, start, &choices, |g, m| {
            let counters = (g.king_plies(), g.three_kings_moves());
            before.push((*g.position(), g.hash(), g.ply(), counters, g.fen(), *m));
        });
        prop_assert_eq!(g.ply(), before.len());
        while let Some((pos, hash, ply, counters, fen_text, m)) = before.pop() {
            let undone = g.undo();
            prop_assert!(undone.is_some());
            prop_assert_eq!(undone.unwrap(), m);
            prop_assert_eq!(*g.position(), pos);
            prop_assert_eq!(g.hash(), hash);
            prop_assert_eq!(g.ply(), ply);
            prop_assert_eq!((g.king_plies(), g.three_kings_moves()), counters);
            prop_assert_eq!(g.fen(), fen_text);
            prop_assert!(g.result().is_none());
        }
        prop_assert_eq!(*g.position(), start);
        prop_assert_eq!(g.hash(), start.hash());
        prop_assert!(g.undo().is_none());
    }

    #[test]
    fn incremental_hash_equals_the_hash_from_scratch((v, start, choices) in arb_game()) {
        let g = play_out(v, start, &choices, |g, _| {
            assert_eq!(g.hash(), g.position().hash(), "{}", g.position().to_fen());
        });
        prop_assert_eq!(g.hash(), g.position().hash());
        // The side to move is part of the hash.
        prop_assert_ne!(start.hash(), start.with_turn(start.turn().opposite()).hash());
        // Every earlier position is still recorded exactly.
        for i in 0..=g.ply() {
            prop_assert!(g.position_at(i).is_some());
        }
        prop_assert!(g.position_at(g.ply() + 1).is_none());
        prop_assert_eq!(*g.position_at(0).unwrap(), start);
    }

    #[test]
    fn material_never_rises_and_captures_remove_exactly_what_they_say((v, start, choices) in arb_game()) {
        play_out(v, start, &choices, |g, m| {
            let pos = *g.position();
            let us = pos.turn();
            let them = us.opposite();
            let after = pos.play(m);
            let fen_text = pos.to_fen();
            assert_eq!(count(&after, us), count(&pos, us), "{fen_text} {m:?}");
            assert_eq!(
                count(&after, them),
                count(&pos, them) - m.capture_count(),
                "{fen_text} {m:?}"
            );
            // Only enemy pieces are captured, and they were there.
            assert_eq!(m.captured() & pos.pieces(them), m.captured(), "{fen_text} {m:?}");
            let kings_taken = (m.captured() & pos.kings()).count_ones();
            assert_eq!(kings(&after, them), kings(&pos, them) - kings_taken, "{fen_text}");
            assert_eq!(
                kings(&after, us),
                kings(&pos, us) + m.promotes() as u32,
                "{fen_text} {m:?}"
            );
            assert_eq!(after.turn(), them);
            // The mover stands on `to`, `from` is empty unless the piece came back to it.
            assert!(after.pieces(us) & m.to().bit() != 0);
            if m.from() != m.to() {
                assert!(after.pieces(us) & m.from().bit() == 0);
            }
        });
    }

    #[test]
    fn every_move_text_parses_back_to_the_same_move((v, start, choices) in arb_game()) {
        play_out(v, start, &choices, |g, _| {
            let pos = g.position();
            let legal = pos.with_variant(v).legal_moves();
            let fen_text = g.fen();
            for m in legal.iter() {
                let short = notation::move_text_among(v, &legal, m);
                assert_eq!(g.move_text(m), short);
                assert_eq!(notation::parse(&pos.with_variant(v), &short), Ok(*m), "{fen_text} {short}");
                assert_eq!(notation::parse_among(v, &legal, &short), Ok(*m), "{fen_text} {short}");
                let full = notation::full_text(v, m);
                assert_eq!(notation::parse(&pos.with_variant(v), &full), Ok(*m), "{fen_text} {full}");
                if v == Variant::Italian {
                    // The Italian-only entry points say the same.
                    assert_eq!(notation::move_text(pos, m), short);
                    assert_eq!(notation::move_text_among(Variant::Italian, &legal, m), short);
                    assert_eq!(notation::full_text(Variant::Italian, m), full);
                    assert_eq!(notation::parse(pos, &short), Ok(*m));
                    assert_eq!(notation::parse_among(Variant::Italian, &legal, &full), Ok(*m));
                }
                // The short form is "from-to" / "fromxto" unless that would be ambiguous.
                let plain = format!(
                    "{}{}{}",
                    v.square_name(m.from()),
                    if m.is_capture() { 'x' } else { '-' },
                    v.square_name(m.to())
                );
                let shared = legal.iter().any(|o| {
                    o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured()
                });
                if shared {
                    assert_eq!(&short, &full);
                } else {
                    assert_eq!(&short, &plain);
                }
            }
        });
    }

    #[test]
    fn fen_round_trips(pos in arb_position(), v in arb_variant()) {
        let pos = pos.with_variant(v);
        let text = fen::write(&pos);
        prop_assert_eq!(fen::parse(v, &text), Ok(pos));
        prop_assert_eq!(Position::from_fen(v, &pos.to_fen()), Ok(pos));
        // Lower-case letters, spaces and a trailing full stop read the same.
        let loose = format!(" {} . ", text.replace(',', " , ").to_lowercase());
        prop_assert_eq!(fen::parse(v, &loose), Ok(pos));
        // The same text in the other game is the same numbers on its board: the mirror image.
        let mirrored = Position::from_bitboards(other(v), mirror(pos.pieces(Color::White)), mirror(pos.pieces(Color::Black)), mirror(pos.kings()), pos.turn());
        prop_assert_eq!(fen::parse(other(v), &text).ok(), mirrored.ok());
        // A Game set up from it writes it back in its own numbering.
        prop_assert_eq!(Game::from_fen(v, &text).unwrap().fen(), text);
    }

    #[test]
    fn fen_round_trips_along_games((v, start, choices) in arb_game()) {
        play_out(v, start, &choices, |g, _| {
            let pos = *g.position();
            assert_eq!(g.fen(), fen::write(&pos));
            assert_eq!(fen::parse(v, &g.fen()), Ok(pos));
            assert_eq!(*Game::from_fen(v, &g.fen()).unwrap().position(), pos);
        });
    }

    #[test]
    fn pdn_round_trips(
        (v, start, choices) in arb_game(),
        event in "[ -~]{0,30}",
        name in "[A-Z][a-z]{1,8}",
    ) {
        let g = play_out(v, start, &choices, |_, _| {});
        let tags = vec![
            ("Event".to_string(), event.clone()),
            (name.clone(), "x \"quoted\" \\ y".to_string()),
        ];
        let text = dama::pdn::write_game(&g, &tags);
        let back = pdn::read_game(&text, dama::Variant::Italian);
        prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), text);
        let back = back.unwrap();
        prop_assert_eq!(back.moves().copied().collect::<Vec<_>>(), g.moves().copied().collect::<Vec<_>>());
        prop_assert_eq!(*back.position(), *g.position());
        prop_assert_eq!(*back.start_position(), start);
        prop_assert_eq!(back.hash(), g.hash());
        prop_assert_eq!(back.result(), g.result());
        let parsed = pdn::parse(&text).unwrap();
        prop_assert_eq!(parsed.len(), 1);
        prop_assert_eq!(parsed[0].tag("Event"), Some(event.as_str()));
        if !["GameType", "Result", "SetUp", "FEN", "Event"].iter().any(|o| o.eq_ignore_ascii_case(&name)) {
            prop_assert_eq!(parsed[0].tag(&name), Some("x \"quoted\" \\ y"));
        }
        let game_type = v.game_type().to_string();
        prop_assert_eq!(parsed[0].tag("GameType"), Some(game_type.as_str()));
        prop_assert_eq!(back.variant(), v);
        prop_assert_eq!(back.fen(), g.fen());
        prop_assert_eq!(parsed[0].moves.clone(), g.move_texts());
        let want_result = g.result().map_or("*", |r| r.pdn());
        prop_assert_eq!(parsed[0].result.as_deref(), Some(want_result));
        // One writer: the text is the tree writer's, so reading it into a tree and writing
        // that back gives it unchanged.
        let trees = pdn::parse_trees(&text, v).unwrap();
        prop_assert_eq!(trees[0].to_pdn(), text.clone());
    }

    #[test]
    fn redo_after_undo_replays_the_same_moves((v, start, choices) in arb_game(), back in 0usize..40) {
        let g = play_out(v, start, &choices, |_, _| {});
        // A game's record of a game over takes nothing back: its result is final. Its moves
        // are then gone through as an analysis, which takes back what it is asked to.
        let mut r = GameRecord::from_game(RecordKind::Game, &g, &[]).unwrap();
        if g.result().is_some() {
            prop_assert!(!r.can_undo());
            prop_assert_eq!(r.undo(), None);
            prop_assert_eq!(*r.game().position(), *g.position());
            r = GameRecord::from_game(RecordKind::Analysis, &g, &[]).unwrap();
        }
        let end_pos = *g.position();
        let end_hash = g.hash();
        let n = back.min(g.ply());
        let mut undone = Vec::new();
        for _ in 0..n {
            undone.push(r.undo().unwrap());
        }
        prop_assert_eq!(r.can_redo(), n > 0);
        while let Some(m) = undone.pop() {
            prop_assert_eq!(r.redo(), Some(m));
        }
        prop_assert!(!r.can_redo());
        prop_assert_eq!(r.redo(), None);
        prop_assert_eq!(*r.game().position(), end_pos);
        prop_assert_eq!(r.game().hash(), end_hash);
        prop_assert_eq!(r.variant(), v);
    }

    #[test]
    fn reversible_hashes_are_the_positions_since_the_last_man_move_or_capture((v, start, choices) in arb_game()) {
        let g = play_out(v, start, &choices, |_, _| {});
        let v = g.reversible_hashes();
        let n = (g.king_plies() as usize).min(g.ply());
        prop_assert_eq!(v.len(), n + 1);
        for (k, h) in v.iter().enumerate() {
            prop_assert_eq!(*h, g.position_at(g.ply() - n + k).unwrap().hash());
        }
        prop_assert_eq!(*v.last().unwrap(), g.hash());
        // The position before the window's first entry (if any) is separated by a man move or
        // a capture.
        if n < g.ply() {
            let m = g.moves().nth(g.ply() - n - 1).unwrap();
            prop_assert!(!m.is_king_move() || m.is_capture());
        }
    }

    #[test]
    fn king_plies_counts_the_trailing_king_moves((v, start, choices) in arb_game()) {
        let mut g = Game::from_position(start.with_variant(v));
        g.set_draw_rules(dama::DrawRules::NONE);
        let mut run = 0;
        for &c in &choices {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[c as usize % legal.len()];
            run = if m.is_king_move() && !m.is_capture() { run + 1 } else { 0 };
            g.play(&m).unwrap();
            prop_assert_eq!(g.king_plies(), run);
        }
    }

    /// The board turned half round with the colours swapped is the same game for the other
    /// side, in both games: the same moves square for square, and the same perft below.
    #[test]
    fn flipping_the_board_keeps_the_moves(pos in arb_position(), v in arb_variant()) {
        let f = pos.flipped();
        prop_assert_eq!(f.flipped(), pos);
        prop_assert_eq!(f.turn(), pos.turn().opposite());
        let (a, b) = (pos.with_variant(v).legal_moves(), f.with_variant(v).legal_moves());
        prop_assert_eq!(a.len(), b.len(), "{}", fen::write(&pos.with_variant(v)));
        prop_assert_eq!(ids(&a, rotate), ids(&b, |x| x));
        // Square n goes to 33 - n in both numberings.
        for n in 1..=32u32 {
            let here = pos.piece_at(v.square(n).unwrap());
            let there = f.piece_at(v.square(33 - n).unwrap());
            prop_assert_eq!(here.map(|p| (p.color.opposite(), p.role)), there.map(|p| (p.color, p.role)));
        }
        for m in a.iter() {
            let twin = b.iter().find(|o| {
                o.from().bit() == rotate(m.from().bit())
                    && o.to().bit() == rotate(m.to().bit())
                    && o.captured() == rotate(m.captured())
            });
            prop_assert!(twin.is_some());
            prop_assert_eq!(f.play(twin.unwrap()), pos.play(m).flipped());
        }
        prop_assert_eq!(perft(&pos.with_variant(v), 2), perft(&f.with_variant(v), 2));
    }

    /// Brazilian captures reach at least as far as Italian ones: whenever an Italian capture
    /// exists a Brazilian one does (a forward jump over a man, a king's short jump), taking at
    /// least as many pieces; and with men only and no capture in either game the moves are
    /// the same.
    #[test]
    fn brazilian_captures_reach_at_least_as_far_as_italian_ones(pos in arb_position()) {
        let it = pos.with_variant(Variant::Italian).legal_moves();
        let br = pos.with_variant(Variant::Brazilian).legal_moves();
        let most = |l: &dama::MoveList| l.iter().map(|m| m.capture_count()).max().unwrap_or(0);
        prop_assert!(most(&br) >= most(&it), "{}", pos.to_fen());
        let captures = |l: &dama::MoveList| l.first().is_some_and(|m| m.is_capture());
        prop_assert_eq!(movegen::has_capture::<dama::Italian>(&pos), captures(&it));
        prop_assert_eq!(movegen::has_capture::<dama::Brazilian>(&pos), captures(&br));
        if pos.kings() == 0 && most(&br) == 0 {
            prop_assert_eq!(ids(&it, |x| x), ids(&br, |x| x));
        }
        // perft's counting shortcut agrees with the list in both games.
        prop_assert_eq!(movegen::count::<dama::Italian>(&pos), it.len() as u64);
        prop_assert_eq!(movegen::count::<dama::Brazilian>(&pos), br.len() as u64);
        // The search's test at its leaves agrees with the list in both games.
        let kind = |l: &dama::MoveList| match l.first() {
            None => movegen::Moves::None,
            Some(m) if m.is_capture() => movegen::Moves::Capture,
            Some(_) => movegen::Moves::Quiet,
        };
        prop_assert_eq!(movegen::classify::<dama::Italian>(&pos), kind(&it));
        prop_assert_eq!(movegen::classify::<dama::Brazilian>(&pos), kind(&br));
    }

    /// A Game plays exactly its own game's moves: of the other game's moves from the same
    /// position, those its rules allow play (and undo), the others are refused.
    #[test]
    fn a_game_plays_exactly_its_own_variant_s_moves((v, start, choices) in arb_game()) {
        play_out(v, start, &choices, |g, _| {
            let pos = *g.position();
            let own = pos.with_variant(v).legal_moves();
            let id = |m: &Move| (m.from(), m.to(), m.captured());
            for m in pos.with_variant(other(v)).legal_moves().iter() {
                let legal_here = own.iter().any(|o| id(o) == id(m));
                let mut h = g.clone();
                assert_eq!(h.play(m).is_ok(), legal_here, "{} {m:?}", g.fen());
                if legal_here {
                    assert_eq!(h.undo().map(|u| id(&u)), Some(id(m)));
                    assert_eq!(*h.position(), pos);
                }
            }
        });
    }
}

/// Games through ambiguous captures (written with the full path) and a circling king (from and
/// to the same square) survive a PDN round trip.
#[test]
fn pdn_round_trip_through_ambiguous_and_circling_captures() {
    for (fen_text, moves) in [
        ("W:W31:B2,19,20,27,28", &["31x24x15", "2-6"][..]),
        ("W:WK18:B1,14,15,22,23", &["18x18", "1-5"][..]),
        ("B:W5,6,13,14,30:B2", &["2x11x18", "30-26"][..]),
    ] {
        let mut g = Game::from_fen(Variant::Italian, fen_text).unwrap();
        for m in moves {
            g.play_text(m).unwrap();
        }
        let text = dama::pdn::write_game(&g, &[]);
        assert!(text.contains(&format!("[FEN \"{}\"]", fen_text)), "{text}");
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        let back =
            pdn::read_game(&text, dama::Variant::Italian).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.move_texts(), g.move_texts());
        assert_eq!(back.move_texts()[0], moves[0]);
        assert_eq!(*back.position(), *g.position());
        assert_eq!(back.hash(), g.hash());
    }
    // Black to move first: the first move is numbered "1...".
    let mut g = Game::from_fen(Variant::Italian, "B:W21-32:B1-12").unwrap();
    g.play_text("9-13").unwrap();
    g.play_text("22-18").unwrap();
    let text = dama::pdn::write_game(&g, &[]);
    assert!(text.contains("1... 9-13 2. 22-18"), "{text}");
    assert_eq!(
        pdn::read_game(&text, dama::Variant::Italian).unwrap().ply(),
        2
    );
}

/// A different move after undo leaves nothing to redo (the line taken back stays, as a
/// variation); the same move replayed by hand keeps the rest of the line to redo.
#[test]
fn playing_another_move_after_undo_clears_redo() {
    let mut g = GameRecord::new(RecordKind::Game, Position::start(Variant::Italian));
    g.play_text("22-18").unwrap();
    g.undo();
    assert!(g.can_redo());
    g.play_text("21-17").unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.redo(), None);
    // Replaying the same move by hand keeps the rest of the line.
    g.play_text("12-16").unwrap();
    g.play_text("23-19").unwrap();
    g.undo();
    g.undo();
    g.play_text("12-16").unwrap();
    assert!(g.can_redo());
    assert_eq!(
        g.redo().map(|m| notation::full_text(Variant::Italian, &m)),
        Some("23-19".to_string())
    );
    assert!(!g.can_redo());
}

/// A side with pieces but no move has lost: the search's leaf test says so without a list.
#[test]
fn a_blocked_side_has_no_move_for_the_leaf_test() {
    // White's man on 32 can only go to 28, held by a Black man with 23 behind it held too.
    let pos = dama::Position::from_fen(Variant::Italian, "W:W32:B28,23").unwrap();
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        movegen::classify::<dama::Italian>(&pos),
        movegen::Moves::None
    );
    let free = dama::Position::from_fen(Variant::Italian, "W:W32:B23").unwrap();
    assert_eq!(
        movegen::classify::<dama::Italian>(&free),
        movegen::Moves::Quiet
    );
}
