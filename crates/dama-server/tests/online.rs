//! Two WebSocket clients play whole games through the server, a spectator watching; the
//! refusals; a dropped client resuming; a restart resuming the game; the flag.

mod common;

use common::*;
use dama::{Game, Variant};
use dama_server::protocol::{ClientMsg, EndReason, Event, RefusalCode, ServerMsg, Side};
use tokio_tungstenite::tungstenite::Message;

async fn whole_game(variant: Variant) {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let (mut w, mut b, id, _) = pair(addr, variant.id(), 300, 3).await;
    let live = http(addr, "GET", "/api/games/live", None, None)
        .await
        .json();
    assert_eq!(live[0]["id"], id.as_str());
    assert_eq!(live[0]["white"], "Alba");
    let mut spectator = Client::connect(addr, None).await;
    spectator.hello(&id, 0).await;
    let (_, you, ..) = spectator.until(welcome).await;
    assert_eq!(you, None, "a spectator plays no side");
    let mut game = Game::new(variant);
    play_moves(&mut w, &mut b, &mut [&mut spectator], &mut game, 12).await;
    // The side to move resigns; everyone sees the end.
    let loser = if game.turn() == dama::Color::White {
        &mut w
    } else {
        &mut b
    };
    let loser_side = loser.side;
    loser.c.send(&ClientMsg::Resign).await;
    let ended = |m: &ServerMsg| {
        events(m).filter(|e| e.iter().any(|v| matches!(v.event, Event::End { .. })))
    };
    for c in [&mut w.c, &mut b.c, &mut spectator] {
        c.until(ended).await;
        let winner = if loser_side == Side::White {
            Side::Black
        } else {
            Side::White
        };
        assert_eq!(end_of(c), Some((Some(winner), EndReason::Resignation)));
    }
    assert_eq!(
        spectator.moves(),
        w.c.moves(),
        "the spectator saw every move"
    );
    assert_eq!(spectator.moves().len(), game.ply());
    assert_eq!(
        spectator.seen, w.c.seen,
        "the same events, versions and all"
    );
    // The archive: the game as played, with its clocks; its PDN with %clk.
    let stored = http(addr, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .json();
    assert_eq!(stored["playing"], false);
    assert_eq!(stored["ended_by"], "resignation");
    assert_eq!(
        stored["result"],
        if loser_side == Side::White {
            "0-1"
        } else {
            "1-0"
        }
    );
    let texts: Vec<String> = stored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(texts, spectator.moves());
    let pdn = http(addr, "GET", &format!("/api/games/{id}/pdn"), None, None).await;
    assert_eq!(pdn.status, 200);
    assert!(
        pdn.body.contains("[White \"Alba\"]") && pdn.body.contains("[Black \"Bruno\"]"),
        "{}",
        pdn.body
    );
    assert!(pdn.body.contains("{[%clk 0:05:0"), "{}", pdn.body);
    let record = dama::GameRecord::read(dama::RecordKind::Game, &pdn.body, variant).unwrap();
    assert_eq!(
        record.game().ply(),
        game.ply(),
        "the PDN replays to the same game"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_whole_game_in_italian_with_a_spectator() {
    whole_game(Variant::Italian).await;
}

#[tokio::test]
async fn a_whole_game_in_brazilian_with_a_spectator() {
    whole_game(Variant::Brazilian).await;
}

#[tokio::test]
async fn the_flag_falls_and_the_server_declares_it() {
    // One second and no increment: the first moves are free, then White's second runs out.
    let Table {
        server,
        mut w,
        mut b,
        id,
        // Bound, not `..`: a field left to `..` is dropped at once, and with it the database.
        dir: _dir,
        ..
    } = table(Variant::Italian, 1, 0, 2).await;
    let addr = server.addr;
    let ended = |m: &ServerMsg| {
        events(m).filter(|e| e.iter().any(|v| matches!(v.event, Event::End { .. })))
    };
    for c in [&mut w.c, &mut b.c] {
        c.until(ended).await;
        assert_eq!(end_of(c), Some((Some(Side::Black), EndReason::Time)));
        // The end comes after both moves, and its clock shows White at zero.
        let kinds: Vec<&str> = c
            .seen
            .iter()
            .map(|v| match v.event {
                Event::Start { .. } => "start",
                Event::Move { .. } => "move",
                Event::End { .. } => "end",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["start", "move", "move", "end"]);
        assert!(matches!(c.seen[3].event, Event::End { white_ms: 0, .. }));
    }
    let stored = http(addr, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .json();
    assert_eq!(
        (stored["result"].as_str(), stored["ended_by"].as_str()),
        (Some("0-1"), Some("time"))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_dropped_client_resumes_with_exactly_what_it_missed() {
    let Table {
        server,
        mut w,
        mut b,
        id,
        cookies,
        mut game,
        // Bound, not `..`: a field left to `..` is dropped at once, and with it the database.
        dir: _dir,
        ..
    } = table(Variant::Italian, 300, 3, 2).await;
    let addr = server.addr;
    // Black's link drops; White is told, and plays on.
    let b_version = b.c.version();
    let b_seen = b.c.seen.clone();
    std::mem::replace(&mut b.c, Client::connect(addr, None).await)
        .close()
        .await;
    w.c.until(|m| matches!(m, ServerMsg::Opponent { gone: true, .. }).then_some(()))
        .await;
    let text = first_legal(&game);
    game.play(&game.read_move(&text).unwrap()).unwrap();
    w.ack += 1;
    let v = w.c.version();
    w.c.send(&ClientMsg::Move {
        text: text.clone(),
        ack: w.ack,
        v,
        lag: None,
    })
    .await;
    w.c.until(|m| matches!(m, ServerMsg::Ack { .. }).then_some(()))
        .await;
    // Black comes back with its version: exactly the missed move, and its own ack counter.
    b.c = Client::connect(addr, Some(&cookies[1])).await;
    b.c.seen = b_seen;
    b.c.hello(&id, b_version).await;
    let missed =
        b.c.until(|m| match m {
            ServerMsg::Welcome {
                events, ack, you, ..
            } => Some((events.clone(), *ack, *you)),
            _ => None,
        })
        .await;
    assert_eq!(missed.1, 1, "Black's one move was played");
    assert_eq!(missed.2, Some(Side::Black));
    assert_eq!(missed.0.len(), 1);
    assert!(matches!(&missed.0[0].event, Event::Move { ply: 3, text: t, .. } if *t == text));
    assert_eq!(missed.0[0].v, b_version + 1);
    w.c.until(|m| matches!(m, ServerMsg::Opponent { gone: false, .. }).then_some(()))
        .await;
    // Black moves; its resend of the same move (no ack seen, say) is acknowledged, not doubled.
    let text = first_legal(&game);
    game.play(&game.read_move(&text).unwrap()).unwrap();
    let v = b.c.version();
    let mv = ClientMsg::Move {
        text,
        ack: 2,
        v,
        lag: None,
    };
    b.c.send(&mv).await;
    b.c.until(|m| matches!(m, ServerMsg::Ack { ack: 2 }).then_some(()))
        .await;
    b.c.send(&mv).await;
    b.c.until(|m| matches!(m, ServerMsg::Ack { ack: 2 }).then_some(()))
        .await;
    b.ack = 2;
    let ply4 = |m: &ServerMsg| {
        events(m).filter(|e| {
            e.iter()
                .any(|v| matches!(v.event, Event::Move { ply: 4, .. }))
        })
    };
    w.c.until(ply4).await; // Black's own copy came with the acks above
    assert!(matches!(
        b.c.seen.last().unwrap().event,
        Event::Move { ply: 4, .. }
    ));
    play_moves(&mut w, &mut b, &mut [], &mut game, 1).await;
    for c in [&w.c, &b.c] {
        let plies: Vec<u32> = c
            .seen
            .iter()
            .filter_map(|v| match v.event {
                Event::Move { ply, .. } => Some(ply),
                _ => None,
            })
            .collect();
        assert_eq!(plies, [1, 2, 3, 4, 5], "each move once, in order");
        let versions: Vec<u32> = c.seen.iter().map(|v| v.v).collect();
        assert_eq!(versions, (1..=6).collect::<Vec<_>>());
    }
    assert_eq!(stored_moves(addr, &id).await, 5);
    server.stop().await;
}

#[tokio::test]
async fn a_restarted_server_resumes_the_game_at_the_same_move() {
    let Table {
        dir,
        server,
        mut w,
        mut b,
        id,
        cookies,
        mut game,
    } = table(Variant::Brazilian, 300, 3, 3).await;
    let clocks_before = match w.c.seen.last().unwrap().event {
        Event::Move {
            white_ms, black_ms, ..
        } => (white_ms, black_ms),
        _ => unreachable!(),
    };
    server.stop().await;
    for c in [&mut w.c, &mut b.c] {
        let closed = c.next().await;
        assert!(
            matches!(&closed, Err((1001, r)) if r.contains("restarting")),
            "{closed:?}"
        );
    }
    let server = start(&dir.db().await).await;
    assert_eq!(server.resumed, 1);
    let addr = server.addr;
    let live = http(addr, "GET", "/api/games/live", None, None)
        .await
        .json();
    assert_eq!(live[0]["ply"], 3);
    for (seat, cookie) in [(&mut w, &cookies[0]), (&mut b, &cookies[1])] {
        let v = seat.c.version();
        let seen = std::mem::take(&mut seat.c.seen);
        seat.c = Client::connect(addr, Some(cookie)).await;
        seat.c.seen = seen;
        seat.c.hello(&id, v).await;
        let (events, ack, you, now_v, clocks) = seat
            .c
            .until(|m| match m {
                ServerMsg::Welcome {
                    events,
                    ack,
                    you,
                    v,
                    clocks,
                    ..
                } => Some((events.clone(), *ack, *you, *v, *clocks)),
                _ => None,
            })
            .await;
        assert_eq!(
            (events.len(), now_v, you),
            (0, v, Some(seat.side)),
            "the same version, nothing missed"
        );
        assert_eq!(ack, if seat.side == Side::White { 2 } else { 1 });
        // Black to move: its clock as the last move left it (the down time given back,
        // and a few ms at most since the reconnect); White's exactly as stored.
        assert_eq!(clocks.white_ms, clocks_before.0);
        assert!(clocks.black_ms <= clocks_before.1 && clocks_before.1 - clocks.black_ms < 15_000);
        assert_eq!(clocks.running, Some(Side::Black));
    }
    // The game goes on.
    play_moves(&mut w, &mut b, &mut [], &mut game, 2).await;
    assert_eq!(stored_moves(addr, &id).await, 5);
    server.stop().await;
}

#[tokio::test]
async fn a_standing_draw_offer_survives_a_restart_with_the_same_versions() {
    let Table {
        dir,
        server,
        mut w,
        mut b,
        id,
        cookies,
        ..
    } = table(Variant::Italian, 300, 3, 2).await;
    // Black declines White's offer, then offers itself: versions 4, 5, 6.
    w.c.send(&ClientMsg::OfferDraw).await;
    b.c.until(events).await;
    b.c.send(&ClientMsg::DeclineDraw).await;
    w.c.until(|m| events(m).filter(|e| e.iter().any(|v| v.v == 5)))
        .await;
    b.c.send(&ClientMsg::OfferDraw).await;
    for s in [&mut w, &mut b] {
        s.c.until(|m| events(m).filter(|e| e.iter().any(|v| v.v == 6)))
            .await;
    }
    let before = w.c.seen.clone();
    assert!(matches!(
        before[5].event,
        Event::DrawOffer { by: Side::Black }
    ));
    server.stop().await;
    let server = start(&dir.db().await).await;
    assert_eq!(server.resumed, 1);
    let addr = server.addr;
    // A page coming back from nothing gets the same events at the same versions.
    let mut fresh = Client::connect(addr, None).await;
    fresh.hello(&id, 0).await;
    fresh.until(welcome).await;
    assert_eq!(
        fresh.seen, before,
        "the restored game numbers its events as before"
    );
    for (seat, cookie) in [(&mut w, &cookies[0]), (&mut b, &cookies[1])] {
        let v = seat.c.version();
        seat.c = Client::connect(addr, Some(cookie)).await;
        seat.c.hello(&id, v).await;
        let (_, _, now_v, _) = seat.c.until(welcome).await;
        assert_eq!(now_v, 6);
    }
    // Black's offer still stands: White accepts it, at version 7.
    w.c.send(&ClientMsg::AcceptDraw).await;
    let end = b.c.until(events).await;
    assert_eq!(end.len(), 1);
    assert_eq!(end[0].v, 7);
    assert!(matches!(
        end[0].event,
        Event::End {
            winner: None,
            reason: EndReason::Agreement,
            ..
        }
    ));
    server.stop().await;
}

#[tokio::test]
async fn refusals_say_why_and_change_nothing() {
    let Table {
        server,
        mut w,
        mut b,
        id,
        game,
        // Bound, not `..`: a field left to `..` is dropped at once, and with it the database.
        dir: _dir,
        ..
    } = table(Variant::Italian, 300, 3, 2).await;
    let addr = server.addr;
    let v = w.c.version();
    // An illegal move.
    w.c.send(&ClientMsg::Move {
        text: "1-5".into(),
        ack: 3,
        v,
        lag: None,
    })
    .await;
    let (code, text, ack) = w.c.until(refused).await;
    assert_eq!((code, ack), (RefusalCode::Illegal, Some(3)), "{text}");
    // A move for the other side.
    let text_w = first_legal(&game);
    b.c.send(&ClientMsg::Move {
        text: text_w.clone(),
        ack: 2,
        v,
        lag: None,
    })
    .await;
    let (code, text, _) = b.c.until(refused).await;
    assert_eq!(code, RefusalCode::NotYourTurn, "{text}");
    // A move in someone else's game: a third browser, and one with a forged session.
    let stranger = anonymous(addr).await;
    let forged = format!("dama_session={}", "ab".repeat(32));
    for cookie in [Some(stranger.as_str()), Some(forged.as_str()), None] {
        let mut c = Client::connect(addr, cookie).await;
        c.hello(&id, 0).await;
        let (_, you, ..) = c.until(welcome).await;
        assert_eq!(you, None);
        c.send(&ClientMsg::Move {
            text: text_w.clone(),
            ack: 1,
            v,
            lag: None,
        })
        .await;
        let (code, text, _) = c.until(refused).await;
        assert_eq!(code, RefusalCode::NotAPlayer, "{text}");
        c.send(&ClientMsg::Resign).await;
        assert_eq!(c.until(refused).await.0, RefusalCode::NotAPlayer);
        c.close().await;
    }
    // A malformed frame, an unknown field, a binary frame: refused, the socket stays open.
    for bad in [
        r#"{"t":"move","text":"#,
        r#"{"t":"resign","as":"white"}"#,
        r#"{"t":"castle"}"#,
    ] {
        w.c.send_text(bad).await;
        let (code, text, _) = w.c.until(refused).await;
        assert_eq!(code, RefusalCode::Malformed, "{bad}: {text}");
    }
    w.c.send_raw(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(w.c.until(refused).await.0, RefusalCode::Malformed);
    w.c.send(&ClientMsg::Ping { n: 7 }).await;
    w.c.until(|m| matches!(m, ServerMsg::Pong { n: 7 }).then_some(()))
        .await;
    assert_eq!(stored_moves(addr, &id).await, 2);
    // A 1 MB message: refused with the bound, and the socket closed.
    let mut big = Client::connect(addr, None).await;
    big.send_text(&format!(
        r#"{{"t":"hello","game":"{}","v":0}}"#,
        "x".repeat(1_000_000)
    ))
    .await;
    let (code, text, _) = big.until(refused).await;
    assert_eq!(code, RefusalCode::TooLarge);
    assert!(text.contains("at most 4096"), "{text}");
    let closed = big.next().await;
    assert!(matches!(closed, Err((1009, _))), "{closed:?}");
    // A flood: a thousand messages at once. The first hundred are answered, the next one is
    // refused for its rate and the socket closed; nothing changed in the game.
    for _ in 0..1000 {
        if w.c
            .send_raw(Message::text(r#"{"t":"flag"}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut answered = 0;
    let limited = loop {
        match w.c.next().await {
            Ok(ServerMsg::Refused { refusal, .. }) if refusal.code == RefusalCode::NotOutOfTime => {
                answered += 1
            }
            Ok(ServerMsg::Refused { refusal, .. }) => break refusal,
            Ok(_) => {}
            Err(c) => panic!("closed before the refusal: {c:?}"),
        }
    };
    assert_eq!(limited.code, RefusalCode::RateLimited);
    assert!(
        limited.text.contains("more than 100 messages in 20 s"),
        "{}",
        limited.text
    );
    // The refusal comes from the connection as soon as the count is past; the answers of
    // the game to the messages before it may still be on their way.
    assert!(answered < 100, "{answered}");
    // Then the socket is closed; the game's answers already on their way may come first.
    let closed = loop {
        match w.c.next().await {
            Ok(ServerMsg::Refused { refusal, .. }) if refusal.code == RefusalCode::NotOutOfTime => {
            }
            other => break other,
        }
    };
    assert!(matches!(&closed, Err((1008, _))), "{closed:?}");
    assert_eq!(stored_moves(addr, &id).await, 2);
    // Black, untouched, still sees the game at its version and plays on.
    b.c.send(&ClientMsg::Ping { n: 1 }).await;
    b.c.until(|m| matches!(m, ServerMsg::Pong { n: 1 }).then_some(()))
        .await;
    server.stop().await;
}

#[tokio::test]
async fn sessions_forged_or_expired_are_refused() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let made = http(
        addr,
        "POST",
        "/api/account",
        None,
        Some(r#"{"name":"Carla","password":"secret-words"}"#),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let session = made.cookie("dama_session").unwrap();
    let set = made.header("set-cookie").unwrap();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    assert!(!set.contains("Secure"), "plain HTTP on the loopback: {set}");
    let me = http(addr, "GET", "/api/me", Some(&session), None)
        .await
        .json();
    assert_eq!(me["account"]["name"], "Carla");
    // Forged: a token of the right shape that no session has.
    let forged = format!("dama_session={}", "0f".repeat(32));
    let a = http(addr, "DELETE", "/api/sessions", Some(&forged), None).await;
    assert_eq!(
        (
            a.status,
            a.json()["error"].as_str(),
            a.json()["code"].as_str()
        ),
        (401, Some("not signed in"), Some("not-signed-in"))
    );
    let a = http(
        addr,
        "POST",
        "/api/challenge",
        Some(&forged),
        Some(r#"{"variant":"italian","base_secs":300,"increment_secs":3,"rated":true}"#),
    )
    .await;
    assert_eq!(a.status, 401);
    // Expired.
    let account = server
        .store()
        .verify_password("Carla", "secret-words")
        .await
        .unwrap();
    let token = server
        .store()
        .create_session(&account.id, std::time::Duration::ZERO)
        .await
        .unwrap();
    let expired = format!("dama_session={token}");
    let a = http(addr, "DELETE", "/api/account", Some(&expired), None).await;
    assert_eq!(
        (
            a.status,
            a.json()["error"].as_str(),
            a.json()["code"].as_str()
        ),
        (
            401,
            Some("the session has expired"),
            Some("session-expired")
        )
    );
    let me = http(addr, "GET", "/api/me", Some(&expired), None)
        .await
        .json();
    assert_eq!(me["account"], serde_json::Value::Null);
    // Nothing changed: the account and its session are still there.
    let me = http(addr, "GET", "/api/me", Some(&session), None)
        .await
        .json();
    assert_eq!(me["account"]["name"], "Carla");
    // A rated challenge needs an account; signed in, it is held.
    let anon = anonymous(addr).await;
    let rated = r#"{"variant":"italian","base_secs":300,"increment_secs":3,"rated":true}"#;
    assert_eq!(
        http(addr, "POST", "/api/challenge", Some(&anon), Some(rated))
            .await
            .status,
        403
    );
    assert_eq!(
        http(addr, "POST", "/api/challenge", Some(&session), Some(rated))
            .await
            .status,
        201
    );
    // Sign out everywhere: the session no longer works.
    assert_eq!(
        http(addr, "DELETE", "/api/sessions", Some(&session), None)
            .await
            .status,
        204
    );
    let a = http(addr, "DELETE", "/api/sessions", Some(&session), None).await;
    assert_eq!(a.status, 401);
    server.stop().await;
}

#[tokio::test]
async fn the_site_is_served_as_make_serve_serves_it() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let index = http(addr, "GET", "/", None, None).await;
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(
        index.header("cross-origin-opener-policy"),
        Some("same-origin")
    );
    assert_eq!(
        index.header("cross-origin-embedder-policy"),
        Some("require-corp")
    );
    assert_eq!(index.header("cache-control"), Some("no-cache"));
    let sw = http(addr, "GET", "/sw.js", None, None).await;
    assert_eq!(
        sw.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    // The menu's question: the site's own file says "static", the server answers for itself.
    let served = http(addr, "GET", "/www/online/served-by.txt", None, None).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.body.trim(), "dama-server");
    let own = std::fs::read_to_string(site().join("www/online/served-by.txt")).unwrap();
    assert_eq!(own.trim(), "static");
    assert_eq!(http(addr, "GET", "/www", None, None).await.status, 301);
    assert_eq!(
        http(addr, "GET", "/../Cargo.toml", None, None).await.status,
        404
    );
    assert_eq!(
        http(addr, "GET", "/.git/HEAD", None, None).await.status,
        404
    );
    assert_eq!(
        http(addr, "GET", "/no-such-file", None, None).await.status,
        404
    );
    server.stop().await;
}
