//! A game as the page reads it: the readers every game has (`game_readers!`: the pages' one
//! game class, [`GameRecord`](crate::GameRecord), and in the engine's build the workers'
//! `Game`), and the check of a board set up in the editor, shared by both classes' `fromBoard`.

use crate::js_args::{Args, CellsArg, ColorArg, VariantArg};
use crate::js_err;
use crate::wire::{self, to_js, Js};
use dama::{notation, Color, Move, MoveList, Position, Variant};
use js_sys::Int8Array;
use wasm_bindgen::prelude::*;

/// A move as the page sees it ([`wire::Move`]), with squares numbered and the text written as
/// in `v`. `legal` is the list the move belongs to, which decides whether its text needs the
/// path.
pub(crate) fn move_object(v: Variant, legal: &MoveList, m: &Move) -> Js<wire::Move> {
    let n = |s: dama::Square| v.square_number(s);
    to_js(&wire::Move {
        from: n(m.from()),
        to: n(m.to()),
        path: m.path().map(n).collect(),
        // In jump order, which is also the order the page animates them.
        captured: m.captured_in_order().map(n).collect(),
        text: notation::move_text_among(v, legal, m),
        capture: m.is_capture(),
        king: m.is_king_move(),
        promotes: m.promotes(),
    })
}

/// 32 cells, index i = square i+1 in `variant`'s numbering: 0 empty, 1/2 a white man/king,
/// -1/-2 black.
pub(crate) fn board_array(variant: Variant, pos: &Position) -> Int8Array {
    let mut cells = [0i8; 32];
    for (sq, piece) in pos.board() {
        let v = match piece.role {
            dama::Role::Man => 1,
            dama::Role::King => 2,
        };
        let i = variant.square_number(sq) as usize - 1;
        cells[i] = if piece.color == Color::White { v } else { -v };
    }
    Int8Array::from(&cells[..])
}

/// A refused move as a JS `Error`, in the words of the game's rules.
pub(crate) fn play_error(e: dama::PlayError) -> JsValue {
    match e {
        dama::PlayError::Illegal(i) => js_err(format!("not legal: {i}")),
        e => js_err(e),
    }
}

/// What the readers below answer, written once for every holder of a game and kept out of
/// line (`inline(never)`): in the engine's build the two classes' bindings are shims over the
/// same code, which the module holds once.
pub(crate) mod read {
    use super::{board_array, move_object};
    use crate::args::{self, ArgError};
    use crate::js_args::{Args, NumArg};
    use crate::js_err;
    use crate::wire::{self, to_js, Js};
    use js_sys::Int8Array;
    use wasm_bindgen::JsValue;

    #[inline(never)]
    pub fn square_name(g: &dama::Game, a: Args, n: &NumArg) -> Result<String, JsValue> {
        let v = g.variant();
        let n = args::square(a.number("n", n)?)?;
        v.square(n)
            .map(|s| v.square_name(s))
            .ok_or_else(|| ArgError::Square(n.into()).into())
    }

    #[inline(never)]
    pub fn board(g: &dama::Game) -> Int8Array {
        board_array(g.variant(), g.position())
    }

    #[inline(never)]
    pub fn board_at(g: &dama::Game, a: Args, ply: &NumArg) -> Result<Int8Array, JsValue> {
        let ply = args::ply(a.number("ply", ply)?, g.ply())?;
        let pos = g.position_at(ply).map(|p| board_array(g.variant(), p));
        pos.ok_or_else(|| {
            js_err(format!(
                "no position at ply {ply}: the game has {} plies",
                g.ply()
            ))
        })
    }

    #[inline(never)]
    pub fn legal_moves(g: &dama::Game) -> Vec<Js<wire::Move>> {
        let legal = g.legal_moves();
        let v = g.variant();
        legal.iter().map(|m| move_object(v, &legal, m)).collect()
    }

