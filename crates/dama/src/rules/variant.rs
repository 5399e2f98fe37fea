//! The ruleset as a parameter: every fact of a game in one struct of knobs ([`Rules`]: its
//! names, its board's numbering, its move text, its moves, its precedence and its draws,
//! monomorphised in the hot paths), each game's in its own file (`italian.rs`,
//! `brazilian.rs`), and the run-time choice of game ([`Variant`]), which reads those knobs
//! through [`with_rules!`](crate::with_rules), with per-game data kept in a [`ByVariant`].
//!
//! Both games share the 32-square bitboard of [`bitboard`](crate::bitboard). The Brazilian board
//! is the Italian one seen in a mirror, and a mirror swaps left and right but keeps every
//! diagonal, so the generator works on one geometry; only the numbering and the names of the
//! squares differ, and [`Variant`] translates them at the edges (FEN, move text, PDN, wasm).
//!
//! ```
//! use dama::{Game, Variant};
//! let mut game = Game::new(Variant::Brazilian);
//! game.play_text("c3-d4").unwrap();
//! assert_eq!(game.move_texts(), ["c3-d4"]);
//! assert_eq!(Variant::Brazilian.square_name(game.moves().next().unwrap().to()), "d4");
//! ```

use crate::rules::square::Square;
use core::fmt;

/// The draw rules in force; each is *configurable* in RULES.md, and each game has its own
/// defaults ([`Rules::DRAW_RULES`], [`Variant::draw_rules`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The occurrence of a position (same side to move) that draws: 3 by default, 0 to disable.
    pub repetitions: u32,
    /// Consecutive king moves without a capture that draw: 80 plies in Italian, 40 in
    /// Brazilian; 0 to disable.
    pub king_move_plies: u32,
    /// Three kings against a lone king: the stronger side's moves after which the game is
    /// drawn if not won (Brazilian 20; 0, as in Italian, to disable).
    pub three_kings_moves: u32,
}

impl DrawRules {
    /// No automatic draw at all (for replaying a game another program referees).
    pub const NONE: DrawRules = DrawRules {
        repetitions: 0,
        king_move_plies: 0,
        three_kings_moves: 0,
    };
}

/// What the precedence rules look at in one complete capture sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureInfo {
    /// Pieces taken (men and kings count one each).
    pub count: u32,
    /// Whether the capturing piece is a king.
    pub by_king: bool,
    /// Kings taken.
    pub kings: u32,
    /// Bit `j` is set when the `j`-th jump (0-based) took a king.
    pub king_jumps: u32,
}

/// Which precedence step separates two capture keys, for explaining why a capture is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrecedenceStep {
    /// The capture taking the most pieces (Italian rule 1; the whole Brazilian majority rule).
    Quantity,
    /// Italian rule 2: a capture by a king before one by a man.
    ByKing,
    /// Italian rule 3: the capture taking the most kings.
    MostKings,
    /// Italian rule 4: the capture meeting a king earliest.
    EarliestKing,
}

