//! A game's one record: its tree of moves (variations, comments, NAGs, tags: what PDN holds)
//! with a cursor on the move the game stands at, whose live [`Game`] says the position, the
//! draws and the result. Playing, taking back, replaying and going to any move move the
//! cursor; nothing is kept beside the tree to be held in step with it.

use crate::rules::game::{Game, PlayError};
use crate::rules::moves::Move;
use crate::rules::pdn::{self, GameTree, NodeId, PdnError, TreeError, MAX_DEPTH};
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::Variant;
use core::fmt;

/// How a record places a move that is not yet in it, and what its result says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// A game being played: the line played is the main line. A move that leaves it (after a
    /// take-back) becomes the main line, and the line it replaces stays, as its first
    /// variation. The PDN result is the game's where the cursor ends the main line, else `*`.
    Game,
    /// An analysis: a move that leaves the main line starts a variation and the main line
    /// stays; the PDN result is kept as read or set.
    Analysis,
}

/// Why a move was not added to a record; the record is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The move cannot be played at the cursor (illegal, or the game is over).
    Play(PlayError),
    /// The move is legal but the record cannot hold it (its bounds: [`MAX_NODES`](crate::pdn::MAX_NODES) moves, lines
    /// nested [`MAX_DEPTH`] deep). A game goes on in a new record of its line alone
    /// ([`GameRecord::line_only`]).
    Full(TreeError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Play(e) => write!(f, "{e}"),
            RecordError::Full(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// A game's record: a [`GameTree`] and a cursor on one of its moves, with the live [`Game`]
/// there (replayed along the cursor's line, so repetitions and the move counters hold, with
/// a resignation, a loss on time or an agreed draw declared on it).
///
/// ```
/// use dama::{GameRecord, RecordKind, Variant};
/// let mut r = GameRecord::new(RecordKind::Game, dama::Position::start(Variant::Italian));
/// r.play_text("22-18").unwrap();
/// r.play_text("11-14").unwrap();
/// r.undo();
/// r.undo();
/// assert!(r.can_redo()); // taken back, not gone
/// r.play_text("21-17").unwrap(); // another move: the main line, the other line a variation
/// assert!(!r.can_redo());
/// assert!(r.to_pdn().ends_with("1. 21-17 (1. 22-18 11-14) *\n"));
/// assert_eq!(r.game().ply(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord {
    tree: GameTree,
    kind: RecordKind,
    cursor: NodeId,
    /// The cursor's variation nesting (0 on the main line), kept as the cursor moves so that a
    /// move played is checked against [`MAX_DEPTH`] without walking back to the root.
    depth: usize,
    game: Game,
}

impl GameRecord {
    /// A record of a game from `start` with no moves (tags `Result` and `GameType`, and
    /// `SetUp` and `FEN` when `start` is not the standard start); the cursor at the start.
    pub fn new(kind: RecordKind, start: Position) -> GameRecord {
        GameRecord::at_root(kind, GameTree::new(start))
    }

    /// A record of `game`: its moves the main line, the cursor at its end, the game itself
    /// (its declared ending included) the live game. The tags are `tags` in order (a
    /// `GameType`, `Result`, `SetUp` or `FEN` among them left out), then the game's own, as
    /// [`write_game`](crate::pdn::write_game) writes them. Refused with
    /// [`TreeError::TooManyNodes`] for a game of more than [`MAX_NODES`](crate::pdn::MAX_NODES) moves.
    pub fn from_game(
        kind: RecordKind,
        game: &Game,
        tags: &[(String, String)],
    ) -> Result<GameRecord, TreeError> {
        let mut tree = GameTree::for_game(game, tags);
        let mut at = NodeId::ROOT;
        for (i, m) in game.moves().enumerate() {
            let (Some(before), Some(after)) = (game.position_at(i), game.position_at(i + 1)) else {
                break;
            };
            at = tree.add(at, *m, &before.legal_moves(), after)?;
        }
        let mut record = GameRecord {
            tree,
            kind,
            cursor: at,
            depth: 0,
            game: game.clone(),
        };
        record.settle();
        Ok(record)
    }

    /// A record of a tree read or built elsewhere. A game's record stands at the end of its
    /// main line, a decided PDN result on a game not over there taken as a resignation or an
    /// agreed draw (as [`replay`](crate::pdn::replay) takes it); an analysis stands at
    /// the start.
    pub fn from_tree(kind: RecordKind, tree: GameTree) -> Result<GameRecord, TreeError> {
        let mut record = GameRecord::at_root(kind, tree);
        if kind == RecordKind::Game {
            let end = *record.tree.mainline().last().unwrap_or(&NodeId::ROOT);
            record.game = record.tree.game_at(end)?;
            record.cursor = end;
            pdn::declare_result(&mut record.game, record.tree.result());
            record.settle();
        }
        Ok(record)
    }

    /// The first game of a PDN text read whole (the rest of the text is not read), a game
    /// without a `GameType` tag being one of `default`; placed as [`from_tree`](Self::from_tree).
    pub fn read(kind: RecordKind, text: &str, default: Variant) -> Result<GameRecord, PdnError> {
        let tree = pdn::read_tree(text, default)?;
        GameRecord::from_tree(kind, tree).map_err(|e| PdnError {
            line: 0,
            column: 0,
            message: e.to_string(),
        })
    }

    fn at_root(kind: RecordKind, tree: GameTree) -> GameRecord {
        let game = Game::from_position(*tree.start());
        GameRecord {
            tree,
            kind,
            cursor: NodeId::ROOT,
            depth: 0,
            game,
        }
    }

    /// The record's tree: its moves, variations, comments, NAGs, tags and PDN result.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The live game: the game at the cursor.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The move the record stands at ([`NodeId::ROOT`]: the start).
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// How the record places new moves.
    pub fn kind(&self) -> RecordKind {
        self.kind
    }

    /// The game played.
    pub fn variant(&self) -> Variant {
        self.tree.variant()
    }

    /// The game in PDN.
    pub fn to_pdn(&self) -> String {
        self.tree.to_pdn()
    }

    /// Plays `m` at the cursor and moves the cursor to it: the move already there is followed,
    /// a new one is placed as the record's kind says. Refused, changing nothing, when the move
    /// cannot be played there or the record cannot hold it.
    pub fn play(&mut self, m: &Move) -> Result<Move, RecordError> {
        let legal = self.game.legal_moves();
        self.game.play(m).map_err(RecordError::Play)?;
        // The legal move's own copy: the same move, with what the generator knows of it.
        let m = legal.iter().find(|l| l.same_as(m)).copied().unwrap_or(*m);
        let here = self.node(self.cursor);
        let first = here.children().first().copied();
        let known = here.children().iter().copied().find(|&c| {
            self.tree
                .node(c)
                .and_then(|n| n.mv())
                .is_some_and(|o| o.same_as(&m))
        });
        // A game's line is the main line: a move beside the one played before replaces it,
        // which stays as its first variation, one level deeper with all it holds.
        let promote = match first {
            Some(f) if self.kind == RecordKind::Game && known != Some(f) => Some(f),
            _ => None,
        };
        let depth = match (promote, first) {
            (Some(f), _) => self.depth + 1 + self.tree.nesting_below(f),
            (None, Some(f)) => self.depth + (known != Some(f)) as usize,
            (None, None) => self.depth,
        };
        let placed = if depth > MAX_DEPTH {
            Err(TreeError::TooDeep)
        } else {
            match known {
                Some(c) => Ok(c),
                None => self.tree.add(self.cursor, m, &legal, self.game.position()),
            }
        };
        let id = match placed {
            Ok(id) => id,
            Err(e) => {
                self.game.undo();
                return Err(RecordError::Full(e));
            }
        };
        if promote.is_some() {
            // Checked above: the line pushed down fits.
            let _ = self.tree.promote(id);
        } else {
            self.depth = depth;
        }
        self.cursor = id;
        self.settle();
        Ok(m)
    }

    /// [`play`](Self::play) a move text (`22-18`, `c3xe5`, a full path where needed).
    pub fn play_text(&mut self, text: &str) -> Result<Move, RecordError> {
        let m = self.game.read_move(text).map_err(RecordError::Play)?;
        self.play(&m)
    }

    /// Takes back the move at the cursor, which stays in the record: returns it, with the
    /// cursor on the move before. At the start nothing changes, and neither does a game's
    /// record whose game is over (a result is final: a resignation, a loss on time, an agreed
    /// draw, the rules' draw or win); an analysis takes back a declared ending first, as a
    /// move is, returning `None`.
    pub fn undo(&mut self) -> Option<Move> {
        if self.ended() {
            return None;
        }
        let m = self.game.undo();
        if m.is_some() {
            let parent = self.node(self.cursor).parent().unwrap_or(NodeId::ROOT);
            let first = self.node(parent).children().first() == Some(&self.cursor);
            self.depth -= (!first) as usize;
            self.cursor = parent;
        }
        self.settle();
        m
    }

    /// Plays again the move after the cursor on its line (its main continuation); `None` when
    /// there is none or the game is over.
    pub fn redo(&mut self) -> Option<Move> {
        let next = *self.node(self.cursor).children().first()?;
        let m = *self.node(next).mv()?;
        self.game.play(&m).ok()?;
        self.cursor = next;
        self.settle();
        Some(m)
    }

    /// Whether [`redo`](Self::redo) has a move to replay: one after the cursor, in a game not
    /// over.
    pub fn can_redo(&self) -> bool {
        self.game.result().is_none() && !self.node(self.cursor).children().is_empty()
    }

    /// Whether [`undo`](Self::undo) would take something back: a move or, in an analysis, a
    /// declared ending; never in a game's record whose game is over.
    pub fn can_undo(&self) -> bool {
        !self.ended() && (self.game.ply() > 0 || self.game.result().is_some())
    }

    /// A game's record whose game is over: its result is final.
    fn ended(&self) -> bool {
        self.kind == RecordKind::Game && self.game.result().is_some()
    }

    /// Moves the cursor to move `id`, the game replayed from the start along its line (a
    /// declared ending is not kept). Refused, changing nothing, for an id of no live move.
    pub fn goto(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.game = self.tree.game_at(id)?;
        self.depth = self.tree.depth(id)?;
        self.cursor = id;
        self.settle();
        Ok(())
    }

    /// The game at move `id` (the live game where it is the cursor), to read or play on from.
    pub fn game_at(&self, id: NodeId) -> Result<Game, TreeError> {
        if id == self.cursor {
            Ok(self.game.clone())
        } else {
            self.tree.game_at(id)
        }
    }

    /// `color` resigns (nothing changes once the game is over). In a game's record the game
    /// ends here: see [`close`](Self::close).
    pub fn resign(&mut self, color: Color) {
        self.game.resign(color);
        self.close();
    }

    /// `color`'s clock ran out: the game is lost on time (nothing changes once it is over;
    /// in a game's record, see [`close`](Self::close)).
    pub fn lose_on_time(&mut self, color: Color) {
        self.game.lose_on_time(color);
        self.close();
    }

    /// Both players agree a draw (nothing changes once the game is over; in a game's record,
    /// see [`close`](Self::close)).
    pub fn agree_draw(&mut self) {
        self.game.agree_draw();
        self.close();
    }

    /// After a declared ending: a game's record ends where its game ended. Moves taken back
    /// and not played again (after the cursor) were never the game's, and no ending may be
    /// followed by moves: they leave the record, which then holds the game played and its
    /// result (the PDN's too). An analysis keeps everything.
    fn close(&mut self) {
        if self.ended() {
            let after: Vec<NodeId> = self.node(self.cursor).children().to_vec();
            for id in after {
                // A child of a live node is live.
                let _ = self.tree.delete(id);
            }
        }
        self.settle();
    }

    /// A new record of the same kind holding the live game's line alone, its tags and its
    /// declared ending, the cursor at its end: where a game goes on when its record is full.
    pub fn line_only(&self) -> Result<GameRecord, TreeError> {
        GameRecord::from_game(self.kind, &self.game, self.tree.tags())
    }

    /// Sets or removes the comment after move `id` ([`GameTree::set_comment`]).
    pub fn set_comment(&mut self, id: NodeId, text: Option<String>) -> Result<(), TreeError> {
        self.tree.set_comment(id, text)
    }

    /// Sets or removes the comment before move `id` ([`GameTree::set_pre_comment`]).
    pub fn set_pre_comment(&mut self, id: NodeId, text: Option<String>) -> Result<(), TreeError> {
        self.tree.set_pre_comment(id, text)
    }

    /// Sets or removes move `id`'s annotation ([`GameTree::set_glyph`]).
    pub fn set_glyph(&mut self, id: NodeId, glyph: Option<&str>) -> Result<(), TreeError> {
        self.tree.set_glyph(id, glyph)
    }

    /// Sets move `id`'s NAGs ([`GameTree::set_nags`]).
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<u8>) -> Result<(), TreeError> {
        self.tree.set_nags(id, nags)
    }

    /// Sets or removes a tag ([`GameTree::set_tag`]); a game's record keeps its result the
    /// game's.
    pub fn set_tag(&mut self, name: &str, value: Option<&str>) -> Result<(), TreeError> {
        self.tree.set_tag(name, value)?;
        self.settle();
        Ok(())
    }

    /// Sets the PDN result ([`GameTree::set_result`]); a game's record keeps its result the
    /// game's.
    pub fn set_result(&mut self, result: &str) -> Result<(), TreeError> {
        self.tree.set_result(result)?;
        self.settle();
        Ok(())
    }

    /// Deletes move `id` and every move after it ([`GameTree::delete`]); a cursor among them
    /// goes back to the move before `id`.
    pub fn delete(&mut self, id: NodeId) -> Result<(), TreeError> {
        let parent = self.tree.node(id).ok_or(TreeError::NoNode(id))?.parent();
        let inside = self.tree.path_to(self.cursor)?.contains(&id);
        self.tree.delete(id)?;
        if let (true, Some(p)) = (inside, parent) {
            // Back along the line: each undo takes back a move, or first a declared ending.
            let ply = self.node(p).ply() as usize;
            while self.game.ply() > ply {
                self.game.undo();
            }
            self.cursor = p;
        }
        self.depth = self.tree.depth(self.cursor)?;
        self.settle();
        Ok(())
    }

    /// Makes the variation holding `id` the main continuation at its branch point
    /// ([`GameTree::promote`]); `false` when it already is on the main line.
    pub fn promote(&mut self, id: NodeId) -> Result<bool, TreeError> {
        let changed = self.tree.promote(id)?;
        self.depth = self.tree.depth(self.cursor)?;
        self.settle();
        Ok(changed)
    }

    /// A live node: the cursor and the nodes on its line always are.
    fn node(&self, id: NodeId) -> &pdn::Node {
        self.tree
            .node(id)
            .expect("the cursor's line is live in its tree")
    }

    /// A game's record says the game's result where its cursor ends the main line, and `*`
    /// where moves taken back follow it (a result token written another way, `2-0` for
    /// `1-0`, is kept).
    fn settle(&mut self) {
        if self.kind != RecordKind::Game {
            return;
        }
        let end = self.depth == 0 && self.node(self.cursor).children().is_empty();
        let token = match self.game.result() {
            Some(r) if end => r.pdn(),
            _ => "*",
        };
        if !pdn::same_result(self.tree.result(), token) {
            // A result token is always accepted.
            let _ = self.tree.set_result(token);
        }
    }
}
