//! PDN (Portable Draughts Notation): whole games with tags, several to a file.
//!
//! One tokenizer (`lexer`) reads every text, with one set of bounds. [`parse`] and [`replay`]
//! keep each game's main line, leaving out comments `{...}` and `;...`, variations `(...)`,
//! NAGs `$n`, move numbers and move annotations (`!`, `?`). [`PdnFile`] and [`parse_trees`]
//! read each game whole into a [`GameTree`]: comments, variations, NAGs and annotations kept,
//! every move of every line checked, and [`GameTree::to_pdn`] writes it back. Results are `1-0 0-1 1/2-1/2 *` (and the
//! `2-0 0-2 1-1` forms some programs write).
//!
//! The bounds: a text of at most [`MAX_TEXT_BYTES`], [`MAX_GAMES`] games,
//! [`MAX_TAGS`] tags a game, [`MAX_NODES`] moves a game (all lines), variations nested at most
//! [`MAX_DEPTH`] deep and [`MAX_NAGS`] NAGs a move; past any of them the text is refused.

mod lexer;
mod read;
mod tree;
mod write;

pub use read::{parse_trees, read_tree, GameInfo, PdnFile};
pub use tree::{GameTree, Node, NodeId, TreeError};
pub use write::write_trees;

use crate::rules::game::Game;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::Variant;
use core::fmt;
use lexer::{Lexer, RawGame, Tok};

/// One game as read from PDN text, before its moves are checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Move texts in order.
    pub moves: Vec<String>,
    /// The result token, if given.
    pub result: Option<String>,
}

impl PdnGame {
    /// The value of a tag (names compared without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }
}

/// The value of tag `name` (compared without case) among `tags`.
fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// The longest text the tree reader takes: 8 MiB.
pub const MAX_TEXT_BYTES: usize = 8 << 20;
/// The most games the tree reader takes from one text.
pub const MAX_GAMES: usize = 10_000;
/// The most tags the tree reader takes in one game.
pub const MAX_TAGS: usize = 1_000;
/// The most nodes of one game tree, the start position included: every move of every line.
pub const MAX_NODES: usize = 100_000;
/// The deepest nesting of variations: a variation inside a variation is depth 2.
pub const MAX_DEPTH: usize = 64;
/// The most NAGs one move carries.
pub const MAX_NAGS: usize = 8;
/// The longest comment an edit may set, in bytes (comments read from text are bounded by the
/// text alone).
pub const MAX_COMMENT_BYTES: usize = 16 << 10;
/// The longest tag value an edit may set, in bytes.
pub const MAX_TAG_VALUE_BYTES: usize = 1 << 10;
/// The longest tag name an edit may set, in characters.
pub const MAX_TAG_NAME_CHARS: usize = 64;

/// Why PDN text was refused: what and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// Line, from 1 (0 when not tied to a place in the text).
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "bad PDN at line {}, column {}: {}",
                self.line, self.column, self.message
            )
        } else {
            write!(f, "bad PDN: {}", self.message)
        }
    }
}

impl std::error::Error for PdnError {}

/// Every result token read; a game ends at one.
const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"];

/// Reads every game in a PDN text.
///
/// ```
/// let games = dama::pdn::parse("[GameType \"22\"]\n1. 22-18 {good} 9-13 2. 18x9 1-0\n\n1. 21-17 *").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves, vec!["22-18", "9-13", "18x9"]);
/// assert_eq!(games[0].result.as_deref(), Some("1-0"));
/// ```
pub fn parse(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    parse_games(text, usize::MAX)
}

/// Reads the games of a PDN text up to `limit` of them, each game's main line: the text past
/// the last one wanted is not read (a large file's first game costs only that game). The same
/// tokenizer as the tree reader's, with its bounds.
fn parse_games(text: &str, limit: usize) -> Result<Vec<PdnGame>, PdnError> {
    let mut lexer = Lexer::new(read::checked(text)?);
    let mut games = Vec::new();
    while games.len() < limit {
        let Some(raw) = lexer.game()? else {
            break;
        };
        games.push(main_line(raw)?);
    }
    if games.is_empty() {
        return Err(read::no_game());
    }
    Ok(games)
}

