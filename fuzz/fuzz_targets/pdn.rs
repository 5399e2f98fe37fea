//! pdn::parse on arbitrary text and pdn::replay of every game: never panics; a replayed game
//! written back as PDN reads back to the same moves, position and result.
#![no_main]
use dama::pdn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = pdn::read_game(text);
    let Ok(games) = pdn::parse(text) else {
        return;
    };
    for g in &games {
        let Ok(game) = pdn::replay(g) else {
            continue;
        };
        let out = game.to_pdn(&[]);
        let back = pdn::read_game(&out).unwrap_or_else(|e| {
            panic!("replayed game writes PDN that does not read: {e:?}\n{out}")
        });
        assert_eq!(back.ply(), game.ply(), "{out}");
        assert_eq!(back.position(), game.position(), "{out}");
        assert_eq!(back.result(), game.result(), "{out}");
    }
});
