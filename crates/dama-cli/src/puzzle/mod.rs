//! Puzzles for the tactics trainer: positions where one quiet move wins material or the game,
//! found and checked by our own engine, each with its solution line, themes and a rating.
//!
//! [`find`] decides whether a position is a puzzle, the way the tactics suite
//! (`crates/dama/tests/core/tactics.rs`, `crates/dama/examples/mine_tactics.rs`) was mined:
//!
//! 1. The side to move has at least three legal moves and none of them captures (a quiet shot,
//!    not a forced recapture), and material is level: the sides differ by at most one man,
//!    a king counting two men (three where kings fly).
//! 2. A full-window search of every legal move to [`Settings::screen_depth`] (12) puts one move
//!    at least [`GAP`] (1.5 men) above all the others, and that move either wins the game or
//!    scores at least [`MIN_SCORE`] and [`QUIET_GAIN`] (1.2 men) more than the position's quiet
//!    value (a depth-1 search): it wins something the position did not already have. (An
//!    ordinary search to that depth goes first, and a position it scores well short of these
//!    bars is not searched move by move: see [`SHORTCUT_MARGIN`].)
//! 3. The shallowest depth at which a fresh search plays the move is at least [`MIN_NEED`]
//!    (shallower, it is not a tactic), and a fresh search to [`Settings::deep_depth`] (18) still
//!    plays it with a score of at least [`MIN_SCORE`].
//! 4. The solution line follows the deep search's principal variation: the opponent answers
//!    with the engine's best reply, and every later move of the solver must be forced (the only
//!    legal move) or the unique winner again (a gap of [`GAP`] over every other move at
//!    [`Settings::line_depth`], kept by a fresh search at that depth). The line ends with a
//!    solver move: once the gain is on the board (the solver's lead has grown by a man and
//!    neither side has a capture pending), once the game is won, after [`MAX_LINE_PLIES`]
//!    plies, or before a solver move that is not unique. A line that never shows the gain (or
//!    the win) is rejected: the trainer must be able to show what the first move wins.
//!
//! Every search is fresh (the engine cleared, the game rebuilt from its FEN with no earlier
//! moves), so the answers depend on the position alone and a test can repeat them.
//!
//! The puzzles are shipped as JSON ([`write_file`], [`parse_file`], in `file.rs`): see
//! `docs/PUZZLES.md`. Tooling of the `dama` command, kept out of the core (`crates/dama`):
//! only `dama puzzles` and the tests use it.

mod file;

pub use file::{parse_file, write_file, Entry, PuzzleFile, FORMAT};

use core::fmt;
use dama::engine::{Engine, Limits, MATE_BOUND};
use dama::Color;
use dama::Move;
use dama::Position;
use dama::Variant;
use dama::{Game, Outcome};

/// The transposition table size of the miner's engine, in megabytes. A fresh search depends
/// on the table's size (which entries collide), so a test repeating the miner's searches
/// uses the same.
pub const TT_MB: usize = 32;

/// The gap, in hundredths of a man, between the winning move and every other move: 1.5 men.
pub const GAP: i32 = 150;

/// How far the winning move must score above the quiet value (a depth-1 search) of the
/// position: 1.2 men, so that the move wins something rather than keeps an edge.
pub const QUIET_GAIN: i32 = 120;

/// The least score (hundredths of a man) of a material win, at the screen and the deep check.
pub const MIN_SCORE: i32 = 100;

/// How far below the bars an ordinary search's score may fall before [`find`] rejects the
/// position without scoring every move: half a man.
pub const SHORTCUT_MARGIN: i32 = 50;

/// The least depth at which a fresh search may first find the move: shallower, any player
/// sees it and it is no tactic.
pub const MIN_NEED: u32 = 3;

/// The longest solution line, in plies.
pub const MAX_LINE_PLIES: usize = 12;

