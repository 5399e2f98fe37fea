//! The Hub's texts: moves, positions and scores as the protocol writes and reads them, and
//! the `info` and `done` lines.

use dama::engine::{Info, SearchResult, MATE, MATE_BOUND};
use dama::{notation, Color, Game, Move, MoveList, Position, Variant};

/// How to write moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notation {
    /// `22-18`, `22x13`, and the landing path `27x18x11x4` only where two captures share from
    /// and to.
    Standard,
    /// Scan's: from x to x each captured piece, for every capture (`27x4x23x15x8`).
    Hub,
}

/// A move of `variant` with that game's square numbers, given the legal moves it belongs to.
///
/// ```
/// use dama::{Position, Variant};
/// use dama_cli::hub::{move_text, Notation};
/// let pos = Position::start(Variant::Italian);
/// let legal = pos.with_variant(Variant::Brazilian).legal_moves();
/// let c3d4 = legal.iter().find(|m| dama::notation::move_text_among(Variant::Brazilian, &legal, m) == "c3-d4").unwrap();
/// assert_eq!(move_text(Variant::Brazilian, &legal, c3d4, Notation::Standard), "22-18");
/// ```
pub fn move_text(variant: Variant, legal: &MoveList, m: &Move, notation: Notation) -> String {
    let n = |s| variant.square_number(s).to_string();
    if !m.is_capture() {
        return format!("{}-{}", n(m.from()), n(m.to()));
    }
    let mut s = format!("{}x", n(m.from()));
    match notation {
        Notation::Standard => {
            let ambiguous = legal
                .iter()
                .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured());
            if ambiguous {
                let path: Vec<String> = m.path().map(n).collect();
                s.push_str(&path.join("x"));
            } else {
                s.push_str(&n(m.to()));
            }
        }
        Notation::Hub => {
            s.push_str(&n(m.to()));
            for c in m.captured_in_order() {
                s.push('x');
                s.push_str(&n(c));
            }
        }
    }
    s
}

/// Reads a move of `variant` in any form [`move_text`] writes, and in the game's own notation
/// (algebraic in Brazilian). With three or more squares the numeric readings cannot both
/// match: Scan's names occupied squares (the captured pieces) where the landing path names
/// empty ones.
pub fn parse_move(variant: Variant, legal: &MoveList, text: &str) -> Result<Move, String> {
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    if parts.len() >= 3 {
        let squares: Option<Vec<dama::Square>> = parts
            .iter()
            .map(|p| p.parse().ok().and_then(|n| variant.square(n)))
            .collect();
        if let Some(sq) = squares {
            let captured = sq[2..].iter().fold(0u32, |c, s| c | s.bit());
            let found = legal.iter().find(|m| {
                m.from() == sq[0]
                    && m.to() == sq[1]
                    && m.captured() == captured
                    && m.capture_count() as usize == sq.len() - 2
            });
            if let Some(m) = found {
                return Ok(*m);
            }
        }
    }
    notation::parse_among(variant, legal, text).map_err(|e| e.to_string())
}

/// Reads Hub's position string: the side to move, then each square 1-32 of `variant`'s
/// numbering.
pub fn parse_position(variant: Variant, s: &str) -> Result<Position, String> {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() != 33 {
        return Err(format!(
            "a position is the side to move and 32 squares (33 characters), got {}",
            chars.len()
        ));
    }
    let turn = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        c => return Err(format!("the side to move must be W or B, got {c:?}")),
    };
    let (mut white, mut black, mut kings) = (0u32, 0u32, 0u32);
    for (i, c) in chars[1..].iter().enumerate() {
        let bit = variant.square(i as u32 + 1).expect("1-32").bit();
        match c {
            'w' => white |= bit,
            'b' => black |= bit,
            'W' => {
                white |= bit;
                kings |= bit
            }
            'B' => {
                black |= bit;
                kings |= bit
            }
            'e' | '.' => {}
            c => {
                return Err(format!(
                    "square {}: expected one of w b W B e, got {c:?}",
                    i + 1
                ))
            }
        }
    }
    Position::from_bitboards(variant, white, black, kings, turn).map_err(|e| e.to_string())
}

/// The position in Hub's form, squares in `variant`'s numbering.
pub fn position_text(variant: Variant, p: &Position) -> String {
    let mut s = String::with_capacity(33);
    s.push(p.turn().letter());
    for n in 1..=32 {
        let sq = variant.square(n).expect("1-32");
        s.push(match p.piece_at(sq) {
            None => 'e',
            Some(pc) => match (pc.color, pc.role) {
                (Color::White, dama::Role::Man) => 'w',
                (Color::Black, dama::Role::Man) => 'b',
                (Color::White, dama::Role::King) => 'W',
                (Color::Black, dama::Role::King) => 'B',
            },
        });
    }
    s
}

/// A score in Scan's units: men, with wins and losses near +-100.
pub(super) fn score_text(s: i32) -> String {
    let men = if s > MATE_BOUND {
        100.0 - (MATE - s) as f64 / 100.0
    } else if s < -MATE_BOUND {
        -(100.0 - (MATE + s) as f64 / 100.0)
    } else {
        s as f64 / 100.0
    };
    format!("{men:.2}")
}

/// The moves of a line in order, each written against its own position; stops at a move that
/// is not legal where it stands (a PV should never have one).
pub(super) fn line_text(game: &Game, pv: &[Move], notation: Notation) -> Vec<String> {
    let v = game.variant();
    let mut pos = *game.position();
    let mut out = Vec::new();
    for m in pv {
        let legal = pos.legal_moves();
        if !legal.contains(m) {
            break;
        }
        out.push(move_text(v, &legal, m, notation));
        pos = pos.play(m);
    }
    out
}

pub(super) fn info_line(game: &Game, i: &Info, notation: Notation) -> String {
    let secs = i.time_ms / 1000.0;
    let mnps = if i.time_ms > 0.0 {
        i.nodes as f64 / i.time_ms / 1000.0
    } else {
        0.0
    };
    format!(
        "info depth={} sel-depth={} score={} nodes={} time={:.3} nps={:.2} pv=\"{}\"",
        i.depth,
        i.seldepth,
        score_text(i.score),
        i.nodes,
        secs,
        mnps,
        line_text(game, &i.pv, notation).join(" ")
    )
}

pub(super) fn done_line(game: &Game, r: &SearchResult, notation: Notation) -> String {
    let mut pv = r.pv.clone();
    if let Some(b) = r.best
        && pv.first() != Some(&b)
    {
        pv = vec![b];
    }
    let texts = line_text(game, &pv, notation);
    match texts.as_slice() {
        [] => "done".to_string(),
        [m] => format!("done move={m}"),
        [m, p, ..] => format!("done move={m} ponder={p}"),
    }
}
