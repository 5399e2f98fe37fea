//! A game's one record (`GameRecord`): its tree and the live game at its cursor move together
//! whatever is done to it (moves, take-backs, replays, going to any move, deletions,
//! promotions, declared endings), a game's record keeps the line played as its main line and
//! its result the game's, an analysis keeps its main line and its result, and a record that
//! cannot take a move refuses it changing nothing. Seeded random sequences check the first.

use crate::reference::Rng;
use dama::pdn::{self, NodeId, TreeError, MAX_DEPTH};
use dama::{
    Color, Game, GameRecord, Outcome, PlayError, Position, Reason, RecordError, RecordKind, Variant,
};

fn italian(kind: RecordKind) -> GameRecord {
    GameRecord::new(kind, Position::start(Variant::Italian))
}

fn body(pdn: &str) -> String {
    pdn.lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .trim()
        .to_string()
}

fn texts(r: &GameRecord) -> Vec<String> {
    r.game().move_texts()
}

/// The live game is the tree's game at the cursor: the same position, moves, hash and
/// counters (a declared ending apart, which no replay knows).
fn assert_in_step(r: &GameRecord, what: &str) {
    let replayed = r
        .tree()
        .game_at(r.cursor())
        .expect("the cursor is a live move");
    let g = r.game();
    assert_eq!(g.position(), replayed.position(), "{what}");
    assert_eq!(g.hash(), replayed.hash(), "{what}");
    assert_eq!(g.move_texts(), replayed.move_texts(), "{what}");
    assert_eq!(g.king_plies(), replayed.king_plies(), "{what}");
    assert_eq!(
        g.three_kings_moves(),
        replayed.three_kings_moves(),
        "{what}"
    );
    let node = r.tree().node(r.cursor()).unwrap();
    assert_eq!(node.ply() as usize, g.ply(), "{what}");
    assert_eq!(node.position(), g.position(), "{what}");
}

#[test]
fn a_game_keeps_the_line_played_as_its_main_line() {
    let mut r = italian(RecordKind::Game);
    for m in ["22-18", "11-14", "18x11", "7x14"] {
        r.play_text(m).unwrap();
    }
    assert_eq!(body(&r.to_pdn()), "1. 22-18 11-14 2. 18x11 7x14 *");
    // Taken back, not gone: replayed, the same line, nothing added.
    assert_eq!(
        r.undo().map(|m| r.game().move_text(&m)),
        Some("7x14".into())
    );
    r.undo();
    assert_eq!(r.game().ply(), 2);
    assert!(r.can_redo());
    assert_eq!(body(&r.to_pdn()), "1. 22-18 11-14 2. 18x11 7x14 *");
    r.redo();
    r.redo();
    assert!(!r.can_redo());
    assert_eq!(r.redo(), None);
    assert_eq!(r.tree().len(), 5);
    // Another move after a take-back: the main line, the line taken back its variation.
    r.undo();
    r.undo();
    r.undo();
    r.play_text("12-16").unwrap();
    assert_eq!(
        body(&r.to_pdn()),
        "1. 22-18 12-16 (1... 11-14 2. 18x11 7x14) *"
    );
    assert!(!r.can_redo());
    assert_eq!(texts(&r), ["22-18", "12-16"]);
    assert!(r.tree().is_mainline(r.cursor()));
    // The same move as a variation's is followed, and made the main line again.
    r.undo();
    r.play_text("11-14").unwrap();
    assert_eq!(
        body(&r.to_pdn()),
        "1. 22-18 11-14 (1... 12-16) 2. 18x11 7x14 *"
    );
    assert!(
        r.can_redo(),
        "the rest of the line followed is there to replay"
    );
    assert_eq!(
        r.redo().map(|m| r.game().move_text(&m)),
        Some("18x11".into())
    );
    assert_eq!(texts(&r), ["22-18", "11-14", "18x11"]);
    assert_in_step(&r, "after the replays");
}

