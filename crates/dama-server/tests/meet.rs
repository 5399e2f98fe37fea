//! Meeting people: the lobby of seeks matched into games, its bounds, rematches, the live
//! games list for watchers, and the rating changes sent at a rated game's end.

mod common;

use common::*;
use dama::{Game, Variant};
use dama_server::protocol::{
    ClientMsg, RatingRange, RatingShown, RefusalCode, SeekInfo, ServerMsg, Side, TimeControl, Topic,
};
use dama_server::rating::{Glicko, Speed};
use dama_server::store::StoredRating;
use std::net::SocketAddr;

/// A casual 5'+3" Italian seek, with `range` if given.
fn seek_msg(range: Option<RatingRange>) -> ClientMsg {
    ClientMsg::Seek {
        variant: "italian".into(),
        control: TimeControl::FID_ONLINE,
        rated: false,
        range,
        name: None,
    }
}

fn matched(m: &ServerMsg) -> Option<String> {
    match m {
        ServerMsg::Matched { game } => Some(game.clone()),
        _ => None,
    }
}

fn sought(m: &ServerMsg) -> Option<String> {
    match m {
        ServerMsg::Sought { seek } => Some(seek.clone()),
        _ => None,
    }
}

/// A client subscribed to `topic`, and the whole list it was sent first.
async fn subscriber(addr: SocketAddr, topic: Topic) -> (Client, ServerMsg) {
    let mut c = Client::connect(addr, None).await;
    c.send(&ClientMsg::Subscribe { to: topic }).await;
    let list = c
        .until(|m| {
            matches!(m, ServerMsg::Seeks { .. } | ServerMsg::Games { .. }).then(|| m.clone())
        })
        .await;
    (c, list)
}

/// The next `n` messages of `c` that `pick` takes, skipping others.
async fn collect<T>(c: &mut Client, n: usize, pick: impl Fn(&ServerMsg) -> Option<T>) -> Vec<T> {
    let mut got = Vec::new();
    while got.len() < n {
        got.push(c.until(&pick).await);
    }
    got
}

/// A player's client (its cookie) with a seek posted: matched or listed.
async fn seeker(addr: SocketAddr, cookie: &str, range: Option<RatingRange>) -> Client {
    let mut c = Client::connect(addr, Some(cookie)).await;
    c.send(&seek_msg(range)).await;
    c
}

/// The game `c` was matched into: its hello answered, with the side it plays.
async fn enter(c: &mut Client) -> (String, Side) {
    let game = c.until(matched).await;
    c.hello(&game, 0).await;
    let (id, you, ..) = c.until(welcome).await;
    assert_eq!(id, game);
    (game, you.expect("a player"))
}

#[tokio::test]
async fn two_seeks_that_fit_are_matched_into_a_game_the_watch_list_sees() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let (mut lobby, list) = subscriber(addr, Topic::Lobby).await;
    assert_eq!(list, ServerMsg::Seeks { seeks: vec![] });
    let (mut watcher, list) = subscriber(addr, Topic::Watch).await;
    assert_eq!(list, ServerMsg::Games { games: vec![] });
    let mut a = seeker(addr, &anonymous(addr).await, None).await;
    let seek_id = a.until(sought).await;
    let listed = lobby
        .until(|m| match m {
            ServerMsg::SeekAdded { seek } => Some(seek.clone()),
            _ => None,
        })
        .await;
    assert_eq!(
        (listed.id.as_str(), listed.rating),
        (seek_id.as_str(), None)
    );
    let mut b = seeker(addr, &anonymous(addr).await, None).await;
    // Both seekers are told the game; the seek leaves the lobby; the watch list shows it.
    let (game_a, side_a) = enter(&mut a).await;
    let (game_b, side_b) = enter(&mut b).await;
    assert_eq!(game_a, game_b);
    assert_ne!(side_a, side_b);
    lobby
        .until(|m| matches!(m, ServerMsg::SeekRemoved { id } if *id == seek_id).then_some(()))
        .await;
    let game = watcher
        .until(|m| match m {
            ServerMsg::GameListed { game } => Some(game.clone()),
            _ => None,
        })
        .await;
    assert_eq!((game.id.as_str(), game.spectators), (game_a.as_str(), 0));
    // A spectator comes: counted; the game ends: unlisted.
    let mut spectator = Client::connect(addr, None).await;
    spectator.hello(&game_a, 0).await;
    spectator.until(welcome).await;
    let counted = watcher
        .until(|m| match m {
            ServerMsg::GameListed { game } => Some(game.spectators),
            _ => None,
        })
        .await;
    assert_eq!(counted, 1);
    let white = if side_a == Side::White {
        &mut a
    } else {
        &mut b
    };
    white.send(&ClientMsg::Abort).await;
    watcher
        .until(|m| matches!(m, ServerMsg::GameUnlisted { id } if *id == game_a).then_some(()))
        .await;
    server.stop().await;
}

