//! Brazilian draughts against an independent, deliberately slow reference written from RULES.md
//! alone (the `bref` module): the rules' own examples, perft from the start
//! (the published table), and differential tests on thousands of random positions and random
//! games comparing every legal move (from, to, captured set, crowning, king flag, landing path,
//! capture order) and its move text. Every square is compared in Brazilian numbering, through
//! `Variant::Brazilian`: the crate's `Square::number()` is the Italian one.

use crate::reference;

use crate::bref;

use bref::{board, name, num, random_board, random_capture_board, rc, square_named, Board, Rng, P};
use dama::{
    fen, movegen, notation, Brazilian, Color, DrawRules, Game, Move, MoveList, Position, Role,
    Square, Variant, MAX_MOVES,
};
use dama::{perft, perft_divide};
use reference::work;
use std::collections::{BTreeMap, BTreeSet};

const V: Variant = Variant::Brazilian;

const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/// RULES.md, "Perft from the start" of Brazilian draughts (dctl's table).
const START_PERFT: [u64; 13] = [
    1,
    7,
    49,
    302,
    1_469,
    7_473,
    37_628,
    187_302,
    907_830,
    4_431_766,
    21_560_022,
    105_491_257,
    511_882_477,
];

// ---------------------------------------------------------------------------------------------
// The crate seen in Brazilian numbering.

/// A square's Brazilian number.
fn bn(sq: Square) -> u8 {
    V.square_number(sq)
}

/// The rules' identity of a crate move in Brazilian numbers.
fn key(m: &Move) -> (u8, u8, u32) {
    let captured = m
        .captured_squares()
        .fold(0u32, |acc, s| acc | 1 << (bn(s) - 1));
    (bn(m.from()), bn(m.to()), captured)
}

/// Reads the crate's position square by square, through `Variant::Brazilian`.
fn from_position(pos: &Position) -> Board {
    let mut b = Board::empty(pos.turn() == Color::White);
    for n in 1..=32u8 {
        let sq = V.square(n as u32).expect("1-32");
        if let Some(p) = pos.piece_at(sq) {
            b.set(
                n,
                Some(P {
                    white: p.color == Color::White,
                    king: p.role == Role::King,
                }),
            );
        }
    }
    b
}

/// The crate's position for a reference board, through a FEN in Brazilian numbering.
fn to_position(b: &Board) -> Position {
    let text = b.fen();
    let pos = fen::parse(V, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&from_position(&pos), b, "{text} read back square by square");
    assert_eq!(
        fen::write(&pos.with_variant(V)),
        text,
        "{text} written back"
    );
    pos
}

