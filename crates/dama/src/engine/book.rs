//! The opening book: moves for the first plies of a game, found by deep searches of our own
//! engine (`dama book build`), so that the top levels play the opening instantly and with
//! variety instead of repeating one game.
//!
//! A [`Book`] is one game's: it maps a position, keyed by its Zobrist hash
//! ([`Position::hash`]), to its book moves with their scores in hundredths of a man for the
//! side to move, and answers nothing for a position of the other game. [`Book::shipped`] is
//! compiled in from `data/book.bin` (Italian) and `data/book-brazilian.bin` for the command
//! line; on wasm the browser fetches the same files and hands them to `install`.
//!
//! # Format (version 3, all numbers little-endian)
//!
//! | offset | bytes | field |
//! |-------:|------:|-------|
//! | 0  | 4  | magic `DBOK` |
//! | 4  | 2  | version, 3 |
//! | 6  | 2  | bytes per entry, 12 |
//! | 8  | 4  | number of entries `n` |
//! | 12 | 4  | checksum: FNV-1a (32 bit) of bytes 24-27 and the `12 n` entry bytes |
//! | 16 | 8  | [`Position::hash`] of the start position, so a book made with other Zobrist keys is refused |
//! | 24 | 1  | the game: its PDN GameType number ([`Variant::game_type`]: 22 Italian, 26 Brazilian) |
//! | 25 | 1  | the depth of the searches that scored the moves ([`Book::depth`]), 0 when not said |
//! | 26 | 2  | reserved, zero |
//! | 28 | 12 n | entries |
//!
//! Version 2 files are the same but for byte 25, zero there (no depth said), and a checksum of
//! the entry bytes alone. Version 1 files
//! (before the Brazilian book) have no game and no reserved bytes (the entries start at 24)
//! and are read as Italian.
//!
//! A reader takes at most [`MAX_ENTRIES`] entries, and checks the header against the file's
//! length before it reads an entry.
//!
//! An entry is one book move of one position, 12 bytes: the position's key (`u64`), the move
//! code (`u16`) and the score (`i16`). Entries are sorted by key, then by score from best to
//! worst, then by move code, and a position never lists the same move twice: the moves of a
//! position are adjacent and found by binary search.
//!
//! The move code is `from | to << 5 | f << 10`: the bit indices (0-31, the square number less
//! one) of the squares the piece starts and ends on, and `f`, a 6-bit fingerprint of the set
//! of captured pieces (0 for a quiet move). From, to and the captured set are what makes a
//! move in the rules, so the code does not depend on the order of the move generator; the
//! fingerprint only tells apart the rare captures that share both squares. The builder never
//! stores a code that matches two legal moves, and [`Book::probe`] ignores a code that matches
//! no legal move or more than one.
//!
//! ```
//! use dama::engine::book::Book;
//! use dama::engine::Rng;
//! use dama::{Position, Variant};
//! let book = Book::shipped(Variant::Brazilian);
//! assert_eq!(book.variant(), Variant::Brazilian);
//! let start = Position::start(Variant::Brazilian);
//! for (m, score) in book.probe(&start) {
//!     assert!(start.legal_moves().contains(&m));
//!     assert!(score.abs() < 30_000);
//! }
//! let again = Book::from_bytes(&book.to_bytes()).unwrap();
//! assert_eq!(again.len(), book.len());
//! let mut rng = Rng::new(7);
//! if let Some(m) = book.choose(&start, 10, &mut rng) {
//!     assert!(start.legal_moves().contains(&m));
//! }
//! ```

use crate::engine::rng::Rng;
use crate::engine::search::MATE_BOUND;
use crate::Position;
use crate::{ByVariant, Variant};
use crate::{Move, MoveList};
use core::fmt;
use std::collections::HashMap;
use std::io::{BufReader, Read};

/// The first bytes of a book file.
pub const MAGIC: [u8; 4] = *b"DBOK";
/// The format version this code writes (it reads versions 1 and 2 too).
pub const VERSION: u16 = 3;
/// The header size in bytes.
pub const HEADER_BYTES: usize = 28;
/// The header size of version 1 files, which have no game byte.
const V1_HEADER_BYTES: usize = 24;
/// The size of one entry in bytes.
pub const ENTRY_BYTES: usize = 12;
/// The most entries a book may hold: 48 MiB of file. The shipped book has about 1,300 and a
/// build of a day's searching far fewer than this; the bound keeps what a reader allocates
/// small whatever a header says.
pub const MAX_ENTRIES: usize = 1 << 22;
/// A book move scoring this many hundredths of a man below zero (a man) or worse loses for the
/// side that plays it: the explorer marks it lost, and `dama book openings` calls an opening
/// whose best move scores so lost for the side to move.
pub const LOST_CP: i32 = 100;
/// The margin in hundredths of a man within which the top levels choose among book moves.
pub const PLAY_MARGIN: i32 = 10;

