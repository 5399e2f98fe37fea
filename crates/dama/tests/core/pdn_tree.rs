//! PDN game trees: comments, variations, NAGs and annotations read onto the right moves,
//! written back losing nothing but whitespace, illegal or malformed text refused with its
//! place, the bounds, and the edits the page makes.

use dama::pdn::{
    self, GameTree, NodeId, PdnFile, TreeError, MAX_DEPTH, MAX_GAMES, MAX_NAGS, MAX_NODES,
    MAX_TAGS, MAX_TEXT_BYTES,
};
use dama::{Color, Game, PlayError, Position, Variant};

const ANNOTATED: &str = include_str!("../data/annotated.pdn");

/// The text's tokens with whitespace normalised: brackets and braces stand alone, and every
/// other run of non-space characters is one token.
fn tokens(text: &str) -> Vec<String> {
    let mut spaced = String::new();
    for c in text.chars() {
        if "(){}".contains(c) {
            spaced.push(' ');
            spaced.push(c);
            spaced.push(' ');
        } else {
            spaced.push(c);
        }
    }
    spaced.split_whitespace().map(str::to_string).collect()
}

fn trees(text: &str) -> Vec<GameTree> {
    pdn::parse_trees(text, dama::Variant::Italian).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn tree(text: &str) -> GameTree {
    trees(text).remove(0)
}

fn refusal(text: &str) -> pdn::PdnError {
    match pdn::parse_trees(text, dama::Variant::Italian) {
        Ok(t) => panic!("{text:?} was accepted: {}", pdn::write_trees(&t)),
        Err(e) => e,
    }
}

/// The node reached from the root by following child indices.
fn at(t: &GameTree, route: &[usize]) -> NodeId {
    let mut id = t.root();
    for &i in route {
        id = t.node(id).unwrap().children()[i];
    }
    id
}

/// The 1-based column of the first `needle` in a one-line text.
fn col(line: &str, needle: &str) -> usize {
    line.find(needle).unwrap() + 1
}

fn text_of(t: &GameTree, id: NodeId) -> &str {
    t.node(id).unwrap().text()
}

fn mainline_texts(t: &GameTree) -> Vec<String> {
    t.mainline()[1..]
        .iter()
        .map(|&id| text_of(t, id).to_string())
        .collect()
}

#[test]
fn the_annotated_file_round_trips_losing_only_whitespace() {
    let games = trees(ANNOTATED);
    assert_eq!(games.len(), 6);
    let written = pdn::write_trees(&games);
    assert_eq!(tokens(&written), tokens(ANNOTATED), "{written}");
    // Reading the written text gives the same trees, and writing them the same text.
    let again = trees(&written);
    assert_eq!(again, games);
    assert_eq!(pdn::write_trees(&again), written);
    // The file has what the test claims to cover.
    let variants: Vec<Variant> = games.iter().map(GameTree::variant).collect();
    assert_eq!(
        variants.iter().filter(|&&v| v == Variant::Italian).count(),
        5
    );
    assert_eq!(variants[5], Variant::Brazilian);
    let results: Vec<&str> = games.iter().map(GameTree::result).collect();
    assert_eq!(results, ["1/2-1/2", "1-0", "0-1", "*", "1/2-1/2", "0-1"]);
    assert!(games
        .iter()
        .any(|t| *t.start() != Position::start(Variant::Italian)));
    let deepest = games
        .iter()
        .flat_map(|t| t.preorder().into_iter().map(move |id| t.depth(id).unwrap()))
        .max();
    assert_eq!(deepest, Some(2));
    for t in &games {
        assert!(t.tag("White").is_some() && t.tag("Black").is_some() && t.tag("Date").is_some());
    }
}

#[test]
fn the_main_lines_agree_with_the_flat_reader() {
    let flat = pdn::parse(ANNOTATED).unwrap();
    let games = trees(ANNOTATED);
    assert_eq!(flat.len(), games.len());
    for (f, t) in flat.iter().zip(&games) {
        assert_eq!(f.moves, mainline_texts(t));
        assert_eq!(f.tags, t.tags());
        // The game at the end of the main line is the one replay gives, but for the result.
        let end = *t.mainline().last().unwrap();
        let g = t.game_at(end).unwrap();
        let r = pdn::replay(f, dama::Variant::Italian).unwrap();
        assert_eq!(g.fen(), r.fen());
        assert_eq!(g.move_texts(), r.move_texts());
    }
}

#[test]
fn comments_land_on_the_right_moves() {
    let games = trees(ANNOTATED);
    let t = &games[0];
    assert_eq!(
        t.comment(),
        Some("A quiet opening, drawn after a long manoeuvre.")
    );
    let first = at(t, &[0]);
    assert_eq!(text_of(t, first), "23-20");
    assert_eq!(
        t.node(first).unwrap().comment(),
        Some("The usual reply follows.")
    );
    assert_eq!(t.node(first).unwrap().pre_comment(), None);
    // A comment at the start of a variation is before its first move.
    let alt = at(t, &[1]);
    assert_eq!(text_of(t, alt), "22-18");
    assert_eq!(t.node(alt).unwrap().pre_comment(), Some("Also good:"));
    assert_eq!(t.node(alt).unwrap().comment(), None);
    // A comment after a move inside a nested variation.
    let nested = at(t, &[1, 1]);
    assert_eq!(text_of(t, nested), "9-13");
    assert_eq!(t.node(nested).unwrap().comment(), Some("mirrors it"));
    // Game comment, then a comment before the first move.
    let t = &games[4];
    assert_eq!(t.comment(), Some("Played in the last round."));
    let first = at(t, &[0]);
    assert_eq!(t.node(first).unwrap().pre_comment(), Some("Theory:"));
    // The last comment of a game, after its last move.
    let last = *t.mainline().last().unwrap();
    assert_eq!(text_of(t, last), "21-25");
    assert_eq!(t.node(last).unwrap().comment(), Some("Agreed drawn."));
}

#[test]
fn a_variation_is_an_alternative_to_the_move_before_it() {
    let games = trees(ANNOTATED);
    let t = &games[0];
    // "4. 22x15 6-10?! $6 (4... 7-11 ...)": 7-11 is Black's other move after 22x15.
    let line = t.mainline();
    let x15 = line[7];
    assert_eq!(text_of(t, x15), "22x15");
    let kids = t.node(x15).unwrap().children();
    assert_eq!(kids.len(), 2);
    assert_eq!(text_of(t, kids[0]), "6-10");
    assert_eq!(text_of(t, kids[1]), "7-11");
    assert_eq!(t.node(kids[1]).unwrap().comment(), Some("keeps the centre"));
    assert!(t.is_mainline(kids[0]) && !t.is_mainline(kids[1]));
    assert_eq!(t.depth(kids[1]), Ok(1));
    // Its position is the one after 7-11 from the position before 6-10.
    let mut g = t.game_at(x15).unwrap();
    g.play_text("7-11").unwrap();
    assert_eq!(t.node(kids[1]).unwrap().position(), g.position());
    assert_eq!(t.node(kids[1]).unwrap().ply(), 8);
    // Nested: "(1. 22-18 10-14 (1... 9-13 ...) 2. 24-20 $1)" branches at the variation's move.
    let v = at(t, &[1]);
    let inner = t.node(v).unwrap().children();
    assert_eq!(
        inner.iter().map(|&c| text_of(t, c)).collect::<Vec<_>>(),
        ["10-14", "9-13"]
    );
    assert_eq!(t.depth(inner[1]), Ok(2));
    let after = at(t, &[1, 0, 0]);
    assert_eq!(text_of(t, after), "24-20");
    assert_eq!(t.node(after).unwrap().nags(), [1]);
    // The Brazilian game nests one level down too, with algebraic moves.
    let b = &games[5];
    let v = at(b, &[0, 0, 0, 1]);
    assert_eq!(text_of(b, v), "g5-h4");
    let nested = at(b, &[0, 0, 0, 1, 1]);
    assert_eq!(text_of(b, nested), "d4-c5");
    assert_eq!(b.node(nested).unwrap().glyph(), "?");
    assert_eq!(b.depth(nested), Ok(2));
}

#[test]
fn nags_and_annotations_are_kept_as_written() {
    let t = tree("1. 22-18! $1 9-13?? $4 $201 (1... 10-14!? {fine} 2. 24-20 ?!) 2. 18x9 *");
    let line = t.mainline();
    let n = |id| t.node(id).unwrap();
    assert_eq!((n(line[1]).glyph(), n(line[1]).nags()), ("!", &[1][..]));
    assert_eq!(
        (n(line[2]).glyph(), n(line[2]).nags()),
        ("??", &[4, 201][..])
    );
    let alt = n(line[1]).children()[1];
    assert_eq!(n(alt).glyph(), "!?");
    assert_eq!(n(alt).comment(), Some("fine"));
    // An annotation written apart from its move is its annotation too.
    assert_eq!(n(n(alt).children()[0]).glyph(), "?!");
    assert_eq!(n(line[3]).glyph(), "");
    assert!(n(line[3]).nags().is_empty());
    assert_eq!(
        t.to_pdn(),
        "\n1. 22-18! $1 9-13?? $4 $201 (1... 10-14!? {fine} 2. 24-20?!) 2. 18x9 *\n"
    );
}

#[test]
fn moves_are_written_in_standard_notation_and_numbered_where_needed() {
    // The reader takes full paths and ':' captures; the writer gives the standard form.
    let t = tree("[FEN \"B:W18,32:B9,13\"]\n1... 13:22 2. 32-28 {x} 9-13 *");
    assert_eq!(mainline_texts(&t), ["13x22", "32-28", "9-13"]);
    assert!(t
        .to_pdn()
        .ends_with("1... 13x22 2. 32-28 {x} 2... 9-13 *\n"));
    let t = tree("[FEN \"W:W31:B19,20,27,28\"]\n1. 31x22x15 *");
    assert_eq!(mainline_texts(&t), ["31x22x15"]);
    // A ';' comment holding '}' is written as a ';' comment, on its own line's end.
    let t = tree("1. 22-18 ; a } brace\n9-13 *");
    let first = t.mainline()[1];
    assert_eq!(t.node(first).unwrap().comment(), Some("a } brace"));
    assert_eq!(t.to_pdn(), "\n1. 22-18 ; a } brace\n1... 9-13 *\n");
    assert_eq!(tree(&t.to_pdn()), t);
}

#[test]
fn illegal_moves_anywhere_are_refused_with_game_place_and_move() {
    // In a variation of the second game.
    let moves = "1. 22-18 9-13 (1... 9-14) 2. 18x9 *";
    let e = refusal(&format!(
        "[Event \"a\"]\n1. 22-18 *\n\n[Event \"b\"]\n{moves}"
    ));
    assert_eq!((e.line, e.column), (5, col(moves, "9-14")), "{e}");
    for want in ["game 2", "move 1...", "9-14", "not legal", "legal moves"] {
        assert!(e.message.contains(want), "{e}");
    }
    // In a nested variation: it starts from the position before the move it replaces.
    let moves = "1. 22-18 9-13 (1... 10-14 2. 24-20 (2. 18x9) ) *";
    let e = refusal(moves);
    assert_eq!((e.line, e.column), (1, col(moves, "18x9")), "{e}");
    assert!(e.message.contains("game 1: move 2 (18x9)"), "{e}");
    // On the main line after a variation, from the position after the main move.
    let e = refusal("1. 22-18 (1. 21-17) 1... 9-13 2. 21-17 *");
    assert!(
        e.message.contains("2 (21-17)") && e.message.contains("18x9"),
        "{e}"
    );
    // Brazilian squares in the Brazilian words.
    let e = refusal("[GameType \"26\"]\n1. c3-d4 (1. c3-b5) *");
    assert!(e.message.contains("c3-b5"), "{e}");
    assert_eq!(
        (e.line, e.column),
        (2, col("1. c3-d4 (1. c3-b5) *", "c3-b5")),
        "{e}"
    );
    // A move after the game is over.
    let e = refusal("[FEN \"W:W30:B27\"]\n1. 30x23 (1. 30x23 19-15) *");
    assert!(e.message.contains("game is over"), "{e}");
    // A game type or FEN that cannot be played, at the game's start.
    let e = refusal("1. 22-18 *\n[GameType \"20\"]\n1. 32-28 *");
    assert!(e.message.contains("game 2: GameType 20"), "{e}");
    assert_eq!((e.line, e.column), (2, 1));
}

#[test]
fn a_file_lists_games_that_cannot_open_with_their_reason() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[Event \"e\"]\n1. 22-18 (1. 21-17 {x}) 9-13 1-0\n\n\
                [White \"C\"]\n[GameType \"26\"]\n1. c3-d4 (1. c3-c4) f6-g5 *\n\n\
                [White \"D\"]\n[Result \"0-1\"]\n{no moves}";
    let f = PdnFile::parse(text, dama::Variant::Italian).unwrap();
    assert_eq!(f.len(), 3);
    let g = f.games();
    assert_eq!(
        (g[0].tag("white"), g[0].tag("Black")),
        (Some("A"), Some("B"))
    );
    assert_eq!((g[0].plies, g[0].result.as_str()), (2, "1-0"));
    assert!(g[0].error.is_none());
    assert_eq!(g[1].variant, Variant::Brazilian);
    assert_eq!(g[1].plies, 2);
    let e = g[1].error.as_ref().unwrap();
    assert!(
        e.message.contains("game 2") && e.message.contains("c3-c4"),
        "{e}"
    );
    assert_eq!(e.line, 8);
    assert_eq!(f.tree(1).unwrap_err(), *e);
    // No result token: the Result tag's.
    assert_eq!(g[2].result, "0-1");
    assert_eq!(f.tree(2).unwrap().comment(), Some("no moves"));
    assert_eq!(f.tree(2).unwrap().result(), "0-1");
    // Each tree read on demand is the one the whole-text reader gives.
    let t = f.tree(0).unwrap();
    assert_eq!(t, trees(text.split("\n\n").next().unwrap())[0]);
    assert!(f.tree(3).is_err());
    let all = PdnFile::parse(ANNOTATED, dama::Variant::Italian).unwrap();
    for (i, t) in trees(ANNOTATED).iter().enumerate() {
        assert_eq!(all.tree(i).unwrap(), *t);
        assert_eq!(all.games()[i].plies, t.mainline().len() - 1);
    }
}

#[test]
fn unbalanced_or_misplaced_brackets_are_refused() {
    let cases: &[(&str, &[&str], (usize, usize))] = &[
        ("1. 22-18 (1. 21-17", &["never closed", "')'"], (1, 10)),
        (
            "1. 22-18 9-13 (1... 10-14 2. 24-20 (2. 21-17)",
            &["never closed"],
            (1, 15),
        ),
        ("1. 22-18 9-13) *", &["unexpected ')'"], (1, 14)),
        ("1. 22-18 {unclosed *", &["never closed", "'}'"], (1, 10)),
        ("1. 22-18 } *", &["unexpected", "'}'"], (1, 10)),
        ("(1. 22-18) *", &["must follow the move"], (1, 1)),
        ("1. 22-18 () *", &["empty variation"], (1, 10)),
        (
            "1. 22-18 (1. 21-17 *",
            &["result * inside a variation"],
            (1, 20),
        ),
        (
            "1. 22-18 (1. 21-17 1-0) *",
            &["result 1-0 inside a variation"],
            (1, 20),
        ),
        ("$1 1. 22-18 *", &["NAG $1 follows no move"], (1, 1)),
        ("! 1. 22-18 *", &["follows no move"], (1, 1)),
        ("1. 22-18! ! *", &["second annotation"], (1, 11)),
        ("1. 22-18 $256 *", &["0 to 255"], (1, 10)),
        ("1. 22-18 $ *", &["0 to 255"], (1, 10)),
        ("1. 22-18 hello *", &["expected a move", "hello"], (1, 10)),
    ];
    for (text, wants, place) in cases {
        let e = refusal(text);
        assert!(e.to_string().starts_with("bad PDN"), "{text:?}: {e}");
        for w in *wants {
            assert!(
                e.message.contains(w),
                "{text:?}: {e} does not mention {w:?}"
            );
        }
        assert_eq!((e.line, e.column), *place, "{text:?}: {e}");
        // The file reader refuses the same text whole, or lists the game with that error.
        match PdnFile::parse(text, dama::Variant::Italian) {
            Err(f) => assert_eq!(f, e),
            Ok(f) => assert_eq!(f.games()[0].error.as_ref(), Some(&e)),
        }
    }
    assert!(refusal("").message.contains("no game found"));
    assert!(refusal("{only a comment}")
        .message
        .contains("no game found"));
}

#[test]
fn bounds_are_refused_with_a_clear_error() {
    // Text size.
    let big = format!("{{{}}} 1. 22-18 *", "x".repeat(MAX_TEXT_BYTES));
    let e = refusal(&big);
    assert!(e.message.contains("at most 8388608"), "{e}");
    assert!(PdnFile::parse(&big, dama::Variant::Italian).is_err());
    // Games.
    assert_eq!(trees(&"* ".repeat(MAX_GAMES)).len(), MAX_GAMES);
    let e = refusal(&"* ".repeat(MAX_GAMES + 1));
    assert!(e.message.contains("more than 10000 games"), "{e}");
    assert_eq!((e.line, e.column), (1, 2 * MAX_GAMES + 1));
    assert!(PdnFile::parse(&"* ".repeat(MAX_GAMES + 1), dama::Variant::Italian).is_err());
    // Nesting: each variation replaces the first move of the one around it.
    let nested = |n: usize| format!("1. 22-18 {}{} *", "(1. 21-17 ".repeat(n), ")".repeat(n));
    // (All replace 22-18, so the tree holds them as its variations, one level deep.)
    let t = tree(&nested(MAX_DEPTH));
    assert_eq!(
        t.node(NodeId::ROOT).unwrap().children().len(),
        MAX_DEPTH + 1
    );
    assert_eq!(tree(&t.to_pdn()), t);
    let e = refusal(&nested(MAX_DEPTH + 1));
    assert!(e.message.contains("nested more than 64 deep"), "{e}");
    let e = refusal(&("1. 22-18 ".to_string() + &"(1. 21-17 ".repeat(100_000)));
    assert!(e.message.contains("nested more than 64"), "{e}");
    // Nodes: the root and MAX_NODES - 1 moves are read, one more is refused.
    let many = |moves: usize| format!("1. 22-18 {} *", "(1. 21-17) ".repeat(moves - 1));
    let t = tree(&many(MAX_NODES - 1));
    assert_eq!(t.len(), MAX_NODES);
    let e = refusal(&many(MAX_NODES));
    assert!(e.message.contains("more than 100000 moves"), "{e}");
    // Tags and NAGs.
    let tags = "[A \"b\"]\n".repeat(MAX_TAGS);
    assert_eq!(tree(&(tags.clone() + "*")).tags().len(), MAX_TAGS);
    let e = refusal(&(tags + "[A \"b\"]\n*"));
    assert!(e.message.contains("more than 1000 tags"), "{e}");
    let nags = "$1 ".repeat(MAX_NAGS);
    assert_eq!(
        tree(&format!("1. 22-18 {nags}*"))
            .node(NodeId(1))
            .unwrap()
            .nags()
            .len(),
        MAX_NAGS
    );
    assert!(refusal(&format!("1. 22-18 {nags}$2 *"))
        .message
        .contains("more than 8 NAGs"));
}

#[test]
fn the_edit_api_builds_a_tree_the_reader_reads_back() {
    let mut t = GameTree::new(Position::start(Variant::Italian));
    assert_eq!(t.tags().len(), 2);
    assert_eq!((t.result(), t.len()), ("*", 1));
    let root = t.root();
    let a = t.play_text(root, "22-18").unwrap();
    let b = t.play_text(a, "9-13").unwrap();
    let c = t.play_text(b, "18x9").unwrap();
    assert_eq!(t.mainline(), [root, a, b, c]);
    // The same move again is the same node; another is a variation, after the first.
    assert_eq!(t.play_text(a, "9-13").unwrap(), b);
    let v1 = t.play_text(a, "10-14").unwrap();
    let pos = *t.node(a).unwrap().position();
    let m = dama::notation::parse(&pos.with_variant(Variant::Italian), "11-15").unwrap();
    let v2 = t.play(a, &m).unwrap();
    assert_eq!(text_of(&t, v2), "11-15");
    assert_eq!(t.node(a).unwrap().children(), [b, v1, v2]);
    assert_eq!(t.node(v2).unwrap().position(), &pos.play(&m));
    assert_eq!(t.path_to(v1).unwrap(), [root, a, v1]);
    assert_eq!((t.depth(v1), t.is_mainline(v1)), (Ok(1), false));
    // An illegal move changes nothing and says why.
    let before = t.clone();
    match t.play_text(b, "21-17") {
        Err(TreeError::Play(PlayError::Illegal(_))) => {}
        other => panic!("{other:?}"),
    }
    assert!(t.play_text(b, "nonsense").is_err());
    assert_eq!(t, before);
    // Play goes on from any move.
    let mut g: Game = t.game_at(v1).unwrap();
    assert_eq!((g.ply(), g.turn()), (2, Color::White));
    g.play_text("24-20").unwrap();
    // Comments, annotations and their bounds.
    t.set_comment(root, Some("  a game  ".into())).unwrap();
    assert_eq!(t.comment(), Some("a game"));
    t.set_comment(v1, Some("the other way".into())).unwrap();
    t.set_pre_comment(v1, Some("or".into())).unwrap();
    t.set_glyph(b, Some("?!")).unwrap();
    t.set_nags(b, vec![6, 10]).unwrap();
    assert_eq!(
        t.set_comment(b, Some("a } b".into())),
        Err(TreeError::Comment("'}' would end it in PDN".into()))
    );
    let long = "x".repeat(pdn::MAX_COMMENT_BYTES + 1);
    assert!(matches!(
        t.set_comment(b, Some(long)),
        Err(TreeError::Comment(_))
    ));
    assert!(matches!(
        t.set_glyph(b, Some("!x")),
        Err(TreeError::Glyph(_))
    ));
    assert!(matches!(
        t.set_glyph(b, Some("!!!!!")),
        Err(TreeError::Glyph(_))
    ));
    assert_eq!(t.set_glyph(root, Some("!")), Err(TreeError::Root));
    assert_eq!(
        t.set_nags(b, vec![1; MAX_NAGS + 1]),
        Err(TreeError::Nags(MAX_NAGS + 1))
    );
    assert_eq!(t.node(b).unwrap().glyph(), "?!");
    t.set_comment(c, Some("wins a piece".into())).unwrap();
    t.set_comment(c, Some("   ".into())).unwrap();
    assert_eq!(t.node(c).unwrap().comment(), None);
    // Tags and result.
    t.set_tag("White", Some("Ann \"the\" Player")).unwrap();
    t.set_tag("Event", Some("Club")).unwrap();
    t.set_tag("Event", None).unwrap();
    assert_eq!(t.tag("event"), None);
    assert!(matches!(
        t.set_tag("FEN", Some("W:W1:B2")),
        Err(TreeError::Tag(_))
    ));
    assert!(matches!(
        t.set_tag("bad name", Some("x")),
        Err(TreeError::Tag(_))
    ));
    assert!(matches!(
        t.set_tag("Long", Some(&"v".repeat(2000))),
        Err(TreeError::Tag(_))
    ));
    t.set_result("1-0").unwrap();
    assert_eq!((t.result(), t.tag("Result")), ("1-0", Some("1-0")));
    assert!(matches!(t.set_result("2-1"), Err(TreeError::Result(_))));
    t.set_tag("Result", Some("0-1")).unwrap();
    assert_eq!(t.result(), "0-1");
    // The text reads back as the same tree.
    let text = t.to_pdn();
    assert!(
        text.contains("1. 22-18 9-13?! $6 $10 ({or} 1... 10-14 {the other way})"),
        "{text}"
    );
    assert_eq!(tree(&text), t);
    // Promotion: the variation becomes the main line at its branch point, the old main line
    // its first variation.
    let v1_next = t.play_text(v1, "24-20").unwrap();
    assert_eq!(t.promote(v1_next), Ok(true));
    assert_eq!(t.mainline(), [root, a, v1, v1_next]);
    assert_eq!(t.node(a).unwrap().children()[..2], [v1, b]);
    assert_eq!(t.promote(v1_next), Ok(false));
    assert_eq!(tree(&t.to_pdn()), t);
    // Deleting removes the subtree; its ids stay dead and are not handed out again.
    let len = t.len();
    t.delete(b).unwrap();
    assert_eq!(t.len(), len - 2);
    assert!(t.node(b).is_none() && t.node(c).is_none());
    assert_eq!(t.play_text(b, "18x9"), Err(TreeError::NoNode(b)));
    assert_eq!(t.set_comment(c, None), Err(TreeError::NoNode(c)));
    assert_eq!(t.delete(root), Err(TreeError::Root));
    let again = t.play_text(a, "9-13").unwrap();
    assert_eq!(again.0, t.id_bound() - 1);
    assert_ne!(again, b);
    // Deleting the main continuation makes the first variation the main line.
    t.delete(v1).unwrap();
    assert_eq!(t.node(a).unwrap().children(), [v2, again]);
    assert_eq!(t.mainline(), [root, a, v2]);
    assert_eq!(tree(&t.to_pdn()), t);
}

/// Plays after `at` the first legal move, other than `avoid`, after which the side to move
/// has two moves or more (so the line can both go on and branch) and none a capture.
fn step(t: &mut GameTree, at: NodeId, avoid: Option<NodeId>) -> NodeId {
    let game = t.game_at(at).unwrap();
    let avoid = avoid.and_then(|a| t.node(a).unwrap().mv().copied());
    // No capture is ever offered and no position repeats, and the most mobile position is
    // chosen, so the kings never run out of moves.
    let m = game
        .legal_moves()
        .iter()
        .copied()
        .filter_map(|m| {
            let mut g = game.clone();
            let open = Some(m) != avoid
                && g.play(&m).is_ok()
                && g.repetitions() == 1
                && g.legal_moves().len() >= 2
                && g.legal_moves().iter().all(|r| !r.is_capture());
            open.then(|| (g.legal_moves().len(), m))
        })
        .max_by_key(|&(n, _)| n)
        .map(|(_, m)| m)
        .unwrap_or_else(|| panic!("no move keeps the game open in {}", game.fen()));
    t.play(at, &m).unwrap()
}

/// A tree whose variations nest `levels` deep: each level branches at the second move of the
/// line before. Returns the tree and the first move of the deepest line.
fn deep_tree(levels: usize) -> (GameTree, NodeId) {
    let mut t = GameTree::from_fen(Variant::Italian, "W:WK29,K30,K31,K32:BK1,K2,K3,K4").unwrap();
    let mut first = step(&mut t, NodeId::ROOT, None);
    let mut second = step(&mut t, first, None);
    for _ in 0..levels {
        let alt = step(&mut t, first, Some(second));
        second = step(&mut t, alt, None);
        first = alt;
    }
    (t, first)
}

#[test]
fn edits_keep_the_tree_within_its_bounds() {
    // Nesting: the deepest line takes a continuation, not another variation.
    let (mut t, deepest) = deep_tree(MAX_DEPTH);
    assert_eq!(t.depth(deepest), Ok(MAX_DEPTH));
    let text = t.to_pdn();
    assert_eq!(text.matches('(').count(), MAX_DEPTH);
    assert_eq!(tree(&text), t);
    // A second move after the deepest line's first is a variation one level deeper.
    let before = t.clone();
    let next = t.node(deepest).unwrap().children()[0];
    let legal = t.game_at(deepest).unwrap().legal_moves();
    let other = legal
        .iter()
        .find(|&m| t.node(next).unwrap().mv() != Some(m))
        .unwrap();
    assert_eq!(t.play(deepest, other), Err(TreeError::TooDeep));
    assert_eq!(t, before);
    let on = step(&mut t, next, None);
    assert_eq!(t.depth(on), Ok(MAX_DEPTH));
    // Promoting a variation at the root would push the deepest line one level further down.
    let first = t.mainline()[1];
    let v = step(&mut t, NodeId::ROOT, Some(first));
    assert_eq!(t.promote(v), Err(TreeError::TooDeep));
    assert_eq!(t.mainline()[1], first);
    // One level less promotes.
    let (mut t, _) = deep_tree(MAX_DEPTH - 1);
    let first = t.mainline()[1];
    let v = step(&mut t, NodeId::ROOT, Some(first));
    assert_eq!(t.promote(v), Ok(true));
    assert_eq!(t.mainline()[1], v);
    assert_eq!(tree(&t.to_pdn()), t);
    // Nodes: ids are bounded, deleted ones included.
    let mut t = tree(&format!(
        "1. 22-18 {} *",
        "(1. 21-17) ".repeat(MAX_NODES - 2)
    ));
    assert_eq!(t.id_bound() as usize, MAX_NODES);
    let first = t.mainline()[1];
    assert_eq!(t.play_text(first, "9-13"), Err(TreeError::TooManyNodes));
    t.delete(NodeId(2)).unwrap();
    assert_eq!(t.len(), MAX_NODES - 1);
    assert_eq!(t.play_text(first, "9-13"), Err(TreeError::TooManyNodes));
    // An existing move is still found.
    assert_eq!(t.play_text(NodeId::ROOT, "22-18"), Ok(first));
}

/// Random edits, each checked: whatever the edits make, the text written reads back as the
/// same tree.
#[test]
fn random_edits_always_write_a_text_that_reads_back() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let comments = [
        "good",
        "a long\nnote",
        "(not a variation)",
        "1. 22-18 is not a move here",
    ];
    for round in 0..40 {
        let variant = [Variant::Italian, Variant::Brazilian][round % 2];
        let mut t = GameTree::new(Position::start(variant));
        for _ in 0..60 {
            let live = t.preorder();
            let id = live[rng.below(live.len())];
            let r = match rng.below(10) {
                0..=4 => {
                    let legal = t.game_at(id).unwrap().legal_moves();
                    if legal.is_empty() {
                        continue;
                    }
                    t.play(id, &legal[rng.below(legal.len())]).map(|_| ())
                }
                5 => t.set_comment(id, Some(comments[rng.below(4)].into())),
                6 => t.set_pre_comment(id, Some(comments[rng.below(4)].into())),
                7 => t.set_glyph(id, Some(["!", "?", "!?", "??"][rng.below(4)])),
                8 => t.delete(id),
                _ => t.promote(id).map(|_| ()),
            };
            if id == NodeId::ROOT {
                continue;
            }
            r.unwrap();
        }
        let text = t.to_pdn();
        assert_eq!(tree(&text), t, "{text}");
    }
}

