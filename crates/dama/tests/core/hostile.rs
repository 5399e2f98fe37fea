//! Hostile input: malformed FENs, move texts and PDN give errors that say what is wrong, bad
//! input changes nothing, and no parser panics on random bytes or random grammar soup.

use crate::reference;

use dama::{
    fen, fen::FenErrorKind, notation, notation::MoveTextError, pdn, Game, GameRecord, PlayError,
    Position, RecordKind,
};
use reference::Rng;

const RELEASE: bool = !cfg!(debug_assertions);

fn fen_error(text: &str) -> String {
    match fen::parse(dama::Variant::Italian, text) {
        Ok(p) => panic!("{text:?} was accepted as {}", p.to_fen()),
        Err(e) => {
            // Position::from_fen is the same parser.
            assert_eq!(
                Position::from_fen(dama::Variant::Italian, text).unwrap_err(),
                e
            );
            assert!(Game::from_fen(dama::Variant::Italian, text).is_err());
            e.to_string()
        }
    }
}

#[test]
fn malformed_fens_are_refused_with_a_reason() {
    let cases: &[(&str, &[&str])] = &[
        ("", &["empty"]),
        ("   ", &["empty"]),
        ("...", &["empty"]),
        ("X:W21:B1", &["side to move", "\"X\""]),
        ("WB:W21:B1", &["side to move"]),
        ("1:W21:B1", &["side to move"]),
        ("hello", &["side to move"]),
        ("W", &["':W'", "':B'"]),
        ("W:X21:B1", &["must start with W or B"]),
        ("W:W21:B1:", &["must start with W or B"]),
        ("W::B1", &["must start with W or B"]),
        ("W:W0:B1", &["square 0 does not exist"]),
        ("W:W33:B1", &["square 33 does not exist"]),
        ("W:W21:B999", &["square 999 does not exist"]),
        ("W:W21,22,21:B1", &["square 21 is listed twice"]),
        ("W:W21:B21", &["square 21 is listed twice"]),
        ("W:W21:BK21", &["square 21 is listed twice"]),
        ("W:W21-25,23:B1", &["square 23 is listed twice"]),
        ("W:W2:B10", &["white man", "square 2"]),
        ("W:W21:B30", &["black man", "square 30"]),
        ("W:W5-17:B1", &["White has 13 pieces", "at most 12"]),
        ("W:W32:B1-13", &["Black has 13 pieces"]),
        ("W:W1-32:B", &["white man", "square 1"]),
        ("W:W9-5:B1", &["9-5", "backwards"]),
        ("W:W21-:B1", &["expected a square"]),
        ("W:W21,:B1", &["expected a square"]),
        ("W:WK:B1", &["expected a square"]),
        ("W:W21;B1", &["expected a square"]),
        ("W:Wx:B1", &["expected a square", "\"x\""]),
        ("W:W-3:B1", &["expected a square"]),
        ("W:W+3:B1", &["expected a square"]),
        ("W:W2 1:B1", &["expected a square"]),
        ("W:W99999999999999999999:B1", &["expected a square"]),
        ("W:W21K:B1", &["expected a square"]),
        // Unicode: full-width digits and letters, combining marks, emoji.
        ("W:W２１:B1", &["expected a square"]),
        ("Ｗ:W21:B1", &["side to move"]),
        ("W:Ẅ21:B1", &["must start with W or B"]),
        ("W:W21:B1é", &["expected a square"]),
        ("W:W21:B🙂", &["expected a square"]),
        ("\u{0}:W21:B1", &["side to move"]),
    ];
    for (text, wants) in cases {
        let e = fen_error(text);
        assert!(e.starts_with("bad FEN"), "{text:?}: {e}");
        for w in *wants {
            assert!(e.contains(w), "{text:?}: {e:?} does not mention {w:?}");
        }
    }
}

