//! The budget a move of a match: milliseconds, nodes or a depth, the same for both sides.

use dama::engine::Limits;

/// What each side may spend on a move: the same for both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Time(f64),
    Nodes(u64),
    Depth(u32),
}

impl Budget {
    /// The budget in the match's first line.
    pub fn describe(self) -> String {
        match self {
            Budget::Time(ms) => format!("{ms} ms a move"),
            Budget::Nodes(n) => format!("{n} nodes a move"),
            Budget::Depth(d) => format!("depth {d} a move"),
        }
    }

    /// The search limits of an engine run in this process.
    pub fn limits(self) -> Limits {
        match self {
            Budget::Time(ms) => Limits::time(ms),
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Depth(d) => Limits::depth(d),
        }
    }

    /// The arguments of the Hub `level` command for this budget.
    pub fn hub_level(self) -> String {
        match self {
            Budget::Time(ms) => format!("move-time={}", ms / 1000.0),
            Budget::Nodes(n) => format!("nodes={n}"),
            Budget::Depth(d) => format!("depth={d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hub_levels() {
        assert_eq!(Budget::Time(100.0).hub_level(), "move-time=0.1");
        assert_eq!(Budget::Depth(7).hub_level(), "depth=7");
        assert_eq!(Budget::Nodes(5000).hub_level(), "nodes=5000");
    }
}
