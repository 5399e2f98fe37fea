//! A property: any game tree the edit API can make, written as PDN and read back, is the same
//! tree (the tree's equality ignores node ids). Trees of both games are generated at random from
//! the start or from a position reached by random play, with nested variations, comments full
//! of PDN's own punctuation (brackets, `;`, quotes, `%` at a line's start, newlines, unicode),
//! NAGs, annotations, tags with odd names and values, and any result; several trees go into one
//! text too. Each case is seeded; a failure names its seed and the PDN.
//!
//! `pdn_tree.rs` covers the reader and the writer on given texts, and a few random edit
//! sequences with plain comments; this file covers everything the edits can set, at volume.

use crate::reference;

use dama::pdn::{self, GameTree, NodeId, PdnFile, TreeError, MAX_NAGS};
use dama::{Game, Variant};
use reference::Rng;

/// The results a tree may be given.
const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"];

/// What comments are made of: everything PDN gives a meaning to, but `}` (refused).
const COMMENT_PIECES: &[&str] = &[
    "good",
    "x",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\t",
    "\u{1b}",
    "(",
    ")",
    "(1. 22-18)",
    "[",
    "]",
    "[Event \"x\"]",
    "{",
    ";",
    "; not a line comment",
    "\"",
    "'",
    "\\",
    "\\\"",
    "%",
    "\n% an escape line?",
    "$1",
    "$300",
    "!?",
    "*",
    "1-0",
    "1/2-1/2",
    "1.",
    "2...",
    "22-18",
    "22x13",
    "c3-d4",
    "é",
    "Ünïcødé",
    "名人戦",
    "🎉",
    "\u{feff}",
    "\u{0}",
    "…",
    "«»",
];