/// One book move of one position, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// [`Position::hash`] of the position.
    pub key: u64,
    /// The move code (see the [module documentation](self)).
    pub code: u16,
    /// The move's score in hundredths of a man for the side to move.
    pub score: i16,
}

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Fewer bytes than the header.
    Truncated(usize),
    /// The file does not start with `DBOK`.
    BadMagic,
    /// A version or entry size this code does not read: (version, bytes per entry).
    BadVersion(u16, u16),
    /// The length does not match the number of entries in the header.
    BadLength {
        /// The length the header implies.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// The entries do not add up to the stored checksum.
    Checksum {
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the entries.
        computed: u32,
    },
    /// The book was made with other Zobrist keys: its keys would name other positions.
    KeyScheme,
    /// Entry `i` is out of order or repeats a move of its position.
    Order(usize),
    /// Two different positions share a key (found while building).
    Collision(u64),
    /// The header counts more entries than [`MAX_ENTRIES`].
    TooLarge(usize),
    /// The game byte names no game of ours, or the reserved bytes are not zero.
    Game(u8),
    /// A position of another game was given to a book of this one (while building).
    WrongGame(Variant),
    /// Reading the file failed.
    Io(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Truncated(n) => {
                write!(
                    f,
                    "a book has a {V1_HEADER_BYTES}- or {HEADER_BYTES}-byte header; got {n} bytes"
                )
            }
            BookError::BadMagic => f.write_str("not an opening book (bad magic)"),
            BookError::BadVersion(v, e) => write!(
                f,
                "book version {v} with {e}-byte entries; this build reads versions 1 to \
                 {VERSION} with {ENTRY_BYTES}-byte entries"
            ),
            BookError::BadLength { expected, found } => {
                write!(f, "the book should have {expected} bytes, has {found}")
            }
            BookError::Checksum { stored, computed } => write!(
                f,
                "book checksum mismatch: stored {stored:08x}, computed {computed:08x}"
            ),
            BookError::KeyScheme => {
                f.write_str("the book was made with other position keys (Zobrist hashing)")
            }
            BookError::Order(i) => {
                write!(f, "book entry {i} is out of order or repeats a move")
            }
            BookError::Collision(k) => write!(f, "two positions share the key {k:016x}"),
            BookError::TooLarge(n) => write!(
                f,
                "the book says it has {n} entries; a book has at most {MAX_ENTRIES}"
            ),
            BookError::Game(g) => write!(f, "the book's game ({g}) is not one of ours"),
            BookError::WrongGame(v) => {
                write!(f, "a {} position in a book of the other game", v.name())
            }
            BookError::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for BookError {}

/// One game's opening book: book moves with scores for each book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    variant: Variant,
    /// The search depth that scored the moves; 0 when the file does not say.
    depth: u8,
    entries: Vec<BookEntry>,
}

/// Each game's book file.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
static SHIPPED: ByVariant<&[u8]> = ByVariant::new(
    include_bytes!("../../data/book.bin"),
    include_bytes!("../../data/book-brazilian.bin"),
);

/// On wasm the books are not compiled in (the browser fetches them): the book installed here
/// is the one [`Book::shipped`] returns for its game from now on. Each install keeps the previous
/// book alive (it may still be borrowed), so install once per program and game, not per move;
/// installing a book equal to the current one keeps the current one.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub fn install(book: Book) {
    let mut slot = INSTALLED[book.variant]
        .write()
        .unwrap_or_else(|e| e.into_inner());
    if **slot != book {
        *slot = Box::leak(Box::new(book));
    }
}

/// The book installed at run time on wasm for each game; empty until [`install`] is called.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
static INSTALLED: ByVariant<std::sync::RwLock<&'static Book>> = ByVariant::new(
    std::sync::RwLock::new(&EMPTY_ITALIAN),
    std::sync::RwLock::new(&EMPTY_BRAZILIAN),
);

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
static EMPTY_ITALIAN: Book = Book::new(Variant::Italian);
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
static EMPTY_BRAZILIAN: Book = Book::new(Variant::Brazilian);

impl Book {
    /// An empty book of `variant`.
    pub const fn new(variant: Variant) -> Book {
        Book {
            variant,
            depth: 0,
            entries: Vec::new(),
        }
    }

