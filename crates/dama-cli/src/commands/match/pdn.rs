//! The games of a match as PDN: each with the engines' names, how it ended and a comment on a
//! forfeit, written to the `--pdn` file in the order of the games.

use super::record::Record;
use dama::{Color, Game, Variant};
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};

/// The `--pdn` file, written a game at a time in the order of the games, so a match keeps only
/// the games that finished ahead of an earlier one, not every game to the end.
pub struct PdnOut {
    path: String,
    file: BufWriter<std::fs::File>,
    /// The number of the next game to write.
    next: usize,
    /// Games finished ahead of it, as PDN text.
    waiting: BTreeMap<usize, String>,
    /// The first failure; nothing more is written after it.
    error: Option<String>,
}

impl PdnOut {
    /// Opens the file, refusing one that cannot be written before any game is played:
    /// creating it is not enough, since a full disk (or `/dev/full`) only refuses the first
    /// write.
    pub fn create(path: &str) -> Result<PdnOut, String> {
        let failed = |e: std::io::Error| format!("cannot write {path}: {e}");
        let mut f = std::fs::File::create(path).map_err(failed)?;
        f.write_all(b"\n")
            .and_then(|()| f.flush())
            .map_err(failed)?;
        // Again, to start it empty.
        let f = std::fs::File::create(path).map_err(failed)?;
        Ok(PdnOut {
            path: path.to_string(),
            file: BufWriter::new(f),
            next: 1,
            waiting: BTreeMap::new(),
            error: None,
        })
    }

    /// Takes game `number`'s PDN, writing it and the games waiting for it when its turn came.
    pub fn add(&mut self, number: usize, pdn: Result<String, String>) {
        match pdn {
            Ok(text) => {
                self.waiting.insert(number, text);
            }
            Err(e) => {
                self.error
                    .get_or_insert_with(|| format!("game {number} not saved: {e}"));
            }
        }
        while let Some(text) = self.waiting.remove(&self.next) {
            self.write(&text);
            self.next += 1;
        }
    }

    fn write(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = self.file.write_all(text.as_bytes())
        {
            self.error = Some(format!("cannot write {}: {e}", self.path));
        }
    }

    /// Writes the games still waiting (after one that was never played) and says whether
    /// everything was saved.
    pub fn finish(mut self) -> Result<(), String> {
        for text in std::mem::take(&mut self.waiting).into_values() {
            self.write(&text);
        }
        if let Err(e) = self.file.flush() {
            self.error
                .get_or_insert_with(|| format!("cannot write {}: {e}", self.path));
        }
        self.error.map_or(Ok(()), Err)
    }
}

/// A game as PDN, with the engines' names, how the game ended (`Termination`) and a comment on
/// a forfeit, followed by an empty line.
pub fn game_pdn(variant: Variant, r: &Record, specs: &[String; 2]) -> Result<String, String> {
    let mut game = Game::from_fen(variant, &r.opening_fen).map_err(|e| e.to_string())?;
    for m in &r.moves {
        game.play_text(m).map_err(|e| e.to_string())?;
    }
    // Not over by the rules: declare the result, so the PDN carries it.
    match (r.pdn_result, game.result().is_none()) {
        ("1/2-1/2", true) => game.agree_draw(),
        ("1-0", true) => game.resign(Color::Black),
        ("0-1", true) => game.resign(Color::White),
        _ => {}
    }
    let label = |side: usize| match &r.names[side] {
        Some(n) => format!("{n} ({})", specs[side]),
        None => specs[side].clone(),
    };
    let (white, black) = if r.a_white {
        (label(0), label(1))
    } else {
        (label(1), label(0))
    };
    let tags = vec![
        ("Event".to_string(), "dama match".to_string()),
        ("Round".to_string(), r.number.to_string()),
        ("White".to_string(), white),
        ("Black".to_string(), black),
        ("Termination".to_string(), r.termination().to_string()),
    ];
    let mut text = dama::pdn::write_game(&game, &tags);
    if let Some(p) = &r.problem {
        // A comment before the result token, which ends the text.
        let result = format!(" {}\n", r.pdn_result);
        let comment: String = p.chars().filter(|c| !matches!(c, '{' | '}')).collect();
        if let Some(body) = text.strip_suffix(&result[1..]) {
            let body = body.strip_suffix(' ').unwrap_or(body);
            let sep = if body.ends_with('\n') { "" } else { "\n" };
            text = format!("{body}{sep}{{{comment}}}{result}");
        }
    }
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_games_are_written_in_order_as_soon_as_they_can_be() {
        let path = std::env::temp_dir().join(format!("dama-pdn-out-{}.pdn", std::process::id()));
        let path = path.to_str().unwrap();
        let mut out = PdnOut::create(path).unwrap();
        let read = || std::fs::read_to_string(path).unwrap();
        out.add(2, Ok("two\n".into()));
        out.file.flush().unwrap();
        assert_eq!(read(), "", "game 2 waits for game 1");
        out.add(1, Ok("one\n".into()));
        out.file.flush().unwrap();
        assert_eq!(read(), "one\ntwo\n");
        assert!(out.waiting.is_empty());
        // Game 4 is still saved when game 3 never came (the match stopped).
        out.add(4, Ok("four\n".into()));
        out.finish().unwrap();
        assert_eq!(read(), "one\ntwo\nfour\n");
        let mut out = PdnOut::create(path).unwrap();
        out.add(1, Err("bad move".into()));
        out.add(2, Ok("two\n".into()));
        assert_eq!(out.finish(), Err("game 1 not saved: bad move".into()));
        std::fs::remove_file(path).unwrap();
        assert!(PdnOut::create("/dev/full").is_err());
    }
}
