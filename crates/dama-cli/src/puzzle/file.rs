//! The puzzles' data file: written by [`write_file`], read back by [`parse_file`] with every
//! field checked (see `docs/PUZZLES.md`).

use super::{Puzzle, Theme};
use dama::Variant;

/// The version of the data file's format written by [`write_file`].
pub const FORMAT: u32 = 1;

/// A puzzle with its id in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `it-001`, `it-002`, ... (`br-` in Brazilian), in the file's order.
    pub id: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// A data file read by [`parse_file`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFile {
    /// The game the FENs and moves are written in.
    pub variant: Variant,
    /// The command that made the file.
    pub generator: String,
    /// The puzzles, easiest first.
    pub puzzles: Vec<Entry>,
}

/// The prefix of the ids of `variant`'s puzzles.
fn id_prefix(variant: Variant) -> &'static str {
    match variant {
        Variant::Italian => "it",
        Variant::Brazilian => "br",
    }
}

/// Writes the data file: `{"format":1,"variant":...,"generator":...,"puzzles":[...]}` with
/// one puzzle a line (so a regenerated file diffs well), sorted by rating then FEN, numbered
/// in that order.
pub fn write_file(variant: Variant, generator: &str, puzzles: &[Puzzle]) -> String {
    let mut sorted: Vec<&Puzzle> = puzzles.iter().collect();
    sorted.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.fen.cmp(&b.fen)));
    let width = sorted.len().to_string().len().max(3);
    let mut out = format!(
        "{{\"format\":{FORMAT},\"variant\":{},\"generator\":{},\"puzzles\":[\n",
        json_string(variant.id()),
        json_string(generator)
    );
    for (i, p) in sorted.iter().enumerate() {
        let id = format!("{}-{:0width$}", id_prefix(variant), i + 1);
        let list = |items: Vec<&str>| {
            let v: Vec<String> = items.into_iter().map(json_string).collect();
            format!("[{}]", v.join(","))
        };
        out.push_str(&format!(
            "{{\"id\":{},\"fen\":{},\"line\":{},\"themes\":{},\"rating\":{},\"depth\":{},\"score\":{},\"ply\":{}}}",
            json_string(&id),
            json_string(&p.fen),
            list(p.line.iter().map(String::as_str).collect()),
            list(p.themes.iter().map(|t| t.name()).collect()),
            p.rating,
            p.depth,
            p.score,
            p.ply
        ));
        out.push_str(if i + 1 < sorted.len() { ",\n" } else { "\n" });
    }
    out.push_str("]}\n");
    out
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Reads a data file written by [`write_file`] (any JSON layout of the same fields). Checks
/// the shape, the format version, the game, the themes and that the ids are unique; not that
/// the positions and lines are legal (that is [`check_line`]'s work).
pub fn parse_file(text: &str) -> Result<PuzzleFile, String> {
    let value = json::parse(text)?;
    let top = value.object().ok_or("the file is not a JSON object")?;
    let format = json::field(top, "format")?
        .integer()
        .ok_or("format is not a number")?;
    if format != i64::from(FORMAT) {
        return Err(format!("format {format}: only {FORMAT} is known"));
    }
    let variant_id = json::field(top, "variant")?
        .string()
        .ok_or("variant is not a string")?;
    let variant = Variant::from_id(variant_id).map_err(|e| e.to_string())?;
    let generator = json::field(top, "generator")?
        .string()
        .ok_or("generator is not a string")?
        .to_string();
    let list = json::field(top, "puzzles")?
        .array()
        .ok_or("puzzles is not an array")?;
    let mut puzzles = Vec::with_capacity(list.len());
    let mut ids = std::collections::HashSet::new();
    for (i, v) in list.iter().enumerate() {
        let entry = read_entry(v).map_err(|e| format!("puzzle {}: {e}", i + 1))?;
        if !ids.insert(entry.id.clone()) {
            return Err(format!("puzzle {}: the id {} repeats", i + 1, entry.id));
        }
        puzzles.push(entry);
    }
    Ok(PuzzleFile {
        variant,
        generator,
        puzzles,
    })
}

