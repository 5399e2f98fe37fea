//! The opening book: its file format, the shipped book, and where the levels use it.

use dama::engine::book::{self, Book, BookBuilder, BookError, HEADER_BYTES};
use dama::engine::{level, Engine, NoClock, Rng};
use dama::{Game, Position};
use std::collections::{HashMap, HashSet};

/// A small book: the start and a few positions after it, every move scored.
fn small_book() -> Book {
    let mut b = BookBuilder::new(dama::Variant::Italian);
    let start = Position::start(dama::Variant::Italian);
    let moves: Vec<_> = start
        .legal_moves()
        .iter()
        .enumerate()
        .map(|(i, m)| (*m, (i as i32 % 3) * 5))
        .collect();
    assert_eq!(b.insert(&start, &moves).unwrap(), 7);
    for m in start.legal_moves().iter().take(3) {
        let p = start.play(m);
        let replies: Vec<_> = p.legal_moves().iter().map(|m| (*m, 0)).collect();
        b.insert(&p, &replies).unwrap();
    }
    b.finish()
}

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in bytes {
        h ^= *b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Rewrites the checksum after an edit of the entries or of bytes 24-27 (a version 3 file sums
/// both), so the later checks are reached.
fn reseal(bytes: &mut [u8]) {
    let sum = fnv1a(&bytes[24..]);
    bytes[12..16].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn the_format_round_trips() {
    let book = small_book();
    assert_eq!(book.positions(), 4);
    let bytes = book.to_bytes();
    assert_eq!(bytes.len(), HEADER_BYTES + book.len() * book::ENTRY_BYTES);
    assert_eq!(&bytes[..4], b"DBOK");
    let again = Book::from_bytes(&bytes).unwrap();
    assert_eq!(again, book);
    assert_eq!(again.to_bytes(), bytes);
    // Best first, and every move of the start is there.
    let start = Position::start(dama::Variant::Italian);
    let probed = again.probe(&start);
    assert_eq!(probed.len(), 7);
    assert!(probed.windows(2).all(|w| w[0].1 >= w[1].1));
    assert_eq!(probed[0].1, 10);
    assert!(
        Book::from_bytes(&Book::new(dama::Variant::Italian).to_bytes())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn damaged_bytes_are_errors_not_panics() {
    let bytes = small_book().to_bytes();
    for n in 0..bytes.len() {
        assert!(Book::from_bytes(&bytes[..n]).is_err(), "truncated to {n}");
    }
    assert!(matches!(
        Book::from_bytes(&bytes[..10]),
        Err(BookError::Truncated(10))
    ));
    // Every single flipped bit is caught by the magic, version, length, key, game or checksum
    // check.
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut b = bytes.clone();
            b[i] ^= 1 << bit;
            assert!(Book::from_bytes(&b).is_err(), "byte {i} bit {bit}");
        }
    }
    let mut b = bytes.clone();
    b[0] = b'X';
    assert_eq!(Book::from_bytes(&b), Err(BookError::BadMagic));
    let mut b = bytes.clone();
    b[4] = 4;
    assert!(matches!(
        Book::from_bytes(&b),
        Err(BookError::BadVersion(4, 12))
    ));
    let mut b = bytes.clone();
    b.push(0);
    assert!(matches!(
        Book::from_bytes(&b),
        Err(BookError::BadLength { .. })
    ));
    let mut b = bytes.clone();
    let last = b.len() - 1;
    b[last] ^= 0x40;
    assert!(matches!(
        Book::from_bytes(&b),
        Err(BookError::Checksum { .. })
    ));
    let mut b = bytes.clone();
    b[16] ^= 1;
    assert_eq!(Book::from_bytes(&b), Err(BookError::KeyScheme));
    // A count that overflows the length computation.
    let mut b = bytes.clone();
    b[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(Book::from_bytes(&b).is_err());
    // Random garbage, with and without a valid header in front.
    let mut rng = Rng::new(5);
    for n in 0..300 {
        let junk: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
        assert!(Book::from_bytes(&junk).is_err());
        let mut b = bytes[..HEADER_BYTES].to_vec();
        b.extend_from_slice(&junk);
        let _ = Book::from_bytes(&b);
    }
}

#[test]
fn entries_out_of_order_are_refused() {
    let bytes = small_book().to_bytes();
    // Swap the first and last entries (different keys), with a valid checksum.
    let mut b = bytes.clone();
    let e = book::ENTRY_BYTES;
    let n = (b.len() - HEADER_BYTES) / e;
    let (first, last) = (HEADER_BYTES, HEADER_BYTES + (n - 1) * e);
    let a: Vec<u8> = b[first..first + e].to_vec();
    let z: Vec<u8> = b[last..last + e].to_vec();
    b[first..first + e].copy_from_slice(&z);
    b[last..last + e].copy_from_slice(&a);
    reseal(&mut b);
    assert!(matches!(Book::from_bytes(&b), Err(BookError::Order(_))));
    // The same move twice in a position.
    let mut b = bytes.clone();
    let second = HEADER_BYTES + e;
    let copy: Vec<u8> = b[HEADER_BYTES..second].to_vec();
    b[second..second + e].copy_from_slice(&copy);
    reseal(&mut b);
    assert!(matches!(Book::from_bytes(&b), Err(BookError::Order(_))));
}

#[test]
fn a_move_that_is_not_legal_is_ignored() {
    let book = small_book();
    let mut bytes = book.to_bytes();
    let start = Position::start(dama::Variant::Italian);
    let key = start.hash();
    let i = book.entries().iter().position(|e| e.key == key).unwrap();
    // From square 1 to square 2: no such move anywhere. Keep the order valid: lowest score,
    // highest code in the position.
    let off = HEADER_BYTES + (i + 6) * book::ENTRY_BYTES;
    bytes[off + 8..off + 10].copy_from_slice(&(1u16 << 5 | 0xFC00).to_le_bytes());
    bytes[off + 10..off + 12].copy_from_slice(&(-100i16).to_le_bytes());
    reseal(&mut bytes);
    let damaged = Book::from_bytes(&bytes).unwrap();
    assert_eq!(damaged.entries_of(key).len(), 7);
    assert_eq!(damaged.probe(&start).len(), 6);
}

#[test]
fn a_book_is_one_game_s_and_version_one_files_are_italian() {
    let book = small_book();
    let it = Position::start(dama::Variant::Italian);
    let br = it.with_variant(dama::Variant::Brazilian);
    // The same squares and the same key, but a Brazilian position is not in an Italian book.
    assert_eq!(it.hash(), br.hash());
    assert!(!book.probe(&it).is_empty());
    assert!(book.probe(&br).is_empty());
    assert_eq!(
        BookBuilder::new(dama::Variant::Brazilian).insert(&it, &[(it.legal_moves()[0], 0)]),
        Err(BookError::WrongGame(dama::Variant::Italian))
    );
    // The file says its game.
    let bytes = book.to_bytes();
    assert_eq!(bytes[24], 22);
    let mut b = BookBuilder::new(dama::Variant::Brazilian);
    b.insert(&br, &[(br.legal_moves()[0], 5)]).unwrap();
    let brazilian = Book::from_bytes(&b.finish().to_bytes()).unwrap();
    assert_eq!(brazilian.variant(), dama::Variant::Brazilian);
    assert_eq!(brazilian.probe(&br).len(), 1);
    assert!(brazilian.probe(&it).is_empty());
    // An unknown game, or reserved bytes not zero, are refused.
    for (at, value) in [(24, 20u8), (24, 0), (26, 1), (27, 9)] {
        let mut bad = bytes.clone();
        bad[at] = value;
        reseal(&mut bad);
        assert!(
            matches!(Book::from_bytes(&bad), Err(BookError::Game(_))),
            "{at} {value}"
        );
    }
    // A version 2 file: byte 25 reserved (no depth) and a checksum of the entries alone.
    let deep = Book::from_bytes(&book.clone().with_depth(18).to_bytes()).unwrap();
    assert_eq!(deep.depth(), Some(18));
    let mut v2 = book.clone().with_depth(18).to_bytes();
    v2[4..6].copy_from_slice(&2u16.to_le_bytes());
    assert!(matches!(Book::from_bytes(&v2), Err(BookError::Game(22))));
    v2[25] = 0;
    assert!(matches!(
        Book::from_bytes(&v2),
        Err(BookError::Checksum { .. })
    ));
    let sum = fnv1a(&v2[HEADER_BYTES..]);
    v2[12..16].copy_from_slice(&sum.to_le_bytes());
    let old = Book::from_bytes(&v2).unwrap();
    assert_eq!((old.depth(), old.entries()), (None, book.entries()));
    // A version 1 file (no game, entries from byte 24) is read as Italian.
    let mut v1 = bytes[..24].to_vec();
    v1[4..6].copy_from_slice(&1u16.to_le_bytes());
    v1.extend_from_slice(&bytes[HEADER_BYTES..]);
    let sum = fnv1a(&v1[24..]);
    v1[12..16].copy_from_slice(&sum.to_le_bytes());
    let old = Book::from_bytes(&v1).unwrap();
    assert_eq!(old.variant(), dama::Variant::Italian);
    assert_eq!(old.entries(), book.entries());
    // Versions 0 and 4 are not read.
    for v in [0u16, 4] {
        let mut bad = bytes.clone();
        bad[4..6].copy_from_slice(&v.to_le_bytes());
        assert_eq!(Book::from_bytes(&bad), Err(BookError::BadVersion(v, 12)));
    }
}

#[test]
fn the_builder_refuses_nothing_legal_and_stores_nothing_illegal() {
    let start = Position::start(dama::Variant::Italian);
    let other = Position::from_fen(dama::Variant::Italian, "W:W31:B12,20,28").unwrap();
    let mut b = BookBuilder::new(dama::Variant::Italian);
    // A move of another position is not legal here.
    let m = other.legal_moves()[0];
    assert_eq!(b.insert(&start, &[(m, 0)]).unwrap(), 0);
    assert!(!b.contains(&start));
    assert_eq!(b.insert(&other, &[(m, 99_999)]).unwrap(), 1);
    let book = b.finish();
    assert_eq!(book.probe(&other), vec![(m, i16::MAX as i32)]);
    for m in start.legal_moves().iter() {
        let code = book::encode_move(&start, m).unwrap();
        assert_eq!(book::decode_move(&start.legal_moves(), code), Some(*m));
    }
}

/// The 216 shipped opening positions of `variant`: every distinct position three plies from
/// the start.
fn openings_of(variant: dama::Variant) -> Vec<Position> {
    let mut layer = vec![Position::start(variant)];
    for _ in 0..3 {
        let mut seen = HashSet::new();
        layer = layer
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|m| p.play(m))
                    .collect::<Vec<_>>()
            })
            .filter(|c| seen.insert(*c))
            .collect();
    }
    layer
}

fn openings() -> Vec<Position> {
    openings_of(dama::Variant::Italian)
}

#[test]
fn the_shipped_books_load_are_legal_and_reachable() {
    for (variant, bytes) in [
        (
            dama::Variant::Italian,
            &include_bytes!("../../data/book.bin")[..],
        ),
        (
            dama::Variant::Brazilian,
            &include_bytes!("../../data/book-brazilian.bin")[..],
        ),
    ] {
        shipped_book_is_legal_and_reachable(variant, bytes);
    }
}

fn shipped_book_is_legal_and_reachable(variant: dama::Variant, bytes: &[u8]) {
    assert!(bytes.len() <= 1024 * 1024, "{} bytes", bytes.len());
    let book = Book::from_bytes(bytes).unwrap();
    assert_eq!(book.variant(), variant);
    // `make book` scores the Italian book's moves with depth-17 searches (drop-out) and the
    // Brazilian one's with depth-18 (ply by ply), and the files say so.
    let depth = match variant {
        dama::Variant::Italian => 17,
        dama::Variant::Brazilian => 18,
    };
    assert_eq!(book.depth(), Some(depth));
    assert_eq!(&book, Book::shipped(variant));
    assert!(book.positions() > 100, "{} positions", book.positions());
    let openings = openings_of(variant);
    assert_eq!(openings.len(), 216);
    // Walk the book from the start and from every opening, through forced moves too, along
    // every move of a book position: a drop-out book also answers moves it would not play.
    let mut visited: HashMap<u64, Position> = HashMap::new();
    let mut stack: Vec<Position> = vec![Position::start(variant)];
    stack.extend(&openings);
    let mut seen: HashSet<Position> = stack.iter().copied().collect();
    while let Some(p) = stack.pop() {
        let legal = p.legal_moves();
        let next: Vec<_> = if legal.len() == 1 {
            vec![legal[0]]
        } else {
            let probed = book.probe(&p);
            let stored = book.entries_of(p.hash()).len();
            // Every stored move is legal here.
            assert_eq!(probed.len(), stored, "{}", p.to_fen());
            if stored == 0 {
                continue;
            }
            visited.insert(p.hash(), p);
            legal.iter().copied().collect()
        };
        for m in next {
            let c = p.play(&m);
            if seen.insert(c) {
                stack.push(c);
            }
        }
    }
    let keys: HashSet<u64> = book.entries().iter().map(|e| e.key).collect();
    assert_eq!(keys.len(), book.positions());
    let unreached = keys.iter().filter(|k| !visited.contains_key(k)).count();
    assert_eq!(
        unreached, 0,
        "book positions not reachable from book positions"
    );
    // The start and every shipped opening are in the book.
    assert!(!book.probe(&Position::start(variant)).is_empty());
    for p in &openings {
        assert!(
            p.legal_moves().len() == 1 || !book.probe(p).is_empty(),
            "{}",
            p.to_fen()
        );
    }
}

#[test]
fn choose_varies_among_equal_moves() {
    let book = Book::shipped(dama::Variant::Italian);
    // A position whose two best book moves are within the playing margin.
    let key = book
        .entries()
        .windows(2)
        .find(|w| w[0].key == w[1].key && w[0].score - w[1].score <= book::PLAY_MARGIN as i16)
        .map(|w| w[0].key)
        .expect("the book has a position with a choice");
    // Find the position by walking the book from the start and the openings (along every
    // move of a book position: a drop-out book also answers moves it would not play).
    let mut stack = vec![Position::start(dama::Variant::Italian)];
    stack.extend(openings());
    let mut seen = HashSet::new();
    let pos = loop {
        let p = stack.pop().expect("book positions are reachable");
        if p.hash() == key {
            break p;
        }
        let legal = p.legal_moves();
        let next: Vec<_> = if legal.len() == 1 || !book.probe(&p).is_empty() {
            legal.iter().copied().collect()
        } else {
            Vec::new()
        };
        for m in next {
            let c = p.play(&m);
            if seen.insert(c) {
                stack.push(c);
            }
        }
    };
    let chosen: HashSet<_> = (0..64)
        .filter_map(|s| book.choose(&pos, book::PLAY_MARGIN, &mut Rng::new(s)))
        .collect();
    assert!(chosen.len() > 1, "{}", pos.to_fen());
    let legal = pos.legal_moves();
    assert!(chosen.iter().all(|m| legal.contains(m)));
    // A margin of 0 keeps to the best score only; out of the book there is no choice.
    let best = book.probe(&pos)[0].1;
    for s in 0..16 {
        let m = book.choose(&pos, 0, &mut Rng::new(s)).unwrap();
        assert!(book.probe(&pos).contains(&(m, best)));
    }
    let lone = Position::from_fen(dama::Variant::Italian, "W:W31:B12,20,28").unwrap();
    assert_eq!(book.choose(&lone, 100, &mut Rng::new(1)), None);
}

#[test]
fn only_the_top_levels_play_from_the_book() {
    let game = Game::new(dama::Variant::Italian);
    assert!(!Book::shipped(dama::Variant::Italian)
        .probe(game.position())
        .is_empty());
    let mut engine = Engine::with_clock(1, Box::new(NoClock));
    for l in 1..=5 {
        assert!(level::book_move(&game, l, 3).is_none());
        let r = level::play(&mut engine, &game, l, 1e9, 3);
        assert!(r.nodes > 0 && r.depth > 0, "level {l} did not search");
    }
    for l in 6..level::BOOK_LEVEL {
        assert!(level::book_move(&game, l, 3).is_none());
    }
    for l in [9, 10] {
        let r = level::play(&mut engine, &game, l, 1e9, 3);
        assert_eq!((r.nodes, r.depth), (0, 0), "level {l} searched");
        let m = r.best.unwrap();
        assert!(Book::shipped(dama::Variant::Italian)
            .probe(game.position())
            .iter()
            .any(|(b, _)| *b == m));
    }
}
