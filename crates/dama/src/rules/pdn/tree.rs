//! A game with its variations, comments and annotations, and the edits a page makes to it.

use super::lexer::GLYPH_CHARS;
use super::{
    find_tag, MAX_COMMENT_BYTES, MAX_DEPTH, MAX_NAGS, MAX_NODES, MAX_TAGS, MAX_TAG_NAME_CHARS,
    MAX_TAG_VALUE_BYTES, RESULTS,
};
use crate::rules::game::{Game, PlayError};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::Variant;
use core::fmt;

/// A node of a [`GameTree`]: an index into it, stable for the tree's life.
///
/// Ids are never reused: a deleted node's id stays dead (every call naming it is refused with
/// [`TreeError::NoNode`]) and a new node gets a new id, so a tree hands out at most
/// [`MAX_NODES`](super::MAX_NODES) ids, the deleted included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One position of a [`GameTree`] and the move that reached it.
#[derive(Clone, Debug)]
pub struct Node {
    pub(super) parent: Option<NodeId>,
    pub(super) children: Vec<NodeId>,
    pub(super) mv: Option<Move>,
    pub(super) text: String,
    pub(super) position: Position,
    pub(super) ply: u32,
    pub(super) nags: Vec<u8>,
    pub(super) glyph: String,
    pub(super) pre_comment: Option<String>,
    pub(super) comment: Option<String>,
}

impl Node {
    /// The node this move was played from (`None` for the root).
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The moves played from here: the first is the main continuation, the others its
    /// variations in order.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// The move (`None` for the root).
    pub fn mv(&self) -> Option<&Move> {
        self.mv.as_ref()
    }

    /// The move in the game's standard notation (`22-18`, `c3xe5`; empty for the root).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The position after the move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves from the start to here (0 for the root).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The NAGs (`$n`) after the move, in order.
    pub fn nags(&self) -> &[u8] {
        &self.nags
    }

    /// The annotation written after the move (`!`, `?!`, ...; empty if none).
    pub fn glyph(&self) -> &str {
        &self.glyph
    }

    /// The comment before the move (at the start of a variation, or after another comment).
    pub fn pre_comment(&self) -> Option<&str> {
        self.pre_comment.as_deref()
    }

    /// The comment after the move; on the root, the game comment before the first move.
    pub fn comment(&self) -> Option<&str> {
        self.comment.as_deref()
    }
}

/// Why an edit of a [`GameTree`] was refused; the tree is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// No live node has this id (never made, or deleted).
    NoNode(NodeId),
    /// The edit needs a move, and the root is the start position.
    Root,
    /// The move cannot be played there.
    Play(PlayError),
    /// The tree already holds [`MAX_NODES`] ids.
    TooManyNodes,
    /// The new line would nest variations deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A comment that cannot be stored: too long, or holding `}`.
    Comment(String),
    /// An annotation other than one to four of `!`, `?`, `+`.
    Glyph(String),
    /// More than [`MAX_NAGS`] NAGs.
    Nags(usize),
    /// A tag that cannot be set, and why.
    Tag(String),
    /// A result other than `1-0 0-1 1/2-1/2 *` (or `2-0 0-2 1-1 0-0`).
    Result(String),
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoNode(id) => write!(f, "there is no node {id} (never made, or deleted)"),
            TreeError::Root => f.write_str("the start position has no move to edit"),
            TreeError::Play(e) => write!(f, "{e}"),
            TreeError::TooManyNodes => write!(
                f,
                "the game holds {MAX_NODES} moves and variations, the most it can"
            ),
            TreeError::TooDeep => {
                write!(f, "variations cannot be nested more than {MAX_DEPTH} deep")
            }
            TreeError::Comment(why) => write!(f, "comment refused: {why}"),
            TreeError::Glyph(g) => write!(
                f,
                "annotation {:?} refused: one to four of '!', '?' and '+', such as !? or ??",
                g.chars().take(12).collect::<String>()
            ),
            TreeError::Nags(n) => write!(f, "{n} NAGs: a move takes at most {MAX_NAGS}"),
            TreeError::Tag(why) => write!(f, "tag refused: {why}"),
            TreeError::Result(r) => write!(
                f,
                "result {:?} refused: 1-0, 0-1, 1/2-1/2 or *",
                r.chars().take(12).collect::<String>()
            ),
        }
    }
}