/// A ruleset, in the manner of dctl's ruleset structs: every difference between the games is a
/// constant or a function here, so a game is one struct of knobs, each game gets its own
/// compiled generator with the other game's branches removed, and [`Variant`] has no facts of
/// its own.
pub trait Rules: Copy + Default + Send + Sync + 'static {
    /// The run-time name of this ruleset.
    const VARIANT: Variant;
    /// The identifier used on the command line, in the Hub protocol and on the page.
    const ID: &'static str;
    /// The English name of the game.
    const NAME: &'static str;
    /// The PDN `GameType` number.
    const GAME_TYPE: u8;
    /// The board is the Italian one seen in a mirror: each row of four is numbered, and its
    /// files lettered, the other way round on our bitboard (the game plays on a1's colour).
    const MIRRORED_BOARD: bool;
    /// Move text names squares by algebraic coordinates (`c3`) rather than numbers.
    const ALGEBRAIC_MOVES: bool;
    /// The draw rules the game's federation plays by (a [`Game`](crate::Game)'s defaults).
    const DRAW_RULES: DrawRules;
    /// What the rules call their most-pieces precedence step, if they name it, for explaining
    /// a refused capture (Brazilian: "the majority rule").
    const MAJORITY_RULE_NAME: Option<&'static str>;
    /// Kings move and capture any distance along a free diagonal (otherwise one square).
    const FLYING_KINGS: bool;
    /// Men may capture backward as well as forward.
    const MEN_CAPTURE_BACKWARD: bool;
    /// Men may capture kings.
    const MEN_CAPTURE_KINGS: bool;
    /// A man crowned in the middle of a capture goes on capturing as a king (Russian draughts).
    /// Neither game here does: in both a man is crowned only where its move ends, so a
    /// Brazilian man passing the far row goes on as a man. A ruleset setting this would need a
    /// generator branch that does not exist yet, so the generator refuses to compile it.
    const PASSING_PROMOTION: bool;

    /// A ranking of complete capture sequences: only those with the highest key are legal.
    fn precedence(info: &CaptureInfo) -> u32;

    /// The first precedence step at which key `worse` loses to key `better`.
    fn deciding_step(better: u32, worse: u32) -> Option<PrecedenceStep>;
}

/// The game being played, chosen at run time (command line, Hub, PDN, the page).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Italian draughts (Dama Italiana), PDN game type 22.
    Italian,
    /// Brazilian draughts, PDN game type 26.
    Brazilian,
}

/// A variant name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game {:?}: expected \"italian\" or \"brazilian\"",
            self.0.chars().take(20).collect::<String>()
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// Runs `$body` with the type `$r` bound to the [`Rules`] of `$variant`: the one place run-time
/// choice becomes a monomorphised call.
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $r:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Italian => {
                type $r = $crate::Italian;
                $body
            }
            $crate::Variant::Brazilian => {
                type $r = $crate::Brazilian;
                $body
            }
        }
    };
}

impl Variant {
    /// Both games.
    pub const ALL: [Variant; 2] = [Variant::Italian, Variant::Brazilian];

