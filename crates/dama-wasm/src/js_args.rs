//! The JS values the bindings are given, checked for their type before anything reads them.
//!
//! wasm-bindgen's glue converts a `&str`, a slice or an `f64` argument without looking at its
//! type: a number given for a string makes it reallocate memory it never allocated (a trap, or
//! a corrupted heap), an object with a `length` of -1 asks for 4 GiB (a trap), and an object's
//! `valueOf` runs in the middle of the call, after the glue has read the instance's pointer
//! (and may have freed it). So every binding takes its arguments as JS values, passed by the
//! glue as they are, and converts them here: a value of another type is a `TypeError` naming
//! the binding and the argument ("Game.play: text must be a string, not number").
//!
//! The extern types below are those JS values, each with the TypeScript type the glue's `.d.ts`
//! gives the argument (`text: string`, `variant: Variant`). The bindings take them by value: a
//! call the glue refuses before ours runs (on a freed instance) throws through wasm-bindgen's
//! code, and a value lent by reference would then never give back its slot of the glue's
//! table (after 1,024 such calls the instance traps). Converting one runs none of the caller's
//! code but in `Array.from` (a getter or proxy of an array), whose exception is caught and
//! thrown by the binding, not left to unwind through Rust.

use crate::args;
use js_sys::{Array, ArrayBuffer, TypeError, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A string argument, as JS gave it ([`Args::string`]).
    #[wasm_bindgen(typescript_type = "string")]
    pub type StrArg;

    /// A game's name, `"italian"` or `"brazilian"`, as JS gave it ([`Args::string`]; the
    /// binding reads the name).
    #[wasm_bindgen(typescript_type = "Variant")]
    pub type VariantArg;

    /// A record's kind, `"game"` or `"analysis"`, as JS gave it ([`Args::string`]; the binding
    /// reads it).
    #[wasm_bindgen(typescript_type = "RecordKind")]
    pub type KindArg;

    /// A side, `"white"` or `"black"`, as JS gave it ([`Args::string`]; the binding reads it).
    #[wasm_bindgen(typescript_type = "Color")]
    pub type ColorArg;

    /// A number argument, as JS gave it ([`Args::number`]).
    #[wasm_bindgen(typescript_type = "number")]
    pub type NumArg;

    /// Bytes, as JS gave them ([`Args::bytes`]).
    #[wasm_bindgen(typescript_type = "Uint8Array | number[]")]
    pub type BytesArg;

    /// A board editor's 32 cells, as JS gave them ([`Args::cells`]).
    #[wasm_bindgen(typescript_type = "Int8Array | number[]")]
    pub type CellsArg;

    /// PDN tags as `[[name, value], ...]`, as JS gave them ([`Args::tags`]).
    #[wasm_bindgen(typescript_type = "[string, string][]")]
    pub type TagsArg;

    /// A list of numbers, as JS gave it ([`Args::numbers`]).
    #[wasm_bindgen(typescript_type = "number[] | Float64Array")]
    pub type NumbersArg;

    // `Array.isArray` throws for a revoked proxy: caught, as a "no".
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;

    // A plain copy of an array or typed array, whose reads run no more of the caller's code.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = from)]
    fn array_from(value: &JsValue) -> Result<Array, JsValue>;

    // A copy of bytes, `new Uint8Array(bytes)`, whose reads run none of the caller's code (a
    // subclass's getters), made here, where a detached buffer's exception is caught.
    #[wasm_bindgen(js_name = Uint8Array)]
    type BytesCopy;

    #[wasm_bindgen(catch, constructor, js_class = "Uint8Array")]
    fn new(bytes: &JsValue) -> Result<BytesCopy, JsValue>;
}

