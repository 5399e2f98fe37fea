//! A game: the position, the moves played and taken back, and how the game ended (replaying
//! what was taken back is the record's: [`GameRecord`](crate::GameRecord)).

use crate::rules::explain::{self, Illegal, IllegalKind};
use crate::rules::hash;
use crate::rules::moves::{Move, MoveList};
use crate::rules::notation::{self, MoveTextError};
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::{DrawRules, Variant};
use core::fmt;

/// The side holding exactly three kings and no men against a lone king, if that is the
/// material on the board.
fn three_kings_side(pos: &Position) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&c| {
        let (us, them) = (pos.pieces(c), pos.pieces(c.opposite()));
        us.count_ones() == 3
            && us & !pos.kings() == 0
            && them.count_ones() == 1
            && them & pos.kings() != 0
    })
}

/// Who won, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move had no legal move (no pieces, or all blocked) and lost.
    NoMoves,
    /// The same position with the same side to move occurred the set number of times.
    Repetition,
    /// The set number of consecutive king moves without a capture was reached.
    KingMoves,
    /// Three kings did not beat a lone king in the set number of moves.
    ThreeKings,
    /// The players agreed a draw.
    Agreement,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out.
    Time,
}

impl Reason {
    /// A short identifier: `no-moves`, `repetition`, `king-moves`, `three-kings`, `agreement`,
    /// `resignation`, `time`.
    pub const fn id(self) -> &'static str {
        match self {
            Reason::NoMoves => "no-moves",
            Reason::Repetition => "repetition",
            Reason::KingMoves => "king-moves",
            Reason::ThreeKings => "three-kings",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::Time => "time",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: Reason,
    /// For the draw rules, the limit that was reached: occurrences for a repetition, plies for
    /// the king-move rule, the stronger side's moves for three kings against one; 0 otherwise.
    pub limit: u32,
}

impl GameResult {
    /// The PDN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn pdn(&self) -> &'static str {
        match self.outcome {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.outcome, self.reason) {
            (Outcome::Win(c), Reason::NoMoves) => {
                write!(f, "{c} wins: {} has no move left", c.opposite())
            }
            (Outcome::Win(c), Reason::Resignation) => {
                write!(f, "{c} wins: {} resigned", c.opposite())
            }
            (Outcome::Win(c), Reason::Time) => {
                write!(f, "{c} wins: {} ran out of time", c.opposite())
            }
            (Outcome::Win(c), _) => write!(f, "{c} wins"),
            (Outcome::Draw, Reason::Repetition) => {
                write!(f, "Draw: the same position occurred {} times", self.limit)
            }
            (Outcome::Draw, Reason::KingMoves) => write!(
                f,
                "Draw: {} moves in a row with kings only and no capture",
                self.limit.div_ceil(2)
            ),
            (Outcome::Draw, Reason::ThreeKings) => write!(
                f,
                "Draw: three kings did not beat the lone king in {} moves",
                self.limit
            ),
            (Outcome::Draw, Reason::Agreement) => f.write_str("Draw by agreement"),
            (Outcome::Draw, _) => f.write_str("Draw"),
        }
    }
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver(GameResult),
    /// The move is not legal in the current position.
    Illegal(Illegal),
    /// The move text could not be read or matched.
    Text(MoveTextError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(r) => write!(f, "the game is over ({r})"),
            PlayError::Illegal(i) => write!(f, "not legal: {i}"),
            PlayError::Text(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayError {}

#[derive(Clone, Debug)]
struct Entry {
    pos: Position,
    hash: u64,
    king_plies: u32,
    three_kings: u32,
    mv: Move,
}

/// A game in progress: position, history with undo, draws and results.
///
/// ```
/// use dama::{Game, Outcome, Reason};
/// let mut g = Game::from_fen(dama::Variant::Italian, "W:W30:B27").unwrap();
/// g.play_text("30x23").unwrap();
/// let r = g.result().unwrap();
/// assert_eq!(r.outcome, Outcome::Win(dama::Color::White));
/// assert_eq!(r.reason, Reason::NoMoves);
/// assert!(g.play_text("1-5").is_err());
/// g.undo();
/// assert!(g.result().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    hash: u64,
    king_plies: u32,
    three_kings: u32,
    history: Vec<Entry>,
    declared: Option<GameResult>,
    rules: DrawRules,
}

impl Game {
    /// A new game of `variant` from the starting position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A new game from a set-up position, by its game's rules and draw rules.
    pub fn from_position(pos: Position) -> Game {
        Game {
            start: pos,
            pos,
            hash: pos.hash(),
            king_plies: 0,
            three_kings: 0,
            history: Vec::new(),
            declared: None,
            rules: pos.variant().draw_rules(),
        }
    }

    /// A new game of `variant` from a FEN in its numbering.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, crate::fen::FenError> {
        Ok(Game::from_position(Position::from_fen(variant, fen)?))
    }

    /// The game being played.
    pub fn variant(&self) -> Variant {
        self.pos.variant()
    }

    /// The current position in FEN, in this game's numbering.
    pub fn fen(&self) -> String {
        crate::rules::fen::write(&self.pos)
    }

    /// Sets the draw rules.
    pub fn set_draw_rules(&mut self, rules: DrawRules) {
        self.rules = rules;
    }

    /// The draw rules in force.
    pub fn draw_rules(&self) -> DrawRules {
        self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The incrementally maintained Zobrist hash of the current position.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Consecutive king moves without a capture up to now.
    pub fn king_plies(&self) -> u32 {
        self.king_plies
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &Move> {
        self.history.iter().map(|e| &e.mv)
    }

    /// The moves played so far in this game's standard notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|e| notation::move_text(&e.pos, &e.mv))
            .collect()
    }

    /// A move in this game's notation, written against the current position.
    pub fn move_text(&self, m: &Move) -> String {
        notation::move_text(&self.pos, m)
    }

    /// Moves played in a row by the stronger side with three kings against a lone king.
    pub fn three_kings_moves(&self) -> u32 {
        self.three_kings
    }

    /// The position before ply `i` (0 = the start); `i == ply()` is the current one.
    pub fn position_at(&self, i: usize) -> Option<&Position> {
        match i.cmp(&self.history.len()) {
            core::cmp::Ordering::Less => Some(&self.history[i].pos),
            core::cmp::Ordering::Equal => Some(&self.pos),
            core::cmp::Ordering::Greater => None,
        }
    }

    /// The number of plies played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Hashes of the positions since the last capture or man move, oldest first, ending with
    /// the current one (what the engine needs to see repetitions).
    pub fn reversible_hashes(&self) -> Vec<u64> {
        let n = (self.king_plies as usize).min(self.history.len());
        let mut v: Vec<u64> = self.history[self.history.len() - n..]
            .iter()
            .map(|e| e.hash)
            .collect();
        v.push(self.hash);
        v
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.result().is_some() {
            MoveList::new()
        } else {
            self.pos.legal_moves()
        }
    }

    /// Plays a move, which must be one of [`legal_moves`](Game::legal_moves).
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        if let Some(r) = self.result() {
            return Err(PlayError::GameOver(r));
        }
        let legal = self.pos.legal_moves();
        let Some(m) = legal.iter().find(|l| l.same_as(m)).copied() else {
            let n = |s| self.variant().square_number(s);
            return Err(PlayError::Illegal(
                self.why_illegal(n(m.from()), n(m.to())).unwrap_or(Illegal {
                    variant: self.variant(),
                    kind: IllegalKind::NotAMove,
                }),
            ));
        };
        self.push(m);
        Ok(())
    }

    fn push(&mut self, m: Move) {
        let hash = hash::update(self.hash, &self.pos, &m);
        self.history.push(Entry {
            pos: self.pos,
            hash: self.hash,
            king_plies: self.king_plies,
            three_kings: self.three_kings,
            mv: m,
        });
        self.king_plies = if m.is_king_move() && !m.is_capture() {
            self.king_plies + 1
        } else {
            0
        };
        let mover = self.pos.turn();
        let before = three_kings_side(&self.pos);
        self.pos = self.pos.play(&m);
        self.hash = hash;
        // The count runs from the first position of the ending: the move reaching it (a
        // capture or a crowning) is not one of the stronger side's moves in it.
        self.three_kings = match (before, three_kings_side(&self.pos)) {
            (Some(a), Some(b)) if a == b => self.three_kings + (b == mover) as u32,
            _ => 0,
        };
    }

    /// Reads and plays a move text (`22-18`, `22x13`, `27x18x11x4`), returning the move.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let m = self.read_move(text)?;
        self.play(&m)?;
        Ok(m)
    }