/// A game's tags, result and the moves outside every variation, in order; a variation still
/// open at the game's end is refused where it opens.
fn main_line(raw: RawGame) -> Result<PdnGame, PdnError> {
    let mut open = Vec::new();
    let mut moves = Vec::with_capacity(raw.plies);
    for t in raw.tokens {
        match t.tok {
            Tok::Open => open.push((t.line, t.column)),
            Tok::Close if open.pop().is_none() => {
                return Err(PdnError {
                    line: t.line,
                    column: t.column,
                    message: "unexpected ')': no variation is open".into(),
                });
            }
            Tok::Move { body, .. } if open.is_empty() => moves.push(body),
            _ => {}
        }
    }
    if let Some(&(line, column)) = open.first() {
        return Err(PdnError {
            line,
            column,
            message: "this variation is never closed (missing ')')".into(),
        });
    }
    Ok(PdnGame {
        tags: raw.tags,
        moves,
        result: raw.result,
    })
}

/// Replays a parsed game: the game type chooses the game (22 Italian, 26 Brazilian; `default`
/// when the tag is missing), then the FEN is set up and every move played; a decided result on
/// a game not over on the board is taken as a resignation or an agreed draw.
///
/// ```
/// let games = dama::pdn::parse("1. 22-18 9-13 2. 18x9 *").unwrap();
/// let game = dama::pdn::replay(&games[0], dama::Variant::Italian).unwrap();
/// assert_eq!(game.ply(), 3);
/// ```
pub fn replay(p: &PdnGame, default: Variant) -> Result<Game, PdnError> {
    let plain = |message: String| PdnError {
        line: 0,
        column: 0,
        message,
    };
    let mut game = start_game(&p.tags, default).map_err(plain)?;
    for m in &p.moves {
        let number = game.ply() / 2 + 1;
        if let Err(e) = game.play_text(m) {
            return Err(plain(format!(
                "move {number} ({m}): {}",
                play_error(&game, e)
            )));
        }
    }
    // A decided result on a game still open on the board was a resignation or an agreed draw.
    declare_result(
        &mut game,
        p.result.as_deref().or(p.tag("Result")).unwrap_or("*"),
    );
    Ok(game)
}

/// The game a game's tags set up: the game type chooses the game (22 Italian, 26 Brazilian;
/// `default` when the tag is missing), then the FEN tag, if any, the position.
fn start_game(tags: &[(String, String)], default: Variant) -> Result<Game, String> {
    let variant = match find_tag(tags, "GameType") {
        None => default,
        Some(t) => Variant::from_game_type(t).ok_or_else(|| {
            let kind: String = t
                .split(',')
                .next()
                .unwrap_or("")
                .trim()
                .chars()
                .take(12)
                .collect();
            format!(
                "GameType {kind} is not a game this program plays: Italian draughts (GameType \
                 22) or Brazilian draughts (GameType 26)"
            )
        })?,
    };
    match find_tag(tags, "FEN") {
        Some(f) => {
            Game::from_fen(variant, f.trim_matches('"')).map_err(|e| format!("FEN tag: {e}"))
        }
        None => Ok(Game::new(variant)),
    }
}

/// Why a move could not be played in `game`, in the words of its rules, with the legal moves
/// when the move was not one of them.
fn play_error(game: &Game, e: crate::PlayError) -> String {
    let variant = game.variant();
    let legal = game.legal_moves();
    let texts: Vec<String> = legal
        .iter()
        .map(|l| crate::rules::notation::move_text_among(variant, &legal, l))
        .collect();
    let hint = match &e {
        crate::PlayError::Illegal(_) => format!("; legal moves: {}", texts.join(" ")),
        _ => String::new(),
    };
    format!("{e}{hint}")
}