#[test]
fn a_tree_from_a_set_up_position() {
    let t = GameTree::from_fen(Variant::Brazilian, "B:W11,21:B1,2").unwrap();
    assert_eq!(t.start().turn(), Color::Black);
    assert_eq!(t.tag("FEN"), Some(t.start_fen().as_str()));
    assert_eq!(t.tag("GameType"), Some("26"));
    let mut t = t;
    let legal = t.game_at(NodeId::ROOT).unwrap().legal_moves();
    let id = t.play(NodeId::ROOT, &legal[0]).unwrap();
    assert!(t.to_pdn().contains(&format!("1... {}", text_of(&t, id))));
    assert_eq!(tree(&t.to_pdn()), t);
    assert!(GameTree::from_fen(Variant::Italian, "W:W33:B1").is_err());
}

/// A small deterministic generator for the soup test.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Texts made of the grammar's own pieces: never a panic, and whatever is read writes back to
/// a text that reads as the same trees.
#[test]
fn soup_never_panics_and_what_is_read_round_trips() {
    const PIECES: &[&str] = &[
        "1.",
        "2...",
        "22-18",
        "9-13",
        "18x9",
        "10-14",
        "21-17",
        "24-20",
        "5x14",
        "c3-d4",
        "f6-g5",
        "(",
        ")",
        "{a b}",
        "{",
        "}",
        ";x\n",
        "\n%skip\n",
        "$1",
        "$300",
        "!",
        "?!",
        "!!",
        "*",
        "1-0",
        "0-1",
        "1/2-1/2",
        "[Event \"e\"]",
        "[GameType \"26\"]",
        "[FEN \"B:W18:B9,13\"]",
        "13x22",
        " ",
        "\n",
        "é",
        "\u{0}",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let n = rng.below(24);
        let text: String = (0..n)
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect::<Vec<_>>()
            .join(" ");
        let file = PdnFile::parse(&text, dama::Variant::Italian);
        match pdn::parse_trees(&text, dama::Variant::Italian) {
            Ok(ts) => {
                accepted += 1;
                let written = pdn::write_trees(&ts);
                let back = pdn::parse_trees(&written, dama::Variant::Italian)
                    .unwrap_or_else(|e| panic!("{text:?} -> {written:?}: {e}"));
                assert_eq!(back, ts, "{text:?} -> {written:?}");
                let f = file.unwrap();
                assert!(f.games().iter().all(|g| g.error.is_none()));
                assert_eq!(f.len(), ts.len());
            }
            Err(e) => {
                // Either the whole text is refused, or a game in it is listed with the error.
                if let Ok(f) = file {
                    assert!(f.games().iter().any(|g| g.error.as_ref() == Some(&e)));
                }
            }
        }
    }
    assert!(accepted > 500, "{accepted}");
}