/// The search depths of [`find`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The depth at which every legal move is scored to find the unique winner (12).
    pub screen_depth: u32,
    /// The depth of the fresh search that must still play the move (18), and the deepest at
    /// which the shallowest finding depth is looked for.
    pub deep_depth: u32,
    /// The depth at which later solver moves are checked for uniqueness (12).
    pub line_depth: u32,
}

impl Default for Settings {
    /// The depths of the shipped puzzles: 12, 18 and 12, those of the tactics suite.
    fn default() -> Self {
        Settings {
            screen_depth: 12,
            deep_depth: 18,
            line_depth: 12,
        }
    }
}

/// What a puzzle is about, derived mechanically from its line. Every puzzle has at least one:
/// a line of one move crowns a man or wins the game (nothing else can gain on the board at
/// once), and the first move of a longer one is a [`Shot`](Theme::Shot), a
/// [`Threat`](Theme::Threat) or a [`WaitingMove`](Theme::WaitingMove).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The first move offers material: the opponent's reply is a capture.
    Shot,
    /// The first move threatens a capture (the solver could capture, were it their turn
    /// again), and the opponent answers with a quiet move: the threat cannot be met without
    /// losing material. The FID's "attacco".
    Threat,
    /// The first move neither offers nor threatens a capture, and the opponent answers with a
    /// quiet move: having to move, the opponent has no move that keeps the material. The
    /// FID's "mossa di attesa".
    WaitingMove,
    /// One of the solver's captures takes three pieces or more.
    MultiCapture,
    /// One of the solver's moves crowns a man.
    Promotion,
    /// A king moves or is captured in the line.
    King,
    /// Ten pieces or fewer at the start.
    Endgame,
    /// The deep search scores a forced win of the game.
    Win,
    /// The solver plays three moves or more.
    Long,
}

impl Theme {
    /// Every theme, in the order they are listed in a puzzle.
    pub const ALL: [Theme; 9] = [
        Theme::Shot,
        Theme::Threat,
        Theme::WaitingMove,
        Theme::MultiCapture,
        Theme::Promotion,
        Theme::King,
        Theme::Endgame,
        Theme::Win,
        Theme::Long,
    ];

    /// The name in the data file: `shot`, `threat`, `waiting-move`, `multi-capture`,
    /// `promotion`, `king`, `endgame`, `win`, `long`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::Threat => "threat",
            Theme::WaitingMove => "waiting-move",
            Theme::MultiCapture => "multi-capture",
            Theme::Promotion => "promotion",
            Theme::King => "king",
            Theme::Endgame => "endgame",
            Theme::Win => "win",
            Theme::Long => "long",
        }
    }

    /// The theme of a name written by [`name`](Theme::name).
    pub fn from_name(s: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One puzzle: a position, the winning line from it, and what it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, in the game's FEN numbering; the solver is the side to move.
    pub fen: String,
    /// The solution in the game's notation: the solver's move first, then the opponent's
    /// reply and the solver's next move in turn; it always ends with a solver move.
    pub line: Vec<String>,
    /// The themes, in [`Theme::ALL`] order.
    pub themes: Vec<Theme>,
    /// The difficulty ([`rating`]).
    pub rating: u32,
    /// The shallowest depth at which a fresh search plays the first move.
    pub depth: u32,
    /// The deep search's score of the position, in hundredths of a man for the solver
    /// (above [`MATE_BOUND`]: a forced win).
    pub score: i32,
    /// The ply of the self-play game the position came from (0 when it came from elsewhere).
    pub ply: u32,
}

impl Puzzle {
    /// The number of the solver's moves in the line.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reject {
    /// The game is over, or the FEN does not read back.
    Over,
    /// Fewer than three legal moves: too little choice.
    FewMoves,
    /// The side to move must capture: a recapture, not a shot.
    Capture,
    /// One side is more than a man ahead already.
    Material,
    /// No move wins material or the game at the screen depth.
    NoWin,
    /// Another move is within [`GAP`] of the winner.
    NotUnique,
    /// A search shallower than [`MIN_NEED`] already finds it.
    Easy,
    /// The deep search plays another move, or does not score it as a win.
    Deep,
    /// The solution line does not reach the gain or the win.
    Unrealised,
    /// The line did not replay (a fault in the miner, never expected).
    Replay,
}

