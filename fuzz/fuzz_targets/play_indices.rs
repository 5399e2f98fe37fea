//! Each byte picks a legal move (modulo their number) from the start; after every move the
//! game's invariants must hold.
#![no_main]
use dama::bitboard::{BLACK_PROMOTION, WHITE_PROMOTION};
use dama::{Color, Game, Outcome, Reason};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut game = Game::new();
    let mut counts = (12u32, 12u32);
    for &b in data {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[b as usize % legal.len()];
        game.play(&m).expect("a legal move plays");
        let p = *game.position();
        assert_eq!(
            game.hash(),
            p.hash(),
            "incremental hash after {:?}",
            game.move_texts()
        );
        let (w, bl, k) = (p.pieces(Color::White), p.pieces(Color::Black), p.kings());
        assert_eq!(w & bl, 0, "overlap");
        assert_eq!(k & !(w | bl), 0, "king on an empty square");
        assert_eq!(w & !k & WHITE_PROMOTION, 0, "white man on row 1-4");
        assert_eq!(bl & !k & BLACK_PROMOTION, 0, "black man on row 29-32");
        let now = (w.count_ones(), bl.count_ones());
        assert!(now.0 <= counts.0 && now.1 <= counts.1, "piece count rose");
        assert_eq!(
            counts.0 + counts.1 - now.0 - now.1,
            m.capture_count(),
            "pieces lost differ from the capture"
        );
        counts = now;
        let no_moves = p.legal_moves().is_empty();
        let rules = game.draw_rules();
        let rep = game.repetitions() >= rules.repetitions;
        let kings = game.king_plies() >= rules.king_move_plies;
        match game.result() {
            Some(r) => match r.reason {
                Reason::NoMoves => {
                    assert!(no_moves);
                    assert_eq!(r.outcome, Outcome::Win(p.turn().opposite()));
                }
                Reason::Repetition => assert!(rep && !no_moves && r.outcome == Outcome::Draw),
                Reason::KingMoves => assert!(kings && !no_moves && r.outcome == Outcome::Draw),
                other => panic!("unexpected reason {other:?}"),
            },
            None => assert!(!no_moves && !rep && !kings, "game should have ended"),
        }
    }
});
