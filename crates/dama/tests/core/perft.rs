//! Perft against RULES.md's table, and the move generator against an independent slow reference
//! (the `reference` module) on thousands of random positions and at every node of random games.

use crate::reference;

use dama::movegen;
use dama::{perft, perft_divide, Italian, Move, Position};
use reference::{board, num, random_board, random_king_board, rc, work, Board, RefMove, Rng};
use std::collections::{BTreeMap, BTreeSet};

/// RULES.md, "Perft from the start".
const START_PERFT: [u64; 13] = [
    1,
    7,
    49,
    302,
    1_469,
    7_361,
    36_473,
    177_532,
    828_783,
    3_860_875,
    17_761_384,
    81_647_058,
    367_911_475,
];

fn numbers(bb: u32) -> u32 {
    bb
}

/// The rules' identity of a crate move, rebuilt from its public square accessors.
fn key(m: &Move) -> (u8, u8, u32) {
    let captured = m
        .captured_squares()
        .fold(0u32, |acc, s| acc | 1 << (s.number() - 1));
    (m.from().number(), m.to().number(), captured)
}

fn show(keys: &BTreeSet<(u8, u8, u32)>) -> Vec<String> {
    keys.iter()
        .map(|(f, t, c)| {
            let caps: Vec<String> = (1..=32)
                .filter(|n| c & (1 << (n - 1)) != 0)
                .map(|n| n.to_string())
                .collect();
            if *c == 0 {
                format!("{f}-{t}")
            } else {
                format!("{f}x{t} taking [{}]", caps.join(","))
            }
        })
        .collect()
}

/// Compares every legal move of `pos` (and everything derived from it) with the reference.
/// Returns the reference's legal moves.
fn check_position(pos: &Position) -> Vec<RefMove> {
    let b = Board::from_position(pos);
    let fen = b.fen();
    let want = b.legal();
    let got = pos.legal_moves();

    let got_keys: BTreeSet<_> = got.iter().map(key).collect();
    assert_eq!(
        got_keys.len(),
        got.len(),
        "{fen}: the crate lists a move twice: {got:?}"
    );
    let want_keys: BTreeSet<_> = want.iter().map(|m| m.key()).collect();
    if got_keys != want_keys {
        panic!(
            "{fen}: legal moves differ\n  missing (reference only): {:?}\n  extra (crate only): {:?}",
            show(&want_keys.difference(&got_keys).cloned().collect()),
            show(&got_keys.difference(&want_keys).cloned().collect()),
        );
    }
    let by_key: BTreeMap<_, _> = want.iter().map(|m| (m.key(), m)).collect();
    for m in got.iter() {
        let r = by_key[&key(m)];
        assert_eq!(m.is_king_move(), r.king, "{fen}: king flag of {m:?}");
        assert_eq!(m.promotes(), r.promotes, "{fen}: promotion flag of {m:?}");
        assert_eq!(m.is_capture(), r.captured != 0, "{fen}: {m:?}");
        assert_eq!(m.capture_count(), r.captured.count_ones(), "{fen}: {m:?}");
        assert_eq!(
            numbers(m.captured()),
            r.captured,
            "{fen}: bitboard of {m:?}"
        );
        let path: Vec<u8> = m.path().map(|s| s.number()).collect();
        if r.captured == 0 {
            assert_eq!(path, vec![r.to], "{fen}: quiet path of {m:?}");
            assert_eq!(m.jumps(), 0);
        } else {
            assert!(
                r.paths.contains(&path),
                "{fen}: path {path:?} of {m:?} is not one of the best paths {:?}",
                r.paths
            );
            assert_eq!(m.jumps() as usize, path.len(), "{fen}: {m:?}");
            // The pieces jumped, in order, lie between consecutive landing squares.
            let order: Vec<u8> = m.captured_in_order().map(|s| s.number()).collect();
            let mut at = rc(r.from);
            let mut expect = vec![];
            for &l in &path {
                let to = rc(l);
                expect.push(num((at.0 + to.0) / 2, (at.1 + to.1) / 2).unwrap());
                at = to;
            }
            assert_eq!(order, expect, "{fen}: captured_in_order of {m:?}");
        }
        // Playing the move gives the reference's board.
        let after = pos.play(m);
        assert_eq!(
            Board::from_position(&after),
            b.play(r),
            "{fen}: position after {m:?}"
        );
    }
    // The counting shortcut used on perft's last ply, and the capture helpers.
    assert_eq!(perft(pos, 1), want.len() as u64, "{fen}: perft 1");
    assert_eq!(
        movegen::count::<Italian>(pos),
        want.len() as u64,
        "{fen}: count"
    );
    let captures = want.iter().any(|m| m.captured != 0);
    assert_eq!(
        movegen::has_capture::<Italian>(pos),
        captures,
        "{fen}: has_capture"
    );
    let mut caps = dama::MoveList::new();
    movegen::generate_captures::<Italian>(pos, &mut caps);
    if captures {
        assert_eq!(caps.len(), got.len(), "{fen}: generate_captures");
    } else {
        assert!(caps.is_empty(), "{fen}: generate_captures {caps:?}");
    }
    want
}

