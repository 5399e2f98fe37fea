use super::*;
use crate::clock::FIRST_MOVE_MS;

const W: PlayerId = PlayerId(1);
const B: PlayerId = PlayerId(2);
const STRANGER: PlayerId = PlayerId(3);

fn room(variant: Variant) -> Room {
    Room::new(variant, W, B, TimeControl::FID_ONLINE, 0)
}

fn player(c: Color) -> PlayerId {
    if c == Color::White {
        W
    } else {
        B
    }
}

/// The side to move's first legal move, in the game's notation.
fn first_legal(r: &Room) -> String {
    let m = r.game().legal_moves().iter().next().copied().unwrap();
    r.game().move_text(&m)
}

/// Everything a refused command must leave as it was.
fn state(r: &Room, now: Millis) -> (u32, String, Vec<Versioned>, ClockSnapshot, [u32; 2], String) {
    (
        r.version(),
        r.game().fen(),
        r.events_since(0).unwrap().to_vec(),
        r.clocks(now),
        [r.last_ack(Color::White), r.last_ack(Color::Black)],
        format!("{r:?}"),
    )
}

/// Plays `texts` alternately from the start, a second apart, each with the next ack.
fn play_all(r: &mut Room, texts: &[&str], mut now: Millis) -> Millis {
    for t in texts {
        now += 1_000;
        let side = r.game().turn();
        let ack = r.last_ack(side) + 1;
        let v = r.version();
        r.play(player(side), t, ack, v, Lag::default(), now)
            .unwrap_or_else(|e| panic!("{t}: {e:?}"));
    }
    now
}

