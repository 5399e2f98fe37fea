//! The plain JS values the bindings return, as Rust types: each is serialised into a plain
//! object (or array) by serde-wasm-bindgen, so it also crosses `postMessage`, and its
//! TypeScript declaration is generated from it (tsify) into the glue's `.d.ts`, which the
//! pages' JSDoc imports (`types/dama-wasm.ts`): no shape is written twice.
//!
//! Absent values are `null` (`to_js` serialises them so, and `#[tsify(missing_as_null)]`
//! declares them so), as the pages have always read them; a binding that returns `Option<T>`
//! itself gives `undefined` for `None`.

use serde::Serialize;
use tsify_next::Tsify;
use wasm_bindgen::prelude::*;

/// The JS value of a Rust one (`T::JsType`, which the glue's `.d.ts` names `T`).
pub fn to_js<T: Serialize + Tsify>(value: &T) -> T::JsType {
    let to = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    // The types here have no map and no number past 2^53, so serialising cannot fail.
    value
        .serialize(&to)
        .unwrap_or(JsValue::NULL)
        .unchecked_into()
}

/// The JS value of a `T`: the glue's `.d.ts` names it `T`.
pub type Js<T> = <T as Tsify>::JsType;

/// A game's rules and board numbering.
#[derive(Serialize, Tsify, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Italian,
    Brazilian,
}

impl From<dama::Variant> for Variant {
    fn from(v: dama::Variant) -> Variant {
        match v {
            dama::Variant::Italian => Variant::Italian,
            dama::Variant::Brazilian => Variant::Brazilian,
        }
    }
}

/// How a game's record places new moves: a game being played (the line played is the main
/// line) or an analysis (new moves are variations).
#[derive(Serialize, Tsify, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum RecordKind {
    Game,
    Analysis,
}

/// A side.
#[derive(Serialize, Tsify, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl From<dama::Color> for Color {
    fn from(c: dama::Color) -> Color {
        match c {
            dama::Color::White => Color::White,
            dama::Color::Black => Color::Black,
        }
    }
}

/// A legal or played move, as every call into the core returns it (squares numbered 1-32 in
/// the game's numbering).
#[derive(Serialize, Tsify)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    /// The landing squares in order; the last one is `to`.
    pub path: Vec<u8>,
    /// The squares of the pieces taken, in jump order (empty for a quiet move).
    pub captured: Vec<u8>,
    /// The move in the game's notation ("22-18", "c3xe5").
    pub text: String,
    pub capture: bool,
    /// The piece moved is a king.
    pub king: bool,
    /// A man reaches the crowning row.
    pub promotes: bool,
}

/// How a game ended: `Game.result()`.
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct GameResult {
    /// `null` for a draw.
    pub winner: Option<Color>,
    /// "no-moves", "repetition", "king-moves", "three-kings", "agreement", "resignation", ...
    pub reason: &'static str,
    /// The core's own words, in English.
    pub message: String,
}

/// A PDN tag: `[name, value]`.
#[derive(Serialize, Tsify)]
pub struct PdnTag<'a>(pub &'a str, pub &'a str);

/// One game of a PDN file, as the picker lists it (`""` for a missing tag).
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct PdnSummary<'a> {
    pub index: u32,
    pub white: &'a str,
    pub black: &'a str,
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub round: &'a str,
    pub result: &'a str,
    pub variant: Variant,
    /// Moves of the main line.
    pub plies: u32,
    /// Why the game cannot be opened (an illegal move), or `null`.
    pub error: Option<String>,
}

/// `PdnFile.mainline()`'s answer: a game's main line as keys of its positions and its moves.
#[derive(Serialize, Tsify)]
pub struct Mainline {
    pub variant: Variant,
    pub result: String,
    /// One more than the moves: the position before each move, then the last one.
    pub keys: Vec<f64>,
    pub moves: Vec<String>,
}

