//! The bindings as JS sees them. Run by `make test-wasm`, in Node.

#![cfg(target_arch = "wasm32")]

use dama_wasm::js_args::{BytesArg, CellsArg, NumbersArg};
use dama_wasm::Game;
use js_sys::{Array, Int8Array, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// A Rust value as the JS argument of a binding (`StrArg`, `NumArg`...): what JS would pass.
fn js<T: JsCast>(v: impl Into<JsValue>) -> T {
    v.into().unchecked_into()
}

fn js_bytes(b: &[u8]) -> BytesArg {
    js(Uint8Array::from(b))
}

fn js_cells(c: &[i8]) -> CellsArg {
    js(Int8Array::from(c))
}

fn js_numbers(n: &[f64]) -> NumbersArg {
    js(n.iter().map(|&x| JsValue::from(x)).collect::<Array>())
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

/// A binding's list answer as the JS array the page gets.
fn list(v: impl Into<JsValue>) -> Array {
    v.into().unchecked_into()
}

fn texts(moves: &JsValue) -> Vec<String> {
    Array::from(moves)
        .iter()
        .map(|m| get(&m, "text").as_string().unwrap())
        .collect()
}

fn message(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_default()
}

const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/// A new game of Italian draughts.
fn italian_game() -> Game {
    Game::new(js("italian")).unwrap()
}

#[wasm_bindgen_test]
fn start_position_has_seven_moves() {
    let g = italian_game();
    assert_eq!(list(g.legal_moves()).length(), 7);
    assert_eq!(g.turn(), "white");
    assert_eq!(g.fen(), START);
    let board = g.board().to_vec();
    assert_eq!(board.len(), 32);
    assert!(board[..12].iter().all(|&p| p == -1));
    assert!(board[12..20].iter().all(|&p| p == 0));
    assert!(board[20..].iter().all(|&p| p == 1));
}

#[wasm_bindgen_test]
fn bad_fen_throws_and_changes_nothing() {
    let g = italian_game();
    let e = Game::from_fen(js("W:W33:B1"), js("italian"))
        .err()
        .expect("square 33 must be refused");
    assert!(e.is_instance_of::<js_sys::Error>());
    assert!(!message(&e).is_empty());
    assert!(Game::from_fen(js(""), js("italian")).is_err());
    assert!(Game::from_fen(js("X:W21:B1"), js("italian")).is_err());
    // An existing game is untouched by a failed set-up elsewhere.
    assert_eq!(g.fen(), START);
}

#[wasm_bindgen_test]
fn illegal_move_throws_and_leaves_the_game_unchanged() {
    let mut g = italian_game();
    let before = g.fen();
    for bad in ["22-17", "21-13", "nonsense", "", "22-18-14"] {
        let e = g
            .play(js(bad))
            .map(JsValue::from)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} must be refused"));
        assert!(!message(&e).is_empty(), "{bad:?} needs a reason");
        assert_eq!(g.fen(), before);
        assert_eq!(list(g.history()).length(), 0);
    }
    // Men move forward only: the refusal names the rule.
    let why = g
        .why_illegal(js(22.0), js(26.0))
        .unwrap()
        .expect("22-26 is illegal");
    assert!(why.contains("occupied") || why.contains("forward"), "{why}");
    assert_eq!(g.why_illegal(js(22.0), js(18.0)).unwrap(), None);
}

#[wasm_bindgen_test]
fn out_of_range_index_throws() {
    let mut g = italian_game();
    let e = g
        .play_index(js(7.0))
        .map(JsValue::from)
        .expect_err("there are only 7 moves");
    assert!(e.is_instance_of::<js_sys::RangeError>());
    assert_eq!(list(g.history()).length(), 0);
    let m = g.play_index(js(0.0)).unwrap();
    assert_eq!(get(&m, "from").as_f64(), Some(21.0));
    assert_eq!(g.turn(), "black");
}

#[wasm_bindgen_test]
fn a_capture_position_gives_only_the_forced_capture() {
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    g.play(js("9-13")).unwrap();
    let moves = list(g.legal_moves());
    assert_eq!(texts(&moves), vec!["18x9"]);
    let m = moves.get(0);
    assert_eq!(get(&m, "capture").as_bool(), Some(true));
    let captured: Vec<f64> = Array::from(&get(&m, "captured"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(captured, vec![13.0]);
    let why = g
        .why_illegal(js(21.0), js(17.0))
        .unwrap()
        .expect("a quiet move is refused when a capture exists");
    assert!(why.contains("compulsory"), "{why}");
    assert!(g.play(js("21-17")).map(JsValue::from).is_err());
    // Precedence: the king capture that takes more pieces is the only one (RULES.md table).
    let g = Game::from_fen(js("W:WK21,31:B10,18,27"), js("italian")).unwrap();
    assert_eq!(texts(&list(g.legal_moves())), vec!["31x6"]);
}

#[wasm_bindgen_test]
fn capture_path_and_history() {
    let mut g = Game::from_fen(js("W:W31:B12,20,28"), js("italian")).unwrap();
    let m = g.play(js("31x8")).unwrap();
    let path: Vec<f64> = Array::from(&get(&m, "path"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(path, vec![24.0, 15.0, 8.0]);
    assert_eq!(texts(&list(g.history())), vec!["31x8"]);
    let r = JsValue::from(g.result());
    assert_eq!(get(&r, "winner").as_string().as_deref(), Some("white"));
    assert_eq!(get(&r, "reason").as_string().as_deref(), Some("no-moves"));
    let undone = JsValue::from(g.undo());
    assert_eq!(get(&undone, "text").as_string().as_deref(), Some("31x8"));
    assert!(JsValue::from(g.result()).is_undefined());
    assert_eq!(g.ply(), 0);
    assert_eq!(texts(&list(g.history())), Vec::<String>::new());
}

#[wasm_bindgen_test]
fn resignation_and_draw() {
    let mut g = italian_game();
    g.resign(js("white")).unwrap();
    let r = JsValue::from(g.result());
    assert_eq!(get(&r, "winner").as_string().as_deref(), Some("black"));
    assert_eq!(
        get(&r, "reason").as_string().as_deref(),
        Some("resignation")
    );
    assert!(g.resign(js("purple")).is_err());
    assert!(JsValue::from(g.undo()).is_undefined()); // takes back the resignation
    assert!(JsValue::from(g.result()).is_undefined());
    g.agree_draw();
    assert!(get(&JsValue::from(g.result()), "winner").is_null());
}

#[wasm_bindgen_test]
fn pdn_round_trip() {
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    g.play(js("9-13")).unwrap();
    g.play(js("18x9")).unwrap();
    let again = Game::from_pdn(
        js(g.pdn_with_tags(js(Array::new())).unwrap()),
        js("italian"),
    )
    .unwrap();
    assert_eq!(again.fen(), g.fen());
    assert!(Game::from_pdn(js("1. 22-17 *"), js("italian")).is_err());
    // A game without a GameType is one of the game named.
    let b = Game::from_pdn(js("1. c3-d4 f6-g5 *"), js("brazilian")).unwrap();
    assert_eq!((b.variant(), b.ply()), ("brazilian".to_string(), 2));
    assert!(Game::from_pdn(js("1. c3-d4 *"), js("italian")).is_err());
}

#[wasm_bindgen_test]
fn engine_finds_the_winning_capture() {
    use dama_wasm::Engine;
    let mut engine = Engine::new(js(1.0)).unwrap();
    let g = Game::from_fen(js("W:W30:B27"), js("italian")).unwrap();
    let r = engine.search(&g, js(10.0), js(500.0), js(1.0)).unwrap();
    assert_eq!(get(&r, "move").as_string().as_deref(), Some("30x23"));
    assert!(get(&r, "score").as_f64().unwrap() > 0.0);
    // A finished game has nothing to search.
    let mut done = Game::from_fen(js("W:W30:B27"), js("italian")).unwrap();
    done.play(js("30x23")).unwrap();
    assert!(engine
        .search(&done, js(5.0), js(100.0), js(1.0))
        .map(JsValue::from)
        .is_err());
    engine.new_game();
    let start = italian_game();
    let r = engine.search(&start, js(1.0), js(200.0), js(7.0)).unwrap();
    let m = get(&r, "move").as_string().unwrap();
    assert!(texts(&list(start.legal_moves())).contains(&m), "{m}");
}

#[wasm_bindgen_test]
fn arguments_of_another_js_type_are_type_errors_naming_them() {
    let type_error = |e: JsValue| {
        assert!(e.is_instance_of::<js_sys::TypeError>(), "{e:?}");
        message(&e)
    };
    let e = Game::from_fen(js(5.0), js("italian")).err().unwrap();
    assert_eq!(
        type_error(e),
        "Game.fromFen: fen must be a string, not number"
    );
    let e = Game::new(js(JsValue::TRUE)).err().unwrap();
    let msg = type_error(e);
    assert_eq!(msg, "new Game: variant must be a string, not boolean");
    let mut g = italian_game();
    let e = g
        .play(js(Array::new()))
        .map(JsValue::from)
        .expect_err("an array for a move");
    assert_eq!(type_error(e), "Game.play: text must be a string, not array");
    let e = g.board_at(js("0")).expect_err("a string for a ply");
    assert_eq!(
        type_error(e),
        "Game.boardAt: ply must be a number, not string"
    );
    let e = g.board_at(js(JsValue::NULL)).expect_err("null for a ply");
    assert_eq!(
        type_error(e),
        "Game.boardAt: ply must be a number, not null"
    );
    assert_eq!(g.ply(), 0);
    // Cells: an Int8Array or an array of numbers -2..2, no longer wrapped (255 was -1).
    let mut cells = [0i8; 32];
    cells[21] = 1;
    cells[0] = -2;
    let g = Game::from_board(js_cells(&cells), js("white"), js("italian")).unwrap();
    assert_eq!(g.board().to_vec(), cells);
    let as_array = |c: &[f64]| js(c.iter().map(|&x| JsValue::from(x)).collect::<Array>());
    let mut numbers: Vec<f64> = cells.iter().map(|&c| c.into()).collect();
    let g = Game::from_board(as_array(&numbers), js("white"), js("italian")).unwrap();
    assert_eq!(g.board().to_vec(), cells);
    numbers[3] = 255.0;
    let e = Game::from_board(as_array(&numbers), js("white"), js("italian"))
        .err()
        .unwrap();
    assert!(e.is_instance_of::<js_sys::RangeError>());
    assert_eq!(
        message(&e),
        "cells[3] must be a whole number from -2 to 2, not 255"
    );
    numbers[3] = 0.5;
    let e = Game::from_board(as_array(&numbers), js("white"), js("italian"))
        .err()
        .unwrap();
    assert_eq!(
        message(&e),
        "cells[3] must be a whole number from -2 to 2, not 0.5"
    );
    let mut items: Vec<JsValue> = cells.iter().map(|&c| JsValue::from(c)).collect();
    items[5] = JsValue::from("1");
    let e = Game::from_board(
        js(items.into_iter().collect::<Array>()),
        js("white"),
        js("italian"),
    );
    let msg = type_error(e.err().unwrap());
    assert_eq!(msg, "Game.fromBoard: cells[5] must be a number, not string");
    // Another typed array is read as numbers too.
    let bytes: Vec<u8> = cells.iter().map(|&c| c as u8).collect();
    let e = Game::from_board(
        js(js_sys::Uint8Array::from(&bytes[..])),
        js("white"),
        js("italian"),
    );
    assert_eq!(
        message(&e.err().unwrap()),
        "cells[0] must be a whole number from -2 to 2, not 254"
    );
    let e = Game::from_board(js("0".repeat(32)), js("white"), js("italian"));
    let msg = type_error(e.err().unwrap());
    assert_eq!(
        msg,
        "Game.fromBoard: cells must be an Int8Array or an array of numbers, not string"
    );
    // Bytes: a Uint8Array, or an array of whole numbers 0-255.
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let e = engine
        .load_tables(js(JsValue::from(3.0)))
        .expect_err("a number for bytes");
    let msg = type_error(e);
    assert_eq!(
        msg,
        "Engine.loadTables: bytes must be a Uint8Array or an array of numbers, not number"
    );
    let e = engine
        .load_tables(js(Array::of1(&JsValue::from(256.0))))
        .expect_err("256");
    assert_eq!(
        message(&e),
        "bytes[0] must be a whole number from 0 to 255, not 256"
    );
}

// ---------------------------------------------------------------------------------------
// Junk in: every method either works or throws a JS Error with a message, and a failed call
// leaves the game exactly as it was.

/// What must not change when a call fails.
fn snapshot(g: &Game) -> (String, String, usize, Vec<String>, String) {
    let result = JsValue::from(g.result());
    let result = if result.is_undefined() {
        String::new()
    } else {
        get(&result, "reason").as_string().unwrap_or_default()
    };
    (
        g.fen(),
        g.start_fen(),
        g.ply(),
        texts(&list(g.history())),
        result,
    )
}

fn assert_error(e: &JsValue, what: &str) {
    assert!(
        e.is_instance_of::<js_sys::Error>(),
        "{what}: not an Error: {e:?}"
    );
    assert!(
        !message(e).trim().is_empty(),
        "{what}: the Error says nothing"
    );
}

#[wasm_bindgen_test]
fn from_fen_refuses_junk_with_a_reason() {
    let junk = [
        "",
        "   ",
        "W",
        "W:",
        "W:W:B:X",
        "X:W21:B1",
        "W:W33:B1",
        "W:W0:B1",
        "W:W99999999999999999999:B1",
        "W:W21,21:B1",
        "W:W21:B21",
        "W:W1:B2",
        "W:W21:B29",
        "W:W13-25:B1",
        "W:W25-13:B1",
        "W:WK:B1",
        "W:W21;B1",
        "W:W２１:B1",
        "\u{0}",
        "W:W21:B1:W22:B2:W23",
    ];
    for fen in junk {
        match Game::from_fen(js(fen), js("italian")) {
            Err(e) => assert_error(&e, fen),
            // A few of these may be accepted by a lenient reader; then they must be sound.
            Ok(g) => assert_eq!(
                Game::from_fen(js(g.fen()), js("italian")).unwrap().fen(),
                g.fen(),
                "{fen:?}"
            ),
        }
    }
    // The reasons the board editor shows name the problem.
    let e = Game::from_fen(js("W:W1:B2"), js("italian")).err().unwrap();
    assert!(message(&e).contains("crowned"), "{}", message(&e));
    let e = Game::from_fen(js("W:W13-25:B1"), js("italian"))
        .err()
        .unwrap();
    assert!(message(&e).contains("at most 12"), "{}", message(&e));
}

#[wasm_bindgen_test]
fn from_pdn_and_pdn_tags_refuse_junk() {
    let junk = [
        "",
        "garbage",
        "{ an unterminated comment",
        "[Event \"unterminated",
        "[GameType \"20\"]\n1. 22-18 *",
        "1. 22-17 *",
        "1. 22-18 22-18 *",
        "[FEN \"W:W33:B1\"]\n*",
        "1. 99-98 *",
        "[GameType \"22\"]\n1. 22-18 9-13 2. 18-14 *",
    ];
    for text in junk {
        let e = Game::from_pdn(js(text), js("italian"))
            .err()
            .unwrap_or_else(|| panic!("{text:?} must be refused"));
        assert_error(&e, text);
    }
    for text in ["", "garbage", "[Event \"unterminated"] {
        let e = Game::pdn_tags(js(text))
            .map(JsValue::from)
            .err()
            .unwrap_or_else(|| panic!("tags of {text:?} must be refused"));
        assert_error(&e, text);
    }
    // An illegal move is named with its number.
    let e = Game::from_pdn(
        js("[GameType \"22\"]\n1. 22-18 9-13 2. 18-14 *"),
        js("italian"),
    )
    .err()
    .unwrap();
    assert!(message(&e).contains("18-14"), "{}", message(&e));
    // Tags come back in file order.
    let tags = Game::pdn_tags(js("[Event \"E\"]\n[White \"W\"]\n1. 22-18 *"))
        .map(list)
        .unwrap();
    assert_eq!(tags.length(), 2);
    assert_eq!(
        Array::from(&tags.get(1)).get(1).as_string().as_deref(),
        Some("W")
    );
}

#[wasm_bindgen_test]
fn play_refuses_junk_and_changes_nothing() {
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    let before = snapshot(&g);
    let junk = [
        "",
        " ",
        "-",
        "x",
        "22",
        "22-",
        "-18",
        "9-13-17",
        "0-5",
        "33-29",
        "99999999999999999999-1",
        "-1-5",
        "9--13",
        "9xx13",
        "9-13 extra",
        "nine-thirteen",
        "9-14",
        "18-14",
        "1-5",
        "12-16x",
        "\u{0}",
        "９-１３",
    ];
    for text in junk {
        if let Err(e) = g.play(js(text)).map(JsValue::from) {
            assert_error(&e, text);
            assert_eq!(snapshot(&g), before, "{text:?} changed the game");
        } else {
            // Only a readable legal move may pass, and it must be one.
            g.undo();
            assert_eq!(snapshot(&g).0, before.0, "{text:?}");
        }
    }
}

#[wasm_bindgen_test]
fn play_index_refuses_every_bad_index() {
    let mut g = italian_game();
    let before = snapshot(&g);
    // 2^32 used to wrap to 0 and play the first move; -1 to 2^32 - 1.
    let limits = [
        7.0,
        8.0,
        100.0,
        4294967296.0,
        4294967297.0,
        -1.0,
        0.5,
        f64::NAN,
    ];
    for index in limits.into_iter().chain([f64::INFINITY, f64::NEG_INFINITY]) {
        let e = g.play_index(js(index)).map(JsValue::from).err().unwrap();
        assert_error(&e, &format!("index {index}"));
        assert_eq!(snapshot(&g), before);
    }
}

#[wasm_bindgen_test]
fn calls_after_the_game_ended_throw_or_do_nothing() {
    let mut g = Game::from_fen(js("W:W30:B27"), js("italian")).unwrap();
    g.play(js("30x23")).unwrap();
    assert!(!JsValue::from(g.result()).is_undefined());
    assert_eq!(list(g.legal_moves()).length(), 0);
    let before = snapshot(&g);
    for text in ["23-18", "27-31", "1-5"] {
        let e = g.play(js(text)).map(JsValue::from).err().unwrap();
        assert_error(&e, text);
        assert_eq!(snapshot(&g), before);
    }
    let e = g.play_index(js(0.0)).map(JsValue::from).err().unwrap();
    assert_error(&e, "index 0 after the end");
    // Resigning or agreeing a draw after the end changes nothing.
    g.resign(js("white")).unwrap();
    g.agree_draw();
    assert_eq!(snapshot(&g), before);
    let why = g
        .why_illegal(js(23.0), js(18.0))
        .unwrap()
        .expect("a finished game refuses every move");
    assert!(!why.is_empty());
    // The engine refuses too.
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let e = engine
        .search(&g, js(5.0), js(50.0), js(1.0))
        .map(JsValue::from)
        .err()
        .unwrap();
    assert_error(&e, "search after the end");
    assert_eq!(snapshot(&g), before);

    // After a resignation: the same, and undo takes the resignation back first.
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    g.resign(js("black")).unwrap();
    let before = snapshot(&g);
    assert_error(
        &g.play(js("9-13")).map(JsValue::from).err().unwrap(),
        "play after resigning",
    );
    assert_eq!(snapshot(&g), before);
    assert!(JsValue::from(g.undo()).is_undefined());
    assert!(JsValue::from(g.result()).is_undefined());
    assert_eq!(g.ply(), 1);
}

#[wasm_bindgen_test]
fn board_at_undo_and_why_illegal_take_any_number() {
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    let before = snapshot(&g);
    // -1 used to wrap to 2^32 - 1 and be reported as that ply.
    for ply in [
        2.0,
        3.0,
        1000.0,
        4294967296.0,
        -1.0,
        0.5,
        f64::NAN,
        f64::INFINITY,
    ] {
        let e = g.board_at(js(ply)).err().unwrap();
        assert!(e.is_instance_of::<js_sys::RangeError>(), "boardAt({ply})");
        assert_error(&e, &format!("boardAt({ply})"));
    }
    assert_eq!(g.board_at(js(0.0)).unwrap().length(), 32);
    assert_eq!(g.board_at(js(1.0)).unwrap().to_vec(), g.board().to_vec());
    // Squares that do not exist get a reason, never a panic.
    // 2^32 + 22 used to wrap to 22, so "2^32 + 22 to 18" was said to be legal: now any number
    // that is not a square 1-32 is no square.
    let g0 = italian_game();
    assert_eq!(g0.why_illegal(js(22.0), js(18.0)).unwrap(), None);
    assert!(g0
        .why_illegal(js(4294967296.0 + 22.0), js(18.0))
        .unwrap()
        .is_some());
    assert!(g0
        .why_illegal(js(22.0), js(4294967296.0 + 18.0))
        .unwrap()
        .is_some());
    for (from, to) in [
        (0.0, 0.0),
        (0.0, 5.0),
        (33.0, 1.0),
        (9.0, 0.0),
        (1000.0, 2.0),
        (4294967295.0, 4294967295.0),
        (9.0, 9.0),
        (-1.0, 18.0),
        (22.5, 18.0),
        (f64::NAN, 18.0),
        (f64::INFINITY, 18.0),
    ] {
        let why = g.why_illegal(js(from), js(to)).unwrap();
        assert!(why.is_some_and(|w| !w.is_empty()), "{from}-{to}");
    }
    assert_eq!(snapshot(&g), before);
    // Nothing more to undo: undefined, no change.
    assert!(!JsValue::from(g.undo()).is_undefined());
    assert!(JsValue::from(g.undo()).is_undefined());
    assert_eq!(g.ply(), 0);
}

#[wasm_bindgen_test]
fn resign_and_pdn_with_tags_refuse_bad_arguments() {
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    let before = snapshot(&g);
    for color in ["", "White", "WHITE", "w", "red", "white ", "\u{0}"] {
        let e = g.resign(js(color)).err().unwrap();
        assert_error(&e, color);
        assert_eq!(snapshot(&g), before);
    }
    let bad_tags: Vec<Array> = vec![
        Array::of1(&JsValue::from_str("Event")),
        Array::of1(&Array::of1(&JsValue::from_str("Event"))),
        Array::of1(&Array::of2(
            &JsValue::from_str("Event"),
            &JsValue::from_f64(1.0),
        )),
        Array::of1(&Array::of2(&JsValue::NULL, &JsValue::from_str("x"))),
        Array::of1(&Array::of3(
            &JsValue::from_str("a"),
            &JsValue::from_str("b"),
            &JsValue::from_str("c"),
        )),
        Array::of1(&JsValue::UNDEFINED),
    ];
    for tags in bad_tags {
        let e = g.pdn_with_tags(js(tags)).err().unwrap();
        assert_error(&e, "tags");
    }
    // Awkward but well-formed tags are written safely and read back.
    let tags = Array::of3(
        &Array::of2(
            &JsValue::from_str("Event"),
            &JsValue::from_str("a \"quoted\" \\ event"),
        ),
        &Array::of2(&JsValue::from_str("Bad Name!"), &JsValue::from_str("x")),
        &Array::of2(&JsValue::from_str("Result"), &JsValue::from_str("1-0")),
    );
    let pdn = g.pdn_with_tags(js(tags)).unwrap();
    assert!(pdn.contains("[Result \"*\"]"), "{pdn}");
    let again = Game::from_pdn(js(pdn.as_str()), js("italian")).unwrap();
    assert_eq!(again.fen(), g.fen());
    let back = Game::pdn_tags(js(pdn)).map(list).unwrap();
    let event = back
        .iter()
        .map(|p| Array::from(&p))
        .find(|p| p.get(0).as_string().as_deref() == Some("Event"))
        .unwrap();
    assert_eq!(
        event.get(1).as_string().as_deref(),
        Some("a \"quoted\" \\ event")
    );
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn engine_takes_any_numbers() {
    let g = italian_game();
    let before = snapshot(&g);
    // -1 used to wrap to 2^32 - 1 and take the largest table; now out of 1-512 is refused.
    for mb in [0.0, -1.0, 513.0, 4294967296.0, 1.5, f64::NAN, f64::INFINITY] {
        let e = dama_wasm::Engine::new(js(mb))
            .err()
            .expect("a bad table size");
        assert!(e.is_instance_of::<js_sys::RangeError>(), "{mb}");
        assert!(message(&e).contains("1 to 512"), "{}", message(&e));
    }
    assert!(dama_wasm::Engine::new(js(512.0)).is_ok());
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    // Threads: 1-256, and this build (no helper workers) always searches on one.
    for n in [0.0, -1.0, 257.0, 2.5, f64::NAN, f64::INFINITY] {
        let e = engine.set_threads(js(n)).err().expect("a bad thread count");
        assert!(e.is_instance_of::<js_sys::RangeError>(), "{n}");
        assert!(message(&e).contains("1 to 256"), "{}", message(&e));
    }
    assert_eq!(engine.set_threads(js(256.0)).ok(), Some(1));
    // Level 256 used to wrap to 0 and play as level 1; Infinity as a time never returned.
    let bad = [
        (0.0, 10.0, 1.0),
        (11.0, 10.0, 1.0),
        (256.0, 10.0, 1.0),
        (-1.0, 10.0, 1.0),
        (5.5, 10.0, 1.0),
        (f64::NAN, 10.0, 1.0),
        (5.0, 0.0, 1.0),
        (5.0, -5.0, 1.0),
        (5.0, f64::NAN, 1.0),
        (5.0, f64::INFINITY, 1.0),
        (5.0, 3_600_001.0, 1.0),
        (5.0, 10.0, -1.0),
        (5.0, 10.0, 4294967296.0),
        (5.0, 10.0, f64::NAN),
    ];
    for (level, time, seed) in bad {
        let e = engine
            .search(&g, js(level), js(time), js(seed))
            .map(JsValue::from)
            .expect_err("refused");
        assert!(
            e.is_instance_of::<js_sys::RangeError>(),
            "{level} {time} {seed}"
        );
        assert!(!message(&e).is_empty());
    }
    for (level, time, seed) in [(1.0, 1.0, 0.0), (10.0, 5.0, 4294967295.0)] {
        let r = engine.search(&g, js(level), js(time), js(seed)).unwrap();
        let m = get(&r, "move").as_string().unwrap();
        assert!(texts(&list(g.legal_moves())).contains(&m), "{m}");
    }
    assert_eq!(snapshot(&g), before);
}

// ---------------------------------------------------------------------------------------------
// Endgame tables and the opening book, handed over as bytes the way the worker fetches them.

/// The 2- and 3-piece table files, built here (a second or two).
fn small_tables() -> (dama::engine::egtb::Tables, Vec<u8>, Vec<u8>) {
    let t = dama_tools::egtb::build(
        dama::Variant::Italian,
        3,
        dama::Variant::Italian.draw_rules().king_move_plies,
        &mut |_| {},
    );
    let (two, three) = (t.to_bytes(2), t.to_bytes(3));
    (t, two, three)
}

#[wasm_bindgen_test]
fn tables_load_and_answer_a_won_ending() {
    use dama::engine::{MATE_BOUND, TB_WIN};
    let (tables, two, three) = small_tables();
    // Two kings against one, White to move: a win.
    let fen = "W:WK1,K3:BK32";
    let g = Game::from_fen(js(fen), js("italian")).unwrap();
    let pos = dama::Position::from_fen(dama::Variant::Italian, fen).unwrap();
    let (best, probe) = tables.best_move(&pos, 0).unwrap();
    assert_eq!(probe.wdl, dama::engine::egtb::Wdl::Win);
    let expected = dama::notation::move_text(&pos, &best);

    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    assert_eq!(engine.table_pieces(js("italian")).unwrap(), 0);
    let r = engine.search(&g, js(10.0), js(100.0), js(1.0)).unwrap();
    let score = get(&r, "score").as_f64().unwrap() as i32;
    // The search may find the mate, but never a table score.
    assert!(
        !(TB_WIN - 500..=MATE_BOUND).contains(&score),
        "no tables yet: {score}"
    );

    let n2 = engine.load_tables(js_bytes(&two)).unwrap();
    assert_eq!(engine.table_pieces(js("italian")).unwrap(), 2);
    let n3 = engine.load_tables(js_bytes(&three)).unwrap();
    assert_eq!(engine.table_pieces(js("italian")).unwrap(), 3);
    assert!(n2 > 1000.0 && n3 > n2, "{n2} {n3}");

    let r = engine.search(&g, js(10.0), js(1000.0), js(1.0)).unwrap();
    assert_eq!(get(&r, "move").as_string().unwrap(), expected);
    let score = get(&r, "score").as_f64().unwrap() as i32;
    // The tables' win at the root: TB_WIN less the plies to zeroing.
    assert_eq!(score, TB_WIN - probe.dtz as i32, "a table win");

    // A Brazilian file goes to that game's tables, beside the Italian ones.
    let br = dama_tools::egtb::build(dama::Variant::Brazilian, 2, 40, &mut |_| {});
    assert_eq!(engine.table_pieces(js("brazilian")).unwrap(), 0);
    engine.load_tables(js_bytes(&br.to_bytes(2))).unwrap();
    assert_eq!(engine.table_pieces(js("brazilian")).unwrap(), 2);
    assert_eq!(engine.table_pieces(js("italian")).unwrap(), 3);
    assert!(engine.table_pieces(js("chess")).is_err());
}

#[wasm_bindgen_test]
fn bad_table_files_are_refused_and_change_nothing() {
    let (_, two, three) = small_tables();
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let mut damaged = three.clone();
    let mid = damaged.len() / 2;
    damaged[mid] ^= 0x5a;
    let short = &three[..three.len() - 7];
    for bad in [&b""[..], b"junk", b"DAMAEGTB", &damaged, short] {
        let e = engine
            .load_tables(js_bytes(bad))
            .expect_err("bad tables must be refused");
        assert_error(&e, "endgame tables");
        assert!(
            message(&e).contains("endgame tables refused"),
            "{}",
            message(&e)
        );
        assert_eq!(engine.table_pieces(js("italian")).unwrap(), 0);
    }
    engine.load_tables(js_bytes(&two)).unwrap();
    // The same file twice, or a damaged one on top of good ones, leaves the good ones loaded.
    for bad in [&two[..], &damaged[..], b"junk"] {
        assert!(engine.load_tables(js_bytes(bad)).is_err());
        assert_eq!(engine.table_pieces(js("italian")).unwrap(), 2);
    }
    engine.load_tables(js_bytes(&three)).unwrap();
    assert_eq!(engine.table_pieces(js("italian")).unwrap(), 3);
    // Still plays: one king against one is answered.
    let g = Game::from_fen(js("W:WK1:BK32"), js("italian")).unwrap();
    let r = engine.search(&g, js(10.0), js(100.0), js(1.0)).unwrap();
    assert!(texts(&list(g.legal_moves())).contains(&get(&r, "move").as_string().unwrap()));
}

#[wasm_bindgen_test]
fn a_book_installs_and_level_10_plays_from_it() {
    let bytes = include_bytes!("../../dama/data/book.bin");
    let book = dama::engine::book::Book::from_bytes(bytes).unwrap();
    let before = dama_wasm::book_positions(js("italian")).unwrap();
    let mut damaged = bytes.to_vec();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    for bad in [&b""[..], b"junk", &damaged, &bytes[..bytes.len() - 12]] {
        let e = dama_wasm::install_book(js_bytes(bad)).expect_err("a bad book must be refused");
        assert_error(&e, "opening book");
        assert!(
            message(&e).contains("opening book refused"),
            "{}",
            message(&e)
        );
        assert_eq!(dama_wasm::book_positions(js("italian")).unwrap(), before);
    }
    assert_eq!(
        dama_wasm::install_book(js_bytes(bytes)).unwrap(),
        book.positions()
    );
    assert_eq!(
        dama_wasm::book_positions(js("italian")).unwrap(),
        book.positions()
    );
    assert!(book.positions() > 100);

    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    for seed in 1..6 {
        plays_from_the_book(&mut engine, &book, &italian_game(), seed);
    }
    // A damaged book after a good one leaves the good one in use.
    assert!(dama_wasm::install_book(js_bytes(&damaged)).is_err());
    assert_eq!(
        dama_wasm::book_positions(js("italian")).unwrap(),
        book.positions()
    );

    // The Brazilian book goes to its game, beside the Italian one.
    let br_bytes = include_bytes!("../../dama/data/book-brazilian.bin");
    let br = dama::engine::book::Book::from_bytes(br_bytes).unwrap();
    assert_eq!(br.variant(), dama::Variant::Brazilian);
    assert_eq!(dama_wasm::book_positions(js("brazilian")).unwrap(), 0);
    assert_eq!(
        dama_wasm::install_book(js_bytes(br_bytes)).unwrap(),
        br.positions()
    );
    assert_eq!(
        dama_wasm::book_positions(js("brazilian")).unwrap(),
        br.positions()
    );
    assert_eq!(
        dama_wasm::book_positions(js("italian")).unwrap(),
        book.positions()
    );
    assert!(dama_wasm::book_positions(js("chess")).is_err());
    plays_from_the_book(&mut engine, &br, &brazilian(), 3);
}

/// Level 10 answers the start of `game` (a fresh game) with a move of `book`, unsearched.
fn plays_from_the_book(
    engine: &mut dama_wasm::Engine,
    book: &dama::engine::book::Book,
    game: &Game,
    seed: u32,
) {
    let start = dama::Position::start(book.variant());
    let moves: Vec<String> = book
        .probe(&start)
        .iter()
        .map(|(m, _)| dama::notation::move_text(&start, m))
        .collect();
    assert!(!moves.is_empty());
    let r = engine
        .search(game, js(10.0), js(500.0), js(seed as f64))
        .unwrap();
    let m = get(&r, "move").as_string().unwrap();
    assert!(moves.contains(&m), "{m} is not a book move {moves:?}");
    assert_eq!(get(&r, "depth").as_f64(), Some(0.0), "played from the book");
}

fn brazilian() -> Game {
    Game::new(js("brazilian")).unwrap()
}

#[wasm_bindgen_test]
fn brazilian_games_speak_algebraic_and_number_their_own_squares() {
    let mut g = brazilian();
    assert_eq!(g.variant(), "brazilian");
    assert_eq!(g.fen(), START);
    let mut t = texts(&list(g.legal_moves()));
    t.sort();
    assert_eq!(
        t,
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    // Square numbers are the Brazilian ones: 22 is c3, 18 is d4.
    let m = g.play(js("c3-d4")).unwrap();
    assert_eq!(get(&m, "from").as_f64(), Some(22.0));
    assert_eq!(get(&m, "to").as_f64(), Some(18.0));
    assert_eq!(g.square_name(js(22.0)).unwrap(), "c3");
    assert_eq!(g.square_name(js(1.0)).unwrap(), "b8");
    assert!(g.square_name(js(0.0)).is_err());
    assert!(g.square_name(js(f64::NAN)).is_err());
    assert_eq!(g.board().to_vec()[17], 1, "the man now on d4 (18)");
    assert!(Game::new(js("checkers")).is_err());
    assert_eq!(italian_game().variant(), "italian");
}

#[wasm_bindgen_test]
fn brazilian_refusals_name_the_brazilian_rule() {
    // White: a man on c3 (22), a king on a1 (29); Black: men on d4, d6, f6 (18, 10, 11). The
    // man must capture; stepping aside is refused in the Brazilian rule's words.
    let g = Game::from_fen(js("W:W22,K29:B18,10,11"), js("brazilian")).unwrap();
    let legal = texts(&list(g.legal_moves()));
    assert!(legal.iter().all(|m| m.contains('x')), "{legal:?}");
    // Moving a man forward when a capture is compulsory.
    let why = g.why_illegal(js(22.0), js(17.0)).unwrap().unwrap();
    assert!(
        why.contains("compulsory") || why.contains("majority"),
        "{why}"
    );
    let mut quiet = Game::from_fen(js("W:W22:B1"), js("brazilian")).unwrap();
    let why = quiet.why_illegal(js(22.0), js(26.0)).unwrap().unwrap();
    assert!(why.contains("forward only"), "{why}");
    let e = quiet.play(js("c3-b2")).map(JsValue::from).unwrap_err();
    assert!(message(&e).contains("forward only"), "{}", message(&e));
}

#[wasm_bindgen_test]
fn brazilian_pdn_round_trips_with_game_type_26() {
    let mut g = brazilian();
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"] {
        g.play(js(m)).unwrap();
    }
    let pdn = g.pdn_with_tags(js(Array::new())).unwrap();
    assert!(pdn.contains("[GameType \"26\"]"), "{pdn}");
    assert!(pdn.contains("1. c3-d4 f6-e5 2. d4xf6 g7xe5"), "{pdn}");
    let back = Game::from_pdn(js(pdn.as_str()), js("italian")).unwrap();
    assert_eq!(back.variant(), "brazilian");
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.ply(), 4);
}

#[wasm_bindgen_test]
fn the_engine_plays_brazilian_moves() {
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let g = brazilian();
    let r = engine.search(&g, js(3.0), js(50.0), js(1.0)).unwrap();
    let mv = get(&r, "move").as_string().unwrap();
    assert!(texts(&list(g.legal_moves())).contains(&mv), "{mv}");
    // The same engine then plays Italian again, with Italian numbers.
    let it = italian_game();
    let r = engine.search(&it, js(3.0), js(50.0), js(1.0)).unwrap();
    let mv = get(&r, "move").as_string().unwrap();
    assert!(texts(&list(it.legal_moves())).contains(&mv), "{mv}");
}

#[wasm_bindgen_test]
fn brazilian_region_weights_are_installed_at_run_time_and_junk_is_refused() {
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let bytes = include_bytes!("../../dama/data/eval-brazilian.bin");
    assert_eq!(engine.load_eval(js_bytes(bytes)).unwrap(), "brazilian");
    let mut bad = bytes.to_vec();
    bad[100] ^= 1;
    let e = engine
        .load_eval(js_bytes(&bad))
        .expect_err("damaged weights");
    assert!(message(&e).contains("refused"), "{}", message(&e));
    assert!(engine.load_eval(js_bytes(b"DAMAEVAL")).is_err());
    assert!(engine.load_eval(js_bytes(&[])).is_err());
    // The engine still plays with the good weights.
    let g = brazilian();
    let r = engine.search(&g, js(5.0), js(50.0), js(1.0)).unwrap();
    let mv = get(&r, "move").as_string().unwrap();
    assert!(texts(&list(g.legal_moves())).contains(&mv), "{mv}");
}

/// The scores of the best lines of `g` at depth 2, from a cleared engine: what its evaluation
/// of the game says.
fn line_scores(engine: &mut dama_wasm::Engine, g: &Game) -> Vec<f64> {
    engine.new_game();
    let a = engine.analyse(g, js(2.0), js(60_000.0), js(5.0)).unwrap();
    let lines: Array = get(&a, "lines").dyn_into().unwrap();
    lines
        .iter()
        .map(|l| get(&l, "score").as_f64().unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn networks_are_installed_at_run_time_and_junk_is_refused() {
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let g = brazilian();
    // Nothing loaded: the Brazilian network compiled in, not material alone.
    let shipped = line_scores(&mut engine, &g);
    assert_eq!(shipped.len(), 5);
    let regions = include_bytes!("../../dama/data/eval-brazilian.bin");
    assert_eq!(engine.load_eval(js_bytes(regions)).unwrap(), "brazilian");
    assert_ne!(
        line_scores(&mut engine, &g),
        shipped,
        "region weights installed"
    );
    let net = include_bytes!("../../dama/data/net-brazilian.bin");
    assert_eq!(engine.load_eval(js_bytes(net)).unwrap(), "brazilian");
    assert_eq!(
        line_scores(&mut engine, &g),
        shipped,
        "the shipped network again"
    );
    let italian = include_bytes!("../../dama/data/net-italian.bin");
    assert_eq!(engine.load_eval(js_bytes(italian)).unwrap(), "italian");

    // Refused, each with its reason, and nothing changes.
    let refused = |engine: &mut dama_wasm::Engine, bytes: &[u8]| {
        let e = engine.load_eval(js_bytes(bytes)).expect_err("refused");
        assert!(e.is_instance_of::<js_sys::Error>());
        message(&e)
    };
    let mut damaged = net.to_vec();
    damaged[100] ^= 1;
    assert_eq!(
        refused(&mut engine, &damaged),
        "evaluation network refused: network file checksum does not match: corrupt"
    );
    let short = refused(&mut engine, &net[..net.len() - 1]);
    assert!(short.starts_with("evaluation network refused: "), "{short}");
    assert!(short.contains("bytes"), "{short}");
    // A network fitted on top of the region weights, which the wasm has not.
    let mut residual = net.to_vec();
    residual[16] = 1;
    let why = refused(&mut engine, &residual);
    assert!(why.contains("region weights"), "{why}");
    let neither =
        "evaluation refused: not a dama network file, and not a dama evaluation weights file";
    assert_eq!(refused(&mut engine, b"garbage, not an evaluation"), neither);
    assert_eq!(refused(&mut engine, &[]), neither);
    assert_eq!(
        line_scores(&mut engine, &g),
        shipped,
        "unchanged by the refusals"
    );
    let r = engine.search(&g, js(5.0), js(50.0), js(1.0)).unwrap();
    let mv = get(&r, "move").as_string().unwrap();
    assert!(texts(&list(g.legal_moves())).contains(&mv), "{mv}");
}

// ---------------------------------------------------------------------------------------------
// PDN files and game records.

use dama_wasm::{GameRecord, PdnFile};

fn node_field(nodes: &Array, i: u32, key: &str) -> JsValue {
    get(&nodes.get(i), key)
}

fn is_range_error(e: &JsValue) -> bool {
    e.is_instance_of::<js_sys::RangeError>()
}

fn analysis(variant: &str) -> GameRecord {
    GameRecord::new(js("analysis"), js(variant), None, None).unwrap()
}

#[wasm_bindgen_test]
fn a_pdn_file_lists_every_game_and_opens_the_good_ones() {
    let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2024.01.02\"]\n\
                1. 22-18 {good} 9-13 (1... 10-14 $1) 2. 18x9 1-0\n\n\
                [White \"Cy\"]\n[GameType \"26\"]\n1. c3-d4 (1. c3-c5) *";
    let f = PdnFile::parse(js(text), js("italian")).unwrap();
    assert_eq!(f.count(), 2);
    let s = f.summary(js(0.0)).unwrap();
    assert_eq!(get(&s, "index").as_f64(), Some(0.0));
    assert_eq!(get(&s, "white").as_string().unwrap(), "Ann");
    assert_eq!(get(&s, "black").as_string().unwrap(), "Bob");
    assert_eq!(get(&s, "event").as_string().unwrap(), "Club");
    assert_eq!(get(&s, "date").as_string().unwrap(), "2024.01.02");
    assert_eq!(get(&s, "site").as_string().unwrap(), "");
    assert_eq!(get(&s, "result").as_string().unwrap(), "1-0");
    assert_eq!(get(&s, "variant").as_string().unwrap(), "italian");
    assert_eq!(get(&s, "plies").as_f64(), Some(3.0));
    assert!(get(&s, "error").is_null());
    // The second game is listed with the reason it cannot open.
    let s = f.summary(js(1.0)).unwrap();
    assert_eq!(get(&s, "variant").as_string().unwrap(), "brazilian");
    let why = get(&s, "error").as_string().unwrap();
    assert!(why.contains("game 2") && why.contains("c3-c5"), "{why}");
    let e = f.record(js(1.0), js("game")).err().unwrap();
    assert_eq!(message(&e), why);
    // A game's record stands at its end, its result a resignation; an analysis at the start.
    let t = f.record(js(0.0), js("game")).unwrap();
    assert_eq!(list(t.nodes()).length(), 5);
    assert_eq!(t.ply(), 3);
    let r = JsValue::from(t.result());
    assert_eq!(
        get(&r, "reason").as_string().as_deref(),
        Some("resignation")
    );
    assert_eq!(get(&r, "winner").as_string().as_deref(), Some("white"));
    let a = f.record(js(0.0), js("analysis")).unwrap();
    assert_eq!(
        (a.cursor(), a.ply(), a.kind()),
        (0, 0, "analysis".to_string())
    );
    assert!(f.record(js(0.0), js("tree")).is_err());
    // Indices are checked; bad text throws the core's reason.
    for bad in [2.0, -1.0, 0.5, f64::NAN] {
        assert!(
            is_range_error(&f.summary(js(bad)).map(JsValue::from).err().unwrap()),
            "{bad}"
        );
        assert!(
            is_range_error(&f.record(js(bad), js("game")).err().unwrap()),
            "{bad}"
        );
    }
    let e = PdnFile::parse(js("1. 22-18 {never closed"), js("italian"))
        .err()
        .unwrap();
    assert!(message(&e).contains("never closed"), "{}", message(&e));
    assert!(PdnFile::parse(js(""), js("italian")).is_err());
}

#[wasm_bindgen_test]
fn an_analysis_is_walked_edited_and_written() {
    let mut t = analysis("italian");
    assert_eq!(t.variant(), "italian");
    t.play(js("22-18")).unwrap();
    let a = t.cursor();
    t.play(js("9-13")).unwrap();
    let b = t.cursor();
    t.goto(js(a as f64)).unwrap();
    t.play(js("10-14")).unwrap();
    let v = t.cursor();
    t.goto(js(a as f64)).unwrap();
    t.play(js("9-13")).unwrap();
    assert_eq!(t.cursor(), b, "the move already there is followed");
    // A refused move throws the rule and changes nothing.
    let before = (t.to_pdn(), t.cursor());
    let e = t.play(js("21-17")).map(JsValue::from).err().unwrap();
    assert!(message(&e).contains("not legal"), "{}", message(&e));
    assert!(t.play(js("nonsense")).is_err());
    assert!(is_range_error(&t.goto(js(99.0)).err().unwrap()));
    assert!(is_range_error(&t.goto(js(-1.0)).err().unwrap()));
    assert_eq!((t.to_pdn(), t.cursor()), before);
    // The nodes in pre-order, main line first.
    let nodes = list(t.nodes());
    let ids: Vec<f64> = nodes
        .iter()
        .map(|n| get(&n, "id").as_f64().unwrap())
        .collect();
    assert_eq!(ids, [0.0, a as f64, b as f64, v as f64]);
    assert!(node_field(&nodes, 0, "parent").is_null());
    assert_eq!(node_field(&nodes, 0, "text").as_string().unwrap(), "");
    assert_eq!(node_field(&nodes, 1, "text").as_string().unwrap(), "22-18");
    assert_eq!(node_field(&nodes, 1, "parent").as_f64(), Some(0.0));
    assert_eq!(node_field(&nodes, 2, "ply").as_f64(), Some(2.0));
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    assert_eq!(node_field(&nodes, 1, "fen").as_string().unwrap(), g.fen());
    let children: Array = node_field(&nodes, 1, "children").dyn_into().unwrap();
    assert_eq!(children.length(), 2);
    assert_eq!(node_field(&nodes, 2, "mainline").as_bool(), Some(true));
    assert_eq!(node_field(&nodes, 3, "mainline").as_bool(), Some(false));
    assert_eq!(node_field(&nodes, 3, "depth").as_f64(), Some(1.0));
    assert!(node_field(&nodes, 3, "comment").is_null());
    // Comments, annotations and NAGs.
    t.set_comment(js(a as f64), Some(js("good"))).unwrap();
    t.set_pre_comment(js(v as f64), Some(js("or"))).unwrap();
    t.set_glyph(js(b as f64), Some(js("?"))).unwrap();
    t.set_nags(js(b as f64), js_numbers(&[1.0, 4.0])).unwrap();
    assert!(is_range_error(
        &t.set_nags(js(b as f64), js_numbers(&[300.0]))
            .err()
            .unwrap()
    ));
    assert!(t.set_comment(js(a as f64), Some(js("a } b"))).is_err());
    assert!(t.set_glyph(js(0.0), Some(js("!"))).is_err());
    assert!(t.set_glyph(js(b as f64), Some(js("!x"))).is_err());
    let nodes = list(t.nodes());
    assert_eq!(
        node_field(&nodes, 1, "comment").as_string().unwrap(),
        "good"
    );
    assert_eq!(
        node_field(&nodes, 3, "preComment").as_string().unwrap(),
        "or"
    );
    assert_eq!(node_field(&nodes, 2, "glyph").as_string().unwrap(), "?");
    let nags: Array = node_field(&nodes, 2, "nags").dyn_into().unwrap();
    assert_eq!(nags.to_vec(), [JsValue::from(1), JsValue::from(4)]);
    let text = t.to_pdn();
    assert!(
        text.contains("1. 22-18 {good} 1... 9-13? $1 $4 ({or} 1... 10-14) *"),
        "{text}"
    );
    // Tags and result: an analysis keeps its result as set.
    t.set_tag(js("White"), Some(js("Ann"))).unwrap();
    assert!(t.set_tag(js("FEN"), Some(js("W:W1:B2"))).is_err());
    let tags: Vec<String> = list(t.tags())
        .iter()
        .map(|p| p.dyn_into::<Array>().unwrap().join("=").into())
        .collect();
    assert!(tags.contains(&"White=Ann".to_string()), "{tags:?}");
    assert_eq!(t.pdn_result(), "*");
    t.set_pdn_result(js("0-1")).unwrap();
    assert_eq!(t.pdn_result(), "0-1");
    assert!(t.set_pdn_result(js("2-1")).is_err());
    // The written game reads back the same.
    let back = PdnFile::parse(js(t.to_pdn()), js("italian"))
        .unwrap()
        .record(js(0.0), js("analysis"))
        .unwrap();
    assert_eq!(back.to_pdn(), t.to_pdn());
    // Play on from a variation in a record of its own: the line to it, the cursor at its end.
    let mut game = t.game_at(js(v as f64)).unwrap();
    assert_eq!((game.kind(), game.ply()), ("analysis".into(), 2));
    assert_eq!(texts(&list(game.history())), ["22-18", "10-14"]);
    assert_eq!(game.cursor(), 2);
    game.play(js("24-20")).unwrap();
    assert_eq!(list(t.nodes()).length(), 4, "the record is not changed");
    // Promote, then delete the old main line with the cursor on it: its ids stay dead, the
    // cursor goes back to the move before it.
    assert_eq!(t.cursor(), b);
    assert!(t.promote(js(v as f64)).unwrap());
    assert!(!t.promote(js(v as f64)).unwrap());
    t.delete(js(b as f64)).unwrap();
    assert_eq!((t.cursor(), t.ply()), (a, 1));
    assert!(t.delete(js(b as f64)).is_err());
    assert!(t.delete(js(0.0)).is_err());
    assert!(t.game_at(js(b as f64)).is_err());
    assert!(t.goto(js(b as f64)).is_err());
    let nodes = list(t.nodes());
    assert_eq!(nodes.length(), 3);
    assert_eq!(node_field(&nodes, 2, "id").as_f64(), Some(v as f64));
    assert_eq!(node_field(&nodes, 2, "mainline").as_bool(), Some(true));
}

#[wasm_bindgen_test]
fn a_games_record_plays_takes_back_and_replays_on_its_main_line() {
    let mut r = GameRecord::new(
        js("game"),
        js("italian"),
        None,
        Some(js(Array::of1(&Array::of2(
            &JsValue::from_str("Event"),
            &JsValue::from_str(""),
        )))),
    )
    .unwrap();
    assert_eq!(r.kind(), "game");
    for m in ["22-18", "11-14"] {
        r.play(js(m)).unwrap();
    }
    let undone = JsValue::from(r.undo());
    assert_eq!(get(&undone, "text").as_string().as_deref(), Some("11-14"));
    assert!(r.can_redo());
    let redone = JsValue::from(r.redo());
    assert_eq!(get(&redone, "text").as_string().as_deref(), Some("11-14"));
    assert!(!r.can_redo());
    assert!(JsValue::from(r.redo()).is_undefined());
    r.undo();
    r.play(js("12-16")).unwrap();
    let pdn = r.to_pdn();
    assert!(pdn.starts_with("[Event \"\"]\n[Result \"*\"]"), "{pdn}");
    assert!(pdn.contains("1. 22-18 12-16 (1... 11-14) *"), "{pdn}");
    assert_eq!(texts(&list(r.history())), ["22-18", "12-16"]);
    // A resignation is the record's result, and final: nothing is taken back past it.
    assert!(r.can_undo());
    r.resign(js("black")).unwrap();
    assert_eq!(r.pdn_result(), "1-0");
    assert!(!r.can_undo());
    assert!(JsValue::from(r.undo()).is_undefined());
    assert_eq!(r.pdn_result(), "1-0");
    assert_eq!(r.ply(), 2);
    // A game's moves and ending as a record of its line alone: with its tags, or others.
    let mut d = GameRecord::new(js("game"), js("italian"), None, None).unwrap();
    d.play(js("22-18")).unwrap();
    d.agree_draw();
    assert_eq!(d.pdn_result(), "1/2-1/2");
    assert_eq!(d.line_only(None).unwrap().to_pdn(), d.to_pdn());
    let tagged = d
        .line_only(Some(js(Array::of1(&Array::of2(
            &JsValue::from_str("Event"),
            &JsValue::from_str("Club"),
        )))))
        .unwrap();
    assert_eq!(tagged.kind(), "game");
    assert_eq!(
        tagged.to_pdn(),
        "[Event \"Club\"]\n[Result \"1/2-1/2\"]\n[GameType \"22\"]\n\n1. 22-18 1/2-1/2\n"
    );
    // The game at the cursor keeps its ending; an earlier one has none.
    let at_end = d.game_at(js(d.cursor() as f64)).unwrap();
    assert_eq!(at_end.pdn_result(), "1/2-1/2");
    assert!(JsValue::from(at_end.result()).is_object());
    assert!(JsValue::from(d.game_at(js(0.0)).unwrap().result()).is_undefined());
    // Read from PDN, a game without a GameType being one of the game named.
    let b = GameRecord::from_pdn(js("game"), js("1. c3-d4 f6-g5 2-0"), js("brazilian")).unwrap();
    assert_eq!(
        (b.variant(), b.ply(), b.pdn_result()),
        ("brazilian".into(), 2, "2-0".into())
    );
    let res = JsValue::from(b.result());
    assert_eq!(
        get(&res, "reason").as_string().as_deref(),
        Some("resignation")
    );
    assert!(GameRecord::from_pdn(js("game"), js("1. c3-d4 *"), js("italian")).is_err());
    assert!(GameRecord::new(js("tree"), js("italian"), None, None).is_err());
}

#[wasm_bindgen_test]
fn a_full_record_refuses_a_move_with_an_error_of_its_own() {
    // Variations 64 deep at the cursor: one more is refused, named so, changing nothing.
    let mut r = analysis("italian");
    let mut levels = 0;
    while levels < 64 {
        let legal = list(r.legal_moves());
        let first = get(&legal.get(0), "text");
        r.play(js(first)).unwrap();
        if legal.length() > 1 {
            r.undo();
            r.play(js(get(&legal.get(1), "text"))).unwrap();
            levels += 1;
        }
    }
    let legal = list(r.legal_moves());
    assert!(legal.length() > 1);
    r.play(js(get(&legal.get(0), "text"))).unwrap();
    r.undo();
    let before = (r.to_pdn(), r.cursor());
    let e = r
        .play(js(get(&legal.get(1), "text")))
        .map(JsValue::from)
        .err()
        .unwrap();
    let e: js_sys::Error = e.dyn_into().unwrap();
    assert_eq!(String::from(e.name()), "RecordFullError");
    assert!(String::from(e.message()).contains("64 deep"));
    assert_eq!((r.to_pdn(), r.cursor()), before);
    // An illegal move is an ordinary Error.
    let e: js_sys::Error = r
        .play(js("1-5"))
        .map(JsValue::from)
        .err()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(String::from(e.name()), "Error");
}

#[wasm_bindgen_test]
fn a_record_of_brazilian_or_from_a_fen() {
    let mut t = analysis("brazilian");
    assert_eq!(t.variant(), "brazilian");
    t.play(js("c3-d4")).unwrap();
    assert!(t.play(js("c3-d4")).is_err());
    assert!(t.to_pdn().contains("[GameType \"26\"]"));
    let t = GameRecord::new(
        js("analysis"),
        js("italian"),
        Some(js("B:W18,32:B9,13")),
        None,
    )
    .unwrap();
    assert!(t.to_pdn().contains("[FEN \"B:W18,32:B9,13\"]"));
    assert!(GameRecord::new(js("analysis"), js("checkers"), None, None).is_err());
    assert!(GameRecord::new(js("analysis"), js("italian"), Some(js("W:W33:B1")), None).is_err());
}

#[wasm_bindgen_test]
fn a_record_from_an_editors_board_is_refused_as_the_game_alone_is() {
    let mut cells = [0i8; 32];
    cells[21] = 1;
    cells[5] = -2;
    let mut r =
        GameRecord::from_board(js("game"), js_cells(&cells), js("white"), js("italian")).unwrap();
    assert_eq!(
        (r.kind(), r.fen(), r.ply()),
        ("game".into(), "W:W22:BK6".into(), 0)
    );
    assert_eq!(r.board().to_vec(), cells);
    assert!(r.to_pdn().contains("[FEN \"W:W22:BK6\"]"));
    r.play(js("22-18")).unwrap();
    // The same cells in Brazilian numbering.
    let b = GameRecord::from_board(
        js("analysis"),
        js_cells(&cells),
        js("black"),
        js("brazilian"),
    )
    .unwrap();
    assert_eq!(
        (b.kind(), b.variant(), b.turn()),
        ("analysis".into(), "brazilian".into(), "black".into())
    );
    assert_eq!(b.board().to_vec(), cells);
    // Every refusal in the game alone's words and class (a RangeError for the cells' bounds);
    // only a refused JS type names its binding.
    let empty = [0i8; 32];
    let mut crowned = [0i8; 32];
    crowned[0] = 1;
    crowned[19] = -1;
    let mut thirteen = [0i8; 32];
    thirteen[..13].fill(-1);
    thirteen[31] = 1;
    let three = [3i8; 32];
    let cases: [(&[i8], &str, &str); 6] = [
        (&cells[..31], "italian", "31 cells: a board has 32"),
        (&three, "italian", "from -2 to 2, not 3"),
        (&empty, "italian", "White, to move, has no pieces"),
        (&crowned, "italian", "would have been crowned there"),
        (&thirteen, "italian", "each side has at most 12"),
        (&cells, "checkers", "unknown game \"checkers\""),
    ];
    for (c, variant, says) in cases {
        let alone = Game::from_board(js_cells(c), js("white"), js(variant));
        let e = GameRecord::from_board(js("game"), js_cells(c), js("white"), js(variant));
        let (alone, e) = (alone.err().unwrap(), e.err().unwrap());
        assert!(message(&e).contains(says), "{says}: {}", message(&e));
        assert_eq!(message(&e), message(&alone), "{says}");
        assert_eq!(is_range_error(&e), is_range_error(&alone), "{says}");
        assert!(e.is_instance_of::<js_sys::Error>(), "{says}");
    }
    let e = GameRecord::from_board(js("tree"), js_cells(&cells), js("white"), js("italian"))
        .err()
        .unwrap();
    assert_eq!(
        message(&e),
        "kind must be \"game\" or \"analysis\", not \"tree\""
    );
    assert!(
        GameRecord::from_board(js("game"), js_cells(&cells), js("red"), js("italian")).is_err()
    );
    let e = GameRecord::from_board(js("game"), js("0".repeat(32)), js("white"), js("italian"))
        .err()
        .unwrap();
    assert!(e.is_instance_of::<js_sys::TypeError>());
    assert_eq!(
        message(&e),
        "GameRecord.fromBoard: cells must be an Int8Array or an array of numbers, not string"
    );
}

// ---------------------------------------------------------------------------------------------
// The argument checks (src/args.rs) as JS sees them: every refusal a `RangeError` with the
// exact message, every limit (0, -1, 2^32, 2^53, NaN, infinities, fractions, -0) refused or
// taken as the bound says.

fn range_message(e: JsValue) -> String {
    assert!(is_range_error(&e), "not a RangeError: {e:?}");
    message(&e)
}

#[wasm_bindgen_test]
fn argument_refusals_are_range_errors_with_exact_messages() {
    let mut g = italian_game();
    g.play(js("22-18")).unwrap();
    let before = snapshot(&g);
    let ply = |n: f64| range_message(g.board_at(js(n)).err().unwrap());
    assert_eq!(ply(-1.0), "ply must be a whole number from 0 to 1, not -1");
    assert_eq!(ply(2.0), "ply must be a whole number from 0 to 1, not 2");
    assert_eq!(ply(0.5), "ply must be a whole number from 0 to 1, not 0.5");
    assert_eq!(
        ply(f64::NAN),
        "ply must be a whole number from 0 to 1, not NaN"
    );
    assert_eq!(
        ply(f64::INFINITY),
        "ply must be a whole number from 0 to 1, not inf"
    );
    assert_eq!(
        ply(4294967296.0),
        "ply must be a whole number from 0 to 1, not 4294967296"
    );
    assert_eq!(
        g.board_at(js(-0.0)).unwrap().to_vec(),
        g.board_at(js(0.0)).unwrap().to_vec()
    );
    let sq = |n: f64| range_message(g.square_name(js(n)).err().unwrap());
    assert_eq!(sq(0.0), "no square 0: 1-32");
    assert_eq!(sq(33.0), "no square 33: 1-32");
    assert_eq!(sq(-1.0), "no square -1: 1-32");
    assert_eq!(sq(f64::NAN), "no square NaN: 1-32");
    assert_eq!(sq(4294967297.0), "no square 4294967297: 1-32");
    assert_eq!(g.square_name(js(32.0)).unwrap(), "32");
    assert_eq!(snapshot(&g), before);
    for (index, shown) in [
        (7.0, "7"),
        (-1.0, "-1"),
        (0.5, "0.5"),
        (f64::NAN, "NaN"),
        (f64::NEG_INFINITY, "-inf"),
        (9007199254740992.0, "9007199254740992"),
    ] {
        let e = g.play_index(js(index)).map(JsValue::from).err().unwrap();
        assert_eq!(
            range_message(e),
            format!("move index {shown} is out of range: there are 7 legal moves")
        );
    }
    assert_eq!(snapshot(&g), before);

    let table = |mb: f64| range_message(dama_wasm::Engine::new(js(mb)).err().unwrap());
    assert_eq!(
        table(0.0),
        "the table size in megabytes must be a whole number from 1 to 512, not 0"
    );
    assert_eq!(
        table(-0.0),
        "the table size in megabytes must be a whole number from 1 to 512, not -0"
    );
    let mut engine = dama_wasm::Engine::new(js(1.0)).unwrap();
    let mut search = |level: f64, time: f64, seed: f64| {
        range_message(
            engine
                .search(&g, js(level), js(time), js(seed))
                .map(JsValue::from)
                .err()
                .unwrap(),
        )
    };
    assert_eq!(
        search(11.0, 10.0, 0.0),
        "level must be a whole number from 1 to 10, not 11"
    );
    assert_eq!(
        search(5.0, f64::INFINITY, 0.0),
        "the time must be from 1 to 3600000 ms, not inf"
    );
    assert_eq!(
        search(5.0, 0.5, 0.0),
        "the time must be from 1 to 3600000 ms, not 0.5"
    );
    assert_eq!(
        search(5.0, 10.0, 4294967296.0),
        "seed must be a whole number from 0 to 4294967295, not 4294967296"
    );
    assert_eq!(
        search(5.0, 10.0, -0.5),
        "seed must be a whole number from 0 to 4294967295, not -0.5"
    );
    // A fractional time is a time; -0 is the seed 0.
    assert!(engine
        .search(&g, js(1.0), js(1.5), js(-0.0))
        .map(JsValue::from)
        .is_ok());
    assert_eq!(snapshot(&g), before);

    let mut t = analysis("italian");
    t.play(js("22-18")).unwrap();
    assert_eq!(t.cursor(), 1);
    assert_eq!(
        range_message(t.goto(js(2.0)).err().unwrap()),
        "node id must be a whole number from 0 to 1, not 2"
    );
    assert_eq!(
        range_message(
            t.set_nags(js(1.0), js_numbers(&[1.0, 256.0]))
                .err()
                .unwrap()
        ),
        "NAG must be a whole number from 0 to 255, not 256"
    );
    assert!(t.set_nags(js(1.0), js_numbers(&[0.0, 255.0, -0.0])).is_ok());
    let f = PdnFile::parse(js("1. 22-18 *"), js("italian")).unwrap();
    assert_eq!(
        range_message(f.summary(js(1.0)).map(JsValue::from).err().unwrap()),
        "game index must be a whole number from 0 to 0, not 1"
    );
    assert_eq!(
        range_message(f.record(js(f64::NAN), js("game")).err().unwrap()),
        "game index must be a whole number from 0 to 0, not NaN"
    );
}

// ---------------------------------------------------------------------------------------------
// The analysis board's calls.

#[wasm_bindgen_test]
fn analyse_gives_the_best_lines_and_refuses_bad_numbers() {
    let g = italian_game();
    let before = snapshot(&g);
    let mut engine = dama_wasm::Engine::new(js(4.0)).unwrap();
    let a = engine.analyse(&g, js(5.0), js(10_000.0), js(3.0)).unwrap();
    assert_eq!(get(&a, "complete").as_bool(), Some(true));
    assert_eq!(get(&a, "depth").as_f64(), Some(5.0));
    let lines: Array = get(&a, "lines").dyn_into().unwrap();
    assert_eq!(lines.length(), 3);
    let legal = texts(&list(g.legal_moves()));
    let mut firsts = Vec::new();
    for l in lines.iter() {
        let m = get(&l, "move").as_string().unwrap();
        assert!(legal.contains(&m), "{m}");
        let pv: Array = get(&l, "pv").dyn_into().unwrap();
        assert_eq!(pv.get(0).as_string(), Some(m.clone()));
        assert!(get(&l, "text").as_string().unwrap().starts_with(['+', '-']));
        firsts.push(m);
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different moves");
    for (depth, time, lines) in [
        (0.0, 10.0, 1.0),
        (121.0, 10.0, 1.0),
        (5.5, 10.0, 1.0),
        (f64::NAN, 10.0, 1.0),
        (5.0, 0.0, 1.0),
        (5.0, f64::INFINITY, 1.0),
        (5.0, 10.0, 0.0),
        (5.0, 10.0, 6.0),
        (5.0, 10.0, -1.0),
        (5.0, 10.0, f64::NAN),
    ] {
        let e = engine
            .analyse(&g, js(depth), js(time), js(lines))
            .map(JsValue::from)
            .expect_err("refused");
        assert!(
            e.is_instance_of::<js_sys::RangeError>(),
            "{depth} {time} {lines}"
        );
        assert!(!message(&e).is_empty());
    }
    assert_eq!(snapshot(&g), before);
}

#[wasm_bindgen_test]
fn scores_in_words_and_known_results() {
    assert_eq!(dama_wasm::score_text(js(125.0)).unwrap(), "+1.25");
    assert_eq!(dama_wasm::score_text(js(29_987.0)).unwrap(), "win in 7");
    for bad in [0.5, 32_001.0, f64::NAN, f64::INFINITY] {
        assert!(dama_wasm::score_text(js(bad)).is_err(), "{bad}");
    }
    assert!(dama_wasm::score_result(js(125.0))
        .map(JsValue::from)
        .unwrap()
        .is_null());
    let win = dama_wasm::score_result(js(29_987.0)).unwrap();
    assert_eq!(get(&win, "win").as_bool(), Some(true));
    assert_eq!(get(&win, "moves").as_f64(), Some(7.0));
    let loss = dama_wasm::score_result(js(-28_700.0)).unwrap();
    assert_eq!(get(&loss, "win").as_bool(), Some(false));
    assert!(get(&loss, "moves").is_null());
    assert!(dama_wasm::score_result(js(f64::NAN))
        .map(JsValue::from)
        .unwrap()
        .is_null());
}

/// The engine builds' second layer is wasm's `simd128` (crates/dama/src/engine/eval/simd.rs):
/// along random games of both kinds, each shipped network and a network of random weights score
/// every position as the plain integer path does.
#[wasm_bindgen_test]
fn the_networks_score_alike_with_and_without_simd() {
    use dama::engine::eval::network::{self, Layers, Net};
    assert!(
        cfg!(target_feature = "simd128"),
        "the wasm builds enable simd128 (.cargo/config.toml)"
    );
    let mut seed = 0x9e37_79b9_u32;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 8) as usize % n.max(1)
    };
    for variant in dama::Variant::ALL {
        let shipped = network::shipped(variant).expect("shipped").clone();
        // Random weights as wide as a network may have in the later layers reach the clipping
        // and sums the shipped ones may not.
        use network::{HIDDEN, INPUTS, L2, MAX_WEIGHT};
        let m = MAX_WEIGHT as usize;
        let mut wide = |n: usize| next(2 * n + 1) as i16 - n as i16;
        let l = Layers {
            w1: (0..INPUTS)
                .map(|_| [0; HIDDEN].map(|_: i16| wide(60)))
                .collect(),
            b1: [0; HIDDEN].map(|_: i16| wide(60) + 60),
            w2: (0..L2)
                .map(|_| [0; 2 * HIDDEN].map(|_: i16| wide(m)))
                .collect(),
            b2: [0; L2].map(|_: i32| wide(m) as i32 * 40),
            w3: [0; L2].map(|_: i16| wide(m)),
            b3: wide(m) as i32,
        };
        let wide = Net::from_layers(variant, false, l).expect("valid layers");
        let mut scored = 0;
        for _game in 0..40 {
            let mut pos = dama::Position::start(variant);
            for _ply in 0..150 {
                for net in [&*shipped, &wide] {
                    assert_eq!(
                        net.evaluate(&pos),
                        net.evaluate_plain(&pos),
                        "{}",
                        pos.to_fen()
                    );
                }
                scored += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(&moves[next(moves.len())]);
            }
        }
        assert!(scored > 1_000, "{scored}");
    }
}

/// wasm has no prefetch: after a node's first move, its other children's table buckets are read
/// ahead instead. A hint to the memory all the same: with it and without it, the same tree.
#[wasm_bindgen_test]
fn reading_the_table_ahead_changes_no_node() {
    use dama::engine::{Engine, Features, Limits};
    let mut nodes = 0;
    for (variant, fen) in [
        (dama::Variant::Italian, None),
        (
            dama::Variant::Italian,
            Some("W:W17,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,15"),
        ),
        (dama::Variant::Brazilian, None),
    ] {
        let g = match fen {
            Some(f) => dama::Game::from_fen(variant, f).unwrap(),
            None => dama::Game::new(variant),
        };
        let run = |prefetch: bool| {
            let mut e = Engine::with_clock(2, Box::new(dama::engine::NoClock));
            e.set_features(Features {
                prefetch,
                ..Features::ALL
            });
            let r = e.search(&g, &Limits::depth(12), &mut |_| {});
            (r.nodes, r.best, r.score, r.pv)
        };
        let (with, without) = (run(true), run(false));
        assert_eq!(with, without, "{}", g.fen());
        nodes += with.0;
    }
    assert!(
        nodes > 50_000,
        "searches deep enough to use the table: {nodes} nodes"
    );
}