#[test]
fn fen_errors_point_at_the_offending_item() {
    let e = fen::parse(dama::Variant::Italian, "W:W21,33:B1").unwrap_err();
    assert_eq!(e.kind, FenErrorKind::SquareOutOfRange(33));
    assert_eq!(e.at, 6, "{e}");
    assert!(e.to_string().contains("character 7"), "{e}");
    let e = fen::parse(dama::Variant::Italian, "W:W21:B1,x").unwrap_err();
    assert_eq!(e.at, 9, "{e}");
    let e = fen::parse(dama::Variant::Italian, "X:W21:B1").unwrap_err();
    assert_eq!(e.at, 0);
    let e = fen::parse(dama::Variant::Italian, "W:W21:Q1").unwrap_err();
    assert_eq!(e.at, 6, "{e}");
    assert!(matches!(e.kind, FenErrorKind::BadColour(_)));
    assert_eq!(
        fen::parse(dama::Variant::Italian, "W:W21:B21")
            .unwrap_err()
            .kind,
        FenErrorKind::Duplicate(21)
    );
}

#[test]
fn huge_fens_are_refused_quickly() {
    let long = format!("W:W{}:B1", "21,".repeat(200_000));
    assert!(fen_error(&long).contains("listed twice"));
    let long = format!("W:W{}", "7".repeat(1_000_000));
    assert!(fen_error(&long).contains("expected a square"));
    let long = "W".repeat(1_000_000);
    let e = fen_error(&long);
    assert!(e.contains("side to move"));
    assert!(
        e.len() < 200,
        "the message echoes the whole input: {} bytes",
        e.len()
    );
    let many_fields = format!("W{}", ":W".repeat(100_000));
    assert!(fen::parse(dama::Variant::Italian, &many_fields).is_ok());
}

#[test]
fn lenient_but_correct_fens() {
    // Any order, spaces, lower case, ranges, trailing full stop.
    let a = fen::parse(dama::Variant::Italian, " b : bK5 , 1 : w 30 , k22 . ").unwrap();
    assert_eq!(fen::write(&a), "B:WK22,30:B1,K5");
    assert_eq!(
        fen::parse(dama::Variant::Italian, "W:W21-32:B1-12").unwrap(),
        Position::start(dama::Variant::Italian)
    );
    // A king may stand on its own promotion row.
    assert!(fen::parse(dama::Variant::Italian, "W:WK2:BK30").is_ok());
}

#[test]
fn malformed_move_texts_are_refused_with_a_reason() {
    let pos = Position::start(dama::Variant::Italian);
    let syntax = [
        "",
        " ",
        "22",
        "22-",
        "-18",
        "22--18",
        "22x",
        "a-b",
        "22-18-",
        "x",
        "-",
        "22 18",
        "22_18",
        "022-18",
        "22-018",
        "２２-18",
        "22-18\u{0}",
        "+22-18",
        "22.-18",
        "22-1８",
    ];
    for t in syntax {
        match notation::parse(&pos, t) {
            Err(MoveTextError::Syntax(_)) => {}
            other => panic!("{t:?}: {other:?}"),
        }
        let e = notation::parse(&pos, t).unwrap_err().to_string();
        assert!(e.contains("expected squares joined by"), "{t:?}: {e}");
    }
    for t in ["0-5", "22-33", "99-18", "33x1"] {
        match notation::parse(&pos, t) {
            Err(MoveTextError::BadSquare(_)) => {}
            other => panic!("{t:?}: {other:?}"),
        }
        let e = notation::parse(&pos, t).unwrap_err().to_string();
        assert!(e.contains("numbered 1-32"), "{t:?}: {e}");
    }
    let long = "1-".repeat(100) + "1";
    assert!(matches!(
        notation::parse(&pos, &long),
        Err(MoveTextError::Syntax(_))
    ));
    // Well-formed but not legal: the legal moves are listed.
    for t in ["22-17", "21-16", "9-13", "22-18-14", "22x15", "32-28"] {
        match notation::parse(&pos, t) {
            Err(MoveTextError::NoMatch { legal, .. }) => assert_eq!(legal.len(), 7, "{t}"),
            other => panic!("{t:?}: {other:?}"),
        }
        let e = notation::parse(&pos, t).unwrap_err().to_string();
        assert!(e.contains("not legal here"), "{t}: {e}");
        assert!(e.contains("22-18") && e.contains("21-17"), "{t}: {e}");
    }
    // No legal move at all.
    let dead = Position::from_fen(dama::Variant::Italian, "W:W:B1").unwrap();
    let e = notation::parse(&dead, "22-18").unwrap_err().to_string();
    assert!(e.contains("no legal move"), "{e}");
}