/// A whole game through the room: each side plays its first legal move, written in the game's
/// notation, until the core ends the game; the log is then the game.
fn whole_game(variant: Variant) {
    let mut r = room(variant);
    let mut now = 0;
    let mut texts = Vec::new();
    while !r.is_over() {
        now += 2_000;
        let side = r.game().turn();
        let text = first_legal(&r);
        let (ack, v) = (r.last_ack(side) + 1, r.version());
        let lag = Lag {
            client_ms: Some(120),
            server_rtt_ms: None,
        };
        let events = r.play(player(side), &text, ack, v, lag, now).unwrap();
        assert!(matches!(&events[0].event, Event::Move { text: t, .. } if *t == text));
        texts.push(text);
    }
    let log = r.events_since(0).unwrap();
    assert!(log.iter().enumerate().all(|(i, e)| e.v == i as u32 + 1));
    let moves: Vec<&str> = log
        .iter()
        .filter_map(|e| match &e.event {
            Event::Move { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(moves, texts);
    assert_eq!(r.game().move_texts(), texts);
    let result = r.game().result().unwrap();
    let Event::End {
        winner: w, reason, ..
    } = &log.last().unwrap().event
    else {
        panic!("the game did not end with an End event");
    };
    assert_eq!(*w, winner(result.outcome).map(Side::from));
    assert_eq!(*reason, core_reason(result.reason));
    // The clocks after many 2 s moves with 3 s increments are over the base: nobody flagged.
    let c = r.clocks(now);
    assert!(c.white_ms > 300_000 && c.black_ms > 300_000, "{c:?}");
    assert_eq!(c.running, None);
    assert_eq!(r.next_deadline(), None);
}

#[test]
fn a_whole_italian_game() {
    whole_game(Variant::Italian);
}

#[test]
fn a_whole_brazilian_game() {
    whole_game(Variant::Brazilian);
}

#[test]
fn brazilian_moves_in_its_notation() {
    let mut r = room(Variant::Brazilian);
    let ev = r.play(W, "c3-d4", 1, 1, Lag::default(), 1_000).unwrap();
    assert_eq!(ev[0].v, 2);
    assert!(
        matches!(&ev[0].event, Event::Move { ply: 1, side: Side::White, text, .. } if text == "c3-d4")
    );
}

#[test]
fn capture_precedence_refused_with_the_cores_reason() {
    let mut r = room(Variant::Italian);
    let now = play_all(&mut r, &["22-18", "9-13"], 0);
    let before = state(&r, now);
    let e = r
        .play(W, "21-17", 2, 3, Lag::default(), now + 1_000)
        .unwrap_err();
    assert_eq!(e.code, RefusalCode::Illegal);
    assert!(e.text.contains("capturing is compulsory"), "{}", e.text);
    assert_eq!(state(&r, now), before);
    // The capture is played.
    r.play(W, "18x9", 2, 3, Lag::default(), now + 1_000)
        .unwrap();
}

#[test]
fn every_refusal_changes_nothing() {
    let mut r = room(Variant::Italian);
    let mut now = play_all(&mut r, &["22-18", "9-13"], 0);
    let refused = |r: &mut Room, now: Millis, code, f: &dyn Fn(&mut Room) -> Events| {
        let before = state(r, now);
        let e = f(r).unwrap_err();
        assert_eq!(e.code, code, "{}", e.text);
        assert!(!e.text.is_empty());
        assert_eq!(state(r, now), before, "{code:?} changed the room");
    };
    let t = now + 500;
    let nl = Lag::default();
    refused(&mut r, now, RefusalCode::NotAPlayer, &|r| {
        r.play(STRANGER, "18x9", 1, 3, nl, t)
    });
    refused(&mut r, now, RefusalCode::NotYourTurn, &|r| {
        r.play(B, "13-17", 2, 3, nl, t)
    });
    refused(&mut r, now, RefusalCode::Illegal, &|r| {
        r.play(W, "21-17", 2, 3, nl, t)
    });
    refused(&mut r, now, RefusalCode::Illegal, &|r| {
        r.play(W, "nonsense", 2, 3, nl, t)
    });
    refused(&mut r, now, RefusalCode::Stale, &|r| {
        r.play(W, "18x9", 2, 2, nl, t)
    });
    refused(&mut r, now, RefusalCode::Stale, &|r| {
        r.play(W, "18x9", 2, 9, nl, t)
    });
    refused(&mut r, now, RefusalCode::NoOffer, &|r| r.accept_draw(W, t));
    refused(&mut r, now, RefusalCode::NoOffer, &|r| r.decline_draw(B, t));
    refused(&mut r, now, RefusalCode::CannotAbort, &|r| r.abort(W, t));
    refused(&mut r, now, RefusalCode::NotClaimable, &|r| {
        r.claim(W, ClaimKind::Win, t)
    });
    refused(&mut r, now, RefusalCode::NotOutOfTime, &|r| r.flag(B, t));
    refused(&mut r, now, RefusalCode::NotAPlayer, &|r| {
        r.resign(STRANGER, t)
    });
    assert_eq!(
        r.events_since(r.version() + 1).unwrap_err().code,
        RefusalCode::Stale
    );

    r.offer_draw(W, now).unwrap();
    refused(&mut r, now, RefusalCode::OfferStanding, &|r| {
        r.offer_draw(W, t)
    });
    refused(&mut r, now, RefusalCode::NoOffer, &|r| r.accept_draw(W, t));
    r.decline_draw(B, now).unwrap();
    refused(&mut r, now, RefusalCode::TooSoon, &|r| r.offer_draw(W, t));

    r.presence(B, Presence::Dropped, now);
    refused(&mut r, now, RefusalCode::NotClaimable, &|r| {
        r.claim(W, ClaimKind::Draw, t)
    });

    now += 1_000;
    r.resign(B, now).unwrap();
    let t = now + 500;
    refused(&mut r, now, RefusalCode::GameOver, &|r| {
        r.play(W, "18x9", 2, 6, nl, t)
    });
    refused(&mut r, now, RefusalCode::GameOver, &|r| r.offer_draw(W, t));
    refused(&mut r, now, RefusalCode::GameOver, &|r| r.resign(W, t));
    refused(&mut r, now, RefusalCode::GameOver, &|r| r.abort(B, t));
}

#[test]
fn versions_and_a_move_sent_twice() {
    let mut r = room(Variant::Italian);
    assert_eq!(r.version(), 1);
    let first = r.play(W, "22-18", 1, 1, Lag::default(), 1_000).unwrap();
    assert_eq!(first.len(), 1);
    // The page lost the ack and sends the move again after reconnecting: not played twice.
    assert_eq!(
        r.play(W, "22-18", 1, 1, Lag::default(), 2_000).unwrap(),
        vec![]
    );
    assert_eq!((r.version(), r.game().ply()), (2, 1));
    r.play(B, "9-13", 1, 2, Lag::default(), 3_000).unwrap();
    // Even after the opponent's reply, the old move is recognised by its ack.
    assert_eq!(
        r.play(W, "22-18", 1, 1, Lag::default(), 4_000).unwrap(),
        vec![]
    );
    r.offer_draw(W, 4_000).unwrap();
    // A page at version 2 gets exactly what it missed: Black's move and the offer.
    let missed = r.events_since(2).unwrap();
    assert_eq!(missed.iter().map(|e| e.v).collect::<Vec<_>>(), [3, 4]);
    assert!(matches!(
        missed[0].event,
        Event::Move {
            ply: 2,
            side: Side::Black,
            ..
        }
    ));
    assert_eq!(missed[1].event, Event::DrawOffer { by: Side::White });
    assert_eq!(r.events_since(4).unwrap(), []);
    // A move chosen before the offer (version 3) is still on the current position.
    r.play(W, "18x9", 2, 3, Lag::default(), 5_000).unwrap();
    assert_eq!(r.last_ack(Color::White), 2);
}

#[test]
fn draw_offers_lapse_decline_and_throttle() {
    assert_eq!(
        [0, 1, 2, 3, 10, 50].map(offer_wait_ms),
        [0, 10_000, 40_000, 90_000, 1_000_000, 1_000_000]
    );
    let mut r = room(Variant::Italian);
    let now = play_all(&mut r, &["22-18", "9-13"], 0);
    r.offer_draw(W, now).unwrap();
    // Black answers by moving: the offer lapses, and counts as declined once.
    r.play(W, "18x9", 2, 4, Lag::default(), now + 1_000)
        .unwrap();
    let recapture = first_legal(&r);
    r.play(B, &recapture, 2, 5, Lag::default(), now + 2_000)
        .unwrap();
    assert_eq!(
        r.accept_draw(B, now + 2_000).unwrap_err().code,
        RefusalCode::NoOffer
    );
    assert_eq!(
        r.offer_draw(W, now + 11_999).unwrap_err().code,
        RefusalCode::TooSoon
    );
    r.offer_draw(W, now + 12_000).unwrap();
    r.decline_draw(B, now + 13_000).unwrap();
    // Two declined: 40 s.
    let e = r.offer_draw(W, now + 52_999).unwrap_err();
    assert_eq!(
        e.text,
        "your last offers were declined: you can offer again in 1 s"
    );
    // Black's own offer is not throttled; White's offer then accepts it.
    r.offer_draw(B, now + 14_000).unwrap();
    let end = r.offer_draw(W, now + 15_000).unwrap();
    assert!(matches!(
        end[0].event,
        Event::End {
            winner: None,
            reason: EndReason::Agreement,
            ..
        }
    ));
    assert_eq!(r.game().result().unwrap().reason, Reason::Agreement);
}

#[test]
fn resign_and_abort() {
    let mut r = room(Variant::Italian);
    let e = r.resign(W, 5_000).unwrap();
    assert!(matches!(
        e[0].event,
        Event::End {
            winner: Some(Side::Black),
            reason: EndReason::Resignation,
            ..
        }
    ));

    // Black may abort until its own first move, after White's.
    let mut r = room(Variant::Italian);
    play_all(&mut r, &["22-18"], 0);
    assert_eq!(
        r.abort(W, 1_500).unwrap_err().code,
        RefusalCode::CannotAbort
    );
    let e = r.abort(B, 1_500).unwrap();
    assert!(matches!(
        e[0].event,
        Event::End {
            winner: None,
            reason: EndReason::Aborted,
            ..
        }
    ));
}

#[test]
fn a_game_nobody_starts_is_aborted() {
    let mut r = room(Variant::Italian);
    assert_eq!(r.next_deadline(), Some(FIRST_MOVE_MS));
    assert_eq!(r.check_time(FIRST_MOVE_MS), vec![]);
    let e = r.check_time(FIRST_MOVE_MS + 1);
    assert!(matches!(
        e[0].event,
        Event::End {
            winner: None,
            reason: EndReason::NoStart,
            ..
        }
    ));
    assert!(r.is_over());
}

#[test]
fn the_server_declares_the_flag() {
    let mut r = Room::new(Variant::Italian, W, B, TimeControl::new(1, 0), 0);
    let now = play_all(&mut r, &["22-18", "9-13"], 0);
    // White's 60 s run from 2 s, and a 390 ms refill of grace.
    let due = r.next_deadline().unwrap();
    assert_eq!(due, now + 60_390);
    assert_eq!(r.check_time(due - 1), vec![]);
    // The flag decides even a command from the side not to move.
    let e = r.offer_draw(B, due).unwrap();
    let Event::End {
        winner,
        reason,
        white_ms,
        black_ms,
    } = e[0].event.clone()
    else {
        panic!("{e:?}");
    };
    assert_eq!(
        (winner, reason, white_ms, black_ms),
        (Some(Side::Black), EndReason::Time, 0, 60_000)
    );
    assert_eq!(r.game().result().unwrap().reason, Reason::Time);
    assert_eq!(r.check_time(due + 10_000), vec![]);

    // A move arriving late is not played: the game ends on time.
    let mut r = Room::new(Variant::Italian, W, B, TimeControl::new(1, 0), 0);
    let now = play_all(&mut r, &["22-18", "9-13"], 0);
    let e = r
        .play(W, "18x9", 2, 3, Lag::default(), now + 60_100)
        .unwrap();
    assert!(matches!(
        e[0].event,
        Event::End {
            reason: EndReason::Time,
            ..
        }
    ));
    assert_eq!(r.game().ply(), 2);
}

#[test]
fn a_restart_gives_the_down_time_back() {
    let mut r = room(Variant::Italian);
    let now = play_all(&mut r, &["22-18", "9-13"], 0);
    let at_stop = r.clocks(now + 4_000);
    assert_eq!(at_stop.white_ms, 296_000);
    r.pause(now + 4_000);
    r.resume(now + 124_000);
    assert_eq!(r.clocks(now + 124_000), at_stop);
    assert_eq!(r.clocks(now + 125_000).white_ms, 295_000);
    // Both players count as gone from the restart: no claim before a full grace.
    assert_eq!(r.claim_in(Color::Black, now + 124_000), Some(40_000));
    r.presence(B, Presence::Here, now + 126_000);
    assert_eq!(r.claim_in(Color::Black, now + 126_000), None);
}

#[test]
fn claims_against_a_gone_opponent() {
    let mut r = room(Variant::Italian);
    let now = play_all(&mut r, &["22-18", "9-13"], 0);
    r.presence(B, Presence::Dropped, now);
    assert_eq!(r.claim_in(Color::Black, now + 10_000), Some(30_000));
    let e = r.claim(W, ClaimKind::Win, now + 39_999).unwrap_err();
    assert_eq!(e.text, "your opponent left; you can claim in 1 s");
    // Back in time: nothing to claim.
    r.presence(B, Presence::Here, now + 39_999);
    assert_eq!(
        r.claim(W, ClaimKind::Win, now + 45_000).unwrap_err().text,
        "your opponent is here"
    );
    // The tab closed: 10 s.
    r.presence(B, Presence::ClosedTab, now + 50_000);
    r.presence(B, Presence::Dropped, now + 50_001);
    assert_eq!(r.claim_in(Color::Black, now + 50_000), Some(10_000));
    let e = r.claim(W, ClaimKind::Draw, now + 60_000).unwrap();
    assert!(matches!(
        e[0].event,
        Event::End {
            winner: None,
            reason: EndReason::Abandoned,
            ..
        }
    ));

    // A win, and the grace by speed: 80 s for rapid.
    let mut r = Room::new(Variant::Brazilian, W, B, TimeControl::new(10, 5), 0);
    let now = play_all(&mut r, &["c3-d4", "f6-e5"], 0);
    r.presence(W, Presence::Dropped, now);
    assert_eq!(
        r.claim(B, ClaimKind::Win, now + 79_999).unwrap_err().code,
        RefusalCode::NotClaimable
    );
    let e = r.claim(B, ClaimKind::Win, now + 80_000).unwrap();
    assert!(matches!(
        e[0].event,
        Event::End {
            winner: Some(Side::Black),
            reason: EndReason::Abandoned,
            ..
        }
    ));
}

#[test]
fn end_reasons_keep_the_cores_ids() {
    use Reason::*;
    for r in [
        NoMoves,
        Repetition,
        KingMoves,
        ThreeKings,
        Agreement,
        Resignation,
        Time,
    ] {
        let wire = serde_json::to_string(&core_reason(r)).unwrap();
        assert_eq!(wire, format!("\"{}\"", r.id()));
    }
}

/// What the store keeps of `r`'s last event, played at `now`: a move or an offer.
fn store_last(
    r: &Room,
    now: Millis,
    moves: &mut Vec<(String, Millis, u64)>,
    offers: &mut Vec<OfferRecord>,
) {
    let last = r.events_since(r.version() - 1).unwrap()[0].clone();
    match &last.event {
        Event::Move {
            side,
            text,
            white_ms,
            black_ms,
            ..
        } => {
            let left = if *side == Side::White {
                white_ms
            } else {
                black_ms
            };
            moves.push((text.clone(), now, u64::from(*left)));
        }
        _ => offers.push(OfferRecord::of(&last, now).unwrap()),
    }
}

fn restored(moves: &[(String, Millis, u64)], offers: &[OfferRecord]) -> Room {
    Room::restore(
        Variant::Italian,
        W,
        B,
        TimeControl::FID_ONLINE,
        0,
        moves,
        offers,
    )
    .unwrap()
}

#[test]
fn stored_offers_come_back_at_their_versions() {
    let mut r = room(Variant::Italian);
    let (mut moves, mut offers) = (Vec::new(), Vec::new());
    let mut now = 0;
    for t in ["22-18", "9-13"] {
        now = play_all(&mut r, &[t], now);
        store_last(&r, now, &mut moves, &mut offers);
    }
    r.offer_draw(W, now).unwrap();
    store_last(&r, now, &mut moves, &mut offers);
    let declined_at = now + 500;
    r.decline_draw(B, declined_at).unwrap();
    store_last(&r, declined_at, &mut moves, &mut offers);
    // White's wait after the decline (10 s) holds after a restart.
    let mut mid = restored(&moves, &offers);
    assert_eq!(mid.events_since(0).unwrap(), r.events_since(0).unwrap());
    assert_eq!(
        mid.offer_draw(W, declined_at + 9_999).unwrap_err().code,
        RefusalCode::TooSoon
    );
    // Black's standing offer stands after a restart, and White accepts it at the same version.
    now += 20_000;
    r.offer_draw(B, now).unwrap();
    store_last(&r, now, &mut moves, &mut offers);
    let mut back = restored(&moves, &offers);
    assert_eq!(back.events_since(0).unwrap(), r.events_since(0).unwrap());
    assert_eq!(back.version(), 6);
    let (a, b) = (r.accept_draw(W, now + 1), back.accept_draw(W, now + 1));
    assert_eq!(a.unwrap()[0].v, b.unwrap()[0].v);
    // An offer that does not fit the stored game is refused, not guessed at.
    let mut wrong = offers.clone();
    wrong[1].declined = false;
    assert!(Room::restore(
        Variant::Italian,
        W,
        B,
        TimeControl::FID_ONLINE,
        0,
        &moves,
        &wrong
    )
    .is_err());
}