// ---------------------------------------------------------------------------------------------
// The reference itself, against RULES.md (so the differential tests below mean something).

fn reference_texts(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = board(fen)
        .legal()
        .iter()
        .map(|m| {
            let sep = if m.captured == 0 { '-' } else { 'x' };
            format!("{}{sep}{}", m.from, m.to)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn reference_follows_the_official_examples() {
    let table: &[(&str, &[&str])] = &[
        ("W:W30:B27", &["30x23"]),
        ("W:W31:B12,20,28", &["31x8"]),
        ("W:WK22:B18,19,27", &["22x13", "22x15", "22x31"]),
        ("W:WK27:B5,6,13,15,21,23", &["27x25"]),
        ("W:WK21,31:B10,18,27", &["31x6"]),
        ("W:WK23,31:B19,26,27", &["23x21"]),
        ("W:WK23:B19,K28", &["23x32"]),
        ("W:WK30:B10,12,18,K20,K26,27", &["30x5"]),
        ("W:WK30:B10,K12,K18,20,K26,K27", &["30x5"]),
        ("W:WK31:B18,20,K27,K28", &["31x13", "31x15"]),
        ("W:W24:B20,28", &["24x15"]),
        ("W:W30:BK26", &["30-27"]),
        ("W:WK30:BK26", &["30x21"]),
    ];
    for (fen, want) in table {
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(reference_texts(fen), want, "reference on {fen}");
        // And the crate agrees in every detail.
        check_position(&Position::from_fen(dama::Variant::Italian, fen).unwrap());
    }
}

#[test]
fn reference_numbering_matches_rules_md() {
    // Long diagonal 1-5-10-14-19-23-28-32, double corners 25/29 and 4/8.
    let diag: Vec<u8> = (0..8).map(|i| num(i, i).unwrap()).collect();
    assert_eq!(diag, vec![1, 5, 10, 14, 19, 23, 28, 32]);
    assert_eq!((num(6, 0), num(7, 1)), (Some(25), Some(29)));
    assert_eq!((num(0, 6), num(1, 7)), (Some(4), Some(8)));
    // White's forward neighbours: s-5/s-4 on a-file rows, s-4/s-3 on h-file rows.
    // 22 is on an h-file row (s-4, s-3), 27 on an a-file row (s-5 = 22 is taken, s-4).
    assert_eq!(
        reference_texts("W:W22,27:B1"),
        vec!["22-18", "22-19", "27-23"]
    );
    // Black's mirror: s+3/s+4 on a-file rows (12), s+4/s+5 on h-file rows (5).
    assert_eq!(
        reference_texts("B:W32:B5,12"),
        vec!["12-15", "12-16", "5-10", "5-9"]
    );
}

#[test]
fn squares_follow_rules_md_numbering() {
    for n in 1..=32u8 {
        let sq = dama::Square::from_number(n as u32).unwrap();
        let (r, c) = rc(n);
        assert_eq!((sq.row() as i32, sq.file() as i32), (r, c), "square {n}");
        assert_eq!(sq.number(), n);
        let name = format!("{}{}", (b'a' + c as u8) as char, 8 - r);
        assert_eq!(sq.algebraic(), name);
    }
    let names: Vec<String> = [1u32, 4, 5, 25, 29, 32]
        .iter()
        .map(|&n| dama::Square::from_number(n).unwrap().algebraic())
        .collect();
    assert_eq!(names, vec!["a8", "g8", "b7", "a2", "b1", "h1"]);
}

#[test]
fn reference_reproduces_the_start_table() {
    let depth = work(7, 5);
    let b = board("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    assert_eq!(b.to_position(), Position::start(dama::Variant::Italian));
    for (d, &want) in START_PERFT.iter().enumerate().take(depth + 1) {
        assert_eq!(b.perft(d as u32), want, "reference perft {d}");
    }
}

// ---------------------------------------------------------------------------------------------
// Perft of the crate.

#[test]
fn perft_from_the_start_matches_rules_md() {
    let max = work(10, 7);
    let start = Position::start(dama::Variant::Italian);
    for (d, &want) in START_PERFT.iter().enumerate().take(max + 1) {
        assert_eq!(perft(&start, d as u32), want, "perft {d} from the start");
    }
}

#[test]
fn perft_divide_sums_to_perft() {
    let start = Position::start(dama::Variant::Italian);
    assert!(perft_divide(&start, 0).is_empty());
    for d in 1..=work(8, 6) as u32 {
        let div = perft_divide(&start, d);
        assert_eq!(div.len(), 7);
        assert_eq!(
            div.iter().map(|(_, n)| n).sum::<u64>(),
            START_PERFT[d as usize]
        );
        if d == 1 {
            assert!(div.iter().all(|&(_, n)| n == 1));
        }
    }
    // Positions with kings and compulsory captures too; the divide lists the legal moves.
    for fen in KING_FENS {
        let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
        for d in 1..=4 {
            let div = perft_divide(&pos, d);
            let got: BTreeSet<_> = div.iter().map(|(m, _)| key(m)).collect();
            let want: BTreeSet<_> = pos.legal_moves().iter().map(key).collect();
            assert_eq!(got, want, "{fen}");
            assert_eq!(
                div.iter().map(|(_, n)| n).sum::<u64>(),
                perft(&pos, d),
                "{fen} depth {d}"
            );
        }
    }
}

/// Middle and end games with kings, several capture choices and circling kings.
const KING_FENS: &[&str] = &[
    "W:WK22,25,30,31:BK10,K11,3,6,7",
    "B:WK18,K23,26,27:BK14,K15,5,9",
    "W:WK30:B10,12,18,K20,K26,27",
    "W:WK30:B10,K12,K18,20,K26,K27",
    "W:WK31:B18,20,K27,K28",
    "W:WK18:B14,15,22,23,6,7",
    "B:WK1,K32,21,22:BK12,K13,K20,9",
    "W:WK5,K28,29,30:BK4,K25,K14,K19,11",
];

#[test]
fn perft_with_kings_matches_the_reference() {
    let depth = work(5, 3) as u32;
    for fen in KING_FENS {
        let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
        let b = board(fen);
        assert_eq!(b.to_position(), pos, "{fen}");
        for d in 0..=depth {
            assert_eq!(perft(&pos, d), b.perft(d), "{fen} depth {d}");
        }
    }
}

#[test]
fn perft_from_the_start_matches_the_reference_at_every_first_move() {
    // Depth 6 is where Italian first differs from English checkers (36,768 there).
    let depth = work(6, 4) as u32;
    let start = Position::start(dama::Variant::Italian);
    let b = Board::from_position(&start);
    let by_key: BTreeMap<_, _> = b.legal().into_iter().map(|m| (m.key(), m)).collect();
    for (m, n) in perft_divide(&start, depth) {
        assert_eq!(n, b.play(&by_key[&key(&m)]).perft(depth - 1), "{m:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Differential tests.

#[test]
fn random_positions_match_the_reference() {
    let mut rng = Rng::new(0x5EED_0001);
    let n = work(50_000, 2_000);
    let mut captures = 0;
    let mut multi = 0;
    for _ in 0..n {
        let b = random_board(&mut rng);
        let pos = b.to_position();
        assert_eq!(Board::from_position(&pos), b);
        let want = check_position(&pos);
        if want.iter().any(|m| m.captured != 0) {
            captures += 1;
        }
        if want.iter().any(|m| m.captured.count_ones() >= 3) {
            multi += 1;
        }
    }
    // The sample must actually exercise captures, including long ones.
    assert!(captures > n / 5, "only {captures} positions with captures");
    assert!(multi > n / 200, "only {multi} positions with 3+ captures");
}

/// Dense positions full of kings: long king captures, circling, rules 3 and 4.
#[test]
fn dense_king_positions_match_the_reference() {
    let mut rng = Rng::new(0x5EED_0002);
    let n = work(30_000, 1_000);
    let mut rule4 = 0;
    for _ in 0..n {
        let b = random_king_board(&mut rng);
        let want = check_position(&b.to_position());
        if want.len() > 1 && want.iter().all(|m| m.captured.count_ones() >= 3) {
            rule4 += 1;
        }
    }
    assert!(rule4 > 0);
}

/// Plays random games from `start`, comparing with the reference at every node.
fn random_games(seed: u64, games: usize, from_random: bool) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut nodes = 0;
    let mut finished = 0;
    for _ in 0..games {
        let mut pos = if from_random {
            random_board(&mut rng).to_position()
        } else {
            Position::start(dama::Variant::Italian)
        };
        for _ply in 0..200 {
            nodes += 1;
            let want = check_position(&pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                finished += 1;
                break;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            assert!(want.iter().any(|r| r.key() == key(&m)));
            pos = pos.play(&m);
        }
    }
    (nodes, finished)
}

#[test]
fn random_games_from_the_start_match_the_reference() {
    let (nodes, finished) = random_games(0x5EED_0003, work(1_000, 40), false);
    println!("{nodes} nodes compared, {finished} games played to the end");
    assert!(nodes > work(1_000, 40) * 30, "{nodes}");
    assert!(finished > 0);
}

#[test]
fn random_games_from_random_positions_match_the_reference() {
    let (nodes, _) = random_games(0x5EED_0004, work(400, 40), true);
    println!("{nodes} nodes compared");
    assert!(nodes > work(400, 40) * 10, "{nodes}");
}

/// Positions where two different sequences make the same move (same from, to and captured
/// set): the move is listed once, and perft counts it once.
#[test]
fn duplicate_paths_are_one_move() {
    // A king circling four men and coming back to its own square, both ways round.
    let fen = "W:WK18:B14,15,22,23";
    let b = board(fen);
    let want = b.legal();
    assert_eq!(want.len(), 1);
    assert_eq!(want[0].paths.len(), 2, "{:?}", want[0].paths);
    let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
    let got = pos.legal_moves();
    assert_eq!(got.len(), 1);
    assert_eq!((got[0].from().number(), got[0].to().number()), (18, 18));
    assert_eq!(got[0].capture_count(), 4);
    assert_eq!(perft(&pos, 1), 1);
    check_position(&pos);
    // After it, only the king is left.
    assert_eq!(pos.play(&got[0]).to_fen(), "B:WK18:B");
}
