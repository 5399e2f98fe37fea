//! The match summary: results summed from A's side, the Elo estimate, how games ended, and
//! the time each side really used per move.

use super::budget::Budget;
use super::elo::{elo, fmt_elo, fmt_margin};
use super::record::{Record, Score, SideStats};

#[derive(Default)]
pub struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    /// A's wins, draws and losses with White.
    as_white: [u32; 3],
    reasons: Vec<(&'static str, u32)>,
    plies: usize,
    sides: [SideStats; 2],
    problems: u32,
    /// What the engines call themselves, from the last game that told.
    names: [Option<String>; 2],
    /// For A and B: games in which that side stood won in the endgame tables, and of those,
    /// the ones it did not win.
    table_wins: [u32; 2],
    table_wins_lost: [u32; 2],
    watched: bool,
}

impl Tally {
    pub fn add(&mut self, r: &Record) {
        let k = match r.score {
            Score::Win => {
                self.wins += 1;
                0
            }
            Score::Draw => {
                self.draws += 1;
                1
            }
            Score::Loss => {
                self.losses += 1;
                2
            }
        };
        if r.a_white {
            self.as_white[k] += 1;
        }
        match self.reasons.iter_mut().find(|(n, _)| *n == r.reason) {
            Some((_, c)) => *c += 1,
            None => self.reasons.push((r.reason, 1)),
        }
        self.plies += r.plies;
        for side in 0..2 {
            self.sides[side].add(&r.sides[side]);
            if r.names[side].is_some() {
                self.names[side] = r.names[side].clone();
            }
        }
        self.problems += r.problem.is_some() as u32;
        for side in 0..2 {
            if r.table_win[side].is_some() {
                self.table_wins[side] += 1;
                let won = (r.score == Score::Win) == (side == 0) && r.score != Score::Draw;
                self.table_wins_lost[side] += (!won) as u32;
            }
        }
    }

    /// Says that the games were watched with endgame tables, so their line is printed.
    pub fn watch_tables(&mut self) {
        self.watched = true;
    }

    pub fn print(&self, specs: [&str; 2], budget: Budget, secs: f64) {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            say!("no games played");
            return;
        }
        let label = |side: usize| match &self.names[side] {
            Some(name) => format!("{} ({name})", specs[side]),
            None => specs[side].to_string(),
        };
        let (elo, lo, hi) = elo(self.wins, self.draws, self.losses);
        let s = (self.wins as f64 + self.draws as f64 / 2.0) / n as f64;
        say!();
        say!(
            "A = {}, B = {}, {n} games, {}",
            label(0),
            label(1),
            budget.describe()
        );
        say!(
            "A: +{} ={} -{}  score {:.1}%  Elo {} ± {} (95% interval {} to {}; logistic, \
             per-game standard error)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * s,
            fmt_elo(elo),
            fmt_margin((hi - lo) / 2.0),
            fmt_elo(lo),
            fmt_elo(hi)
        );
        say!(
            "A with White: +{} ={} -{}; with Black: +{} ={} -{}",
            self.as_white[0],
            self.as_white[1],
            self.as_white[2],
            self.wins - self.as_white[0],
            self.draws - self.as_white[1],
            self.losses - self.as_white[2]
        );
        let reasons: Vec<String> = self
            .reasons
            .iter()
            .map(|(r, c)| format!("{r} {c}"))
            .collect();
        say!("endings: {}", reasons.join(", "));
        if self.watched {
            for (side, name) in ["A", "B"].iter().enumerate() {
                say!(
                    "{name} stood won in the endgame tables in {} games and failed to win {} of them",
                    self.table_wins[side], self.table_wins_lost[side]
                );
            }
        }
        say!(
            "average {:.1} plies a game; {:.1} s in all",
            self.plies as f64 / n as f64,
            secs
        );
        for (side, name) in ["A", "B"].iter().enumerate() {
            let st = &self.sides[side];
            let average = if st.moves > 0 {
                st.total_ms / st.moves as f64
            } else {
                0.0
            };
            let depth = if st.depth_count > 0 {
                format!(
                    "; average depth {:.1}",
                    st.depth_sum as f64 / st.depth_count as f64
                )
            } else {
                String::new()
            };
            say!(
                "{name} time used: {} moves, {average:.1} ms a move on average, {:.1} ms at \
                 most{depth}",
                st.moves,
                st.longest.ms
            );
            if st.searched > 0 {
                say!(
                    "{name} searched {} of its moves (not forced, not from book or tables): {:.1} \
                     ms each on average",
                    st.searched,
                    st.searched_ms / st.searched as f64
                );
            }
        }
        for (side, name) in ["A", "B"].iter().enumerate() {
            let st = &self.sides[side];
            let t = &st.longest;
            if st.moves == 0 {
                say!("{name}: no moves");
                continue;
            }
            let over = if let Budget::Time(ms) = budget {
                format!(
                    "; {} of {} moves over {:.0} ms, {} without the waits",
                    st.overruns,
                    st.moves,
                    ms * 1.1 + 5.0,
                    st.overruns_running
                )
            } else {
                String::new()
            };
            say!(
                "{name}: longest move {:.1} ms, {:.1} ms of it waiting for a CPU (game {}, ply {}, \
                 {}){over}",
                t.ms, t.waited, t.game, t.ply, t.fen
            );
        }
        if self.problems > 0 {
            say!("PROBLEMS: {} game(s) forfeited, see above", self.problems);
        }
    }
}