fn read_entry(v: &json::Value) -> Result<Entry, String> {
    let o = v.object().ok_or("not an object")?;
    let string = |name: &str| -> Result<String, String> {
        json::field(o, name)?
            .string()
            .map(str::to_string)
            .ok_or(format!("{name} is not a string"))
    };
    let strings = |name: &str| -> Result<Vec<String>, String> {
        let a = json::field(o, name)?
            .array()
            .ok_or(format!("{name} is not an array"))?;
        a.iter()
            .map(|s| {
                s.string()
                    .map(str::to_string)
                    .ok_or(format!("{name} holds a non-string"))
            })
            .collect()
    };
    let number = |name: &str| -> Result<i64, String> {
        json::field(o, name)?
            .integer()
            .ok_or(format!("{name} is not a whole number"))
    };
    let unsigned = |name: &str| -> Result<u32, String> {
        u32::try_from(number(name)?).map_err(|_| format!("{name} is out of range"))
    };
    let themes = strings("themes")?
        .iter()
        .map(|t| Theme::from_name(t).ok_or(format!("unknown theme {t:?}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Entry {
        id: string("id")?,
        puzzle: Puzzle {
            fen: string("fen")?,
            line: strings("line")?,
            themes,
            rating: unsigned("rating")?,
            depth: unsigned("depth")?,
            score: i32::try_from(number("score")?).map_err(|_| "score is out of range")?,
            ply: unsigned("ply")?,
        },
    })
}

/// A small JSON reader, enough for the data file: no dependency, and no panic or unbounded
/// recursion on any input.
mod json {
    /// A JSON value.
    #[derive(Debug, PartialEq)]
    pub enum Value {
        Null,
        Bool(bool),
        Number(f64),
        String(String),
        Array(Vec<Value>),
        /// Fields in the order written (a repeated name keeps its first value).
        Object(Vec<(String, Value)>),
    }

    impl Value {
        pub fn object(&self) -> Option<&[(String, Value)]> {
            match self {
                Value::Object(f) => Some(f),
                _ => None,
            }
        }
        pub fn array(&self) -> Option<&[Value]> {
            match self {
                Value::Array(a) => Some(a),
                _ => None,
            }
        }
        pub fn string(&self) -> Option<&str> {
            match self {
                Value::String(s) => Some(s),
                _ => None,
            }
        }
        /// A number with no fraction, within 2^53 (where a double is exact).
        pub fn integer(&self) -> Option<i64> {
            match self {
                Value::Number(n) if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0 => {
                    Some(*n as i64)
                }
                _ => None,
            }
        }
    }

    /// The value of field `name`.
    pub fn field<'a>(o: &'a [(String, Value)], name: &str) -> Result<&'a Value, String> {
        o.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
            .ok_or_else(|| format!("no field {name:?}"))
    }

    /// Nesting deeper than this is refused (the file needs three levels).
    const MAX_DEPTH: usize = 64;

    /// Reads one JSON value, with nothing but white space after it.
    pub fn parse(text: &str) -> Result<Value, String> {
        let mut p = Parser {
            s: text.as_bytes(),
            at: 0,
        };
        let v = p.value(0)?;
        p.space();
        if p.at != p.s.len() {
            return Err(p.error("text after the value"));
        }
        Ok(v)
    }

    struct Parser<'a> {
        s: &'a [u8],
        at: usize,
    }

    impl Parser<'_> {
        fn error(&self, what: &str) -> String {
            // The line and column, for a person fixing the file.
            let before = &self.s[..self.at.min(self.s.len())];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            format!("JSON: {what} at line {line}, column {col}")
        }

        fn space(&mut self) {
            while self
                .s
                .get(self.at)
                .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
            {
                self.at += 1;
            }
        }

        fn eat(&mut self, word: &str) -> bool {
            if self.s[self.at..].starts_with(word.as_bytes()) {
                self.at += word.len();
                true
            } else {
                false
            }
        }

        fn value(&mut self, depth: usize) -> Result<Value, String> {
            if depth > MAX_DEPTH {
                return Err(self.error("too deeply nested"));
            }
            self.space();
            match self.s.get(self.at) {
                None => Err(self.error("unexpected end")),
                Some(b'{') => self.object(depth),
                Some(b'[') => self.array(depth),
                Some(b'"') => self.string().map(Value::String),
                Some(b'-' | b'0'..=b'9') => self.number(),
                Some(_) if self.eat("true") => Ok(Value::Bool(true)),
                Some(_) if self.eat("false") => Ok(Value::Bool(false)),
                Some(_) if self.eat("null") => Ok(Value::Null),
                Some(_) => Err(self.error("unexpected character")),
            }
        }

        fn object(&mut self, depth: usize) -> Result<Value, String> {
            self.at += 1;
            let mut fields: Vec<(String, Value)> = Vec::new();
            self.space();
            if self.eat("}") {
                return Ok(Value::Object(fields));
            }
            loop {
                self.space();
                if self.s.get(self.at) != Some(&b'"') {
                    return Err(self.error("expected a field name"));
                }
                let key = self.string()?;
                self.space();
                if !self.eat(":") {
                    return Err(self.error("expected ':'"));
                }
                let v = self.value(depth + 1)?;
                if !fields.iter().any(|(k, _)| *k == key) {
                    fields.push((key, v));
                }
                self.space();
                if self.eat(",") {
                    continue;
                }
                if self.eat("}") {
                    return Ok(Value::Object(fields));
                }
                return Err(self.error("expected ',' or '}'"));
            }
        }

        fn array(&mut self, depth: usize) -> Result<Value, String> {
            self.at += 1;
            let mut items = Vec::new();
            self.space();
            if self.eat("]") {
                return Ok(Value::Array(items));
            }
            loop {
                items.push(self.value(depth + 1)?);
                self.space();
                if self.eat(",") {
                    continue;
                }
                if self.eat("]") {
                    return Ok(Value::Array(items));
                }
                return Err(self.error("expected ',' or ']'"));
            }
        }

        fn number(&mut self) -> Result<Value, String> {
            let start = self.at;
            while self
                .s
                .get(self.at)
                .is_some_and(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
            {
                self.at += 1;
            }
            let text = core::str::from_utf8(&self.s[start..self.at]).unwrap_or("");
            // Rust's float syntax is wider than JSON's (`+1`, `.5`, `1.`): check the shape.
            let digits = text.strip_prefix('-').unwrap_or(text);
            let (int, rest) = digits.split_at(
                digits
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(digits.len()),
            );
            let ok_int = int == "0" || (!int.is_empty() && !int.starts_with('0'));
            let ok_rest = {
                let (frac, exp) = match rest.find(['e', 'E']) {
                    Some(i) => rest.split_at(i),
                    None => (rest, ""),
                };
                let frac_ok = frac.is_empty()
                    || frac
                        .strip_prefix('.')
                        .is_some_and(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
                let exp_ok = exp.is_empty() || {
                    let e = &exp[1..];
                    let e = e.strip_prefix(['+', '-']).unwrap_or(e);
                    !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit())
                };
                frac_ok && exp_ok
            };
            match text.parse::<f64>() {
                Ok(n) if ok_int && ok_rest && n.is_finite() => Ok(Value::Number(n)),
                _ => {
                    self.at = start;
                    Err(self.error("bad number"))
                }
            }
        }

        fn hex4(&mut self) -> Result<u32, String> {
            let digits = self
                .s
                .get(self.at..self.at + 4)
                .and_then(|d| core::str::from_utf8(d).ok())
                .and_then(|d| u32::from_str_radix(d, 16).ok().filter(|_| !d.contains('+')))
                .ok_or_else(|| self.error("bad \\u escape"))?;
            self.at += 4;
            Ok(digits)
        }

        fn string(&mut self) -> Result<String, String> {
            self.at += 1;
            let mut out = Vec::new();
            loop {
                let Some(&b) = self.s.get(self.at) else {
                    return Err(self.error("unterminated string"));
                };
                self.at += 1;
                match b {
                    b'"' => {
                        return String::from_utf8(out).map_err(|_| self.error("invalid UTF-8"));
                    }
                    b'\\' => {
                        let Some(&e) = self.s.get(self.at) else {
                            return Err(self.error("unterminated string"));
                        };
                        self.at += 1;
                        let c = match e {
                            b'"' => '"',
                            b'\\' => '\\',
                            b'/' => '/',
                            b'b' => '\u{8}',
                            b'f' => '\u{c}',
                            b'n' => '\n',
                            b'r' => '\r',
                            b't' => '\t',
                            b'u' => {
                                let hi = self.hex4()?;
                                let code = if (0xD800..0xDC00).contains(&hi) && self.eat("\\u") {
                                    let lo = self.hex4()?;
                                    if !(0xDC00..0xE000).contains(&lo) {
                                        return Err(self.error("bad surrogate pair"));
                                    }
                                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                } else {
                                    hi
                                };
                                char::from_u32(code).ok_or_else(|| self.error("bad code point"))?
                            }
                            _ => return Err(self.error("bad escape")),
                        };
                        let mut buf = [0; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                    b if b < 0x20 => return Err(self.error("control character in a string")),
                    b => out.push(b),
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn reads_values_and_refuses_bad_text() {
            let v = parse(r#" {"a":[1,-2.5e1,"x\u00e9\n"],"b":{"c":null,"d":true}} "#).unwrap();
            let o = v.object().unwrap();
            let a = field(o, "a").unwrap().array().unwrap();
            assert_eq!(a[0].integer(), Some(1));
            assert_eq!(a[1], Value::Number(-25.0));
            assert_eq!(a[2].string(), Some("x\u{e9}\n"));
            for bad in [
                "",
                "{",
                "[1,]",
                "{\"a\" 1}",
                "01",
                "+1",
                ".5",
                "1.",
                "\"\\x\"",
                "[1] 2",
                "\"\\ud800\\u0041\"",
                "nul",
                "\"\u{1}\"",
                "1e",
                "-",
            ] {
                assert!(parse(bad).is_err(), "{bad:?}");
            }
            let deep = "[".repeat(10_000);
            assert!(parse(&deep).is_err());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Theme;

    #[test]
    fn the_file_round_trips_sorted_by_rating() {
        let p = |fen: &str, rating| Puzzle {
            fen: fen.to_string(),
            line: vec!["21-17".into(), "14x21".into(), "25x18".into()],
            themes: vec![Theme::Shot, Theme::Long],
            rating,
            depth: 5,
            score: 312,
            ply: 23,
        };
        let puzzles = vec![p("W:W21:B14", 1500), p("W:W25:B14", 1200)];
        let text = write_file(Variant::Italian, "dama puzzles \"x\"", &puzzles);
        assert_eq!(text.lines().count(), 4, "{text}");
        let f = parse_file(&text).unwrap();
        assert_eq!(f.variant, Variant::Italian);
        assert_eq!(f.generator, "dama puzzles \"x\"");
        assert_eq!(f.puzzles[0].id, "it-001");
        assert_eq!(f.puzzles[0].puzzle, puzzles[1]);
        assert_eq!(f.puzzles[1].puzzle, puzzles[0]);
        let dup = text.replace("it-002", "it-001");
        assert!(parse_file(&dup).unwrap_err().contains("repeats"));
        assert!(parse_file(&text.replace("\"shot\"", "\"fork\"")).is_err());
        assert!(parse_file(&text.replace("\"format\":1", "\"format\":2")).is_err());
        assert!(parse_file(&text.replace("1200", "12.5")).is_err());
    }
}