/// A move of a game tree (the root, id 0, is the start position).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct TreeNode<'a> {
    pub id: u32,
    /// `null` for the root.
    pub parent: Option<u32>,
    pub ply: u32,
    /// The move's text, `""` for the root.
    pub text: &'a str,
    /// The position after the move.
    pub fen: String,
    pub comment: Option<&'a str>,
    pub pre_comment: Option<&'a str>,
    pub nags: &'a [u8],
    /// `""` when absent.
    pub glyph: &'a str,
    /// The first is the main continuation, the others its variations.
    pub children: Vec<u32>,
    /// On the game's main line.
    pub mainline: bool,
    /// The variation nesting level (0 on the main line).
    pub depth: u32,
}

/// `Engine.search()`'s answer.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    /// The move's text in the game's notation.
    #[serde(rename = "move")]
    pub best: String,
    pub score: i32,
    pub depth: u32,
    pub nodes: f64,
    /// The principal variation, as move texts.
    pub pv: Vec<String>,
    pub time_ms: f64,
}

/// One line of `Engine.analyse()`'s answer.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
pub struct AnalysisLine {
    /// The line's first move, in the game's notation.
    #[serde(rename = "move")]
    pub first: String,
    /// For the side to move.
    pub score: i32,
    /// The depth this line was searched to.
    pub depth: u32,
    /// The score in words: "+0.35", "win in 7", "loss (tables)".
    pub text: String,
    /// The line's moves, the first included.
    pub pv: Vec<String>,
}

/// `Engine.analyse()`'s answer.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// The least depth of the lines.
    pub depth: u32,
    /// False when the time ran out first: the line cut short keeps the depth it finished,
    /// those below it are left out.
    pub complete: bool,
    /// A deeper search cannot change the lines.
    pub settled: bool,
    pub nodes: f64,
    pub time_ms: f64,
    /// Best first.
    pub lines: Vec<AnalysisLine>,
}

/// `scoreResult()`'s answer: a known win or loss, with its length in moves when counted.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct ScoreResult {
    pub win: bool,
    /// `null` for a result the endgame tables know without its length.
    pub moves: Option<i32>,
}

/// `scoreResult()`'s whole answer: `null` for a score that is an evaluation, not a result.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct Known(pub Option<ScoreResult>);

/// `benchSearch()`'s answer.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct BenchResult {
    pub nodes: f64,
    pub time_ms: f64,
    /// 16 hex digits.
    pub checksum: String,
}

/// A result for the side to move, as the endgame tables give it.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum TableResult {
    Win,
    Draw,
    Loss,
}

#[cfg(feature = "engine")]
impl From<dama::engine::egtb::Wdl> for TableResult {
    fn from(w: dama::engine::egtb::Wdl) -> TableResult {
        use dama::engine::egtb::Wdl;
        match w {
            Wdl::Win => TableResult::Win,
            Wdl::Draw => TableResult::Draw,
            Wdl::Loss => TableResult::Loss,
        }
    }
}

/// One book move of the position explored.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
pub struct BookMove {
    /// The move in the game's notation.
    pub text: String,
    /// In hundredths of a man, for the side to move.
    pub score: i32,
    /// The move scores a man or more below zero: it loses for the side that plays it.
    pub lost: bool,
}

/// One legal move of the position explored, as the endgame tables value it.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
pub struct TableMove {
    pub text: String,
    /// For the side that plays it, under the king-move rule from the game's count so far.
    pub result: TableResult,
    /// Plies to the next capture or man move on the tables' line, this move counted (0 for a
    /// draw).
    pub plies: u32,
}

/// What the endgame tables say of the position explored: its value (its best move's) and
/// every legal move, best first (wins shortest, draws, losses longest).
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
pub struct TablesView {
    pub result: TableResult,
    pub plies: u32,
    pub moves: Vec<TableMove>,
}

/// `Engine.explore()`'s answer.
#[cfg(feature = "engine")]
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct Explore {
    /// The book's moves of the position, best first (empty when it is not in the book).
    pub book: Vec<BookMove>,
    /// Positions in the book of this game (0: none loaded yet).
    pub book_positions: usize,
    /// The depth of the searches that scored the book's moves, when the book says it.
    pub book_depth: Option<u32>,
    /// The largest piece count up to which this game's tables are all loaded (0: none).
    pub table_pieces: u32,
    /// The pieces on the board.
    pub pieces: u32,
    /// `null` when the position is not in the loaded tables (or the game is over).
    pub tables: Option<TablesView>,
}
