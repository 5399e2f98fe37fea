//! PDN files and annotated game trees for the page: pick a game of a file, walk its moves and
//! variations, comment and annotate them, play on from any move, and write the PDN back.
//!
//! Node ids are the core's: stable whole numbers, never reused after a deletion.

use crate::js_args::{Args, NumArg, NumbersArg, StrArg, VariantArg};
use crate::wire::{self, to_js, Js};
use crate::{args, js_err, position_key, Game};
use dama::pdn::{self, NodeId, TreeError};
use wasm_bindgen::prelude::*;

/// The games of a PDN text, listed for a picker and each opened on demand.
#[wasm_bindgen]
pub struct PdnFile {
    inner: pdn::PdnFile,
}

#[wasm_bindgen]
impl PdnFile {
    /// Lists every game of a PDN text (at most 8 MiB and 10,000 games); throws `Error` with the
    /// reason and place when the text cannot be split into games. A game whose moves do not
    /// replay is still listed, with its `error`.
    ///
    /// `variant` ("italian" or "brazilian") is the game of a game without a GameType tag.
    pub fn parse(text: StrArg, variant: VariantArg) -> Result<PdnFile, JsValue> {
        let a = Args("PdnFile.parse");
        let text = a.string("text", &text)?;
        let variant = a.variant("variant", &variant)?;
        pdn::PdnFile::parse(&text, variant)
            .map(|inner| PdnFile { inner })
            .map_err(js_err)
    }

    /// The text of game `i` (from 0) as the file writes it, to open that game alone elsewhere
    /// (the page reads a large file in a worker). Throws `RangeError` for an index out of range.
    #[wasm_bindgen(js_name = gameText)]
    pub fn game_text(&self, i: NumArg) -> Result<String, JsValue> {
        let i = self.index("PdnFile.gameText", &i)?;
        Ok(self.inner.game_text(i).unwrap_or_default().to_string())
    }

    /// The number of games (at least 1).
    pub fn count(&self) -> u32 {
        self.inner.len() as u32
    }

    /// Argument `i` of `binding`: the index of one of the file's games.
    fn index(&self, binding: &'static str, i: &NumArg) -> Result<usize, JsValue> {
        let i = Args(binding).number("i", i)?;
        Ok(args::game_index(i, self.inner.len())?)
    }

    /// Game `i` (from 0) as `{index, white, black, event, site, date, round, result, variant,
    /// plies, error}`: tags as strings (`""` when missing), `variant` `"italian"` or
    /// `"brazilian"`, `plies` the main line's moves as written, `error` the reason the game
    /// cannot be opened, or `null`. Throws `RangeError` for an index out of range.
    pub fn summary(&self, i: NumArg) -> Result<Js<wire::PdnSummary<'static>>, JsValue> {
        let i = self.index("PdnFile.summary", &i)?;
        let g = &self.inner.games()[i];
        let tag = |name| g.tag(name).unwrap_or("");
        Ok(to_js(&wire::PdnSummary {
            index: i as u32,
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            site: tag("Site"),
            date: tag("Date"),
            round: tag("Round"),
            result: g.result.as_str(),
            variant: g.variant.into(),
            plies: g.plies as u32,
            error: g.error.as_ref().map(|e| e.to_string()),
        }))
    }

    /// The main line of game `i` (from 0) for an index of positions (the analysis board's
    /// explorer): `{variant, result, keys, moves}`, `keys[k]` the key of the position before
    /// move `k` as `Game.positionKey` gives it (one more key than moves: the last is the final
    /// position's), `result` as the file says it ("1-0", "0-1", "1/2-1/2", "*"). Throws `Error`
    /// with its reason for a game that cannot be opened, `RangeError` for an index out of range.
    pub fn mainline(&self, i: NumArg) -> Result<Js<wire::Mainline>, JsValue> {
        let i = self.index("PdnFile.mainline", &i)?;
        let tree = self.inner.tree(i).map_err(js_err)?;
        let last = *tree.mainline().last().unwrap_or(&tree.root());
        let game = tree.game_at(last).map_err(js_err)?;
        let keys = (0..=game.ply())
            .filter_map(|k| game.position_at(k))
            .map(position_key)
            .collect();
        Ok(to_js(&wire::Mainline {
            variant: game.variant().into(),
            result: self.inner.games()[i].result.clone(),
            keys,
            moves: game.move_texts(),
        }))
    }

    /// Game `i` (from 0) read whole; throws `Error` with its reason for a game that cannot be
    /// opened, `RangeError` for an index out of range.
    pub fn tree(&self, i: NumArg) -> Result<GameTree, JsValue> {
        let i = self.index("PdnFile.tree", &i)?;
        self.inner
            .tree(i)
            .map(|inner| GameTree { inner })
            .map_err(js_err)
    }
}