    #[inline(never)]
    pub fn history(g: &dama::Game) -> Vec<Js<wire::Move>> {
        let v = g.variant();
        // Each text is written against the position it was played in.
        let at = |(i, m)| Some(move_object(v, &g.position_at(i)?.legal_moves(), m));
        g.moves().enumerate().filter_map(at).collect()
    }

    #[inline(never)]
    pub fn result(g: &dama::Game) -> Option<Js<wire::GameResult>> {
        let r = g.result()?;
        Some(to_js(&wire::GameResult {
            winner: match r.outcome {
                dama::Outcome::Win(c) => Some(c.into()),
                dama::Outcome::Draw => None,
            },
            reason: r.reason.id(),
            message: r.to_string(),
        }))
    }

    #[inline(never)]
    pub fn why_illegal(
        g: &dama::Game,
        a: Args,
        from: &NumArg,
        to: &NumArg,
    ) -> Result<Option<String>, JsValue> {
        let (from, to) = (a.number("from", from)?, a.number("to", to)?);
        // Any number but a square number 1-32 is no square (0), which gets the generic answer.
        let sq = |n: f64| args::square(n).unwrap_or(0) as u8;
        Ok(g.why_illegal(sq(from), sq(to)).map(|i| i.to_string()))
    }
}

/// The bindings of a game every holder of one has (the caller imports
/// `wasm_bindgen::prelude::*`): `$ty` holds a live `dama::Game` (its `live()`) and a core
/// value with `resign`, `lose_on_time` and `agree_draw`; `$name` is its JS name, for the
/// refusals. Each is a shim over [`read`].
macro_rules! game_readers {
    ($ty:ident, $name:literal) => {
        #[wasm_bindgen]
        impl $ty {
            /// `"italian"` or `"brazilian"`.
            #[wasm_bindgen(unchecked_return_type = "Variant")]
            pub fn variant(&self) -> String {
                self.live().variant().id().to_string()
            }

            /// The name of square `n` (1-32) as this game's move text writes it: the number
            /// in Italian, `c3` in Brazilian; throws `RangeError` outside 1-32.
            #[wasm_bindgen(js_name = squareName)]
            pub fn square_name(&self, n: $crate::js_args::NumArg) -> Result<String, JsValue> {
                let a = $crate::js_args::Args(concat!($name, ".squareName"));
                $crate::game::read::square_name(self.live(), a, &n)
            }

            /// The current position in FEN (in this game's numbering).
            pub fn fen(&self) -> String {
                self.live().fen()
            }

            /// The position the game started from, in FEN.
            #[wasm_bindgen(js_name = startFen)]
            pub fn start_fen(&self) -> String {
                dama::fen::write(self.live().start_position())
            }

            /// The key of the position (the pieces and the side to move; the game and the
            /// move counters left out): a whole number below 2^53, the same for the same
            /// position however it was reached, so a page can index the positions of many
            /// games (`PdnFile.mainline`).
            #[wasm_bindgen(js_name = positionKey)]
            pub fn position_key(&self) -> f64 {
                $crate::position_key(self.live().position())
            }

            /// `"white"` or `"black"`.
            #[wasm_bindgen(unchecked_return_type = "Color")]
            pub fn turn(&self) -> String {
                self.live().turn().name().to_string()
            }

            /// 32 cells, index i = square i+1: 0 empty, 1/2 white man/king, -1/-2 black
            /// man/king.
            pub fn board(&self) -> js_sys::Int8Array {
                $crate::game::read::board(self.live())
            }

            /// The board before ply `ply` of the game (0 = the start, `ply()` = now); throws
            /// `RangeError` for anything else (negative, fractional, NaN, past the game).
            #[wasm_bindgen(js_name = boardAt)]
            pub fn board_at(
                &self,
                ply: $crate::js_args::NumArg,
            ) -> Result<js_sys::Int8Array, JsValue> {
                let a = $crate::js_args::Args(concat!($name, ".boardAt"));
                $crate::game::read::board_at(self.live(), a, &ply)
            }

            /// The number of plies played.
            pub fn ply(&self) -> usize {
                self.live().ply()
            }

            /// The legal moves (none once the game is over).
            #[wasm_bindgen(js_name = legalMoves)]
            pub fn legal_moves(&self) -> Vec<$crate::wire::Js<$crate::wire::Move>> {
                $crate::game::read::legal_moves(self.live())
            }

            /// The moves played so far.
            pub fn history(&self) -> Vec<$crate::wire::Js<$crate::wire::Move>> {
                $crate::game::read::history(self.live())
            }

            /// `undefined` while the game goes on, else `{winner: "white"|"black"|null,
            /// reason, message}`.
            pub fn result(&self) -> Option<$crate::wire::Js<$crate::wire::GameResult>> {
                $crate::game::read::result(self.live())
            }

            /// `color` ("white" or "black") resigns; `undo()` takes it back.
            pub fn resign(&mut self, color: $crate::js_args::ColorArg) -> Result<(), JsValue> {
                let a = $crate::js_args::Args(concat!($name, ".resign"));
                self.inner.resign(a.color("color", &color)?);
                Ok(())
            }

            /// `color`'s clock ran out: `color` loses (reason `time`); `undo()` takes it back.
            #[wasm_bindgen(js_name = loseOnTime)]
            pub fn lose_on_time(
                &mut self,
                color: $crate::js_args::ColorArg,
            ) -> Result<(), JsValue> {
                let a = $crate::js_args::Args(concat!($name, ".loseOnTime"));
                self.inner.lose_on_time(a.color("color", &color)?);
                Ok(())
            }

            /// Both players agree a draw; `undo()` takes it back.
            #[wasm_bindgen(js_name = agreeDraw)]
            pub fn agree_draw(&mut self) {
                self.inner.agree_draw();
            }

            /// `undefined` if a legal move goes from `from` to `to` (square numbers in this
            /// game's numbering), else the reason in plain words, naming the rule of this game.
            #[wasm_bindgen(js_name = whyIllegal)]
            pub fn why_illegal(
                &self,
                from: $crate::js_args::NumArg,
                to: $crate::js_args::NumArg,
            ) -> Result<Option<String>, JsValue> {
                let a = $crate::js_args::Args(concat!($name, ".whyIllegal"));
                $crate::game::read::why_illegal(self.live(), a, &from, &to)
            }
        }
    };
}
pub(crate) use game_readers;

