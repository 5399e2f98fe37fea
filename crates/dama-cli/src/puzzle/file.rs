//! The puzzles' data file: written by [`write_file`], read back by [`parse_file`] with every
//! field checked (see `docs/PUZZLES.md`).

use super::{Puzzle, Theme};
use dama::Variant;
use serde_json::{Map, Value};

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
    serde_json::Value::from(s).to_string()
}

/// Reads a data file written by [`write_file`] (any JSON layout of the same fields). Checks
/// the shape, the format version, the game, the themes and that the ids are unique; not that
/// the positions and lines are legal (that is [`check_line`]'s work).
pub fn parse_file(text: &str) -> Result<PuzzleFile, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("JSON: {e}"))?;
    let top = value.as_object().ok_or("the file is not a JSON object")?;
    let format = field(top, "format")?
        .as_u64()
        .ok_or("format is not a whole number")?;
    if format != u64::from(FORMAT) {
        return Err(format!("format {format}: only {FORMAT} is known"));
    }
    let variant_id = field(top, "variant")?
        .as_str()
        .ok_or("variant is not a string")?;
    let variant = Variant::from_id(variant_id).map_err(|e| e.to_string())?;
    let generator = field(top, "generator")?
        .as_str()
        .ok_or("generator is not a string")?
        .to_string();
    let list = field(top, "puzzles")?
        .as_array()
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

/// The value of field `name` of an object.
fn field<'a>(o: &'a Map<String, Value>, name: &str) -> Result<&'a Value, String> {
    o.get(name).ok_or_else(|| format!("no field {name:?}"))
}

fn read_entry(v: &Value) -> Result<Entry, String> {
    let o = v.as_object().ok_or("not an object")?;
    let string = |name: &str| -> Result<String, String> {
        field(o, name)?
            .as_str()
            .map(str::to_string)
            .ok_or(format!("{name} is not a string"))
    };
    let strings = |name: &str| -> Result<Vec<String>, String> {
        let a = field(o, name)?
            .as_array()
            .ok_or(format!("{name} is not an array"))?;
        a.iter()
            .map(|s| {
                s.as_str()
                    .map(str::to_string)
                    .ok_or(format!("{name} holds a non-string"))
            })
            .collect()
    };
    let number = |name: &str| -> Result<i64, String> {
        field(o, name)?
            .as_i64()
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