    /// The identifier used on the command line, in the Hub protocol and on the page:
    /// `italian` or `brazilian`.
    pub const fn id(self) -> &'static str {
        with_rules!(self, R => R::ID)
    }

    /// The English name of the game.
    pub const fn name(self) -> &'static str {
        with_rules!(self, R => R::NAME)
    }

    /// Reads an identifier: `italian`/`brazilian` in any case, or the PDN game type.
    ///
    /// ```
    /// use dama::Variant;
    /// assert_eq!("Brazilian".parse(), Ok(Variant::Brazilian));
    /// assert_eq!("26".parse(), Ok(Variant::Brazilian));
    /// assert!("checkers".parse::<Variant>().is_err());
    /// ```
    pub fn from_id(s: &str) -> Result<Variant, UnknownVariant> {
        let t = s.trim();
        Variant::ALL
            .into_iter()
            .find(|v| t.eq_ignore_ascii_case(v.id()) || t == v.game_type().to_string())
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }

    /// The PDN `GameType` number: 22 Italian, 26 Brazilian.
    pub const fn game_type(self) -> u8 {
        with_rules!(self, R => R::GAME_TYPE)
    }

    /// The variant of a PDN `GameType` tag value (its first number; extra fields such as the
    /// board description are ignored), if it is one of ours.
    pub fn from_game_type(tag: &str) -> Option<Variant> {
        Variant::from_game_number(tag.split(',').next()?.trim().parse().ok()?)
    }

    /// The variant whose PDN `GameType` number is `n`, if it is one of ours: how our binary
    /// files (tables, book, weights, samples) name their game, a little-endian `u32`.
    pub fn from_game_number(n: u32) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.game_type() as u32 == n)
    }

    /// Kings fly.
    pub const fn flying_kings(self) -> bool {
        with_rules!(self, R => R::FLYING_KINGS)
    }

    /// Men capture backward.
    pub const fn men_capture_backward(self) -> bool {
        with_rules!(self, R => R::MEN_CAPTURE_BACKWARD)
    }

    /// Men capture kings.
    pub const fn men_capture_kings(self) -> bool {
        with_rules!(self, R => R::MEN_CAPTURE_KINGS)
    }

    /// Squares are named by algebraic coordinates (`c3`) rather than numbers in move text.
    pub const fn algebraic_moves(self) -> bool {
        with_rules!(self, R => R::ALGEBRAIC_MOVES)
    }

    /// The board is the Italian one seen in a mirror ([`Rules::MIRRORED_BOARD`]).
    const fn mirrored(self) -> bool {
        with_rules!(self, R => R::MIRRORED_BOARD)
    }

    /// The square's number 1-32 in this game's numbering (the one FEN uses).
    ///
    /// ```
    /// use dama::{Square, Variant};
    /// let a8 = Square::from_number(1).unwrap(); // Italian 1 is a8
    /// assert_eq!(Variant::Italian.square_number(a8), 1);
    /// let b8 = Variant::Brazilian.square(1).unwrap();
    /// assert_eq!(Variant::Brazilian.algebraic(b8), "b8");
    /// assert_eq!(Variant::Brazilian.algebraic(Variant::Brazilian.square(29).unwrap()), "a1");
    /// assert_eq!(Variant::Brazilian.algebraic(Variant::Brazilian.square(32).unwrap()), "g1");
    /// ```
    pub const fn square_number(self, sq: Square) -> u8 {
        if self.mirrored() {
            mirror(sq.index()) + 1
        } else {
            sq.index() + 1
        }
    }

    /// The square numbered `n` (1-32) in this game, or `None` out of range.
    pub const fn square(self, n: u32) -> Option<Square> {
        if n < 1 || n > 32 {
            return None;
        }
        if self.mirrored() {
            Square::from_index(mirror((n - 1) as u8) as u32)
        } else {
            Square::from_index(n - 1)
        }
    }

    /// The file 0-7 (a-h) of a square as this game's board shows it.
    pub const fn file(self, sq: Square) -> u8 {
        if self.mirrored() {
            7 - sq.file()
        } else {
            sq.file()
        }
    }

    /// The algebraic name of a square on this game's board (`a1` is White's near left).
    pub fn algebraic(self, sq: Square) -> String {
        format!("{}{}", (b'a' + self.file(sq)) as char, 8 - sq.row())
    }

    /// The square named `name` in algebraic form (`c3`), if it is a playing square.
    pub fn square_at(self, name: &str) -> Option<Square> {
        let b = name.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        if file > 7 || rank > 7 {
            return None;
        }
        let row = 7 - rank as u32;
        (0..4)
            .filter_map(|k| Square::from_index(row * 4 + k))
            .find(|&s| self.file(s) == file)
    }

    /// A square as move text writes it: its number (Italian) or algebraic name (Brazilian).
    pub fn square_name(self, sq: Square) -> String {
        if self.algebraic_moves() {
            self.algebraic(sq)
        } else {
            self.square_number(sq).to_string()
        }
    }

    /// The draw rules this game's federation plays by.
    pub const fn draw_rules(self) -> DrawRules {
        with_rules!(self, R => R::DRAW_RULES)
    }
}

/// One value for each game, indexed by [`Variant`]: how per-game data (each game's evaluation,
/// book, endgame tables, shipped files) is kept, so that the game is the only key and no
/// code counts on the games' order.
///
/// ```
/// use dama::{ByVariant, Variant};
/// let mut plies = ByVariant::new(80, 40);
/// assert_eq!(plies[Variant::Brazilian], 40);
/// plies[Variant::Italian] += 1;
/// let rules = ByVariant::from_fn(|v| v.draw_rules().king_move_plies);
/// assert_eq!(rules[Variant::Italian] + 1, plies[Variant::Italian]);
/// let games: Vec<Variant> = rules.iter().map(|(v, _)| v).collect();
/// assert_eq!(games, Variant::ALL);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByVariant<T>([T; 2]);

