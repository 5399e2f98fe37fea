//! fen::parse on arbitrary text; whatever parses must write back to a FEN that parses to the
//! same position, and that FEN must be a fixed point of write(parse(.)).
#![no_main]
use dama::fen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = fen::parse(text) else {
        return;
    };
    let written = pos.to_fen();
    let again = fen::parse(&written)
        .unwrap_or_else(|e| panic!("{text:?} parsed, but its FEN {written:?} does not: {e:?}"));
    assert_eq!(
        pos, again,
        "{text:?} -> {written:?} round-trips to another position"
    );
    assert_eq!(
        written,
        again.to_fen(),
        "write is not a fixed point for {text:?}"
    );
    // A parsed position is a legal one.
    let (w, b, k) = (
        pos.pieces(dama::Color::White),
        pos.pieces(dama::Color::Black),
        pos.kings(),
    );
    assert_eq!(w & b, 0);
    assert!(w.count_ones() <= 12 && b.count_ones() <= 12);
    assert_eq!(k & !(w | b), 0);
    assert_eq!(w & !k & dama::bitboard::WHITE_PROMOTION, 0);
    assert_eq!(b & !k & dama::bitboard::BLACK_PROMOTION, 0);
    let _ = pos.legal_moves();
});
