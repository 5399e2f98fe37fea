use super::*;
use dama::Variant;

const NO_LAG: Lag = Lag {
    client_ms: None,
    server_rtt_ms: None,
};

fn lag(ms: u32) -> Lag {
    Lag {
        client_ms: Some(ms),
        server_rtt_ms: None,
    }
}

/// A 1'+0" clock at 0 with both first moves made: White's (at 5 s) and Black's (at 12 s);
/// White's main time runs from 12 s.
fn bullet_after_first_moves() -> Clock {
    let mut c = Clock::new(TimeControl::new(1, 0), 0);
    c.on_move(5_000, NO_LAG).unwrap();
    c.on_move(12_000, NO_LAG).unwrap();
    c
}

#[test]
fn speed_classes_by_lichess_thresholds() {
    let speed = |m, i| Speed::of(TimeControl::new(m, i));
    assert_eq!(speed(1, 0), Speed::Bullet); // 60 s
    assert_eq!(speed(2, 1), Speed::Bullet); // 160 s
    assert_eq!(speed(3, 0), Speed::Blitz); // 180 s
    assert_eq!(speed(5, 3), Speed::Blitz); // 420 s
    assert_eq!(speed(8, 0), Speed::Rapid); // 480 s
    assert_eq!(speed(15, 10), Speed::Rapid); // 1300 s
    assert_eq!(speed(25, 0), Speed::Classical); // 1500 s
    assert_eq!(TimeControl::FID_ONLINE.estimate_secs(), 420);
    for v in Variant::ALL {
        assert!(presets(v).contains(&TimeControl::FID_ONLINE));
        assert!(presets(v).iter().all(|c| c.is_valid()));
    }
    assert!(!TimeControl::new(0, 0).is_valid());
    assert!(!TimeControl::new(181, 0).is_valid());
    assert!(!TimeControl::new(5, 181).is_valid());
}

#[test]
fn lag_bank_worked_by_numbers() {
    // 1'+0": estimate 60 s, refill 150 + 4 x 60 = 390 ms, bank 3 x 390, at most 7 x 390.
    let mut b = LagBank::new(TimeControl::new(1, 0));
    assert_eq!((b.gain_ms(), b.bank_ms(), b.max_ms()), (390, 1170, 2730));
    // An honest 100 ms: all of it, and the bank grows by 290.
    assert_eq!(b.credit(100, 4_000), 100);
    assert_eq!(b.bank_ms(), 1460);
    // Never more than the move took.
    assert_eq!(b.credit(300, 200), 200);
    assert_eq!(b.bank_ms(), 1650);
    // The bank holds at most 2730.
    for _ in 0..10 {
        b.credit(0, 1_000);
    }
    assert_eq!(b.bank_ms(), 2730);
    // A 5 s claim is bounded to 2 s; the bank then holds 2730 - 2000 + 390.
    assert_eq!(b.credit(5_000, 10_000), 2_000);
    assert_eq!(b.bank_ms(), 1120);
    // Then it gives what it holds, and no more.
    assert_eq!(b.credit(2_000, 10_000), 1120);
    assert_eq!(b.bank_ms(), 390);
    assert_eq!(b.credit(2_000, 10_000), 390);
    assert_eq!(b.bank_ms(), 390);

    // 5'+3": estimate 420 s, the refill capped at 1 s.
    let b = LagBank::new(TimeControl::FID_ONLINE);
    assert_eq!((b.gain_ms(), b.bank_ms(), b.max_ms()), (1000, 3000, 7000));
}

#[test]
fn a_lying_client_gains_no_more_than_the_refills() {
    let mut b = LagBank::new(TimeControl::new(3, 2));
    let gain = u64::from(b.gain_ms());
    let total: u64 = (0..100)
        .map(|_| u64::from(b.credit(u32::MAX, 60_000)))
        .sum();
    // The first move takes the 2 s bound from the 3 s bank, the second the 1 s left and its
    // refill (2 s), then one refill a move.
    assert_eq!(total, 2_000 + 2_000 + 98 * gain);
    assert!(total <= 3 * gain + 100 * gain);
}

#[test]
fn client_report_else_server_estimate() {
    assert_eq!(NO_LAG.ms(), 0);
    let both = Lag {
        client_ms: Some(80),
        server_rtt_ms: Some(200),
    };
    assert_eq!(both.ms(), 80);
    let server = Lag {
        client_ms: None,
        server_rtt_ms: Some(200),
    };
    assert_eq!(server.ms(), 200);
}

