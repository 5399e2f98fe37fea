//! Game results and their reasons, draw rules, declared results, refusal reasons
//! (`why_illegal`) and move-text ambiguity.

use crate::reference;

use dama::{
    notation, notation::MoveTextError, Color, DrawRules, Game, GameResult, Illegal, IllegalKind,
    Outcome, PlayError, Position, Reason,
};
use reference::{board, random_board, Rng};

fn game(fen: &str) -> Game {
    Game::from_fen(dama::Variant::Italian, fen).unwrap()
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} at ply {}: {e}", g.ply()));
    }
}

fn win(c: Color, reason: Reason) -> Option<GameResult> {
    Some(GameResult {
        outcome: Outcome::Win(c),
        reason,
        limit: 0,
    })
}

/// A draw under the default rules: the limit reached is 3 occurrences or 80 king plies.
fn draw(reason: Reason) -> Option<GameResult> {
    let limit = match reason {
        Reason::Repetition => 3,
        Reason::KingMoves => 80,
        _ => 0,
    };
    draw_at(reason, limit)
}

fn draw_at(reason: Reason, limit: u32) -> Option<GameResult> {
    Some(GameResult {
        outcome: Outcome::Draw,
        reason,
        limit,
    })
}

// ---------------------------------------------------------------------------------------------
// No moves.

#[test]
fn a_side_without_pieces_has_lost() {
    let g = game("W:W:B1");
    assert_eq!(g.result(), win(Color::Black, Reason::NoMoves));
    assert!(g.legal_moves().is_empty());
    let g = game("B:W30:B");
    assert_eq!(g.result(), win(Color::White, Reason::NoMoves));
    // Taking the last piece wins on the spot.
    let mut g = game("W:W30:B27");
    assert_eq!(g.result(), None);
    g.play_text("30x23").unwrap();
    assert_eq!(g.result(), win(Color::White, Reason::NoMoves));
    assert_eq!(g.result().unwrap().pdn(), "1-0");
    assert!(g.result().unwrap().to_string().contains("White wins"));
}

#[test]
fn a_side_with_every_piece_blocked_has_lost() {
    // White's man on 25 can only go to 21; Black's man there cannot be jumped (18 is taken).
    let g = game("W:W25:B18,21");
    assert_eq!(g.result(), win(Color::Black, Reason::NoMoves));
    // A man cannot jump a king, so a king in front of it blocks it for good.
    let g = game("W:W25:BK21");
    assert_eq!(g.result(), win(Color::Black, Reason::NoMoves));
    // Black's man on 24 can only go to 28, taken by a White man it cannot jump (31 is taken).
    let g = game("B:W28,31:B24");
    assert_eq!(g.result(), win(Color::White, Reason::NoMoves));
    assert_eq!(g.result().unwrap().pdn(), "1-0");
    // With 31 empty the jump is there and compulsory.
    let g = game("B:W28:B24");
    assert_eq!(g.result(), None);
    assert_eq!(g.legal_moves().len(), 1);
    // Several pieces, every one blocked: men on 25 and 21 (21's squares 17 and 18 are taken,
    // and neither Black man can be jumped).
    let g = game("W:W21,25:B17,18,14,13");
    assert!(board("W:W21,25:B17,18,14,13").legal().is_empty());
    assert_eq!(g.result(), win(Color::Black, Reason::NoMoves));
}

// ---------------------------------------------------------------------------------------------
// Repetition.

/// Four king plies that come back to the starting position.
const SHUFFLE: [&str; 4] = ["29-25", "4-8", "25-29", "8-4"];

#[test]
fn threefold_repetition_draws_on_the_third_occurrence_not_the_second() {
    let mut g = game("W:WK29:BK4");
    assert_eq!(g.repetitions(), 1);
    for ply in 1..=8 {
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
        // The position after ply p is the one after p - 4, p - 8, ... and the start.
        assert_eq!(g.repetitions(), 1 + ply as u32 / 4, "ply {ply}");
        if ply < 8 {
            assert_eq!(g.result(), None, "ply {ply}");
        }
    }
    assert_eq!(g.result(), draw(Reason::Repetition));
    assert_eq!(g.result().unwrap().pdn(), "1/2-1/2");
    // Once drawn, nothing more can be played.
    assert!(g.legal_moves().is_empty());
    assert!(matches!(
        g.play_text("29-25"),
        Err(PlayError::GameOver(r)) if r.reason == Reason::Repetition
    ));
    // Undo goes back before the draw.
    g.undo();
    assert_eq!(g.result(), None);
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn repetition_counts_positions_not_plies() {
    // A B A C A: the position A occurs three times with other positions in between.
    let mut g = game("W:WK29:BK4");
    play_all(&mut g, &["29-25", "4-8", "25-29", "8-4"]); // A again (2nd)
    assert_eq!(g.result(), None);
    play_all(&mut g, &["29-26", "4-7", "26-29", "7-4"]); // A a third time by another route
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.result(), draw(Reason::Repetition));
    // The same squares with the other side to move are a different position.
    let mut g = game("W:WK29:BK4");
    play_all(&mut g, &["29-25", "4-8", "25-29", "8-4", "29-25", "4-8"]);
    // White king on 25, Black on 8, White to move: occurred twice (after plies 2 and 6).
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.result(), None);
}