    /// The game the book is for.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The depth of the searches that scored the book's moves (`dama book build --depth D`),
    /// or `None` when the file does not say (a build by time, or a file before version 3).
    pub const fn depth(&self) -> Option<u32> {
        if self.depth == 0 {
            None
        } else {
            Some(self.depth as u32)
        }
    }

    /// The same book, saying its moves were scored by searches of `depth` plies (clamped to
    /// 1-255; 0 says nothing).
    pub fn with_depth(mut self, depth: u32) -> Book {
        self.depth = depth.min(u8::MAX as u32) as u8;
        self
    }

    /// The book of `variant` compiled in from `data/book.bin` (Italian) or
    /// `data/book-brazilian.bin`, read once. A damaged file, or one of the other game, gives
    /// an empty book rather than a panic (a test checks that the shipped ones load).
    ///
    /// On wasm (`wasm32-unknown-unknown`) nothing is compiled in: this is the book of the game
    /// last given to `book::install` (wasm only), empty before.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn shipped(variant: Variant) -> &'static Book {
        static BOOKS: ByVariant<std::sync::OnceLock<Book>> =
            ByVariant::new(std::sync::OnceLock::new(), std::sync::OnceLock::new());
        BOOKS[variant].get_or_init(|| {
            Book::from_bytes(SHIPPED[variant])
                .ok()
                .filter(|b| b.variant == variant)
                .unwrap_or(Book::new(variant))
        })
    }

    /// The book of `variant` compiled in on other targets; on wasm
    /// (`wasm32-unknown-unknown`) the book of that game last given to [`install`], empty
    /// before.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    pub fn shipped(variant: Variant) -> &'static Book {
        *INSTALLED[variant].read().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of entries (book moves over all positions).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.entries
            .iter()
            .enumerate()
            .filter(|(i, e)| *i == 0 || self.entries[i - 1].key != e.key)
            .count()
    }

    /// Every entry, sorted as stored.
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The stored entries of the position with this key (possibly none).
    pub fn entries_of(&self, key: u64) -> &[BookEntry] {
        let lo = self.entries.partition_point(|e| e.key < key);
        let hi = lo + self.entries[lo..].partition_point(|e| e.key == key);
        &self.entries[lo..hi]
    }

    /// The book moves of `pos` with their scores, best first; stored moves that are not legal
    /// here (a damaged or foreign book) are left out, and a position of the other game has
    /// none.
    pub fn probe(&self, pos: &Position) -> Vec<(Move, i32)> {
        if pos.variant() != self.variant {
            return Vec::new();
        }
        let stored = self.entries_of(pos.hash());
        if stored.is_empty() {
            return Vec::new();
        }
        let legal = pos.legal_moves();
        stored
            .iter()
            .filter_map(|e| decode_move(&legal, e.code).map(|m| (m, e.score as i32)))
            .collect()
    }

    /// A book move of `pos` and its score, chosen at random among those within `margin_cp` of
    /// the best, the closer to the best the likelier; `None` when the position is not in the
    /// book. Moves scored as forced losses are never chosen.
    pub fn pick(&self, pos: &Position, margin_cp: i32, rng: &mut Rng) -> Option<(Move, i32)> {
        let moves = self.probe(pos);
        let best = moves.iter().map(|(_, s)| *s).max()?;
        let margin = margin_cp.max(0);
        let good: Vec<(Move, i32)> = moves
            .into_iter()
            .filter(|(_, s)| *s >= best.saturating_sub(margin) && *s > -MATE_BOUND)
            .collect();
        if good.is_empty() {
            return None;
        }
        // Weight margin + 1 for the best down to 1 at the edge: equal moves are equally likely.
        let weights: Vec<u64> = good
            .iter()
            .map(|(_, s)| (margin - (best - s)).max(0) as u64 + 1)
            .collect();
        let mut pick = rng.below(weights.iter().sum());
        for (c, w) in good.iter().zip(&weights) {
            if pick < *w {
                return Some(*c);
            }
            pick -= w;
        }
        good.first().copied()
    }

    /// A book move of `pos` chosen as [`pick`](Book::pick) does.
    pub fn choose(&self, pos: &Position, margin_cp: i32, rng: &mut Rng) -> Option<Move> {
        self.pick(pos, margin_cp, rng).map(|(m, _)| m)
    }

    /// The book in the file format (see the [module documentation](self)).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.entries.len() * ENTRY_BYTES);
        for e in &self.entries {
            body.extend_from_slice(&e.key.to_le_bytes());
            body.extend_from_slice(&e.code.to_le_bytes());
            body.extend_from_slice(&e.score.to_le_bytes());
        }
        let said = [self.variant.game_type(), self.depth, 0, 0];
        let mut sum = Fnv1a::new();
        sum.add(&said);
        sum.add(&body);
        let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(ENTRY_BYTES as u16).to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&sum.0.to_le_bytes());
        out.extend_from_slice(&key_scheme().to_le_bytes());
        out.extend_from_slice(&said);
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book file, checking the magic, version, length, checksum, key scheme and order.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        Book::read_from(bytes, bytes.len() as u64)
    }

    /// Reads a book file of `len` bytes from `r`, checked as [`from_bytes`](Book::from_bytes)
    /// checks it: the header first, so that a file that is not a book, holds more than
    /// [`MAX_ENTRIES`] or is not as long as its header says is refused before the entries are
    /// read; then the entries one at a time.
    pub fn read_from(r: impl Read, len: u64) -> Result<Book, BookError> {
        let found = usize::try_from(len).unwrap_or(usize::MAX);
        if len < V1_HEADER_BYTES as u64 {
            return Err(BookError::Truncated(found));
        }
        let mut r = BufReader::new(r);
        let io = |e: std::io::Error| BookError::Io(e.to_string());
        let mut header = [0u8; V1_HEADER_BYTES];
        r.read_exact(&mut header).map_err(io)?;
        if header[0..4] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let version = u16::from_le_bytes([header[4], header[5]]);
        let entry_bytes = u16::from_le_bytes([header[6], header[7]]);
        if !(1..=VERSION).contains(&version) || entry_bytes as usize != ENTRY_BYTES {
            return Err(BookError::BadVersion(version, entry_bytes));
        }
        let header_bytes = if version == 1 {
            V1_HEADER_BYTES
        } else {
            HEADER_BYTES
        };
        let n = u32::from_le_bytes([header[8], header[9], header[10], header[11]]) as usize;
        if n > MAX_ENTRIES {
            return Err(BookError::TooLarge(n));
        }
        let expected = header_bytes + n * ENTRY_BYTES;
        if len != expected as u64 {
            return Err(BookError::BadLength { expected, found });
        }
        let mut start = [0u8; 8];
        start.copy_from_slice(&header[16..24]);
        if u64::from_le_bytes(start) != key_scheme() {
            return Err(BookError::KeyScheme);
        }
        let mut sum = Fnv1a::new();
        let (variant, depth) = if version == 1 {
            (Variant::Italian, 0)
        } else {
            let mut g = [0u8; 4];
            r.read_exact(&mut g).map_err(io)?;
            if version >= 3 {
                sum.add(&g);
            }
            // Version 2 has no depth: its byte 25 is reserved, zero, as bytes 26-27 are.
            let depth = if version >= 3 { g[1] } else { 0 };
            let reserved = if version >= 3 {
                [0, g[2], g[3]]
            } else {
                [g[1], g[2], g[3]]
            };
            if reserved != [0; 3] {
                return Err(BookError::Game(g[0]));
            }
            let v = Variant::from_game_number(g[0] as u32).ok_or(BookError::Game(g[0]))?;
            (v, depth)
        };
        let mut entries = Vec::with_capacity(n);
        for _ in 0..n {
            let mut c = [0u8; ENTRY_BYTES];
            r.read_exact(&mut c).map_err(io)?;
            sum.add(&c);
            let mut key = [0u8; 8];
            key.copy_from_slice(&c[0..8]);
            entries.push(BookEntry {
                key: u64::from_le_bytes(key),
                code: u16::from_le_bytes([c[8], c[9]]),
                score: i16::from_le_bytes([c[10], c[11]]),
            });
        }
        let stored = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
        if stored != sum.0 {
            return Err(BookError::Checksum {
                stored,
                computed: sum.0,
            });
        }
        check_order(&entries)?;
        Ok(Book {
            variant,
            depth,
            entries,
        })
    }
}