/// Sets account `name`'s 5'+3" Italian rating to `rating`.
async fn rate(server: &dama_server::app::Server, name: &str, rating: f64) {
    let account = server.store().account_named(name).await.unwrap();
    let r = StoredRating {
        variant: Variant::Italian,
        speed: Speed::of(TimeControl::FID_ONLINE),
        glicko: Glicko {
            rating,
            deviation: 60.0,
            volatility: 0.06,
        },
        games: 30,
    };
    server.store().set_rating(&account.id, &r).await.unwrap();
}

#[tokio::test]
async fn a_seek_out_of_the_others_range_is_not_matched() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let (alba, bruno) = (account(addr, "Alba").await, account(addr, "Bruno").await);
    rate(&server, "Alba", 1500.0).await;
    rate(&server, "Bruno", 1800.0).await;
    let (mut lobby, _) = subscriber(addr, Topic::Lobby).await;
    let near = Some(RatingRange {
        below: 200,
        above: 200,
    });
    let mut a = seeker(addr, &alba, near).await;
    a.until(sought).await;
    // Bruno (1800) is 300 above Alba's range: both seeks wait, listed with their ratings.
    let mut b = seeker(addr, &bruno, None).await;
    b.until(sought).await;
    let listed = collect(&mut lobby, 2, |m| match m {
        ServerMsg::SeekAdded { seek } => Some((seek.name.clone(), seek.rating, seek.provisional)),
        _ => None,
    })
    .await;
    assert_eq!(
        listed,
        [
            ("Alba".to_owned(), Some(1500), false),
            ("Bruno".to_owned(), Some(1800), false)
        ]
    );
    // Within the range, a third player is matched with Alba at once.
    let carla = account(addr, "Carla").await;
    rate(&server, "Carla", 1650.0).await;
    let mut c = seeker(addr, &carla, None).await;
    let (game, _) = enter(&mut c).await;
    let (game_a, _) = enter(&mut a).await;
    assert_eq!(game, game_a);
    server.stop().await;
}

fn added(m: &ServerMsg) -> Option<SeekInfo> {
    match m {
        ServerMsg::SeekAdded { seek } => Some(seek.clone()),
        _ => None,
    }
}

#[tokio::test]
async fn a_players_seek_is_marked_theirs_in_their_other_tabs_and_only_there() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let (me, other) = (anonymous(addr).await, anonymous(addr).await);
    let (mut my_tab, _) = lobby_at(addr, Some(&me)).await;
    let (mut their_tab, _) = lobby_at(addr, Some(&other)).await;
    let (mut no_cookie, _) = subscriber(addr, Topic::Lobby).await;
    let mut seeking = seeker(addr, &me, None).await;
    let id = seeking.until(sought).await;
    let seen = my_tab.until(added).await;
    assert_eq!((seen.id.as_str(), seen.mine), (id.as_str(), true));
    for c in [&mut their_tab, &mut no_cookie] {
        let seen = c.until(added).await;
        assert_eq!((seen.id.as_str(), seen.mine), (id.as_str(), false));
    }
    // A tab opened later is sent the whole list, marked the same way.
    let (_, list) = lobby_at(addr, Some(&me)).await;
    assert_eq!(
        list.iter()
            .map(|s| (s.id.as_str(), s.mine))
            .collect::<Vec<_>>(),
        [(id.as_str(), true)]
    );
    let (_, list) = lobby_at(addr, Some(&other)).await;
    assert_eq!(
        list.iter()
            .map(|s| (s.id.as_str(), s.mine))
            .collect::<Vec<_>>(),
        [(id.as_str(), false)]
    );
    server.stop().await;
}