#[test]
fn repetitions_are_configurable() {
    let mut g = game("W:WK29:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 4,
        king_move_plies: 80,
        ..dama::Variant::Italian.draw_rules()
    });
    for ply in 1..=12 {
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
        if ply < 12 {
            assert_eq!(g.result(), None, "ply {ply}");
        }
    }
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.result(), draw_at(Reason::Repetition, 4));

    // Disabled: the king-move rule is what ends it, at ply 80.
    let mut g = game("W:WK29:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        king_move_plies: 80,
        ..dama::Variant::Italian.draw_rules()
    });
    for ply in 1..=80 {
        assert_eq!(g.result(), None, "before ply {ply}");
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
    }
    assert_eq!(g.repetitions(), 21);
    assert_eq!(g.result(), draw(Reason::KingMoves));

    // Both disabled: it never ends.
    let mut g = game("W:WK29:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        king_move_plies: 0,
        ..dama::Variant::Italian.draw_rules()
    });
    assert_eq!(
        g.draw_rules(),
        DrawRules {
            repetitions: 0,
            king_move_plies: 0,
            ..dama::Variant::Italian.draw_rules()
        }
    );
    for ply in 1..=400 {
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
        assert_eq!(g.result(), None);
    }
    // Turning the rules back on applies them to the game as it stands.
    g.set_draw_rules(dama::Variant::Italian.draw_rules());
    assert_eq!(g.result().map(|r| r.outcome), Some(Outcome::Draw));
}

#[test]
fn default_draw_rules_are_those_of_rules_md() {
    assert_eq!(
        dama::Variant::Italian.draw_rules(),
        DrawRules {
            repetitions: 3,
            king_move_plies: 80,
            ..dama::Variant::Italian.draw_rules()
        }
    );
    assert_eq!(
        Game::new(dama::Variant::Italian).draw_rules(),
        dama::Variant::Italian.draw_rules()
    );
}

#[test]
fn repetition_window_starts_after_the_last_man_move() {
    // Kings shuffle, a man moves, kings shuffle again: occurrences before the man move do not
    // count (they cannot be the same position anyway), and the count restarts.
    let mut g = game("W:WK29,24:BK4");
    play_all(&mut g, &["29-25", "4-8", "25-29", "8-4"]);
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, &["24-20", "4-8", "29-25", "8-4", "25-29"]);
    assert_eq!(g.king_plies(), 4);
    assert_eq!(g.repetitions(), 2); // Black to move, K29 K4 man 20: after plies 5 and 9
    assert_eq!(g.result(), None);
}

// ---------------------------------------------------------------------------------------------
// The 80-ply king-move rule.

fn no_repetition_rule(fen: &str) -> Game {
    let mut g = game(fen);
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        king_move_plies: 80,
        ..dama::Variant::Italian.draw_rules()
    });
    g
}

#[test]
fn eighty_king_plies_draw_not_seventy_nine() {
    let mut g = no_repetition_rule("W:WK29:BK4");
    for ply in 1..=79 {
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
        assert_eq!(g.king_plies(), ply as u32);
    }
    assert_eq!(g.result(), None);
    assert_eq!(g.legal_moves().len(), 2);
    g.play_text(SHUFFLE[79 % 4]).unwrap();
    assert_eq!(g.king_plies(), 80);
    assert_eq!(g.result(), draw(Reason::KingMoves));
    assert!(g.play_text("29-25").is_err());
    g.undo();
    assert_eq!(g.king_plies(), 79);
    assert_eq!(g.result(), None);
}

#[test]
fn eighty_distinct_king_plies_draw_under_the_default_rules() {
    // Without the repetition rule switched off: kings wander without ever repeating a position
    // three times, and the 80th king ply draws.
    let mut g = game("W:WK29,K32:BK1,K4");
    let mut rng = Rng::new(80);
    let mut plies = 0;
    while g.result().is_none() {
        let legal = g.legal_moves();
        assert!(legal.iter().all(|m| m.is_king_move() && !m.is_capture()));
        // Never offer a capture; prefer positions seen least often.
        let mut best = None;
        for m in legal.iter() {
            let mut h = g.clone();
            h.play(m).unwrap();
            let offers = h.position().legal_moves().iter().any(|o| o.is_capture());
            let score = (offers, h.repetitions(), rng.below(1000));
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                best = Some((score, *m));
            }
        }
        let (_, m) = best.unwrap();
        g.play(&m).unwrap();
        plies += 1;
        assert!(plies <= 80);
        assert!(g.repetitions() < 3);
        assert_eq!(g.position().kings().count_ones(), 4, "a capture happened");
    }
    assert_eq!(plies, 80);
    assert_eq!(g.result(), draw(Reason::KingMoves));
    assert!(g.result().unwrap().to_string().contains("40 moves"));
}

