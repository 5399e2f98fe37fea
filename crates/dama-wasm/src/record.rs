//! A game's one record for the page: its tree of moves, variations, comments, NAGs and tags,
//! with a cursor whose live game the page plays, takes back, replays and reads. The game page
//! keeps a game's record ('game': the line played is the main line), the analysis board an
//! analysis ('analysis': new moves are variations). It is the pages' one game class: a position
//! to read or play on (a puzzle, a diagram, the editor's board, a move of the record) is a
//! record too, so the pages' module compiles the readers once.
//!
//! Node ids are the core's: stable whole numbers, never reused after a deletion.

use crate::game::{game_from_board, game_readers, move_object, play_error};
use crate::js_args::{
    Args, CellsArg, ColorArg, KindArg, NumArg, NumbersArg, StrArg, TagsArg, VariantArg,
};
use crate::wire::{self, to_js, Js};
use crate::{args, js_err, own_frame};
use dama::pdn::{NodeId, TreeError};
use dama::{RecordError, RecordKind};
use wasm_bindgen::prelude::*;

/// A game's record: a game tree and a cursor on the move its live game stands at.
#[wasm_bindgen]
pub struct GameRecord {
    inner: dama::GameRecord,
}

impl GameRecord {
    fn live(&self) -> &dama::Game {
        self.inner.game()
    }

    /// Argument `id` of `a`'s binding: a whole number below the ids handed out (`TypeError`
    /// for no number, `RangeError` for another).
    fn id(&self, a: Args, id: &NumArg) -> Result<NodeId, JsValue> {
        let id = a.number("id", id)?;
        Ok(NodeId(args::node_id(id, self.inner.tree().id_bound())?))
    }
}

impl From<dama::GameRecord> for GameRecord {
    fn from(inner: dama::GameRecord) -> GameRecord {
        GameRecord { inner }
    }
}

/// A refused move as a JS `Error`: the rule it breaks, or, for a record that cannot hold it, an
/// `Error` named `RecordFullError` (its game can go on in `lineOnly()`).
fn record_error(e: RecordError) -> JsValue {
    match e {
        RecordError::Play(e) => play_error(e),
        RecordError::Full(e) => {
            let err = js_sys::Error::new(&e.to_string());
            err.set_name("RecordFullError");
            err.into()
        }
    }
}

game_readers!(GameRecord, "GameRecord");