#[test]
fn an_analysis_keeps_its_main_line() {
    let mut r = italian(RecordKind::Analysis);
    for m in ["22-18", "11-14", "18x11", "7x14"] {
        r.play_text(m).unwrap();
    }
    let main = r.tree().mainline();
    r.goto(main[1]).unwrap();
    assert_eq!(texts(&r), ["22-18"]);
    r.play_text("12-16").unwrap();
    assert_eq!(
        body(&r.to_pdn()),
        "1. 22-18 11-14 (1... 12-16) 2. 18x11 7x14 *"
    );
    assert_eq!(r.tree().depth(r.cursor()), Ok(1));
    // Back and on again: the cursor follows the line it is on, and then its first move.
    r.undo();
    assert_eq!(r.cursor(), main[1]);
    assert_eq!(
        r.redo().map(|m| r.game().move_text(&m)),
        Some("11-14".into())
    );
    assert_eq!(r.cursor(), main[2]);
    // An analysis's result is as read or set, whatever the game at the cursor.
    r.set_result("1-0").unwrap();
    r.goto(NodeId::ROOT).unwrap();
    assert_eq!(r.tree().result(), "1-0");
    assert_in_step(&r, "an analysis");
}

#[test]
fn a_game_record_says_the_games_result_where_it_ends_the_main_line() {
    let mut r = GameRecord::from_game(
        RecordKind::Game,
        &Game::from_fen(Variant::Italian, "W:W30:B27").unwrap(),
        &[("Event".into(), "Club".into())],
    )
    .unwrap();
    assert_eq!(r.tree().tags()[0], ("Event".into(), "Club".into()));
    let mut resigned = r.clone();
    resigned.resign(Color::White);
    assert_eq!(resigned.tree().result(), "0-1");
    assert!(resigned.to_pdn().contains("[Result \"0-1\"]"));
    // A result is final: nothing is taken back past it.
    assert!(!resigned.can_undo());
    assert_eq!(resigned.undo(), None);
    assert_eq!(resigned.tree().result(), "0-1");
    assert!(resigned.game().result().is_some());
    // Over on the board; a result set by hand is the game's again.
    assert!(!r.can_undo(), "nothing played yet");
    r.play_text("30x23").unwrap();
    assert!(!r.can_undo(), "a win is final too");
    assert_eq!(r.undo(), None);
    assert_eq!(r.tree().result(), "1-0");
    r.set_tag("Result", Some("0-1")).unwrap();
    assert_eq!(r.tree().result(), "1-0");
    r.set_result("1/2-1/2").unwrap();
    assert_eq!(r.tree().tag("Result"), Some("1-0"));
    let mut over = italian(RecordKind::Game);
    over.agree_draw();
    assert_eq!(over.tree().result(), "1/2-1/2");
    assert_eq!(over.undo(), None);
    assert_eq!(over.tree().result(), "1/2-1/2", "an agreed draw stays");
    // Moves taken back and not played again were never the game's: its ending drops them,
    // and the record holds the game played, with its result.
    let mut late = italian(RecordKind::Game);
    for m in ["22-18", "12-16", "21-17"] {
        late.play_text(m).unwrap();
    }
    late.undo();
    late.undo();
    assert!(late.can_redo());
    late.lose_on_time(Color::White);
    assert!(!late.can_redo());
    assert_eq!(late.game().result().map(|r| r.reason), Some(Reason::Time));
    assert_eq!(late.tree().result(), "0-1");
    assert!(
        late.to_pdn().ends_with("1. 22-18 0-1\n"),
        "{}",
        late.to_pdn()
    );
    assert_in_step(&late, "a game ended with moves taken back after it");
    // An analysis keeps every move, and takes back a declared ending as a move.
    let mut study = italian(RecordKind::Analysis);
    study.play_text("22-18").unwrap();
    study.play_text("11-14").unwrap();
    study.undo();
    study.resign(Color::White);
    assert!(!study.can_redo() && study.can_undo());
    assert_eq!(study.undo(), None);
    assert!(study.game().result().is_none());
    assert!(study.can_redo());
    assert_eq!(
        study.undo().map(|m| study.game().move_text(&m)),
        Some("22-18".into())
    );
}