/// The key scheme's mark in a file's header: the start position's hash, the same in both games
/// (the hash leaves the game out), so it names the Zobrist keys and no game.
fn key_scheme() -> u64 {
    Position::start(Variant::Italian).hash()
}

/// Entries must be sorted by (key, score from best, code), with no code twice in a position
/// and at most [`MAX_MOVES`](crate::MAX_MOVES) moves a position.
fn check_order(entries: &[BookEntry]) -> Result<(), BookError> {
    let mut first_of_key = 0;
    for i in 1..entries.len() {
        let (a, b) = (&entries[i - 1], &entries[i]);
        if a.key != b.key {
            if a.key > b.key {
                return Err(BookError::Order(i));
            }
            first_of_key = i;
            continue;
        }
        // Same key: the score must not rise, and equal scores go by code.
        let sorted = b.score < a.score || (b.score == a.score && b.code > a.code);
        if !sorted {
            return Err(BookError::Order(i));
        }
        // No position has more legal moves than a move list holds; the cap also bounds this
        // scan on hostile input.
        let group = &entries[first_of_key..i];
        if group.len() >= crate::MAX_MOVES || group.iter().any(|e| e.code == b.code) {
            return Err(BookError::Order(i));
        }
    }
    Ok(())
}

/// FNV-1a (32 bits: enough to catch a damaged or truncated download), fed piece by piece for
/// a file read one entry at a time.
struct Fnv1a(u32);

