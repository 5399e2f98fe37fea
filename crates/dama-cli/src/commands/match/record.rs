//! A finished game of a match, as the referee hands it on: to the output, the tally and the PDN.

use super::tally::SideStats;

/// How a game ended, from A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

/// A finished game: how it went, from A's side, and what it cost each side.
pub struct Record {
    pub number: usize,
    pub opening_index: usize,
    pub opening_fen: String,
    pub a_white: bool,
    pub score: Score,
    /// `no-moves`, `repetition`, `king-moves`, `adjudicated`, or a forfeit: `illegal-move`,
    /// `no-move`, `crash`, `time-out`, `engine-error`, `protocol`, `flood`.
    pub reason: &'static str,
    pub plies: usize,
    pub moves: Vec<String>,
    pub pdn_result: &'static str,
    /// What the engines of A and B call themselves, when they said.
    pub names: [Option<String>; 2],
    /// What A's and B's moves cost.
    pub sides: [SideStats; 2],
    /// A forfeit, in words.
    pub problem: Option<String>,
    /// For A and B, the first ply at which that side stood won in the endgame tables.
    pub table_win: [Option<usize>; 2],
}

impl Record {
    /// The game's line in the match's output.
    pub fn line(&self) -> String {
        let (white, black) = if self.a_white { ("A", "B") } else { ("B", "A") };
        let who = match self.score {
            Score::Win => "A wins",
            Score::Draw => "draw",
            Score::Loss => "B wins",
        };
        format!(
            "game {:4}  opening {:3}  {white}-{black}  {:7}  {who:6} ({}, {} plies)",
            self.number, self.opening_index, self.pdn_result, self.reason, self.plies
        )
    }

    /// The PDN `Termination` tag's value for how the game ended.
    pub fn termination(&self) -> &'static str {
        match self.reason {
            "adjudicated" => "adjudication",
            "time-out" => "time forfeit",
            "crash" => "abandoned",
            "illegal-move" | "no-move" | "engine-error" | "protocol" | "flood" => {
                "rules infraction"
            }
            _ => "normal",
        }
    }

    /// A finished game's line, and what went wrong in it or was missed.
    pub fn report(&self) {
        say!("{}", self.line());
        if let Some(p) = &self.problem {
            say!("  PROBLEM: {p}");
            say!(
                "  reproduce: opening {:?} moves {}",
                self.opening_fen,
                self.moves.join(" ")
            );
        }
        for (side, name) in ["A", "B"].iter().enumerate() {
            let won = match self.score {
                Score::Win => side == 0,
                Score::Loss => side == 1,
                Score::Draw => false,
            };
            if let (Some(ply), false) = (self.table_win[side], won) {
                say!(
                    "  NOTE: {name} stood won in the endgame tables from ply {ply} and did not win"
                );
            }
        }
    }
}
