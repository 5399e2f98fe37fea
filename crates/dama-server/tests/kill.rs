//! The binary killed with SIGKILL mid-game and started again on the same database: the game
//! resumes at the same move, every acknowledged move kept.

mod common;

use common::*;
use dama::{Game, Variant};
use dama_server::protocol::{ClientMsg, Event, ServerMsg};

#[tokio::test]
async fn a_killed_server_resumes_every_acknowledged_move() {
    let dir = TempDir::new();
    let (mut child, addr) = binary::spawn(&dir.db().await, &[]).await;
    let (a, b) = (anonymous(addr).await, anonymous(addr).await);
    let body = r#"{"variant":"italian","base_secs":300,"increment_secs":3,"color":"white"}"#;
    let challenge_id = challenge(addr, &a, body).await;
    let mut white = Client::connect(addr, Some(&a)).await;
    white.hello(&challenge_id, 0).await;
    let mut black = Client::connect(addr, Some(&b)).await;
    black.hello(&challenge_id, 0).await;
    let id = black
        .until(|m| match m {
            ServerMsg::Welcome { game, .. } => Some(game.clone()),
            _ => None,
        })
        .await;
    // Three moves, each acknowledged (stored) before the next.
    let mut game = Game::new(Variant::Italian);
    let mut played = Vec::new();
    for ack in 1..=3u32 {
        let m = *game.legal_moves().iter().next().unwrap();
        let text = game.move_text(&m);
        game.play(&m).unwrap();
        let mover = if ack % 2 == 1 { &mut white } else { &mut black };
        let v = 1 + played.len() as u32;
        let mine = ack.div_ceil(2);
        mover
            .send(&ClientMsg::Move {
                text: text.clone(),
                ack: mine,
                v,
                lag: None,
            })
            .await;
        mover
            .until(|m| matches!(m, ServerMsg::Ack { ack } if *ack == mine).then_some(()))
            .await;
        mover
            .until(|m| matches!(m, ServerMsg::Events { .. }).then_some(()))
            .await;
        played.push(text);
    }
    child.kill().await.unwrap(); // SIGKILL: no goodbye, no flush beyond what was acked
    let (_child, addr) = binary::spawn(&dir.db().await, &[]).await;
    let mut back = Client::connect(addr, Some(&b)).await;
    back.hello(&id, 0).await;
    let (v, events) = back
        .until(|m| match m {
            ServerMsg::Welcome { v, events, .. } => Some((*v, events.clone())),
            _ => None,
        })
        .await;
    assert_eq!(v, 4, "the start and three moves");
    let texts: Vec<String> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::Move { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(texts, played);
}