#[tokio::test]
async fn seeks_leave_the_lobby_with_their_socket() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let (mut lobby, _) = subscriber(addr, Topic::Lobby).await;
    let cookie = anonymous(addr).await;
    let mut a = seeker(addr, &cookie, None).await;
    let first = a.until(sought).await;
    let mut blitz = seek_msg(None);
    if let ClientMsg::Seek { control, .. } = &mut blitz {
        *control = TimeControl::new(3, 2);
    }
    a.send(&blitz).await;
    let second = a.until(sought).await;
    a.close().await;
    let mut removed = collect(&mut lobby, 2, |m| match m {
        ServerMsg::SeekRemoved { id } => Some(id.clone()),
        _ => None,
    })
    .await;
    removed.sort();
    let mut want = vec![first, second];
    want.sort();
    assert_eq!(removed, want);
    // A lobby joined later lists nothing.
    let (_, list) = subscriber(addr, Topic::Lobby).await;
    assert_eq!(list, ServerMsg::Seeks { seeks: vec![] });
    // Nothing is left to match: a new seek of the same kind waits.
    let mut b = seeker(addr, &anonymous(addr).await, None).await;
    b.until(sought).await;
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_swaps_the_colours() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let mut a = seeker(addr, &anonymous(addr).await, None).await;
    a.until(sought).await;
    let mut b = seeker(addr, &anonymous(addr).await, None).await;
    let (first, side_a) = enter(&mut a).await;
    let (_, side_b) = enter(&mut b).await;
    // A rematch only after the game.
    a.send(&ClientMsg::Rematch).await;
    assert_eq!(a.until(refused).await.0, RefusalCode::NoRematch);
    a.send(&ClientMsg::Resign).await;
    for c in [&mut a, &mut b] {
        c.until(|m| {
            events(m).filter(|e| {
                e.iter()
                    .any(|v| matches!(v.event, dama_server::protocol::Event::End { .. }))
            })
        })
        .await;
    }
    a.send(&ClientMsg::Rematch).await;
    let asked = b
        .until(|m| match m {
            ServerMsg::Rematch { offered_by } => Some(*offered_by),
            _ => None,
        })
        .await;
    assert_eq!(asked, Some(side_a));
    b.send(&ClientMsg::Rematch).await;
    let (second, new_a) = enter(&mut a).await;
    let (second_b, new_b) = enter(&mut b).await;
    assert_eq!(second, second_b);
    assert_ne!(second, first);
    assert_eq!((new_a, new_b), (side_b, side_a), "colours swapped");
    let record = http(addr, "GET", &format!("/api/games/{second}"), None, None)
        .await
        .json();
    assert_eq!(
        (record["variant"].as_str(), record["base_ms"].as_i64()),
        (Some("italian"), Some(300_000))
    );
    server.stop().await;
}

#[tokio::test]
async fn anonymous_players_get_at_most_five_unplayed_games_per_address() {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let addr = server.addr;
    let mut players = Vec::new();
    for _ in 0..5 {
        let mut a = seeker(addr, &anonymous(addr).await, None).await;
        a.until(sought).await;
        let mut b = seeker(addr, &anonymous(addr).await, None).await;
        a.until(matched).await;
        b.until(matched).await;
        players.push((a, b));
    }
    // Five games from this address where nobody has moved: the next seek is refused.
    let mut late = seeker(addr, &anonymous(addr).await, None).await;
    let (code, text, _) = late.until(refused).await;
    assert_eq!(code, RefusalCode::TooMany);
    assert_eq!(
        text,
        "5 games from your address are not started yet: play them, or sign in"
    );
    // An account is not held to it.
    let mut signed = seeker(addr, &account(addr, "Dora").await, None).await;
    signed.until(sought).await;
    server.stop().await;
}

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
    let server = start(&dir.db().await).await;
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
