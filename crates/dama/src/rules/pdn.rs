//! PDN (Portable Draughts Notation): whole games with tags, several to a file.
//!
//! Reading skips comments `{...}` and `;...`, variations `(...)`, NAGs `$n`, move numbers and
//! move annotations (`!`, `?`); results are `1-0 0-1 1/2-1/2 *` (and the `2-0 0-2 1-1`
//! forms some programs write).

use crate::game::Game;
use crate::position::Position;
use crate::rules::Variant;
use crate::square::Color;
use core::fmt;

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
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

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

struct Reader<'a> {
    chars: core::iter::Peekable<core::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn error(&self, line: usize, column: usize, message: String) -> PdnError {
        PdnError {
            line,
            column,
            message,
        }
    }
}

const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"];

/// A move token: numbered squares (`22-18`) or algebraic ones (`c3xe5`, Brazilian).
fn is_move(t: &str) -> bool {
    let mut parts = 0;
    for p in t.split(['-', 'x', 'X', ':']) {
        let b = p.as_bytes();
        let number = !b.is_empty() && b.len() <= 2 && b.iter().all(|c| c.is_ascii_digit());
        let named = b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]);
        if !number && !named {
            return false;
        }
        parts += 1;
    }
    parts >= 2
}

/// Reads every game in a PDN text.
///
/// ```
/// let games = dama::pdn::parse("[GameType \"22\"]\n1. 22-18 {good} 9-13 2. 18x9 1-0\n\n1. 21-17 *").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves, vec!["22-18", "9-13", "18x9"]);
/// assert_eq!(games[0].result.as_deref(), Some("1-0"));
/// ```
pub fn parse(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    // A byte-order mark, as some Windows editors write, is not part of the game.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut games = Vec::new();
    let mut g = PdnGame::default();
    let mut in_moves = false;
    let mut at_line_start = true;
    while let Some(c) = r.peek() {
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

fn skip_line(r: &mut Reader<'_>) {
    while let Some(c) = r.next() {
        if c == '\n' {
            break;
        }
    }
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

fn read_tag(r: &mut Reader<'_>, line: usize, column: usize) -> Result<(String, String), PdnError> {
    let mut name = String::new();
    while r.peek().is_some_and(|c| c.is_whitespace()) {
        r.next();
    }
    while let Some(c) = r.peek() {
        if c.is_alphanumeric() || c == '_' {
            name.push(c);
            r.next();
        } else {
            break;
        }
    }
    if name.is_empty() {
        return Err(r.error(
            line,
            column,
            "a tag must start with a name, as in [Event \"...\"]".into(),
        ));
    }
    while r.peek().is_some_and(|c| c.is_whitespace()) {
        r.next();
    }
    if r.next() != Some('"') {
        return Err(r.error(line, column, format!("the tag {name} needs a quoted value")));
    }
    let mut value = String::new();
    loop {
        match r.next() {
            None => {
                return Err(r.error(
                    line,
                    column,
                    format!("the value of tag {name} is never closed"),
                ))
            }
            Some('\\') => {
                if let Some(c) = r.next() {
                    value.push(c);
                }
            }
            Some('"') => break,
            Some(c) => value.push(c),
        }
    }
    while r.peek().is_some_and(|c| c.is_whitespace()) {
        r.next();
    }
    if r.next() != Some(']') {
        return Err(r.error(
            line,
            column,
            format!("the tag {name} is not closed with ']'"),
        ));
    }
    Ok((name, value))
}

/// Replays a parsed game: the game type chooses the game (22 Italian, the default when the tag
/// is missing; 26 Brazilian), then the FEN is set up and every move played; a decided result on
/// a game not over on the board is taken as a resignation or an agreed draw.
///
/// ```
/// let games = dama::pdn::parse("1. 22-18 9-13 2. 18x9 *").unwrap();
/// let game = dama::pdn::replay(&games[0]).unwrap();
/// assert_eq!(game.ply(), 3);
/// ```
pub fn replay(p: &PdnGame) -> Result<Game, PdnError> {
    let plain = |message: String| PdnError {
        line: 0,
        column: 0,
        message,
    };
    let variant = match p.tag("GameType") {
        None => Variant::Italian,
        Some(t) => Variant::from_game_type(t).ok_or_else(|| {
            let kind: String = t
                .split(',')
                .next()
                .unwrap_or("")
                .trim()
                .chars()
                .take(12)
                .collect();
            plain(format!(
                "GameType {kind} is not a game this program plays: Italian draughts (GameType \
                 22) or Brazilian draughts (GameType 26)"
            ))
        })?,
    };
    let mut game = match p.tag("FEN") {
        Some(f) => Game::from_fen_in(variant, f.trim_matches('"'))
            .map_err(|e| plain(format!("FEN tag: {e}")))?,
        None => Game::with_variant(variant),
    };
    for m in &p.moves {
        let number = game.ply() / 2 + 1;
        if let Err(e) = game.play_text(m) {
            let legal = game.legal_moves();
            let texts: Vec<String> = legal
                .iter()
                .map(|l| crate::notation::text_for(variant, &legal, l))
                .collect();
            let hint = match &e {
                crate::PlayError::Illegal(_) => format!("; legal moves: {}", texts.join(" ")),
                _ => String::new(),
            };
            let e = match e {
                crate::PlayError::Illegal(i) => format!("not legal: {}", i.describe(variant)),
                e => e.to_string(),
            };
            return Err(plain(format!("move {number} ({m}): {e}{hint}")));
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

/// Reads the first game of a PDN text and replays it.
pub fn read_game(text: &str) -> Result<Game, PdnError> {
    let games = parse(text)?;
    replay(&games[0])
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
            crate::fen::write_in(variant, start)
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