#[test]
fn a_man_move_resets_the_king_move_count() {
    let mut g = no_repetition_rule("B:WK29,24:BK8");
    let shuffle = ["8-4", "29-25", "4-8", "25-29"];
    for ply in 1..=79 {
        g.play_text(shuffle[(ply - 1) % 4]).unwrap();
    }
    assert_eq!(g.king_plies(), 79);
    assert_eq!(g.turn(), Color::White);
    g.play_text("24-20").unwrap();
    assert_eq!(g.king_plies(), 0);
    assert_eq!(g.result(), None);
    // The count starts again from the man move: 79 more do not draw, the 80th does. (White's
    // king is on 25 now.)
    let shuffle = ["8-4", "25-29", "4-8", "29-25"];
    for ply in 1..=80 {
        assert_eq!(g.result(), None, "ply {ply}");
        g.play_text(shuffle[(ply - 1) % 4]).unwrap();
    }
    assert_eq!(g.king_plies(), 80);
    assert_eq!(g.result(), draw(Reason::KingMoves));
}

#[test]
fn a_king_capture_resets_the_king_move_count() {
    let mut g = no_repetition_rule("W:WK29,K11:BK8");
    for ply in 1..=76 {
        g.play_text(SHUFFLE_8[(ply - 1) % 4]).unwrap();
    }
    play_all(&mut g, &["29-25", "8-4"]);
    assert_eq!(g.king_plies(), 78);
    // White's king steps next to Black's, which must take it: ply 80 is a capture.
    g.play_text("11-7").unwrap();
    assert_eq!(g.king_plies(), 79);
    assert_eq!(g.legal_moves().len(), 1);
    let m = g.play_text("4x11").unwrap();
    assert!(m.is_capture() && m.is_king_move());
    assert_eq!(g.king_plies(), 0);
    assert_eq!(g.result(), None);
    assert_eq!(g.position().to_fen(), "W:WK25:BK11");
}

const SHUFFLE_8: [&str; 4] = ["29-25", "8-4", "25-29", "4-8"];

#[test]
fn king_move_plies_are_configurable() {
    let mut g = game("W:WK29:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        king_move_plies: 10,
        ..dama::Variant::Italian.draw_rules()
    });
    for ply in 1..=10 {
        assert_eq!(g.result(), None);
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
    }
    assert_eq!(g.result(), draw_at(Reason::KingMoves, 10));
}

// ---------------------------------------------------------------------------------------------
// Declared results.

#[test]
fn resignation_and_agreement() {
    let mut g = Game::new(dama::Variant::Italian);
    g.play_text("22-18").unwrap();
    g.resign(Color::Black);
    assert_eq!(g.result(), win(Color::White, Reason::Resignation));
    assert_eq!(g.result().unwrap().pdn(), "1-0");
    assert!(g.result().unwrap().to_string().contains("resigned"));
    let fen_before = g.position().to_fen();
    assert!(matches!(
        g.play_text("9-13"),
        Err(PlayError::GameOver(r)) if r.reason == Reason::Resignation
    ));
    let legal_now = g.position().legal_moves();
    assert!(matches!(g.play(&legal_now[0]), Err(PlayError::GameOver(_))));
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.why_illegal(9, 13).map(|i| i.kind),
        Some(IllegalKind::GameOver)
    );
    assert_eq!(g.position().to_fen(), fen_before);
    // A second declaration does not overwrite the first.
    g.agree_draw();
    g.resign(Color::White);
    assert_eq!(g.result(), win(Color::White, Reason::Resignation));
    // Undo takes back the resignation first, not a move.
    assert_eq!(g.undo(), None);
    assert_eq!(g.ply(), 1);
    assert_eq!(g.result(), None);
    g.play_text("9-13").unwrap();
    // The side to move resigning: White to move resigns, Black wins.
    g.resign(g.turn());
    assert_eq!(g.result(), win(Color::Black, Reason::Resignation));
    assert_eq!(g.result().unwrap().pdn(), "0-1");
    g.undo();
    g.agree_draw();
    assert_eq!(g.result(), draw(Reason::Agreement));
    assert_eq!(g.result().unwrap().pdn(), "1/2-1/2");
    assert!(g.play_text("18x9").is_err());
    assert_eq!(g.undo(), None);
    assert_eq!(g.play_text("18x9").map(|m| m.capture_count()), Ok(1));
}

