//! PDN (Portable Draughts Notation): whole games with tags, several to a file.
//!
//! Two readers share one grammar. [`parse`] and [`replay`] read the moves of each game's main
//! line, skipping comments `{...}` and `;...`, variations `(...)`, NAGs `$n`, move numbers and
//! move annotations (`!`, `?`). [`PdnFile`] and [`parse_trees`] read each game whole into a
//! [`GameTree`]: comments, variations, NAGs and annotations kept, every move of every line
//! checked, and [`GameTree::to_pdn`] writes it back. Results are `1-0 0-1 1/2-1/2 *` (and the
//! `2-0 0-2 1-1` forms some programs write).
//!
//! The tree reader's bounds: a text of at most [`MAX_TEXT_BYTES`], [`MAX_GAMES`] games,
//! [`MAX_TAGS`] tags a game, [`MAX_NODES`] moves a game (all lines), variations nested at most
//! [`MAX_DEPTH`] deep and [`MAX_NAGS`] NAGs a move; past any of them the text is refused.

mod lexer;
mod read;
mod tree;
mod write;

pub use read::{parse_trees, GameInfo, PdnFile};
pub use tree::{GameTree, Node, NodeId, TreeError};
pub use write::write_trees;

use crate::rules::game::Game;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::Variant;
use core::fmt;
use lexer::{is_move, read_tag, skip_line, Reader};

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
/// let games = dama::rules::pdn::parse("[GameType \"22\"]\n1. 22-18 {good} 9-13 2. 18x9 1-0\n\n1. 21-17 *").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves, vec!["22-18", "9-13", "18x9"]);
/// assert_eq!(games[0].result.as_deref(), Some("1-0"));
/// ```
pub fn parse(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    parse_games(text, usize::MAX)
}

/// Reads the games of a PDN text up to `limit` of them: the text past the last one wanted is
/// not read (a large file's first game costs only that game). Texts over [`MAX_TEXT_BYTES`]
/// are refused, whatever is wanted of them.
fn parse_games(text: &str, limit: usize) -> Result<Vec<PdnGame>, PdnError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(PdnError {
            line: 0,
            column: 0,
            message: format!(
                "the text is {} bytes: at most {MAX_TEXT_BYTES} (8 MiB) are read",
                text.len()
            ),
        });
    }
    // A byte-order mark, as some Windows editors write, is not part of the game.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader::new(text);
    let mut games = Vec::new();
    let mut g = PdnGame::default();
    let mut in_moves = false;
    let mut at_line_start = true;
    while let Some(c) = r.peek() {
        if games.len() >= limit {
            break;
        }
        let (line, column) = (r.line, r.column);
        if c.is_whitespace() {
            at_line_start = c == '\n';
            r.next();
            continue;
        }
        let line_start = at_line_start;
        at_line_start = false;
        match c {
            '%' if line_start => skip_line(&mut r),
            ';' => skip_line(&mut r),
            '[' => {
                if in_moves || g.result.is_some() {
                    games.push(core::mem::take(&mut g));
                    in_moves = false;
                }
                r.next();
                g.tags.push(read_tag(&mut r, line, column)?);
            }
            '{' => skip_until(&mut r, '{', '}', line, column, "comment")?,
            '(' => skip_until(&mut r, '(', ')', line, column, "variation")?,
            '$' => {
                r.next();
                while r.peek().is_some_and(|c| c.is_ascii_digit()) {
                    r.next();
                }
            }
            _ => {
                let mut tok = String::new();
                while let Some(c) = r.peek() {
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        break;
                    }
                    tok.push(c);
                    r.next();
                    if tok.len() > 80 {
                        return Err(r.error(line, column, "a token is far too long".into()));
                    }
                }
                if tok.is_empty() {
                    r.next();
                    return Err(r.error(line, column, format!("unexpected {c:?}")));
                }
                // A move number may be glued to the move: "1.22-18".
                let body = match tok.rfind('.') {
                    Some(i)
                        if tok[..i]
                            .trim_end_matches('.')
                            .bytes()
                            .all(|b| b.is_ascii_digit()) =>
                    {
                        tok[i + 1..].to_string()
                    }
                    _ => tok.clone(),
                };
                let body = body.trim_end_matches(['!', '?', '+']);
                if body.is_empty() {
                    continue;
                }
                if RESULTS.contains(&body) {
                    g.result = Some(body.to_string());
                    games.push(core::mem::take(&mut g));
                    in_moves = false;
                } else if is_move(body) {
                    g.moves.push(body.to_string());
                    in_moves = true;
                } else {
                    let shown: String = tok.chars().take(20).collect();
                    return Err(r.error(
                        line,
                        column,
                        format!("expected a move such as 22-18 or 22x13, a move number or a result, found {shown:?}"),
                    ));
                }
            }
        }
    }
    if in_moves || !g.tags.is_empty() {
        games.push(g);
    }
    if games.is_empty() {
        return Err(PdnError {
            line: 0,
            column: 0,
            message: "no game found".into(),
        });
    }
    Ok(games)
}