#[test]
fn refused_play_text_changes_nothing() {
    let mut g = GameRecord::new(RecordKind::Game, Position::start(dama::Variant::Italian));
    g.play_text("22-18").unwrap();
    g.play_text("12-16").unwrap();
    g.undo();
    let bad = [
        "",
        "garbage",
        "22-18",
        "12-16x",
        "9-13-17",
        "0-1",
        "21-17 ",
        "18x9",
        "11-15x18",
        "１８-14",
        "18-14;",
        "[Event \"x\"]",
        "W:W21:B1",
    ];
    for t in bad {
        let before = g.to_pdn();
        let (fen_before, hash, ply, redo) = (
            g.game().position().to_fen(),
            g.game().hash(),
            g.game().ply(),
            g.can_redo(),
        );
        if t.trim() == "12-16" {
            continue;
        }
        let r = g.play_text(t);
        if t == "21-17 " {
            // Leading/trailing spaces are fine... but it is Black's move: refused.
            assert!(r.is_err());
        }
        assert!(r.is_err(), "{t:?} was accepted");
        assert_eq!(g.game().position().to_fen(), fen_before, "{t:?}");
        assert_eq!(g.game().hash(), hash, "{t:?}");
        assert_eq!(g.game().ply(), ply, "{t:?}");
        assert_eq!(g.can_redo(), redo, "{t:?}");
        assert_eq!(g.to_pdn(), before, "{t:?}");
    }
    // And the game is still usable, redo included.
    assert_eq!(
        g.redo()
            .map(|m| notation::full_text(dama::Variant::Italian, &m)),
        Some("12-16".to_string())
    );
    // A well-formed but illegal text is refused with the rule it breaks, as why_illegal says.
    let mut g = Game::new(dama::Variant::Italian);
    g.play_text("22-18").unwrap();
    g.play_text("9-13").unwrap();
    let before = (g.position().to_fen(), g.hash(), g.ply());
    match g.play_text("21-17") {
        Err(PlayError::Illegal(dama::Illegal {
            kind: dama::IllegalKind::MustCapture(from),
            ..
        })) => assert_eq!(from, vec![18]),
        other => panic!("{other:?}"),
    }
    assert_eq!(before, (g.position().to_fen(), g.hash(), g.ply()));
    // A text naming squares no rule explains (a jump over nothing) still lists the legal moves.
    match g.play_text("30x21") {
        Err(PlayError::Illegal(_)) | Err(PlayError::Text(MoveTextError::NoMatch { .. })) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(
        g.why_illegal(21, 17).map(|i| i.kind),
        Some(dama::IllegalKind::MustCapture(vec![18]))
    );
}

fn pdn_error(text: &str) -> dama::pdn::PdnError {
    match pdn::parse(text) {
        Ok(g) => panic!("{text:?} was accepted as {g:?}"),
        Err(e) => e,
    }
}

#[test]
fn malformed_pdn_is_refused_with_a_reason() {
    let cases: &[(&str, &[&str])] = &[
        ("", &["no game found"]),
        ("   \n\n ", &["no game found"]),
        ("{just a comment}", &["no game found"]),
        ("[Event", &["quoted value"]),
        ("[Event \"x]", &["never closed"]),
        ("[Event \"x\"", &["not closed with ']'"]),
        ("[Event \"x\" 1. 22-18", &["not closed with ']'"]),
        ("[ \"x\"]", &["must start with a name"]),
        ("[\"x\"]", &["must start with a name"]),
        ("1. 22-18 {unclosed", &["never closed", "'}'"]),
        ("1. 22-18 (9-13 2. 18x9", &["never closed", "')'"]),
        ("1. 22-18 hello", &["expected a move", "hello"]),
        ("1. 22-18 }", &["unexpected", "'}'"]),
        ("1. 22-18 )", &["unexpected"]),
        ("1. 22-18 ]", &["unexpected"]),
        ("1. 22/18", &["expected a move"]),
        ("1. 22-18-", &["expected a move"]),
        ("1. ２２-18", &["expected a move"]),
    ];
    for (text, wants) in cases {
        let e = pdn_error(text).to_string();
        assert!(e.starts_with("bad PDN"), "{text:?}: {e}");
        for w in *wants {
            assert!(e.contains(w), "{text:?}: {e:?} does not mention {w:?}");
        }
    }
    // A token far too long.
    let e = pdn_error(&format!("1. {}", "1".repeat(500))).to_string();
    assert!(e.contains("too long"), "{e}");
    // Line and column of the problem (1-based).
    let e = pdn_error("[Event \"x\"]\n1. 22-18 9-13\n2. 18x9 foo 1-0");
    assert_eq!((e.line, e.column), (3, 9), "{e}");
    let e = pdn_error("1. 22-18\n  {never");
    assert_eq!((e.line, e.column), (2, 3), "{e}");
}

#[test]
fn pdn_games_that_do_not_replay_are_refused() {
    let cases: &[(&str, &[&str])] = &[
        ("1. 22-17 *", &["move 1", "22-17", "not legal"]),
        ("1. 22-18 9-13 2. 21-17 *", &["move 2", "21-17", "18x9"]),
        ("1. 22-18 22-18 *", &["move 1"]),
        ("[GameType \"20\"]\n1. 32-28 *", &["GameType 20", "Italian"]),
        ("[GameType \"21\"]\n*", &["GameType 21"]),
        ("[FEN \"W:W33:B1\"]\n*", &["FEN", "square 33"]),
        ("[FEN \"garbage\"]\n*", &["FEN", "side to move"]),
        ("[FEN \"W:W30:B27\"]\n1. 30x23 19-15 *", &["game is over"]),
        (
            "[FEN \"W:W31:B19,20,27,28\"]\n1. 31x15 *",
            &["ambiguous", "31x22x15", "31x24x15"],
        ),
    ];
    for (text, wants) in cases {
        let e = match pdn::read_game(text, dama::Variant::Italian) {
            Ok(g) => panic!("{text:?} was accepted: {:?}", g.move_texts()),
            Err(e) => e.to_string(),
        };
        for w in *wants {
            assert!(e.contains(w), "{text:?}: {e:?} does not mention {w:?}");
        }
    }
    // GameType with the extra fields some programs write is fine, and so is lower-case tags.
    let g = pdn::read_game(
        "[GameType \"22,W,8,8,A0,0\"]\n[fen \"W:W31:B19,20,27,28\"]\n1. 31x22x15 1-0",
        dama::Variant::Italian,
    )
    .unwrap();
    assert_eq!(g.ply(), 1);
}

/// Files saved by many Windows editors start with a UTF-8 byte-order mark.
#[test]
fn pdn_with_a_byte_order_mark_is_read() {
    let text = "\u{feff}[Event \"x\"]\n1. 22-18 9-13 *";
    let games = pdn::parse(text).expect("a BOM is not content");
    assert_eq!(games[0].tag("Event"), Some("x"));
    assert_eq!(games[0].moves, vec!["22-18", "9-13"]);
}

/// A mixed bag of PDN features the reader should skip over without complaint.
#[test]
fn pdn_reader_skips_comments_variations_and_annotations() {
    let text = "% a directive line\n; a line comment\n[Event \"Test \\\"quoted\\\"\"]\n\
                [Site \"a [bracket] {brace}\"]\n1. 22-18! {a {comment} 9-13?! $12 \
                (1... 10-14 (2. 18x11)) 2.18x9 10-14 3. 24-20 3... 12-16 *";
    let games = pdn::parse(text).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.tag("event"), Some("Test \"quoted\""));
    assert_eq!(g.tag("Site"), Some("a [bracket] {brace}"));
    assert_eq!(
        g.moves,
        vec!["22-18", "9-13", "18x9", "10-14", "24-20", "12-16"]
    );
    assert_eq!(g.result.as_deref(), Some("*"));
    let game = pdn::replay(g, dama::Variant::Italian).unwrap();
    assert_eq!(game.ply(), 6);
}