impl Fnv1a {
    fn new() -> Fnv1a {
        Fnv1a(0x811c_9dc5)
    }

    fn add(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u32;
            self.0 = self.0.wrapping_mul(0x0100_0193);
        }
    }
}

/// Six bits standing for a set of captured pieces: 0 for none.
fn fingerprint(captured: u32) -> u16 {
    if captured == 0 {
        return 0;
    }
    ((captured as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as u16
}

fn code_of(m: &Move) -> u16 {
    m.from().index() as u16 | (m.to().index() as u16) << 5 | fingerprint(m.captured()) << 10
}

/// The code of `m` in `pos` (see the [module documentation](self)), or `None` when `m` is not
/// legal there or its code would also match another legal move.
pub fn encode_move(pos: &Position, m: &Move) -> Option<u16> {
    let legal = pos.legal_moves();
    let code = code_of(m);
    let same = |o: &Move| o.from() == m.from() && o.to() == m.to() && o.captured() == m.captured();
    if !legal.iter().any(same) {
        return None;
    }
    decode_move(&legal, code).map(|_| code)
}

/// The legal move with this code, if exactly one has it.
pub fn decode_move(legal: &MoveList, code: u16) -> Option<Move> {
    let mut found = None;
    for m in legal.iter() {
        if code_of(m) == code {
            if found.is_some() {
                return None;
            }
            found = Some(*m);
        }
    }
    found
}

/// Collects book moves position by position and checks that no two positions share a key.
#[derive(Debug)]
pub struct BookBuilder {
    variant: Variant,
    positions: HashMap<u64, (Position, Vec<(u16, i16)>)>,
}

impl BookBuilder {
    /// An empty builder of a book of `variant`.
    pub fn new(variant: Variant) -> BookBuilder {
        BookBuilder {
            variant,
            positions: HashMap::new(),
        }
    }

    /// Sets the book moves of `pos` (replacing any given before). Scores are clamped to the
    /// 16 bits stored; moves that are illegal or whose code is ambiguous are skipped, and the
    /// number stored is returned. A different position with the same key, or a position of
    /// the other game, is an error.
    pub fn insert(&mut self, pos: &Position, moves: &[(Move, i32)]) -> Result<usize, BookError> {
        if pos.variant() != self.variant {
            return Err(BookError::WrongGame(pos.variant()));
        }
        let key = pos.hash();
        if let Some((other, _)) = self.positions.get(&key)
            && other != pos
        {
            return Err(BookError::Collision(key));
        }
        let mut coded: Vec<(u16, i16)> = Vec::new();
        for (m, s) in moves {
            if let Some(c) = encode_move(pos, m)
                && !coded.iter().any(|(o, _)| *o == c)
            {
                coded.push((c, (*s).clamp(i16::MIN as i32, i16::MAX as i32) as i16));
            }
        }
        let n = coded.len();
        if n == 0 {
            self.positions.remove(&key);
        } else {
            self.positions.insert(key, (*pos, coded));
        }
        Ok(n)
    }

    /// Whether `pos` has book moves.
    pub fn contains(&self, pos: &Position) -> bool {
        self.positions
            .get(&pos.hash())
            .is_some_and(|(p, _)| p == pos)
    }

    /// The book, entries sorted as the format requires.
    pub fn finish(self) -> Book {
        let mut entries: Vec<BookEntry> = self
            .positions
            .into_iter()
            .flat_map(|(key, (_, moves))| {
                moves
                    .into_iter()
                    .map(move |(code, score)| BookEntry { key, code, score })
            })
            .collect();
        entries.sort_by(|a, b| {
            a.key
                .cmp(&b.key)
                .then(b.score.cmp(&a.score))
                .then(a.code.cmp(&b.code))
        });
        Book {
            variant: self.variant,
            depth: 0,
            entries,
        }
    }
}
