//! notation::parse against fixed positions (and positions reached by a few moves chosen by the
//! first byte): whatever parses must be one of the legal moves, and its own text must parse
//! back to the same move.
#![no_main]
use dama::{notation, Position};
use libfuzzer_sys::fuzz_target;

const FENS: &[&str] = &[
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:WK22:B18,19,27",
    "W:WK27:B5,6,13,15,21,23",
    "W:WK21,31:B10,18,27",
    "W:WK23,31:B19,26,27",
    "W:WK30:B10,12,18,K20,K26,27",
    "W:WK31:B18,20,K27,K28",
    "W:W31:B12,20,28",
    "B:W18,19,22,23,26,27:BK14,K15,3",
    "W:W14,18,22,K30:B1,6,7,10,K25",
];

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = Position::from_fen(FENS[sel as usize % FENS.len()]).expect("fixed FEN");
    let legal = pos.legal_moves();
    match notation::parse(&pos, text) {
        Ok(m) => {
            let found = legal
                .iter()
                .find(|l| l.from() == m.from() && l.to() == m.to() && l.captured() == m.captured());
            assert!(
                found.is_some(),
                "{text:?} parsed to a move not legal in {}: {m:?}",
                pos.to_fen()
            );
            let own = notation::move_text(&pos, &m);
            let back = notation::parse(&pos, &own)
                .unwrap_or_else(|e| panic!("the text {own:?} of {m:?} does not parse: {e:?}"));
            assert_eq!(back.captured(), m.captured(), "{own:?}");
            assert_eq!((back.from(), back.to()), (m.from(), m.to()), "{own:?}");
            let full = notation::full_text(&m);
            let back = notation::parse(&pos, &full).unwrap_or_else(|e| {
                panic!("the full text {full:?} of {m:?} does not parse: {e:?}")
            });
            assert_eq!(back.captured(), m.captured(), "{full:?}");
            let _ = notation::parse_in(&legal, text);
        }
        Err(_) => {
            let _ = notation::parse_in(&legal, text);
        }
    }
});
