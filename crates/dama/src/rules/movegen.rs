//! Move generation, generic over the [`Rules`].
//!
//! Quiet moves come straight from bitboard shifts (a flying king's slide is repeated shifts).
//! Captures are found by a depth-first search from every piece that can jump, recording only
//! complete sequences and keeping those with the highest precedence key over all pieces;
//! nothing is allocated. Every difference between the games is a constant of [`Rules`], so each
//! game's generator is compiled with the other's branches removed.

use crate::rules::bitboard::{step, Bitboard, Bits, Dir, BLACK_PROMOTION, WHITE_PROMOTION};
use crate::rules::moves::{Move, MoveList, DIR_BITS, PATH_BITS};
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::{CaptureInfo, Rules};

/// A position's moves are the generator's: the position asks nothing of it.
impl Position {
    /// Every legal move for the side to move, by this position's game's rules.
    ///
    /// ```
    /// use dama::{Position, Variant};
    /// // A Brazilian man captures backward and takes kings; an Italian one does neither.
    /// let it = Position::from_fen(Variant::Italian, "W:W18:BK22").unwrap();
    /// assert!(!it.legal_moves()[0].is_capture());
    /// let br = it.with_variant(Variant::Brazilian);
    /// assert_eq!(br.legal_moves().len(), 1);
    /// assert!(br.legal_moves()[0].is_capture());
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        crate::with_rules!(self.variant(), R => generate::<R>(self, &mut list));
        list
    }
}

/// The board as seen by the side to move; `W` is whether that is White.
#[derive(Clone, Copy)]
struct Sides<const W: bool> {
    men: Bitboard,
    kings: Bitboard,
    them: Bitboard,
    them_kings: Bitboard,
    empty: Bitboard,
}

/// The directions a man of side `W` moves in.
#[inline(always)]
const fn forward<const W: bool>() -> [Dir; 2] {
    if W {
        [Dir::UpLeft, Dir::UpRight]
    } else {
        [Dir::DownLeft, Dir::DownRight]
    }
}

/// Where the men of side `W` are crowned.
#[inline(always)]
const fn promotion<const W: bool>() -> Bitboard {
    if W {
        WHITE_PROMOTION
    } else {
        BLACK_PROMOTION
    }
}

impl<const W: bool> Sides<W> {
    #[inline(always)]
    fn new(pos: &Position) -> Sides<W> {
        let (us, them) = if W {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        Sides {
            men: pos.men_of(us),
            kings: pos.kings_of(us),
            them: pos.pieces(them),
            them_kings: pos.kings_of(them),
            empty: pos.empty(),
        }
    }

    /// What a man may jump.
    #[inline(always)]
    fn man_targets<R: Rules>(&self) -> Bitboard {
        if R::MEN_CAPTURE_KINGS {
            self.them
        } else {
            self.them & !self.them_kings
        }
    }

    /// Pieces of the side to move that have at least one jump.
    #[inline(always)]
    fn capturers<R: Rules>(&self) -> Bitboard {
        let mut found = 0;
        let men_targets = self.man_targets::<R>();
        let fwd = forward::<W>();
        for d in Dir::ALL {
            let back = d.reverse();
            // Squares from which a jump in direction d lands on an empty square.
            let landing = step(self.empty, back);
            if self.kings != 0 {
                let mut x = step(landing & self.them, back);
                found |= x & self.kings;
                if R::FLYING_KINGS {
                    // A flying king may stand any number of empty squares behind.
                    x &= self.empty;
                    while x != 0 {
                        x = step(x, back);
                        found |= x & self.kings;
                        x &= self.empty;
                    }
                }
            }
            if R::MEN_CAPTURE_BACKWARD || d as u8 == fwd[0] as u8 || d as u8 == fwd[1] as u8 {
                found |= step(landing & men_targets, back) & self.men;
            }
        }
        found
    }
}

/// Receives complete capture sequences with their precedence keys.
pub(crate) trait Sink {
    fn record(&mut self, m: Move, key: u32);
}

/// Keeps only the sequences with the highest key, one per (from, to, captured set).
struct Best<'a> {
    list: &'a mut MoveList,
    best: u32,
}

