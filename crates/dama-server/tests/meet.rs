//! Meeting people: the lobby of seeks matched into games, its bounds, rematches, the live
//! games list for watchers, and the rating changes sent at a rated game's end.

mod common;

use common::*;
use dama::{Game, Variant};
use dama_server::protocol::{ClientMsg, RatingShown, ServerMsg, Side};
use std::net::SocketAddr;

/// A new account's session cookie.
async fn account(addr: SocketAddr, name: &str) -> String {
    let body = format!(r#"{{"name":"{name}","password":"correct horse"}}"#);
    let a = http(addr, "POST", "/api/account", None, Some(&body)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    a.cookie("dama_session").unwrap()
}

fn ratings(m: &ServerMsg) -> Option<(RatingShown, RatingShown)> {
    match m {
        ServerMsg::Ratings { white, black } => Some((*white, *black)),
        _ => None,
    }
}

#[tokio::test]
async fn a_rated_games_end_sends_both_rating_changes() {
    let dir = TempDir::new();
    let server = start(&dir.db()).await;
    let addr = server.addr;
    let (alba, bruno) = (account(addr, "Alba").await, account(addr, "Bruno").await);
    let body =
        r#"{"variant":"italian","base_secs":300,"increment_secs":3,"color":"white","rated":true}"#;
    let challenge_id = challenge(addr, &alba, body).await;
    let mut w = Client::connect(addr, Some(&alba)).await;
    w.hello(&challenge_id, 0).await;
    w.until(|m| matches!(m, ServerMsg::Waiting { .. }).then_some(()))
        .await;
    let mut b = Client::connect(addr, Some(&bruno)).await;
    b.hello(&challenge_id, 0).await;
    let (id, ..) = b.until(welcome).await;
    w.until(welcome).await;
    let mut w = Seat {
        c: w,
        side: Side::White,
        ack: 0,
    };
    let mut b = Seat {
        c: b,
        side: Side::Black,
        ack: 0,
    };
    let mut game = Game::new(Variant::Italian);
    play_moves(&mut w, &mut b, &mut [], &mut game, 2).await;
    b.c.send(&ClientMsg::Resign).await;
    // The end's events first, then the ratings, to both players.
    let mut got = Vec::new();
    for s in [&mut w, &mut b] {
        s.c.until(|m| events(m).filter(|e| e.iter().any(|v| v.v == 4)))
            .await;
        match s.c.next().await {
            Ok(ServerMsg::Ratings { white, black }) => got.push((white, black)),
            other => panic!("ratings right after the end, got {other:?}"),
        }
    }
    assert_eq!(got[0], got[1]);
    let (white, black) = got[0];
    assert_eq!((white.before, black.before), (1500, 1500));
    assert!(white.diff > 0 && black.diff < 0, "{white:?} {black:?}");
    assert_eq!(white.after as i32, 1500 + white.diff);
    assert!(
        white.provisional && black.provisional,
        "one game: provisional"
    );
    // A page joining after the end is told too, and the archive shows the same.
    let mut late = Client::connect(addr, None).await;
    late.hello(&id, 0).await;
    late.until(welcome).await;
    assert_eq!(late.until(ratings).await, (white, black));
    let record = http(addr, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .json();
    assert_eq!(record["white_rating"], serde_json::to_value(white).unwrap());
    assert_eq!(record["black_rating"], serde_json::to_value(black).unwrap());
    server.stop().await;
}
