//! One game between the two seats, refereed: it ends by the rules as `dama::Game` applies them,
//! by adjudication (after `--max-plies`, or at the endgame tables with `--adjudicate`), or by a
//! forfeit (a side whose answer is no legal move, or none at all, loses); the cost of each move
//! is kept for its side.

use super::budget::Budget;
use super::plan::Pairing;
use super::record::{Record, Score, SideStats, Think};
use super::seat::{Choice, Forfeit, Seat};
use super::setup::Setup;
use dama::engine::egtb::Wdl;
use dama::{fen, notation, Color, Game, Outcome};

/// Plays game `p` of the plan between `seats` (A's, then B's).
pub fn play(setup: &Setup, p: &Pairing, seats: &mut [Seat; 2]) -> Result<Record, String> {
    for (seat, name) in seats.iter_mut().zip(["A", "B"]) {
        seat.new_game().map_err(|e| format!("{name}: {e}"))?;
    }
    let v = setup.variant;
    let mut game = Game::from_position(p.opening);
    let mut sides = [SideStats::default(), SideStats::default()];
    let a_color = if p.a_white {
        Color::White
    } else {
        Color::Black
    };
    let seed = setup.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ p.number as u64;
    let mut table_win = [None, None];
    let (score, reason, pdn_result, problem) = loop {
        if let Some(r) = game.result() {
            let score = match r.outcome {
                Outcome::Draw => Score::Draw,
                Outcome::Win(c) if c == a_color => Score::Win,
                Outcome::Win(_) => Score::Loss,
            };
            break (score, r.reason.id(), r.pdn(), None);
        }
        let a_moves = game.turn() == a_color;
        // A game the tables call won is not cut off by --max-plies: its conversion is due,
        // for as many plies again at most, which bounds what a game keeps.
        let mut decided = false;
        if let Some(t) = &setup.tables
            && let Some(probe) = t.probe(game.position())
        {
            let wdl = probe.under_rule(game.king_plies(), t.rule());
            decided = wdl != Wdl::Draw;
            let mover = usize::from(!a_moves);
            match wdl {
                Wdl::Win => {
                    table_win[mover].get_or_insert(game.ply());
                }
                Wdl::Loss => {
                    table_win[1 - mover].get_or_insert(game.ply());
                }
                Wdl::Draw => {}
            }
            if setup.adjudicate {
                let white_wins = (game.turn() == Color::White) == (wdl == Wdl::Win);
                let (score, text) = match wdl {
                    Wdl::Draw => (Score::Draw, "1/2-1/2"),
                    _ if (wdl == Wdl::Win) == a_moves => {
                        (Score::Win, if white_wins { "1-0" } else { "0-1" })
                    }
                    _ => (Score::Loss, if white_wins { "1-0" } else { "0-1" }),
                };
                break (score, "tables", text, None);
            }
        }
        if game.ply() >= setup.max_plies && (!decided || game.ply() >= 2 * setup.max_plies) {
            break (Score::Draw, "adjudicated", "1/2-1/2", None);
        }
        let side = usize::from(!a_moves);
        let chosen = seats[side].choose(&game, setup.budget, seed, setup.timeout);
        // A failure forfeits the game, so it shows in the score as well as in the report.
        let forfeit = match chosen {
            Ok(c) => {
                record_move(&mut sides[side], &c, &game, p.number, setup.budget);
                match game.play(&c.mv) {
                    Ok(()) => continue,
                    Err(e) => Forfeit {
                        reason: "illegal-move",
                        detail: format!(
                            "illegal move {} ({})",
                            notation::full_text(v, &c.mv),
                            match e {
                                dama::PlayError::Illegal(i) => i.to_string(),
                                e => e.to_string(),
                            }
                        ),
                    },
                }
            }
            Err(f) => f,
        };
        let name = if a_moves { "A" } else { "B" };
        let problem = format!(
            "{name} ({}) loses by {}: {} (in {})",
            setup.specs[side],
            forfeit.reason,
            forfeit.detail,
            game.fen()
        );
        let loser_white = game.turn() == Color::White;
        let score = if a_moves { Score::Loss } else { Score::Win };
        break (
            score,
            forfeit.reason,
            if loser_white { "0-1" } else { "1-0" },
            Some(problem),
        );
    };
    Ok(Record {
        number: p.number,
        opening_index: p.opening_index,
        opening_fen: fen::write(&p.opening),
        a_white: p.a_white,
        score,
        reason,
        plies: game.ply(),
        moves: game.move_texts(),
        pdn_result,
        names: [0, 1].map(|s| seats[s].name().map(str::to_string)),
        sides,
        problem,
        table_win,
    })
}

/// Adds a move's cost to its side's statistics.
fn record_move(st: &mut SideStats, c: &Choice, game: &Game, number: usize, budget: Budget) {
    st.moves += 1;
    st.total_ms += c.ms;
    if game.legal_moves().len() > 1 && c.depth.is_some_and(|d| d > 1) {
        st.searched += 1;
        st.searched_ms += c.ms;
    }
    if let Some(d) = c.depth {
        st.depth_sum += d as u64;
        st.depth_count += 1;
    }
    if let Budget::Time(limit) = budget {
        let over = limit * 1.1 + 5.0;
        st.overruns += (c.ms > over) as u32;
        st.overruns_running += (c.ms - c.waited > over) as u32;
    }
    if c.ms > st.longest.ms {
        st.longest = Think {
            ms: c.ms,
            waited: c.waited,
            fen: game.fen(),
            game: number,
            ply: game.ply(),
        };
    }
}
