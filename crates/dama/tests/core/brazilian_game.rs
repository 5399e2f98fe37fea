//! Brazilian draughts through the game API: draws by its own rules, refusals in its own words,
//! move text, FEN and PDN type 26. The move generator itself is checked against an independent
//! reference in `reference_brazilian.rs`.

use dama::{fen, pdn, Color, DrawRules, Game, Outcome, Reason, Variant};

const BR: Variant = Variant::Brazilian;

fn game(fen: &str) -> Game {
    Game::from_fen(BR, fen).unwrap()
}

fn texts(g: &Game) -> Vec<String> {
    let legal = g.legal_moves();
    let mut t: Vec<String> = legal
        .iter()
        .map(|m| dama::notation::move_text_among(BR, &legal, m))
        .collect();
    t.sort();
    t
}

#[test]
fn the_start_is_the_mirrored_board_with_algebraic_moves() {
    let g = Game::new(BR);
    assert_eq!(
        g.fen(),
        Game::new(Variant::Italian).fen(),
        "the same FEN string in both games"
    );
    assert_eq!(
        texts(&g),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    let diagram = g.position().with_variant(BR).to_string();
    // a1 (bottom left) is a playing square in Brazilian, a8 is not.
    let rows: Vec<&str> = diagram.lines().collect();
    assert!(rows[7].starts_with(" w"), "{diagram}");
    assert!(rows[0].starts_with("   b"), "{diagram}");
}

#[test]
fn move_text_reads_algebraic_numbers_and_full_paths() {
    let mut g = Game::new(BR);
    g.play_text("c3-d4").unwrap();
    g.play_text("11-15").unwrap(); // f6-e5 in Brazilian numbers
    assert_eq!(g.move_texts(), ["c3-d4", "f6-e5"]);
    // d4xf6 is compulsory; the full path form is read too.
    let mut h = g.clone();
    h.play_text("d4xf6").unwrap();
    g.play_text("d4xf6").unwrap();
    assert_eq!(h.fen(), g.fen());
    let e = Game::new(BR).play_text("c3-c4").unwrap_err();
    assert!(e.to_string().contains("c3-c4"), "{e}");
    assert!(Game::new(BR).play_text("i9-c4").is_err());
    // Italian games do not read algebraic squares.
    assert!(Game::new(Variant::Italian).play_text("c3-d4").is_err());
}

#[test]
fn flying_king_captures_choose_their_landing_square() {
    // White king a1, Black men c3 (22) and f6 (11): the king takes c3 and must land where it
    // can go on to take f6... from d4 it cannot (f6 is not on its diagonals); from e5 it takes
    // f6 landing g7 or h8.
    let g = game("W:WK29:B22,11");
    let t = texts(&g);
    assert!(t.iter().all(|m| m.starts_with("a1x")), "{t:?}");
    assert!(
        t.iter().all(|m| m.ends_with("g7") || m.ends_with("h8")),
        "{t:?}"
    );
    for m in g.legal_moves().iter() {
        assert_eq!(m.capture_count(), 2);
        assert!(m.is_king_move());
    }
}

#[test]
fn refusals_use_the_brazilian_rules_and_square_names() {
    let g = game("W:W22,K29:B18,10,11");
    let n = |s: &str| BR.square_number(BR.square_at(s).unwrap());
    let why = g.why_illegal(n("c3"), n("b4")).unwrap();
    assert!(
        why.to_string().contains("compulsory"),
        "{}",
        why.to_string()
    );
    assert!(why.to_string().contains("c3"), "{}", why.to_string());
    let q = game("W:W22,K30:B1");
    let why = q.why_illegal(n("c3"), n("b2")).unwrap();
    assert_eq!(
        why.to_string(),
        "men move forward only (they capture backward, but only when capturing)"
    );
    // A flying king's way along c1-h6 is blocked by its own man on e3.
    let k = game("W:W23,K30:B1");
    let why = k.why_illegal(n("c1"), n("g5")).unwrap();
    assert_eq!(why.to_string(), "the piece on square e3 blocks the way");
    // The majority rule names itself: the man on c3 takes two (d4, d6), the king on h2 only d6.
    let m = game("W:W22,K28:B18,10");
    assert_eq!(texts(&m), ["c3xc7"]);
    let why = m.why_illegal(n("h2"), n("c7")).unwrap();
    assert!(
        why.to_string().starts_with("the majority rule"),
        "{}",
        why.to_string()
    );
}

#[test]
fn forty_king_plies_draw_and_the_italian_limit_does_not_apply() {
    // Kings on a1 and c1 against b8 and d8: no king stands on another's diagonal.
    let mut g = game("W:WK29,K30:BK1,K2");
    assert_eq!(g.draw_rules(), Variant::Brazilian.draw_rules());
    assert_eq!(g.draw_rules().king_move_plies, 40);
    // Shuffle the kings, with repetition off so that only the king-move rule can draw.
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        ..Variant::Brazilian.draw_rules()
    });
    let shuffle = ["a1-b2", "b8-a7", "b2-a1", "a7-b8"];
    for i in 0..40 {
        assert!(g.result().is_none(), "drawn early at ply {i}");
        g.play_text(shuffle[i % 4]).unwrap();
    }
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.limit),
        (Outcome::Draw, Reason::KingMoves, 40)
    );
}

