//! PDN files for the page: list a file's games for a picker, index their main lines, and open
//! any of them as a game's record.

use crate::js_args::{Args, KindArg, NumArg, StrArg, VariantArg};
use crate::wire::{self, to_js, Js};
use crate::{args, js_err, position_key, GameRecord};
use dama::pdn;
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

    /// Game `i` (from 0) read whole, as a record of kind `kind` (`"game"`: standing at its
    /// main line's end; `"analysis"`: at its start); throws `Error` with its reason for a game
    /// that cannot be opened, `RangeError` for an index out of range.
    pub fn record(&self, i: NumArg, kind: KindArg) -> Result<GameRecord, JsValue> {
        let a = Args("PdnFile.record");
        let kind = a.kind("kind", &kind)?;
        let i = self.index("PdnFile.record", &i)?;
        let tree = self.inner.tree(i).map_err(js_err)?;
        Ok(dama::GameRecord::from_tree(kind, tree)
            .map_err(js_err)?
            .into())
    }
}