/// A game with its variations, comments, NAGs and annotations.
#[wasm_bindgen]
pub struct GameTree {
    inner: pdn::GameTree,
}

#[wasm_bindgen]
impl GameTree {
    /// A game with no moves of `variant` (`"italian"` or `"brazilian"`) from the start or from
    /// `fen` in that game's numbering; throws `Error` for a bad name or FEN.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: VariantArg, fen: Option<StrArg>) -> Result<GameTree, JsValue> {
        let a = Args("new GameTree");
        let v = a.variant("variant", &variant)?;
        let fen = a.opt_string("fen", fen)?;
        let inner = match fen {
            Some(f) => pdn::GameTree::from_fen(v, &f).map_err(js_err)?,
            None => pdn::GameTree::new(dama::Position::start(v)),
        };
        Ok(GameTree { inner })
    }

    /// The game in PDN.
    #[wasm_bindgen(js_name = toPdn)]
    pub fn to_pdn(&self) -> String {
        self.inner.to_pdn()
    }

    /// `"italian"` or `"brazilian"`.
    #[wasm_bindgen(unchecked_return_type = "Variant")]
    pub fn variant(&self) -> String {
        self.inner.variant().id().to_string()
    }

    /// Argument `id` of `a`'s binding: a whole number below the ids handed out (`TypeError`
    /// for no number, `RangeError` for another).
    fn id(&self, a: Args, id: &NumArg) -> Result<NodeId, JsValue> {
        let id = a.number("id", id)?;
        Ok(NodeId(args::node_id(id, self.inner.id_bound())?))
    }

    /// A tree edit's refusal as a JS `Error`, a refused move in the words of the game's rules
    /// (the error knows its game).
    fn err(&self, e: TreeError) -> JsValue {
        js_err(e)
    }

    /// Every live node in pre-order, the main continuation before the variations at each
    /// branch, as `{id, parent, ply, text, fen, comment, preComment, nags, glyph, children,
    /// mainline, depth}`: `parent` `null` for the root, `text` `""` for it, `fen` the
    /// position after the move, `comment`/`preComment` `null` when absent, `glyph` `""` when
    /// absent, `mainline` whether the node is on the game's main line, `depth` its variation
    /// nesting level (0 on the main line).
    pub fn nodes(&self) -> Vec<Js<wire::TreeNode<'static>>> {
        let t = &self.inner;
        let mut out = Vec::new();
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

    /// Plays a move text after node `id`; returns the child's id: the existing one if that move
    /// is already there, else a new one (the main continuation if `id` had none, else its last
    /// variation). Throws `Error` saying why, changing nothing, when the move cannot be played
    /// there (or the tree is full: 100,000 ids, variations 64 deep); `RangeError` for a bad id.
    pub fn play(&mut self, id: NumArg, text: StrArg) -> Result<u32, JsValue> {
        let a = Args("GameTree.play");
        let id = self.id(a, &id)?;
        let text = a.string("text", &text)?;
        self.inner
            .play_text(id, &text)
            .map(|c| c.0)
            .map_err(|e| self.err(e))
    }

    /// Sets the comment after move `id` (on the root, the game comment), or removes it for
    /// `null` or blank text. Throws `Error` for text over 16 KiB or holding `}`.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, id: NumArg, text: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameTree.setComment");
        let id = self.id(a, &id)?;
        let text = a.opt_string("text", text)?;
        self.inner.set_comment(id, text).map_err(|e| self.err(e))
    }

    /// Sets or removes the comment before move `id`, as `setComment`; throws `Error` on the
    /// root.
    #[wasm_bindgen(js_name = setPreComment)]
    pub fn set_pre_comment(&mut self, id: NumArg, text: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameTree.setPreComment");
        let id = self.id(a, &id)?;
        let text = a.opt_string("text", text)?;
        self.inner
            .set_pre_comment(id, text)
            .map_err(|e| self.err(e))
    }

    /// Sets move `id`'s annotation (one to four of `!`, `?`, `+`: `"!"`, `"?!"`...) or removes
    /// it for `null` or `""`; throws `Error` for anything else, or on the root.
    #[wasm_bindgen(js_name = setGlyph)]
    pub fn set_glyph(&mut self, id: NumArg, glyph: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameTree.setGlyph");
        let id = self.id(a, &id)?;
        let glyph = a.opt_string("glyph", glyph)?;
        self.inner
            .set_glyph(id, glyph.as_deref())
            .map_err(|e| self.err(e))
    }

    /// Sets move `id`'s NAGs from an array of at most 8 whole numbers 0-255 (`RangeError` for
    /// another number, `Error` for too many or on the root).
    #[wasm_bindgen(js_name = setNags)]
    pub fn set_nags(&mut self, id: NumArg, nags: NumbersArg) -> Result<(), JsValue> {
        let a = Args("GameTree.setNags");
        let id = self.id(a, &id)?;
        let nags = a
            .numbers("nags", &nags)?
            .into_iter()
            .map(|n| args::nag(n).map_err(JsValue::from))
            .collect::<Result<Vec<u8>, JsValue>>()?;
        self.inner.set_nags(id, nags).map_err(|e| self.err(e))
    }

    /// Deletes move `id` and every move after it; their ids are never used again. Throws
    /// `Error` for the root or a node already deleted.
    pub fn delete(&mut self, id: NumArg) -> Result<(), JsValue> {
        let id = self.id(Args("GameTree.delete"), &id)?;
        self.inner.delete(id).map_err(|e| self.err(e))
    }

    /// Makes the variation holding `id` the main continuation at its branch point; returns
    /// `false` if it already is on the main line. Throws `Error` if that would nest another
    /// line more than 64 deep.
    pub fn promote(&mut self, id: NumArg) -> Result<bool, JsValue> {
        let id = self.id(Args("GameTree.promote"), &id)?;
        self.inner.promote(id).map_err(|e| self.err(e))
    }

    /// The game at node `id`, replayed from the start along its line, to play on from there
    /// (the PDN result is not applied).
    pub fn game(&self, id: NumArg) -> Result<Game, JsValue> {
        let id = self.id(Args("GameTree.game"), &id)?;
        self.inner
            .game_at(id)
            .map(|inner| Game { inner })
            .map_err(|e| self.err(e))
    }

    /// The tags in order as `[[name, value], ...]`.
    pub fn tags(&self) -> Vec<Js<wire::PdnTag<'static>>> {
        let pair = |(k, v): &(String, String)| to_js(&wire::PdnTag(k, v));
        self.inner.tags().iter().map(pair).collect()
    }

    /// Sets a tag (or removes it for `null`). Throws `Error` for a name that is not 1-64
    /// letters, digits or `_`, a value over 1 KiB, more than 1000 tags, `GameType`, `SetUp` or
    /// `FEN` (fixed by the game), or a `Result` that is not a result.
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, name: StrArg, value: Option<StrArg>) -> Result<(), JsValue> {
        let a = Args("GameTree.setTag");
        let name = a.string("name", &name)?;
        let value = a.opt_string("value", value)?;
        self.inner
            .set_tag(&name, value.as_deref())
            .map_err(|e| self.err(e))
    }

    /// The result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"` (another form as read, such as
    /// `"2-0"`).
    pub fn result(&self) -> String {
        self.inner.result().to_string()
    }

    /// Sets the result (and the `Result` tag); throws `Error` for anything but `1-0`, `0-1`,
    /// `1/2-1/2`, `*` (or the `2-0`, `0-2`, `1-1`, `0-0` some programs write).
    #[wasm_bindgen(js_name = setResult)]
    pub fn set_result(&mut self, result: StrArg) -> Result<(), JsValue> {
        let result = Args("GameTree.setResult").string("result", &result)?;
        self.inner.set_result(&result).map_err(|e| self.err(e))
    }
}