#[test]
fn a_read_game_stands_at_its_end_with_its_result_declared() {
    let text = "[Result \"2-0\"]\n[GameType \"26\"]\n1. c3-d4 f6-g5 2-0";
    let r = GameRecord::read(RecordKind::Game, text, Variant::Italian).unwrap();
    assert_eq!(r.variant(), Variant::Brazilian);
    assert_eq!(r.game().ply(), 2);
    let result = r.game().result().unwrap();
    assert_eq!(result.outcome, Outcome::Win(Color::White));
    assert_eq!(result.reason, Reason::Resignation);
    assert_eq!(r.tree().result(), "2-0", "the same result, written as read");
    // An analysis of it starts at the start, nothing declared.
    let a = GameRecord::read(RecordKind::Analysis, text, Variant::Italian).unwrap();
    assert_eq!(a.cursor(), NodeId::ROOT);
    assert!(a.game().result().is_none());
    // Without a GameType, the game named; the rest of the text is not read.
    let b = GameRecord::read(
        RecordKind::Game,
        "1. c3-d4 *\n\n1. nonsense *",
        Variant::Brazilian,
    )
    .unwrap();
    assert_eq!(b.variant(), Variant::Brazilian);
    assert!(GameRecord::read(RecordKind::Game, "1. c3-d4 *", Variant::Italian).is_err());
    assert!(GameRecord::read(RecordKind::Game, "", Variant::Italian).is_err());
}

#[test]
fn refused_moves_change_nothing() {
    let mut r = italian(RecordKind::Game);
    r.play_text("22-18").unwrap();
    r.play_text("9-13").unwrap();
    let before = r.to_pdn();
    match r.play_text("21-17") {
        Err(RecordError::Play(PlayError::Illegal(_))) => {}
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        r.play_text("nonsense"),
        Err(RecordError::Play(PlayError::Text(_)))
    ));
    assert_eq!(r.to_pdn(), before);
    assert_eq!(r.game().ply(), 2);
    r.resign(Color::White);
    assert!(matches!(
        r.play_text("18x9"),
        Err(RecordError::Play(PlayError::GameOver(_)))
    ));
    assert_in_step(&r, "after the refusals");
}

#[test]
fn deleting_the_cursors_line_takes_the_cursor_back() {
    let mut r = italian(RecordKind::Analysis);
    let first = {
        r.play_text("22-18").unwrap();
        r.cursor()
    };
    r.play_text("11-14").unwrap();
    r.play_text("18x11").unwrap();
    r.undo();
    r.undo();
    r.play_text("9-13").unwrap();
    r.play_text("18x9").unwrap();
    // Deleting a line the cursor is not on keeps the cursor where it is.
    let other = r.tree().node(first).unwrap().children()[0];
    let at = r.cursor();
    r.delete(other).unwrap();
    assert_eq!(r.cursor(), at);
    assert_eq!(
        r.tree().depth(at),
        Ok(0),
        "the variation took the main line's place"
    );
    assert_in_step(&r, "a line deleted beside the cursor");
    // Deleting the cursor's own line: back to the move before it.
    r.delete(first).unwrap();
    assert_eq!(r.cursor(), NodeId::ROOT);
    assert_eq!(r.game().ply(), 0);
    assert_in_step(&r, "the cursor's line deleted");
    assert_eq!(r.delete(first), Err(TreeError::NoNode(first)));
    assert_eq!(r.delete(NodeId::ROOT), Err(TreeError::Root));
    // A game's declared ending goes with its line.
    let mut g = italian(RecordKind::Game);
    g.play_text("22-18").unwrap();
    let id = g.cursor();
    g.resign(Color::Black);
    g.delete(id).unwrap();
    assert!(g.game().result().is_none());
    assert_eq!(g.tree().result(), "*");
}

