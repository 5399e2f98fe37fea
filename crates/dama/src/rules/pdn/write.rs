//! Game trees to PDN text.

use super::escape;
use super::tree::{GameTree, NodeId};
use crate::rules::square::Color;

/// Tokens joined by spaces into lines shorter than 80 columns where they fit.
struct Lines {
    out: String,
    line: String,
    /// The next token follows the last one with no space (after `(`).
    glue: bool,
}

impl Lines {
    fn push(&mut self, tok: &str) {
        if self.glue {
            self.glue = false;
            self.line.push_str(tok);
            return;
        }
        if !self.line.is_empty() && self.line.len() + tok.len() + 1 > 79 {
            self.flush();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(tok);
    }

    /// Appends to the last token: `)` closes a variation right after its last move.
    fn append(&mut self, tok: &str) {
        self.line.push_str(tok);
    }

    fn flush(&mut self) {
        if !self.line.is_empty() {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
    }

    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            // Only a `;` comment, read to its line's end, can hold `}`: it is written as one,
            // on one line.
            let one_line: String = text
                .chars()
                .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
                .collect();
            self.push(&format!("; {one_line}"));
            self.flush();
        } else {
            self.push(&format!("{{{text}}}"));
        }
    }
}

impl GameTree {
    /// The game in PDN: the tags in order, a blank line, the game comment, the numbered moves
    /// with their annotations, NAGs, comments and variations, and the result. A Black move
    /// carries its number (`3...`) only at the start of a line or after a comment or a
    /// variation, as PDN writers do. Reading the text back gives an equal tree
    /// ([`parse_trees`](super::parse_trees)).
    ///
    /// ```
    /// let text = "[Event \"x\"]\n\n{Opening} 1. 22-18 {a} (1. 21-17 $1) 1... 9-13!? 1/2-1/2\n";
    /// let tree = &dama::pdn::parse_trees(text, dama::Variant::Italian).unwrap()[0];
    /// assert_eq!(tree.to_pdn(), text);
    /// ```
    pub fn to_pdn(&self) -> String {
        let mut w = Lines {
            out: String::new(),
            line: String::new(),
            glue: false,
        };
        for (k, v) in &self.tags {
            w.out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        w.out.push('\n');
        if let Some(c) = self.comment() {
            w.comment(c);
        }
        if let Some(&first) = self.node(NodeId::ROOT).and_then(|r| r.children.first()) {
            self.write_line(&mut w, first, self.comment().is_none());
        }
        w.push(&self.result);
        w.flush();
        w.out
    }

    /// Writes the line starting at `first` to its end, with the variations at each branch.
    /// `open` says a comment written now would be read as the one after the move before (or
    /// as the game comment). Recursion is per variation level, bounded by `MAX_DEPTH`; a line
    /// is a loop.
    fn write_line(&self, w: &mut Lines, first: NodeId, open: bool) {
        let black_first = self.start.turn() == Color::Black;
        let mut id = first;
        let mut numbered = true;
        let mut open = open;
        while let Some(n) = self.node(id) {
            // Plies counted from White's first move: a game set up with Black to move starts
            // at `1...`.
            let ply = n.ply as usize - 1 + black_first as usize;
            let number = ply / 2 + 1;
            let white = ply.is_multiple_of(2);
            match &n.pre_comment {
                // Where a comment would belong to the move before, the move number goes
                // first: a comment after a number is the next move's.
                Some(c) if open => {
                    w.push(&format!("{number}{}", if white { "." } else { "..." }));
                    w.comment(c);
                    w.push(&format!("{}{}", n.text, n.glyph));
                }
                pre => {
                    if let Some(c) = pre {
                        w.comment(c);
                        numbered = true;
                    }
                    let head = if white {
                        format!("{number}. ")
                    } else if numbered {
                        format!("{number}... ")
                    } else {
                        String::new()
                    };
                    w.push(&format!("{head}{}{}", n.text, n.glyph));
                }
            }
            for v in &n.nags {
                w.push(&format!("${v}"));
            }
            numbered = false;
            open = true;
            if let Some(c) = &n.comment {
                w.comment(c);
                numbered = true;
                open = false;
            }
            let siblings = n
                .parent
                .and_then(|p| self.node(p))
                .map_or(&[][..], |p| &p.children[..]);
            if siblings.first() == Some(&id) && siblings.len() > 1 {
                for &v in &siblings[1..] {
                    w.push("(");
                    w.glue = true;
                    self.write_line(w, v, false);
                    w.append(")");
                }
                numbered = true;
                open = false;
            }
            match n.children.first() {
                Some(&c) => id = c,
                None => break,
            }
        }
    }
}

/// Several games as one PDN text, a blank line between them.
pub fn write_trees(trees: &[GameTree]) -> String {
    trees
        .iter()
        .map(GameTree::to_pdn)
        .collect::<Vec<_>>()
        .join("\n")
}