#[test]
fn several_games_in_one_file() {
    let text =
        "[Event \"a\"]\n1. 22-18 *\n\n[Event \"b\"]\n1. 21-17 9-13 1-0\n[Event \"c\"]\n\n1. 23-19";
    let games = pdn::parse(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(games[1].moves, vec!["21-17", "9-13"]);
    assert_eq!(games[1].result.as_deref(), Some("1-0"));
    assert_eq!(games[2].moves, vec!["23-19"]);
    assert_eq!(games[2].result, None);
    // read_game takes the first.
    assert_eq!(
        pdn::read_game(text, dama::Variant::Italian).unwrap().ply(),
        1
    );
}

// ---------------------------------------------------------------------------------------------
// Fuzzing every parser with random bytes and with soup made of the grammars' own alphabet.

const ALPHABET: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "9",
    "12",
    "22",
    "18",
    "32",
    "33",
    "x",
    "X",
    "-",
    ":",
    "W",
    "B",
    "K",
    "w",
    "b",
    "k",
    ",",
    ".",
    "[",
    "]",
    "\"",
    "{",
    "}",
    "(",
    ")",
    ";",
    "%",
    "$",
    "!",
    "?",
    "*",
    " ",
    "\n",
    "\\",
    "/",
    "1-0",
    "0-1",
    "1/2-1/2",
    "é",
    "🙂",
    "\u{0}",
    "[FEN \"",
    "[GameType \"",
    "22-18",
    "18x9",
    "9-13",
    "W:W",
    ":B",
];