/// An analysis of `lead` plain moves, then nested `MAX_DEPTH` deep at its cursor: at each ply
/// a first move, taken back, and another move as its variation, followed.
fn nested(lead: usize) -> GameRecord {
    let mut r = italian(RecordKind::Analysis);
    for _ in 0..lead {
        let legal = r.game().legal_moves();
        r.play(&legal[0]).unwrap();
    }
    let mut levels = 0;
    while levels < MAX_DEPTH {
        let legal = r.game().legal_moves();
        assert!(!legal.is_empty(), "the line ended at {levels} levels");
        r.play(&legal[0]).unwrap();
        if legal.len() > 1 {
            r.undo();
            r.play(&legal[1]).unwrap();
            levels += 1;
        }
    }
    assert_eq!(r.tree().depth(r.cursor()), Ok(MAX_DEPTH));
    r
}

/// A move at the cursor that is not in the record yet, if any.
fn new_move(r: &GameRecord) -> Option<dama::Move> {
    let here = r.tree().node(r.cursor()).unwrap();
    let have: Vec<&str> = here
        .children()
        .iter()
        .filter_map(|&c| Some(r.tree().node(c)?.text()))
        .collect();
    r.game()
        .legal_moves()
        .iter()
        .copied()
        .find(|m| !have.contains(&r.game().move_text(m).as_str()))
}

#[test]
fn a_record_that_cannot_hold_a_move_refuses_it_and_a_game_goes_on_in_a_new_one() {
    // One more level of variation is refused: a move beside one already there.
    let mut r = nested(0);
    let legal = r.game().legal_moves();
    r.play(&legal[0]).unwrap();
    r.undo();
    let before = (r.to_pdn(), r.cursor(), r.tree().id_bound());
    let other = new_move(&r).expect("a second move");
    assert_eq!(r.play(&other), Err(RecordError::Full(TreeError::TooDeep)));
    assert_eq!((r.to_pdn(), r.cursor(), r.tree().id_bound()), before);
    assert_in_step(&r, "a move refused for depth");
    // A game's record: a move that would push a deep line down one more level is refused too
    // (played, it would be the main line), and nothing changes.
    let deep = nested(1);
    let mut g = GameRecord::from_tree(RecordKind::Game, deep.tree().clone()).unwrap();
    g.goto(NodeId::ROOT).unwrap();
    let other = new_move(&g).expect("a second first move");
    let before = (g.to_pdn(), g.tree().id_bound());
    assert_eq!(g.play(&other), Err(RecordError::Full(TreeError::TooDeep)));
    assert_eq!((g.to_pdn(), g.tree().id_bound()), before);
    assert_eq!(g.cursor(), NodeId::ROOT);
    assert_in_step(&g, "a game's move refused for depth");
    // The game goes on in a record of its line and tags alone.
    g.set_tag("Event", Some("Club")).unwrap();
    let mut fresh = g.line_only().unwrap();
    assert_eq!(fresh.tree().len(), 1);
    assert_eq!(fresh.tree().tag("Event"), Some("Club"));
    fresh.play(&other).unwrap();
    assert_eq!(fresh.game().ply(), 1);
    // Past the most moves a record holds: a new move refused, one already there followed.
    let mut full = italian(RecordKind::Analysis);
    let mut rng = Rng::new(7);
    while (full.tree().id_bound() as usize) < pdn::MAX_NODES {
        let legal = full.game().legal_moves();
        if legal.is_empty() || full.game().ply() > 150 {
            full.goto(NodeId::ROOT).unwrap();
            continue;
        }
        full.play(&legal[rng.below(legal.len() as u64) as usize])
            .unwrap();
    }
    full.goto(NodeId::ROOT).unwrap();
    while new_move(&full).is_none() {
        full.redo().unwrap();
    }
    let m = new_move(&full).unwrap();
    let before = (full.to_pdn(), full.cursor());
    assert_eq!(
        full.play(&m),
        Err(RecordError::Full(TreeError::TooManyNodes))
    );
    assert_eq!((full.to_pdn(), full.cursor()), before);
    assert_in_step(&full, "a move refused at the most nodes");
    let mut line = full.line_only().unwrap();
    assert_eq!(line.tree().len(), full.game().ply() + 1);
    line.play(&m).unwrap();
    assert_in_step(&line, "the line played on");
}