impl Sink for Best<'_> {
    #[inline]
    fn record(&mut self, m: Move, key: u32) {
        if key > self.best {
            self.best = key;
            self.list.clear();
        } else if key < self.best || self.list.iter().any(|o| o.same_as(&m)) {
            return;
        }
        self.list.push(m);
    }
}

/// One piece's capture search: side `W`, capturing piece a king when `KING`.
struct Jumper<'a, R: Rules, S: Sink, const W: bool, const KING: bool> {
    from: u32,
    targets: Bitboard,
    them_kings: Bitboard,
    empty: Bitboard,
    sink: &'a mut S,
    _rules: core::marker::PhantomData<R>,
}

impl<R: Rules, S: Sink, const W: bool, const KING: bool> Jumper<'_, R, S, W, KING> {
    fn search(&mut self, at: Bitboard, captured: Bitboard, path: u64, n: u32, king_jumps: u32) {
        let mut extended = false;
        if KING || R::MEN_CAPTURE_BACKWARD {
            for d in Dir::ALL {
                extended |= self.jump(d, at, captured, path, n, king_jumps);
            }
        } else {
            for d in forward::<W>() {
                extended |= self.jump(d, at, captured, path, n, king_jumps);
            }
        }
        if !extended && n > 0 {
            self.finish(at, captured, path, n, king_jumps);
        }
    }

    /// Tries the jump in direction `d` and everything after it; whether it was possible.
    #[inline(always)]
    fn jump(
        &mut self,
        d: Dir,
        at: Bitboard,
        captured: Bitboard,
        path: u64,
        n: u32,
        kj: u32,
    ) -> bool {
        let mut near = step(at, d);
        if KING && R::FLYING_KINGS {
            // Slide to the first occupied square; a piece already taken there blocks the way.
            while near & self.empty != 0 {
                near = step(near, d);
            }
        }
        let over = near & self.targets & !captured;
        if over == 0 {
            return false;
        }
        // Captured pieces stay on the board until the end, so they block landing squares.
        let mut land = step(over, d) & self.empty;
        if land == 0 {
            return false;
        }
        let cap = captured | over;
        let kj = kj | (((over & self.them_kings != 0) as u32) << n);
        loop {
            // Short jumps are told by their direction; long ones need the landing square.
            let ps = if R::FLYING_KINGS {
                path | ((land.trailing_zeros() as u64) << (PATH_BITS * n))
            } else {
                path | ((d as u64) << (DIR_BITS * n))
            };
            if !KING && !R::MEN_CAPTURE_BACKWARD && land & promotion::<W>() != 0 {
                // A man that can only jump forward has nowhere to go from the far row.
                self.finish(land, cap, ps, n + 1, kj);
            } else {
                // A man passing the far row goes on as a man; it is crowned only if it stops.
                self.search(land, cap, ps, n + 1, kj);
            }
            if !(KING && R::FLYING_KINGS) {
                return true;
            }
            // A flying king may land on any empty square beyond the piece.
            land = step(land, d) & self.empty;
            if land == 0 {
                return true;
            }
        }
    }

    #[inline]
    fn finish(&mut self, at: Bitboard, captured: Bitboard, path: u64, n: u32, king_jumps: u32) {
        let info = CaptureInfo {
            count: captured.count_ones(),
            by_king: KING,
            kings: (captured & self.them_kings).count_ones(),
            king_jumps,
        };
        let promotes = !KING && at & promotion::<W>() != 0;
        let to = at.trailing_zeros();
        let short = !R::FLYING_KINGS;
        let m = Move::capture(self.from, to, captured, path, n, KING, promotes, short);
        self.sink.record(m, R::precedence(&info));
    }
}

/// Runs the capture search for every piece that can jump, feeding complete sequences to `sink`.
fn captures<R: Rules, S: Sink, const W: bool>(s: &Sides<W>, capturers: Bitboard, sink: &mut S) {
    // The capturing piece's own square counts as empty.
    for i in Bits(capturers & s.men) {
        let b = 1u32 << i;
        Jumper::<R, S, W, false> {
            from: i,
            targets: s.man_targets::<R>(),
            them_kings: s.them_kings,
            empty: s.empty | b,
            sink: &mut *sink,
            _rules: core::marker::PhantomData,
        }
        .search(b, 0, 0, 0, 0);
    }
    for i in Bits(capturers & s.kings) {
        let b = 1u32 << i;
        Jumper::<R, S, W, true> {
            from: i,
            targets: s.them,
            them_kings: s.them_kings,
            empty: s.empty | b,
            sink: &mut *sink,
            _rules: core::marker::PhantomData,
        }
        .search(b, 0, 0, 0, 0);
    }
}