/// `value`'s type for a message: its `typeof`, but `null` and `array` told apart.
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if is_array(value).unwrap_or(false) {
        "array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// The arguments of one binding, named in its refusals: `Args("Game.play")`.
#[derive(Clone, Copy)]
pub struct Args(pub &'static str);

impl Args {
    /// `value` as `get` reads it, or a `TypeError` "{binding}: {name} must be {what}, not
    /// {its type}": the one check every conversion below makes.
    fn typed<T>(
        self,
        name: &str,
        what: &str,
        value: &JsValue,
        get: impl FnOnce(&JsValue) -> Option<T>,
    ) -> Result<T, JsValue> {
        get(value).ok_or_else(|| self.wrong(name, what, value))
    }

    // Apart from `typed`, which is copied for each `get`: the message is written once.
    #[cold]
    fn wrong(self, name: &str, what: &str, value: &JsValue) -> JsValue {
        let msg = format!(
            "{}: {name} must be {what}, not {}",
            self.0,
            type_name(value)
        );
        TypeError::new(&msg).into()
    }

    /// A string (not a `String` object, nor anything converted to one): a [`StrArg`], or a
    /// [`VariantArg`] or [`ColorArg`], whose names the binding reads.
    #[inline(never)]
    pub fn string(self, name: &str, value: &JsValue) -> Result<String, JsValue> {
        self.typed(name, "a string", value, JsValue::as_string)
    }

    /// The game a [`VariantArg`] names (`"italian"` or `"brazilian"`; the PDN game types
    /// too): there is no default, the caller says which game it means. An `Error` for another
    /// name, a `TypeError` for a value that is no string.
    pub fn variant(self, name: &str, value: &JsValue) -> Result<dama::Variant, JsValue> {
        let id = self.string(name, value)?;
        dama::Variant::from_id(&id).map_err(crate::js_err)
    }

    /// A side (a [`ColorArg`]): `"white"` or `"black"`; an `Error` for another word, a
    /// `TypeError` for a value that is no string.
    pub fn color(self, name: &str, value: &JsValue) -> Result<dama::Color, JsValue> {
        let sides = [("white", dama::Color::White), ("black", dama::Color::Black)];
        self.word(name, value, sides)
    }

    /// A record's kind (a [`KindArg`]): `"game"` or `"analysis"`; an `Error` for another word,
    /// a `TypeError` for a value that is no string.
    pub fn kind(self, name: &str, value: &JsValue) -> Result<dama::RecordKind, JsValue> {
        let kinds = [
            ("game", dama::RecordKind::Game),
            ("analysis", dama::RecordKind::Analysis),
        ];
        self.word(name, value, kinds)
    }

    /// One of two words, as what it stands for; an `Error` naming both for another word.
    fn word<T>(self, name: &str, value: &JsValue, words: [(&str, T); 2]) -> Result<T, JsValue> {
        let s = self.string(name, value)?;
        let [(a, _), (b, _)] = words;
        let wrong = || crate::js_err(format!("{name} must be \"{a}\" or \"{b}\", not {s:?}"));
        let found = words.into_iter().find(|(w, _)| *w == s);
        found.map(|(_, t)| t).ok_or_else(wrong)
    }

    /// A string, or nothing for `undefined` or `null`.
    #[inline(never)]
    pub fn opt_string(self, name: &str, value: Option<StrArg>) -> Result<Option<String>, JsValue> {
        value
            .map(|v| self.typed(name, "a string or left out", &v, JsValue::as_string))
            .transpose()
    }

    /// A number, NaN and the infinities included (the range checks of `args` refuse them).
    #[inline(never)]
    pub fn number(self, name: &str, value: &NumArg) -> Result<f64, JsValue> {
        self.typed(name, "a number", value, JsValue::as_f64)
    }

    /// A copy of an array (or, with `views`, of a typed array), whose reads run none of the
    /// caller's code; `what` says what the binding takes.
    fn items(self, name: &str, what: &str, value: &JsValue, views: bool) -> Result<Array, JsValue> {
        let listed =
            |v: &JsValue| is_array(v).unwrap_or(false) || (views && ArrayBuffer::is_view(v));
        self.typed(name, what, value, |v| listed(v).then_some(()))?;
        array_from(value)
    }

    /// The numbers of an array or typed array; an item that is no number is a `TypeError`
    /// naming it (`nags[2]`).
    fn list(self, name: &str, what: &str, value: &JsValue) -> Result<Vec<f64>, JsValue> {
        let items = self.items(name, what, value, true)?;
        let mut out = Vec::with_capacity(items.length() as usize);
        for (i, x) in items.iter().enumerate() {
            let wrong = || self.wrong(&format!("{name}[{i}]"), "a number", &x);
            out.push(x.as_f64().ok_or_else(wrong)?);
        }
        Ok(out)
    }

    /// The numbers of an array or typed array as whole numbers in `lo..=hi` (`RangeError` for
    /// another number).
    fn whole(
        self,
        name: &'static str,
        what: &str,
        value: &JsValue,
        lo: i32,
        hi: i32,
    ) -> Result<Vec<i32>, JsValue> {
        let numbers = self.list(name, what, value)?;
        let mut out = Vec::with_capacity(numbers.len());
        for (i, &n) in numbers.iter().enumerate() {
            out.push(args::element(name, i, n, lo, hi)?);
        }
        Ok(out)
    }

    /// The numbers of an array or a typed array.
    pub fn numbers(self, name: &str, value: &NumbersArg) -> Result<Vec<f64>, JsValue> {
        self.list(name, "an array of numbers", value)
    }

    /// Bytes from a `Uint8Array` (copied at once) or an array of whole numbers 0-255.
    pub fn bytes(self, name: &'static str, value: &BytesArg) -> Result<Vec<u8>, JsValue> {
        // A Uint8Array (is_view: not a proxy of one) is copied at once.
        if ArrayBuffer::is_view(value) && value.is_instance_of::<Uint8Array>() {
            return Ok(BytesCopy::new(value)?
                .unchecked_into::<Uint8Array>()
                .to_vec());
        }
        let bytes = self.whole(name, "a Uint8Array or an array of numbers", value, 0, 255)?;
        Ok(bytes.into_iter().map(|b| b as u8).collect())
    }

    /// Bytes as [`bytes`](Args::bytes) takes them, read a piece at a time: a `Uint8Array` is
    /// copied on the JS side only (its own memory, given back once read) and then into wasm
    /// memory a chunk at each read, so a file of hundreds of megabytes (the 5-piece endgame
    /// tables) never sits in wasm memory twice, which never shrinks.
    pub fn byte_reader(self, name: &'static str, value: &BytesArg) -> Result<ByteReader, JsValue> {
        if ArrayBuffer::is_view(value) && value.is_instance_of::<Uint8Array>() {
            let copy: Uint8Array = BytesCopy::new(value)?.unchecked_into();
            return Ok(ByteReader::Js {
                len: copy.length(),
                array: copy,
                at: 0,
            });
        }
        Ok(ByteReader::Copied(std::io::Cursor::new(
            self.bytes(name, value)?,
        )))
    }

    /// A board editor's cells from an `Int8Array` or an array: whole numbers -2..2.
    pub fn cells(self, name: &'static str, value: &CellsArg) -> Result<Vec<i8>, JsValue> {
        let cells = self.whole(name, "an Int8Array or an array of numbers", value, -2, 2)?;
        Ok(cells.into_iter().map(|c| c as i8).collect())
    }

    /// `[[name, value], ...]`, each name and value a string.
    pub fn tags(self, name: &str, value: &TagsArg) -> Result<Vec<(String, String)>, JsValue> {
        let items = self.items(name, "an array of [name, value] pairs", value, false)?;
        let pair = |item: &JsValue| {
            let pair = is_array(item).ok()?.then(|| array_from(item).ok())??;
            match (
                pair.length(),
                pair.get(0).as_string(),
                pair.get(1).as_string(),
            ) {
                (2, Some(k), Some(v)) => Some((k, v)),
                _ => None,
            }
        };
        let mut out = Vec::with_capacity(items.length() as usize);
        for (i, x) in items.iter().enumerate() {
            let what = "a [name, value] pair of strings";
            out.push(pair(&x).ok_or_else(|| self.wrong(&format!("{name}[{i}]"), what, &x))?);
        }
        Ok(out)
    }
}

/// Bytes read in order, from a JS copy or from wasm memory ([`Args::byte_reader`]).
pub enum ByteReader {
    /// A `Uint8Array` of this module's own making (no caller's code runs on reads).
    Js {
        /// The bytes.
        array: Uint8Array,
        /// Their number.
        len: u32,
        /// The next byte to read.
        at: u32,
    },
    /// Bytes already in wasm memory.
    Copied(std::io::Cursor<Vec<u8>>),
}

impl ByteReader {
    /// How many bytes there are in all.
    pub fn len(&self) -> u64 {
        match self {
            ByteReader::Js { len, .. } => u64::from(*len),
            ByteReader::Copied(c) => c.get_ref().len() as u64,
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::io::Read for ByteReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            ByteReader::Js { array, len, at } => {
                let n = (*len - *at).min(u32::try_from(buf.len()).unwrap_or(u32::MAX));
                array.subarray(*at, *at + n).copy_to(&mut buf[..n as usize]);
                *at += n;
                Ok(n as usize)
            }
            ByteReader::Copied(c) => c.read(buf),
        }
    }
}