impl std::error::Error for TreeError {}

/// A whole game as PDN holds it: tags, the start position, the moves with their variations,
/// comments, NAGs and annotations, and the result.
///
/// The root is the start position; every other node is a move and the position after it.
/// A node's first child is the main continuation and the others are variations, alternatives
/// to the first, in order.
///
/// ```
/// use dama::pdn::{GameTree, NodeId};
/// use dama::Variant;
/// let mut t = GameTree::new(dama::Position::start(Variant::Italian));
/// let a = t.play_text(NodeId::ROOT, "22-18").unwrap();
/// let b = t.play_text(NodeId::ROOT, "21-17").unwrap(); // a variation to 22-18
/// assert_eq!(t.play_text(NodeId::ROOT, "22-18").unwrap(), a); // already there
/// t.set_comment(b, Some("also good".into())).unwrap();
/// assert_eq!(t.mainline(), vec![NodeId::ROOT, a]);
/// assert!(t.promote(b).unwrap());
/// assert_eq!(t.mainline(), vec![NodeId::ROOT, b]);
/// assert!(t.to_pdn().contains("1. 21-17 {also good} (1. 22-18) *"));
/// let mut g = t.game_at(b).unwrap();
/// g.play_text("10-14").unwrap(); // play on from any move
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    pub(super) tags: Vec<(String, String)>,
    pub(super) variant: Variant,
    pub(super) start: Position,
    pub(super) result: String,
    /// Indexed by [`NodeId`]; `None` where a node was deleted.
    pub(super) nodes: Vec<Option<Node>>,
    pub(super) live: usize,
}