/// The game a board editor set up (the arguments of `Game.fromBoard` and `GameRecord.fromBoard`,
/// which say what is refused), checked by the core; `a` names the binding in the refusals.
pub(crate) fn game_from_board(
    a: Args,
    cells: &CellsArg,
    turn: &ColorArg,
    variant: &VariantArg,
) -> Result<dama::Game, JsValue> {
    let cells = a.cells("cells", cells)?;
    let turn = a.color("turn", turn)?;
    let v = a.variant("variant", variant)?;
    if cells.len() != 32 {
        return Err(
            js_sys::RangeError::new(&format!("{} cells: a board has 32", cells.len())).into(),
        );
    }
    let (mut white, mut black, mut kings) = (0u32, 0u32, 0u32);
    for (i, &c) in cells.iter().enumerate() {
        let bit = match v.square(i as u32 + 1) {
            Some(sq) => sq.bit(),
            None => return Err(js_err("no such square")),
        };
        // Cells are -2..2 (`Args::cells`).
        match c {
            1 | 2 => white |= bit,
            -1 | -2 => black |= bit,
            _ => {}
        }
        if c == 2 || c == -2 {
            kings |= bit;
        }
    }
    let pos = Position::from_bitboards(v, white, black, kings, turn).map_err(js_err)?;
    let game = dama::Game::from_position(pos);
    if game.result().is_some() {
        // A position with nothing to play would start a game already lost.
        let (side, own) = match turn {
            Color::White => ("White", white),
            Color::Black => ("Black", black),
        };
        let why = if own == 0 {
            "has no pieces"
        } else {
            "has no move"
        };
        return Err(js_err(format!(
            "the game would be over before it starts: {side}, to move, {why}"
        )));
    }
    Ok(game)
}