#[inline(always)]
fn quiet_moves<R: Rules, const W: bool>(s: &Sides<W>, list: &mut MoveList) {
    for d in forward::<W>() {
        for t in Bits(step(s.men, d) & s.empty) {
            let f = step(1 << t, d.reverse()).trailing_zeros();
            list.push(Move::quiet(f, t, false, (1 << t) & promotion::<W>() != 0));
        }
    }
    if R::FLYING_KINGS {
        for f in Bits(s.kings) {
            for d in Dir::ALL {
                let mut t = step(1 << f, d) & s.empty;
                while t != 0 {
                    list.push(Move::quiet(f, t.trailing_zeros(), true, false));
                    t = step(t, d) & s.empty;
                }
            }
        }
        return;
    }
    for d in Dir::ALL {
        for t in Bits(step(s.kings, d) & s.empty) {
            let f = step(1 << t, d.reverse()).trailing_zeros();
            list.push(Move::quiet(f, t, true, false));
        }
    }
}

fn generate_for<R: Rules, const W: bool>(pos: &Position, list: &mut MoveList, quiet: bool) {
    const {
        assert!(
            !R::PASSING_PROMOTION,
            "passing promotion is not implemented"
        )
    };
    list.clear();
    let s = Sides::<W>::new(pos);
    let capturers = s.capturers::<R>();
    if capturers != 0 {
        captures::<R, _, W>(&s, capturers, &mut Best { list, best: 0 });
    } else if quiet {
        quiet_moves::<R, W>(&s, list);
    }
}

/// Fills `list` with every legal move of `pos` under rules `R` (clearing it first).
#[inline]
pub fn generate<R: Rules>(pos: &Position, list: &mut MoveList) {
    match pos.turn() {
        Color::White => generate_for::<R, true>(pos, list, true),
        Color::Black => generate_for::<R, false>(pos, list, true),
    }
}

/// Fills `list` with the legal captures only (empty when none is possible).
pub fn generate_captures<R: Rules>(pos: &Position, list: &mut MoveList) {
    match pos.turn() {
        Color::White => generate_for::<R, true>(pos, list, false),
        Color::Black => generate_for::<R, false>(pos, list, false),
    }
}

/// Whether the side to move has a capture (and so must capture).
#[inline]
pub fn has_capture<R: Rules>(pos: &Position) -> bool {
    match pos.turn() {
        Color::White => Sides::<true>::new(pos).capturers::<R>() != 0,
        Color::Black => Sides::<false>::new(pos).capturers::<R>() != 0,
    }
}

/// What the side to move has, found without listing a move: see [`classify`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// At least one capture (so a capture must be played).
    Capture,
    /// Moves, none of them a capture.
    Quiet,
    /// No move at all: the side to move has lost.
    None,
}

#[inline(always)]
fn classify_for<R: Rules, const W: bool>(pos: &Position) -> Moves {
    let s = Sides::<W>::new(pos);
    if s.capturers::<R>() != 0 {
        return Moves::Capture;
    }
    // A step to a neighbouring empty square is a move for a man (forward) and for a king
    // (any way; a flying king's longer moves start with that step).
    let mut steps = 0;
    for d in forward::<W>() {
        steps |= step(s.men, d) & s.empty;
    }
    if s.kings != 0 {
        for d in Dir::ALL {
            steps |= step(s.kings, d) & s.empty;
        }
    }
    if steps != 0 {
        Moves::Quiet
    } else {
        Moves::None
    }
}

/// Whether the side to move must capture, has only quiet moves, or has none: what [`generate`]
/// would show (its first move a capture, a move, or an empty list), at the cost of a few
/// bitboard steps (the search asks it at each position where it would stop on a quiet move).
#[inline]
pub fn classify<R: Rules>(pos: &Position) -> Moves {
    match pos.turn() {
        Color::White => classify_for::<R, true>(pos),
        Color::Black => classify_for::<R, false>(pos),
    }
}