/// Trims a comment and drops it when empty.
fn clean(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

impl GameTree {
    /// A game from `start`, of its game, with no moves: tags `Result "*"` and `GameType`, and
    /// `SetUp "1"` with the `FEN` when `start` is not the standard start.
    pub fn new(start: Position) -> GameTree {
        let variant = start.variant();
        let mut tags = vec![
            ("Result".to_string(), "*".to_string()),
            ("GameType".to_string(), variant.game_type().to_string()),
        ];
        if start != Position::start(variant) {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), crate::rules::fen::write(&start)));
        }
        GameTree::with_tags(variant, start, tags, "*".into())
    }

    /// A game of `variant` from a FEN in its numbering.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<GameTree, crate::fen::FenError> {
        Ok(GameTree::new(crate::rules::fen::parse(variant, fen)?))
    }

    pub(super) fn with_tags(
        variant: Variant,
        start: Position,
        tags: Vec<(String, String)>,
        result: String,
    ) -> GameTree {
        let root = Node {
            parent: None,
            children: Vec::new(),
            mv: None,
            text: String::new(),
            position: start,
            ply: 0,
            nags: Vec::new(),
            glyph: String::new(),
            pre_comment: None,
            comment: None,
        };
        GameTree {
            tags,
            variant,
            start,
            result,
            nodes: vec![Some(root)],
            live: 1,
        }
    }

    /// The game played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The start position in FEN, in the game's numbering.
    pub fn start_fen(&self) -> String {
        crate::rules::fen::write(&self.start)
    }

    /// The tags in order, as read or set.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of a tag (names compared without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets tag `name` to `value` (in place if present, else last), or removes it for `None`.
    /// Names are letters, digits and `_`, at most [`MAX_TAG_NAME_CHARS`]; values at most
    /// [`MAX_TAG_VALUE_BYTES`]; a game has at most [`MAX_TAGS`] tags. `GameType`, `SetUp` and
    /// `FEN` describe the tree's game and start and cannot be set; `Result` is set through
    /// [`set_result`](GameTree::set_result).
    pub fn set_tag(&mut self, name: &str, value: Option<&str>) -> Result<(), TreeError> {
        let bad = |why: String| Err(TreeError::Tag(why));
        let shown: String = name.chars().take(20).collect();
        if name.is_empty()
            || name.chars().count() > MAX_TAG_NAME_CHARS
            || !name.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            return bad(format!(
                "the name {shown:?} must be 1 to {MAX_TAG_NAME_CHARS} letters, digits or '_'"
            ));
        }
        if ["GameType", "SetUp", "FEN"]
            .iter()
            .any(|f| f.eq_ignore_ascii_case(name))
        {
            return bad(format!(
                "{shown} is fixed by the game and its start position"
            ));
        }
        let at = self
            .tags
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case(name));
        match (value, at) {
            (None, Some(i)) => {
                self.tags.remove(i);
            }
            (None, None) => {}
            (Some(v), _) if name.eq_ignore_ascii_case("Result") => return self.set_result(v),
            (Some(v), _) if v.len() > MAX_TAG_VALUE_BYTES => {
                return bad(format!(
                    "the value of {shown} is longer than {MAX_TAG_VALUE_BYTES} bytes"
                ))
            }
            (Some(v), Some(i)) => self.tags[i].1 = v.to_string(),
            (Some(_), None) if self.tags.len() >= MAX_TAGS => {
                return bad(format!("a game has at most {MAX_TAGS} tags"))
            }
            (Some(v), None) => self.tags.push((name.to_string(), v.to_string())),
        }
        Ok(())
    }

    /// The result written after the moves: `1-0`, `0-1`, `1/2-1/2` or `*` (as read: `2-0`
    /// and the like are kept).
    pub fn result(&self) -> &str {
        &self.result
    }

    /// Sets the result, and the `Result` tag to match (added if missing).
    pub fn set_result(&mut self, result: &str) -> Result<(), TreeError> {
        if !RESULTS.contains(&result) {
            return Err(TreeError::Result(result.to_string()));
        }
        self.result = result.to_string();
        let full = self.tags.len() >= MAX_TAGS;
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
        {
            Some(t) => t.1 = result.to_string(),
            None if !full => self.tags.push(("Result".into(), result.to_string())),
            None => {}
        }
        Ok(())
    }

    /// The game comment, before the first move (the root's comment).
    pub fn comment(&self) -> Option<&str> {
        self.nodes[0].as_ref().and_then(Node::comment)
    }

    /// The root: the start position.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// The live node `id`, if any.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index())?.as_ref()
    }

    fn get(&self, id: NodeId) -> Result<&Node, TreeError> {
        self.node(id).ok_or(TreeError::NoNode(id))
    }

    fn get_mut(&mut self, id: NodeId) -> Result<&mut Node, TreeError> {
        self.nodes
            .get_mut(id.index())
            .and_then(Option::as_mut)
            .ok_or(TreeError::NoNode(id))
    }

    /// A live node that is a move (not the root).
    fn move_mut(&mut self, id: NodeId) -> Result<&mut Node, TreeError> {
        if id == NodeId::ROOT {
            return Err(TreeError::Root);
        }
        self.get_mut(id)
    }

    /// Live nodes, the root included.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether the tree has no move (only the root).
    pub fn is_empty(&self) -> bool {
        self.live == 1
    }

    /// Ids handed out so far, deleted ones included: every id is below this.
    pub fn id_bound(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// The nesting level of a node's line: 0 on the main line, 1 in a variation of it, 2 in a
    /// variation of a variation...
    pub fn depth(&self, id: NodeId) -> Result<usize, TreeError> {
        let mut depth = 0;
        let mut at = id;
        let mut node = self.get(at)?;
        while let Some(p) = node.parent {
            let parent = self.get(p)?;
            depth += (parent.children.first() != Some(&at)) as usize;
            at = p;
            node = parent;
        }
        Ok(depth)
    }

    /// Whether the node is on the game's main line.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        self.depth(id) == Ok(0)
    }

    /// The main line: the root, then each first child.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut line = vec![NodeId::ROOT];
        while let Some(&c) = self
            .node(line[line.len() - 1])
            .and_then(|n| n.children.first())
        {
            line.push(c);
        }
        line
    }

    /// The nodes from the root to `id`, both included.
    pub fn path_to(&self, id: NodeId) -> Result<Vec<NodeId>, TreeError> {
        let mut path = vec![id];
        let mut node = self.get(id)?;
        while let Some(p) = node.parent {
            path.push(p);
            node = self.get(p)?;
        }
        path.reverse();
        Ok(path)
    }

    /// Every live node in pre-order, the main continuation before the variations at each
    /// branch: the order the moves are written in.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.live);
        let mut stack = vec![NodeId::ROOT];
        while let Some(id) = stack.pop() {
            let Some(n) = self.node(id) else { continue };
            out.push(id);
            stack.extend(n.children.iter().rev());
        }
        out
    }

    /// A [`Game`] replayed from the start to `id`, with the game's draw rules, to play on from
    /// there. A result of the PDN is not applied.
    pub fn game_at(&self, id: NodeId) -> Result<Game, TreeError> {
        let mut game = Game::from_position(self.start);
        for step in self.path_to(id)?.into_iter().skip(1) {
            if let Some(m) = self.get(step)?.mv {
                game.play(&m).map_err(TreeError::Play)?;
            }
        }
        Ok(game)
    }

    /// Plays `m` after node `id`: returns the child already holding that move, or adds it, as
    /// the main continuation if `id` had none, else as its last variation.
    pub fn play(&mut self, id: NodeId, m: &Move) -> Result<NodeId, TreeError> {
        let node = self.get(id)?;
        if let Some(&c) = node.children.iter().find(|&&c| {
            self.node(c)
                .and_then(Node::mv)
                .is_some_and(|o| o.same_as(m))
        }) {
            return Ok(c);
        }
        let depth = self.depth(id)? + !node.children.is_empty() as usize;
        if depth > MAX_DEPTH {
            return Err(TreeError::TooDeep);
        }
        let mut game = self.game_at(id)?;
        let legal = game.legal_moves();
        game.play(m).map_err(TreeError::Play)?;
        let m = legal.iter().find(|l| l.same_as(m)).copied().unwrap_or(*m);
        self.add(id, m, &legal, game.position())
    }

    /// [`play`](GameTree::play) a move text (`22-18`, `c3xe5`, a full path where needed).
    pub fn play_text(&mut self, id: NodeId, text: &str) -> Result<NodeId, TreeError> {
        let m = self.game_at(id)?.play_text(text).map_err(TreeError::Play)?;
        self.play(id, &m)
    }

    /// Adds move `m`, legal in `legal`, as the last child of `parent`; `after` is the position
    /// once `m` is played. Refused past [`MAX_NODES`]; the nesting depth is the caller's to
    /// check (the reader counts brackets, a record follows its cursor).
    pub(crate) fn add(
        &mut self,
        parent: NodeId,
        m: Move,
        legal: &crate::MoveList,
        after: &Position,
    ) -> Result<NodeId, TreeError> {
        if self.nodes.len() >= MAX_NODES {
            return Err(TreeError::TooManyNodes);
        }
        self.attach(parent, m, legal, after)
    }

    /// [`add`](GameTree::add) without the bound on nodes: for writing a game already played,
    /// whatever its length, where the tree is not kept.
    pub(super) fn attach(
        &mut self,
        parent: NodeId,
        m: Move,
        legal: &crate::MoveList,
        after: &Position,
    ) -> Result<NodeId, TreeError> {
        let id = NodeId(self.nodes.len() as u32);
        let p = self.get_mut(parent)?;
        p.children.push(id);
        let ply = p.ply + 1;
        self.nodes.push(Some(Node {
            parent: Some(parent),
            children: Vec::new(),
            mv: Some(m),
            text: crate::rules::notation::move_text_among(self.variant, legal, &m),
            position: *after,
            ply,
            nags: Vec::new(),
            glyph: String::new(),
            pre_comment: None,
            comment: None,
        }));
        self.live += 1;
        Ok(id)
    }

    /// Checks a comment: at most [`MAX_COMMENT_BYTES`], and no `}`, which would end it in PDN
    /// (refused rather than changed, so what is stored is what was given).
    fn checked_comment(text: Option<String>) -> Result<Option<String>, TreeError> {
        let text = clean(text);
        if let Some(t) = &text {
            if t.len() > MAX_COMMENT_BYTES {
                return Err(TreeError::Comment(format!(
                    "longer than {MAX_COMMENT_BYTES} bytes"
                )));
            }
            if t.contains('}') {
                return Err(TreeError::Comment("'}' would end it in PDN".into()));
            }
        }
        Ok(text)
    }

    /// Sets (or, for `None` or blank text, removes) the comment after a move; on the root, the
    /// game comment. The text is trimmed; see [`MAX_COMMENT_BYTES`]; `}` is refused.
    pub fn set_comment(&mut self, id: NodeId, text: Option<String>) -> Result<(), TreeError> {
        let text = GameTree::checked_comment(text)?;
        self.get_mut(id)?.comment = text;
        Ok(())
    }

    /// Sets or removes the comment before a move, as [`set_comment`](GameTree::set_comment).
    pub fn set_pre_comment(&mut self, id: NodeId, text: Option<String>) -> Result<(), TreeError> {
        let text = GameTree::checked_comment(text)?;
        self.move_mut(id)?.pre_comment = text;
        Ok(())
    }

    /// Sets or removes (`None` or `""`) a move's annotation: one to four of `!`, `?`, `+`.
    pub fn set_glyph(&mut self, id: NodeId, glyph: Option<&str>) -> Result<(), TreeError> {
        let glyph = glyph.unwrap_or("");
        if glyph.chars().count() > 4 || !glyph.chars().all(|c| GLYPH_CHARS.contains(&c)) {
            return Err(TreeError::Glyph(glyph.to_string()));
        }
        self.move_mut(id)?.glyph = glyph.to_string();
        Ok(())
    }

    /// Sets a move's NAGs, at most [`MAX_NAGS`].
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<u8>) -> Result<(), TreeError> {
        if nags.len() > MAX_NAGS {
            return Err(TreeError::Nags(nags.len()));
        }
        self.move_mut(id)?.nags = nags;
        Ok(())
    }

    /// Deletes a move and every move after it; their ids stay dead. The root cannot be deleted.
    /// If it was the main continuation, its first variation takes its place.
    pub fn delete(&mut self, id: NodeId) -> Result<(), TreeError> {
        let parent = self.get(id)?.parent.ok_or(TreeError::Root)?;
        self.get_mut(parent)?.children.retain(|&c| c != id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            if let Some(node) = self.nodes.get_mut(n.index()).and_then(Option::take) {
                self.live -= 1;
                stack.extend(node.children);
            }
        }
        Ok(())
    }

    /// Makes the variation holding `id` the main continuation at its branch point: the nearest
    /// move on the way back to the root that is not its parent's first child becomes the first
    /// (the line it replaces becomes its first variation). Returns `false`, changing nothing,
    /// when `id` is already on the main line.
    pub fn promote(&mut self, id: NodeId) -> Result<bool, TreeError> {
        let mut at = id;
        let mut node = self.get(at)?;
        while let Some(p) = node.parent {
            let parent = self.get(p)?;
            let i = parent.children.iter().position(|&c| c == at).unwrap_or(0);
            if i > 0 {
                // The line pushed down gains a level: refuse if that nests it too deep.
                let first = parent.children[0];
                let deepest = self.depth(first)? + 1 + self.nesting_below(first);
                if deepest > MAX_DEPTH {
                    return Err(TreeError::TooDeep);
                }
                let children = &mut self.get_mut(p)?.children;
                let moved = children.remove(i);
                children.insert(0, moved);
                return Ok(true);
            }
            at = p;
            node = parent;
        }
        Ok(false)
    }

    /// The deepest variation nesting inside the subtree of `id`, relative to `id`'s line.
    pub(crate) fn nesting_below(&self, id: NodeId) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(id, 0usize)];
        while let Some((n, d)) = stack.pop() {
            deepest = deepest.max(d);
            if let Some(node) = self.node(n) {
                for (i, &c) in node.children.iter().enumerate() {
                    stack.push((c, d + (i > 0) as usize));
                }
            }
        }
        deepest
    }
}

/// Two trees are equal when they hold the same game: tags, start, result, and the same moves
/// with the same comments and annotations in the same order, whatever their node ids.
impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.tags != other.tags
            || self.variant != other.variant
            || self.start != other.start
            || self.result != other.result
            || self.live != other.live
        {
            return false;
        }
        let mut stack = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (Some(x), Some(y)) = (self.node(a), other.node(b)) else {
                return false;
            };
            if x.mv != y.mv
                || x.text != y.text
                || x.position != y.position
                || x.ply != y.ply
                || x.nags != y.nags
                || x.glyph != y.glyph
                || x.pre_comment != y.pre_comment
                || x.comment != y.comment
                || x.children.len() != y.children.len()
            {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}
