//! A finished game of a match, as the referee hands it on: to the output, the tally and the PDN,
//! with what its moves cost each side.

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

/// A think, kept to report the longest.
#[derive(Clone, Default)]
pub struct Think {
    pub ms: f64,
    /// Of which waiting for a CPU (when the system tells).
    pub waited: f64,
    pub fen: String,
    pub game: usize,
    pub ply: usize,
}

/// What one side's moves cost, in a game or summed over the match.
#[derive(Clone, Default)]
pub struct SideStats {
    pub moves: u32,
    pub total_ms: f64,
    pub longest: Think,
    /// Depths reported, and how many moves reported one.
    pub depth_sum: u64,
    pub depth_count: u32,
    /// Moves that overran a time limit (by 10% and 5 ms): on the wall clock, and after taking
    /// out the time the thread waited for a CPU.
    pub overruns: u32,
    pub overruns_running: u32,
    /// Moves that were searched: more than one legal move and a reported depth above 1 (not
    /// played at once from the book or the endgame tables), and their milliseconds.
    pub searched: u32,
    pub searched_ms: f64,
}

impl SideStats {
    /// Adds another game's (or side's) costs.
    pub fn add(&mut self, o: &SideStats) {
        self.moves += o.moves;
        self.total_ms += o.total_ms;
        if o.longest.ms > self.longest.ms {
            self.longest = o.longest.clone();
        }
        self.depth_sum += o.depth_sum;
        self.depth_count += o.depth_count;
        self.overruns += o.overruns;
        self.overruns_running += o.overruns_running;
        self.searched += o.searched;
        self.searched_ms += o.searched_ms;
    }
}