impl Reject {
    /// Every reason, in the order of the checks.
    pub const ALL: [Reject; 10] = [
        Reject::Over,
        Reject::FewMoves,
        Reject::Capture,
        Reject::Material,
        Reject::NoWin,
        Reject::NotUnique,
        Reject::Easy,
        Reject::Deep,
        Reject::Unrealised,
        Reject::Replay,
    ];

    /// A short name for progress reports.
    pub const fn name(self) -> &'static str {
        match self {
            Reject::Over => "over",
            Reject::FewMoves => "few-moves",
            Reject::Capture => "capture",
            Reject::Material => "material",
            Reject::NoWin => "no-win",
            Reject::NotUnique => "not-unique",
            Reject::Easy => "easy",
            Reject::Deep => "deep",
            Reject::Unrealised => "unrealised",
            Reject::Replay => "replay",
        }
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The difficulty of a puzzle, on a chess-like scale:
/// `800 + 100 * need + 80 * (solver moves - 1) + 10 * min(legal moves - 3, 12)`, clamped to
/// 600-2600. `need` (the shallowest depth that finds the first move) counts most: it is how
/// far one must look. Each further move to find adds a little, and so does a wider choice at
/// the start.
pub fn rating(need: u32, solver_moves: usize, legal_moves: usize) -> u32 {
    let extra_moves = solver_moves.saturating_sub(1).min(20) as u32;
    let choice = legal_moves.saturating_sub(3).min(12) as u32;
    let r = 800u32
        .saturating_add(100u32.saturating_mul(need.min(100)))
        .saturating_add(80 * extra_moves)
        .saturating_add(10 * choice);
    r.clamp(600, 2600)
}

/// `color`'s material lead in men: a man counts one, a king two (three where kings fly, as a
/// flying king is worth about three men).
pub fn material_lead(variant: Variant, pos: &Position, color: Color) -> i32 {
    let king = if variant.flying_kings() { 3 } else { 2 };
    let count =
        |c: Color| (pos.men_of(c).count_ones() + king * pos.kings_of(c).count_ones()) as i32;
    count(color) - count(color.opposite())
}

/// Whether either side could capture now (the side to move, or the other if it were its turn).
fn capture_pending(pos: &Position) -> bool {
    let captures = |p: &Position| p.legal_moves().first().is_some_and(Move::is_capture);
    captures(pos) || captures(&pos.with_turn(pos.turn().opposite()))
}

/// The same move in the rules (from, to and the captured pieces), whatever route is stored.
fn same(a: &Move, b: &Move) -> bool {
    a.from() == b.from() && a.to() == b.to() && a.captured() == b.captured()
}

/// A fresh search of `game` to `depth`.
fn fresh_search(engine: &mut Engine, game: &Game, depth: u32) -> dama::engine::SearchResult {
    engine.clear();
    engine.search(game, &Limits::depth(depth), &mut |_| {})
}

/// Every legal move of `game` scored to `depth` by a fresh engine, best first; `None` if the
/// search left any out.
fn scored_moves(engine: &mut Engine, game: &Game, depth: u32) -> Option<Vec<(Move, i32)>> {
    engine.clear();
    let mut scores = engine.root_scores(game, depth, &Limits::depth(depth));
    if scores.len() != game.legal_moves().len() {
        return None;
    }
    // Stable: equal scores stay in the generator's order, so the choice is reproducible.
    scores.sort_by_key(|&(_, s)| core::cmp::Reverse(s));
    Some(scores)
}

/// The solver's move at a later turn of the line: the only legal move, or the unique winner
/// (a gap of [`GAP`] at `depth`, still winning, and played by a fresh search at that depth).
fn solver_move(engine: &mut Engine, game: &Game, depth: u32) -> Option<Move> {
    let legal = game.legal_moves();
    match legal.len() {
        0 => return None,
        1 => return Some(legal[0]),
        _ => {}
    }
    let scores = scored_moves(engine, game, depth)?;
    let (m, best) = scores[0];
    let second = scores[1].1;
    // MIN_SCORE is far below MATE_BOUND: a win passes too.
    if second > best - GAP || best < MIN_SCORE {
        return None;
    }
    let r = fresh_search(engine, game, depth);
    r.best.filter(|b| same(b, &m))
}

/// Decides whether the position of `game` is a puzzle, and builds it (see the module's
/// documentation for the tests). `game`'s earlier moves are ignored but for its ply, recorded
/// in [`Puzzle::ply`]. Most positions are turned down by the first, cheap searches (a few
/// milliseconds); a puzzle takes from a tenth of a second to a few seconds at the default settings.
pub fn find(engine: &mut Engine, game: &Game, settings: &Settings) -> Result<Puzzle, Reject> {
    let variant = game.variant();
    // Searched from the FEN alone, as the page and the tests see it: earlier moves (a
    // repetition, the king-move count) must not change the engine's answers.
    let root = Game::from_fen(variant, &game.fen()).map_err(|_| Reject::Over)?;
    if root.result().is_some() {
        return Err(Reject::Over);
    }
    let legal = root.legal_moves();
    if legal.len() < 3 {
        return Err(Reject::FewMoves);
    }
    // Capturing is compulsory: one capture means every legal move captures.
    if legal.iter().any(Move::is_capture) {
        return Err(Reject::Capture);
    }
    let start = *root.position();
    let solver = start.turn();
    let lead0 = material_lead(variant, &start, solver);
    if lead0.abs() > 1 {
        return Err(Reject::Material);
    }

    // The cheap tests first: the quiet value, then an ordinary search at the screen depth,
    // which costs a fraction of scoring every move with a full window. Its score is about the
    // best move's, so a position it scores well short of the bars has no winning move: the
    // margin keeps the shortcut from losing puzzles (on 1,122 positions of self-play it
    // rejected none that the full screen accepts, and 96% of the others).
    let quiet = fresh_search(engine, &root, 1).score;
    let depth = settings.screen_depth.max(1);
    let rough = fresh_search(engine, &root, depth).score;
    let promising = rough > MATE_BOUND
        || (rough >= quiet + QUIET_GAIN - SHORTCUT_MARGIN && rough >= MIN_SCORE - SHORTCUT_MARGIN);
    if !promising {
        return Err(Reject::NoWin);
    }
    let scores = scored_moves(engine, &root, depth).ok_or(Reject::NoWin)?;
    let (first, best) = scores[0];
    let second = scores[1].1;
    let wins_material = best >= quiet + QUIET_GAIN && (MIN_SCORE..MATE_BOUND).contains(&best);
    let wins_game = best > MATE_BOUND;
    if !(wins_material || wins_game) {
        return Err(Reject::NoWin);
    }
    if second > best - GAP {
        return Err(Reject::NotUnique);
    }

    // The shallowest depth at which a fresh search plays it.
    let deep_depth = settings.deep_depth.max(1);
    let mut need = 0;
    let mut deep = None;
    for d in 1..=deep_depth {
        let r = fresh_search(engine, &root, d);
        if r.best.is_some_and(|b| same(&b, &first)) {
            need = d;
            if d == deep_depth {
                deep = Some(r);
            }
            break;
        }
    }
    if need == 0 {
        return Err(Reject::Deep);
    }
    if need < MIN_NEED {
        return Err(Reject::Easy);
    }
    let deep = match deep {
        Some(r) => r,
        None => fresh_search(engine, &root, deep_depth),
    };
    if !deep.best.is_some_and(|b| same(&b, &first)) || deep.score < MIN_SCORE {
        return Err(Reject::Deep);
    }

    let (moves, realised) = solution(engine, &root, first, &deep.pv, settings.line_depth.max(1));
    if !realised {
        return Err(Reject::Unrealised);
    }
    let mut texts = Vec::with_capacity(moves.len());
    let mut g = root.clone();
    for m in &moves {
        texts.push(g.move_text(m));
        g.play(m).map_err(|_| Reject::Replay)?;
    }
    let puzzle = Puzzle {
        fen: root.fen(),
        themes: themes(&start, &moves, deep.score),
        rating: rating(need, moves.len().div_ceil(2), legal.len()),
        line: texts,
        depth: need,
        score: deep.score,
        ply: u32::try_from(game.ply()).unwrap_or(u32::MAX),
    };
    check_line(variant, &puzzle).map_err(|_| Reject::Replay)?;
    Ok(puzzle)
}

/// The solution line from `root` starting with `first` (see the module's documentation), and
/// whether it reaches the gain or the win.
fn solution(
    engine: &mut Engine,
    root: &Game,
    first: Move,
    pv: &[Move],
    depth: u32,
) -> (Vec<Move>, bool) {
    let variant = root.variant();
    let solver = root.turn();
    let lead0 = material_lead(variant, root.position(), solver);
    let mut g = root.clone();
    let mut moves = vec![first];
    if g.play(&first).is_err() {
        return (moves, false);
    }
    // The deep principal variation is followed while the line agrees with it.
    let mut on_pv = pv.first().is_some_and(|m| same(m, &first));
    loop {
        // The solver has just moved.
        if let Some(r) = g.result() {
            return (moves, r.outcome == Outcome::Win(solver));
        }
        let gain = material_lead(variant, g.position(), solver) - lead0;
        if gain >= 1 && !capture_pending(g.position()) {
            return (moves, true);
        }
        if moves.len() + 2 > MAX_LINE_PLIES {
            return (moves, false);
        }
        let legal = g.legal_moves();
        let from_pv = pv
            .get(moves.len())
            .filter(|_| on_pv)
            .and_then(|m| legal.iter().find(|l| same(l, m)).copied());
        let reply = match from_pv {
            Some(m) => m,
            None => {
                on_pv = false;
                match fresh_search(engine, &g, depth).best {
                    Some(m) => m,
                    None => return (moves, false),
                }
            }
        };
        let mut next = g.clone();
        // A reply that ends the game (a draw by rule) ends the line at the solver's last move.
        if next.play(&reply).is_err() || next.result().is_some() {
            return (moves, false);
        }
        let Some(m) = solver_move(engine, &next, depth) else {
            return (moves, false);
        };
        if next.play(&m).is_err() {
            return (moves, false);
        }
        on_pv = on_pv && pv.get(moves.len() + 1).is_some_and(|p| same(p, &m));
        moves.push(reply);
        moves.push(m);
        g = next;
    }
}

/// The themes of a line of `moves` from `start` (see [`Theme`]).
fn themes(start: &Position, moves: &[Move], score: i32) -> Vec<Theme> {
    // After the first move, with a reply to come: what the reply is, and whether the solver
    // would have a capture if it were their move again.
    let (shot, threat, waiting) = match (moves.first(), moves.get(1)) {
        (Some(first), Some(reply)) => {
            let after = start.play(first);
            let threat = after
                .with_turn(start.turn())
                .legal_moves()
                .first()
                .is_some_and(Move::is_capture);
            let quiet = !reply.is_capture();
            (!quiet, quiet && threat, quiet && !threat)
        }
        _ => (false, false, false),
    };
    let mut pos = *start;
    let (mut multi, mut promotion, mut king) = (false, false, false);
    for (i, m) in moves.iter().enumerate() {
        let solver = i % 2 == 0;
        multi |= solver && m.capture_count() >= 3;
        promotion |= solver && m.promotes();
        king |= m.is_king_move() || m.captured() & pos.kings() != 0;
        pos = pos.play(m);
    }
    let pieces = (start.pieces(Color::White) | start.pieces(Color::Black)).count_ones();
    let mut out = Vec::new();
    let mut add = |t: Theme, yes: bool| {
        if yes {
            out.push(t);
        }
    };
    add(Theme::Shot, shot);
    add(Theme::Threat, threat);
    add(Theme::WaitingMove, waiting);
    add(Theme::MultiCapture, multi);
    add(Theme::Promotion, promotion);
    add(Theme::King, king);
    add(Theme::Endgame, pieces <= 10);
    add(Theme::Win, score > MATE_BOUND);
    add(Theme::Long, moves.len().div_ceil(2) >= 3);
    out
}

/// The themes of `puzzle`'s line, derived again from its FEN, line and score (what [`find`]
/// recorded, unless the file was edited); an error if the line does not replay.
pub fn derive_themes(variant: Variant, puzzle: &Puzzle) -> Result<Vec<Theme>, String> {
    let mut g = Game::from_fen(variant, &puzzle.fen).map_err(|e| format!("FEN: {e}"))?;
    let start = *g.position();
    let mut moves = Vec::with_capacity(puzzle.line.len());
    for (i, text) in puzzle.line.iter().enumerate() {
        let m = g
            .play_text(text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        moves.push(m);
    }
    Ok(themes(&start, &moves, puzzle.score))
}

/// Replays a puzzle's line from its FEN in `variant`: every move must be legal in turn, and
/// the line must not be empty or end with the opponent's move.
pub fn check_line(variant: Variant, puzzle: &Puzzle) -> Result<(), String> {
    let mut g = Game::from_fen(variant, &puzzle.fen).map_err(|e| format!("FEN: {e}"))?;
    if puzzle.line.is_empty() || puzzle.line.len().is_multiple_of(2) {
        return Err(format!(
            "the line has {} moves: it must end with the solver's",
            puzzle.line.len()
        ));
    }
    for (i, text) in puzzle.line.iter().enumerate() {
        g.play_text(text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_follows_its_formula_and_bounds() {
        assert_eq!(rating(3, 1, 3), 1100);
        assert_eq!(rating(5, 2, 8), 800 + 500 + 80 + 50);
        assert_eq!(rating(0, 0, 0), 800);
        assert_eq!(rating(40, 9, 40), 2600);
        assert_eq!(rating(u32::MAX, usize::MAX, usize::MAX), 2600);
    }

    /// The first move's kind, from the line alone: a shot (the reply captures), a threat (a
    /// capture would be there were it the solver's move again) or a waiting move (neither).
    #[test]
    fn the_first_move_is_a_shot_a_threat_or_a_waiting_move() {
        let themes = |fen: &str, line: &[&str]| {
            let p = Puzzle {
                fen: fen.to_string(),
                line: line.iter().map(|m| m.to_string()).collect(),
                themes: Vec::new(),
                rating: 0,
                depth: 3,
                score: 200,
                ply: 0,
            };
            derive_themes(Variant::Italian, &p).unwrap()
        };
        // White's 20-15 threatens 15x8; Black cannot meet it.
        let threat = "W:W17,19,20,22,23,24,25,27,28,30,32:B2,3,4,5,6,7,10,12,13,14,16";
        assert_eq!(themes(threat, &["20-15", "5-9", "15x8"]), [Theme::Threat]);
        // Black's 5-9 threatens nothing, yet every White move gives a man.
        let waiting = "B:W16,17,20,21,22,23,24,25,26,32:B1,3,5,7,10,11,12,13,14,15";
        assert_eq!(
            themes(waiting, &["5-9", "23-19", "14x23"]),
            [Theme::WaitingMove]
        );
        // Black's 11-14 offers a man: 19x10 must take it, and 5x21 takes two.
        let shot = "B:W17,18,19,22,24,27,28,31:B1,2,5,9,11,12,15,16";
        assert_eq!(themes(shot, &["11-14", "19x10", "5x21"]), [Theme::Shot]);
        // One move: none of the three (it crowns).
        let crown = "B:W17,19,23:B11,16,27";
        assert_eq!(
            themes(crown, &["27-30"]),
            [Theme::Promotion, Theme::Endgame]
        );
    }

    #[test]
    fn themes_read_back_by_name() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_name(t.name()), Some(t));
        }
        assert_eq!(Theme::from_name("Shot"), None);
    }
}
