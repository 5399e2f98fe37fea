//! A stored game in PDN: its tags, its moves through the core's record (so the text is what
//! the analysis board reads), each move's clock after it in a `[%clk h:mm:ss]` comment, and
//! its result.

use crate::store::StoredGame;
use dama::{Color, Game, GameRecord, Outcome, RecordKind};

/// The PDN result token of an outcome.
pub fn result(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(Color::White) => "1-0",
        Outcome::Win(Color::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

/// `ms` as a `%clk` time, h:mm:ss (tenths dropped, as lichess writes them).
fn clk(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// The date of Unix milliseconds `ms`, as PDN writes it (YYYY.MM.DD, UTC).
fn date(ms: i64) -> String {
    // Days to a civil date (Howard Hinnant's algorithm), to need no calendar crate.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Game `g` in PDN; refused (with the reason) when a stored move does not replay.
pub fn write(g: &StoredGame) -> Result<String, String> {
    let s = &g.game;
    let start = *Game::new(s.variant).start_position();
    let mut r = GameRecord::new(RecordKind::Game, start);
    let control = format!("{}+{}", s.base_ms / 1000, s.increment_ms / 1000);
    let tags = [
        ("Event", "dama online".to_owned()),
        ("Site", "dama".to_owned()),
        ("Date", date(s.started_at)),
        ("White", s.white.name.clone()),
        ("Black", s.black.name.clone()),
        ("TimeControl", control),
    ];
    for (k, v) in &tags {
        r.set_tag(k, Some(v)).map_err(|e| e.to_string())?;
    }
    for m in &g.moves {
        r.play_text(&m.text)
            .map_err(|e| format!("move {}: {e}", m.text))?;
        r.set_comment(r.cursor(), Some(clk(m.clock_ms)))
            .map_err(|e| e.to_string())?;
    }
    if let Some(o) = s.outcome {
        r.set_result(result(o)).map_err(|e| e.to_string())?;
    }
    Ok(r.to_pdn())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_and_dates() {
        assert_eq!(clk(299_500), "[%clk 0:04:59]");
        assert_eq!(clk(3_723_000), "[%clk 1:02:03]");
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(951_782_400_000), "2000.02.29");
        assert_eq!(date(1_798_761_600_000), "2027.01.01");
    }
}