#[test]
fn each_game_text_is_that_game_alone_and_the_texts_make_the_file() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/annotated.pdn"
    ))
    .unwrap();
    let file = dama::pdn::PdnFile::parse(&text, dama::Variant::Italian).unwrap();
    let mut joined = String::new();
    for i in 0..file.len() {
        let one = file.game_text(i).unwrap();
        joined.push_str(one);
        // Read alone, the game is the same tree as read from the whole file.
        let alone = dama::pdn::PdnFile::parse(one, dama::Variant::Italian).unwrap();
        assert_eq!(alone.len(), 1, "game {i} alone");
        assert_eq!(alone.tree(0).unwrap(), file.tree(i).unwrap(), "game {i}");
    }
    assert_eq!(joined.trim(), text.trim_start_matches('\u{feff}').trim());
    assert!(file.game_text(file.len()).is_none());
}

#[test]
fn brackets_inside_comments_do_not_open_or_close_variations() {
    // Issue 13, item 4: read as 22-18 11-15 (a different game) and refused, before.
    let text = "1. 22-18 (1. 21-17 {(} ) 10-14 2. 24-20 (2. 23-19 {)} ) 11-15 *";
    let tree = &dama::pdn::parse_trees(text, dama::Variant::Italian).unwrap()[0];
    let main: Vec<&str> = tree
        .mainline()
        .iter()
        .skip(1)
        .map(|&id| tree.node(id).unwrap().text())
        .collect();
    assert_eq!(main, ["22-18", "10-14", "24-20", "11-15"]);
    let games = dama::pdn::parse(text).unwrap();
    assert_eq!(games[0].moves, ["22-18", "10-14", "24-20", "11-15"]);
    let with_smiley = "1. 22-18 (1. 21-17 {threat :)} 10-14) 10-14 *";
    let t = &dama::pdn::parse_trees(with_smiley, dama::Variant::Italian).unwrap()[0];
    // The variation replaces 22-18: the root's second child, with its comment.
    let alt = t.node(t.root()).unwrap().children()[1];
    assert_eq!(t.node(alt).unwrap().text(), "21-17");
    assert_eq!(t.node(alt).unwrap().comment(), Some("threat :)"));
    assert_eq!(
        dama::pdn::parse(with_smiley).unwrap()[0].moves,
        ["22-18", "10-14"]
    );
    // A ; comment runs to the end of its line, brackets and all.
    let semi = "1. 22-18 (1. 21-17 ; a line comment with ) and (\n 10-14) 10-14 *";
    assert_eq!(dama::pdn::parse(semi).unwrap()[0].moves, ["22-18", "10-14"]);
}