#[test]
fn fischer_increment_and_lag_credit() {
    // 3'+2": first moves free, then White thinks 10 s with 300 ms lag.
    let mut c = Clock::new(TimeControl::new(3, 2), 0);
    c.on_move(1_000, NO_LAG).unwrap();
    c.on_move(3_000, NO_LAG).unwrap();
    assert_eq!(c.time_left(Color::White, 3_000), 180_000);
    let t = c.on_move(13_000, lag(300)).unwrap();
    assert_eq!(t.elapsed_ms, 10_000);
    assert_eq!(t.credit_ms, 300);
    assert_eq!(t.left_ms, 180_000 - 9_700 + 2_000);
    assert_eq!(c.turn(), Color::Black);
    // Black's time runs from White's move; White's stands.
    assert_eq!(c.time_left(Color::Black, 20_000), 173_000);
    assert_eq!(c.time_left(Color::White, 20_000), 172_300);
}

#[test]
fn time_runs_from_the_relay() {
    let mut c = bullet_after_first_moves();
    c.on_move(20_000, NO_LAG).unwrap();
    // Stored and sent to Black 150 ms after it arrived.
    c.relayed(20_150);
    assert_eq!(c.time_left(Color::Black, 21_150), 59_000);
    // A relay cannot move the start back.
    c.relayed(20_000);
    assert_eq!(c.time_left(Color::Black, 21_150), 59_000);
}

#[test]
fn first_moves_have_their_own_limit() {
    let mut c = Clock::new(TimeControl::new(1, 0), 0);
    assert_eq!(c.first_move_deadline(), Some(FIRST_MOVE_MS));
    assert_eq!(c.time_up(30_000), None);
    assert_eq!(c.time_up(30_001), Some(TimeUp::NoStart(Color::White)));
    assert_eq!(
        c.clone().on_move(30_001, NO_LAG),
        Err(TimeUp::NoStart(Color::White))
    );
    // Not charged to the main time; Black's limit runs from White's move.
    c.on_move(29_000, NO_LAG).unwrap();
    assert_eq!(c.time_left(Color::White, 29_000), 60_000);
    assert_eq!(c.first_move_deadline(), Some(59_000));
    assert_eq!(c.time_up(59_001), Some(TimeUp::NoStart(Color::Black)));
    let s = c.snapshot(50_000);
    assert_eq!((s.running, s.first_move_ms), (None, Some(9_000)));
    c.on_move(40_000, NO_LAG).unwrap();
    assert_eq!(c.first_move_deadline(), None);
    assert_eq!(c.snapshot(41_000).running, Some(Side::White));
    assert_eq!(c.time_left(Color::White, 41_000), 59_000);
}

#[test]
fn the_flag_falls_after_the_time_and_one_refill() {
    let c = bullet_after_first_moves();
    // 60 s from 12 s, and the 390 ms a move in flight could still be credited.
    assert_eq!(c.flag_at(), Some(72_390));
    assert_eq!(c.flagged(72_389), None);
    assert_eq!(c.flagged(72_390), Some(Color::White));
    assert_eq!(c.time_up(72_390), Some(TimeUp::Flag(Color::White)));
    assert_eq!(c.time_left(Color::White, 80_000), 0);
    // A move arriving late without lag to show for it flags; nothing changes.
    let mut late = c.clone();
    assert_eq!(
        late.on_move(72_280, NO_LAG),
        Err(TimeUp::Flag(Color::White))
    );
    assert_eq!(late, c);
    // The same move sent in time, 390 ms on the wire, is played with 110 ms left.
    let mut ok = c.clone();
    assert_eq!(ok.on_move(72_280, lag(390)).unwrap().left_ms, 110);
}

#[test]
fn a_restart_gives_the_down_time_back() {
    let mut c = bullet_after_first_moves();
    // White has thought 5 s when the server stops; it is back 65 s later.
    c.pause(17_000);
    assert_eq!(c.flagged(200_000), None);
    assert_eq!(c.time_left(Color::White, 50_000), 55_000);
    assert_eq!(c.snapshot(50_000).running, None);
    c.resume(82_000);
    assert_eq!(c.time_left(Color::White, 82_000), 55_000);
    assert_eq!(c.time_left(Color::White, 84_000), 53_000);
    assert_eq!(c.flag_at(), Some(72_390 + 65_000));
    // The first-move limit is given back the same way.
    let mut f = Clock::new(TimeControl::new(1, 0), 0);
    f.pause(20_000);
    f.resume(100_000);
    assert_eq!(f.first_move_deadline(), Some(110_000));
}

#[test]
fn a_stopped_clock_freezes() {
    let mut c = bullet_after_first_moves();
    c.stop(22_000, None);
    assert_eq!(c.time_left(Color::White, 90_000), 50_000);
    assert_eq!(c.flagged(200_000), None);
    let mut f = bullet_after_first_moves();
    f.stop(72_390, Some(Color::White));
    let s = f.snapshot(100_000);
    assert_eq!((s.white_ms, s.black_ms, s.running), (0, 60_000, None));
}