fn pos(fen_text: &str) -> Position {
    let p = fen::parse(V, fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"));
    assert_eq!(from_position(&p), board(fen_text), "{fen_text}");
    p
}

fn show(keys: &BTreeSet<(u8, u8, u32)>) -> Vec<String> {
    keys.iter()
        .map(|(f, t, c)| {
            let caps: Vec<String> = (1..=32u8)
                .filter(|n| c & (1 << (n - 1)) != 0)
                .map(name)
                .collect();
            if *c == 0 {
                format!("{}-{}", name(*f), name(*t))
            } else {
                format!("{}x{} taking [{}]", name(*f), name(*t), caps.join(","))
            }
        })
        .collect()
}

/// Compares every legal move of `pos` (and everything derived from it) with the reference;
/// returns the reference's legal moves.
fn check_position(pos: &Position) -> Vec<bref::RefMove> {
    let b = from_position(pos);
    let fen_text = b.fen();
    assert_eq!(fen::write(&pos.with_variant(V)), fen_text);
    let want = b.legal();
    let got = pos.with_variant(V).legal_moves();
    assert!(got.len() < MAX_MOVES, "{fen_text}: the move list is full");

    let got_keys: BTreeSet<_> = got.iter().map(key).collect();
    assert_eq!(
        got_keys.len(),
        got.len(),
        "{fen_text}: the crate lists a move twice: {got:?}"
    );
    let want_keys: BTreeSet<_> = want.iter().map(|m| m.key()).collect();
    if got_keys != want_keys {
        panic!(
            "{fen_text}: legal moves differ\n  missing (reference only): {:?}\n  extra (crate only): {:?}",
            show(&want_keys.difference(&got_keys).cloned().collect()),
            show(&got_keys.difference(&want_keys).cloned().collect()),
        );
    }
    let by_key: BTreeMap<_, _> = want.iter().map(|m| (m.key(), m)).collect();
    for m in got.iter() {
        let r = by_key[&key(m)];
        assert_eq!(m.is_king_move(), r.king, "{fen_text}: king flag of {m:?}");
        assert_eq!(m.promotes(), r.promotes, "{fen_text}: crowning of {m:?}");
        assert_eq!(m.is_capture(), r.captured != 0, "{fen_text}: {m:?}");
        assert_eq!(m.capture_count(), r.captured.count_ones(), "{fen_text}");
        let path: Vec<u8> = m.path().map(bn).collect();
        if r.captured == 0 {
            assert_eq!(path, vec![r.to], "{fen_text}: quiet path of {m:?}");
            assert_eq!(m.jumps(), 0);
            assert_eq!(m.captured_in_order().count(), 0);
        } else {
            let Some(i) = r.paths.iter().position(|p| *p == path) else {
                panic!(
                    "{fen_text}: path {:?} of {} is not one of the reference's {:?}",
                    path.iter().map(|&n| name(n)).collect::<Vec<_>>(),
                    r.short_text(),
                    r.paths.iter().map(|p| r.path_text(p)).collect::<Vec<_>>()
                );
            };
            assert_eq!(m.jumps() as usize, path.len(), "{fen_text}: {m:?}");
            let order: Vec<u8> = m.captured_in_order().map(bn).collect();
            assert_eq!(
                order,
                r.orders[i],
                "{fen_text}: captured_in_order of {}",
                r.path_text(&path)
            );
        }
        // Playing the move gives the reference's board.
        assert_eq!(
            from_position(&pos.play(m)),
            b.play(r),
            "{fen_text}: position after {}",
            r.short_text()
        );
    }
    // The counting shortcut of perft's last ply, and the capture helpers.
    assert_eq!(
        perft(&pos.with_variant(V), 1),
        want.len() as u64,
        "{fen_text}: perft 1"
    );
    assert_eq!(
        movegen::count::<Brazilian>(pos),
        want.len() as u64,
        "{fen_text}: count"
    );
    let captures = want.iter().any(|m| m.captured != 0);
    assert_eq!(
        movegen::has_capture::<Brazilian>(pos),
        captures,
        "{fen_text}: has_capture"
    );
    let mut caps = MoveList::new();
    movegen::generate_captures::<Brazilian>(pos, &mut caps);
    if captures {
        assert_eq!(caps.len(), got.len(), "{fen_text}: generate_captures");
    } else {
        assert!(caps.is_empty(), "{fen_text}: generate_captures {caps:?}");
    }
    want
}

/// Full landing paths that are not routes: each legal capture's path with one landing square
/// changed to every other square. Whatever of these the crate reads must be a real route of
/// the move it reads it as (a route the reference found: every valid route over the same
/// pieces to the same square is one of them), never, say, a Turkish strike or a jump over a
/// piece already taken.
fn check_bogus_paths(pos: &Position, want: &[bref::RefMove]) {
    let fen_text = fen::write(&pos.with_variant(V));
    let by_key: BTreeMap<_, _> = want.iter().map(|m| (m.key(), m)).collect();
    for r in want {
        let Some(path) = r.paths.first() else {
            continue;
        };
        if path.len() < 2 {
            continue; // "fromxto" is the short form, which names from and to only
        }
        for i in 0..path.len() {
            for n in 1..=32u8 {
                let mut bogus = path.clone();
                bogus[i] = n;
                let text = r.path_text(&bogus);
                if let Ok(m) = notation::parse(&pos.with_variant(V), &text) {
                    let found = by_key[&key(&m)];
                    assert!(
                        found.paths.contains(&bogus),
                        "{fen_text}: {text} was read as {}, which has no such route",
                        found.short_text()
                    );
                }
            }
        }
    }
}

/// Every legal move's standard text parses back to it; so does its full landing path, and so
/// does every route the reference knows for it (a circling king has two), in algebraic squares
/// and in Brazilian numbers.
fn check_notation(pos: &Position, want: &[bref::RefMove]) {
    let fen_text = fen::write(&pos.with_variant(V));
    let legal = pos.with_variant(V).legal_moves();
    let by_key: BTreeMap<_, _> = legal.iter().map(|m| (key(m), *m)).collect();
    for m in legal.iter() {
        let text = notation::move_text_among(V, &legal, m);
        assert_eq!(
            notation::parse(&pos.with_variant(V), &text),
            Ok(*m),
            "{fen_text}: {text}"
        );
        assert_eq!(notation::parse_among(V, &legal, &text), Ok(*m), "{text}");
        let full = notation::full_text(V, m);
        assert_eq!(
            notation::parse(&pos.with_variant(V), &full),
            Ok(*m),
            "{fen_text}: {full}"
        );
        // The short form is from and to unless another legal move shares both.
        let (f, t, c) = key(m);
        let shared = legal
            .iter()
            .any(|o| key(o).0 == f && key(o).1 == t && key(o).2 != c);
        let sep = if m.is_capture() { 'x' } else { '-' };
        let plain = format!("{}{sep}{}", name(f), name(t));
        if shared {
            assert_eq!(text, full, "{fen_text}");
        } else {
            assert_eq!(text, plain, "{fen_text}");
            let numbers = format!("{f}{sep}{t}");
            assert_eq!(
                notation::parse(&pos.with_variant(V), &numbers),
                Ok(*m),
                "{fen_text}: {numbers}"
            );
        }
    }
    for r in want {
        for p in &r.paths {
            let text = r.path_text(p);
            let got = notation::parse(&pos.with_variant(V), &text)
                .unwrap_or_else(|e| panic!("{fen_text}: {text} does not parse: {e}"));
            assert_eq!(key(&got), r.key(), "{fen_text}: {text}");
            assert_eq!(got, by_key[&r.key()], "{fen_text}: {text}");
            let numbers: Vec<String> = std::iter::once(r.from)
                .chain(p.iter().copied())
                .map(|n| n.to_string())
                .collect();
            let numbers = numbers.join("x");
            assert_eq!(
                notation::parse(&pos.with_variant(V), &numbers).map(|m| key(&m)),
                Ok(r.key()),
                "{fen_text}: {numbers}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The board, the numbering and the reference itself, against RULES.md.

#[test]
fn numbering_matches_rules_md() {
    // The diagram of RULES.md, row by row.
    let rows = [
        "b8 d8 f8 h8",
        "a7 c7 e7 g7",
        "b6 d6 f6 h6",
        "a5 c5 e5 g5",
        "b4 d4 f4 h4",
        "a3 c3 e3 g3",
        "b2 d2 f2 h2",
        "a1 c1 e1 g1",
    ];
    for (r, row) in rows.iter().enumerate() {
        for (k, sq_name) in row.split(' ').enumerate() {
            let n = (r * 4 + k + 1) as u8;
            assert_eq!(name(n), sq_name, "reference name of {n}");
            assert_eq!(square_named(sq_name), Some(n));
            // The crate agrees, in both directions.
            let sq = V.square(n as u32).unwrap();
            assert_eq!(V.algebraic(sq), sq_name, "crate name of {n}");
            assert_eq!(V.square_name(sq), sq_name);
            assert_eq!(V.square_at(sq_name), Some(sq), "{sq_name}");
            assert_eq!(bn(sq), n);
            // Same row in both games' geometry; the file mirrored.
            assert_eq!(sq.row() as i32, rc(n).0, "{sq_name}");
            assert_eq!(V.file(sq) as i32, rc(n).1, "{sq_name}");
            assert_eq!(sq.file() as i32, 7 - rc(n).1, "{sq_name}");
        }
    }
    // a1 is a playing square and starts the long diagonal a1-h8: 29-25-22-18-15-11-8-4.
    let long: Vec<u8> = (0..8).map(|i| num(7 - i, i).unwrap()).collect();
    assert_eq!(long, vec![29, 25, 22, 18, 15, 11, 8, 4]);
    for light in ["a2", "b1", "h1", "a8", "c8"] {
        assert_eq!(square_named(light), None);
        assert_eq!(V.square_at(light), None, "{light}");
    }
    // The Brazilian square n is the Italian board's mirror image of Italian square n: the
    // same row, the four squares of the row in reverse order.
    for n in 1..=32u32 {
        let b = V.square(n).unwrap();
        let i = Variant::Italian.square(n).unwrap();
        assert_eq!(b.row(), i.row());
        assert_eq!(b.index() / 4 * 4 + 3 - b.index() % 4, i.index());
    }
}

#[test]
fn the_start_is_the_same_fen_on_the_mirrored_board() {
    let p = pos(START);
    assert_eq!(p, Position::start(V));
    assert_eq!(fen::write(&p), START);
    let b = board(START);
    // White's men on a1-h3, Black's on a6-h8.
    for n in 1..=32u8 {
        let rank = 8 - rc(n).0;
        let want = match rank {
            1..=3 => Some(P {
                white: true,
                king: false,
            }),
            6..=8 => Some(P {
                white: false,
                king: false,
            }),
            _ => None,
        };
        assert_eq!(b.at(n), want, "{}", name(n));
    }
    let texts: BTreeSet<String> = b.legal().iter().map(|m| m.short_text()).collect();
    let want: BTreeSet<String> = [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ]
    .map(String::from)
    .into();
    assert_eq!(texts, want);
    check_position(&p);
    let g = Game::new(V);
    assert_eq!(g.fen(), START);
    assert_eq!(g.variant(), V);
    assert_eq!(*g.position(), p);
}

/// The legal moves in algebraic text, sorted: the reference's, and the crate's own text.
fn texts(fen_text: &str) -> (Vec<String>, Vec<String>) {
    let mut mine: Vec<String> = board(fen_text)
        .legal()
        .iter()
        .map(|m| m.short_text())
        .collect();
    mine.sort();
    let p = pos(fen_text);
    let legal = p.with_variant(V).legal_moves();
    let mut theirs: Vec<String> = legal
        .iter()
        .map(|m| notation::move_text_among(V, &legal, m))
        .collect();
    theirs.sort();
    (mine, theirs)
}

/// Hand-made positions, each showing one rule, with every legal move.
const EXAMPLES: &[(&str, &str, &[&str])] = &[
    ("a man captures backward", "W:W18:B23", &["d4xf2"]),
    ("a black man captures backward", "B:W15:B18", &["d4xf6"]),
    ("a man captures a king", "W:W22:BK18", &["c3xe5"]),
    (
        "a king flies: 13 squares from d4",
        "W:WK18:B1",
        &[
            "d4-a1", "d4-a7", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2",
            "d4-f6", "d4-g1", "d4-g7", "d4-h8",
        ],
    ),
    (
        "a flying king lands on any empty square beyond",
        "W:WK29:B22",
        &["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"],
    ),
    (
        "the capture goes on: only the landing square from which the king can continue",
        "W:WK29:B19,22",
        &["a1xg3", "a1xh2"],
    ),
    (
        "majority: a man taking two beats a king taking one",
        "W:W22,K5:B11,18",
        &["c3xg7"],
    ),
    (
        "equal counts: free choice, no preference for the king or for taking a king",
        "W:W22,K2:B18,K9",
        &["c3xe5", "d8xa5"],
    ),
    (
        "a man passing the far row goes on backward as a man",
        "W:W9:B6,7",
        &["b6xf6"],
    ),
    (
        "a man ending on the far row is crowned",
        "W:W9:B6",
        &["b6xd8"],
    ),
    (
        "a man stepping onto the far row is crowned",
        "W:W5:B20",
        &["a7-b8"],
    ),
    (
        "captured pieces block: no Turkish strike back over e3 to take f2",
        "W:WK30:B10,11,23,27",
        &["c1xa3", "c1xb4", "c1xc5"],
    ),
    (
        "a king circling back to its start square (which counts as empty)",
        "W:WK18:B6,7,14,15",
        &[
            "d4xa1", "d4xb2", "d4xc3", "d4xd4", "d4xe3", "d4xf2", "d4xg1",
        ],
    ),
    (
        "a black man takes a white king, landing next to the edge",
        "B:WK14:B10",
        &["d6xb4"],
    ),
];

#[test]
fn rule_examples() {
    for (what, fen_text, want) in EXAMPLES {
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        let (mine, theirs) = texts(fen_text);
        assert_eq!(mine, want, "reference: {what} ({fen_text})");
        assert_eq!(theirs, want, "crate: {what} ({fen_text})");
        let p = pos(fen_text);
        let r = check_position(&p);
        check_notation(&p, &r);
        check_bogus_paths(&p, &r);
    }
}

#[test]
fn rule_example_details() {
    let one = |fen_text: &str| {
        let legal = pos(fen_text).with_variant(V).legal_moves();
        assert_eq!(legal.len(), 1, "{fen_text}");
        legal[0]
    };
    // Passing the far row mid-capture: not crowned, and the piece on f6 is still a man.
    let m = one("W:W9:B6,7");
    assert!(!m.promotes() && !m.is_king_move());
    let path: Vec<String> = m.path().map(|s| V.algebraic(s)).collect();
    assert_eq!(path, ["d8", "f6"]);
    let after = pos("W:W9:B6,7").play(&m);
    assert_eq!(fen::write(&after.with_variant(V)), "B:W11:B");
    // Ending there: crowned.
    let m = one("W:W9:B6");
    assert!(m.promotes());
    assert_eq!(
        fen::write(&(pos("W:W9:B6").play(&m)).with_variant(V)),
        "B:WK2:B"
    );
    let m = one("W:W5:B20");
    assert!(m.promotes() && !m.is_capture());
    // The man takes two and stays a man; the majority rule leaves the king's capture out.
    let m = one("W:W22,K5:B11,18");
    assert!(!m.is_king_move() && !m.promotes());
    assert_eq!(m.capture_count(), 2);
    // The king circling back: one move (two routes), back on d4 with the board cleared.
    let p = pos("W:WK18:B6,7,14,15");
    let home: Vec<Move> = p
        .with_variant(V)
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from() == m.to())
        .collect();
    assert_eq!(home.len(), 1);
    let mut routes = board("W:WK18:B6,7,14,15")
        .legal()
        .into_iter()
        .find(|r| r.from == r.to)
        .unwrap()
        .paths;
    routes.sort();
    // b6 d8 f6 d4 and f6 d8 b6 d4
    assert_eq!(routes, [vec![9, 2, 11, 18], vec![11, 2, 9, 18]]);
    assert_eq!(fen::write(&(p.play(&home[0])).with_variant(V)), "B:WK18:B");
    // The same positions under the Italian rules read from the same squares: a man there never
    // captures backward nor takes a king (a check that the variants really differ).
    let it = pos("W:W22:BK18");
    assert!(!it.with_variant(Variant::Italian).legal_moves()[0].is_capture());
    assert!(it.with_variant(V).legal_moves()[0].is_capture());
}

#[test]
fn reference_reproduces_the_start_table() {
    let depth = work(8, 7);
    let b = board(START);
    for (d, &want) in START_PERFT.iter().enumerate().take(depth + 1) {
        assert_eq!(b.perft(d as u32), want, "reference perft {d}");
    }
}

// ---------------------------------------------------------------------------------------------
// Perft of the crate.

#[test]
fn perft_from_the_start_matches_rules_md() {
    // RULES.md's table to depth 10 in release (a third of a second); depth 9 unoptimised.
    let max = work(10, 9);
    let start = Position::start(Variant::Italian);
    for (d, &want) in START_PERFT.iter().enumerate().take(max + 1) {
        assert_eq!(
            perft(&start.with_variant(V), d as u32),
            want,
            "perft {d} from the start"
        );
    }
    // Depth 5 is where Brazilian first parts from Italian (7,361 there).
    assert_eq!(perft(&start.with_variant(Variant::Italian), 5), 7_361);
}

#[test]
fn perft_from_the_start_matches_the_reference_at_every_first_move() {
    let depth = work(7, 6) as u32;
    let start = Position::start(Variant::Italian);
    let b = board(START);
    let by_key: BTreeMap<_, _> = b.legal().into_iter().map(|m| (m.key(), m)).collect();
    let div = perft_divide(&start.with_variant(V), depth);
    assert_eq!(div.len(), 7);
    assert_eq!(
        div.iter().map(|(_, n)| n).sum::<u64>(),
        START_PERFT[depth as usize]
    );
    for (m, n) in div {
        assert_eq!(n, b.play(&by_key[&key(&m)]).perft(depth - 1), "{m:?}");
    }
    assert!(perft_divide(&start.with_variant(V), 0).is_empty());
}

/// Middle and end games with flying kings, men capturing backward and long captures.
const KING_FENS: &[&str] = &[
    "W:WK18:B6,7,14,15",
    "W:WK30:B10,11,23,27",
    "W:WK29,22,23:BK4,10,11,13,14",
    "B:WK25,K28,21,22:BK5,K8,9,10,15",
    "W:W9,13,17:B5,6,7,K20",
    "B:WK1,K32,18,19:BK12,K13,K20,9",
    "W:WK5,K28,26,27:BK4,K25,K14,K19,11",
    "B:W14,15,22,23,26:BK1,6,7",
];

#[test]
fn perft_with_kings_matches_the_reference() {
    let depth = work(4, 3) as u32;
    for fen_text in KING_FENS {
        let p = pos(fen_text);
        let b = board(fen_text);
        for d in 0..=depth {
            assert_eq!(
                perft(&p.with_variant(V), d),
                b.perft(d),
                "{fen_text} depth {d}"
            );
        }
        let div = perft_divide(&p.with_variant(V), depth);
        assert_eq!(
            div.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&p.with_variant(V), depth)
        );
        let got: BTreeSet<_> = div.iter().map(|(m, _)| key(m)).collect();
        let want: BTreeSet<_> = b.legal().iter().map(|m| m.key()).collect();
        assert_eq!(got, want, "{fen_text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Differential tests.

#[test]
fn random_positions_match_the_reference() {
    let mut rng = Rng::new(0xB2A5_0001);
    let n = work(40_000, 8_000);
    let (mut captures, mut long, mut men_back, mut multi_landing) = (0, 0, 0, 0);
    for _ in 0..n {
        let b = random_board(&mut rng);
        let p = to_position(&b);
        let want = check_position(&p);
        check_notation(&p, &want);
        if want.iter().any(|m| m.captured != 0) {
            captures += 1;
        }
        if want.iter().any(|m| m.captured.count_ones() >= 3) {
            long += 1;
        }
        if want.iter().any(|m| !m.king && m.captured != 0) {
            men_back += 1;
        }
        if want.iter().any(|m| m.captured != 0 && m.king) && want.len() > 2 {
            multi_landing += 1;
        }
    }
    println!("{n} positions: {captures} with captures, {long} taking 3+, {men_back} by men, {multi_landing} king choices");
    // The sample must exercise captures, long ones, and both kinds of capturer.
    assert!(captures > n / 5, "only {captures} positions with captures");
    assert!(long > n / 200, "only {long} positions with 3+ captures");
    assert!(men_back > n / 20 && multi_landing > n / 20);
}

/// Crowded positions: long captures by men and flying kings, many routes, captured pieces in
/// the way.
#[test]
fn crowded_positions_match_the_reference() {
    let mut rng = Rng::new(0xB2A5_0002);
    let n = work(30_000, 5_000);
    let (mut routes, mut longest) = (0, 0);
    for i in 0..n {
        let b = random_capture_board(&mut rng);
        let p = to_position(&b);
        let want = check_position(&p);
        check_notation(&p, &want);
        if i % 4 == 0 && want.iter().any(|m| m.captured.count_ones() >= 2) {
            check_bogus_paths(&p, &want);
        }
        if want.iter().any(|m| m.paths.len() > 1) {
            routes += 1;
        }
        longest = longest.max(
            want.iter()
                .map(|m| m.captured.count_ones())
                .max()
                .unwrap_or(0),
        );
    }
    println!(
        "{n} crowded positions: {routes} with a move of several routes, longest capture {longest}"
    );
    assert!(routes > 0);
    assert!(longest >= 5, "{longest}");
}

/// Plays random games with the crate and the reference side by side (each on its own board),
/// comparing the legal moves at every ply.
fn random_games(seed: u64, games: usize, from_random: bool) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let (mut nodes, mut finished) = (0, 0);
    for _ in 0..games {
        let mut b = if from_random {
            random_board(&mut rng)
        } else {
            board(START)
        };
        let mut p = to_position(&b);
        let mut g = Game::from_position(p.with_variant(V));
        g.set_draw_rules(DrawRules::NONE);
        for _ply in 0..150 {
            nodes += 1;
            assert_eq!(from_position(&p), b, "the boards parted");
            let want = check_position(&p);
            if nodes % 7 == 0 {
                check_notation(&p, &want);
            }
            let legal = p.with_variant(V).legal_moves();
            if legal.is_empty() {
                assert!(g.result().is_some());
                finished += 1;
                break;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            let r = want.iter().find(|r| r.key() == key(&m)).expect("legal");
            g.play(&m).expect("the game accepts a legal move");
            p = p.play(&m);
            b = b.play(r);
            assert_eq!(*g.position(), p);
            assert_eq!(g.fen(), b.fen());
        }
    }
    (nodes, finished)
}

#[test]
fn random_games_from_the_start_match_the_reference() {
    let games = work(600, 100);
    let (nodes, finished) = random_games(0xB2A5_0003, games, false);
    println!("{nodes} nodes compared, {finished} games played to the end");
    assert!(nodes > games * 30, "{nodes}");
    assert!(finished > 0);
}

#[test]
fn random_games_from_random_positions_match_the_reference() {
    let games = work(1_000, 150);
    let (nodes, _) = random_games(0xB2A5_0004, games, true);
    println!("{nodes} nodes compared");
    assert!(nodes > games * 5, "{nodes}");
}

/// Moves written in Brazilian numbers or algebraic squares, short or with the full path, are
/// the same move; a compulsory capture is enforced.
#[test]
fn game_reads_brazilian_move_text() {
    let mut g = Game::new(V);
    g.play_text("c3-d4").unwrap();
    g.play_text("11-15").unwrap(); // f6-e5 in Brazilian numbers
    assert!(g.play_text("b2-c3").is_err(), "the capture is compulsory");
    g.play_text("18x11").unwrap(); // d4xf6
    assert_eq!(g.legal_moves().len(), 2); // e7xg5 or g7xe5
    g.play_text("g7xe5").unwrap();
    assert_eq!(g.move_texts(), ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]);
    assert_eq!(
        g.fen(),
        "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15"
    );
    assert_eq!(g.fen(), board(&g.fen()).fen());
    let again = Game::from_fen(V, &g.fen()).unwrap();
    assert_eq!(again.position(), g.position());
}

// ---------------------------------------------------------------------------------------------
// The draw rules of RULES.md's Brazilian section, played out in a Game.

/// Plays `plies` quiet king moves from `start` chosen at random (seeded) so that no capture is
/// ever possible and no position repeats: a depth-first walk that backs off from dead ends.
/// Returns the moves.
fn quiet_walk(variant: Variant, start: &str, plies: usize, seed: u64) -> Vec<Move> {
    fn go(
        variant: Variant,
        p: Position,
        seen: &mut Vec<Position>,
        left: usize,
        rng: &mut Rng,
        out: &mut Vec<Move>,
    ) -> bool {
        if left == 0 {
            return true;
        }
        let mut moves: Vec<Move> = p
            .with_variant(variant)
            .legal_moves()
            .iter()
            .copied()
            .collect();
        // Shuffle, then try each.
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for m in moves {
            let next = p.play(&m);
            if m.is_capture()
                || !m.is_king_move()
                || seen.contains(&next)
                || movegen::has_capture::<Brazilian>(&next)
                || movegen::has_capture::<dama::Italian>(&next)
            {
                continue;
            }
            seen.push(next);
            out.push(m);
            if go(variant, next, seen, left - 1, rng, out) {
                return true;
            }
            out.pop();
            seen.pop();
        }
        false
    }
    let p = fen::parse(variant, start).unwrap();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    assert!(
        go(variant, p, &mut vec![p], plies, &mut rng, &mut out),
        "{start}"
    );
    out
}

#[test]
fn brazilian_draw_rules_are_the_federation_s() {
    let r = V.draw_rules();
    assert_eq!(
        (r.repetitions, r.king_move_plies, r.three_kings_moves),
        (3, 40, 20)
    );
    assert_eq!(Game::new(V).draw_rules(), r);
    assert_eq!(Variant::Italian.draw_rules().three_kings_moves, 0);
    assert_eq!(Variant::Italian.draw_rules().king_move_plies, 80);
}

#[test]
fn three_kings_against_one_draw_after_twenty_moves_of_the_stronger_side() {
    let start = "W:WK1,K2,K3:BK30";
    let walk = quiet_walk(V, start, 39, 7);
    let mut g = Game::from_fen(V, start).unwrap();
    for (i, m) in walk.iter().enumerate() {
        assert!(g.result().is_none(), "ended early, before ply {i}");
        g.play(m).unwrap();
        // White (the stronger side) has made i / 2 + 1 moves in the ending.
        assert_eq!(g.three_kings_moves(), (i / 2 + 1) as u32, "ply {i}");
        assert_eq!(g.king_plies(), i as u32 + 1);
    }
    // White's 20th move: 39 plies, short of the 40-ply king-move rule.
    let r = g.result().expect("drawn after 20 moves");
    assert_eq!(r.outcome, dama::Outcome::Draw);
    assert_eq!(r.reason, dama::Reason::ThreeKings);
    assert_eq!(r.limit, 20);
    assert!(g.legal_moves().is_empty());
    g.undo();
    assert!(g.result().is_none());
    assert_eq!(g.three_kings_moves(), 19);
    // Italian has no such rule: 60 plies of the same ending there end nothing.
    let walk = quiet_walk(Variant::Italian, start, 60, 7);
    let mut it = Game::from_fen(Variant::Italian, start).unwrap();
    for m in &walk {
        assert!(it.result().is_none(), "{:?}", it.result());
        it.play(m).unwrap();
    }
    assert!(it.result().is_none());
    // Black with three kings is the stronger side too, and the count is Black's moves.
    let start = "B:WK30:BK1,K2,K3";
    let walk = quiet_walk(V, start, 39, 8);
    let mut g = Game::from_fen(V, start).unwrap();
    for m in &walk[..38] {
        g.play(m).unwrap();
    }
    assert_eq!(g.three_kings_moves(), 19);
    assert!(g.result().is_none());
    g.play(&walk[38]).unwrap();
    assert_eq!(g.result().map(|r| r.reason), Some(dama::Reason::ThreeKings));
}

#[test]
fn forty_king_plies_without_capture_draw() {
    // Two kings each: not the three-kings ending.
    let start = "W:WK29,K30:BK3,K4";
    let walk = quiet_walk(V, start, 40, 9);
    let mut g = Game::from_fen(V, start).unwrap();
    for m in &walk[..39] {
        g.play(m).unwrap();
    }
    assert!(g.result().is_none());
    assert_eq!(g.three_kings_moves(), 0);
    g.play(&walk[39]).unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.reason, r.limit), (dama::Reason::KingMoves, 40));
}