fn random_bytes(rng: &mut Rng) -> String {
    let n = rng.below(40) as usize;
    let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn random_soup(rng: &mut Rng) -> String {
    let n = rng.below(30) as usize;
    (0..n)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

/// Feeds one text to every parser; a panic fails the test. Checks that refused moves change
/// nothing and accepted ones are legal.
fn feed(text: &str, games: &mut [Game]) {
    if let Ok(p) = fen::parse(dama::Variant::Italian, text) {
        // Whatever is accepted is a valid position that writes and reads back.
        assert_eq!(
            fen::parse(dama::Variant::Italian, &fen::write(&p)),
            Ok(p),
            "{text:?}"
        );
        assert!(p.pieces(dama::Color::White).count_ones() <= 12);
        assert!(p.pieces(dama::Color::Black).count_ones() <= 12);
        let _ = p.legal_moves();
    }
    let _ = Game::from_fen(dama::Variant::Italian, text);
    for g in games.iter_mut() {
        let _ = notation::parse(g.position(), text);
        let (fen_before, hash, ply) = (g.position().to_fen(), g.hash(), g.ply());
        match g.play_text(text) {
            Ok(m) => {
                assert_eq!(g.ply(), ply + 1);
                let before = *g.position_at(ply).unwrap();
                assert!(before.legal_moves().contains(&m));
                g.undo();
                assert_eq!(g.hash(), hash);
            }
            Err(_) => {
                assert_eq!(g.position().to_fen(), fen_before, "{text:?}");
                assert_eq!(g.hash(), hash, "{text:?}");
                assert_eq!(g.ply(), ply, "{text:?}");
            }
        }
    }
    if let Ok(list) = pdn::parse(text) {
        assert!(!list.is_empty());
        for p in &list {
            let _ = pdn::replay(p, dama::Variant::Italian);
        }
    }
    let _ = pdn::read_game(text, dama::Variant::Italian);
}

fn fuzz_games() -> Vec<Game> {
    let mut after = Game::new(dama::Variant::Italian);
    after.play_text("22-18").unwrap();
    after.play_text("9-13").unwrap();
    vec![
        Game::new(dama::Variant::Italian),
        after,
        Game::from_fen(dama::Variant::Italian, "W:WK18:B14,15,22,23").unwrap(),
        Game::from_fen(dama::Variant::Italian, "W:W31:B19,20,27,28").unwrap(),
        Game::from_fen(dama::Variant::Italian, "B:WK1,K32:BK12,K13,9").unwrap(),
    ]
}

#[test]
fn random_bytes_never_panic_any_parser() {
    let mut rng = Rng::new(0xF022_0001);
    let mut games = fuzz_games();
    for _ in 0..if RELEASE { 5_000 } else { 1_000 } {
        let t = random_bytes(&mut rng);
        feed(&t, &mut games);
    }
}

#[test]
fn grammar_soup_never_panics_any_parser() {
    let mut rng = Rng::new(0xF022_0002);
    let mut games = fuzz_games();
    let mut accepted_fens = 0;
    for _ in 0..if RELEASE { 20_000 } else { 2_000 } {
        let t = random_soup(&mut rng);
        if fen::parse(dama::Variant::Italian, &t).is_ok() {
            accepted_fens += 1;
        }
        feed(&t, &mut games);
    }
    // Structured soup: FEN-shaped and move-shaped strings reach deeper into the parsers.
    for _ in 0..if RELEASE { 20_000 } else { 2_000 } {
        let side = ["W", "B", "w", "", "X"][rng.below(5) as usize];
        let mut t = side.to_string();
        for _ in 0..rng.below(4) {
            t.push(':');
            t.push_str(["W", "B", "", "K"][rng.below(4) as usize]);
            for i in 0..rng.below(6) {
                if i > 0 {
                    t.push(',');
                }
                if rng.chance(1, 4) {
                    t.push('K');
                }
                t.push_str(&rng.below(36).to_string());
                if rng.chance(1, 6) {
                    t.push('-');
                    t.push_str(&rng.below(36).to_string());
                }
            }
        }
        if fen::parse(dama::Variant::Italian, &t).is_ok() {
            accepted_fens += 1;
        }
        feed(&t, &mut games);
        let mv: Vec<String> = (0..1 + rng.below(4))
            .map(|_| rng.below(34).to_string())
            .collect();
        let sep = ["-", "x", ":", "X"][rng.below(4) as usize];
        feed(&mv.join(sep), &mut games);
    }
    assert!(
        accepted_fens > if RELEASE { 100 } else { 10 },
        "{accepted_fens}"
    );
}

#[test]
fn pathological_pdn_does_not_hang_or_panic() {
    // Deeply nested variations and comments, long runs of move numbers, a huge comment.
    let deep = "(".repeat(100_000) + &")".repeat(100_000) + " 1. 22-18 *";
    assert_eq!(pdn::parse(&deep).unwrap()[0].moves, vec!["22-18"]);
    let unclosed = "(".repeat(100_000);
    assert!(pdn::parse(&unclosed).is_err());
    let comment = format!("{{{}}} 1. 22-18 *", "x".repeat(1_000_000));
    assert_eq!(pdn::parse(&comment).unwrap().len(), 1);
    let numbers = "1. ".repeat(100_000) + "*";
    assert!(pdn::parse(&numbers).is_ok());
    // Tags up to the bound, and past it a refusal naming it.
    let tags = "[A \"b\"]\n".repeat(pdn::MAX_TAGS);
    assert_eq!(pdn::parse(&tags).unwrap()[0].tags.len(), pdn::MAX_TAGS);
    let too_many = "[A \"b\"]\n".repeat(pdn::MAX_TAGS + 1);
    let e = pdn::parse(&too_many).unwrap_err();
    assert!(e.message.contains("more than 1000 tags"), "{e}");
    let results = "* ".repeat(10_000);
    assert_eq!(pdn::parse(&results).unwrap().len(), 10_000);
}

/// A file of `len` bytes: `head`, then zeros, counting what a reader takes from it.
struct Endless {
    head: Vec<u8>,
    taken: u64,
}

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let at = self.taken as usize;
        let n = buf.len();
        for (i, b) in buf.iter_mut().enumerate() {
            *b = self.head.get(at + i).copied().unwrap_or(0);
        }
        self.taken += n as u64;
        Ok(n)
    }
}

