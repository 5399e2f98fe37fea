#[path = "reference.rs"]
mod reference;
use reference::*;

#[test]
fn explore() {
    let mut rng = Rng::new(7);
    let mut best = 0;
    let mut best_fen = String::new();
    // hill climb on number of legal capture moves
    for restart in 0..200 {
        let mut b = Board::empty(true);
        // 12 white kings, 12 black men
        let mut placed = 0;
        while placed < 24 {
            let n = 1 + rng.below(32) as u8;
            if b.at(n).is_some() { continue; }
            let white = placed < 12;
            let king = white || rc(n).0 == 7;
            b.set(n, Some(P { white, king }));
            placed += 1;
        }
        let score = |b: &Board| { let l = b.legal(); if l.iter().any(|m| m.captured != 0) { l.len() + l.iter().map(|m| m.paths.len()).sum::<usize>() } else { 0 } };
        let mut cur = score(&b);
        for _ in 0..3000 {
            let mut c = b.clone();
            // move a random piece to a random empty square, or toggle
            let a = 1 + rng.below(32) as u8; let t = 1 + rng.below(32) as u8;
            if rng.chance(1,5) { // remove/add
                if c.at(a).is_some() { c.set(a, None) } else { let white = rng.chance(1,2); let king = white || rc(a).0==7 || rng.chance(1,3); if c.count(white) < 12 { c.set(a, Some(P{white, king})) } }
            } else {
                let pa = c.at(a); let pt = c.at(t); c.set(a, pt); c.set(t, pa);
                let ok = (1..=32u8).all(|n| match c.at(n) { Some(p) if !p.king => rc(n).0 != if p.white {0} else {7}, _ => true });
                if !ok { continue; }
            }
            let s = score(&c);
            if s >= cur { cur = s; b = c; }
        }
        let l = b.legal();
        let pos = b.to_position();
        let got = pos.legal_moves().len();
        let cnt = dama::perft(&pos, 1);
        if l.len() != got || cnt as usize != l.len() { println!("MISMATCH {} ref {} got {} count {}", b.fen(), l.len(), got, cnt); }
        if cur > best { best = cur; best_fen = b.fen(); println!("restart {restart} score {cur} moves {} {}", l.len(), best_fen); }
    }
}
