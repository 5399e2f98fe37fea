//! Puzzles for the tactics trainer: positions where one quiet move wins material or the game,
//! found and checked by our own engine, each with its solution line, themes and a rating.
//!
//! [`find`] decides whether a position is a puzzle, the way the tactics suite
//! (`tests/tactics.rs`, `examples/mine_tactics.rs`) was mined:
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
//! The puzzles are shipped as JSON ([`write_file`], [`parse_file`]): see `docs/PUZZLES.md`.

use crate::engine::search::{Engine, Limits, MATE_BOUND};
use crate::rules::game::{Game, Outcome};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::Variant;
use core::fmt;

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
fn capture_pending(variant: Variant, pos: &Position) -> bool {
    let captures = |p: &Position| p.moves_in(variant).first().is_some_and(Move::is_capture);
    captures(pos) || captures(&pos.with_turn(pos.turn().opposite()))
}

/// The same move in the rules (from, to and the captured pieces), whatever route is stored.
fn same(a: &Move, b: &Move) -> bool {
    a.from() == b.from() && a.to() == b.to() && a.captured() == b.captured()
}

/// A fresh search of `game` to `depth`.
fn fresh_search(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
) -> crate::engine::search::SearchResult {
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
    let root = Game::from_fen_in(variant, &game.fen()).map_err(|_| Reject::Over)?;
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
        themes: themes(variant, &start, &moves, deep.score),
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
        if gain >= 1 && !capture_pending(variant, g.position()) {
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
fn themes(variant: Variant, start: &Position, moves: &[Move], score: i32) -> Vec<Theme> {
    // After the first move, with a reply to come: what the reply is, and whether the solver
    // would have a capture if it were their move again.
    let (shot, threat, waiting) = match (moves.first(), moves.get(1)) {
        (Some(first), Some(reply)) => {
            let after = start.play(first);
            let threat = after
                .with_turn(start.turn())
                .moves_in(variant)
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
    let mut g = Game::from_fen_in(variant, &puzzle.fen).map_err(|e| format!("FEN: {e}"))?;
    let start = *g.position();
    let mut moves = Vec::with_capacity(puzzle.line.len());
    for (i, text) in puzzle.line.iter().enumerate() {
        let m = g
            .play_text(text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        moves.push(m);
    }
    Ok(themes(variant, &start, &moves, puzzle.score))
}

/// Replays a puzzle's line from its FEN in `variant`: every move must be legal in turn, and
/// the line must not be empty or end with the opponent's move.
pub fn check_line(variant: Variant, puzzle: &Puzzle) -> Result<(), String> {
    let mut g = Game::from_fen_in(variant, &puzzle.fen).map_err(|e| format!("FEN: {e}"))?;
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

// ---------------------------------------------------------------------------------------------
// The data file.

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