/// Each file format's reader, given a 2 GB file whose header looks right, refuses it having
/// read no more than its header (and one buffer): the stated size is checked against the
/// file's length and the format's bound before the body is read.
#[test]
fn file_readers_refuse_huge_files_from_their_header() {
    use dama::engine::book::{Book, BookError};
    use dama::engine::egtb::{EgtbError, Tables};
    use dama::engine::eval::pattern::Net;
    use dama::engine::eval::NetError;
    use dama_tools::train::{self, SamplesError};
    const LEN: u64 = 2 << 30;
    const READ_AT_MOST: u64 = 64 << 10;
    let le = |v: u32| v.to_le_bytes();

    let weights = Net::material(dama::Variant::Italian).to_bytes();
    let mut r = Endless {
        head: weights[..24].to_vec(),
        taken: 0,
    };
    assert!(matches!(
        Net::read_from(&mut r, LEN),
        Err(NetError::WrongLength { .. })
    ));
    assert!(r.taken <= READ_AT_MOST, "{}", r.taken);

    let book = Book::shipped(dama::Variant::Italian).to_bytes();
    let mut head = book[..24].to_vec();
    let n = (LEN - 24) / 12;
    head[8..12].copy_from_slice(&le(n as u32));
    let mut r = Endless { head, taken: 0 };
    assert_eq!(
        Book::read_from(&mut r, 24 + 12 * n),
        Err(BookError::TooLarge(n as usize))
    );
    assert!(r.taken <= READ_AT_MOST, "{}", r.taken);

    for magic in [b"DAMASMP2", b"DAMASMP3"] {
        let mut head = magic.to_vec();
        head.extend_from_slice(&le(train::MAX_SAMPLES as u32));
        head.extend_from_slice(&le(22));
        let mut r = Endless { head, taken: 0 };
        assert_eq!(
            train::read_samples_from(&mut r, LEN, train::MAX_SAMPLES),
            Err(SamplesError::WrongLength)
        );
        assert!(r.taken <= READ_AT_MOST, "{}", r.taken);
    }

    let tables = dama_tools::egtb::build(dama::Variant::Italian, 2, 80, &mut |_| {}).to_bytes(2);
    let mut head = tables[..16].to_vec();
    head[12..16].copy_from_slice(&le(u32::MAX));
    let mut r = Endless { head, taken: 0 };
    let mut t = Tables::new(dama::Variant::Italian);
    assert_eq!(
        t.read_from(&mut r, tables.len() as u64),
        Err(EgtbError::TooManyTables(u32::MAX))
    );
    assert!(r.taken <= READ_AT_MOST, "{}", r.taken);
    // Valid tables followed by 2 GB: refused once the tables are read, not after the rest.
    let mut r = Endless {
        head: tables.clone(),
        taken: 0,
    };
    assert_eq!(t.read_from(&mut r, LEN), Err(EgtbError::TrailingBytes));
    assert!(r.taken <= tables.len() as u64 + READ_AT_MOST, "{}", r.taken);
    assert_eq!(t.signatures().count(), 0, "a refused file adds nothing");
    // Longer than every table of the format at once.
    let mut r = Endless {
        head: tables.clone(),
        taken: 0,
    };
    assert!(matches!(
        t.read_from(&mut r, u64::MAX),
        Err(EgtbError::TooLarge(_))
    ));
    assert!(r.taken <= READ_AT_MOST, "{}", r.taken);
}

/// A weight no fit makes (beyond a hundred men) is refused on loading: the format's 16 bits
/// permit it, the evaluation would score quiet positions like won ones.
#[test]
fn absurd_weights_are_refused() {
    use dama::engine::eval::pattern::{Net, MAX_WEIGHT, PATTERN_PARAMS};
    use dama::engine::eval::NetError;
    let mut net = Net::material(dama::Variant::Brazilian);
    assert!(Net::from_bytes(&net.to_bytes()).is_ok());
    net.set_weight(PATTERN_PARAMS, [100, MAX_WEIGHT]);
    assert!(Net::from_bytes(&net.to_bytes()).is_ok());
    net.set_weight(PATTERN_PARAMS, [100, -MAX_WEIGHT - 1]);
    assert_eq!(
        Net::from_bytes(&net.to_bytes()),
        Err(NetError::Absurd {
            param: PATTERN_PARAMS,
            value: -MAX_WEIGHT - 1
        })
    );
    net.set_weight(7, [i16::MAX, 0]);
    assert!(matches!(
        Net::from_bytes(&net.to_bytes()),
        Err(NetError::Absurd { param: 7, .. })
    ));
}