/// Reads the first game of a PDN text and replays it, a game without a GameType tag being one
/// of `default`; the rest of the text is not read.
///
/// ```
/// // The second game is never looked at, so its bad move does not matter.
/// let g = dama::pdn::read_game("1. 22-18 9-13 *\n\n1. 22-17 *", dama::Variant::Italian).unwrap();
/// assert_eq!(g.ply(), 2);
/// ```
pub fn read_game(text: &str, default: Variant) -> Result<Game, PdnError> {
    replay(&parse_first(text)?, default)
}

/// Reads the first game of a PDN text, its tags and moves unchecked; the rest of the text is
/// not read.
pub fn parse_first(text: &str) -> Result<PdnGame, PdnError> {
    let mut games = parse_games(text, 1)?;
    Ok(games.swap_remove(0))
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PDN: the given tags, then the game type (22 Italian, 26 Brazilian), the
/// set-up FEN when the game did not start from the standard position, the result, and the
/// numbered moves in the game's notation. The game's moves become a tree's main line, which
/// [`GameTree::to_pdn`] writes: one writer for both.
pub fn write_game(game: &Game, tags: &[(String, String)]) -> String {
    let mut tree = GameTree::for_game(game, tags);
    let mut at = NodeId::ROOT;
    for (i, m) in game.moves().enumerate() {
        let (Some(before), Some(after)) = (game.position_at(i), game.position_at(i + 1)) else {
            break;
        };
        // The game's own moves: the parent is the last node added, which exists.
        match tree.attach(at, *m, &before.legal_moves(), after) {
            Ok(id) => at = id,
            Err(_) => break,
        }
    }
    tree.to_pdn()
}

impl GameTree {
    /// A tree of `game`'s start with no moves, its result the game's: the tags are `tags` in
    /// order (names cleaned to letters, digits and `_`; the game's own `GameType`, `Result`,
    /// `SetUp` and `FEN` left out), then `Result`, `GameType`, and `SetUp` and `FEN` when the
    /// game did not start from the standard position.
    pub(crate) fn for_game(game: &Game, tags: &[(String, String)]) -> GameTree {
        let result = match game.result() {
            Some(r) => r.pdn(),
            None => "*",
        };
        let own = ["GameType", "Result", "SetUp", "FEN"];
        let mut all: Vec<(String, String)> = tags
            .iter()
            .filter(|(k, _)| !own.iter().any(|o| o.eq_ignore_ascii_case(k)))
            .map(|(k, v)| {
                let name: String = k
                    .chars()
                    .filter(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                (name, v.clone())
            })
            .filter(|(name, _)| !name.is_empty())
            .collect();
        let variant = game.variant();
        all.push(("Result".into(), result.into()));
        all.push(("GameType".into(), variant.game_type().to_string()));
        let start = *game.start_position();
        if start != Position::start(variant) {
            all.push(("SetUp".into(), "1".into()));
            all.push(("FEN".into(), crate::rules::fen::write(&start)));
        }
        GameTree::with_tags(variant, start, all, result.into())
    }
}

/// Takes a decided result on a game still open on the board as a resignation or an agreed
/// draw: what a PDN result says of a game whose moves do not end it.
pub(crate) fn declare_result(game: &mut Game, result: &str) {
    if game.result().is_none() {
        match result {
            "1-0" | "2-0" => game.resign(Color::Black),
            "0-1" | "0-2" => game.resign(Color::White),
            "1/2-1/2" | "1-1" => game.agree_draw(),
            _ => {}
        }
    }
}

/// Whether two result tokens say the same (`2-0` is `1-0`, `1-1` a draw, `0-0` unfinished:
/// the forms some Brazilian programs write).
pub(crate) fn same_result(a: &str, b: &str) -> bool {
    fn plain(r: &str) -> &str {
        match r {
            "2-0" => "1-0",
            "0-2" => "0-1",
            "1-1" => "1/2-1/2",
            "0-0" => "*",
            r => r,
        }
    }
    plain(a) == plain(b)
}