#[test]
fn three_kings_against_one_are_drawn_after_twenty_moves_of_the_stronger_side() {
    // White kings c1, e1, g1 against a Black king on h8; White to move.
    let mut g = game("W:WK30,K31,K32:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        king_move_plies: 0,
        ..Variant::Brazilian.draw_rules()
    });
    let white = ["c1-d2", "d2-c1"];
    let black = ["h8-g7", "g7-h8"];
    for i in 0..20 {
        assert!(g.result().is_none(), "drawn after {i} moves");
        g.play_text(white[i % 2]).unwrap();
        assert_eq!(g.three_kings_moves(), i as u32 + 1);
        if i < 19 {
            g.play_text(black[i % 2]).unwrap();
        }
    }
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.limit),
        (Outcome::Draw, Reason::ThreeKings, 20)
    );
    g.undo();
    assert!(g.result().is_none());
    assert_eq!(g.three_kings_moves(), 19);
    // Italian has no such rule.
    let it = Game::from_fen(Variant::Italian, "W:WK29,K30,K31:BK4").unwrap();
    assert_eq!(it.draw_rules().three_kings_moves, 0);
}

#[test]
fn the_count_starts_when_the_ending_is_reached() {
    // With a man still on the board the ending has not begun.
    let mut g = game("W:WK29,K30,K31,17:BK4");
    g.play_text("b4-a5").unwrap();
    assert_eq!(
        g.three_kings_moves(),
        0,
        "a man on the board: not the ending"
    );
    // A capture that reaches three kings against one is not one of the ending's moves.
    let mut h = game("W:WK29,K30,K24:BK4,19");
    let before = h.three_kings_moves();
    assert_eq!(before, 0);
    let m = h.legal_moves()[0];
    assert!(m.is_capture());
    h.play(&m).unwrap();
    assert_eq!(h.three_kings_moves(), 0);
}

#[test]
fn pdn_type_26_round_trips_and_chooses_the_game() {
    let mut g = Game::new(BR);
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3"] {
        g.play_text(m).unwrap();
    }
    g.resign(Color::Black);
    let text = dama::pdn::write_game(&g, &[("Event".into(), "Test".into())]);
    assert!(text.contains("[GameType \"26\"]"), "{text}");
    assert!(
        text.contains("1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 1-0"),
        "{text}"
    );
    let back = pdn::read_game(&text, dama::Variant::Italian).unwrap();
    assert_eq!(back.variant(), BR);
    assert_eq!(back.move_texts(), g.move_texts());
    assert_eq!(back.result(), g.result());
    // A set-up position is written in Brazilian numbering and read back the same.
    let s = game("W:W22,K29:B10,11");
    let text = dama::pdn::write_game(&s, &[]);
    assert!(text.contains("[FEN \"W:W22,K29:B10,11\"]"), "{text}");
    assert_eq!(
        pdn::read_game(&text, dama::Variant::Italian).unwrap().fen(),
        s.fen()
    );
    // The same moves under GameType 22 are Italian numbers, and algebraic text is refused.
    assert!(pdn::read_game("[GameType \"22\"]\n1. c3-d4 *", dama::Variant::Italian).is_err());
}

#[test]
fn fen_numbers_are_the_brazilian_ones() {
    let p = fen::parse(BR, "B:W29:BK4").unwrap();
    let names: Vec<String> = p.board().map(|(s, _)| BR.algebraic(s)).collect();
    assert!(names.contains(&"a1".to_string()) && names.contains(&"h8".to_string()));
    assert_eq!(fen::write(&p.with_variant(BR)), "B:W29:BK4");
    // A man on its crowning row is refused with the Brazilian square number.
    let e = fen::parse(BR, "W:W1:B32").unwrap_err();
    assert!(e.to_string().contains("square 1"), "{e}");
}

#[test]
fn every_level_plays_legal_brazilian_moves_and_takes_a_free_piece() {
    let mut engine = dama::engine::Engine::new(4);
    // A Black man hangs on d4 in front of White's c3 man: every level must take it (it is
    // compulsory), and from the start each level answers with a legal move.
    for level in 1..=10 {
        let g = Game::new(BR);
        let r = dama::engine::level::play(&mut engine, &g, level, 30.0, level as u64);
        let m = r.best.unwrap();
        assert!(g.legal_moves().contains(&m), "level {level}");
        let g = game("W:W22,29:B18,5");
        let r = dama::engine::level::play(&mut engine, &g, level, 30.0, 7);
        assert!(r.best.unwrap().is_capture(), "level {level}");
    }
    // Each game has its own book: the Brazilian start is answered from the Brazilian book at
    // levels 9 and 10, with a move of that book.
    let start = Game::new(BR);
    let book = dama::engine::book::Book::shipped(BR).probe(start.position());
    assert!(!book.is_empty());
    for level in [9, 10] {
        let r = dama::engine::level::book_move(&start, level, 1).unwrap();
        assert!(
            book.iter().any(|(m, _)| Some(*m) == r.best),
            "level {level}"
        );
    }
    assert!(dama::engine::level::book_move(&start, 8, 1).is_none());
    assert!(dama::engine::level::book_move(&Game::new(Variant::Italian), 10, 1).is_some());
}

#[test]
fn stopping_part_way_along_a_capture_is_refused_as_such() {
    let n = |s: &str| BR.square_number(BR.square_at(s).unwrap());
    // The man on c3 takes d4 and must go on over d6 to c7: e5 is only a landing on the way.
    let g = game("W:W22:B18,10");
    let why = g.why_illegal(n("c3"), n("e5")).unwrap();
    assert_eq!(
        why.to_string(),
        "the capture goes on from square e5: a piece must keep capturing while it can"
    );
    // In Italian the same refusal names the square by number.
    let it = Game::from_fen(Variant::Italian, "W:W31:B12,20,28").unwrap();
    let why = it.why_illegal(31, 24).unwrap();
    assert_eq!(why.kind, dama::IllegalKind::GoesOn(24));
    assert_eq!(
        why.to_string(),
        "the capture goes on from square 24: a piece must keep capturing while it can"
    );
}