#[test]
fn a_record_of_a_game_and_its_tags_is_what_the_writer_writes() {
    let mut g = Game::from_fen(Variant::Italian, "B:W18,22,31:B14,10,3").unwrap();
    g.play_text("14x21").unwrap();
    let tags = [
        ("Event".to_string(), "".to_string()),
        ("Result".to_string(), "1-0".to_string()),
        ("Round".to_string(), "3".to_string()),
    ];
    let r = GameRecord::from_game(RecordKind::Game, &g, &tags).unwrap();
    assert_eq!(r.to_pdn(), pdn::write_game(&g, &tags));
    assert_eq!(r.game().ply(), 1);
    let back = GameRecord::read(RecordKind::Game, &r.to_pdn(), Variant::Italian).unwrap();
    assert_eq!(back.tree(), r.tree());
}

/// One random step on a record: a move (often one already there), a take-back, a replay, a
/// move anywhere, a deletion, a promotion, an ending declared.
fn step(r: &mut GameRecord, rng: &mut Rng) -> String {
    let ids: Vec<NodeId> = r.tree().preorder();
    let any = ids[rng.below(ids.len() as u64) as usize];
    match rng.below(12) {
        0..=4 => {
            let legal = r.game().legal_moves();
            if legal.is_empty() {
                return "no move".into();
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            let text = r.game().move_text(&m);
            match r.play(&m) {
                Ok(_) => format!("play {text}"),
                Err(e) => panic!("a legal move {text} refused: {e}"),
            }
        }
        5 | 6 => format!("undo {:?}", r.undo().is_some()),
        7 => format!("redo {:?}", r.redo().is_some()),
        8 => {
            r.goto(any).unwrap();
            format!("goto {any}")
        }
        9 if any != NodeId::ROOT => {
            r.delete(any).unwrap();
            format!("delete {any}")
        }
        10 => format!("promote {any} {:?}", r.promote(any)),
        _ => {
            r.resign(if rng.chance(1, 2) {
                Color::White
            } else {
                Color::Black
            });
            "resign".into()
        }
    }
}

#[test]
fn the_live_game_is_always_the_trees_game_at_the_cursor() {
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed);
        let kind = if seed % 2 == 0 {
            RecordKind::Game
        } else {
            RecordKind::Analysis
        };
        let v = if seed % 3 == 0 {
            Variant::Brazilian
        } else {
            Variant::Italian
        };
        let mut r = GameRecord::new(kind, Position::start(v));
        let mut done = Vec::new();
        for _ in 0..120 {
            done.push(step(&mut r, &mut rng));
            let what = format!("seed {seed}: {}", done.join(", "));
            assert_in_step(&r, &what);
            // The cursor's depth, kept as it moves, is the tree's.
            let end = r.tree().depth(r.cursor()) == Ok(0)
                && r.tree().node(r.cursor()).unwrap().children().is_empty();
            if kind == RecordKind::Game {
                let want = match r.game().result() {
                    Some(res) if end => res.pdn(),
                    _ => "*",
                };
                assert_eq!(r.tree().result(), want, "{what}");
            } else {
                assert_eq!(r.tree().result(), "*", "{what}");
            }
            // Written and read back, the same tree.
            if done.len() % 40 == 0 {
                let back = pdn::parse_trees(&r.to_pdn(), v).unwrap();
                assert_eq!(&back[0], r.tree(), "{what}");
            }
        }
    }
}
