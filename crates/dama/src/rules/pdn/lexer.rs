//! Characters to tokens, each with its place in the text, and tokens to games.

use super::{PdnError, MAX_TAGS, RESULTS};

/// A cursor over the text counting lines and columns (1-based, a column per character).
pub(super) struct Reader<'a> {
    text: &'a str,
    offset: usize,
    pub(super) line: usize,
    pub(super) column: usize,
}

impl<'a> Reader<'a> {
    /// A reader resuming at byte `offset`, known to be at `line` and `column`.
    pub(super) fn at(text: &'a str, offset: usize, line: usize, column: usize) -> Self {
        Reader {
            text,
            offset,
            line,
            column,
        }
    }

    pub(super) fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.text.get(self.offset..)?.chars().next()
    }

    pub(super) fn error(&self, line: usize, column: usize, message: String) -> PdnError {
        PdnError {
            line,
            column,
            message,
        }
    }
}

fn skip_line(r: &mut Reader<'_>) {
    while let Some(c) = r.next() {
        if c == '\n' {
            break;
        }
    }
}

/// Reads a tag after its `[`, through its `]`.
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

/// The characters of a move annotation written after the move (`!`, `?!`, ...).
pub(super) const GLYPH_CHARS: [char; 3] = ['!', '?', '+'];

/// What the tree reader sees of PDN text.
#[derive(Clone, Debug)]
pub(super) enum Tok {
    /// `[Name "value"]`.
    Tag(String, String),
    /// `{...}` or `;...` to the end of the line, trimmed, never empty.
    Comment(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `$n`.
    Nag(u8),
    /// A move text and the annotation glued to it (empty if none).
    Move { body: String, glyph: String },
    /// An annotation standing alone after its move.
    Glyph(String),
    /// A move number standing alone (`12.`, `12...`): its value is not kept, but it ends the
    /// place of a comment after the move before it.
    Number,
    /// A game result.
    Result(String),
}

/// A `;` comment's text, trimmed, to the end of its line (the newline is left for the
/// whitespace rule, which notes the line start).
fn line_comment(r: &mut Reader<'_>) -> String {
    r.next();
    let mut text = String::new();
    while let Some(c) = r.peek().filter(|&c| c != '\n') {
        text.push(c);
        r.next();
    }
    text.trim().to_string()
}

/// A `{...}` comment's text, trimmed; PDN comments do not nest.
fn braced_comment(r: &mut Reader<'_>, line: usize, column: usize) -> Result<String, PdnError> {
    r.next();
    let mut text = String::new();
    loop {
        match r.next() {
            Some('}') => return Ok(text.trim().to_string()),
            Some(c) => text.push(c),
            None => {
                return Err(r.error(
                    line,
                    column,
                    "this comment is never closed (missing '}')".into(),
                ))
            }
        }
    }
}

/// A NAG, `$` and a number 0-255.
fn nag(r: &mut Reader<'_>, line: usize, column: usize) -> Result<Tok, PdnError> {
    r.next();
    let mut digits = String::new();
    while let Some(d) = r.peek().filter(char::is_ascii_digit) {
        digits.push(d);
        r.next();
        if digits.len() > 3 {
            break;
        }
    }
    digits.parse::<u8>().map(Tok::Nag).map_err(|_| {
        r.error(
            line,
            column,
            "a NAG is '$' and a number from 0 to 255, as in $1".into(),
        )
    })
}

/// A word starting with `c`: a move with its annotation, a move number, an annotation alone
/// or a result.
fn word(r: &mut Reader<'_>, c: char, line: usize, column: usize) -> Result<Tok, PdnError> {
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
            &tok[i + 1..]
        }
        _ => tok.as_str(),
    };
    let bare = body.trim_end_matches(GLYPH_CHARS);
    let glyph = &body[bare.len()..];
    if RESULTS.contains(&bare) {
        return Ok(Tok::Result(bare.to_string()));
    }
    if bare.is_empty() {
        if glyph.is_empty() {
            return Ok(Tok::Number);
        }
        return Ok(Tok::Glyph(glyph.to_string()));
    }
    if is_move(bare) {
        return Ok(Tok::Move {
            body: bare.to_string(),
            glyph: glyph.to_string(),
        });
    }
    let shown: String = tok.chars().take(20).collect();
    Err(r.error(
        line,
        column,
        format!(
            "expected a move such as 22-18 or 22x13, a move number or a result, found {shown:?}"
        ),
    ))
}