fn skip_until(
    r: &mut Reader<'_>,
    open: char,
    close: char,
    line: usize,
    column: usize,
    what: &str,
) -> Result<(), PdnError> {
    let mut depth = 0usize;
    while let Some(c) = r.next() {
        // Inside a variation, a comment is text: a bracket in it neither opens nor closes one.
        if open == '(' && c == '{' {
            skip_until_comment_end(r, line, column)?;
            continue;
        }
        if open == '(' && c == ';' {
            skip_line(r);
            continue;
        }
        if c == open && (open == '(' || depth == 0) {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Ok(());
            }
        }
    }
    Err(r.error(
        line,
        column,
        format!("this {what} is never closed (missing '{close}')"),
    ))
}

/// Past the `}` of a comment whose `{` was just read (PDN comments do not nest).
fn skip_until_comment_end(r: &mut Reader<'_>, line: usize, column: usize) -> Result<(), PdnError> {
    while let Some(c) = r.next() {
        if c == '}' {
            return Ok(());
        }
    }
    Err(r.error(
        line,
        column,
        "a comment in this variation is never closed (missing '}')".into(),
    ))
}

/// Replays a parsed game: the game type chooses the game (22 Italian, the default when the tag
/// is missing; 26 Brazilian), then the FEN is set up and every move played; a decided result on
/// a game not over on the board is taken as a resignation or an agreed draw.
///
/// ```
/// let games = dama::rules::pdn::parse("1. 22-18 9-13 2. 18x9 *").unwrap();
/// let game = dama::rules::pdn::replay(&games[0]).unwrap();
/// assert_eq!(game.ply(), 3);
/// ```
pub fn replay(p: &PdnGame) -> Result<Game, PdnError> {
    let plain = |message: String| PdnError {
        line: 0,
        column: 0,
        message,
    };
    let mut game = start_game(&p.tags, Variant::Italian).map_err(plain)?;
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
    if game.result().is_none() {
        match p.result.as_deref().or(p.tag("Result")) {
            Some("1-0" | "2-0") => game.resign(Color::Black),
            Some("0-1" | "0-2") => game.resign(Color::White),
            Some("1/2-1/2" | "1-1") => game.agree_draw(),
            _ => {}
        }
    }
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
            Game::from_fen_in(variant, f.trim_matches('"')).map_err(|e| format!("FEN tag: {e}"))
        }
        None => Ok(Game::with_variant(variant)),
    }
}

/// Why a move could not be played in `game`, in the words of its rules, with the legal moves
/// when the move was not one of them.
fn play_error(game: &Game, e: crate::PlayError) -> String {
    let variant = game.variant();
    let legal = game.legal_moves();
    let texts: Vec<String> = legal
        .iter()
        .map(|l| crate::rules::notation::text_for(variant, &legal, l))
        .collect();
    let hint = match &e {
        crate::PlayError::Illegal(_) => format!("; legal moves: {}", texts.join(" ")),
        _ => String::new(),
    };
    let e = match e {
        crate::PlayError::Illegal(i) => format!("not legal: {}", i.describe(variant)),
        e => e.to_string(),
    };
    format!("{e}{hint}")
}

/// Reads the first game of a PDN text and replays it; the rest of the text is not read.
///
/// ```
/// // The second game is never looked at, so its bad move does not matter.
/// let g = dama::rules::pdn::read_game("1. 22-18 9-13 *\n\n1. 22-17 *").unwrap();
/// assert_eq!(g.ply(), 2);
/// ```
pub fn read_game(text: &str) -> Result<Game, PdnError> {
    replay(&parse_first(text)?)
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
/// numbered moves in the game's notation.
pub fn write_game(game: &Game, tags: &[(String, String)]) -> String {
    let result = match game.result() {
        Some(r) => r.pdn(),
        None => "*",
    };
    let own = ["GameType", "Result", "SetUp", "FEN"];
    let mut out = String::new();
    for (k, v) in tags {
        if own.iter().any(|o| o.eq_ignore_ascii_case(k)) {
            continue;
        }
        let name: String = k
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        out.push_str(&format!("[{name} \"{}\"]\n", escape(v)));
    }
    let variant = game.variant();
    out.push_str(&format!(
        "[Result \"{result}\"]\n[GameType \"{}\"]\n",
        variant.game_type()
    ));
    let start = game.start_position();
    if *start != Position::start() {
        out.push_str(&format!(
            "[SetUp \"1\"]\n[FEN \"{}\"]\n",
            crate::rules::fen::write_in(variant, start)
        ));
    }
    out.push('\n');
    // Numbered moves, then the result, wrapped before 80 columns.
    let mut tokens = Vec::new();
    let mut number = 1;
    let mut turn = start.turn();
    for (i, text) in game.move_texts().iter().enumerate() {
        tokens.push(match turn {
            Color::White => format!("{number}. {text}"),
            Color::Black if i == 0 => format!("{number}... {text}"),
            Color::Black => text.clone(),
        });
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.opposite();
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for tok in tokens {
        if !line.is_empty() && line.len() + tok.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&tok);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
