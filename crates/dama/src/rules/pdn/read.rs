//! PDN text to game trees: every game of a file listed, each read whole on demand.

use super::lexer::{Lexer, RawGame, Tok, Token};
use super::tree::{GameTree, NodeId, TreeError};
use super::{find_tag, PdnError, MAX_DEPTH, MAX_GAMES, MAX_NAGS, MAX_TEXT_BYTES, RESULTS};
use crate::rules::game::Game;
use crate::rules::Variant;

/// One game of a [`PdnFile`] as listed: enough to choose it, and why it cannot be opened if
/// its moves do not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The game its `GameType` names (Italian when missing, or when not a game played here,
    /// which is then the error).
    pub variant: Variant,
    /// Moves on the main line, as written.
    pub plies: usize,
    /// The result token, else the `Result` tag, else `*`.
    pub result: String,
    /// Why the game cannot be read into a tree, if it cannot.
    pub error: Option<PdnError>,
    /// Where the game starts in the text: line, column, byte offset.
    start: (usize, usize, usize),
}

impl GameInfo {
    /// The value of a tag (names compared without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }
}

/// The games of a PDN text, listed at once and each read into a [`GameTree`] on demand, so
/// that a file of many games costs its text and a summary of each.
///
/// A text that cannot be split into games (an unclosed comment, a stray `}`, a bad tag; see
/// the bounds in the [module documentation](super)) is refused whole. A game whose moves do
/// not replay is still listed, with its [`error`](GameInfo::error).
///
/// ```
/// use dama::pdn::PdnFile;
/// let f = PdnFile::parse("[White \"Ann\"]\n1. 22-18 {good} 9-13 (10-14) *\n\n1. 22-17 *", dama::Variant::Italian).unwrap();
/// assert_eq!(f.len(), 2);
/// assert_eq!(f.games()[0].tag("White"), Some("Ann"));
/// assert!(f.games()[1].error.as_ref().unwrap().message.contains("22-17"));
/// let tree = f.tree(0).unwrap();
/// assert_eq!(tree.mainline().len(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct PdnFile {
    text: String,
    games: Vec<GameInfo>,
    /// The game of a game without a GameType tag.
    default: Variant,
}

fn too_big(len: usize) -> PdnError {
    PdnError {
        line: 0,
        column: 0,
        message: format!("the text is {len} bytes: at most {MAX_TEXT_BYTES} (8 MiB) are read"),
    }
}

pub(super) fn no_game() -> PdnError {
    PdnError {
        line: 0,
        column: 0,
        message: "no game found".into(),
    }
}

fn too_many(line: usize, column: usize) -> PdnError {
    PdnError {
        line,
        column,
        message: format!("more than {MAX_GAMES} games: at most {MAX_GAMES} are read"),
    }
}

/// The text without the byte-order mark some editors write, if it is within bounds.
pub(super) fn checked(text: &str) -> Result<&str, PdnError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(too_big(text.len()));
    }
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