/// A token and where it starts.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) offset: usize,
}

/// The tokens of one game: its tags apart, then its move text without the result.
#[derive(Debug)]
pub(super) struct RawGame {
    pub(super) tags: Vec<(String, String)>,
    pub(super) tokens: Vec<Token>,
    /// The result token, if the game ended with one.
    pub(super) result: Option<String>,
    /// Moves outside any variation, as written.
    pub(super) plies: usize,
    /// Where the game's first token starts: line, column, byte offset.
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) offset: usize,
}

pub(super) struct Lexer<'a> {
    r: Reader<'a>,
    at_line_start: bool,
    /// A tag read past the end of a game: the first token of the next.
    held: Option<Token>,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer::at(text, 0, 1, 1)
    }

    /// A lexer resuming at a token's place, as recorded in a [`RawGame`].
    pub(super) fn at(text: &'a str, offset: usize, line: usize, column: usize) -> Self {
        Lexer {
            r: Reader::at(text, offset, line, column),
            at_line_start: column == 1,
            held: None,
        }
    }

    /// The next token, or `None` at the end of the text.
    pub(super) fn token(&mut self) -> Result<Option<Token>, PdnError> {
        let r = &mut self.r;
        while let Some(c) = r.peek() {
            let (line, column, offset) = (r.line, r.column, r.offset);
            if c.is_whitespace() {
                self.at_line_start = c == '\n';
                r.next();
                continue;
            }
            let line_start = self.at_line_start;
            self.at_line_start = false;
            let at = |tok| {
                Ok(Some(Token {
                    tok,
                    line,
                    column,
                    offset,
                }))
            };
            match c {
                '%' if line_start => {
                    skip_line(r);
                    self.at_line_start = true;
                }
                ';' => {
                    let text = line_comment(r);
                    if !text.is_empty() {
                        return at(Tok::Comment(text));
                    }
                }
                '[' => {
                    r.next();
                    let (k, v) = read_tag(r, line, column)?;
                    return at(Tok::Tag(k, v));
                }
                '{' => {
                    let text = braced_comment(r, line, column)?;
                    if !text.is_empty() {
                        return at(Tok::Comment(text));
                    }
                }
                '(' => {
                    r.next();
                    return at(Tok::Open);
                }
                ')' => {
                    r.next();
                    return at(Tok::Close);
                }
                '$' => return at(nag(r, line, column)?),
                _ => return at(word(r, c, line, column)?),
            }
        }
        Ok(None)
    }

    /// The next game, split where [`parse`](super::parse) splits them: a result ends a game
    /// (outside variations), and so does a tag once moves have been read.
    pub(super) fn game(&mut self) -> Result<Option<RawGame>, PdnError> {
        let mut g = RawGame {
            tags: Vec::new(),
            tokens: Vec::new(),
            result: None,
            plies: 0,
            line: 0,
            column: 0,
            offset: 0,
        };
        let mut started = false;
        let mut in_moves = false;
        let mut depth = 0usize;
        loop {
            let t = match self.held.take() {
                Some(t) => t,
                None => match self.token()? {
                    Some(t) => t,
                    None => break,
                },
            };
            if !started {
                started = true;
                (g.line, g.column, g.offset) = (t.line, t.column, t.offset);
            }
            match t.tok {
                Tok::Tag(..) if in_moves => {
                    self.held = Some(t);
                    return Ok(Some(g));
                }
                Tok::Tag(k, v) => {
                    if g.tags.len() >= MAX_TAGS {
                        return Err(self.r.error(
                            t.line,
                            t.column,
                            format!("a game has more than {MAX_TAGS} tags"),
                        ));
                    }
                    g.tags.push((k, v));
                    continue;
                }
                Tok::Result(ref res) if depth == 0 => {
                    g.result = Some(res.clone());
                    return Ok(Some(g));
                }
                Tok::Move { .. } => {
                    in_moves = true;
                    g.plies += (depth == 0) as usize;
                }
                Tok::Open => depth += 1,
                Tok::Close => depth = depth.saturating_sub(1),
                _ => {}
            }
            g.tokens.push(t);
        }
        // Comments alone after the last game are no game.
        Ok((in_moves || !g.tags.is_empty()).then_some(g))
    }
}