/// Tag names the edit API takes: letters (any script), digits and `_`, 1 to 64 of them.
const TAG_NAMES: &[&str] = &[
    "Event",
    "event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Annotator",
    "é",
    "名前",
    "Ünïcødé",
    "A1",
    "9",
    "_",
    "__x__",
    "ROUND",
    "Result",
    "RESULT",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

/// Tag names the game fixes (set or removed: refused).
const FIXED_TAGS: &[&str] = &["GameType", "SetUp", "FEN", "fen", "gametype"];

/// What tag values are made of.
const VALUE_PIECES: &[&str] = &[
    "Club",
    " ",
    "\"",
    "\\",
    "\\\"",
    "]",
    "[",
    "[Event \"x\"]",
    "{",
    "}",
    ";",
    "%",
    "\n",
    "\r\n",
    "(",
    ")",
    "*",
    "1-0",
    "2024.01.02",
    "?",
    "é",
    "名人戦",
    "🎉",
    "\t",
];

fn text_from(rng: &mut Rng, pieces: &[&str], most: u64) -> String {
    let n = 1 + rng.below(most);
    (0..n)
        .map(|_| pieces[rng.below(pieces.len() as u64) as usize])
        .collect()
}

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

/// A tree of `variant` from the start or from a random game's position, with random edits.
/// Every edit it tries is valid where it is made (`Root` refused on the start position, the
/// fixed tags refused); anything else refused fails the case.
fn random_tree(rng: &mut Rng, variant: Variant) -> Result<GameTree, String> {
    let mut start = Game::new(variant);
    if rng.chance(2, 3) {
        for _ in 0..rng.below(60) {
            let legal = start.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = *pick(rng, &legal);
            start.play(&m).map_err(|e| e.to_string())?;
        }
    }
    let mut t = GameTree::new(*start.position());
    let edits = rng.below(100);
    for _ in 0..edits {
        let live = t.preorder();
        // Deeper nodes are likelier: every live node, or one of the last few made.
        let id = if rng.chance(1, 2) {
            *pick(rng, &live)
        } else {
            NodeId(t.id_bound() - 1 - rng.below(4.min(t.id_bound() as u64)) as u32)
        };
        let Some(_) = t.node(id) else { continue };
        let root = id == t.root();
        let (what, r) = match rng.below(16) {
            0..=6 => {
                let legal = t.game_at(id).map_err(|e| e.to_string())?.legal_moves();
                if legal.is_empty() {
                    continue;
                }
                let m = *pick(rng, &legal);
                ("play", t.play(id, &m).map(|_| ()))
            }
            7 => {
                let c = text_from(rng, COMMENT_PIECES, 8);
                ("comment", t.set_comment(id, Some(c)))
            }
            8 => {
                let c = text_from(rng, COMMENT_PIECES, 8);
                ("pre-comment", t.set_pre_comment(id, Some(c)))
            }
            9 => {
                let n = 1 + rng.below(4) as usize;
                let g: String = (0..n).map(|_| *pick(rng, &['!', '?', '+'])).collect();
                ("glyph", t.set_glyph(id, Some(&g)))
            }
            10 => {
                let n = rng.below(MAX_NAGS as u64 + 1);
                let nags = (0..n).map(|_| rng.below(256) as u8).collect();
                ("nags", t.set_nags(id, nags))
            }
            11 if rng.chance(1, 3) => ("delete", t.delete(id)),
            11 => ("promote", t.promote(id).map(|_| ())),
            12 | 13 => {
                let name = *pick(rng, TAG_NAMES);
                let r = if name.eq_ignore_ascii_case("Result") {
                    t.set_tag(name, Some(*pick(rng, &RESULTS)))
                } else if rng.chance(1, 5) {
                    t.set_tag(name, None)
                } else {
                    let value = if rng.chance(1, 8) {
                        String::new()
                    } else {
                        text_from(rng, VALUE_PIECES, 12)
                    };
                    t.set_tag(name, Some(&value))
                };
                ("tag", r)
            }
            14 => {
                let name = *pick(rng, FIXED_TAGS);
                let r = t.set_tag(name, Some("x"));
                if !matches!(r, Err(TreeError::Tag(_))) {
                    return Err(format!("the fixed tag {name} was set: {r:?}"));
                }
                continue;
            }
            _ => {
                let result = RESULTS[rng.below(RESULTS.len() as u64) as usize];
                ("result", t.set_result(result))
            }
        };
        match r {
            Ok(()) => {}
            Err(TreeError::Root) if root && what != "comment" && what != "play" => {}
            Err(e) => {
                let pdn = t.to_pdn();
                return Err(format!(
                    "{what} at node {} refused: {e}\n--- PDN so far ---\n{pdn}",
                    id.0
                ));
            }
        }
    }
    Ok(t)
}

/// One case: 1-4 trees, written together and one by one, read back by both readers. The
/// number of nodes made and the deepest variation nesting.
fn case(seed: u64) -> Result<(usize, usize), String> {
    let mut rng = Rng::new(seed);
    let count = 1 + rng.below(4) as usize;
    let mut trees = Vec::with_capacity(count);
    for _ in 0..count {
        let variant = *pick(&mut rng, &Variant::ALL);
        trees.push(random_tree(&mut rng, variant)?);
    }
    let text = pdn::write_trees(&trees);
    let fail = |what: String| format!("{what}\n--- PDN ---\n{text}--- end ---");
    for t in &trees {
        let one = t.to_pdn();
        let back = pdn::parse_trees(&one, dama::Variant::Italian)
            .map_err(|e| fail(format!("a tree alone: {e}")))?;
        if back != [t.clone()] {
            return Err(fail(format!("a tree alone read back differs:\n{one}")));
        }
        // The writer's output is its own fixed point.
        if back[0].to_pdn() != one {
            return Err(fail(format!(
                "written again differently:\n{}",
                back[0].to_pdn()
            )));
        }
    }
    let back = pdn::parse_trees(&text, dama::Variant::Italian)
        .map_err(|e| fail(format!("parse_trees: {e}")))?;
    if back != trees {
        let at = back.iter().zip(&trees).position(|(a, b)| a != b);
        return Err(fail(format!(
            "parse_trees read {} trees of {count}, the first differing: {at:?}",
            back.len()
        )));
    }
    // The file reader, in either default game (every tree has its GameType tag).
    for default in Variant::ALL {
        let file = PdnFile::parse(&text, default).map_err(|e| fail(format!("PdnFile: {e}")))?;
        if file.len() != count {
            return Err(fail(format!(
                "PdnFile lists {} games of {count}",
                file.len()
            )));
        }
        for (i, t) in trees.iter().enumerate() {
            let info = &file.games()[i];
            if info.error.is_some() || info.variant != t.variant() {
                return Err(fail(format!("PdnFile game {i}: {info:?}")));
            }
            let opened = file
                .tree(i)
                .map_err(|e| fail(format!("PdnFile.tree({i}): {e}")))?;
            if opened != *t {
                return Err(fail(format!("PdnFile.tree({i}) differs")));
            }
        }
    }
    let nodes = trees.iter().map(GameTree::len).sum();
    let deepest = trees
        .iter()
        .flat_map(|t| t.preorder().into_iter().map(|id| t.depth(id).unwrap_or(0)))
        .max()
        .unwrap_or(0);
    Ok((nodes, deepest))
}

/// Cases `first..first + count`, each tree written and read back; then checks that the
/// generator made big trees with variations inside variations.
fn cases(first: u64, count: u64) {
    let (mut nodes, mut deepest) = (0, 0);
    for i in first..first + count {
        let seed = 0x5EED_0000 + i;
        match case(seed) {
            Ok((n, d)) => {
                nodes += n;
                deepest = deepest.max(d);
            }
            Err(e) => panic!("seed {seed:#x}: {e}"),
        }
    }
    assert!(nodes as u64 > count * 20, "only {nodes} nodes");
    assert!(deepest >= 3, "variations nest only {deepest} deep");
}

// Release builds (`make test`) run 3000 cases, about 7500 trees; debug builds a tenth. In two
// halves, two tests that the harness runs side by side.
const CASES: u64 = if cfg!(debug_assertions) { 300 } else { 3000 };

#[test]
fn any_tree_written_as_pdn_reads_back_the_same() {
    cases(0, CASES / 2);
}

#[test]
fn any_tree_written_as_pdn_reads_back_the_same_more() {
    cases(CASES / 2, CASES - CASES / 2);
}