/// Counts the best captures without storing them, remembering moves only to drop duplicate
/// routes (same from, to and captured set). Past its memory it gives up and the caller
/// generates the moves instead.
struct Counter {
    best: u32,
    n: u64,
    seen: [(u8, u8, Bitboard); 32],
    seen_len: usize,
    overflow: bool,
}

impl Sink for Counter {
    #[inline]
    fn record(&mut self, m: Move, key: u32) {
        if key > self.best {
            self.best = key;
            self.n = 0;
            self.seen_len = 0;
            self.overflow = false;
        } else if key < self.best {
            return;
        }
        let id = (m.from().index(), m.to().index(), m.captured());
        if self.seen[..self.seen_len].contains(&id) {
            return;
        }
        if self.seen_len < self.seen.len() {
            self.seen[self.seen_len] = id;
            self.seen_len += 1;
        } else {
            self.overflow = true;
        }
        self.n += 1;
    }
}

/// [`Counter`] for sequences that cannot repeat: Italian men, which only jump forward, are
/// told apart by their captured set alone.
struct MenCounter {
    best: u32,
    n: u64,
}

impl Sink for MenCounter {
    #[inline(always)]
    fn record(&mut self, _: Move, key: u32) {
        if key > self.best {
            self.best = key;
            self.n = 1;
        } else if key == self.best {
            self.n += 1;
        }
    }
}

#[inline(always)]
fn count_for<R: Rules, const W: bool>(pos: &Position) -> u64 {
    let s = Sides::<W>::new(pos);
    let capturers = s.capturers::<R>();
    if capturers != 0 && s.kings & capturers == 0 && !R::MEN_CAPTURE_BACKWARD {
        let mut c = MenCounter { best: 0, n: 0 };
        captures::<R, _, W>(&s, capturers, &mut c);
        return c.n;
    }
    if capturers != 0 {
        let mut c = Counter {
            best: 0,
            n: 0,
            seen: [(0, 0, 0); 32],
            seen_len: 0,
            overflow: false,
        };
        captures::<R, _, W>(&s, capturers, &mut c);
        if c.overflow {
            let mut list = MoveList::new();
            captures::<R, _, W>(
                &s,
                capturers,
                &mut Best {
                    list: &mut list,
                    best: 0,
                },
            );
            return list.len() as u64;
        }
        return c.n;
    }
    let mut n = 0;
    for d in forward::<W>() {
        n += (step(s.men, d) & s.empty).count_ones();
    }
    if s.kings != 0 {
        for d in Dir::ALL {
            let mut t = step(s.kings, d) & s.empty;
            n += t.count_ones();
            if R::FLYING_KINGS {
                while t != 0 {
                    t = step(t, d) & s.empty;
                    n += t.count_ones();
                }
            }
        }
    }
    n as u64
}

/// The number of legal moves, without building quiet moves (the last ply of perft).
#[inline]
pub fn count<R: Rules>(pos: &Position) -> u64 {
    match pos.turn() {
        Color::White => count_for::<R, true>(pos),
        Color::Black => count_for::<R, false>(pos),
    }
}

/// Every complete capture sequence (before precedence) with its key, deduplicated; for
/// explaining why a capture is not allowed.
pub(crate) fn all_captures<R: Rules>(pos: &Position) -> Vec<(Move, u32)> {
    struct All(Vec<(Move, u32)>);
    impl Sink for All {
        fn record(&mut self, m: Move, key: u32) {
            if !self.0.iter().any(|(o, _)| o.same_as(&m)) {
                self.0.push((m, key));
            }
        }
    }
    fn run<R: Rules, const W: bool>(pos: &Position, all: &mut All) {
        let s = Sides::<W>::new(pos);
        captures::<R, _, W>(&s, s.capturers::<R>(), all);
    }
    let mut all = All(Vec::new());
    match pos.turn() {
        Color::White => run::<R, true>(pos, &mut all),
        Color::Black => run::<R, false>(pos, &mut all),
    }
    all.0
}

/// The backward directions of the side to move's men (used to explain refusals).
pub(crate) fn backward_dirs(pos: &Position) -> [Dir; 2] {
    match pos.turn() {
        Color::White => [Dir::DownLeft, Dir::DownRight],
        Color::Black => [Dir::UpLeft, Dir::UpRight],
    }
}