#[test]
fn no_declaration_after_the_game_is_over() {
    let mut g = game("W:W30:B27");
    g.play_text("30x23").unwrap();
    g.resign(Color::White);
    g.agree_draw();
    assert_eq!(g.result(), win(Color::White, Reason::NoMoves));
    assert!(matches!(
        g.play_text("1-5"),
        Err(PlayError::GameOver(r)) if r.reason == Reason::NoMoves
    ));
    // Undo after a real end takes back the move.
    assert!(g.undo().is_some());
    assert_eq!(g.result(), None);
}

#[test]
fn result_texts() {
    let text = game("W:W:B1").result().unwrap().to_string();
    assert!(
        text.contains("Black wins") && text.contains("no move"),
        "{text}"
    );
    assert_eq!(Reason::NoMoves.id(), "no-moves");
    assert_eq!(Reason::Repetition.id(), "repetition");
    assert_eq!(Reason::KingMoves.id(), "king-moves");
    assert_eq!(Reason::Agreement.id(), "agreement");
    assert_eq!(Reason::Resignation.id(), "resignation");
}

/// The result text must not contradict the draw rules in force.
#[test]
fn result_text_follows_configured_draw_rules() {
    let mut g = game("W:WK29:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 4,
        king_move_plies: 80,
        ..dama::Variant::Italian.draw_rules()
    });
    for ply in 1..=12 {
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
    }
    let text = g.result().unwrap().to_string();
    assert!(!text.contains("three"), "{text}");
    assert!(text.contains("4 times"), "{text}");
    let mut g = game("W:WK29:BK4");
    g.set_draw_rules(DrawRules {
        repetitions: 0,
        king_move_plies: 10,
        ..dama::Variant::Italian.draw_rules()
    });
    for ply in 1..=10 {
        g.play_text(SHUFFLE[(ply - 1) % 4]).unwrap();
    }
    let text = g.result().unwrap().to_string();
    assert!(!text.contains("40 moves"), "{text}");
    assert!(text.contains("5 moves"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Why a move is refused.

#[test]
fn why_illegal_quiet_move_when_a_capture_is_compulsory() {
    let mut g = Game::new(dama::Variant::Italian);
    play_all(&mut g, &["22-18", "9-13"]);
    assert_eq!(
        g.why_illegal(21, 17).map(|i| i.kind),
        Some(IllegalKind::MustCapture(vec![18]))
    );
    assert_eq!(
        g.why_illegal(18, 14).map(|i| i.kind),
        Some(IllegalKind::MustCapture(vec![18]))
    );
    assert_eq!(g.why_illegal(18, 9).map(|i| i.kind), None);
    let e = g.why_illegal(21, 17).unwrap().to_string();
    assert!(e.contains("compulsory") && e.contains("18"), "{e}");
    // Game::play with the quiet move gives the same reason.
    let quiet = Game::new(dama::Variant::Italian).position().legal_moves();
    let m = quiet
        .iter()
        .find(|m| m.from().number() == 21 && m.to().number() == 17)
        .unwrap();
    assert_eq!(
        g.play(m),
        Err(PlayError::Illegal(Illegal {
            variant: dama::Variant::Italian,
            kind: IllegalKind::MustCapture(vec![18])
        }))
    );
    // Two pieces that can capture are both named.
    let g = game("W:W21,22:B18");
    assert_eq!(
        g.why_illegal(21, 17).map(|i| i.kind),
        Some(IllegalKind::MustCapture(vec![21, 22]))
    );
    assert!(g
        .why_illegal(21, 17)
        .unwrap()
        .to_string()
        .contains("21 or 22"));
}

#[test]
fn why_illegal_capture_of_fewer_pieces() {
    // RULES.md "quantity": only 31x6 (three men); the king on 21 could take two (21x14x5).
    let g = game("W:WK21,31:B10,18,27");
    let b = board("W:WK21,31:B10,18,27");
    assert!(b
        .sequences()
        .iter()
        .any(|s| s.from == 21 && s.to() == 5 && s.captured.len() == 2));
    assert_eq!(
        g.why_illegal(21, 5).map(|i| i.kind),
        Some(IllegalKind::MostPieces(3))
    );
    assert!(g.why_illegal(21, 5).unwrap().to_string().contains("(3)"));
    assert_eq!(g.why_illegal(31, 6).map(|i| i.kind), None);
    // A man that could take one (30x21) when two-piece captures exist (30x23x14, 31x22x15).
    let g = game("W:W30,31:B19,26,27");
    let b = board("W:W30,31:B19,26,27");
    assert!(b
        .sequences()
        .iter()
        .any(|s| s.from == 30 && s.to() == 21 && s.captured.len() == 1));
    let mut best: Vec<(u8, u8)> = b.legal().iter().map(|m| (m.from, m.to)).collect();
    best.sort();
    assert_eq!(best, vec![(30, 14), (31, 15)]);
    assert_eq!(
        g.why_illegal(30, 21).map(|i| i.kind),
        Some(IllegalKind::MostPieces(2))
    );
}

#[test]
fn why_illegal_man_capture_when_a_king_capture_of_equal_count_exists() {
    // RULES.md "with a king": the man on 31 could take two (31x22x15), so could the king.
    let g = game("W:WK23,31:B19,26,27");
    assert!(board("W:WK23,31:B19,26,27")
        .sequences()
        .iter()
        .any(|s| s.from == 31 && s.to() == 15 && s.captured.len() == 2));
    assert_eq!(
        g.why_illegal(31, 15).map(|i| i.kind),
        Some(IllegalKind::KingFirst)
    );
    assert_eq!(g.why_illegal(23, 21).map(|i| i.kind), None);
}

#[test]
fn why_illegal_capture_of_fewer_kings() {
    // RULES.md "most kings": 23x14 takes a man, 23x32 the king.
    let g = game("W:WK23:B19,K28");
    assert_eq!(
        g.why_illegal(23, 14).map(|i| i.kind),
        Some(IllegalKind::MostKings(1))
    );
    assert_eq!(g.why_illegal(23, 32).map(|i| i.kind), None);
}

#[test]
fn why_illegal_capture_meeting_a_king_later() {
    // RULES.md "earliest king": 30x23x16x7 takes 27, K20, 12 (king second); 30x21x14x5 takes
    // K26 first.
    let g = game("W:WK30:B10,12,18,K20,K26,27");
    let seqs = board("W:WK30:B10,12,18,K20,K26,27").sequences();
    assert!(seqs
        .iter()
        .any(|s| s.to() == 7 && s.captured == vec![27, 20, 12]));
    assert_eq!(
        g.why_illegal(30, 7).map(|i| i.kind),
        Some(IllegalKind::EarliestKing)
    );
    assert_eq!(g.why_illegal(30, 5).map(|i| i.kind), None);
    // Second king decides.
    let g = game("W:WK30:B10,K12,K18,20,K26,K27");
    assert_eq!(g.why_illegal(30, 5).map(|i| i.kind), None);
    assert_eq!(
        g.why_illegal(30, 7).map(|i| i.kind),
        Some(IllegalKind::EarliestKing)
    );
}

#[test]
fn why_illegal_man_cannot_take_a_king() {
    let g = game("W:W30:BK26");
    assert_eq!(
        g.why_illegal(30, 21).map(|i| i.kind),
        Some(IllegalKind::ManTakesKing)
    );
    assert_eq!(g.why_illegal(30, 27).map(|i| i.kind), None);
    assert_eq!(
        g.why_illegal(30, 26).map(|i| i.kind),
        Some(IllegalKind::Occupied(26))
    );
    assert!(g.why_illegal(30, 21).unwrap().to_string().contains("king"));
}

#[test]
fn why_illegal_man_moving_backward() {
    let g = game("W:W18:B1");
    assert_eq!(
        g.why_illegal(18, 22).map(|i| i.kind),
        Some(IllegalKind::ManBackward)
    );
    assert_eq!(
        g.why_illegal(18, 21).map(|i| i.kind),
        Some(IllegalKind::ManBackward)
    );
    assert_eq!(g.why_illegal(18, 14).map(|i| i.kind), None);
    // A backward jump by a man (over a man, to an empty square).
    let g = game("W:W18:B22");
    assert_eq!(
        g.why_illegal(18, 27).map(|i| i.kind),
        Some(IllegalKind::ManBackward)
    );
    // Black's backward is up the board.
    let g = game("B:W30:B14");
    assert_eq!(
        g.why_illegal(14, 10).map(|i| i.kind),
        Some(IllegalKind::ManBackward)
    );
    assert_eq!(g.why_illegal(14, 18).map(|i| i.kind), None);
    // Kings go backward freely.
    let g = game("W:WK18:B1");
    assert_eq!(g.why_illegal(18, 22).map(|i| i.kind), None);
    assert!(g.why_illegal(18, 22).map(|i| i.kind).is_none());
    assert!(Game::new(dama::Variant::Italian)
        .why_illegal(22, 26)
        .map(|i| i.kind)
        .is_some_and(|r| r == IllegalKind::ManBackward || r == IllegalKind::Occupied(26)));
}

#[test]
fn why_illegal_occupied_square_opponents_piece_empty_square() {
    let g = Game::new(dama::Variant::Italian);
    assert_eq!(
        g.why_illegal(26, 22).map(|i| i.kind),
        Some(IllegalKind::Occupied(22))
    );
    assert_eq!(
        g.why_illegal(9, 13).map(|i| i.kind),
        Some(IllegalKind::NotYourPiece(9))
    );
    assert_eq!(
        g.why_illegal(17, 13).map(|i| i.kind),
        Some(IllegalKind::NoPiece(17))
    );
    assert_eq!(
        g.why_illegal(22, 10).map(|i| i.kind),
        Some(IllegalKind::NotAMove)
    );
    assert_eq!(
        g.why_illegal(22, 22).map(|i| i.kind),
        Some(IllegalKind::NotAMove)
    );
    assert_eq!(
        g.why_illegal(0, 18).map(|i| i.kind),
        Some(IllegalKind::NotAMove)
    );
    assert_eq!(
        g.why_illegal(22, 33).map(|i| i.kind),
        Some(IllegalKind::NotAMove)
    );
    assert_eq!(g.why_illegal(22, 18).map(|i| i.kind), None);
    // A king stepping onto its own piece.
    let g = game("W:WK18,22:B1");
    assert_eq!(
        g.why_illegal(18, 22).map(|i| i.kind),
        Some(IllegalKind::Occupied(22))
    );
    // A jump onto an occupied square.
    let g = game("W:W22:B18,13");
    assert_eq!(
        g.why_illegal(22, 13).map(|i| i.kind),
        Some(IllegalKind::Occupied(13))
    );
    assert!(g.why_illegal(22, 13).unwrap().to_string().contains("13"));
    assert!(Game::new(dama::Variant::Italian)
        .why_illegal(9, 13)
        .unwrap()
        .to_string()
        .contains("opponent"));
}

/// On random positions, against the reference: `why_illegal` is `None` exactly for the legal
/// (from, to) pairs; an empty square, the opponent's piece, a compulsory capture and the
/// precedence step that rules a capture out are reported exactly; other refusals never blame a
/// rule that does not apply.
#[test]
fn why_illegal_agrees_with_the_reference() {
    use reference::{precedence, Seq};
    use std::cmp::Ordering;
    let mut rng = Rng::new(0x1111);
    let mut precedence_checked = 0;
    for _ in 0..if cfg!(debug_assertions) { 100 } else { 800 } {
        let b = random_board(&mut rng);
        let g = Game::from_position(b.to_position());
        if g.result().is_some() {
            continue;
        }
        let legal = b.legal();
        let seqs = b.sequences();
        let best: Option<&Seq> = seqs.iter().max_by(|x, y| precedence(x, y));
        let mut starts: Vec<u8> = legal.iter().map(|m| m.from).collect();
        starts.dedup();
        for from in 1..=32u8 {
            for to in 1..=32u8 {
                let ok = legal.iter().any(|m| m.from == from && m.to == to);
                let why = g.why_illegal(from, to).map(|i| i.kind);
                let at = format!("{} {from}-{to}: {why:?}", b.fen());
                if ok {
                    assert_eq!(why, None, "{at}");
                    continue;
                }
                let Some(p) = b.at(from) else {
                    assert_eq!(why, Some(IllegalKind::NoPiece(from)), "{at}");
                    continue;
                };
                if p.white != b.white_to_move {
                    assert_eq!(why, Some(IllegalKind::NotYourPiece(from)), "{at}");
                    continue;
                }
                if let Some(best) = best {
                    // The strongest sequence from -> to that precedence ruled out.
                    let worse = seqs
                        .iter()
                        .filter(|s| s.from == from && s.to() == to)
                        .max_by(|x, y| precedence(x, y));
                    // Stopping on a landing square of a legal capture that goes on.
                    let passes = legal.iter().any(|m| {
                        m.from == from && m.paths.iter().any(|p| p[..p.len() - 1].contains(&to))
                    });
                    let want = match worse {
                        None if passes => IllegalKind::GoesOn(to),
                        None => IllegalKind::MustCapture(starts.clone()),
                        Some(w) => {
                            assert_eq!(precedence(best, w), Ordering::Greater, "{at}");
                            precedence_checked += 1;
                            let kings = |s: &Seq| s.captured_king.iter().filter(|&&k| k).count();
                            if best.captured.len() != w.captured.len() {
                                IllegalKind::MostPieces(best.captured.len() as u32)
                            } else if best.by_king != w.by_king {
                                IllegalKind::KingFirst
                            } else if kings(best) != kings(w) {
                                IllegalKind::MostKings(kings(best) as u32)
                            } else {
                                IllegalKind::EarliestKing
                            }
                        }
                    };
                    assert_eq!(why, Some(want), "{at}");
                    continue;
                }
                match why {
                    Some(IllegalKind::ManBackward | IllegalKind::ManTakesKing) => {
                        assert!(!p.king, "{at}")
                    }
                    Some(IllegalKind::Occupied(s)) => {
                        assert_eq!(s, to, "{at}");
                        assert!(b.at(to).is_some(), "{at}")
                    }
                    Some(IllegalKind::NotAMove) => {}
                    _ => panic!("{at}"),
                }
            }
        }
    }
    println!("{precedence_checked} refusals by precedence checked");
    assert!(precedence_checked > 10, "{precedence_checked}");
}

// ---------------------------------------------------------------------------------------------
// Move text ambiguity.

#[test]
fn two_captures_with_the_same_from_and_to_need_the_full_path() {
    // The man on 31 takes 27 and 19 via 22, or 28 and 20 via 24; both land on 15.
    let fen = "W:W31:B19,20,27,28";
    let b = board(fen);
    let want: Vec<(u8, u8, u32, Vec<Vec<u8>>)> = b
        .legal()
        .into_iter()
        .map(|m| (m.from, m.to, m.captured, m.paths))
        .collect();
    let sq = |list: &[u8]| list.iter().fold(0u32, |m, &s| m | 1 << (s - 1));
    assert_eq!(
        want,
        vec![
            (31, 15, sq(&[19, 27]), vec![vec![22, 15]]),
            (31, 15, sq(&[20, 28]), vec![vec![24, 15]]),
        ]
    );
    let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
    let legal = pos.legal_moves();
    let mut texts: Vec<String> = legal.iter().map(|m| notation::move_text(&pos, m)).collect();
    texts.sort();
    assert_eq!(texts, vec!["31x22x15", "31x24x15"]);
    match notation::parse(&pos, "31x15") {
        Err(MoveTextError::Ambiguous { text, candidates }) => {
            assert_eq!(text, "31x15");
            let mut c = candidates.clone();
            c.sort();
            assert_eq!(c, vec!["31x22x15", "31x24x15"]);
        }
        other => panic!("{other:?}"),
    }
    let e = notation::parse(&pos, "31x15").unwrap_err().to_string();
    assert!(e.contains("ambiguous") && e.contains("31x22x15") && e.contains("31x24x15"));
    for full in ["31x22x15", "31x24x15"] {
        let m = notation::parse(&pos, full).unwrap();
        assert_eq!(notation::full_text(dama::Variant::Italian, &m), full);
    }
    assert!(matches!(
        notation::parse(&pos, "31x23x15"),
        Err(MoveTextError::NoMatch { .. })
    ));
    // play_text refuses the ambiguous short form without changing anything.
    let mut g = Game::from_position(pos);
    assert!(matches!(
        g.play_text("31x15"),
        Err(PlayError::Text(MoveTextError::Ambiguous { .. }))
    ));
    assert_eq!(g.ply(), 0);
    g.play_text("31x24x15").unwrap();
    assert_eq!(g.position().to_fen(), "B:W15:B19,27");
    assert_eq!(g.move_texts(), vec!["31x24x15"]);
    // Black's men can be ambiguous the same way (2x9x18 or 2x11x18).
    let pos = Position::from_fen(dama::Variant::Italian, "B:W5,6,13,14:B2").unwrap();
    assert_eq!(board("B:W5,6,13,14:B2").legal().len(), 2);
    assert!(matches!(
        notation::parse(&pos, "2x18"),
        Err(MoveTextError::Ambiguous { candidates, .. }) if candidates.len() == 2
    ));
}

/// A king with two captures from 27 to 9 taking different pieces (found by searching random
/// positions with the reference generator).
#[test]
fn ambiguous_king_captures_need_the_full_path() {
    let fen = "B:WK1,K4,5,6,12,14,15,21,22,23,28,K29:BK17,K27";
    let b = board(fen);
    let mut want: Vec<(u32, Vec<Vec<u8>>)> = b
        .legal()
        .into_iter()
        .filter(|m| m.from == 27 && m.to == 9)
        .map(|m| (m.captured, m.paths))
        .collect();
    want.sort();
    assert_eq!(want.len(), 2, "{want:?}");
    let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
    let legal = pos.legal_moves();
    let mut texts: Vec<String> = legal
        .iter()
        .filter(|m| m.from().number() == 27 && m.to().number() == 9)
        .map(|m| notation::move_text(&pos, m))
        .collect();
    texts.sort();
    let mut paths: Vec<String> = want
        .iter()
        .map(|(_, p)| {
            assert_eq!(p.len(), 1, "one path per captured set here");
            let mut t = "27".to_string();
            for s in &p[0] {
                t.push_str(&format!("x{s}"));
            }
            t
        })
        .collect();
    paths.sort();
    assert_eq!(texts, paths);
    assert_eq!(texts, vec!["27x18x11x2x9", "27x20x11x2x9"]);
    match notation::parse(&pos, "27x9") {
        Err(MoveTextError::Ambiguous { mut candidates, .. }) => {
            candidates.sort();
            assert_eq!(candidates, texts);
        }
        other => panic!("{other:?}"),
    }
    for t in &texts {
        let m = notation::parse(&pos, t).unwrap();
        assert_eq!(notation::full_text(dama::Variant::Italian, &m), *t);
        assert!(m.is_king_move());
    }
}

/// Searches random positions for captures sharing from and to with different captured sets
/// (kings among them) and checks the notation on every one found.
#[test]
fn ambiguous_captures_found_at_random_are_written_in_full() {
    let mut rng = Rng::new(0xA3B1);
    let mut found = 0;
    let mut by_king = 0;
    let mut searched = 0;
    // Stop once both men's and kings' ambiguities have been seen a few times.
    while searched < 1_000_000 && (found < 20 || by_king < 3) {
        searched += 1;
        let b = if searched % 2 == 0 {
            random_board(&mut rng)
        } else {
            reference::random_king_board(&mut rng)
        };
        let pos = b.to_position();
        let legal = pos.legal_moves();
        for m in legal.iter() {
            let twins: Vec<_> = legal
                .iter()
                .filter(|o| o.from() == m.from() && o.to() == m.to())
                .collect();
            if twins.len() < 2 {
                assert_eq!(
                    notation::move_text(&pos, m),
                    format!(
                        "{}{}{}",
                        m.from().number(),
                        if m.is_capture() { 'x' } else { '-' },
                        m.to().number()
                    )
                );
                continue;
            }
            // The reference agrees that these are different moves with the same ends.
            let same_ends = b
                .legal()
                .iter()
                .filter(|r| r.from == m.from().number() && r.to == m.to().number())
                .count();
            assert_eq!(same_ends, twins.len(), "{}", b.fen());
            found += 1;
            by_king += m.is_king_move() as usize;
            let text = notation::move_text(&pos, m);
            assert_eq!(
                text,
                notation::full_text(dama::Variant::Italian, m),
                "{}",
                b.fen()
            );
            assert_eq!(notation::parse(&pos, &text), Ok(*m));
            let short = format!("{}x{}", m.from().number(), m.to().number());
            match notation::parse(&pos, &short) {
                Err(MoveTextError::Ambiguous { candidates, .. }) => {
                    assert_eq!(candidates.len(), twins.len());
                    assert!(candidates.contains(&text));
                }
                other => panic!("{} {short}: {other:?}", b.fen()),
            }
        }
    }
    println!("searched {searched} positions: {found} ambiguous moves, {by_king} by kings");
    assert!(found > 0, "no ambiguous capture found");
    assert!(
        by_king > 0,
        "no ambiguous king capture found ({found} by men)"
    );
}

/// A king going round four men and back: one move, two paths. Both full paths name it.
#[test]
fn either_full_path_of_a_circling_king_is_read() {
    let fen = "W:WK18:B14,15,22,23";
    let paths = &board(fen).legal()[0].paths;
    assert_eq!(paths.len(), 2);
    let pos = Position::from_fen(dama::Variant::Italian, fen).unwrap();
    let m = pos.legal_moves()[0];
    assert_eq!(notation::move_text(&pos, &m), "18x18");
    assert_eq!(notation::parse(&pos, "18x18"), Ok(m));
    for text in ["18x11x20x27x18", "18x27x20x11x18"] {
        assert_eq!(notation::parse(&pos, text), Ok(m), "{text}");
        let mut g = Game::from_position(pos);
        assert!(g.play_text(text).is_ok(), "{text}");
    }
}

/// A PDN result that the board does not explain is a resignation or an agreed draw, so a
/// game exported after one comes back over.
#[test]
fn pdn_results_of_open_games_are_resignations_or_agreements() {
    let mut g = Game::new(dama::Variant::Italian);
    g.play_text("22-18").unwrap();
    g.resign(Color::White);
    let back =
        dama::pdn::read_game(&dama::pdn::write_game(&g, &[]), dama::Variant::Italian).unwrap();
    assert_eq!(back.result(), win(Color::Black, Reason::Resignation));
    let drawn = dama::pdn::read_game("1. 22-18 9-13 1/2-1/2", dama::Variant::Italian).unwrap();
    assert_eq!(drawn.result(), draw(Reason::Agreement));
    let open = dama::pdn::read_game("1. 22-18 9-13 *", dama::Variant::Italian).unwrap();
    assert_eq!(open.result(), None);
}

#[test]
fn a_clock_running_out_loses_the_game_and_undo_takes_it_back() {
    let mut g = Game::new(dama::Variant::Italian);
    g.play_text("22-18").unwrap();
    g.lose_on_time(Color::Black);
    assert_eq!(g.result(), win(Color::White, Reason::Time));
    assert_eq!(Reason::Time.id(), "time");
    assert_eq!(
        g.result().unwrap().to_string(),
        "White wins: Black ran out of time"
    );
    assert!(g.play_text("9-13").is_err(), "no move after the flag fell");
    // Once over, nothing more is declared.
    g.lose_on_time(Color::White);
    g.resign(Color::White);
    assert_eq!(g.result(), win(Color::White, Reason::Time));
    g.undo();
    assert_eq!(g.result(), None);
    assert_eq!(g.ply(), 1, "the flag is taken back before any move");
}