#[wasm_bindgen]
impl GameRecord {
    /// A record of kind `kind` (`"game"` or `"analysis"`) of a game of `variant` with no moves,
    /// from the start or from `fen` in that game's numbering, its tags `tags` (`[[name,
    /// value], ...]`, in order; GameType, Result, SetUp and FEN are the core's own, written
    /// after them). Throws `Error` for a bad kind, game name or FEN.
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: KindArg,
        variant: VariantArg,
        fen: Option<StrArg>,
        tags: Option<TagsArg>,
    ) -> Result<GameRecord, JsValue> {
        let a = Args("new GameRecord");
        let kind = a.kind("kind", &kind)?;
        let v = a.variant("variant", &variant)?;
        let fen = a.opt_string("fen", fen)?;
        let tags = match tags {
            Some(t) => a.tags("tags", &t)?,
            None => Vec::new(),
        };
        let game = match fen {
            Some(f) => dama::Game::from_fen(v, &f).map_err(js_err)?,
            None => dama::Game::new(v),
        };
        Ok(dama::GameRecord::from_game(kind, &game, &tags)
            .map_err(js_err)?
            .into())
    }

    /// A record of kind `kind` with no moves of a game of `variant` from a board editor's cells
    /// (index i = square i+1 in that game's numbering: 1/2 a white man/king, -1/-2 black, 0
    /// empty) with `turn` ("white" or "black") to move. The core checks the position: throws
    /// `Error` for a bad kind or game name, for a position that cannot arise (a man on its
    /// crowning row, more than 12 pieces a side) or that is already over (the side to move has
    /// no piece or no move), and `RangeError` for a cell other than -2..2 or not 32 cells.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(
        kind: KindArg,
        cells: CellsArg,
        turn: ColorArg,
        variant: VariantArg,
    ) -> Result<GameRecord, JsValue> {
        let a = Args("GameRecord.fromBoard");
        let kind = a.kind("kind", &kind)?;
        let game = game_from_board(a, &cells, &turn, &variant)?;
        Ok(dama::GameRecord::from_game(kind, &game, &[])
            .map_err(js_err)?
            .into())
    }

    /// The first game of a PDN text read whole (the rest of the text is not read), a game
    /// without a GameType tag being one of `variant`. A game's record stands at the end of its
    /// main line, a decided result on a game its moves leave open taken as a resignation or an
    /// agreed draw; an analysis at the start. Throws `Error` with the reason and place for
    /// text that does not read.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(
        kind: KindArg,
        text: StrArg,
        variant: VariantArg,
    ) -> Result<GameRecord, JsValue> {
        let a = Args("GameRecord.fromPdn");
        let kind = a.kind("kind", &kind)?;
        let text = a.string("text", &text)?;
        let variant = a.variant("variant", &variant)?;
        Ok(dama::GameRecord::read(kind, &text, variant)
            .map_err(js_err)?
            .into())
    }

    /// `"game"` or `"analysis"`.
    #[wasm_bindgen(unchecked_return_type = "RecordKind")]
    pub fn kind(&self) -> String {
        match self.inner.kind() {
            RecordKind::Game => "game".into(),
            RecordKind::Analysis => "analysis".into(),
        }
    }

    /// The id of the move the record stands at (0: the start).
    pub fn cursor(&self) -> u32 {
        self.inner.cursor().0
    }

    /// Plays a move text at the cursor and moves the cursor to it; returns the move. The move
    /// already there is followed; a new one is placed as the record's kind says. Throws
    /// `Error` saying why, changing nothing, when it cannot be played there; `Error` named
    /// `RecordFullError` when the record cannot hold it (100,000 moves, variations 64 deep).
    pub fn play(&mut self, text: StrArg) -> Result<Js<wire::Move>, JsValue> {
        let text = Args("GameRecord.play").string("text", &text)?;
        let legal = self.live().legal_moves();
        let v = self.live().variant();
        let m = self.inner.play_text(&text).map_err(record_error)?;
        Ok(move_object(v, &legal, &m))
    }

    /// Takes back the move at the cursor, which stays in the record, and returns it;
    /// `undefined` at the start, and in a game's record whose game is over (its result is
    /// final). An analysis takes back a declared ending first, returning `undefined`.
    pub fn undo(&mut self) -> Option<Js<wire::Move>> {
        own_frame(|| {
            let m = self.inner.undo()?;
            let g = self.live();
            Some(move_object(g.variant(), &g.position().legal_moves(), &m))
        })
    }

    /// Plays again the move after the cursor on its line (its main continuation) and returns
    /// it; `undefined` when there is none or the game is over.
    pub fn redo(&mut self) -> Option<Js<wire::Move>> {
        own_frame(|| {
            let legal = self.live().legal_moves();
            let m = self.inner.redo()?;
            Some(move_object(self.live().variant(), &legal, &m))
        })
    }

    /// Whether `redo()` has a move to replay: one after the cursor, in a game not over.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// Whether `undo()` would take something back (never in a game's record whose game is
    /// over).
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    /// Moves the cursor to move `id`, its game replayed from the start (a declared ending is
    /// not kept). Throws `RangeError` for an id never handed out, `Error` for a deleted one.
    pub fn goto(&mut self, id: NumArg) -> Result<(), JsValue> {
        let id = self.id(Args("GameRecord.goto"), &id)?;
        self.inner.goto(id).map_err(js_err)
    }

    /// The game at move `id` (the live game at the cursor, its ending kept) as a record of the
    /// same kind of its own: its line from the start the main line, the cursor at its end; to
    /// read or play on from. The caller frees it. Throws `RangeError` for an id never handed
    /// out, `Error` for a deleted one.
    #[wasm_bindgen(js_name = gameAt)]
    pub fn game_at(&self, id: NumArg) -> Result<GameRecord, JsValue> {
        let id = self.id(Args("GameRecord.gameAt"), &id)?;
        let game = self.inner.game_at(id).map_err(js_err)?;
        Ok(dama::GameRecord::from_game(self.inner.kind(), &game, &[])
            .map_err(js_err)?
            .into())
    }

    /// A new record of the same kind holding the live game's line alone and its ending, the
    /// cursor at its end, with its tags, or `tags` (`[[name, value], ...]`, as the constructor
    /// writes them) in their place when given: where a game goes on when its record is full,
    /// and a game read from PDN as played on (its variations and comments left behind).
    #[wasm_bindgen(js_name = lineOnly)]
    pub fn line_only(&self, tags: Option<TagsArg>) -> Result<GameRecord, JsValue> {
        let line = match tags {
            Some(t) => {
                let tags = Args("GameRecord.lineOnly").tags("tags", &t)?;
                dama::GameRecord::from_game(self.inner.kind(), self.live(), &tags)
            }
            None => self.inner.line_only(),
        };
        Ok(line.map_err(js_err)?.into())
    }

    /// The game in PDN.
    #[wasm_bindgen(js_name = toPdn)]
    pub fn to_pdn(&self) -> String {
        self.inner.to_pdn()
    }

    /// Every live node in pre-order, the main continuation before the variations at each
    /// branch, as `{id, parent, ply, text, fen, comment, preComment, nags, glyph, children,
    /// mainline, depth}`: `parent` `null` for the root, `text` `""` for it, `fen` the
    /// position after the move, `comment`/`preComment` `null` when absent, `glyph` `""` when
    /// absent, `mainline` whether the node is on the game's main line, `depth` its variation
    /// nesting level (0 on the main line).
    pub fn nodes(&self) -> Vec<Js<wire::TreeNode<'static>>> {
        let t = self.inner.tree();
        let mut out = Vec::with_capacity(t.len());
        // Depths are carried down the walk rather than recomputed for each node.
        let mut stack = vec![(t.root(), 0u32)];
        while let Some((id, depth)) = stack.pop() {
            let Some(n) = t.node(id) else { continue };
            out.push(to_js(&wire::TreeNode {
                id: id.0,
                parent: n.parent().map(|p| p.0),
                ply: n.ply(),
                text: n.text(),
                fen: dama::fen::write(n.position()),
                comment: n.comment(),
                pre_comment: n.pre_comment(),
                nags: n.nags(),
                glyph: n.glyph(),
                children: n.children().iter().map(|c| c.0).collect(),
                mainline: depth == 0,
                depth,
            }));
            for (i, &c) in n.children().iter().enumerate().rev() {
                stack.push((c, depth + (i > 0) as u32));
            }
        }
        out
    }

    /// The tags in order as `[[name, value], ...]`.
    pub fn tags(&self) -> Vec<Js<wire::PdnTag<'static>>> {
        let pair = |(k, v): &(String, String)| to_js(&wire::PdnTag(k, v));
        self.inner.tree().tags().iter().map(pair).collect()
    }

    /// Sets a tag (or removes it for `null`). Throws `Error` for a name that is not 1-64
    /// letters, digits or `_`, a value over 1 KiB, more than 1000 tags, `GameType`, `SetUp` or
    /// `FEN` (fixed by the game), or a `Result` that is not a result. A game's record keeps
    /// its result the game's.
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, name: StrArg, value: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameRecord.setTag");
        let name = a.string("name", &name)?;
        let value = a.opt_string("value", value)?;
        self.inner.set_tag(&name, value.as_deref()).map_err(js_err)
    }

    /// The PDN result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"` (another form as read, such as
    /// `"2-0"`).
    #[wasm_bindgen(js_name = pdnResult)]
    pub fn pdn_result(&self) -> String {
        self.inner.tree().result().to_string()
    }

    /// Sets the PDN result (and the `Result` tag); throws `Error` for anything but `1-0`,
    /// `0-1`, `1/2-1/2`, `*` (or the `2-0`, `0-2`, `1-1`, `0-0` some programs write). A
    /// game's record keeps its result the game's.
    #[wasm_bindgen(js_name = setPdnResult)]
    pub fn set_pdn_result(&mut self, result: StrArg) -> Result<(), JsValue> {
        let result = Args("GameRecord.setPdnResult").string("result", &result)?;
        self.inner.set_result(&result).map_err(js_err)
    }

    /// Sets the comment after move `id` (on the root, the game comment), or removes it for
    /// `null` or blank text. Throws `Error` for text over 16 KiB or holding `}`.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, id: NumArg, text: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameRecord.setComment");
        let id = self.id(a, &id)?;
        let text = a.opt_string("text", text)?;
        self.inner.set_comment(id, text).map_err(js_err)
    }

    /// Sets or removes the comment before move `id`, as `setComment`; throws `Error` on the
    /// root.
    #[wasm_bindgen(js_name = setPreComment)]
    pub fn set_pre_comment(&mut self, id: NumArg, text: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameRecord.setPreComment");
        let id = self.id(a, &id)?;
        let text = a.opt_string("text", text)?;
        self.inner.set_pre_comment(id, text).map_err(js_err)
    }

    /// Sets move `id`'s annotation (one to four of `!`, `?`, `+`: `"!"`, `"?!"`...) or removes
    /// it for `null` or `""`; throws `Error` for anything else, or on the root.
    #[wasm_bindgen(js_name = setGlyph)]
    pub fn set_glyph(&mut self, id: NumArg, glyph: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameRecord.setGlyph");
        let id = self.id(a, &id)?;
        let glyph = a.opt_string("glyph", glyph)?;
        self.inner.set_glyph(id, glyph.as_deref()).map_err(js_err)
    }

    /// Sets move `id`'s NAGs from an array of at most 8 whole numbers 0-255 (`RangeError` for
    /// another number, `Error` for too many or on the root).
    #[wasm_bindgen(js_name = setNags)]
    pub fn set_nags(&mut self, id: NumArg, nags: NumbersArg) -> Result<(), JsValue> {
        let a = Args("GameRecord.setNags");
        let id = self.id(a, &id)?;
        let nags = a
            .numbers("nags", &nags)?
            .into_iter()
            .map(|n| args::nag(n).map_err(JsValue::from))
            .collect::<Result<Vec<u8>, JsValue>>()?;
        self.inner.set_nags(id, nags).map_err(js_err)
    }

    /// Deletes move `id` and every move after it; their ids are never used again, and a cursor
    /// among them goes back to the move before `id`. Throws `Error` for the root or a node
    /// already deleted.
    pub fn delete(&mut self, id: NumArg) -> Result<(), JsValue> {
        let id = self.id(Args("GameRecord.delete"), &id)?;
        self.inner.delete(id).map_err(js_err)
    }

    /// Makes the variation holding `id` the main continuation at its branch point; returns
    /// `false` if it already is on the main line. Throws `Error` if that would nest another
    /// line more than 64 deep.
    pub fn promote(&mut self, id: NumArg) -> Result<bool, JsValue> {
        let id = self.id(Args("GameRecord.promote"), &id)?;
        self.inner.promote(id).map_err(|e: TreeError| js_err(e))
    }
}
