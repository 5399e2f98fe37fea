//! The federation's example positions from RULES.md: each must give exactly the listed moves.

use dama::{notation, Position};

fn moves(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
    let legal = pos.legal_moves();
    let mut v: Vec<String> = legal
        .iter()
        .map(|m| notation::move_text_among(dama::Variant::Italian, &legal, m))
        .collect();
    v.sort();
    v
}

fn check(fen: &str, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(moves(fen), want, "{fen}");
}

#[test]
fn man_jumps_forward() {
    check("W:W30:B27", &["30x23"]);
}

#[test]
fn man_continues() {
    check("W:W31:B12,20,28", &["31x8"]);
}

#[test]
fn king_both_ways() {
    check("W:WK22:B18,19,27", &["22x13", "22x15", "22x31"]);
}

#[test]
fn king_continues() {
    check("W:WK27:B5,6,13,15,21,23", &["27x25"]);
}

#[test]
fn quantity() {
    check("W:WK21,31:B10,18,27", &["31x6"]);
}

#[test]
fn with_a_king() {
    check("W:WK23,31:B19,26,27", &["23x21"]);
}

#[test]
fn most_kings() {
    check("W:WK23:B19,K28", &["23x32"]);
}

#[test]
fn earliest_king() {
    check("W:WK30:B10,12,18,K20,K26,27", &["30x5"]);
}

#[test]
fn earliest_king_second_king_decides() {
    check("W:WK30:B10,K12,K18,20,K26,K27", &["30x5"]);
}

#[test]
fn free_choice() {
    check("W:WK31:B18,20,K27,K28", &["31x13", "31x15"]);
}

#[test]
fn men_only_jump_forward() {
    check("W:W24:B20,28", &["24x15"]);
}

#[test]
fn men_never_jump_kings() {
    check("W:W30:BK26", &["30-27"]);
}

#[test]
fn kings_jump_men_and_kings() {
    check("W:WK30:BK26", &["30x21"]);
}
