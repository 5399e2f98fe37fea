//! The bindings as JS sees them. Run with `wasm-pack test --node crates/dama-wasm`.

#![cfg(target_arch = "wasm32")]

use dama_wasm::Game;
use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn texts(moves: &Array) -> Vec<String> {
    moves
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

#[wasm_bindgen_test]
fn start_position_has_seven_moves() {
    let g = Game::new();
    assert_eq!(g.legal_moves().length(), 7);
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
    let g = Game::new();
    let e = Game::from_fen("W:W33:B1")
        .err()
        .expect("square 33 must be refused");
    assert!(e.is_instance_of::<js_sys::Error>());
    assert!(!message(&e).is_empty());
    assert!(Game::from_fen("").is_err());
    assert!(Game::from_fen("X:W21:B1").is_err());
    // An existing game is untouched by a failed set-up elsewhere.
    assert_eq!(g.fen(), START);
}

#[wasm_bindgen_test]
fn illegal_move_throws_and_leaves_the_game_unchanged() {
    let mut g = Game::new();
    let before = g.fen();
    for bad in ["22-17", "21-13", "nonsense", "", "22-18-14"] {
        let e = g
            .play(bad)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} must be refused"));
        assert!(!message(&e).is_empty(), "{bad:?} needs a reason");
        assert_eq!(g.fen(), before);
        assert_eq!(g.history().length(), 0);
    }
    // Men move forward only: the refusal names the rule.
    let why = g.why_illegal(22, 26).expect("22-26 is illegal");
    assert!(why.contains("occupied") || why.contains("forward"), "{why}");
    assert_eq!(g.why_illegal(22, 18), None);
}

#[wasm_bindgen_test]
fn out_of_range_index_throws() {
    let mut g = Game::new();
    let e = g.play_index(7).expect_err("there are only 7 moves");
    assert!(e.is_instance_of::<js_sys::RangeError>());
    assert_eq!(g.history().length(), 0);
    let m = g.play_index(0).unwrap();
    assert_eq!(get(&m, "from").as_f64(), Some(21.0));
    assert_eq!(g.turn(), "black");
}

#[wasm_bindgen_test]
fn a_capture_position_gives_only_the_forced_capture() {
    let mut g = Game::new();
    g.play("22-18").unwrap();
    g.play("9-13").unwrap();
    let moves = g.legal_moves();
    assert_eq!(texts(&moves), vec!["18x9"]);
    let m = moves.get(0);
    assert_eq!(get(&m, "capture").as_bool(), Some(true));
    let captured: Vec<f64> = Array::from(&get(&m, "captured"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(captured, vec![13.0]);
    let why = g
        .why_illegal(21, 17)
        .expect("a quiet move is refused when a capture exists");
    assert!(why.contains("compulsory"), "{why}");
    assert!(g.play("21-17").is_err());
    // Precedence: the king capture that takes more pieces is the only one (RULES.md table).
    let g = Game::from_fen("W:WK21,31:B10,18,27").unwrap();
    assert_eq!(texts(&g.legal_moves()), vec!["31x6"]);
}

#[wasm_bindgen_test]
fn capture_path_and_history() {
    let mut g = Game::from_fen("W:W31:B12,20,28").unwrap();
    let m = g.play("31x8").unwrap();
    let path: Vec<f64> = Array::from(&get(&m, "path"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(path, vec![24.0, 15.0, 8.0]);
    assert_eq!(texts(&g.history()), vec!["31x8"]);
    let r = g.result();
    assert_eq!(get(&r, "winner").as_string().as_deref(), Some("white"));
    assert_eq!(get(&r, "reason").as_string().as_deref(), Some("no-moves"));
    let undone = g.undo();
    assert_eq!(get(&undone, "text").as_string().as_deref(), Some("31x8"));
    assert!(g.result().is_undefined());
    assert!(g.can_redo());
    assert!(!g.redo().is_undefined());
    assert_eq!(g.ply(), 1);
}

#[wasm_bindgen_test]
fn resignation_and_draw() {
    let mut g = Game::new();
    g.resign("white").unwrap();
    let r = g.result();
    assert_eq!(get(&r, "winner").as_string().as_deref(), Some("black"));
    assert_eq!(
        get(&r, "reason").as_string().as_deref(),
        Some("resignation")
    );
    assert!(g.resign("purple").is_err());
    assert!(g.undo().is_undefined()); // takes back the resignation
    assert!(g.result().is_undefined());
    g.agree_draw();
    assert!(get(&g.result(), "winner").is_null());
}

#[wasm_bindgen_test]
fn pdn_round_trip() {
    let mut g = Game::new();
    g.play("22-18").unwrap();
    g.play("9-13").unwrap();
    g.play("18x9").unwrap();
    let again = Game::from_pdn(&g.pdn()).unwrap();
    assert_eq!(again.fen(), g.fen());
    assert!(Game::from_pdn("1. 22-17 *").is_err());
}

#[wasm_bindgen_test]
fn engine_finds_the_winning_capture() {
    use dama_wasm::Engine;
    let mut engine = Engine::new(1);
    let g = Game::from_fen("W:W30:B27").unwrap();
    let r = engine.search(&g, 10, 500.0, 1).unwrap();
    assert_eq!(get(&r, "move").as_string().as_deref(), Some("30x23"));
    assert!(get(&r, "score").as_f64().unwrap() > 0.0);
    // A finished game has nothing to search.
    let mut done = Game::from_fen("W:W30:B27").unwrap();
    done.play("30x23").unwrap();
    assert!(engine.search(&done, 5, 100.0, 1).is_err());
    engine.new_game();
    let start = Game::new();
    let r = engine.search(&start, 1, 200.0, 7).unwrap();
    let m = get(&r, "move").as_string().unwrap();
    assert!(texts(&start.legal_moves()).contains(&m), "{m}");
}