impl<T> ByVariant<T> {
    /// Italian's value and Brazilian's (a `const fn`, for statics).
    pub const fn new(italian: T, brazilian: T) -> ByVariant<T> {
        ByVariant([italian, brazilian])
    }

    /// Each game's value, made from the game.
    pub fn from_fn(f: impl FnMut(Variant) -> T) -> ByVariant<T> {
        ByVariant(Variant::ALL.map(f))
    }

    /// Each game with its value, in [`Variant::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Variant, &T)> {
        Variant::ALL.into_iter().zip(&self.0)
    }
}

impl<T> core::ops::Index<Variant> for ByVariant<T> {
    type Output = T;
    fn index(&self, v: Variant) -> &T {
        // The one place a game is a number: its place in `Variant::ALL`, which lists the
        // games in their declaration order.
        &self.0[v as usize]
    }
}

impl<T> core::ops::IndexMut<Variant> for ByVariant<T> {
    fn index_mut(&mut self, v: Variant) -> &mut T {
        &mut self.0[v as usize]
    }
}

/// The bit index of the square in the same row with the order of the four reversed.
const fn mirror(i: u8) -> u8 {
    (i & !3) | (3 - (i & 3))
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl core::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_id(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_round_trips_and_names_match_the_rules() {
        for v in Variant::ALL {
            for n in 1..=32 {
                let s = v.square(n).unwrap();
                assert_eq!(v.square_number(s) as u32, n);
                assert_eq!(v.square_at(&v.algebraic(s)), Some(s));
                // Brazilian plays on a1's colour, Italian on the other (h1 and a8).
                let rank = 8 - s.row();
                let like_a1 = (v.file(s) + rank) % 2 == 1;
                assert_eq!(like_a1, v == Variant::Brazilian, "{v} {n}");
            }
            assert_eq!(v.square(0), None);
            assert_eq!(v.square(33), None);
        }
        let name = |n| Variant::Brazilian.algebraic(Variant::Brazilian.square(n).unwrap());
        assert_eq!(
            [1, 2, 4, 5, 8, 21, 22, 29, 30, 32].map(name),
            ["b8", "d8", "h8", "a7", "g7", "a3", "c3", "a1", "c1", "g1"]
        );
        let it = |n| Variant::Italian.algebraic(Variant::Italian.square(n).unwrap());
        assert_eq!([1, 5, 29, 32].map(it), ["a8", "b7", "b1", "h1"]);
        assert_eq!(Variant::Brazilian.square_at("a2"), None);
        assert_eq!(Variant::Brazilian.square_at("i1"), None);
    }

    #[test]
    fn by_variant_keeps_each_game_in_its_place() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(
                v as usize, i,
                "ByVariant indexes by the order of Variant::ALL"
            );
        }
        let mut ids = ByVariant::from_fn(|v| v.id());
        assert_eq!(ids[Variant::Italian], "italian");
        assert_eq!(ids[Variant::Brazilian], "brazilian");
        ids[Variant::Brazilian] = "br";
        assert_eq!(ids, ByVariant::new("italian", "br"));
        assert_eq!(
            ids.iter().collect::<Vec<_>>(),
            [(Variant::Italian, &"italian"), (Variant::Brazilian, &"br")]
        );
    }

    #[test]
    fn variants_read_their_names_and_game_types() {
        assert_eq!(Variant::from_id("ITALIAN"), Ok(Variant::Italian));
        assert_eq!(Variant::from_id("22"), Ok(Variant::Italian));
        assert!(Variant::from_id("").is_err());
        assert_eq!(Variant::from_game_type("26"), Some(Variant::Brazilian));
        assert_eq!(
            Variant::from_game_type("26,W,8,8,A0,0"),
            Some(Variant::Brazilian)
        );
        assert_eq!(Variant::from_game_type("20"), None);
    }
}
