//! Several instances over one database and one Redis (`--redis`): the players of one game on
//! different instances, a spectator on a third view, the owner killed with SIGKILL mid-game
//! and the game finished on the other, Redis restarted mid-game. Each test runs its own
//! `redis-server` (Debian's; `make test` installs it) on a free port of the loopback, and its
//! instances as child processes of the real binary.

mod common;

use common::play::*;
use common::*;
use dama::{Game, Variant};
use dama_server::protocol::{ClientMsg, Event, ServerMsg, Side};
use std::net::{SocketAddr, TcpListener};
use std::process::Stdio;
use std::time::Duration;
use tokio::process::{Child, Command};

/// A Redis server of the test's own, stopped when dropped.
struct Redis {
    child: Child,
    port: u16,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Redis {
    async fn start() -> Redis {
        Redis::on(free_port()).await
    }

    async fn on(port: u16) -> Redis {
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| {
                panic!("redis-server ({e}): these tests need Debian's redis-server (make test installs it)")
            });
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Redis { child, port };
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("redis-server did not listen on {port}");
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Killed (SIGKILL: nothing kept, as the tests' Redis keeps nothing on disk).
    async fn kill(mut self) -> u16 {
        self.child.kill().await.unwrap();
        self.port
    }
}

/// An instance of the binary named `name` over `db` and `redis`: the child and its address.
async fn instance(name: &str, db: &str, redis: &str) -> (Child, SocketAddr) {
    binary::spawn(db, &[("REDIS_URL", redis), ("DAMA_INSTANCE", name)]).await
}

/// `N` instances (named a, b, c...) over `db` and `redis`.
async fn instances<const N: usize>(db: &str, redis: &Redis) -> [(Child, SocketAddr); N] {
    let mut all = Vec::new();
    for name in ["a", "b", "c", "d"].into_iter().take(N) {
        all.push(instance(name, db, &redis.url()).await);
    }
    all.try_into().unwrap()
}

/// The answer to a move: its ack, or the refusal's words.
async fn ack_or_refusal(c: &mut Client) -> Result<u32, String> {
    c.until(|m| match m {
        ServerMsg::Ack { ack } => Some(Ok(*ack)),
        ServerMsg::Refused { refusal, .. } => Some(Err(refusal.text.clone())),
        _ => None,
    })
    .await
}

/// White challenges on `white_at` (and waits there), Black opens the link on `black_at`: the
/// game starts on Black's instance. The seats, the game's id and the cookies.
async fn pair_across(
    white_at: SocketAddr,
    black_at: SocketAddr,
) -> (Seat, Seat, String, [String; 2]) {
    pair_at([white_at, black_at], "italian", 300, 3).await
}

/// Whether game `id` comes to be on (`on`) or off the list of games being played of the
/// instance at `addr`, within the guard (the other instances' news come through the bus).
async fn listed(addr: SocketAddr, id: &str, on: bool) -> bool {
    let deadline = tokio::time::Instant::now() + GUARD;
    while tokio::time::Instant::now() < deadline {
        let list = http(addr, "GET", "/api/games/live", None, None)
            .await
            .json();
        let there = list
            .as_array()
            .is_some_and(|l| l.iter().any(|g| g["id"] == id));
        if there == on {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// The game's moves as one player's page saw them: each once, in order.
fn assert_moves(c: &Client, game: &Game, played: &[String]) {
    assert_eq!(c.moves(), played, "the moves seen, once each");
    assert_eq!(game.ply(), played.len());
}

#[tokio::test]
async fn the_players_of_one_game_on_two_instances_and_a_spectator_on_a_third() {
    let dir = TempDir::new();
    let redis = Redis::start().await;
    let db = dir.db().await;
    let [(_a, a), (_b, b), (_c, c)] = instances(&db, &redis).await;
    let (mut w, mut bl, id, _) = pair_across(a, b).await;
    // The game, B's, is on the list of games being played of A and C too.
    for at in [a, c] {
        assert!(listed(at, &id, true).await, "not listed on {at}");
    }
    let mut watcher = Client::connect(c, None).await;
    watcher.hello(&id, 0).await;
    watcher.until(welcome).await;
    let mut game = Game::new(Variant::Italian);
    play_moves(&mut w, &mut bl, &mut [&mut watcher], &mut game, 6).await;
    let played: Vec<String> = bl.c.moves();
    assert_eq!(played.len(), 6);
    for page in [&w.c, &bl.c, &watcher] {
        assert_moves(page, &game, &played);
    }
    // An illegal move from the far instance is refused by the owner, and nothing changes.
    w.c.send(&ClientMsg::Move {
        text: "1-2".into(),
        ack: w.ack + 1,
        v: w.c.version(),
        lag: None,
    })
    .await;
    let (_, text, ack) = w.c.until(refused).await;
    assert_eq!(ack, Some(w.ack + 1), "{text}");
    // The resignation from the far instance ends the game for all three, and it is stored.
    w.c.send(&ClientMsg::Resign).await;
    for page in [&mut w.c, &mut bl.c, &mut watcher] {
        page.until(|m| {
            events(m).filter(|e| e.iter().any(|v| matches!(v.event, Event::End { .. })))
        })
        .await;
    }
    assert_eq!(stored_moves(a, &id).await, 6);
    for at in [a, b, c] {
        assert!(listed(at, &id, false).await, "still listed on {at}");
    }
    let g = http(c, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .json();
    assert_eq!(g["ended_by"], "resignation", "{g}");
}

/// A page coming back to game `id` on `addr` with the version it has, as the page does after
/// its socket closed: again until it is welcome (the game may be between owners a moment).
async fn rejoin(addr: SocketAddr, cookie: &str, id: &str, v: u32) -> (Client, ServerMsg) {
    let deadline = tokio::time::Instant::now() + GUARD;
    loop {
        let mut c = Client::connect(addr, Some(cookie)).await;
        c.hello(id, v).await;
        let answer = loop {
            match c.next().await {
                Ok(m @ ServerMsg::Welcome { .. }) => break Some(m),
                Ok(ServerMsg::Refused { .. }) | Err(_) => break None,
                Ok(_) => {}
            }
        };
        if let Some(welcome) = answer {
            return (c, welcome);
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never welcome again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Waits for the server to close `c`.
async fn closed(c: &mut Client) -> (u16, String) {
    loop {
        if let Err(close) = c.next().await {
            return close;
        }
    }
}

/// The clocks after the last move event `c` saw (White's, Black's).
fn last_clocks(c: &Client) -> (u32, u32) {
    c.seen
        .iter()
        .rev()
        .find_map(|v| match v.event {
            Event::Move {
                white_ms, black_ms, ..
            } => Some((white_ms, black_ms)),
            _ => None,
        })
        .unwrap()
}

fn seat(c: Client, side: Side, ack: u32) -> Seat {
    Seat { c, side, ack }
}

#[tokio::test]
async fn the_owner_killed_mid_game_its_players_finish_on_the_other_instance() {
    let dir = TempDir::new();
    let redis = Redis::start().await;
    let db = dir.db().await;
    let [(_a, a), (mut b_child, b)] = instances(&db, &redis).await;
    // White on A, Black on B: the game is B's.
    let (mut w, mut bl, id, [white_cookie, black_cookie]) = pair_across(a, b).await;
    let mut game = Game::new(Variant::Italian);
    play_moves(&mut w, &mut bl, &mut [], &mut game, 3).await;
    let played = bl.c.moves();
    let clocks = last_clocks(&bl.c);
    b_child.kill().await.unwrap(); // SIGKILL: B is gone without a word
                                   // A lets White go once B's lease has run out (White's page then comes back)...
    let close = closed(&mut w.c).await;
    assert!(close.0 >= 1000, "{close:?}");
    // ...and Black's page, its server gone, comes back to A.
    let (white, _) = rejoin(a, &white_cookie, &id, w.c.version()).await;
    let (black, welcome) = rejoin(a, &black_cookie, &id, 0).await;
    let ServerMsg::Welcome {
        clocks: now, ack, ..
    } = welcome
    else {
        unreachable!()
    };
    assert_eq!(black.moves(), played, "every acknowledged move, once");
    assert_eq!(ack, bl.ack, "Black's last move is known as played");
    // The clocks stand where the last move left them (the time no server held the game is
    // given back to the side to move), within a second.
    let near = |x: u32, y: u32| x.abs_diff(y) <= 1000;
    assert!(
        near(now.white_ms, clocks.0) && near(now.black_ms, clocks.1),
        "{now:?} against {clocks:?}"
    );
    // The game goes on to its end on A.
    let (mut w, mut bl) = (
        seat(white, Side::White, w.ack),
        seat(black, Side::Black, bl.ack),
    );
    w.c.seen = bl.c.seen.clone();
    play_moves(&mut w, &mut bl, &mut [], &mut game, 3).await;
    bl.c.send(&ClientMsg::Resign).await;
    for page in [&mut w.c, &mut bl.c] {
        page.until(|m| {
            events(m).filter(|e| e.iter().any(|v| matches!(v.event, Event::End { .. })))
        })
        .await;
    }
    assert_eq!(stored_moves(a, &id).await, 6);
    assert_eq!(bl.c.moves().len(), 6);
}

#[tokio::test]
async fn redis_restarted_mid_game_a_move_made_meanwhile_reaches_the_opponent() {
    let dir = TempDir::new();
    let redis = Redis::start().await;
    let db = dir.db().await;
    let [(_a, a), (_b, b)] = instances(&db, &redis).await;
    // Black opens on A: the game is A's; White is on B.
    let (mut w, mut bl, id, [white_cookie, black_cookie]) = pair_across(b, a).await;
    let mut game = Game::new(Variant::Italian);
    play_moves(&mut w, &mut bl, &mut [], &mut game, 3).await;
    let port = redis.kill().await;
    // White's instance hears the bus no more: White is let go.
    closed(&mut w.c).await;
    // Black, on the game's own instance, moves while Redis is away: stored, acknowledged.
    let text = first_legal(&game);
    game.play(&game.read_move(&text).unwrap()).unwrap();
    bl.ack += 1;
    let v = bl.c.version();
    bl.c.send(&ClientMsg::Move {
        text: text.clone(),
        ack: bl.ack,
        v,
        lag: None,
    })
    .await;
    let got = ack_or_refusal(&mut bl.c).await;
    assert_eq!(got, Ok(bl.ack));
    let _redis = Redis::on(port).await;
    // Past a lease's length every game has one owner again (A kept it, or stopped it and the
    // pages' return gave it to another).
    tokio::time::sleep(Duration::from_millis(3500)).await;
    // White comes back to B once the bus is back, and finds the move.
    let (white, _) = rejoin(b, &white_cookie, &id, w.c.version()).await;
    let mut seen = w.c.seen.clone();
    seen.extend(white.seen.iter().cloned());
    assert_eq!(
        seen.iter()
            .filter(|v| matches!(v.event, Event::Move { .. }))
            .count(),
        4,
        "the three moves White saw, and Black's made meanwhile, each once"
    );
    assert!(white.moves().contains(&text), "{:?}", white.moves());
    // Black may have been let go too (A stops its games when it cannot keep their leases):
    // both pages come back, and the game goes on to its end, every move stored once.
    let (black, _) = rejoin(a, &black_cookie, &id, 0).await;
    let (mut w, mut bl) = (
        seat(white, Side::White, w.ack),
        seat(black, Side::Black, bl.ack),
    );
    w.c.seen = bl.c.seen.clone();
    play_moves(&mut w, &mut bl, &mut [], &mut game, 2).await;
    assert_eq!(stored_moves(b, &id).await, 6);
    assert_eq!(bl.c.moves().len(), 6);
}

/// Waits until `c`'s socket closes, then comes back to `addr` until welcome.
async fn come_back(c: &mut Client, addr: SocketAddr, cookie: &str, id: &str) -> Client {
    closed(c).await;
    let (mut back, _) = rejoin(addr, cookie, id, c.version()).await;
    let mut seen = c.seen.clone();
    seen.extend(back.seen.iter().cloned());
    back.seen = seen;
    back
}

#[tokio::test]
async fn an_instance_cut_from_the_bus_its_players_see_the_moves_late_never_wrong() {
    let dir = TempDir::new();
    let redis = Redis::start().await;
    let bus_of_a = cut::Cut::to(([127, 0, 0, 1], redis.port).into()).await;
    let db = dir.db().await;
    let (_a, a) = instance("a", &db, &format!("redis://{}", bus_of_a.addr)).await;
    let (_b, b) = instance("b", &db, &redis.url()).await;
    // White on B, Black on A: the game is A's.
    let (mut w, mut bl, id, [white_cookie, black_cookie]) = pair_across(b, a).await;
    let mut game = Game::new(Variant::Italian);
    play_moves(&mut w, &mut bl, &mut [], &mut game, 3).await;
    bus_of_a.cut();
    // A still holds the game for a moment: Black's move is stored and acknowledged.
    let text = first_legal(&game);
    game.play(&game.read_move(&text).unwrap()).unwrap();
    bl.ack += 1;
    let v = bl.c.version();
    let mv = ClientMsg::Move {
        text: text.clone(),
        ack: bl.ack,
        v,
        lag: None,
    };
    bl.c.send(&mv).await;
    let got = ack_or_refusal(&mut bl.c).await;
    assert_eq!(got, Ok(bl.ack));
    // A stops the game before its lease runs out, and B takes it over from the database:
    // White, let go by B when the owner changed, comes back and finds Black's move.
    let white = come_back(&mut w.c, b, &white_cookie, &id).await;
    assert_eq!(
        white.moves().last(),
        Some(&text),
        "the move made during the cut, late"
    );
    assert_eq!(white.moves().len(), 4);
    // Black's page, let go by A, comes back to A once its bus is back, to B's game.
    closed(&mut bl.c).await;
    bus_of_a.mend();
    let (black, _) = rejoin(a, &black_cookie, &id, 0).await;
    assert_eq!(black.moves(), white.moves(), "one record, both sides");
    let (mut w, mut bl) = (
        seat(white, Side::White, w.ack),
        seat(black, Side::Black, bl.ack),
    );
    play_moves(&mut w, &mut bl, &mut [], &mut game, 2).await;
    assert_eq!(stored_moves(b, &id).await, 6);
    assert_eq!(w.c.moves(), bl.c.moves());
}

/// The database behind a relay, on PostgreSQL (make test's second run of the server's tests):
/// SQLite is a file, with no server to restart.
async fn postgres_behind_a_relay(dir: &TempDir) -> Option<(cut::Cut, String)> {
    TempDir::postgres()?;
    let url = dir.db().await;
    let rest = url.split("@").nth(1).unwrap();
    let (host_port, name) = rest.split_once('/').unwrap();
    let upstream: SocketAddr = host_port.parse().unwrap();
    let relay = cut::Cut::to(upstream).await;
    let user = url.split("://").nth(1).unwrap().split('@').next().unwrap();
    let through = format!("postgres://{user}@{}/{name}", relay.addr);
    Some((relay, through))
}

#[tokio::test]
async fn postgres_away_mid_game_a_move_is_refused_never_acknowledged_unstored() {
    let dir = TempDir::new();
    let Some((relay, db)) = postgres_behind_a_relay(&dir).await else {
        eprintln!("on SQLite: this test runs on PostgreSQL (make test's second run)");
        return;
    };
    let server = start(&db).await;
    let (mut w, mut bl, id, _) = pair(server.addr, "italian", 300, 3).await;
    let mut game = Game::new(Variant::Italian);
    play_moves(&mut w, &mut bl, &mut [], &mut game, 2).await;
    relay.cut(); // as PostgreSQL restarting: every connection closed, none taken a while
    let text = first_legal(&game);
    w.ack += 1;
    let mv = ClientMsg::Move {
        text: text.clone(),
        ack: w.ack,
        v: w.c.version(),
        lag: None,
    };
    w.c.send(&mv).await;
    let (code, why, ack) = w.c.until(refused).await;
    assert_eq!(
        (code, ack),
        (dama_server::protocol::RefusalCode::Unavailable, Some(w.ack)),
        "{why}"
    );
    assert!(why.contains("try again"), "{why}");
    relay.mend();
    // Sent again once the database is back: stored, acknowledged, relayed.
    game.play(&game.read_move(&text).unwrap()).unwrap();
    let mut ok = false;
    for _ in 0..20 {
        w.c.send(&mv).await;
        match ack_or_refusal(&mut w.c).await {
            Ok(ack) => {
                assert_eq!(ack, w.ack);
                ok = true;
                break;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    }
    assert!(ok, "the move was never taken once the database was back");
    bl.c.until(|m| {
        events(m).filter(|e| {
            e.iter()
                .any(|v| matches!(&v.event, Event::Move { ply: 3, .. }))
        })
    })
    .await;
    assert_eq!(stored_moves(server.addr, &id).await, 3);
    assert_eq!(bl.c.moves().len(), 3, "the refused move was never relayed");
}

/// A casual 5'+3" Italian seek.
fn seek_msg() -> ClientMsg {
    ClientMsg::Seek {
        variant: "italian".into(),
        control: dama_server::protocol::TimeControl::FID_ONLINE,
        rated: false,
        range: None,
        name: None,
    }
}

#[tokio::test]
async fn a_seek_on_one_instance_is_listed_on_the_others_and_matched_from_one_of_them_once() {
    let dir = TempDir::new();
    let redis = Redis::start().await;
    let db = dir.db().await;
    let [(_a, a), (_b, b), (_c, c)] = instances(&db, &redis).await;
    // Watchers of B's and C's lobbies see A's seek come.
    let mut lobbies = Vec::new();
    for at in [b, c] {
        lobbies.push(lobby_at(at, None).await.0);
    }
    let (ann, bea, cid) = (anonymous(a).await, anonymous(b).await, anonymous(c).await);
    let mut seeker = Client::connect(a, Some(&ann)).await;
    seeker.send(&seek_msg()).await;
    let seek = seeker
        .until(|m| match m {
            ServerMsg::Sought { seek } => Some(seek.clone()),
            _ => None,
        })
        .await;
    for l in &mut lobbies {
        let added = l
            .until(|m| match m {
                ServerMsg::SeekAdded { seek } => Some(seek.id.clone()),
                _ => None,
            })
            .await;
        assert_eq!(added, seek);
    }
    let mut lobby_c = lobbies.pop().unwrap();
    // Two players on B and C post fitting seeks at once: one of them gets A's seek, the
    // other's seek is listed instead; the game is made once.
    let (mut on_b, mut on_c) = (
        Client::connect(b, Some(&bea)).await,
        Client::connect(c, Some(&cid)).await,
    );
    on_b.send(&seek_msg()).await;
    on_c.send(&seek_msg()).await;
    let game = seeker
        .until(|m| match m {
            ServerMsg::Matched { game } => Some(game.clone()),
            _ => None,
        })
        .await;
    let answer = |m: &ServerMsg| match m {
        ServerMsg::Matched { game } => Some(Ok(game.clone())),
        ServerMsg::Sought { seek } => Some(Err(seek.clone())),
        _ => None,
    };
    let (from_b, from_c) = (on_b.until(answer).await, on_c.until(answer).await);
    let (mut winner, other_seek) = match (&from_b, &from_c) {
        (Ok(g), Err(s)) | (Err(s), Ok(g)) => {
            assert_eq!(g, &game);
            (if from_b.is_ok() { on_b } else { on_c }, s.clone())
        }
        // The second may have met the first's seek instead: both matched, to one game each.
        (Ok(g1), Ok(g2)) => panic!("both matched: {g1} {g2}, and A's seek to {game}"),
        (Err(_), Err(_)) => panic!("neither matched A's seek"),
    };
    // The seek taken is gone from C's lobby; the one listed instead came.
    lobby_c
        .until(|m| matches!(m, ServerMsg::SeekRemoved { id } if *id == seek).then_some(()))
        .await;
    lobby_c
        .until(|m| {
            matches!(m, ServerMsg::SeekAdded { seek } if seek.id == other_seek).then_some(())
        })
        .await;
    // Both players of the game enter it, whichever instance made it.
    seeker.hello(&game, 0).await;
    winner.hello(&game, 0).await;
    let (_, you_a, ..) = seeker.until(welcome).await;
    let (_, you_w, ..) = winner.until(welcome).await;
    assert!(you_a.is_some() && you_w.is_some() && you_a != you_w);
}

#[tokio::test]
async fn the_seeks_of_a_killed_instance_leave_the_other_lobbies() {
    let dir = TempDir::new();
    let redis = Redis::start().await;
    let db = dir.db().await;
    let [(mut a_child, a), (_b, b)] = instances(&db, &redis).await;
    let (mut lobby_b, _) = lobby_at(b, None).await;
    let mut seeker = Client::connect(a, Some(&anonymous(a).await)).await;
    seeker.send(&seek_msg()).await;
    let seek = lobby_b
        .until(|m| match m {
            ServerMsg::SeekAdded { seek } => Some(seek.id.clone()),
            _ => None,
        })
        .await;
    a_child.kill().await.unwrap(); // its player's connection dies with it
    lobby_b
        .until(|m| matches!(m, ServerMsg::SeekRemoved { id } if *id == seek).then_some(()))
        .await;
    // A newcomer to B's lobby is not shown it either.
    let (_, seeks) = lobby_at(b, None).await;
    assert!(seeks.is_empty(), "{seeks:?}");
}