    /// The legal move a move text names, or why there is none: the game is over, the text
    /// names no move, or the move it names breaks a rule (which one, in this game's words).
    pub fn read_move(&self, text: &str) -> Result<Move, PlayError> {
        if let Some(r) = self.result() {
            return Err(PlayError::GameOver(r));
        }
        match notation::parse(&self.pos, text) {
            Ok(m) => Ok(m),
            Err(e @ MoveTextError::NoMatch { .. }) => {
                // A readable text naming a from and a to: say which rule it breaks.
                let v = self.variant();
                let squares: Vec<u8> = text
                    .trim()
                    .split(['-', 'x', 'X', ':'])
                    .filter_map(|p| {
                        let p = p.trim();
                        p.parse()
                            .ok()
                            .or_else(|| v.square_at(p).map(|s| v.square_number(s)))
                    })
                    .collect();
                if let (Some(&f), Some(&t)) = (squares.first(), squares.last())
                    && let Some(why) = self.why_illegal(f, t)
                {
                    return Err(PlayError::Illegal(why));
                }
                Err(PlayError::Text(e))
            }
            Err(e) => Err(PlayError::Text(e)),
        }
    }

    /// Takes back the last move (or a resignation or agreed draw first); returns the move.
    pub fn undo(&mut self) -> Option<Move> {
        if self.declared.take().is_some() {
            return None;
        }
        let e = self.history.pop()?;
        self.pos = e.pos;
        self.hash = e.hash;
        self.king_plies = e.king_plies;
        self.three_kings = e.three_kings;
        Some(e.mv)
    }