impl PdnFile {
    /// Lists every game of a PDN text, checking each one's moves; a game without a GameType
    /// tag is one of `default` (a Brazilian board reads "1. c3-d4 f6-g5" as Brazilian).
    pub fn parse(text: &str, default: Variant) -> Result<PdnFile, PdnError> {
        let text = checked(text)?;
        let mut lexer = Lexer::new(text);
        let mut games = Vec::new();
        while let Some(raw) = lexer.game()? {
            if games.len() == MAX_GAMES {
                return Err(too_many(raw.line, raw.column));
            }
            let number = games.len() + 1;
            let (variant, error) = match build(&raw, number, default) {
                Ok(t) => (t.variant(), None),
                Err(e) => {
                    let v = find_tag(&raw.tags, "GameType")
                        .and_then(Variant::from_game_type)
                        .unwrap_or(default);
                    (v, Some(e))
                }
            };
            games.push(GameInfo {
                result: result_of(&raw),
                plies: raw.plies,
                variant,
                error,
                start: (raw.line, raw.column, raw.offset),
                tags: raw.tags,
            });
        }
        if games.is_empty() {
            return Err(no_game());
        }
        Ok(PdnFile {
            text: text.to_string(),
            games,
            default,
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there is no game (never, for a file that was read).
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games, in file order.
    pub fn games(&self) -> &[GameInfo] {
        &self.games
    }

    /// The text of game `i` (from 0) as the file writes it, from where the game starts to where
    /// the next one does: one game handed on without the others (the page parses a large file
    /// in a worker and passes the chosen game's text back).
    pub fn game_text(&self, i: usize) -> Option<&str> {
        let start = self.games.get(i)?.start.2;
        let end = self.games.get(i + 1).map_or(self.text.len(), |g| g.start.2);
        self.text.get(start..end)
    }

    /// Game `i` (from 0) read into a tree; its error if it has one.
    pub fn tree(&self, i: usize) -> Result<GameTree, PdnError> {
        let info = self.games.get(i).ok_or_else(|| PdnError {
            line: 0,
            column: 0,
            message: format!("no game {}: the file has {}", i + 1, self.games.len()),
        })?;
        if let Some(e) = &info.error {
            return Err(e.clone());
        }
        let (line, column, offset) = info.start;
        let raw = Lexer::at(&self.text, offset, line, column)
            .game()?
            .ok_or_else(no_game)?;
        build(&raw, i + 1, self.default)
    }
}

/// Reads every game of a PDN text into a tree, a game without a GameType tag being one of
/// `default`; the first game that does not read refuses the
/// whole text, its number, line and column in the error. Bounds: see the [module
/// documentation](super).
///
/// ```
/// let trees = dama::pdn::parse_trees("1. 22-18 9-13? $2 (1... 10-14! {better}) 2. 18x9 1-0", dama::Variant::Italian).unwrap();
/// let t = &trees[0];
/// let second = t.mainline()[2];
/// assert_eq!(t.node(second).unwrap().glyph(), "?");
/// assert_eq!(t.node(second).unwrap().nags(), [2]);
/// let first = t.mainline()[1];
/// let alt = t.node(first).unwrap().children()[1];
/// assert_eq!(t.node(alt).unwrap().text(), "10-14");
/// assert_eq!(t.node(alt).unwrap().comment(), Some("better"));
/// ```
pub fn parse_trees(text: &str, default: Variant) -> Result<Vec<GameTree>, PdnError> {
    let text = checked(text)?;
    let mut lexer = Lexer::new(text);
    let mut trees = Vec::new();
    while let Some(raw) = lexer.game()? {
        if trees.len() == MAX_GAMES {
            return Err(too_many(raw.line, raw.column));
        }
        trees.push(build(&raw, trees.len() + 1, default)?);
    }
    if trees.is_empty() {
        return Err(no_game());
    }
    Ok(trees)
}

/// Reads the first game of a PDN text whole into a tree, a game without a GameType tag being
/// one of `default`; the rest of the text is not read. The bounds of [`parse_trees`].
pub fn read_tree(text: &str, default: Variant) -> Result<GameTree, PdnError> {
    let raw = Lexer::new(checked(text)?).game()?.ok_or_else(no_game)?;
    build(&raw, 1, default)
}

/// The result token, else a `Result` tag that is one, else `*`.
fn result_of(raw: &RawGame) -> String {
    raw.result
        .as_deref()
        .or_else(|| find_tag(&raw.tags, "Result").filter(|r| RESULTS.contains(r)))
        .unwrap_or("*")
        .to_string()
}

/// Joins a comment to the one already in `slot`, if any.
fn join(slot: &mut Option<String>, text: String) {
    match slot {
        Some(s) => {
            s.push(' ');
            s.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

/// Reads a game's tokens into a tree, replaying every line from its branch point.
fn build(raw: &RawGame, number: usize, default: Variant) -> Result<GameTree, PdnError> {
    let game = super::start_game(&raw.tags, default).map_err(|m| PdnError {
        line: raw.line,
        column: raw.column,
        message: format!("game {number}: {m}"),
    })?;
    let tree = GameTree::with_tags(
        game.variant(),
        *game.start_position(),
        raw.tags.clone(),
        result_of(raw),
    );
    let mut b = Builder {
        tokens: &raw.tokens,
        next: 0,
        tree,
        game,
        number,
    };
    b.line(NodeId::ROOT, 0, None)?;
    Ok(b.tree)
}

struct Builder<'a> {
    tokens: &'a [Token],
    next: usize,
    tree: GameTree,
    /// The game along the line being read: moves are played going down a line and taken back
    /// on leaving it, so each variation replays from its branch point at no extra cost.
    game: Game,
    number: usize,
}

impl Builder<'_> {
    fn error(&self, t: &Token, message: impl core::fmt::Display) -> PdnError {
        PdnError {
            line: t.line,
            column: t.column,
            message: format!("game {}: {message}", self.number),
        }
    }

    fn node(&mut self, id: NodeId) -> &mut super::tree::Node {
        // Ids come from `add` in this build, and nothing is deleted while reading.
        self.tree.nodes[id.0 as usize]
            .as_mut()
            .expect("a node made by this build")
    }

    /// Reads a line whose first move is played from `from`, up to its `)` (a variation opened
    /// by `open`) or the end of the game, then takes its moves back.
    fn line(&mut self, from: NodeId, depth: usize, open: Option<&Token>) -> Result<(), PdnError> {
        let mut at = from;
        let mut last = None;
        // Whether a comment now goes after `last` (no variation or move number has followed
        // it yet).
        let mut after_last = false;
        // Whether a move number came before the first move: a comment after it is that move's,
        // not the game's.
        let mut numbered = false;
        // Comments for the next move, before it.
        let mut pending: Option<String> = None;
        let mut played = 0usize;
        loop {
            let Some(t) = self.tokens.get(self.next) else {
                if let Some(o) = open {
                    return Err(self.error(o, "this variation is never closed (missing ')')"));
                }
                break;
            };
            self.next += 1;
            match &t.tok {
                Tok::Move { body, glyph } => {
                    let id = self.play(at, body, t)?;
                    let n = self.node(id);
                    n.glyph = glyph.clone();
                    n.pre_comment = pending.take();
                    at = id;
                    last = Some(id);
                    after_last = true;
                    played += 1;
                }
                Tok::Number => {
                    after_last = false;
                    numbered = true;
                }
                Tok::Glyph(_) | Tok::Nag(_) => self.annotate(last, t)?,
                Tok::Comment(text) => {
                    let text = text.clone();
                    match last {
                        Some(l) if after_last && self.node(l).comment.is_none() => {
                            self.node(l).comment = Some(text)
                        }
                        None if depth == 0
                            && !numbered
                            && pending.is_none()
                            && self.node(NodeId::ROOT).comment.is_none() =>
                        {
                            self.node(NodeId::ROOT).comment = Some(text)
                        }
                        _ => join(&mut pending, text),
                    }
                }
                Tok::Open => {
                    self.variation(last, depth, t)?;
                    after_last = false;
                }
                Tok::Close => {
                    let Some(o) = open else {
                        return Err(self.error(t, "unexpected ')': no variation is open"));
                    };
                    if played == 0 {
                        return Err(self.error(o, "an empty variation"));
                    }
                    break;
                }
                Tok::Result(r) => {
                    return Err(self.error(
                        t,
                        format!("the result {r} inside a variation: a ')' is missing before it"),
                    ))
                }
                Tok::Tag(k, _) => {
                    return Err(self.error(t, format!("the tag {k} inside the moves")));
                }
            }
        }
        // Comments after the last move of a line stay with it.
        if let Some(p) = pending {
            let slot = last.unwrap_or(NodeId::ROOT);
            join(&mut self.node(slot).comment, p);
        }
        for _ in 0..played {
            self.game.undo();
        }
        Ok(())
    }

    /// An annotation or a NAG on the move before it, `last`.
    fn annotate(&mut self, last: Option<NodeId>, t: &Token) -> Result<(), PdnError> {
        match &t.tok {
            Tok::Glyph(g) => {
                let Some(l) = last else {
                    return Err(self.error(t, format!("the annotation {g} follows no move")));
                };
                let n = self.node(l);
                if !n.glyph.is_empty() {
                    return Err(self.error(t, format!("a second annotation {g} on one move")));
                }
                n.glyph = g.clone();
            }
            Tok::Nag(v) => {
                let Some(l) = last else {
                    return Err(self.error(t, format!("the NAG ${v} follows no move")));
                };
                let n = self.node(l);
                if n.nags.len() == MAX_NAGS {
                    return Err(self.error(t, format!("more than {MAX_NAGS} NAGs on one move")));
                }
                n.nags.push(*v);
            }
            _ => {}
        }
        Ok(())
    }

    /// The variation opened by `t`, replacing `last`: read from the position before it, then
    /// `last` played again.
    fn variation(&mut self, last: Option<NodeId>, depth: usize, t: &Token) -> Result<(), PdnError> {
        let Some(l) = last else {
            return Err(self.error(t, "a variation must follow the move it replaces"));
        };
        if depth + 1 > MAX_DEPTH {
            return Err(self.error(t, format!("variations nested more than {MAX_DEPTH} deep")));
        }
        let replaced = self.game.undo();
        let parent = self.node(l).parent.unwrap_or(NodeId::ROOT);
        self.line(parent, depth + 1, Some(t))?;
        if let Some(m) = replaced {
            self.game
                .play(&m)
                .map_err(|e| self.error(t, format!("cannot replay a move: {e}")))?;
        }
        Ok(())
    }

    /// Plays move text `body` after node `at` (the game is at `at`), adding its node.
    fn play(&mut self, at: NodeId, body: &str, t: &Token) -> Result<NodeId, PdnError> {
        let ply = self.game.ply() + (self.tree.start().turn() == crate::Color::Black) as usize;
        let number = ply / 2 + 1;
        let dots = if ply % 2 == 1 { "..." } else { "" };
        let legal = self.game.legal_moves();
        let m = self.game.play_text(body).map_err(|e| {
            let why = super::play_error(&self.game, e);
            self.error(t, format!("move {number}{dots} ({body}): {why}"))
        })?;
        self.tree
            .add(at, m, &legal, self.game.position())
            .map_err(|e| match e {
                TreeError::TooManyNodes => self.error(
                    t,
                    format!(
                        "more than {} moves and variations: at most that many are read",
                        super::MAX_NODES
                    ),
                ),
                e => self.error(t, e),
            })
    }
}
