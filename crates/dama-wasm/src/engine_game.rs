//! `Game`, a game alone, for the engine workers (the engine's build only): what the engine
//! searches and explores. The pages have one game class, [`GameRecord`](crate::GameRecord),
//! so the readers are compiled once in their module.

use crate::game::{game_from_board, game_readers, move_object, play_error};
use crate::js_args::{Args, CellsArg, ColorArg, NumArg, StrArg, TagsArg, VariantArg};
use crate::wire::{self, to_js, Js};
use crate::{args, js_err, own_frame};
use wasm_bindgen::prelude::*;

/// A game: position, moves played and taken back, result.
#[wasm_bindgen]
pub struct Game {
    inner: dama::Game,
}

impl Game {
    /// The core game, for the engine binding.
    pub fn core(&self) -> &dama::Game {
        &self.inner
    }

    fn live(&self) -> &dama::Game {
        &self.inner
    }
}

game_readers!(Game, "Game");

#[wasm_bindgen]
impl Game {
    /// The start position, White to move, of `variant` (`"italian"` or `"brazilian"`); throws
    /// `Error` for another name.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: VariantArg) -> Result<Game, JsValue> {
        Ok(Game {
            inner: dama::Game::new(Args("new Game").variant("variant", &variant)?),
        })
    }

    /// A game of `variant` from a set-up position in that game's numbering; throws `Error`
    /// with the reason for a bad FEN or game name.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(fen: StrArg, variant: VariantArg) -> Result<Game, JsValue> {
        let a = Args("Game.fromFen");
        let fen = a.string("fen", &fen)?;
        let variant = a.variant("variant", &variant)?;
        dama::Game::from_fen(variant, &fen)
            .map(|inner| Game { inner })
            .map_err(js_err)
    }

    /// A game of `variant` from a board editor's cells (index i = square i+1 in that game's
    /// numbering: 1/2 a white man/king, -1/-2 black, 0 empty) with `turn` ("white" or "black")
    /// to move. The core checks the position: throws `Error` for one that cannot arise (a man
    /// on its crowning row, more than 12 pieces a side) or that is already over (the side to
    /// move has no piece or no move), and `RangeError` for a cell other than -2..2 or not 32
    /// cells.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(
        cells: CellsArg,
        turn: ColorArg,
        variant: VariantArg,
    ) -> Result<Game, JsValue> {
        let inner = game_from_board(Args("Game.fromBoard"), &cells, &turn, &variant)?;
        Ok(Game { inner })
    }

    /// The first game of a PDN text, replayed (the text after it is not read), a game without
    /// a GameType tag being one of `variant`; a decided result on a game its moves leave open
    /// is taken as a resignation or an agreed draw. Throws `Error` on bad PDN or an illegal
    /// move.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(text: StrArg, variant: VariantArg) -> Result<Game, JsValue> {
        let a = Args("Game.fromPdn");
        let text = a.string("text", &text)?;
        let variant = a.variant("variant", &variant)?;
        dama::pdn::read_game(&text, variant)
            .map(|inner| Game { inner })
            .map_err(js_err)
    }

    /// The game in PDN with tags given as `[[name, value], ...]` (Event, Site, Date, White,
    /// Black, ...); GameType, Result and the set-up tags are the core's own and always written.
    #[wasm_bindgen(js_name = pdnWithTags)]
    pub fn pdn_with_tags(&self, tags: TagsArg) -> Result<String, JsValue> {
        let tags = Args("Game.pdnWithTags").tags("tags", &tags)?;
        Ok(dama::pdn::write_game(&self.inner, &tags))
    }

    /// The tags of the first game of a PDN text, as `[[name, value], ...]` in file order;
    /// throws `Error` on bad PDN.
    #[wasm_bindgen(js_name = pdnTags)]
    pub fn pdn_tags(text: StrArg) -> Result<Vec<Js<wire::PdnTag<'static>>>, JsValue> {
        let text = Args("Game.pdnTags").string("text", &text)?;
        let first = dama::pdn::parse_first(&text).map_err(js_err)?;
        Ok(first
            .tags
            .iter()
            .map(|(k, v)| to_js(&wire::PdnTag(k, v)))
            .collect())
    }

    /// Plays a move text (`22-18`, `22x13`, `27x18x11x4`); returns the move; throws `Error`
    /// saying why when it cannot be played, and then the game is unchanged.
    pub fn play(&mut self, text: StrArg) -> Result<Js<wire::Move>, JsValue> {
        let text = Args("Game.play").string("text", &text)?;
        let legal = self.inner.legal_moves();
        let v = self.inner.variant();
        let m = self.inner.play_text(&text).map_err(play_error)?;
        Ok(move_object(v, &legal, &m))
    }

    /// Plays `legalMoves()[index]`; throws `RangeError` when there is no such move (an index
    /// past the list, negative, fractional or not a number).
    #[wasm_bindgen(js_name = playIndex)]
    pub fn play_index(&mut self, index: NumArg) -> Result<Js<wire::Move>, JsValue> {
        let index = Args("Game.playIndex").number("index", &index)?;
        let legal = self.inner.legal_moves();
        let m = legal[args::move_index(index, legal.len())?];
        self.inner.play(&m).map_err(js_err)?;
        Ok(move_object(self.inner.variant(), &legal, &m))
    }

    /// Takes back the last move (or first a resignation or agreed draw, returning undefined).
    pub fn undo(&mut self) -> Option<Js<wire::Move>> {
        own_frame(|| {
            let v = self.inner.variant();
            let m = self.inner.undo()?;
            Some(move_object(v, &self.inner.position().legal_moves(), &m))
        })
    }
}