    /// The side to move resigns (or `color`, if given another).
    pub fn resign(&mut self, color: Color) {
        if self.result().is_none() {
            self.declared = Some(GameResult {
                outcome: Outcome::Win(color.opposite()),
                reason: Reason::Resignation,
                limit: 0,
            });
        }
    }

    /// `color`'s clock ran out: the game is lost, as a resignation is, and taken back the same
    /// way (undo). Nothing changes once the game is over.
    pub fn lose_on_time(&mut self, color: Color) {
        if self.result().is_none() {
            self.declared = Some(GameResult {
                outcome: Outcome::Win(color.opposite()),
                reason: Reason::Time,
                limit: 0,
            });
        }
    }

    /// Both players agree a draw.
    pub fn agree_draw(&mut self) {
        if self.result().is_none() {
            self.declared = Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::Agreement,
                limit: 0,
            });
        }
    }

    /// How many times the current position has occurred (same side to move), this time included.
    pub fn repetitions(&self) -> u32 {
        let n = (self.king_plies as usize).min(self.history.len());
        let window = &self.history[self.history.len() - n..];
        1 + window
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|e| e.hash == self.hash && e.pos == self.pos)
            .count() as u32
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        if let Some(r) = self.declared {
            return Some(r);
        }
        if self.pos.legal_moves().is_empty() {
            return Some(GameResult {
                outcome: Outcome::Win(self.pos.turn().opposite()),
                reason: Reason::NoMoves,
                limit: 0,
            });
        }
        if self.rules.repetitions > 0 && self.repetitions() >= self.rules.repetitions {
            return Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::Repetition,
                limit: self.rules.repetitions,
            });
        }
        if self.rules.king_move_plies > 0 && self.king_plies >= self.rules.king_move_plies {
            return Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::KingMoves,
                limit: self.rules.king_move_plies,
            });
        }
        let limit = self.rules.three_kings_moves;
        if limit > 0 && self.three_kings >= limit {
            return Some(GameResult {
                outcome: Outcome::Draw,
                reason: Reason::ThreeKings,
                limit,
            });
        }
        None
    }

    /// Why the side to move may not go from square `from` to `to` (numbers 1-32 in this game's
    /// numbering), in the words of the rules; `None` when some legal move does.
    pub fn why_illegal(&self, from: u8, to: u8) -> Option<Illegal> {
        let kind = if self.result().is_some() {
            IllegalKind::GameOver
        } else {
            explain::why_illegal(self.variant(), &self.pos, from, to)?
        };
        Some(Illegal {
            variant: self.variant(),
            kind,
        })
    }
}
