//! Games between two test clients: a pair made by a challenge, moves played and awaited, a
//! server with a game on it; a client in the lobby.

use super::*;
use dama::{Game, Variant};
use dama_server::protocol::{
    ClientMsg, EndReason, Event, RefusalCode, SeekInfo, ServerMsg, Side, Topic, Versioned,
};
use std::net::SocketAddr;

/// A player's client: its side and its move counter.
pub struct Seat {
    pub c: Client,
    pub side: Side,
    pub ack: u32,
}

pub fn welcome(m: &ServerMsg) -> Option<(String, Option<Side>, u32, u32)> {
    match m {
        ServerMsg::Welcome {
            game, you, v, ack, ..
        } => Some((game.clone(), *you, *v, *ack)),
        _ => None,
    }
}

pub fn refused(m: &ServerMsg) -> Option<(RefusalCode, String, Option<u32>)> {
    match m {
        ServerMsg::Refused { refusal, ack } => Some((refusal.code, refusal.text.clone(), *ack)),
        _ => None,
    }
}

/// The events of the next `Events` message.
pub fn events(m: &ServerMsg) -> Option<Vec<Versioned>> {
    match m {
        ServerMsg::Events { events, .. } => Some(events.clone()),
        _ => None,
    }
}

/// Two anonymous players: the first challenges (as White), the second opens the link.
/// Returns White, Black, the game's id and the cookies.
pub async fn pair(
    addr: SocketAddr,
    variant: &str,
    base: u32,
    inc: u32,
) -> (Seat, Seat, String, [String; 2]) {
    pair_at([addr, addr], variant, base, inc).await
}

/// [`pair`] with White on the server at `white_at` (challenging and waiting there) and Black
/// on `black_at` (opening the link there): two instances of one site, or one server twice.
pub async fn pair_at(
    [white_at, black_at]: [SocketAddr; 2],
    variant: &str,
    base: u32,
    inc: u32,
) -> (Seat, Seat, String, [String; 2]) {
    let (a, b_cookie) = (anonymous(white_at).await, anonymous(black_at).await);
    let body = format!(
        r#"{{"variant":"{variant}","base_secs":{base},"increment_secs":{inc},"color":"white","name":"Alba"}}"#
    );
    let challenge_id = challenge(white_at, &a, &body).await;
    let mut white = Client::connect(white_at, Some(&a)).await;
    white.hello(&challenge_id, 0).await;
    white
        .until(|m| matches!(m, ServerMsg::Waiting { .. }).then_some(()))
        .await;
    let mut black = Client::connect(black_at, Some(&b_cookie)).await;
    black
        .send(&ClientMsg::Hello {
            game: challenge_id,
            v: 0,
            name: Some("Bruno".into()),
        })
        .await;
    let (game, you, ..) = black.until(welcome).await;
    assert_eq!(you, Some(Side::Black));
    let (game_w, you_w, ..) = white.until(welcome).await;
    assert_eq!((game_w.as_str(), you_w), (game.as_str(), Some(Side::White)));
    let w = Seat {
        c: white,
        side: Side::White,
        ack: 0,
    };
    let b = Seat {
        c: black,
        side: Side::Black,
        ack: 0,
    };
    (w, b, game, [a, b_cookie])
}

/// The side to move's first legal move in `game`, written in the game's notation.
pub fn first_legal(game: &Game) -> String {
    let m = *game.legal_moves().iter().next().unwrap();
    game.move_text(&m)
}

/// `mover` plays `text`; it gets its ack, and every client in `all` (the mover's own included,
/// by index) gets the move at `ply`. Returns the move's event.
pub async fn play(
    seats: &mut [&mut Seat],
    mover: usize,
    watchers: &mut [&mut Client],
    text: &str,
    ply: u32,
) {
    let s = &mut seats[mover];
    s.ack += 1;
    let v = s.c.version();
    let ack = s.ack;
    s.c.send(&ClientMsg::Move {
        text: text.into(),
        ack,
        v,
        lag: None,
    })
    .await;
    let got =
        s.c.until(|m| match m {
            ServerMsg::Ack { ack } => Some(Ok(*ack)),
            ServerMsg::Refused { refusal, .. } => Some(Err(refusal.clone())),
            _ => None,
        })
        .await;
    assert_eq!(got, Ok(ack), "{text}");
    let is_move = |m: &ServerMsg| {
        events(m).filter(|e| {
            e.iter()
                .any(|v| matches!(&v.event, Event::Move { ply: p, .. } if *p == ply))
        })
    };
    for s in seats.iter_mut() {
        s.c.until(is_move).await;
    }
    for w in watchers.iter_mut() {
        w.until(is_move).await;
    }
}

/// Plays `plies` moves (each side's first legal move) between `w` and `b`, `spectators`
/// watching; the local game follows.
pub async fn play_moves(
    w: &mut Seat,
    b: &mut Seat,
    spectators: &mut [&mut Client],
    game: &mut Game,
    plies: usize,
) {
    for _ in 0..plies {
        if game.result().is_some() {
            break;
        }
        let text = first_legal(game);
        let m = game.read_move(&text).unwrap();
        game.play(&m).unwrap();
        let mover = if game.turn() == dama::Color::Black {
            0
        } else {
            1
        }; // who just moved
        let ply = game.ply() as u32;
        play(&mut [&mut *w, &mut *b], mover, spectators, &text, ply).await;
    }
}

pub fn end_of(c: &Client) -> Option<(Option<Side>, EndReason)> {
    c.seen.iter().find_map(|v| match v.event {
        Event::End { winner, reason, .. } => Some((winner, reason)),
        _ => None,
    })
}

/// A server over a temporary file and a game on it, `plies` moves played. Keep `dir` bound
/// while the server runs: dropping it deletes the database under the server.
pub struct Table {
    pub dir: TempDir,
    pub server: dama_server::app::Server,
    pub w: Seat,
    pub b: Seat,
    pub id: String,
    pub cookies: [String; 2],
    pub game: Game,
}

pub async fn table(variant: Variant, base: u32, inc: u32, plies: usize) -> Table {
    let dir = TempDir::new();
    let server = start(&dir.db().await).await;
    let (mut w, mut b, id, cookies) = pair(server.addr, variant.id(), base, inc).await;
    let mut game = Game::new(variant);
    play_moves(&mut w, &mut b, &mut [], &mut game, plies).await;
    Table {
        dir,
        server,
        w,
        b,
        id,
        cookies,
        game,
    }
}

/// How many moves the store holds for game `id`.
pub async fn stored_moves(addr: SocketAddr, id: &str) -> usize {
    let answer = http(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    let stored = answer.json();
    match stored["moves"].as_array() {
        Some(moves) => moves.len(),
        None => panic!(
            "no moves in the answer ({}): {}",
            answer.status, answer.body
        ),
    }
}

/// A client of the server at `addr` (with `cookie`, if any) subscribed to the lobby, and the
/// whole list it was sent first.
pub async fn lobby_at(addr: SocketAddr, cookie: Option<&str>) -> (Client, Vec<SeekInfo>) {
    let mut c = Client::connect(addr, cookie).await;
    c.send(&ClientMsg::Subscribe { to: Topic::Lobby }).await;
    let seeks = c
        .until(|m| match m {
            ServerMsg::Seeks { seeks } => Some(seeks.clone()),
            _ => None,
        })
        .await;
    (c, seeks)
}
